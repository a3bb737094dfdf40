/**
 * The Open Orders tree: wallets → market groups → orders. Keeps each wallet's last good orders, what
 * changed at the last refresh, and the last error; fires `onDidChangeTreeData` for the one wallet that
 * changed, so the rest of the tree (and what the user expanded) stays as it is.
 */
import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import type { OrderFate, PerpDex, SpotMeta } from '../core/model';
import { DEMO_WALLETS } from '../demo/wallets';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { MAX_STATUS_LOOKUPS, OpenOrdersSource, type WalletOrdersResult } from './openOrdersSource';
import { orderSettings } from './orderSettings';
import {
  buildWalletView,
  diffOrders,
  NO_CHANGES,
  orderCountText,
  type GroupRow,
  type IconRef,
  type OrderChanges,
  type OrderRow,
  type OrdersSnapshot,
  type WalletView,
} from './ordersViewModel';
import { watchedWallets, type WatchedWallet } from './watchedWallets';
import { escapeLinksAndIcons, revealInvisibles } from '../view/escape';
import { appendData, groupItem, orderItem, orderTooltip, themeIcon } from './treeItems';
import { vscodeTranslate } from '../platform/translate';
import { shortAddress } from '../view/format';
import { Commands, ContextKeys, Settings, settingId, Views } from '../ids';

export interface WalletNode {
  kind: 'wallet';
  address: string;
}

/** A row that is not data: loading, an error with a retry, no orders. */
export interface MessageNode {
  kind: 'message';
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon: IconRef;
  command?: vscode.Command;
  contextValue: string;
}

export type OrdersNode = WalletNode | GroupRow | OrderRow | MessageNode;

/** One wallet in the tree: who it is, and what is known of its orders on the current connection. */
class WalletEntry {
  /** The same object for the wallet's whole life, so `onDidChangeTreeData` can name it. */
  readonly node: WalletNode;
  snapshot?: OrdersSnapshot;
  changes: OrderChanges = NO_CHANGES;
  view?: WalletView;
  dexs: PerpDex[] = [];
  spotMeta?: SpotMeta;
  units = new Map<string, string>();
  mids = new Map<string, Map<string, string>>();
  fates = new Map<number, OrderFate>();
  /** Dexs whose orders failed at the last refresh (their older orders stay, under an error row). */
  dexErrors = new Map<string, string>();
  /** Request weight of the last refresh (Hyperliquid counts 1200 per minute per IP). */
  weight = 0;
  error?: { message: string; at: number };
  /** The refresh running for this wallet; a second refresh while it runs joins it. */
  pending?: Promise<WalletRefreshOutcome>;
  /** A first load was started (so showing the view does not start it again after an error). */
  attempted = false;
  /** Bumped when the connection changes: a refresh of an older generation must not touch the entry. */
  generation = 0;

  constructor(
    public wallet: WatchedWallet,
    public demo: boolean,
  ) {
    this.node = { kind: 'wallet', address: wallet.address };
  }

  /** Another provider, key or demo mode: orders and their diff belong to the old one. */
  forgetConnection(): void {
    this.snapshot = undefined;
    this.changes = NO_CHANGES;
    this.view = undefined;
    this.error = undefined;
    this.pending = undefined;
    this.attempted = false;
    this.spotMeta = undefined;
    this.units = new Map();
    this.mids = new Map();
    this.fates = new Map();
    this.dexErrors = new Map();
    this.generation += 1;
  }
}

export interface WalletRefreshOutcome {
  address: string;
  ok: boolean;
  error?: unknown;
}

/** What `Refresh Open Orders` returns, for automation and tests. */
export interface WalletSummary {
  address: string;
  label?: string;
  demo: boolean;
  orderCount?: number;
  groups: { label: string; orders: number }[];
  gone: number;
  /** What became of the gone orders that were looked up: `filled`, `canceled`, … */
  goneFates: string[];
  /** Dexs whose orders could not be fetched at the last refresh. */
  failedDexs: string[];
  error?: string;
  stale: boolean;
}

export class OpenOrdersTree implements vscode.TreeDataProvider<OrdersNode>, vscode.Disposable {
  /** Whether a refresh runs (the `refreshing` context key shows Cancel Refresh). */
  private refreshing = false;
  private readonly changed = new vscode.EventEmitter<OrdersNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly refreshedAll = new vscode.EventEmitter<void>();
  /** Every wallet was refreshed (by the user or automatically). */
  readonly onDidRefreshAll = this.refreshedAll.event;
  private readonly entries = new Map<string, WalletEntry>();
  /** One source per connection: its caches and what the provider refused belong to that provider. */
  private readonly sources: PerConnection<OpenOrdersSource>;
  private readonly warnedAbout = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [this.changed, this.refreshedAll];

  constructor(private readonly services: Services) {
    const { connection, log } = services;
    this.sources = new PerConnection(connection, (clients) => new OpenOrdersSource(clients.info, { note: (m) => log.info(m), wantMids: () => orderSettings.showDistanceFromMid() }));
    this.disposables.push(
      this.sources,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(settingId(Settings.wallets))) this.syncWallets();
      }),
      connection.onDidChange(() => this.connectionChanged()),
    );
    this.syncWallets();
  }

  // ---- wallets ----

  /** The wallets in the tree: the user's (from settings), then the demo node's while demo data is on. */
  syncWallets(): void {
    const wanted = new Map<string, { wallet: WatchedWallet; demo: boolean }>();
    const { wallets, invalid } = watchedWallets.read();
    for (const typed of invalid) {
      // Typed into settings.json by hand: skipped, and said once, instead of a request that must fail.
      if (!this.warnedAbout.has(typed)) this.services.log.warn(`${settingId(Settings.wallets)}: “${typed.slice(0, 60)}” is not a wallet address (0x + 40 hex digits); skipped.`);
      this.warnedAbout.add(typed);
    }
    for (const wallet of wallets) wanted.set(wallet.address, { wallet, demo: false });
    if (this.services.connection.isDemo) {
      for (const d of DEMO_WALLETS) {
        if (!wanted.has(d.address)) wanted.set(d.address, { wallet: { address: d.address, label: d.label }, demo: true });
      }
    }
    let structural = [...this.entries.keys()].join() !== [...wanted.keys()].join();
    const next = new Map<string, WalletEntry>();
    for (const [address, { wallet, demo }] of wanted) {
      const entry = this.entries.get(address);
      if (entry) {
        const relabelled = entry.wallet.label !== wallet.label || entry.demo !== demo;
        const dexesChanged = (entry.wallet.dexes ?? []).join() !== (wallet.dexes ?? []).join();
        entry.wallet = wallet;
        entry.demo = demo;
        if (dexesChanged) {
          entry.attempted = false; // the wallet asks other dexs now: load again when shown
          structural = true;
        } else if (relabelled && !structural) this.redraw(entry);
        next.set(address, entry);
      } else {
        next.set(address, new WalletEntry(wallet, demo));
      }
    }
    this.entries.clear();
    for (const [k, v] of next) this.entries.set(k, v);
    if (structural) this.changed.fire(undefined);
  }

  wallet(address: string): { wallet: WatchedWallet; demo: boolean } | undefined {
    const entry = this.entries.get(address.toLowerCase());
    return entry && { wallet: entry.wallet, demo: entry.demo };
  }

  walletNode(address: string): WalletNode | undefined {
    return this.entries.get(address.toLowerCase())?.node;
  }

  get addresses(): string[] {
    return [...this.entries.keys()];
  }

  private connectionChanged(): void {
    // Another provider, key or demo mode: orders and their diff belong to the old one.
    for (const entry of this.entries.values()) entry.forgetConnection();
    this.syncWallets();
    this.changed.fire(undefined);
  }

  // ---- refreshing ----

  /** Refreshes one wallet; joins a refresh of it that is already running. */
  refreshWallet(address: string): Promise<WalletRefreshOutcome> {
    const entry = this.entries.get(address.toLowerCase());
    if (!entry) return Promise.resolve({ address, ok: false });
    entry.attempted = true;
    entry.pending ??= this.runRefresh(entry);
    this.updateRefreshing();
    return entry.pending;
  }

  /** Cancel Refresh: stops the refreshes under way; each wallet keeps what it showed. True if any ran. */
  cancelRefresh(): boolean {
    const running = [...this.entries.values()].some((e) => e.pending);
    if (running) this.sources.existing?.cancelRefreshes();
    return running;
  }

  /** Says whether a refresh runs, for Cancel Refresh in the view's title bar. */
  private updateRefreshing(): void {
    const refreshing = [...this.entries.values()].some((e) => e.pending);
    if (refreshing === this.refreshing) return;
    this.refreshing = refreshing;
    void vscode.commands.executeCommand('setContext', ContextKeys.refreshing, refreshing);
  }


  /** Refreshes every wallet; `reloadMarkets` also forgets the cached dex list, spot pairs and dex units. */
  async refreshAll(options: { reloadMarkets?: boolean } = {}): Promise<WalletRefreshOutcome[]> {
    if (options.reloadMarkets) this.sources.existing?.reloadMarkets();
    this.syncWallets(); // e.g. demo mode just switched on: its wallets belong in "all".
    const outcomes = await Promise.all([...this.entries.keys()].map((a) => this.refreshWallet(a)));
    this.refreshedAll.fire();
    return outcomes;
  }

  summaries(): WalletSummary[] {
    return [...this.entries.values()].map((e) => ({
      address: e.wallet.address,
      label: e.wallet.label,
      demo: e.demo,
      orderCount: e.view?.orderCount,
      groups: (e.view?.groups ?? []).filter((g) => g.groupKind !== 'gone').map((g) => ({ label: g.label, orders: g.orders.reduce((n, o) => n + 1 + (o.children?.length ?? 0), 0) })),
      gone: e.changes.gone.length,
      goneFates: e.changes.gone.flatMap((o) => {
        const fate = e.fates.get(o.order.oid);
        return fate ? [fate.status] : [];
      }),
      failedDexs: [...e.dexErrors.keys()],
      error: e.error?.message,
      stale: Boolean(e.error && e.snapshot),
    }));
  }

  /** Request weight of the last refresh of every wallet, for the auto-refresh budget. */
  get refreshWeight(): number {
    let total = 0;
    for (const e of this.entries.values()) total += e.weight;
    return total;
  }

  /** Redraws one wallet (its item and children), leaving the rest of the tree as it is. */
  private redraw(entry: WalletEntry): void {
    this.changed.fire(entry.node);
  }

  private async runRefresh(entry: WalletEntry): Promise<WalletRefreshOutcome> {
    const address = entry.wallet.address;
    const generation = entry.generation;
    const current = () => this.entries.get(address) === entry && entry.generation === generation;
    const { log } = this.services;
    this.redraw(entry); // the wallet's icon spins while this runs
    const work = (async (): Promise<WalletRefreshOutcome> => {
      let source: OpenOrdersSource | undefined;
      try {
        source = await this.sources.get();
        if (!source) return { address, ok: false }; // no key: the welcome view says what to do
        const started = Date.now();
        const result = await source.load(address, entry.wallet.dexes ?? []);
        if (!current() || source.signal.aborted) return { address, ok: false };
        // A dex that failed keeps its last good orders (stale, under its error row); the others are current.
        const kept = entry.snapshot?.orders.filter((o) => result.dexErrors.has(o.dex)) ?? [];
        const orders = kept.length > 0 ? [...result.orders, ...kept] : result.orders;
        const changes = diffOrders(entry.snapshot?.orders, orders);
        const fates = changes.gone.length > 0 ? await source.fates(address, changes.gone.map((o) => o.order.oid)) : new Map<number, OrderFate>();
        if (!current() || source.signal.aborted) return { address, ok: false };
        entry.changes = changes;
        entry.fates = fates;
        entry.snapshot = { orders, fetchedAt: result.fetchedAt };
        this.takeMarkets(entry, result);
        entry.weight = refreshWeight(result, Math.min(changes.gone.length, MAX_STATUS_LOOKUPS));
        if (result.spotMetaError) log.warn(`Spot pair names for ${address} stay raw (@N): ${describeError(result.spotMetaError)}`);
        for (const [dex, e] of result.dexErrors) log.warn(`Open orders of ${address} on dex “${dex || 'first'}” could not be refreshed: ${describeError(e)}`);
        entry.error = undefined;
        entry.view = this.buildView(entry);
        this.notifyFilled(entry, fates);
        log.debug(`Open orders of ${address}: ${result.orders.length} in ${Date.now() - started} ms`);
        return { address, ok: true };
      } catch (e) {
        if (isCancellation(e) || source?.signal.aborted || !current()) return { address, ok: false };
        const message = describeError(e);
        entry.error = { message, at: Date.now() };
        log.warn(`Open orders of ${address} could not be refreshed: ${message}`);
        return { address, ok: false, error: e };
      }
    })();
    try {
      return await vscode.window.withProgress({ location: { viewId: Views.openOrders } }, () => work);
    } finally {
      if (current()) {
        // Cleared before the wallet is redrawn, so it is drawn without the spinner.
        entry.pending = undefined;
        this.redraw(entry);
      }
      this.updateRefreshing();
    }
  }

  private takeMarkets(entry: WalletEntry, result: WalletOrdersResult): void {
    entry.dexs = result.dexs;
    if (result.spotMeta) entry.spotMeta = result.spotMeta;
    entry.units = result.units;
    entry.mids = result.mids;
    entry.dexErrors = new Map([...result.dexErrors].map(([dex, e]) => [dex, describeError(e)]));
  }

  /** A notification for the gone orders that were filled (when the user asked for it). */
  private notifyFilled(entry: WalletEntry, fates: ReadonlyMap<number, OrderFate>): void {
    if (!orderSettings.notifyOnFill()) return;
    const filled = entry.changes.gone.filter((o) => fates.get(o.order.oid)?.status === 'filled');
    if (filled.length === 0) return;
    const name = entry.wallet.label || shortAddress(entry.wallet.address);
    const first = filled[0]!.order;
    void vscode.window.showInformationMessage(
      filled.length === 1
        ? vscode.l10n.t('{0}: order {1} on {2} was filled.', escapeLinksAndIcons(name), first.oid, escapeLinksAndIcons(first.coin))
        : vscode.l10n.t('{0}: {1} orders were filled.', escapeLinksAndIcons(name), filled.length),
    );
  }

  private buildView(entry: WalletEntry): WalletView | undefined {
    if (!entry.snapshot) return undefined;
    return buildWalletView({
      address: entry.wallet.address,
      orders: entry.snapshot.orders,
      changes: entry.changes,
      spotMeta: entry.spotMeta,
      dexs: entry.dexs,
      units: entry.units,
      mids: entry.mids,
      fates: entry.fates,
      dexErrors: entry.dexErrors,
      t: vscodeTranslate,
    });
  }

  // ---- TreeDataProvider ----

  getChildren(element?: OrdersNode): OrdersNode[] {
    if (!element) {
      // Without a key the welcome view explains what to do; no requests are made.
      if (this.services.connection.mode === 'none') return [];
      const nodes = [...this.entries.values()];
      for (const entry of nodes) {
        if (!entry.attempted && !entry.snapshot) void this.refreshWallet(entry.wallet.address);
      }
      return nodes.map((e) => e.node);
    }
    if (element.kind === 'wallet') return this.walletChildren(element.address);
    if (element.kind === 'group') return element.error === undefined ? element.orders : [this.dexErrorNode(element), ...element.orders];
    if (element.kind === 'order') return element.children ?? [];
    return [];
  }

  /** The row that says why a dex's orders are missing or old; selecting it retries the wallet. */
  private dexErrorNode(group: GroupRow): MessageNode {
    const address = group.id.split(':')[1] ?? '';
    const entry = this.entries.get(address);
    const dex = group.dex || vscode.l10n.t('the first perp dex');
    return {
      kind: 'message',
      id: `dexError:${address}:${group.dex ?? ''}`,
      label: group.error ?? '',
      description: vscode.l10n.t('select to retry'),
      tooltip:
        group.orders.length > 0 && entry?.snapshot
          ? vscode.l10n.t('{0}\n\nThe orders of {1} below are older than the rest and may be out of date. Select this row to try again.', group.error ?? '', dex)
          : vscode.l10n.t('{0}\n\nThe orders of {1} could not be fetched. Select this row to try again.', group.error ?? '', dex),
      icon: { id: 'error', color: 'errorForeground' },
      command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
      contextValue: 'error',
    };
  }

  private walletChildren(address: string): OrdersNode[] {
    const entry = this.entries.get(address);
    if (!entry) return [];
    const out: OrdersNode[] = [];
    if (entry.error) {
      out.push({
        kind: 'message',
        id: `error:${address}`,
        label: entry.error.message,
        description: vscode.l10n.t('select to retry'),
        tooltip: entry.snapshot
          ? vscode.l10n.t('{0}\n\nThe orders below are from {1} and may be out of date. Select this row to try again.', entry.error.message, timeOf(entry.snapshot.fetchedAt))
          : vscode.l10n.t('{0}\n\nSelect this row to try again.', entry.error.message),
        icon: { id: 'error', color: 'errorForeground' },
        command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
        contextValue: 'error',
      });
    }
    if (!entry.snapshot) {
      if (entry.pending || !entry.error) {
        out.push({ kind: 'message', id: `loading:${address}`, label: vscode.l10n.t('Loading open orders…'), icon: { id: 'loading~spin' }, contextValue: 'loading' });
      }
      return out;
    }
    const view = (entry.view ??= this.buildView(entry));
    if (view && view.orderCount === 0) {
      out.push({
        kind: 'message',
        id: `empty:${address}`,
        label: vscode.l10n.t('No open orders'),
        tooltip: vscode.l10n.t('Hyperliquid lists no pending orders for this wallet. An API (agent) wallet has none of its own: watch its master account instead.'),
        icon: { id: 'circle-large-outline' },
        contextValue: 'empty',
      });
    }
    if (view) out.push(...view.groups);
    return out;
  }

  getTreeItem(element: OrdersNode): vscode.TreeItem {
    switch (element.kind) {
      case 'wallet':
        return this.walletItem(element.address);
      case 'group':
        return groupItem(element);
      case 'order':
        return orderItem(element);
      case 'message': {
        const item = new vscode.TreeItem(revealInvisibles(element.label), vscode.TreeItemCollapsibleState.None);
        item.id = element.id;
        item.description = element.description === undefined ? undefined : revealInvisibles(element.description);
        item.tooltip = typeof element.tooltip === 'string' ? revealInvisibles(element.tooltip) : element.tooltip;
        item.iconPath = themeIcon(element.icon);
        item.command = element.command;
        item.contextValue = element.contextValue;
        return item;
      }
    }
  }

  /** Order tooltips hold every field; they are built only when the user hovers. */
  resolveTreeItem(item: vscode.TreeItem, element: OrdersNode): vscode.TreeItem {
    if (element.kind === 'order') item.tooltip = orderTooltip(element);
    return item;
  }

  private walletItem(address: string): vscode.TreeItem {
    const entry = this.entries.get(address);
    const label = revealInvisibles(entry?.wallet.label?.trim() || shortAddress(address));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `wallet:${address}`;
    item.contextValue = entry?.demo ? 'walletDemo' : 'wallet';
    if (!entry) return item;
    const parts: string[] = [];
    if (entry.demo) parts.push(vscode.l10n.t('demo'));
    if (entry.view) parts.push(orderCountText(entry.view.orderCount, vscodeTranslate));
    else if (entry.pending) parts.push(vscode.l10n.t('loading…'));
    if (entry.error && entry.snapshot) parts.push(vscode.l10n.t('stale · {0}', timeOf(entry.snapshot.fetchedAt)));
    item.description = parts.join(' · ');
    item.iconPath = entry.pending
      ? new vscode.ThemeIcon('loading~spin')
      : entry.error
        ? new vscode.ThemeIcon(entry.snapshot ? 'warning' : 'error', new vscode.ThemeColor(entry.snapshot ? 'list.warningForeground' : 'errorForeground'))
        : new vscode.ThemeIcon(entry.demo ? 'beaker' : 'account');

    const md = new vscode.MarkdownString('', false);
    md.isTrusted = false;
    md.supportHtml = false;
    if (entry.wallet.label) {
      md.appendMarkdown('**');
      appendData(md, entry.wallet.label);
      md.appendMarkdown('**\n\n');
    }
    md.appendMarkdown(`\`${address}\`\n\n`); // validated: 0x + 40 lowercase hex
    if (entry.demo) md.appendText(vscode.l10n.t('A wallet of the built-in demo node (made-up orders).') + '\n\n');
    if (entry.snapshot) md.appendText(vscode.l10n.t('Last refreshed at {0}.', timeOf(entry.snapshot.fetchedAt)) + '\n\n');
    if (entry.error) appendData(md, vscode.l10n.t('Last refresh failed: {0}', entry.error.message));
    item.tooltip = md;
    item.accessibilityInformation = { label: [label, address, item.description].filter(Boolean).join(', ') };
    return item;
  }

  getParent(element: OrdersNode): OrdersNode | undefined {
    if (element.kind === 'wallet') return undefined;
    const address = element.id.split(':')[1];
    const entry = address ? this.entries.get(address) : undefined;
    if (!entry) return undefined;
    if (element.kind === 'order') {
      for (const g of entry.view?.groups ?? []) {
        if (g.orders.includes(element)) return g;
        const parent = g.orders.find((o) => o.children?.includes(element));
        if (parent) return parent;
      }
      return undefined;
    }
    return entry.node;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** Hyperliquid's weights: order lists and `meta` 20 each, `allMids` and `orderStatus` 2 each. */
function refreshWeight(result: WalletOrdersResult, statusLookups: number): number {
  return (1 + result.dexs.length) * 20 + result.mids.size * 2 + statusLookups * 2;
}

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}
