import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import type { Connection } from '../platform/connection';
import type { Log } from '../platform/log';
import { PerConnection } from '../platform/perConnection';
import { settings } from '../platform/settings';
import { networkLabel } from '../platform/networkWords';
import { vscodeTranslate } from '../platform/translate';
import { addressErrorHoverContent, addressHoverContent, noKeyAddressHoverContent } from './addressHoverContent';
import { blockHoverContent, errorHoverContent, noKeyBlockHoverContent, notFoundHoverContent } from './blockHoverContent';
import { hoverMarkdown, linkedCommands, type HoverContent } from './hoverContent';
import { hoverAt, type HoverContext } from './hoverAt';
import { HoverData } from './hoverData';
import type { HoverToken } from './hoverToken';
import { untilAborted } from './sharedAnswers';
import { transactionErrorHoverContent, transactionHoverContent } from './transactionHoverContent';
import type { NameLookup } from './workspaceNames';
import type { ProviderClients } from '../core/provider';

const t = vscodeTranslate;

/**
 * Details under the mouse for hex block numbers, transaction hashes and addresses: the token check and
 * the cache answer at once; anything not cached is fetched, de-duplicated and cancelled with the hover.
 * The caches belong to the connection's clients and are dropped when they change. EVM requests only.
 */
export class ChainHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly data: PerConnection<HoverData>;
  /** The block feature's source, loaded with the first hover that needs data: not at activation. */
  private blocks?: typeof import('../blocks/api');

  /** The workspace's names on the connected chain, as last read (for the synchronous answer from the cache). */
  private names?: NameLookup;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: Connection,
    private readonly log: Log,
    /** The workspace's names for these clients; undefined when reading the workspace is off (loaded on first use). */
    private readonly workspaceNames: (clients: ProviderClients, signal: AbortSignal) => Promise<NameLookup | undefined>,
  ) {
    this.data = new PerConnection(connection, (clients) => new HoverData(clients.evm, this.blocks!.blockSourceFor(connection, clients)));
    this.subscription = connection.onDidChange(() => (this.names = undefined));
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): vscode.ProviderResult<vscode.Hover> {
    const found = hoverAt(document.lineAt(position.line).text, position.character, this.data.existing, { ...context(), names: this.names });
    if (!found || found.nothing) return undefined; // no token, or a hash known not to be a transaction: no request, no hover
    const range = new vscode.Range(position.line, found.token.start, position.line, found.token.end);
    if (found.content) return toHover(found.content, range, this.connection); // cached: answered synchronously
    return this.fetch(found.token, range, token);
  }

  dispose(): void {
    this.subscription.dispose();
    this.data.dispose();
  }

  private async fetch(hovered: HoverToken, range: vscode.Range, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    if (token.isCancellationRequested) controller.abort();
    try {
      const data = await untilAborted(this.currentData(), controller.signal);
      // The workspace's names beside the hover's own request, not before it: on new clients both wait for
      // the connection's one chain check, which goes out with that request (one round trip, not two).
      const names = data && hovered.kind !== 'block' ? this.readNames(controller.signal) : undefined;
      const content = await this.contentFor(hovered, data, controller.signal, names);
      return content && toHover(content, range, this.connection);
    } catch (e) {
      if (isCancellation(e) || token.isCancellationRequested) return undefined;
      const message = describeError(e, t);
      this.log.debug(`Hover on ${hovered.kind} ${hovered.text}: ${describeError(e)}`);
      return toHover(errorContent(hovered, message), range, this.connection);
    } finally {
      subscription.dispose();
    }
  }

  /**
   * The hover for a token not cached; undefined for a hash that is no transaction (or without a key).
   * `names`: the workspace's names being read, awaited with the data before they name anything.
   */
  private async contentFor(hovered: HoverToken, data: HoverData | undefined, signal: AbortSignal, names?: Promise<void>): Promise<HoverContent | undefined> {
    const { nowMs, explorerUrl } = context();
    switch (hovered.kind) {
      case 'block': {
        if (!data) return noKeyBlockHoverContent(t);
        const result = await data.blocks.find(hovered.value, signal);
        return result.kind === 'block' ? blockHoverContent(result.block, nowMs, t) : notFoundHoverContent(hovered.value, result.latest, t);
      }
      case 'hash': {
        // Without a key nothing is known, and most 64-hex values in code are not transactions: no hover.
        if (!data) return undefined;
        const [tx] = await Promise.all([data.transactions.find(hovered.hash, signal), names]);
        return tx ? transactionHoverContent(tx, t, this.names) : undefined;
      }
      case 'address': {
        if (!data) return noKeyAddressHoverContent(hovered.address, explorerUrl, t);
        const [found] = await Promise.all([data.addresses.find(hovered.address, signal), names]);
        return addressHoverContent(found, explorerUrl, t, this.names?.(hovered.address));
      }
    }
  }

  /** Reads the workspace's names again (its index is kept current; the chain may have changed); a failure leaves the hover without names. */
  private async readNames(signal: AbortSignal): Promise<void> {
    try {
      const clients = await this.connection.clients();
      this.names = clients && (await untilAborted(this.workspaceNames(clients, signal), signal));
    } catch (e) {
      if (isCancellation(e)) throw e;
      this.log.debug(`Hover: the workspace’s contracts could not be read: ${describeError(e)}`);
      this.names = undefined;
    }
  }

  /** The hovers' data for the connection's current clients; undefined without a key (then nothing is sent). */
  private async currentData(): Promise<HoverData | undefined> {
    await this.connection.whenReady(); // the key is read from secret storage after activation
    if (this.connection.mode === 'none') return undefined;
    this.blocks ??= await import('../blocks/api');
    return this.data.get();
  }
}

function context(): HoverContext {
  return { nowMs: Date.now(), t, explorerUrl: settings.explorerUrl() };
}

function errorContent(hovered: HoverToken, message: string): HoverContent {
  switch (hovered.kind) {
    case 'block':
      return errorHoverContent(hovered.value, message, t);
    case 'hash':
      return transactionErrorHoverContent(hovered.hash, message, t);
    case 'address':
      return addressErrorHoverContent(hovered.address, settings.explorerUrl(), message, t);
  }
}

/** The hover, with the network it shows as its last line. */
function toHover(content: HoverContent, range: vscode.Range, connection: Connection): vscode.Hover {
  const network = vscode.l10n.t('HyperEVM {0}', networkLabel(connection.network));
  const markdown = new vscode.MarkdownString(hoverMarkdown({ ...content, lines: [...content.lines, network] }));
  // Trusted for exactly the commands this hover links to, nothing else.
  const commands = linkedCommands(content);
  markdown.isTrusted = commands.length ? { enabledCommands: commands } : false;
  markdown.supportHtml = false;
  markdown.supportThemeIcons = false;
  return new vscode.Hover(markdown, range);
}
