import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import type { Connection } from '../platform/connection';
import type { Log } from '../platform/log';
import type { Services } from '../platform/services';
import { SECTION, settings } from '../platform/settings';
import {
  blockHoverContent,
  errorHoverContent,
  hoverMarkdown,
  linkedCommands,
  noKeyHoverContent,
  notFoundHoverContent,
  type BlockHoverContent,
  type Translate,
} from './blockHoverContent';
import { BlockLookup, untilAborted } from './blockLookup';
import { hoverAt } from './hoverAt';

const t: Translate = (message, ...args) => vscode.l10n.t(message, ...args);

/**
 * Block details under the mouse for hex block numbers, in the languages of `hover.languages`, while
 * `hover.enabled` is on. Re-registered when either setting changes; the cache is dropped when the
 * connection (key, base URL, timeout, demo mode) changes.
 */
export function registerBlockHover({ context, connection, log }: Services): void {
  const provider = new BlockHoverProvider(connection, log);
  let registration: vscode.Disposable | undefined;
  const register = () => {
    registration?.dispose();
    registration = undefined;
    const languages = settings.hoverLanguages().filter((l) => typeof l === 'string' && l.length > 0);
    if (!settings.hoverEnabled() || languages.length === 0) return;
    registration = vscode.languages.registerHoverProvider(
      languages.map((language) => ({ language })),
      provider,
    );
  };
  register();
  context.subscriptions.push(
    provider,
    { dispose: () => registration?.dispose() },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SECTION}.hover`)) register();
    }),
    connection.onDidChange(() => provider.reset()),
  );
}

class BlockHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  /** The blocks of the current connection; replaced when the connection's clients change. */
  private lookup?: BlockLookup;

  constructor(
    private readonly connection: Connection,
    private readonly log: Log,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): vscode.ProviderResult<vscode.Hover> {
    const found = hoverAt(document.lineAt(position.line).text, position.character, this.lookup, Date.now(), t);
    if (!found) return undefined; // not a hex block number: no request, no hover
    const range = new vscode.Range(position.line, found.token.start, position.line, found.token.end);
    if (found.content) return toHover(found.content, range); // cached: answered synchronously
    return this.fetch(found.token.value, range, token);
  }

  reset(): void {
    this.lookup?.dispose();
    this.lookup = undefined;
  }

  dispose(): void {
    this.reset();
  }

  private async fetch(blockNumber: number, range: vscode.Range, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    if (token.isCancellationRequested) controller.abort();
    try {
      const lookup = await untilAborted(this.currentLookup(), controller.signal);
      if (!lookup) return toHover(noKeyHoverContent(t), range);
      const result = await lookup.find(blockNumber, controller.signal);
      const content =
        result.kind === 'block' ? blockHoverContent(result.block, Date.now(), t) : notFoundHoverContent(blockNumber, result.latest, t);
      return toHover(content, range);
    } catch (e) {
      if (isCancellation(e) || token.isCancellationRequested) return undefined;
      const message = describeError(e);
      this.log.debug(`Hover on block ${blockNumber}: ${message}`);
      return toHover(errorHoverContent(blockNumber, message, t), range);
    } finally {
      subscription.dispose();
    }
  }

  /** The lookup for the connection's current clients; undefined without a key (then nothing is sent). */
  private async currentLookup(): Promise<BlockLookup | undefined> {
    await this.connection.whenReady(); // the key is read from secret storage after activation
    if (this.connection.mode === 'none') return undefined;
    const clients = await this.connection.clients();
    if (!clients) return undefined;
    if (this.lookup?.source !== clients.evm) {
      this.lookup?.dispose();
      this.lookup = new BlockLookup(clients.evm);
    }
    return this.lookup;
  }
}

function toHover(content: BlockHoverContent, range: vscode.Range): vscode.Hover {
  const markdown = new vscode.MarkdownString(hoverMarkdown(content));
  const commands = linkedCommands(content);
  // Trusted for exactly the commands this hover links to, nothing else.
  markdown.isTrusted = commands.length ? { enabledCommands: commands } : false;
  markdown.supportHtml = false;
  markdown.supportThemeIcons = false;
  return new vscode.Hover(markdown, range);
}
