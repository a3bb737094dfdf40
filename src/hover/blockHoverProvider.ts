import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import type { Connection } from '../platform/connection';
import type { Log } from '../platform/log';
import { PerConnection } from '../platform/perConnection';
import type { CommandId } from '../ids';
import { vscodeTranslate } from '../platform/translate';
import {
  blockHoverContent,
  errorHoverContent,
  hoverMarkdown,
  linkedCommands,
  noKeyHoverContent,
  notFoundHoverContent,
  type BlockHoverContent,
} from './blockHoverContent';
import { BlockLookup, untilAborted } from './blockLookup';
import { hoverAt } from './hoverAt';

const t = vscodeTranslate;

/**
 * Block details under the mouse for hex block numbers: the token check and the cache answer at once; a
 * block not cached is fetched, de-duplicated and cancelled with the hover. The cache belongs to the
 * connection's clients and is dropped when they change.
 */
export class BlockHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private readonly lookups: PerConnection<BlockLookup>;

  constructor(
    private readonly connection: Connection,
    private readonly log: Log,
  ) {
    this.lookups = new PerConnection(connection, (clients) => new BlockLookup(clients.evm));
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): vscode.ProviderResult<vscode.Hover> {
    const found = hoverAt(document.lineAt(position.line).text, position.character, this.lookups.existing, Date.now(), t);
    if (!found) return undefined; // not a hex block number: no request, no hover
    const range = new vscode.Range(position.line, found.token.start, position.line, found.token.end);
    if (found.content) return toHover(found.content, range); // cached: answered synchronously
    return this.fetch(found.token.value, range, token);
  }

  dispose(): void {
    this.lookups.dispose();
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
    return this.lookups.get();
  }
}

function toHover(content: BlockHoverContent, range: vscode.Range): vscode.Hover {
  const markdown = new vscode.MarkdownString(hoverMarkdown(content));
  const commands: CommandId[] = linkedCommands(content);
  // Trusted for exactly the commands this hover links to, nothing else.
  markdown.isTrusted = commands.length ? { enabledCommands: commands } : false;
  markdown.supportHtml = false;
  markdown.supportThemeIcons = false;
  return new vscode.Hover(markdown, range);
}
