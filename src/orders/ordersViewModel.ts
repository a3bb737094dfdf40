/**
 * The Open Orders view-model: which market group an order belongs to, how spot pairs are named, how
 * orders are sorted, what changed since the last refresh, and the rows the tree shows — as plain data,
 * without `vscode`, so it can be unit-tested and benchmarked. Words come through the `Translate` the host
 * hands in (`vscodeTranslate`), as in the other view-models.
 */
import type { OpenOrder, OrderFate, PerpDex, SpotMeta } from '../core/model';
import { compareDecimals, displayDecimal, multiplyDecimals, roundedProduct, trimDecimal } from '../core/units';
import { isOutcomeCoin, nameOnDex } from '../view/coinNames';
import type { Translate } from '../view/format';
import type { IconRef } from '../view/treeRows';

/** One order as fetched, with the perp dex it was asked for ("" = the first perp dex, which also returns spot). */
export interface WalletOrder {
  dex: string;
  order: OpenOrder;
}

/** The last good answer for one wallet. */
export interface OrdersSnapshot {
  orders: WalletOrder[];
  /** Milliseconds since the epoch. */
  fetchedAt: number;
}

export type MarketKind = 'perps' | 'spot' | 'outcome';

/** Where an order sits in the tree and how its coin is named. */
export interface Market {
  kind: MarketKind;
  /** The perp dex ("" for the first one); "" for spot. */
  dex: string;
  /** What the row shows: `BTC`, `XYZ100` (under its dex), `HYPE/USDC` (for `@107`). */
  name: string;
  /** The coin as the API sent it: `BTC`, `xyz:XYZ100`, `@107`. */
  rawCoin: string;
  /** The unit of the notional: the dex's collateral for perps, the pair's quote for spot; undefined when unknown. */
  quote?: string;
}

/** Perps settle in USDC on the first perp dex; other dexs in their `meta`'s collateral token. */
export const PERP_QUOTE = 'USDC';

/** Spot orders come back with dex "" like perps; their coin is `@<pair index>` or `BASE/QUOTE`. */
export function isSpotCoin(coin: string): boolean {
  return /^@\d+$/.test(coin) || coin.includes('/');
}

/**
 * The market of `coin` as returned for `dex`. `@N` is resolved by pair `index` (never by array
 * position, which differs in the real data); unknown pairs keep their raw name.
 */
export function marketOf(coin: string, dex: string, spotMeta: SpotMeta | undefined, units?: ReadonlyMap<string, string>): Market {
  // The unit of outcome markets is not in any answer we read: none rather than a guess.
  if (isOutcomeCoin(coin)) return { kind: 'outcome', dex, name: coin, rawCoin: coin };
  if (dex === '' && isSpotCoin(coin)) {
    const byIndex = /^@(\d+)$/.exec(coin);
    const pair = byIndex ? spotMeta?.pairsByIndex.get(Number(byIndex[1])) : spotMeta?.pairsByName.get(coin);
    if (pair) return { kind: 'spot', dex: '', name: `${pair.base}/${pair.quote}`, rawCoin: coin, quote: pair.quote };
    const slash = coin.indexOf('/');
    return { kind: 'spot', dex: '', name: coin, rawCoin: coin, quote: slash > 0 ? coin.slice(slash + 1) || undefined : undefined };
  }
  return { kind: 'perps', dex, name: nameOnDex(coin, dex), rawCoin: coin, quote: dex === '' ? PERP_QUOTE : units?.get(dex) };
}

// ---- exact decimals ----

/** `size × price`, exactly (for the tooltip). */
export function notionalOf(order: Pick<OpenOrder, 'sz' | 'limitPx'>): string {
  return multiplyDecimals(order.sz, order.limitPx);
}

/**
 * Compares two non-negative decimal strings exactly. Rounding to a double is monotonic, so different
 * doubles already give the order; only equal doubles need the exact comparison.
 */
export function comparePrices(a: string, pa: number, b: string, pb: number): number {
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a === b ? 0 : compareDecimals(a, b);
}

// ---- sorting ----

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

interface SortableOrder {
  /** Position of the coin's display name among the group's names, in collation order. */
  nameRank: number;
  order: OpenOrder;
  /** `limitPx` as a double, for the fast path of `comparePrices`. */
  px: number;
}

/**
 * The order of rows in a group: by coin name; bids before asks; bids by price high → low and asks by
 * price low → high, so each side starts at the price nearest the spread; then by order id.
 */
function compareOrders(a: SortableOrder, b: SortableOrder): number {
  if (a.nameRank !== b.nameRank) return a.nameRank - b.nameRank;
  if (a.order.side !== b.order.side) return a.order.side === 'B' ? -1 : 1;
  const byPrice = comparePrices(a.order.limitPx, a.px, b.order.limitPx, b.px);
  if (byPrice !== 0) return a.order.side === 'B' ? -byPrice : byPrice;
  return a.order.oid - b.order.oid;
}

// ---- what changed since the last refresh ----

export interface SizeChange {
  from: string;
  to: string;
}

export interface OrderChanges {
  /** Orders of the current snapshot that were not in the previous one. Empty on the first load. */
  added: Set<WalletOrder>;
  /** Orders of the current snapshot whose remaining size changed (a partial fill). */
  resized: Map<WalletOrder, SizeChange>;
  /** Orders of the previous snapshot that are no longer open (`orderStatus` says what became of them). */
  gone: WalletOrder[];
}

export const NO_CHANGES: OrderChanges = Object.freeze({ added: new Set<WalletOrder>(), resized: new Map<WalletOrder, SizeChange>(), gone: [] });

/**
 * The difference between two snapshots, by order id within each dex (oids are unique per exchange;
 * the dex keeps HIP-3 dexs apart). Without a previous snapshot nothing counts as new. `added` and
 * `resized` hold the very objects of `current`, so `buildWalletView` finds them without building keys.
 */
export function diffOrders(previous: readonly WalletOrder[] | undefined, current: readonly WalletOrder[]): OrderChanges {
  const added = new Set<WalletOrder>();
  const resized = new Map<WalletOrder, SizeChange>();
  if (!previous) return { added, resized, gone: [] };
  const before = new Map<string, Map<number, WalletOrder>>();
  for (const o of previous) {
    let byOid = before.get(o.dex);
    if (!byOid) before.set(o.dex, (byOid = new Map()));
    byOid.set(o.order.oid, o);
  }
  const seen = new Set<WalletOrder>();
  for (const o of current) {
    const old = before.get(o.dex)?.get(o.order.oid);
    if (!old) added.add(o);
    else {
      seen.add(old);
      if (old.order.sz !== o.order.sz && trimDecimal(old.order.sz) !== trimDecimal(o.order.sz)) resized.set(o, { from: old.order.sz, to: o.order.sz });
    }
  }
  const gone = previous.filter((o) => !seen.has(o));
  return { added, resized, gone };
}

// ---- rows ----

export const BID_ICON: IconRef = { id: 'arrow-up', color: 'charts.green' };
export const ASK_ICON: IconRef = { id: 'arrow-down', color: 'charts.red' };

export type OrderChange = { kind: 'new' } | ({ kind: 'resized' } & SizeChange) | { kind: 'gone'; fate?: OrderFate; fateMissing?: string };

export interface OrderRow {
  kind: 'order';
  /** Stable across refreshes: `order:<addr>:<oid>` (`gone:<addr>:<oid>` when gone, `child:<addr>:<parent>:<oid>` under a parent). */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  contextValue: 'order' | 'orderGone';
  market: Market;
  order: OpenOrder;
  change?: OrderChange;
  /** TP/SL orders attached to this one. */
  children?: OrderRow[];
  /** How far the order's price is from the mid, in percent (for the tooltip). */
  fromMid?: string;
}

export type GroupKind = 'perps' | 'spot' | 'outcome' | 'gone' | 'balances';

export interface GroupRow {
  kind: 'group';
  /** `group:<addr>:<dex>` for perps ("" for the first dex), `group:<addr>:spot`, `group:<addr>:gone`. */
  id: string;
  groupKind: GroupKind;
  /** The perp dex of a perps group. */
  dex?: string;
  label: string;
  description: string;
  /** The dex's full name, for the tooltip. */
  fullName?: string;
  icon: IconRef;
  contextValue: 'group' | 'groupGone';
  /**
   * The group's rows, sorted. Built when first read (a collapsed group of 5,000 orders costs none of
   * them): count and take them with `groupEntries`, `groupOrderCount` and `takeEntries`, copy the group
   * with `copyGroup`, so that nothing reads them before the tree asks.
   */
  readonly orders: OrderRow[];
  /** This dex's orders could not be fetched at the last refresh: why (its orders, if any, are older). */
  error?: string;
  /** Orders shown under a position of this dex instead (its TP/SL, reduce-only): still counted here. */
  movedOrders?: number;
}

export interface WalletView {
  groups: GroupRow[];
  /** Open orders (gone ones not counted). */
  orderCount: number;
  /** The row that says which listed dexs were not asked (over the cap per wallet and refresh). */
  notAsked?: NotAskedRow;
}

export interface NotAskedRow {
  count: number;
  label: string;
  tooltip: string;
}

/** Names shown in the not-asked row's label, and in its tooltip. */
const NOT_ASKED_IN_LABEL = 3;
const NOT_ASKED_IN_TOOLTIP = 20;

/** "3 dexs not asked: a, b, c", naming the first few; the tooltip says why and how to choose. */
export function notAskedRow(skipped: readonly string[], cap: number, t: Translate): NotAskedRow | undefined {
  if (skipped.length === 0) return undefined;
  const first = (n: number) => skipped.slice(0, n).join(', ');
  const more = skipped.length - NOT_ASKED_IN_TOOLTIP;
  const listed = more > 0 ? t('{0} and {1} more', first(NOT_ASKED_IN_TOOLTIP), more.toLocaleString('en-US')) : first(NOT_ASKED_IN_TOOLTIP);
  const inLabel = first(NOT_ASKED_IN_LABEL) + (skipped.length > NOT_ASKED_IN_LABEL ? ', …' : '');
  return {
    count: skipped.length,
    label: skipped.length === 1 ? t('1 dex not asked: {0}', skipped[0]!) : t('{0} dexs not asked: {1}', skipped.length.toLocaleString('en-US'), inLabel),
    tooltip: t(
      'Open Orders asks at most {0} perp dexs per wallet and refresh, to stay within Hyperliquid’s request budget: the first dex (with spot), then the dexs named in this wallet’s “dexes” setting, then the dexs it had orders on, then the others in the order Hyperliquid lists them. Not asked this time: {1}. To have a dex asked, name it in the wallet’s “dexes” (setting hyperliquidExplorer.wallets).',
      cap,
      listed,
    ),
  };
}

/** What became of a gone order (`orderStatus`), in the user's words; unknown statuses as Hyperliquid sent them. */
export function fateText(status: string, t: Translate): string {
  switch (status) {
    case 'filled':
      return t('filled');
    case 'open':
      return t('still open');
    case 'canceled':
      return t('cancelled');
    case 'triggered':
      return t('triggered');
    case 'rejected':
      return t('rejected');
    case 'marginCanceled':
      return t('cancelled: not enough margin');
    case 'reduceOnlyCanceled':
      return t('cancelled: reduce only');
    case 'siblingFilledCanceled':
      return t('cancelled: its TP/SL sibling filled');
    case 'selfTradeCanceled':
      return t('cancelled: self-trade prevention');
    case 'liquidatedCanceled':
      return t('cancelled: liquidated');
    case 'scheduledCancel':
      return t('cancelled: scheduled cancel');
    case 'delistedCanceled':
      return t('cancelled: market delisted');
    case 'vaultWithdrawalCanceled':
      return t('cancelled: vault withdrawal');
    case 'openInterestCapCanceled':
      return t('cancelled: open interest cap');
    default:
      return status;
  }
}

/** "1 order", "5,000 orders". */
export function orderCountText(count: number, t: Translate): string {
  return count === 1 ? t('1 order') : t('{0} orders', count.toLocaleString('en-US'));
}

/** The view's fixed words, translated once per view rather than once per row. */
interface Words {
  t: Translate;
  isNew: string;
  entirePosition: string;
  reduceOnly: string;
  /** `{0}% from mid` with the figure: translated once and cut around its placeholder, not once per row. */
  fromMid: (figure: string) => string;
}

/** Stands for a message's one argument while it is translated once, to be cut around (no translation holds it). */
const HOLE = '\u0000';

function wordsOf(t: Translate): Words {
  const cut = t('{0}% from mid', HOLE).split(HOLE);
  const [before, after] = cut;
  return {
    t,
    isNew: t('new'),
    entirePosition: t('entire position'),
    reduceOnly: t('reduce only'),
    fromMid: cut.length === 2 ? (figure) => before + figure + after : (figure) => t('{0}% from mid', figure),
  };
}

/** A trigger price: `above` true for "Price above", false for "Price below", undefined when not said. */
function triggerText(price: string, above: boolean | undefined, t: Translate): string {
  return above === undefined ? t('trigger {0}', price) : above ? t('trigger ≥ {0}', price) : t('trigger ≤ {0}', price);
}

export interface WalletViewInput {
  address: string;
  orders: readonly WalletOrder[];
  changes?: OrderChanges;
  spotMeta?: SpotMeta;
  /** Known perp dexs (for full names in tooltips). */
  dexs?: readonly PerpDex[];
  /** Each perp dex's unit, where known (see `marketOf`). */
  units?: ReadonlyMap<string, string>;
  /** Mid prices per dex; orders of dexs without mids show no distance. */
  mids?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** What became of gone orders, by oid. */
  fates?: ReadonlyMap<number, OrderFate>;
  /** Gone orders whose fate is not known after the refresh, and why (in the user's words), by oid. */
  missingFates?: ReadonlyMap<number, string>;
  /** Dexs whose orders could not be fetched at the last refresh, and why. */
  dexErrors?: ReadonlyMap<string, string>;
  /** Dexs listed but not asked (over `dexCap`). */
  skippedDexs?: readonly string[];
  /** The most dexs asked per wallet and refresh. */
  dexCap?: number;
  t: Translate;
}

/** Groups, names, sorts and labels a wallet's orders: everything the tree shows, as plain data. */
export function buildWalletView(input: WalletViewInput): WalletView {
  const { address, t } = input;
  const changes = input.changes ?? NO_CHANGES;
  const uniqueId = uniqueIds(address, input.orders, changes.gone);
  // A few coins repeat across thousands of orders: name each (dex, coin) once, found without a key string.
  const markets = new Map<string, Map<string, Market>>();
  const market = (dex: string, coin: string) => {
    let byCoin = markets.get(dex);
    if (!byCoin) markets.set(dex, (byCoin = new Map()));
    let m = byCoin.get(coin);
    if (!m) byCoin.set(coin, (m = marketOf(coin, dex, input.spotMeta, input.units)));
    return m;
  };
  // Each market's mid as a number, read once per market rather than once per order.
  const midOf = new Map<Market, number | undefined>();
  const mid = (m: Market) => {
    if (midOf.has(m)) return midOf.get(m);
    const text = input.mids?.get(m.dex)?.get(m.rawCoin);
    const value = text === undefined ? undefined : Number(text);
    midOf.set(m, value);
    return value;
  };
  const ctx: RowContext = { words: wordsOf(t), uniqueId, address, mid, market };

  // TP/SL children also come as orders of their own: they are shown under their parent only.
  let childOids: Map<string, Set<number>> | undefined; // by dex
  for (const o of input.orders) {
    if (!o.order.children) continue;
    childOids ??= new Map();
    let oids = childOids.get(o.dex);
    if (!oids) childOids.set(o.dex, (oids = new Set()));
    for (const c of o.order.children) oids.add(c.oid);
  }

  const buckets = new Map<string, SortableRow[]>(); // "perps:<dex>", "spot" or "outcome"
  const bucketOf = new Map<Market, string>();
  const marked = changes.added.size > 0 || changes.resized.size > 0;
  let orderCount = 0;
  for (const o of input.orders) {
    if (childOids?.get(o.dex)?.has(o.order.oid)) continue;
    // An order counts once, with its attached TP/SL (shown under it).
    orderCount += 1 + (o.order.children?.length ?? 0);
    const m = market(o.dex, o.order.coin);
    let key = bucketOf.get(m);
    if (key === undefined) bucketOf.set(m, (key = m.kind === 'perps' ? `perps:${o.dex}` : m.kind));
    let change: OrderChange | undefined;
    if (marked) {
      const resized = changes.resized.get(o);
      change = changes.added.has(o) ? { kind: 'new' } : resized ? { kind: 'resized', ...resized } : undefined;
    }
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = []));
    bucket.push(sortable(m, o.order, change));
  }
  // A dex that failed has a group even without orders: its error is shown there.
  for (const dex of input.dexErrors?.keys() ?? []) if (!buckets.has(`perps:${dex}`)) buckets.set(`perps:${dex}`, []);

  const fullNames = new Map((input.dexs ?? []).map((d) => [d.name, d.fullName]));
  const groups: GroupRow[] = [];
  const perpDexNames = [...buckets.keys()]
    .filter((k) => k.startsWith('perps:'))
    .map((k) => k.slice('perps:'.length))
    .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : collator.compare(a, b)));
  for (const dex of perpDexNames) {
    const rows = buckets.get(`perps:${dex}`)!;
    const group: GroupFields = {
      kind: 'group',
      id: `group:${address}:${dex}`,
      groupKind: 'perps',
      dex,
      label: dex === '' ? t('Perps') : dex,
      description: orderCountText(countWithChildren(rows), t),
      fullName: dex === '' ? undefined : fullNames.get(dex),
      icon: { id: dex === '' ? 'graph-line' : 'layers' },
      contextValue: 'group',
    };
    const error = input.dexErrors?.get(dex);
    if (error !== undefined) {
      group.error = error;
      group.icon = { id: 'warning', color: 'list.warningForeground' };
    }
    groups.push(withEntries(group, rows, ctx));
  }
  for (const kind of ['spot', 'outcome'] as const) {
    const rows = buckets.get(kind);
    if (!rows) continue;
    const group: GroupFields = {
      kind: 'group',
      id: `group:${address}:${kind}`,
      groupKind: kind,
      label: kind === 'spot' ? t('Spot') : t('Outcomes'),
      description: orderCountText(countWithChildren(rows), t),
      icon: { id: kind === 'spot' ? 'arrow-swap' : 'question' },
      contextValue: 'group',
    };
    groups.push(withEntries(group, rows, ctx));
  }
  if (changes.gone.length > 0) {
    const gone = changes.gone.map((o) =>
      sortable(market(o.dex, o.order.coin), o.order, { kind: 'gone', fate: input.fates?.get(o.order.oid), fateMissing: input.missingFates?.get(o.order.oid) }),
    );
    const group: GroupFields = {
      kind: 'group',
      id: `group:${address}:gone`,
      groupKind: 'gone',
      label: t('Gone since last refresh ({0})', gone.length),
      description: '',
      icon: { id: 'history' },
      contextValue: 'groupGone',
    };
    groups.push(withEntries(group, gone, ctx));
  }
  const notAsked = notAskedRow(input.skippedDexs ?? [], input.dexCap ?? 0, t);
  return notAsked ? { groups, orderCount, notAsked } : { groups, orderCount };
}

function countWithChildren(rows: readonly SortableRow[]): number {
  let n = rows.length;
  for (const r of rows) n += r.order.children?.length ?? 0;
  return n;
}

/** What every row of one wallet view needs. */
interface RowContext {
  words: Words;
  uniqueId: UniqueId;
  address: string;
  /** The market's mid price, if known. */
  mid(market: Market): number | undefined;
  market(dex: string, coin: string): Market;
}

interface SortableRow extends SortableOrder {
  market: Market;
  change?: OrderChange;
  /** Its row, once built. */
  row?: OrderRow;
}

/** A group's fields but its rows. */
type GroupFields = Omit<GroupRow, 'orders'>;

/** An order of a group, before its row is built. */
export interface GroupEntry {
  readonly order: OpenOrder;
  readonly market: Market;
}

/** A group whose rows are sorted and built when first read. */
interface LazyOrders {
  entries: SortableRow[];
  /** Whether `entries` are in the group's order yet. */
  sorted: boolean;
  ctx: RowContext;
  rows?: OrderRow[];
}

const lazyOrders = new WeakMap<GroupRow, LazyOrders>();

/** `group` with `entries` as its orders, sorted and each row built when the group's orders are first read. */
function withEntries(group: GroupFields, entries: SortableRow[], ctx: RowContext, isSorted = false): GroupRow {
  const lazy: LazyOrders = { entries, sorted: isSorted, ctx };
  const row = (r: SortableRow) => (r.row ??= orderRow(r, ctx));
  const rows = () => {
    if (!lazy.sorted) lazy.entries = sorted([...lazy.entries]);
    lazy.sorted = true;
    return (lazy.rows ??= lazy.entries.map(row));
  };
  const done = Object.defineProperty(group, 'orders', { enumerable: true, get: rows }) as GroupRow;
  lazyOrders.set(done, lazy);
  return done;
}

/** The group's orders without building their rows, in no set order (`entryRows` puts some in the group's). */
export function groupEntries(group: GroupRow): readonly GroupEntry[] {
  return lazyOrders.get(group)?.entries ?? group.orders;
}

/** The group's orders with their attached TP/SL (and those moved under positions), without building rows. */
export function groupOrderCount(group: GroupRow): number {
  let n = group.movedOrders ?? 0;
  for (const e of groupEntries(group)) n += 1 + (e.order.children?.length ?? 0);
  return n;
}

/** The rows of some of `group`'s entries, in the group's order (each built once, the same the group's orders show). */
export function entryRows(group: GroupRow, entries: readonly GroupEntry[]): OrderRow[] {
  const lazy = lazyOrders.get(group);
  if (!lazy) return entries as OrderRow[]; // the group's entries are its rows, in order
  return sorted([...(entries as SortableRow[])]).map((r) => (r.row ??= orderRow(r, lazy.ctx)));
}

/** Takes `taken` (entries of `group`) out of it; its other rows stay unbuilt. */
export function dropEntries(group: GroupRow, taken: ReadonlySet<GroupEntry>): void {
  if (taken.size === 0) return;
  const lazy = lazyOrders.get(group);
  if (!lazy) {
    (group as { orders: OrderRow[] }).orders = group.orders.filter((r) => !taken.has(r));
    return;
  }
  lazy.entries = lazy.entries.filter((e) => !taken.has(e));
  lazy.rows = undefined;
}

/** A copy of `group` whose orders can be taken without changing the original's; rows built are shared. */
export function copyGroup(group: GroupRow): GroupRow {
  const lazy = lazyOrders.get(group);
  if (!lazy) return { ...group };
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(group)) if (key !== 'orders') fields[key] = (group as unknown as Record<string, unknown>)[key];
  return withEntries(fields as unknown as GroupFields, lazy.entries, lazy.ctx, lazy.sorted);
}

function sortable(market: Market, order: OpenOrder, change: OrderChange | undefined): SortableRow {
  return { nameRank: 0, order, px: Number(order.limitPx), market, change };
}

type UniqueId = (kind: 'order' | 'gone', oid: number) => string;

/**
 * Tree ids `order:<addr>:<oid>` / `gone:<addr>:<oid>`. A hostile or buggy answer may repeat an oid and
 * the tree refuses duplicate ids, so repeats get a `#n` suffix; the usual case only checks numbers.
 */
function uniqueIds(address: string, open: readonly WalletOrder[], gone: readonly WalletOrder[]): UniqueId {
  const openPrefix = `order:${address}:`;
  const gonePrefix = `gone:${address}:`;
  // Sorting the oids finds repeats faster than a Set: oids are above 2^31, which Sets hash slowly.
  if (!hasRepeats(open) && !hasRepeats(gone)) return (kind, oid) => (kind === 'order' ? openPrefix : gonePrefix) + oid;
  const seen = { order: new Set<number>(), gone: new Set<number>() };
  const taken = new Set<string>();
  return (kind, oid) => {
    const id = (kind === 'order' ? openPrefix : gonePrefix) + oid;
    if (!seen[kind].has(oid)) {
      seen[kind].add(oid);
      return id;
    }
    let candidate = `${id}#2`;
    for (let n = 3; taken.has(candidate); n++) candidate = `${id}#${n}`;
    taken.add(candidate);
    return candidate;
  };
}

function hasRepeats(orders: readonly WalletOrder[]): boolean {
  const oids = new Float64Array(orders.length);
  for (let i = 0; i < orders.length; i++) oids[i] = orders[i].order.oid;
  oids.sort();
  for (let i = 1; i < oids.length; i++) if (oids[i] === oids[i - 1]) return true;
  return false;
}

/** `rows` in the group's order (sorted in place). */
function sorted(rows: SortableRow[]): SortableRow[] {
  // Collate the few distinct names once instead of in every comparison.
  const names = [...new Set(rows.map((r) => r.market.name))].sort(collator.compare);
  const rank = new Map(names.map((n, i) => [n, i]));
  for (const r of rows) r.nameRank = rank.get(r.market.name)!;
  return rows.sort(compareOrders);
}

/** A decimal string that is zero (`0`, `0.0`). */
function isZero(decimal: string): boolean {
  return trimDecimal(decimal) === '0';
}

/** The percent distance of `price` from `mid`, signed, two decimals; undefined without a usable mid. */
export function distanceFromMid(price: string, mid: string | number | undefined): string | undefined {
  if (mid === undefined) return undefined;
  const m = typeof mid === 'number' ? mid : Number(mid);
  const p = Number(price);
  if (!(m > 0) || !Number.isFinite(p)) return undefined;
  const percent = ((p - m) / m) * 100;
  const text = Math.abs(percent).toFixed(2);
  return text === '0.00' ? '0.00' : `${percent > 0 ? '+' : '−'}${text}`;
}

/** The row text after the coin: type, size, price or trigger, notional, distance and marks. */
function describe(order: OpenOrder, market: Market, change: OrderChange | undefined, fromMid: string | undefined, words: Words): string {
  const entirePosition = order.isPositionTpsl === true && isZero(order.sz);
  const size = entirePosition
    ? words.entirePosition
    : change?.kind === 'resized'
      ? `${displayDecimal(change.from)} → ${displayDecimal(change.to)}`
      : displayDecimal(order.sz);
  const trigger = order.isTrigger === true && order.triggerPx !== undefined && !isZero(order.triggerPx);
  let text: string;
  if (trigger) {
    const condition = order.triggerCondition ?? '';
    const above = /\babove\b/i.test(condition) ? true : /\bbelow\b/i.test(condition) ? false : undefined;
    text = `${order.orderType ?? ''}${order.orderType ? ' · ' : ''}${size} · ${triggerText(displayDecimal(order.triggerPx!), above, words.t)}`;
    // A trigger that becomes a limit order says its limit too; a market one does not rest at a price.
    if (/limit/i.test(order.orderType ?? '')) text += ` → ${displayDecimal(order.limitPx)}`;
  } else {
    const type = order.orderType && order.orderType !== 'Limit' ? `${order.orderType} · ` : '';
    text = `${type}${size} @ ${displayDecimal(order.limitPx)}`;
  }
  if (!entirePosition) {
    const notional = roundedProduct(order.sz, trigger ? order.triggerPx! : order.limitPx, 2);
    text += ` · ${market.quote ? `${notional} ${market.quote}` : notional}`;
  }
  if (order.tif !== undefined && order.tif !== 'Gtc') text += ` · ${order.tif}`;
  if (order.reduceOnly === true && !trigger && !order.isPositionTpsl) text += ` · ${words.reduceOnly}`;
  if (fromMid !== undefined) text += ` · ${words.fromMid(fromMid)}`;
  if (change?.kind === 'new') text += ` · ${words.isNew}`;
  if (change?.kind === 'gone' && change.fate) text += ` · ${fateText(change.fate.status, words.t)}`;
  else if (change?.kind === 'gone' && change.fateMissing) text += ` · ${words.t('fate unknown: {0}', change.fateMissing)}`;
  return text;
}

function orderRow(r: SortableRow, ctx: RowContext, parentOid?: number): OrderRow {
  const { order, market, change } = r;
  const gone = change?.kind === 'gone';
  const mid = gone ? undefined : ctx.mid(market);
  const price = order.isTrigger === true && order.triggerPx !== undefined && !isZero(order.triggerPx) ? order.triggerPx : order.limitPx;
  const fromMid = distanceFromMid(price, mid);
  const sideIcon = order.side === 'B' ? BID_ICON : ASK_ICON;
  const row: OrderRow = {
    kind: 'order',
    id: parentOid === undefined ? ctx.uniqueId(gone ? 'gone' : 'order', order.oid) : `child:${ctx.address}:${parentOid}:${order.oid}`,
    label: market.name,
    description: describe(order, market, change, fromMid, ctx.words),
    // A gone order keeps its side's arrow, greyed out: it is history, not a live order.
    icon: gone ? { id: sideIcon.id, color: 'disabledForeground' } : sideIcon,
    contextValue: gone ? 'orderGone' : 'order',
    market,
    order,
    change,
  };
  if (fromMid !== undefined) row.fromMid = fromMid;
  if (order.children && !gone && parentOid === undefined) {
    row.children = order.children.map((c) => orderRow(sortable(ctx.market(market.dex, c.coin), c, undefined), ctx, order.oid));
  }
  return row;
}
