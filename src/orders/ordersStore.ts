/**
 * The Open Orders store: each watched wallet's last good orders, what changed at the last refresh, what
 * became of gone orders, the dexs and the error of the last refresh, and the request weight it cost. It
 * runs the refreshes (fetch, stale merge, diff, fates) and says what changed through its events; the
 * tree only draws it. Every request it sends is spent from the ledger of the provider it asks (requests
 * per second at the user's provider, Hyperliquid's weights on its public API), which also says when a
 * refresh fits (`waitBeforeRefresh`). A refresh the user asks for (`requestRefresh`) is never dropped: it
 * waits for a running refresh of its wallets to end and for room in the ledger, then runs by itself, and
 * says while it waits (`onDidChangeWaiting`). No `vscode` import: the wallet list, the source and the
 * words are handed in.
 */
import { describeError, isCancellation } from '../core/errors';
import type { OpenOrder, OrderFate, PerpAccount, SpotState } from '../core/model';
import type { LiveFill, LiveLiquidation } from '../core/hyperliquidSocket';
import { diffPositions, mergeAccount, type AccountSnapshot, type PositionChanges } from '../account/api';
import type { AccountView } from './walletAccountView';
import type { Translate } from '../view/format';
import { Emitter } from '../core/emitter';
import { MarketData } from './marketData';
import { MAX_DEXS_PER_WALLET, MAX_STATUS_LOOKUPS, type FateMissing, type OpenOrdersSource, type WalletOrdersResult } from './openOrdersSource';
import { buildWalletView, diffOrders, groupOrderCount, type OrderChanges, type OrdersSnapshot, type WalletOrder, type WalletView } from './ordersViewModel';
import type { WatchedWallet } from './watchedWallets';
import { WeightLedger } from '../core/weightLedger';
import { RequestTally } from './requestTally';

/** The wallet's view with its account in it (`walletAccountView.ts`): loaded with the first refresh (the account's rows come with `account/api.ts`, which the source loads). */
let accountModel: typeof import('./walletAccountView') | undefined;
const loadAccountModel = async () => (accountModel ??= await import('./walletAccountView'));

/** A wallet the tree lists: the user's, or one of the demo node's while demo data is on. */
export interface WalletListing {
  wallet: WatchedWallet;
  demo: boolean;
}

/** What one good refresh brought; replaced whole by the next good one, kept through failures. */
export interface Refreshed {
  snapshot: OrdersSnapshot;
  changes: OrderChanges;
  /** What became of the gone orders that were looked up, by oid. */
  fates: ReadonlyMap<number, OrderFate>;
  /** Gone orders whose fate is not known after this refresh, and why (in the user's words), by oid. */
  missingFates: ReadonlyMap<number, string>;
  /** Dexs whose orders failed (their older orders stay, under an error row), and why. */
  dexErrors: ReadonlyMap<string, string>;
  view: WalletView;
  /** Request weight the refresh sent, by Hyperliquid's weights (1200 per minute per IP). */
  weight: number;
  /** The part of `weight` spent on market data (`perpDexs`, `spotMeta`, `meta`), which is cached for a while. */
  marketWeight: number;
  /** Requests the refresh sent, and the part of them for market data. */
  requests: number;
  marketRequests: number;
  /** Dexs listed but not asked: over the cap of dexs per wallet and refresh. */
  skippedDexs: readonly string[];
  /** The account behind the orders: positions and margin per dex, spot balances, the wallet's role. */
  account: AccountSnapshot;
  /** Why parts of the account failed at this refresh (what they show is older, or nothing). */
  accountErrors: { perps: ReadonlyMap<string, string>; spot?: string };
  positionChanges: PositionChanges;
  /** What the tree draws: `view`'s groups with the account added (positions, their TP/SL, balances). */
  accountView: AccountView;
  /** Whether the orders came with `frontendOpenOrders`' fields (kept for redraws from live updates). */
  rich?: boolean;
}

/** The newest live fills a wallet keeps to show. */
export const MAX_LIVE_FILLS_SHOWN = 5;

/** What Hyperliquid's WebSocket brought for one wallet since the last draw (see `core/hyperliquidSocket.ts`). */
export interface LiveUpdate {
  /** Per dex, its whole list of open orders. */
  orders: ReadonlyMap<string, readonly OpenOrder[]>;
  /** Per dex, its whole account (positions and margin), when it changed. */
  accounts?: ReadonlyMap<string, PerpAccount>;
  /** The spot balances, when they changed. */
  spot?: SpotState;
  /** New fills, oldest first. */
  fills: readonly LiveFill[];
  liquidations: readonly LiveLiquidation[];
}

export interface LiquidationNotice {
  wallet: WatchedWallet;
  liquidations: readonly LiveLiquidation[];
}

/** One wallet as the store holds it. */
export interface WalletState {
  readonly wallet: WatchedWallet;
  readonly demo: boolean;
  readonly last?: Refreshed;
  /** The last refresh failed: why, and when. With `last` set, the orders shown are stale. */
  readonly error?: { message: string; at: number };
  readonly refreshing: boolean;
  /** The newest fills Hyperliquid's WebSocket sent while the wallet was live, newest first. */
  readonly liveFills: readonly LiveFill[];
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
  /** Gone orders whose fate is not known, each with why. */
  missingFates: string[];
  /** Dexs whose orders could not be fetched at the last refresh. */
  failedDexs: string[];
  /** How many listed dexs were not asked at the last refresh (over the cap per wallet). */
  skippedDexs: number;
  /** Open positions, over every dex (undefined before the first good refresh). */
  positions?: number;
  /** Spot tokens with a balance. */
  balances?: number;
  /** `agent`, `subAccount`, `vault`, `user`, `missing`, once known. */
  role?: string;
  /** The master of an API wallet or sub-account. */
  master?: string;
  /** Dexs whose positions could not be fetched at the last refresh (and `spot` for the balances). */
  failedAccountParts: string[];
  /** What changed in the positions at the last refresh: `opened:BTC`, `closed:ETH`, `flipped:xyz:XYZ100`, … */
  positionChanges: string[];
  /** Request weight the last good refresh sent. */
  weight?: number;
  error?: string;
  stale: boolean;
}

/** A watched wallet turned out to be an API (agent) wallet: it has no orders of its own, its master has. */
export interface AgentNotice {
  wallet: WatchedWallet;
  master: string;
}

/** Orders of a wallet that were open at the previous refresh and turned out filled. */
export interface FillNotice {
  wallet: WatchedWallet;
  filled: OpenOrder[];
}

export interface OrdersStoreDeps {
  /** The source of the current connection (undefined without a key); `existing` without making one. */
  sources: { get(): Promise<OpenOrdersSource | undefined>; readonly existing?: OpenOrdersSource };
  /** The wallets to list, read afresh at each sync. */
  wallets: () => readonly WalletListing[];
  log: { warn(message: string): void; debug(message: string): void };
  t: Translate;
  /**
   * The ledger every refresh spends from: one, or the current connection's (its provider's requests per
   * second, or Hyperliquid's weights per IP on the public API). Default: Hyperliquid's weights.
   */
  ledger?: WeightLedger | (() => WeightLedger);
  /** Timers for a refresh that waits for room (tests pass a fake one). */
  clock?: StoreClock;
}

export interface StoreClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: StoreClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A refresh the user asked for, waiting to run. */
interface QueuedRefresh {
  address?: string;
  reloadMarkets: boolean;
  promise: Promise<WalletRefreshOutcome[]>;
  cancelled: boolean;
  /** Ends the current wait early (Cancel Refresh). */
  wake?: () => void;
}

/** Which refresh is about to run, for `waitBeforeRefresh`. */
export interface RefreshRequest {
  /** One wallet; every wallet when undefined. */
  address?: string;
  /** Reload Markets: the dex list, spot pairs and units are asked again. */
  reloadMarkets?: boolean;
  /** The share of the budget it may use (automatic refreshes: half). Default all of it. */
  share?: number;
}

/** Why a refresh the user asked for has not started yet. */
export interface RefreshWaiting {
  /** When it runs, as far as the ledger says now (ms since the epoch). */
  until: number;
  /** What it waits for: the ledger's room (`weight`: Hyperliquid's, `requests`: the provider's rate). */
  unit: WeightLedger['unit'];
}

class WalletEntry implements WalletState {
  last?: Refreshed;
  error?: { message: string; at: number };
  /** The refresh running for this wallet; a second refresh while it runs joins it. */
  pending?: Promise<WalletRefreshOutcome>;
  /** A first load was started (so showing the view does not start it again after an error). */
  attempted = false;
  /** Its master was offered once already (an API wallet). */
  agentOffered = false;
  liveFills: LiveFill[] = [];

  constructor(
    public wallet: WatchedWallet,
    public demo: boolean,
  ) {}

  get refreshing(): boolean {
    return this.pending !== undefined;
  }
}

export class OrdersStore {
  private entries = new Map<string, WalletEntry>();
  private marketData = new MarketData();
  private running = false;
  private readonly ledgerOf: () => WeightLedger;
  private readonly clock: StoreClock;
  private queued?: QueuedRefresh;
  private waitingFor?: RefreshWaiting;
  private readonly waitingChanged = new Emitter<RefreshWaiting | undefined>();
  /** A refresh the user asked for waits for room (or no longer does): the view says so. */
  readonly onDidChangeWaiting = this.waitingChanged.event;
  private readonly changed = new Emitter<string | undefined>();
  private readonly refreshingChanged = new Emitter<boolean>();
  private readonly refreshedAll = new Emitter<void>();
  private readonly filled = new Emitter<FillNotice>();
  private readonly agentFound = new Emitter<AgentNotice>();
  private readonly liquidated = new Emitter<LiquidationNotice>();
  /** Whether a wallet is live (Hyperliquid's WebSocket feeds it): automatic refreshes leave it out. */
  private isLive: (address: string) => boolean = () => false;
  /** A live wallet was liquidated (the VS Code side says so). */
  readonly onLiquidated = this.liquidated.event;
  /** One wallet changed (its address), or the list of wallets (undefined). */
  readonly onDidChange = this.changed.event;
  /** Whether any refresh runs (for Cancel Refresh and the view's progress). */
  readonly onDidChangeRefreshing = this.refreshingChanged.event;
  /** Every wallet was refreshed (by the user or automatically). */
  readonly onDidRefreshAll = this.refreshedAll.event;
  /** Gone orders turned out filled (the VS Code side decides whether to say so). */
  readonly onFilled = this.filled.event;
  /** A watched wallet is an API wallet: once per wallet, with its master (the VS Code side offers to watch it). */
  readonly onAgentWallet = this.agentFound.event;

  constructor(private readonly deps: OrdersStoreDeps) {
    const ledger = deps.ledger ?? new WeightLedger();
    this.ledgerOf = typeof ledger === 'function' ? ledger : () => ledger;
    this.clock = deps.clock ?? systemClock;
    this.syncWallets();
  }

  /** The ledger of the current connection's provider. */
  get ledger(): WeightLedger {
    return this.ledgerOf();
  }

  /** Whether a refresh runs (or one the user asked for waits): `onDidChangeRefreshing` says when this changes. */
  get refreshRunning(): boolean {
    return this.running;
  }

  /** The refresh the user asked for that waits for room, if any. */
  get waiting(): RefreshWaiting | undefined {
    return this.waitingFor;
  }

  // ---- wallets ----

  /** Takes the wallet list afresh: new wallets are added, gone ones dropped, the others keep their orders. */
  syncWallets(): void {
    const wanted = new Map(this.deps.wallets().map((w) => [w.wallet.address, w]));
    let structural = [...this.entries.keys()].join() !== [...wanted.keys()].join();
    const relabelled: string[] = [];
    const next = new Map<string, WalletEntry>();
    for (const [address, { wallet, demo }] of wanted) {
      const entry = this.entries.get(address);
      if (!entry) {
        next.set(address, new WalletEntry(wallet, demo));
        continue;
      }
      const dexesChanged = (entry.wallet.dexes ?? []).join() !== (wallet.dexes ?? []).join();
      if (dexesChanged) {
        entry.attempted = false; // the wallet asks other dexs now: load again when shown
        structural = true;
      } else if (entry.wallet.label !== wallet.label || entry.demo !== demo) relabelled.push(address);
      entry.wallet = wallet;
      entry.demo = demo;
      next.set(address, entry);
    }
    this.entries = next;
    if (structural) this.changed.fire(undefined);
    else for (const address of relabelled) this.changed.fire(address);
  }

  /** Another provider, key or demo mode: orders, their diff and the market data belong to the old one. */
  connectionChanged(): void {
    this.entries = new Map([...this.entries].map(([address, e]) => [address, new WalletEntry(e.wallet, e.demo)]));
    this.marketData = new MarketData();
    this.syncWallets();
    this.changed.fire(undefined);
    this.updateRefreshing();
  }

  wallet(address: string): WalletState | undefined {
    return this.entries.get(address.toLowerCase());
  }

  get addresses(): string[] {
    return [...this.entries.keys()];
  }

  /** The market data of the current connection, shared by every wallet. */
  get markets(): Readonly<MarketData> {
    return this.marketData;
  }

  // ---- refreshing ----

  /** The first load of a wallet the view shows (not again after it failed: the error row retries). */
  loadOnce(address: string): void {
    const entry = this.entries.get(address);
    if (entry && !entry.attempted && !entry.last) void this.refreshWallet(address);
  }

  /** Refreshes one wallet; joins a refresh of it that is already running. */
  refreshWallet(address: string): Promise<WalletRefreshOutcome> {
    const entry = this.entries.get(address.toLowerCase());
    if (!entry) return Promise.resolve({ address, ok: false });
    entry.attempted = true;
    entry.pending ??= this.runRefresh(entry);
    this.updateRefreshing();
    return entry.pending;
  }

  /**
   * Refreshes every wallet; `reloadMarkets` also forgets the cached dex list, spot pairs and dex units;
   * `automatic` (the timer's) leaves out the live wallets, which Hyperliquid's WebSocket keeps current.
   */
  async refreshAll(options: { reloadMarkets?: boolean; automatic?: boolean } = {}): Promise<WalletRefreshOutcome[]> {
    if (options.reloadMarkets) this.deps.sources.existing?.reloadMarkets();
    this.syncWallets(); // e.g. demo mode just switched on: its wallets belong in "all".
    const polled = options.automatic ? this.addresses.filter((a) => !this.isLive(a) || !this.entries.get(a)?.last) : this.addresses;
    const outcomes = await Promise.all(polled.map((a) => this.refreshWallet(a)));
    this.refreshedAll.fire();
    return outcomes;
  }

  /**
   * A refresh the user asked for (every wallet, or one): it runs after the refresh of its wallets under
   * way (which began before the click, so it is not joined) and once the ledger has room, by itself;
   * meanwhile `waiting` says until when. Asked again while it waits, it is the same refresh (one wallet
   * and another, or all: all; Reload Markets if either asked). Never dropped: only Cancel Refresh ends it.
   */
  requestRefresh(request: { address?: string; reloadMarkets?: boolean } = {}): Promise<WalletRefreshOutcome[]> {
    const address = request.address?.toLowerCase();
    const queued = this.queued;
    if (queued) {
      if (queued.address !== address) queued.address = undefined;
      queued.reloadMarkets ||= Boolean(request.reloadMarkets);
      return queued.promise;
    }
    const q: QueuedRefresh = { address, reloadMarkets: Boolean(request.reloadMarkets), cancelled: false, promise: Promise.resolve([]) };
    this.queued = q;
    q.promise = this.runQueued(q);
    return q.promise;
  }

  /** Cancel Refresh: stops the refreshes under way and one that waits for room; each wallet keeps what it showed. True if any ran or waited. */
  cancelRefresh(): boolean {
    const running = [...this.entries.values()].some((e) => e.pending);
    if (running) this.deps.sources.existing?.cancelRefreshes();
    const queued = this.queued;
    if (queued) {
      queued.cancelled = true;
      queued.wake?.();
    }
    return running || queued !== undefined;
  }

  /**
   * The request weight one refresh of every wallet costs: what each wallet's last refresh sent, without
   * the market data (cached for minutes, so not part of every refresh); a guess for wallets not loaded yet.
   */
  get refreshWeight(): number {
    let total = 0;
    for (const e of this.entries.values()) if (!(this.isLive(e.wallet.address) && e.last)) total += this.walletWeight(e);
    return total;
  }

  /** Milliseconds until the refresh `request` describes fits in the weight budget (0: it may run now). */
  waitBeforeRefresh(request: RefreshRequest = {}): number {
    const entry = request.address === undefined ? undefined : this.entries.get(request.address.toLowerCase());
    if (request.address !== undefined && !entry) return 0;
    let weight = entry ? this.walletWeight(entry) : this.refreshWeight;
    if (request.reloadMarkets) weight += this.marketsWeight();
    return this.ledger.waitMs(weight, request.share);
  }

  /** Who says which wallets are live (the live mode, once loaded). */
  setLiveCheck(isLive: (address: string) => boolean): void {
    this.isLive = isLive;
  }

  /**
   * What Hyperliquid's WebSocket sent for a live wallet: each dex's orders replace that dex's (diffed
   * against what was shown, so new and resized orders are marked and gone ones listed, as filled when a
   * fill of theirs arrived), each dex's account replaces that dex's positions and margin (a position
   * that grew, shrank, flipped, opened or closed is marked, else the marks of before stay), new fills
   * are kept to show, a liquidation is told.
   */
  applyLive(address: string, update: LiveUpdate): void {
    const entry = this.entries.get(address.toLowerCase());
    if (!entry) return;
    if (update.fills.length > 0) entry.liveFills = [...update.fills].reverse().concat(entry.liveFills).slice(0, MAX_LIVE_FILLS_SHOWN);
    const last = entry.last;
    const accounts = update.accounts ?? new Map<string, PerpAccount>();
    if (last && (update.orders.size > 0 || accounts.size > 0 || update.spot) && accountModel) {
      let next: Refreshed = last;
      if (update.orders.size > 0) {
        const orders: WalletOrder[] = [
          ...last.snapshot.orders.filter((o) => !update.orders.has(o.dex)),
          ...[...update.orders].flatMap(([dex, list]) => list.map((order) => ({ dex, order }))),
        ];
        const changes = diffOrders(last.snapshot.orders, orders);
        const fates = new Map<number, OrderFate>();
        for (const gone of changes.gone) {
          const fill = entry.liveFills.find((f) => f.oid === gone.order.oid);
          if (fill) fates.set(gone.order.oid, { status: 'filled', at: fill.time });
        }
        const dexErrors = new Map([...last.dexErrors].filter(([dex]) => !update.orders.has(dex)));
        next = { ...next, snapshot: { orders, fetchedAt: this.clock.now() }, changes, fates, missingFates: new Map(), dexErrors };
      }
      if (accounts.size > 0) {
        const perps = new Map(last.account.perps);
        for (const [dex, account] of accounts) perps.set(dex, account);
        const account = { ...last.account, perps };
        const diff = diffPositions(last.account, account, new Set(accounts.keys()));
        const positionChanges = diff.changed.size > 0 || diff.closed.length > 0 ? diff : last.positionChanges;
        const perpErrors = new Map([...last.accountErrors.perps].filter(([dex]) => !accounts.has(dex)));
        next = { ...next, account, positionChanges, accountErrors: { ...last.accountErrors, perps: perpErrors } };
      }
      if (update.spot) {
        const account = { ...next.account, spot: update.spot.balances, spotUnreadable: update.spot.unreadable };
        next = { ...next, account, accountErrors: { ...next.accountErrors, spot: undefined } };
      }
      entry.last = this.redrawn(address, next);
    }
    if (update.liquidations.length > 0) this.liquidated.fire({ wallet: entry.wallet, liquidations: update.liquidations });
    this.changed.fire(entry.wallet.address);
  }

  /**
   * Mid prices Hyperliquid's WebSocket sent, per dex: they replace the market data's, and each wallet
   * with orders on those dexs is drawn again (the orders' distance from the mid follows).
   */
  applyLiveMids(mids: ReadonlyMap<string, ReadonlyMap<string, string>>): void {
    if (mids.size === 0) return;
    for (const [dex, m] of mids) this.marketData.mids.set(dex, new Map(m));
    if (!accountModel) return;
    for (const entry of this.entries.values()) {
      const last = entry.last;
      if (!last || !last.snapshot.orders.some((o) => mids.has(o.dex))) continue;
      entry.last = this.redrawn(entry.wallet.address, last);
      this.changed.fire(entry.wallet.address);
    }
  }

  /** `r` with its view and account view built again (from its own orders and account, and the market data now). */
  private redrawn(address: string, r: Refreshed): Refreshed {
    const view = this.buildView(address, r.snapshot.orders, r.changes, r.fates, r.missingFates, r.dexErrors, r.skippedDexs);
    const accountView = accountModel!.buildAccountView({
      address,
      view,
      account: r.account,
      changes: r.positionChanges,
      dexErrors: r.accountErrors.perps,
      spotError: r.accountErrors.spot,
      units: this.marketData.units,
      spotMeta: this.marketData.spotMeta,
      rich: r.rich ?? true,
      t: this.deps.t,
    });
    return { ...r, view, accountView };
  }

  summaries(): WalletSummary[] {
    return [...this.entries.values()].map((e) => summaryOf(e));
  }

  dispose(): void {
    if (this.queued) {
      this.queued.cancelled = true;
      this.queued.wake?.();
    }
    for (const emitter of [this.changed, this.refreshingChanged, this.refreshedAll, this.filled, this.agentFound, this.waitingChanged, this.liquidated])
      emitter.dispose();
  }

  private async runQueued(q: QueuedRefresh): Promise<WalletRefreshOutcome[]> {
    this.updateRefreshing();
    try {
      // A refresh of these wallets under way began before the click: this one runs after it, not within it.
      for (;;) {
        const running = [...this.entries.values()].filter((e) => e.pending && (q.address === undefined || e.wallet.address === q.address));
        if (running.length === 0) break;
        await Promise.all(running.map((e) => e.pending));
      }
      for (let ms = this.waitBeforeRefresh(q); ms > 0 && !q.cancelled; ms = this.waitBeforeRefresh(q)) {
        this.setWaiting({ until: this.clock.now() + ms, unit: this.ledger.unit });
        await new Promise<void>((resolve) => {
          const timer = this.clock.setTimeout(resolve, ms);
          q.wake = () => {
            this.clock.clearTimeout(timer);
            resolve();
          };
        });
        q.wake = undefined;
      }
      if (q.cancelled) return [];
      // From here on, a new click queues a new refresh: this one's requests may already be out.
      this.queued = undefined;
      this.setWaiting(undefined);
      if (q.address !== undefined) return [await this.refreshWallet(q.address)];
      return await this.refreshAll({ reloadMarkets: q.reloadMarkets });
    } finally {
      if (this.queued === q) this.queued = undefined;
      this.setWaiting(undefined);
      this.updateRefreshing();
    }
  }

  private setWaiting(waiting: RefreshWaiting | undefined): void {
    if (waiting?.until === this.waitingFor?.until && waiting?.unit === this.waitingFor?.unit) return;
    this.waitingFor = waiting;
    this.waitingChanged.fire(waiting);
  }

  private updateRefreshing(): void {
    // A refresh the user asked for that waits counts as running: the view's progress shows, Cancel Refresh applies.
    const running = [...this.entries.values()].some((e) => e.pending) || this.queued !== undefined;
    if (running === this.running) return;
    this.running = running;
    this.refreshingChanged.fire(running);
  }

  private async runRefresh(entry: WalletEntry): Promise<WalletRefreshOutcome> {
    const address = entry.wallet.address;
    const current = () => this.entries.get(address) === entry;
    // A wallet not drawn yet shows its spinner at once. One already drawn is not redrawn for it: the view's
    // progress bar says a refresh runs, and each redraw of a wallet redraws all its rows (a 5,000-order
    // wallet costs the workbench's renderer ~150 ms a time).
    if (!entry.last) this.changed.fire(address);
    try {
      return await this.refresh(entry, current);
    } finally {
      if (current()) {
        // Cleared before the wallet is redrawn, so it is drawn without the spinner.
        entry.pending = undefined;
        this.changed.fire(address);
      }
      this.updateRefreshing();
    }
  }

  private async refresh(entry: WalletEntry, current: () => boolean): Promise<WalletRefreshOutcome> {
    const address = entry.wallet.address;
    const { log } = this.deps;
    let source: OpenOrdersSource | undefined;
    try {
      source = await this.deps.sources.get();
      if (!source) return { address, ok: false }; // no key: the welcome view says what to do
      const started = Date.now();
      // Every request is spent as it is sent, also when the refresh then fails or is cancelled.
      const ledger = this.ledger;
      const tally = new RequestTally((type) => ledger.spendRequest(type));
      const prefer = [...new Set([...(entry.last?.snapshot.orders.map((o) => o.dex) ?? []), ...withPositions(entry.last?.account)])];
      // Positions and balances go out with each dex's orders, in the same slot: no extra round trip.
      const account = source.account.begin(address, tally);
      const model = loadAccountModel();
      const result = await source.load(address, entry.wallet.dexes ?? [], { prefer, tally, withDex: account.dex });
      const { buildAccountView } = await model;
      if (!current() || source.signal.aborted) return { address, ok: false };
      const orders = withStaleDexs(result, entry.last?.snapshot.orders);
      const changes = diffOrders(entry.last?.snapshot.orders, orders);
      this.marketData.take(result, orders);
      const dexErrors = new Map([...result.dexErrors].map(([dex, e]) => [dex, describeError(e, this.deps.t)]));
      const acct = mergeAccount(account.result(), entry.last?.account, result.dexErrors.keys());
      const positionChanges = diffPositions(entry.last?.account, acct.snapshot, acct.answered);
      const refreshed = (fates: ReadonlyMap<number, OrderFate>, missingFates: ReadonlyMap<number, string> = new Map()): Refreshed => {
        const view = this.buildView(address, orders, changes, fates, missingFates, dexErrors, result.skippedDexs);
        const accountView = buildAccountView({
          address,
          view,
          account: acct.snapshot,
          changes: positionChanges,
          dexErrors: acct.errors.perps,
          spotError: acct.errors.spot,
          units: this.marketData.units,
          spotMeta: this.marketData.spotMeta,
          rich: result.rich,
          t: this.deps.t,
        });
        return {
          snapshot: { orders, fetchedAt: result.fetchedAt },
          changes,
          fates,
          missingFates,
          dexErrors,
          view,
          weight: tally.weight,
          marketWeight: tally.marketWeight,
          requests: tally.requests,
          marketRequests: tally.marketRequests,
          skippedDexs: result.skippedDexs,
          account: acct.snapshot,
          accountErrors: acct.errors,
          positionChanges,
          accountView,
          rich: result.rich,
        };
      };
      // Drawn as soon as the orders are in; what became of gone orders, and the mids and units of dexs
      // that newly have orders (or positions), are looked up after and drawn again.
      entry.last = refreshed(new Map());
      entry.error = undefined;
      // Drawn now only when a second step follows (fates, late market data); else once, when it ends.
      if (changes.gone.length > 0 || result.later) this.changed.fire(address);
      const missing = new Map<number, FateMissing>();
      const [fates, later] = await Promise.all([
        changes.gone.length > 0
          ? source.fates(
              address,
              changes.gone.map((o) => o.order.oid),
              tally,
              missing,
            )
          : new Map<number, OrderFate>(),
        result.later,
      ]);
      if (!current() || source.signal.aborted) return { address, ok: false };
      if (later) this.marketData.takeLater(later);
      entry.last = refreshed(fates, new Map([...missing].map(([oid, why]) => [oid, this.missingText(why)])));
      const { weight } = tally;
      for (const [dex, said] of acct.errors.perps) log.warn(`Positions of ${address} on dex “${dex || 'first'}” could not be refreshed: ${said}`);
      if (acct.errors.spot) log.warn(`Spot balances of ${address} could not be refreshed: ${acct.errors.spot}`);
      const role = acct.snapshot.role;
      if (role?.role === 'agent' && !entry.agentOffered) {
        entry.agentOffered = true;
        this.agentFound.fire({ wallet: entry.wallet, master: role.master });
      }
      if (result.spotMetaError) log.warn(`Spot pair names for ${address} stay raw (@N): ${describeError(result.spotMetaError)}`);
      for (const [dex, e] of result.dexErrors) log.warn(`Open orders of ${address} on dex “${dex || 'first'}” could not be refreshed: ${describeError(e)}`);
      const filled = changes.gone.filter((o) => fates.get(o.order.oid)?.status === 'filled');
      if (filled.length > 0) this.filled.fire({ wallet: entry.wallet, filled: filled.map((o) => o.order) });
      if (result.skippedDexs.length > 0)
        log.debug(`Open orders of ${address}: ${result.skippedDexs.length} dexs over the cap of ${MAX_DEXS_PER_WALLET} not asked.`);
      log.debug(`Open orders of ${address}: ${result.orders.length} in ${Date.now() - started} ms, ${tally.requests} requests, weight ${weight}`);
      return { address, ok: true };
    } catch (e) {
      if (isCancellation(e) || source?.signal.aborted || !current()) return { address, ok: false };
      entry.error = { message: describeError(e, this.deps.t), at: Date.now() };
      log.warn(`Open orders of ${address} could not be refreshed: ${describeError(e)}`);
      return { address, ok: false, error: e };
    }
  }

  /** Why a gone order's fate is not known, in the user's words. */
  private missingText(why: FateMissing): string {
    const { t } = this.deps;
    switch (why.kind) {
      case 'overCap':
        return t('not looked up, over {0} gone orders in one refresh', MAX_STATUS_LOOKUPS);
      case 'refused':
        return t('the provider does not serve order status');
      case 'cancelled':
        return t('the refresh was cancelled');
      case 'unknown':
        return t('the exchange does not know the order');
      case 'failed':
        return t('the lookup failed: {0}', describeError(why.error, t));
    }
  }

  private buildView(
    address: string,
    orders: WalletOrder[],
    changes: OrderChanges,
    fates: ReadonlyMap<number, OrderFate>,
    missingFates: ReadonlyMap<number, string>,
    dexErrors: ReadonlyMap<string, string>,
    skippedDexs: readonly string[],
  ): WalletView {
    const m = this.marketData;
    return buildWalletView({
      address,
      orders,
      changes,
      spotMeta: m.spotMeta,
      dexs: m.dexs,
      units: m.units,
      mids: m.mids,
      fates,
      missingFates,
      dexErrors,
      skippedDexs,
      dexCap: MAX_DEXS_PER_WALLET,
      t: this.deps.t,
    });
  }

  /**
   * One wallet's refresh without market data, in the ledger's unit (weight or requests): as its last one
   * sent, else a guess from the dexs it would ask.
   */
  private walletWeight(e: WalletEntry): number {
    const ledger = this.ledger;
    if (e.last) return ledger.unit === 'requests' ? e.last.requests - e.last.marketRequests : e.last.weight - e.last.marketWeight;
    const dexs = Math.min(MAX_DEXS_PER_WALLET, 1 + this.marketData.dexs.length + (e.wallet.dexes?.length ?? 0));
    // Each dex's orders and account, the spot balances, and (first load) what the address is.
    const perDex = ledger.cost('openOrders') + ledger.cost('clearinghouseState');
    return dexs * perDex + ledger.cost('spotClearinghouseState') + ledger.cost('userRole');
  }

  /** What Reload Markets asks again: the dex list, spot pairs and the unit of each dex with orders. */
  private marketsWeight(): number {
    const ledger = this.ledger;
    const dexs = new Set<string>();
    for (const e of this.entries.values()) for (const o of e.last?.snapshot.orders ?? []) if (o.dex !== '') dexs.add(o.dex);
    return ledger.cost('perpDexs') + ledger.cost('spotMeta') + dexs.size * ledger.cost('meta');
  }
}

/** The dexs a wallet had positions on: asked first when the dex list is over the cap. */
function withPositions(account: AccountSnapshot | undefined): string[] {
  return [...(account?.perps ?? [])].filter(([, a]) => a.positions.length > 0).map(([dex]) => dex);
}

/** A dex that failed keeps its last good orders (stale, under its error row); the others are current. */
function withStaleDexs(result: WalletOrdersResult, before: readonly WalletOrder[] | undefined): WalletOrder[] {
  const kept = before?.filter((o) => result.dexErrors.has(o.dex)) ?? [];
  return kept.length > 0 ? [...result.orders, ...kept] : result.orders;
}

function summaryOf(e: WalletEntry): WalletSummary {
  const last = e.last;
  return {
    address: e.wallet.address,
    label: e.wallet.label,
    demo: e.demo,
    orderCount: last?.view.orderCount,
    groups: (last?.view.groups ?? []).filter((g) => g.groupKind !== 'gone').map((g) => ({ label: g.label, orders: groupOrderCount(g) })),
    gone: last?.changes.gone.length ?? 0,
    goneFates: (last?.changes.gone ?? []).flatMap((o) => {
      const fate = last?.fates.get(o.order.oid);
      return fate ? [fate.status] : [];
    }),
    missingFates: [...(last?.missingFates.values() ?? [])],
    failedDexs: [...(last?.dexErrors.keys() ?? [])],
    skippedDexs: last?.skippedDexs.length ?? 0,
    positions: last?.accountView.positionCount,
    balances: last?.accountView.balances.length,
    role: last?.account.role?.role,
    master: last?.account.role && 'master' in last.account.role ? last.account.role.master : undefined,
    failedAccountParts: [...(last?.accountErrors.perps.keys() ?? []), ...(last?.accountErrors.spot ? ['spot'] : [])],
    positionChanges: [
      ...[...(last?.positionChanges.changed ?? [])].map(([key, c]) => `${c.kind}:${key.split('\u0000')[1]}`),
      ...(last?.positionChanges.closed ?? []).map((c) => `closed:${c.position.coin}`),
    ],
    weight: last?.weight,
    error: e.error?.message,
    stale: Boolean(e.error && last),
  };
}
