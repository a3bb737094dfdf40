import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import { revealInvisibles } from '../view/escape';
import { vscodeTranslate } from '../platform/translate';
import type { BlockQuery } from '../core/input';
import type { BlockDetails, BlockTransaction } from '../core/model';
import type { ProviderClients } from '../core/provider';
import type { Services } from '../platform/services';
import { OpenPanels, PanelHost, withDelayedProgress, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { blockQueryText } from './blockQuery';
import { blockLookUp } from '../core/recentLookUps';
import { rememberRecentLookUp } from '../platform/recentLookUpsStore';
import type { BlockSource, FirstScreen } from './blockSource';
import { blockSourceFor, disposeBlockSources } from './blockSourceHost';
import { toBlockView, toTransactionData } from './blockViewModel';
import { panelLabels } from './labels';
import { showRawJson } from '../platform/rawJsonShow';
import { workspaceContracts } from '../contracts/api';
import { isBlockWebviewMessage, type BlockProtocol, type ProblemKind } from './protocol';
import { Commands, Settings, settingId, WebviewTypes } from '../ids';
import type { Subscription } from '../core/emitter';
import { Follow } from './follow';
import { disposeHeadsFeeds, headsFeedFor } from './headsHost';
import type { HeadsFeed } from './headsFeed';
import { followNote } from './labels';
import { runCommand } from '../platform/commands';

/** What a lookup ended with; the command returns it, so tests and the hover can tell. */
export interface LookupResult {
  blockNumber: number | null;
  shown: 'block' | 'loading' | ProblemKind;
}

/** The connection's block source, shared with the hovers (see `blockSourceHost.ts`). */
function sourceFor(services: Services, clients: ProviderClients): BlockSource {
  return blockSourceFor(services.connection, clients);
}

/** The block page as the shared host knows it. */
const page: PanelPage<BlockProtocol, BlockQuery> = {
  name: 'blocks',
  viewType: WebviewTypes.block,
  title: titleFor,
  loadingText: (query) => vscode.l10n.t('Loading block {0}…', blockQueryText(query)),
  same: (a, b) => a.kind === 'number' && b.kind === 'number' && a.number === b.number,
  isMessage: isBlockWebviewMessage,
  labels: panelLabels,
};

/**
 * One block in a webview panel. The panel can move to other blocks (previous, next, parent); each
 * load cancels the one before. The host posts to the webview only after its `ready` message.
 */
export class BlockPanel extends PanelHost<BlockProtocol, BlockQuery, LookupResult> {
  private static readonly panels = new OpenPanels(page, (services, panel, query: BlockQuery) => new BlockPanel(services, panel, query));

  /** The block on show, and the source it came from (which also serves its rows). */
  private shown?: { details: BlockDetails; source: BlockSource };
  /** The workspace's method names (the method column), when its contracts could be read. */
  private methods?: MethodNamer;
  /** Follow latest, while on: the feed's subscriptions, the drawing, and the fetch under way. */
  private following?: { subs: Subscription[]; follow: Follow; abort: AbortController; feed: HeadsFeed };

  /** Shows `query`: reveals the panel that already shows that block, or opens a new one and loads it. */
  static async createOrShow(services: Services, query: BlockQuery): Promise<LookupResult> {
    if (query.kind === 'latest') {
      // Find the number first, so that "latest" also comes to a panel already showing that block. The
      // block and its first rows come with it (kept by the source: the panel does not ask again).
      const abort = new AbortController();
      try {
        const clients = await services.connection.clients();
        if (clients) {
          const latest = await withDelayedProgress(vscode.l10n.t('Looking up the latest block…'), abort, () =>
            sourceFor(services, clients).latestScreen(abort.signal),
          );
          return BlockPanel.createOrShow(services, { kind: 'number', number: Number(latest.details.block.number) });
        }
      } catch (e) {
        if (isCancellation(e)) return { blockNumber: null, shown: 'cancelled' };
        // Otherwise a panel for "latest" shows what went wrong, with Retry.
      }
    }
    return BlockPanel.panels.show(services, query);
  }

  /** After a window reload: the webview kept only the block number (see `BlockProtocol['state']`). */
  static revive(services: Services, panel: vscode.WebviewPanel, blockNumber: number | undefined): void {
    BlockPanel.panels.revive(services, panel, blockNumber === undefined ? { kind: 'latest' } : { kind: 'number', number: blockNumber });
  }

  /** Closes every panel (on deactivation). */
  static disposeAll(): void {
    BlockPanel.panels.disposeAll();
    disposeHeadsFeeds();
    disposeBlockSources();
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, query: BlockQuery) {
    super(services, panel, page, query, { kind: 'loading', blockText: blockQueryText(query) });
    this.disposables.push(
      { dispose: () => this.stopFollowing(false) },
      // The feed goes with the old connection: a page that follows follows the new one.
      services.connection.onDidChange(() => {
        if (!this.following) return;
        this.stopFollowing(false);
        void this.startFollowing();
      }),
    );
  }

  get blockNumber(): number | null {
    return this.target.kind === 'number' ? this.target.number : null;
  }

  protected result(): LookupResult {
    return { blockNumber: this.blockNumber, shown: this.view.kind === 'problem' ? this.view.problem : this.view.kind };
  }

  protected startLoading(): void {
    this.shown = undefined;
    this.panel.title = titleFor(this.target);
    this.post({ kind: 'loading', blockText: blockQueryText(this.target) });
  }

  protected async fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void> {
    const source = sourceFor(this.services, clients);
    // The workspace's method names (the chain id: one request per connection) are asked beside the block.
    const methods = this.workspaceMethods().catch(() => undefined);
    const screen = await this.fetch(this.progressTitle(), run, () => this.fetchTarget(source, run));
    await this.showBlock(source, screen, await methods, clients.systemTxCoverage?.() === 'leftOut');
  }

  /** The target's first screen (one round trip); "latest" becomes a number on the way. */
  private async fetchTarget(source: BlockSource, run: LoadRun): Promise<FirstScreen> {
    if (this.target.kind === 'number') return source.firstScreen(this.target.number, run.abort.signal);
    const screen = await source.latestScreen(run.abort.signal);
    this.checkRun(run);
    this.target = { kind: 'number', number: Number(screen.details.block.number) };
    return screen;
  }

  private async showBlock(
    source: BlockSource,
    { details, rows }: FirstScreen,
    methods: MethodNamer | undefined,
    systemTxsLeftOut: boolean,
    remember = true,
  ): Promise<void> {
    const block = { ...toBlockView(details, Date.now() / 1000, vscode.l10n.t), ...(systemTxsLeftOut ? { systemTxsLeftOut } : {}) };
    this.panel.title = titleFor(this.target);
    // The first rows go with the block when they came with it (a spec-shaped block holds them all; a slim
    // one's first page came with its details); the page asks for the rest as they scroll into view. They
    // are validated as they are read: a malformed one refuses the block here, before anything is shown.
    this.methods = methods;
    this.shown = { details, source };
    this.post({ kind: 'block', block, firstRows: toRows(rows, 0, this.methods) });
    if (remember) await this.remember(block.number);
  }

  // ---- Follow latest ----

  /** Turns Follow latest on: the connection's feed of new blocks, each drawn with the page's one-round-trip request. */
  private async startFollowing(): Promise<void> {
    if (this.following || this.disposed) return;
    const clients = await this.services.connection.clients(this.network).catch(() => undefined);
    if (!clients || this.following || this.disposed) return;
    const feed = headsFeedFor(this.services, clients);
    const abort = new AbortController();
    const follow = new Follow(
      {
        draw: (n) => this.drawFollowed(clients, n, abort.signal),
        failed: (n, e) => {
          if (!isCancellation(e)) this.services.log.warn(`Follow latest: block ${n}: ${revealInvisibles(describeError(e))}`);
        },
      },
      this.blockNumber ?? undefined,
    );
    const following = { subs: [] as Subscription[], follow, abort, feed };
    this.following = following;
    following.subs.push(
      feed.onStatus(() => this.sendFollow()),
      feed.follow((n) => follow.offer(n)),
    );
    const known = feed.latest;
    if (known !== undefined) follow.offer(known);
    this.sendFollow();
  }

  private stopFollowing(say = true): void {
    const f = this.following;
    if (!f) return;
    this.following = undefined;
    f.follow.stop();
    f.abort.abort();
    for (const s of f.subs) s.dispose();
    if (say) this.sendFollow();
  }

  /** Fetches block `n` (the same first screen as any lookup) and shows it in place, without a loading state. */
  private async drawFollowed(clients: ProviderClients, n: number, signal: AbortSignal): Promise<void> {
    if (this.loading) return; // the user's own lookup goes first
    const source = sourceFor(this.services, clients);
    const screen = await source.firstScreen(n, signal);
    if (signal.aborted || this.disposed || this.loading || !this.following) return;
    this.target = { kind: 'number', number: n };
    await this.showBlock(source, screen, this.methods, clients.systemTxCoverage?.() === 'leftOut', false);
  }

  private sendFollow(): void {
    const f = this.following;
    if (!f) return this.send({ type: 'follow', follow: { on: false, note: null, polled: false } });
    const connection = this.services.connection;
    const preset = connection.preset(this.network);
    const provider = connection.isDemo ? vscode.l10n.t('The demo node') : preset.id === 'custom' ? vscode.l10n.t('Your provider') : preset.name;
    const { note, polled } = followNote(f.feed.status, provider, vscode.l10n.t);
    this.send({ type: 'follow', follow: { on: true, note, polled } });
  }

  /** Every view goes with Follow latest's state (also when the webview was made again and asked for it). */
  protected override post(view: BlockProtocol['view']): void {
    super.post(view);
    if (this.following) this.sendFollow();
  }

  /** The workspace's names of methods on this chain; undefined when reading the workspace is off or fails (the column keeps the standard names). */
  private async workspaceMethods(): Promise<MethodNamer | undefined> {
    try {
      const clients = await this.services.connection.clients();
      const own = clients && (await workspaceContracts(this.services).ownContracts(clients));
      return own && ((to, selector) => own.functionName(to, selector));
    } catch (e) {
      if (isCancellation(e)) throw e;
      this.services.log.debug(`Block page: the workspace’s contracts could not be read: ${describeError(e)}`);
      return undefined;
    }
  }

  private progressTitle(): string {
    return this.target.kind === 'latest' ? vscode.l10n.t('Looking up the latest block…') : vscode.l10n.t('Looking up block {0}…', blockQueryText(this.target));
  }

  protected failureWords(): { log: string; cancelled: string } {
    const block = blockQueryText(this.target);
    return { log: `Block ${block}`, cancelled: vscode.l10n.t('The lookup of block {0} was cancelled.', block) };
  }

  /**
   * Says how far the chain goes; if that fails too, the message alone is still clear. A block at or
   * below the head that the node says it does not have was pruned there (QuickNode's `/evm` keeps only
   * recent blocks): say so, and point at the EVM path setting.
   */
  protected override async failNotFound(message: string, run: LoadRun): Promise<void> {
    let latest: number | null = null;
    try {
      const clients = await this.services.connection.clients(this.network).catch(() => undefined);
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

  protected problem(problem: ProblemKind, message: string, latest: number | null = null): void {
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

  protected async onMessage(m: BlockProtocol['webview']): Promise<void> {
    switch (m.type) {
      case 'openBlock':
        return this.openBlock(m.number);
      case 'needRows':
        return this.sendRows(m.blockNumber, m.start, m.end);
      case 'openTransaction':
        await runCommand(Commands.openTransaction, m.hash);
        return;
      case 'setFollow':
        if (m.on) return this.startFollowing();
        return this.stopFollowing();
    }
  }

  /** Previous, next, parent: the panel that already shows that block comes forward; else this one moves. */
  private async openBlock(n: number): Promise<void> {
    // Going elsewhere by hand ends Follow latest.
    this.stopFollowing();
    const other = BlockPanel.panels.showing({ kind: 'number', number: n }, this.network);
    if (other && other !== this) {
      other.panel.reveal();
      return;
    }
    this.target = { kind: 'number', number: n };
    await this.load(false);
  }

  /** Rows the webview asked for, from the block shown (whatever its shape: the source pages slim ones). */
  private async sendRows(blockNumber: number, start: number, end: number): Promise<void> {
    const shown = this.shown;
    if (!shown || Number(shown.details.block.number) !== blockNumber) return;
    try {
      const rows = toRows(await shown.source.transactions(shown.details, start, end, this.run?.abort.signal), start, this.methods);
      if (this.shown === shown) this.send({ type: 'rows', blockNumber, start, rows });
    } catch (e) {
      if (isCancellation(e) || this.shown !== shown) return;
      this.services.log.warn(`Transactions ${start}–${end - 1} of block ${blockNumber}: ${revealInvisibles(describeError(e))}`);
      this.send({ type: 'rowsFailed', blockNumber, start, end, message: revealInvisibles(describeError(e, vscodeTranslate)) });
    }
  }

  /** The node's result, untouched, in a read-only JSON editor. */
  protected async showRawJson(): Promise<void> {
    const details = this.shown?.details;
    if (details) await showRawJson(`block-${details.block.number}`, details.raw, vscode.l10n.t('block {0}', details.block.number.toString()));
  }

  private async remember(n: number): Promise<void> {
    await rememberRecentLookUp(this.services.context.globalState, blockLookUp({ kind: 'number', number: n }));
  }
}

function titleFor(query: BlockQuery): string {
  return query.kind === 'latest' ? vscode.l10n.t('Latest Block') : vscode.l10n.t('Block {0}', blockQueryText(query));
}

/** Transactions from the source as rows for the wire; `start` is the first one's position in the block. */
function toRows(transactions: readonly BlockTransaction[], start: number, methods?: MethodNamer): ReturnType<typeof toTransactionData>[] {
  return transactions.map((tx, i) => {
    const row = toTransactionData(tx, start + i);
    const name = methods && row.input && row.input !== '0x' ? methods(row.to, row.input) : undefined;
    return name ? { ...row, workspaceMethod: name } : row;
  });
}

/** The name the workspace's ABI gives a call's method, for a contract the workspace deployed. */
type MethodNamer = (to: string | null, selector: string) => string | undefined;
