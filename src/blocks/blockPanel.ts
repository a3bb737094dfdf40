import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import { revealInvisibles } from '../view/escape';
import type { BlockQuery } from '../core/input';
import type { BlockDetails, BlockTransaction } from '../core/model';
import type { ProviderClients } from '../core/provider';
import { settings } from '../platform/settings';
import type { Services } from '../platform/services';
import { blockQueryText, rememberBlock, readRecentBlocks } from './blockQuery';
import { BlockSource } from './blockSource';
import { explorerUrl, toBlockView, toTransactionData } from './blockViewModel';
import { panelLabels } from './labels';
import { rawBlockDocuments } from './rawJson';
import { FIRST_ROWS, isWebviewMessage, type HostMessage, type PanelView, type ProblemKind, type WebviewMessage } from './protocol';
import { PerConnection } from '../platform/perConnection';
import { Commands, SECTION, Settings, settingId, StorageKeys, WebviewTypes } from '../ids';


/** What a lookup ended with; the command returns it, so tests and the hover can tell. */
export interface LookupResult {
  blockNumber: number | null;
  shown: 'block' | 'loading' | ProblemKind;
}

/** One load of the panel's target; a newer load replaces it (and aborts it). */
interface LoadRun {
  readonly abort: AbortController;
}

/** Progress is shown only for lookups slower than this, so that fast ones do not flash a notification. */
const PROGRESS_DELAY_MS = 300;

/** The block sources (and their caches) of the connection's clients: the one per-client cache pattern. */
let sources: PerConnection<BlockSource> | undefined;
function sourceFor(services: Services, clients: ProviderClients): BlockSource {
  sources ??= new PerConnection(services.connection, (c) => new BlockSource(c.evm));
  return sources.for(clients);
}

/** Asks for the chain's head in the background: the first request loads axios and opens the connection. */
export function warmUp(services: Services, clients: ProviderClients): void {
  sourceFor(services, clients)
    .latest()
    .catch(() => undefined); // a lookup that needs the head asks again and reports what went wrong
}

/**
 * One block in a webview panel. The panel can move to other blocks (previous, next, parent); each
 * load cancels the one before. The host posts to the webview only after its `ready` message.
 */
export class BlockPanel {
  private static readonly open = new Set<BlockPanel>();

  private readonly disposables: vscode.Disposable[] = [];
  private target: BlockQuery;
  private view: PanelView;
  /** The block on show, and the source it came from (which also serves its rows). */
  private shown?: { details: BlockDetails; source: BlockSource };
  private ready = false;
  private run?: LoadRun;
  private loading?: Promise<LookupResult>;
  private disposed = false;

  /** Shows `query`: reveals the panel that already shows that block, or opens a new one and loads it. */
  static async createOrShow(services: Services, query: BlockQuery): Promise<LookupResult> {
    if (query.kind === 'latest') {
      // Find the number first, so that "latest" also comes to a panel already showing that block.
      const abort = new AbortController();
      try {
        const clients = await services.connection.clients();
        if (clients) {
          const latest = await withDelayedProgress(vscode.l10n.t('Looking up the latest block…'), abort, () => sourceFor(services, clients).latest(abort.signal));
          return BlockPanel.createOrShow(services, { kind: 'number', number: latest });
        }
      } catch (e) {
        if (isCancellation(e)) return { blockNumber: null, shown: 'cancelled' };
        // Otherwise a panel for "latest" shows what went wrong, with Retry.
      }
    }
    if (query.kind === 'number') {
      const existing = BlockPanel.showing(query.number);
      if (existing) {
        existing.panel.reveal();
        return existing.loading ?? existing.result();
      }
    }
    const panel = vscode.window.createWebviewPanel(WebviewTypes.block, titleFor(query), vscode.ViewColumn.Active, BlockPanel.options(services.context));
    return new BlockPanel(services, panel, query).load();
  }

  /** After a window reload: the webview kept only the block number (see `PanelState`). */
  static revive(services: Services, panel: vscode.WebviewPanel, blockNumber: number | undefined): void {
    const query: BlockQuery = blockNumber === undefined ? { kind: 'latest' } : { kind: 'number', number: blockNumber };
    panel.webview.options = BlockPanel.options(services.context);
    void new BlockPanel(services, panel, query).load();
  }

  private static showing(n: number): BlockPanel | undefined {
    return [...BlockPanel.open].find((p) => p.target.kind === 'number' && p.target.number === n);
  }

  private static options(context: vscode.ExtensionContext): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(context.extensionUri, 'media')],
    };
  }

  private constructor(
    private readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    query: BlockQuery,
  ) {
    this.target = query;
    this.view = { kind: 'loading', blockText: blockQueryText(query) };
    BlockPanel.open.add(this);
    panel.iconPath = vscode.Uri.joinPath(services.context.extensionUri, 'media', 'hyperliquid.svg');
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: unknown) => {
        if (isWebviewMessage(m)) void this.onMessage(m);
      }),
      // A new key, base URL or demo mode may fix what went wrong: try again on our own.
      services.connection.onDidChange(() => {
        // A load under way used the old connection: start it again too.
        const failed = this.view.kind === 'problem' && this.view.problem !== 'notFound' && this.view.problem !== 'cancelled';
        if (failed || this.loading) void this.load();
      }),
    );
  }

  get blockNumber(): number | null {
    return this.target.kind === 'number' ? this.target.number : null;
  }

  private result(): LookupResult {
    return { blockNumber: this.blockNumber, shown: this.view.kind === 'problem' ? this.view.problem : this.view.kind };
  }

  /**
   * Loads the target, showing loading, then the block or what went wrong. Never leaves the panel blank.
   * A load that a newer one replaced resolves with the newer one's result.
   */
  private load(): Promise<LookupResult> {
    const run = this.startRun();
    this.shown = undefined;
    this.panel.title = titleFor(this.target);
    this.post({ kind: 'loading', blockText: blockQueryText(this.target) });
    const loading = this.runLoad(run).finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** Cancels the load under way (if any) and starts a new one. */
  private startRun(): LoadRun {
    this.run?.abort.abort();
    this.run = { abort: new AbortController() };
    return this.run;
  }

  /** A newer load took over from `run`: what `run` finds must not be shown. */
  private isStale(run: LoadRun): boolean {
    return run !== this.run;
  }

  /** Stops `run` here if a newer load took over, or the user cancelled (or closed the panel). */
  private checkRun(run: LoadRun): void {
    if (this.isStale(run) || run.abort.signal.aborted) throw new ProviderError('cancelled', vscode.l10n.t('The request was cancelled.'));
  }

  private async runLoad(run: LoadRun): Promise<LookupResult> {
    try {
      // No prompt here: the command asked for a key before it opened the panel.
      const clients = await this.services.connection.clients();
      this.checkRun(run);
      if (!clients) {
        this.problem('noKey', vscode.l10n.t('Hyperliquid Explorer needs your node provider’s API key. Set it, or explore with demo data first.'));
        return this.result();
      }
      const source = sourceFor(this.services, clients);
      const details = await withDelayedProgress(this.progressTitle(), run.abort, () => this.fetchTarget(source, run));
      this.checkRun(run);
      await this.showBlock(source, details);
    } catch (e) {
      if (this.isStale(run)) return this.loading ?? this.result();
      await this.fail(e, run);
    }
    return this.result();
  }

  /** The target's details; "latest" becomes a number on the way. */
  private async fetchTarget(source: BlockSource, run: LoadRun): Promise<BlockDetails> {
    if (this.target.kind === 'latest') {
      const latest = await source.latest(run.abort.signal);
      this.checkRun(run);
      this.target = { kind: 'number', number: latest };
    }
    return source.block(this.requireNumber(), run.abort.signal);
  }

  private async showBlock(source: BlockSource, details: BlockDetails): Promise<void> {
    const block = toBlockView(details, Date.now() / 1000, vscode.l10n.t);
    this.panel.title = titleFor(this.target);
    // The spec's shape has its transactions at hand: the first screen goes with the block. They are
    // validated as they are read: a malformed one refuses the block here, before anything is shown.
    const firstRows = details.transactions ? toRows(await source.transactions(details, 0, FIRST_ROWS), 0) : [];
    this.shown = { details, source };
    this.post({ kind: 'block', block, firstRows });
    await this.remember(block.number);
  }

  private requireNumber(): number {
    if (this.target.kind !== 'number') throw new ProviderError('invalidResponse', vscode.l10n.t('The latest block number is not known.'));
    return this.target.number;
  }

  private progressTitle(): string {
    return this.target.kind === 'latest'
      ? vscode.l10n.t('Looking up the latest block…')
      : vscode.l10n.t('Looking up block {0}…', blockQueryText(this.target));
  }

  private async fail(e: unknown, run: LoadRun): Promise<void> {
    const message = revealInvisibles(describeError(e));
    if (isCancellation(e)) {
      this.problem('cancelled', vscode.l10n.t('The lookup of block {0} was cancelled.', blockQueryText(this.target)));
      return;
    }
    const kind = e instanceof ProviderError ? e.kind : undefined;
    if (kind === 'notFound') return this.failNotFound(message, run);
    if (kind !== 'badInput' && !this.disposed) this.services.log.warn(`Block ${blockQueryText(this.target)}: ${message}`);
    this.problem(problemKindOf(kind), message);
  }

  /**
   * Says how far the chain goes; if that fails too, the message alone is still clear. A block at or
   * below the head that the node says it does not have was pruned there (QuickNode's `/evm` keeps only
   * recent blocks): say so, and point at the EVM path setting.
   */
  private async failNotFound(message: string, run: LoadRun): Promise<void> {
    let latest: number | null = null;
    try {
      const clients = await clientsOrUndefined(this.services);
      if (clients) latest = await sourceFor(this.services, clients).latest(run.abort.signal);
    } catch {
      latest = null;
    }
    if (this.isStale(run)) return;
    const asked = this.blockNumber;
    if (latest !== null && asked !== null && asked <= latest) {
      this.problem(
        'pruned',
        vscode.l10n.t(
          'The node says it does not have block {0}, though the chain is already at block {1}: this endpoint keeps only recent blocks. For older blocks, set “{2}” to an archive path (on QuickNode: nanoreth).',
          blockQueryText(this.target),
          blockQueryText({ kind: 'number', number: latest }),
          settingId(Settings.evmPath),
        ),
        latest,
      );
      return;
    }
    this.problem('notFound', message, latest);
  }

  private problem(problem: ProblemKind, message: string, latest: number | null = null): void {
    this.post({
      kind: 'problem',
      problem,
      blockText: blockQueryText(this.target),
      blockNumber: this.blockNumber,
      message,
      latestText: latest !== null ? blockQueryText({ kind: 'number', number: latest }) : null,
      latestNumber: latest,
    });
  }

  private post(view: PanelView): void {
    this.view = view;
    if (this.ready) this.send({ type: 'show', labels: panelLabels(vscode.l10n), view });
  }

  private send(message: HostMessage): void {
    if (this.disposed) return; // a load that ends after the panel was closed
    void this.panel.webview.postMessage(message);
  }

  private async onMessage(m: WebviewMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        // Also after the webview was re-created (a hidden panel's webview is not kept).
        this.ready = true;
        this.send({ type: 'show', labels: panelLabels(vscode.l10n), view: this.view });
        return;
      case 'openBlock':
        return this.openBlock(m.number);
      case 'needRows':
        return this.sendRows(m.blockNumber, m.start, m.end);
      case 'copy':
        await vscode.env.clipboard.writeText(m.text);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard.'), 2000);
        return;
      case 'openExplorer':
        await vscode.env.openExternal(vscode.Uri.parse(explorerUrl(settings.explorerUrl(), m.target)));
        return;
      case 'showRawJson':
        return this.showRawJson();
      case 'retry':
        await this.load();
        return;
      case 'cancel':
        this.run?.abort.abort();
        return;
      case 'setApiKey':
        await vscode.commands.executeCommand(Commands.setApiKey);
        return;
      case 'tryDemo':
        await vscode.commands.executeCommand(Commands.tryDemo);
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', SECTION);
        return;
      case 'showLog':
        this.services.log.show();
        return;
    }
  }

  /** Previous, next, parent: the panel that already shows that block comes forward; else this one moves. */
  private async openBlock(n: number): Promise<void> {
    const other = BlockPanel.showing(n);
    if (other && other !== this) {
      other.panel.reveal();
      return;
    }
    this.target = { kind: 'number', number: n };
    await this.load();
  }

  /** Rows the webview asked for, from the block shown (whatever its shape: the source pages slim ones). */
  private async sendRows(blockNumber: number, start: number, end: number): Promise<void> {
    const shown = this.shown;
    if (!shown || Number(shown.details.block.number) !== blockNumber) return;
    try {
      const rows = toRows(await shown.source.transactions(shown.details, start, end, this.run?.abort.signal), start);
      if (this.shown === shown) this.send({ type: 'rows', blockNumber, start, rows });
    } catch (e) {
      if (isCancellation(e) || this.shown !== shown) return;
      const message = revealInvisibles(describeError(e));
      this.services.log.warn(`Transactions ${start}–${end - 1} of block ${blockNumber}: ${message}`);
      this.send({ type: 'rowsFailed', blockNumber, start, end, message });
    }
  }

  /** The node's result, untouched, in a read-only JSON editor. */
  private async showRawJson(): Promise<void> {
    const details = this.shown?.details;
    if (details) await rawBlockDocuments.show(Number(details.block.number), details.raw);
  }

  private async remember(n: number): Promise<void> {
    const state = this.services.context.globalState;
    await state.update(StorageKeys.recentBlocks, rememberBlock(readRecentBlocks(state.get(StorageKeys.recentBlocks)), n));
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = crypto.randomBytes(18).toString('base64');
    const extension = this.services.context.extensionUri;
    const script = webview.asWebviewUri(vscode.Uri.joinPath(extension, 'dist', 'webview', 'blocks.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(extension, 'media', 'block.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    const loading = escapeHtml(vscode.l10n.t('Loading block {0}…', blockQueryText(this.target)));
    return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeHtml(titleFor(this.target))}</title>
</head>
<body>
<main id="app" aria-busy="true"><p>${loading}</p></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.run?.abort.abort();
    BlockPanel.open.delete(this);
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }

  /** Closes every panel (on deactivation). */
  static disposeAll(): void {
    for (const p of [...BlockPanel.open]) p.dispose();
    sources?.dispose();
    sources = undefined;
  }
}

function titleFor(query: BlockQuery): string {
  return query.kind === 'latest' ? vscode.l10n.t('Latest Block') : vscode.l10n.t('Block {0}', blockQueryText(query));
}

function problemKindOf(kind: ProviderError['kind'] | undefined): ProblemKind {
  switch (kind) {
    case 'notFound':
    case 'badKey':
    case 'rateLimited':
    case 'network':
    case 'timeout':
    case 'config':
      return kind;
    case 'cancelled':
      return 'cancelled';
    case 'wrongPath':
      return 'config';
    default:
      return 'other';
  }
}

/** Transactions from the source as rows for the wire; `start` is the first one's position in the block. */
function toRows(transactions: readonly BlockTransaction[], start: number): ReturnType<typeof toTransactionData>[] {
  return transactions.map((tx, i) => toTransactionData(tx, start + i));
}

function clientsOrUndefined(services: Services): Promise<ProviderClients | undefined> {
  return services.connection.clients().catch(() => undefined);
}

/**
 * Runs `work`; if it takes longer than PROGRESS_DELAY_MS, shows a cancellable progress notification
 * whose Cancel aborts `abort` (and with it the request).
 */
async function withDelayedProgress<T>(title: string, abort: AbortController, work: () => Promise<T>): Promise<T> {
  const running = work();
  let done = false;
  const timer = setTimeout(() => {
    if (done) return;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      const cancel = token.onCancellationRequested(() => abort.abort());
      return running.then(
        () => cancel.dispose(),
        () => cancel.dispose(),
      );
    });
  }, PROGRESS_DELAY_MS);
  try {
    return await running;
  } finally {
    done = true;
    clearTimeout(timer);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
