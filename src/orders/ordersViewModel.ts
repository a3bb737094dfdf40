/**
 * The Open Orders view-model: which market group an order belongs to, how spot pairs are named, how
 * orders are sorted, what changed since the last refresh, and the rows the tree shows — as plain data,
 * without `vscode`, so it can be unit-tested and benchmarked. Words come in through `OrderTexts`, so the
 * extension can pass `vscode.l10n.t` versions.
 */
import type { OpenOrder, PerpDex, SpotMeta } from '../core/model';
import { compareDecimals, formatUnits, multiplyDecimals } from '../core/units';

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

export type MarketKind = 'perps' | 'spot';

/** Where an order sits in the tree and how its coin is named. */
export interface Market {
  kind: MarketKind;
  /** The perp dex ("" for the first one); "" for spot. */
  dex: string;
  /** What the row shows: `BTC`, `XYZ100` (under its dex), `HYPE/USDC` (for `@107`). */
  name: string;
  /** The coin as the API sent it: `BTC`, `xyz:XYZ100`, `@107`. */
  rawCoin: string;
  /** The unit of the notional: USDC for perps, the pair's quote for spot; undefined when unknown. */
  quote?: string;
}

/** Perps settle in USDC on the first perp dex; HIP-3 dexs do not say otherwise in `perpDexs`. */
export const PERP_QUOTE = 'USDC';

/** Spot orders come back with dex "" like perps; their coin is `@<pair index>` or `BASE/QUOTE`. */
export function isSpotCoin(coin: string): boolean {
  return /^@\d+$/.test(coin) || coin.includes('/');
}

/**
 * The market of `coin` as returned for `dex`. `@N` is resolved by pair `index` (never by array
 * position, which differs in the real data); unknown pairs keep their raw name.
 */
export function marketOf(coin: string, dex: string, spotMeta: SpotMeta | undefined): Market {
  if (dex === '' && isSpotCoin(coin)) {
    const byIndex = /^@(\d+)$/.exec(coin);
    const pair = byIndex ? spotMeta?.pairsByIndex.get(Number(byIndex[1])) : spotMeta?.pairsByName.get(coin);
    if (pair) return { kind: 'spot', dex: '', name: `${pair.base}/${pair.quote}`, rawCoin: coin, quote: pair.quote };
    const slash = coin.indexOf('/');
    return { kind: 'spot', dex: '', name: coin, rawCoin: coin, quote: slash > 0 ? coin.slice(slash + 1) || undefined : undefined };
  }
  // HIP-3 coins carry their dex as a prefix (`xyz:XYZ100`); under the dex's own group the prefix is noise.
  const prefix = `${dex}:`;
  const name = dex !== '' && coin.startsWith(prefix) && coin.length > prefix.length ? coin.slice(prefix.length) : coin;
  return { kind: 'perps', dex, name, rawCoin: coin, quote: PERP_QUOTE };
}

// ---- exact decimals ----

/** A decimal string without trailing fraction zeros (`101240.0` → `101240`, `0.500` → `0.5`). */
export function trimDecimal(decimal: string): string {
  const dot = decimal.indexOf('.');
  if (dot < 0) return decimal;
  let end = decimal.length;
  while (end > dot + 1 && decimal.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (end === dot + 1) end = dot;
  const trimmed = decimal.slice(0, end);
  return trimmed === '' || trimmed === '-' ? '0' : trimmed;
}

/**
 * A decimal for display: trailing zeros dropped, thousands grouped (`101240.0` → `101,240`). Exact.
 * Hand-written rather than regular expressions: it runs twice per order, 5,000 orders per wallet.
 */
export function displayDecimal(decimal: string): string {
  const text = trimDecimal(decimal);
  const sign = text.charCodeAt(0) === 45 /* - */ ? '-' : '';
  const dot = text.indexOf('.');
  const whole = text.slice(sign.length, dot < 0 ? text.length : dot);
  if (whole.length <= 3) return text;
  const head = whole.length % 3 || 3;
  let grouped = whole.slice(0, head);
  for (let i = head; i < whole.length; i += 3) grouped += ',' + whole.slice(i, i + 3);
  return sign + grouped + (dot < 0 ? '' : text.slice(dot));
}

/** `size × price`, exactly (for the tooltip). */
export function notionalOf(order: Pick<OpenOrder, 'sz' | 'limitPx'>): string {
  return multiplyDecimals(order.sz, order.limitPx);
}

const POW10: bigint[] = [1n];
function pow10(n: number): bigint {
  for (let i = POW10.length; i <= n; i++) POW10.push(POW10[i - 1] * 10n);
  return POW10[n];
}

/** The integer digits and scale of a non-negative decimal string: `12.50` → [1250n, 2]. */
function scaled(decimal: string): [bigint, number] {
  const dot = decimal.indexOf('.');
  return dot < 0 ? [BigInt(decimal), 0] : [BigInt(decimal.slice(0, dot) + decimal.slice(dot + 1)), decimal.length - dot - 1];
}

/** `a × b` rounded half-up to `digits` fraction digits, as a display decimal. Exact integer arithmetic. */
export function roundedProduct(a: string, b: string, digits: number): string {
  const fast = roundedProductSafe(a, b, digits);
  if (fast !== undefined) return fast;
  const [x, xs] = scaled(a);
  const [y, ys] = scaled(b);
  let value = x * y;
  let scale = xs + ys;
  if (scale > digits) {
    const drop = pow10(scale - digits);
    value = (value + drop / 2n) / drop;
    scale = digits;
  }
  return displayDecimal(withScale(value.toString(), scale));
}

/**
 * The same with doubles, when it is provably exact (the usual case: it spares 5,000 orders three
 * BigInts each). A decimal of at most 15 digits parses to the double nearest its value, and scaling
 * that by a power of ten and rounding gives back its digits as an integer exactly (error < 0.5 below
 * 2^50). Undefined when it cannot be exact.
 */
function roundedProductSafe(a: string, b: string, digits: number): string | undefined {
  const da = a.indexOf('.');
  const db = b.indexOf('.');
  const as = da < 0 ? 0 : a.length - da - 1;
  const bs = db < 0 ? 0 : b.length - db - 1;
  if (a.length - (da < 0 ? 0 : 1) > 15 || b.length - (db < 0 ? 0 : 1) > 15 || digits > 15) return undefined;
  const product = Math.round(Number(a) * 10 ** as) * Math.round(Number(b) * 10 ** bs);
  if (!Number.isSafeInteger(product)) return undefined;
  let scale = as + bs;
  let value = product;
  if (scale > digits) {
    if (scale - digits > 15) return undefined;
    const drop = 10 ** (scale - digits);
    const rest = value % drop; // exact for integers below 2^53
    value = (value - rest) / drop + (rest * 2 >= drop ? 1 : 0);
    scale = digits;
  }
  if (scale === 0) return groupDigits(String(value));
  const unit = 10 ** scale;
  const fraction = value % unit;
  const whole = groupDigits(String((value - fraction) / unit));
  if (fraction === 0) return whole;
  let text = String(fraction).padStart(scale, '0');
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end--;
  text = text.slice(0, end);
  return `${whole}.${text}`;
}

/** `1234567` → `1,234,567` (digits only). */
function groupDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return out;
}

function withScale(digits: string, scale: number): string {
  if (scale === 0) return digits;
  const text = digits.padStart(scale + 1, '0');
  return `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
}

/** A decimal string rounded half-up to `digits` fraction digits. */
export function roundDecimal(decimal: string, digits: number): string {
  const [value, scale] = scaled(decimal);
  return formatUnits(value, scale, digits);
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
  /** Orders of the previous snapshot that are no longer open: filled or canceled, the API does not say which. */
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

/** A codicon and an optional theme colour id, as plain data. */
export interface IconRef {
  id: string;
  color?: string;
}

export const BID_ICON: IconRef = { id: 'arrow-up', color: 'charts.green' };
export const ASK_ICON: IconRef = { id: 'arrow-down', color: 'charts.red' };

export type OrderChange = { kind: 'new' } | ({ kind: 'resized' } & SizeChange) | { kind: 'gone' };

export interface OrderRow {
  kind: 'order';
  /** Stable across refreshes: `order:<addr>:<oid>` (`gone:<addr>:<oid>` when gone). */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  contextValue: 'order' | 'orderGone';
  market: Market;
  order: OpenOrder;
  change?: OrderChange;
}

export type GroupKind = 'perps' | 'spot' | 'gone';

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
  orders: OrderRow[];
}

export interface WalletView {
  groups: GroupRow[];
  /** Open orders (gone ones not counted). */
  orderCount: number;
}

/** The words of the view; the extension passes `vscode.l10n.t` versions. */
export interface OrderTexts {
  perps: string;
  /** Marks an order that was not there at the last refresh. */
  isNew: string;
  spot: string;
  gone(count: number): string;
  orderCount(count: number): string;
}

/** English texts, for the tests and the benchmark. */
export const ENGLISH_TEXTS: OrderTexts = {
  perps: 'Perps',
  isNew: 'new',
  spot: 'Spot',
  gone: (n) => `Gone since last refresh (${n})`,
  orderCount: (n) => (n === 1 ? '1 order' : `${n} orders`),
};

export interface WalletViewInput {
  address: string;
  orders: readonly WalletOrder[];
  changes?: OrderChanges;
  spotMeta?: SpotMeta;
  /** Known perp dexs (for full names in tooltips). */
  dexs?: readonly PerpDex[];
  texts: OrderTexts;
}

/** Groups, names, sorts and labels a wallet's orders: everything the tree shows, as plain data. */
export function buildWalletView(input: WalletViewInput): WalletView {
  const { address, texts } = input;
  const changes = input.changes ?? NO_CHANGES;
  const uniqueId = uniqueIds(address, input.orders, changes.gone);
  // A few coins repeat across thousands of orders: name each (dex, coin) once.
  const markets = new Map<string, Market>();
  const market = (o: WalletOrder) => {
    const key = `${o.dex}\u0000${o.order.coin}`;
    let m = markets.get(key);
    if (!m) markets.set(key, (m = marketOf(o.order.coin, o.dex, input.spotMeta)));
    return m;
  };

  const buckets = new Map<string, SortableRow[]>(); // "perps:<dex>" or "spot"
  const marked = changes.added.size > 0 || changes.resized.size > 0;
  for (const o of input.orders) {
    const m = market(o);
    const key = m.kind === 'spot' ? 'spot' : `perps:${o.dex}`;
    let change: OrderChange | undefined;
    if (marked) {
      const resized = changes.resized.get(o);
      change = changes.added.has(o) ? { kind: 'new' } : resized ? { kind: 'resized', ...resized } : undefined;
    }
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = []));
    bucket.push(sortable(m, o.order, change));
  }

  const fullNames = new Map((input.dexs ?? []).map((d) => [d.name, d.fullName]));
  const groups: GroupRow[] = [];
  const perpDexNames = [...buckets.keys()]
    .filter((k) => k.startsWith('perps:'))
    .map((k) => k.slice('perps:'.length))
    .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : collator.compare(a, b)));
  for (const dex of perpDexNames) {
    const rows = buckets.get(`perps:${dex}`)!;
    groups.push({
      kind: 'group',
      id: `group:${address}:${dex}`,
      groupKind: 'perps',
      dex,
      label: dex === '' ? texts.perps : dex,
      description: texts.orderCount(rows.length),
      fullName: dex === '' ? undefined : fullNames.get(dex),
      icon: { id: dex === '' ? 'graph-line' : 'layers' },
      contextValue: 'group',
      orders: toRows(rows, texts, uniqueId),
    });
  }
  const spot = buckets.get('spot');
  if (spot) {
    groups.push({
      kind: 'group',
      id: `group:${address}:spot`,
      groupKind: 'spot',
      label: texts.spot,
      description: texts.orderCount(spot.length),
      icon: { id: 'arrow-swap' },
      contextValue: 'group',
      orders: toRows(spot, texts, uniqueId),
    });
  }
  const orderCount = input.orders.length;
  if (changes.gone.length > 0) {
    const gone = changes.gone.map((o) => sortable(market(o), o.order, { kind: 'gone' }));
    groups.push({
      kind: 'group',
      id: `group:${address}:gone`,
      groupKind: 'gone',
      label: texts.gone(gone.length),
      description: '',
      icon: { id: 'history' },
      contextValue: 'groupGone',
      orders: toRows(gone, texts, uniqueId),
    });
  }
  return { groups, orderCount };
}

interface SortableRow extends SortableOrder {
  market: Market;
  change?: OrderChange;
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

function toRows(rows: SortableRow[], texts: OrderTexts, uniqueId: UniqueId): OrderRow[] {
  // Collate the few distinct names once instead of in every comparison.
  const names = [...new Set(rows.map((r) => r.market.name))].sort(collator.compare);
  const rank = new Map(names.map((n, i) => [n, i]));
  for (const r of rows) r.nameRank = rank.get(r.market.name)!;
  rows.sort(compareOrders);
  return rows.map((r) => orderRow(r, texts, uniqueId));
}

function orderRow(r: SortableRow, texts: OrderTexts, uniqueId: UniqueId): OrderRow {
  const { order, market, change } = r;
  const gone = change?.kind === 'gone';
  const size = change?.kind === 'resized' ? `${displayDecimal(change.from)} → ${displayDecimal(change.to)}` : displayDecimal(order.sz);
  const notional = roundedProduct(order.sz, order.limitPx, 2);
  let description = `${size} @ ${displayDecimal(order.limitPx)} · ${market.quote ? `${notional} ${market.quote}` : notional}`;
  if (change?.kind === 'new') description += ` · ${texts.isNew}`;
  const sideIcon = order.side === 'B' ? BID_ICON : ASK_ICON;
  return {
    kind: 'order',
    id: uniqueId(gone ? 'gone' : 'order', order.oid),
    label: market.name,
    description,
    // A gone order keeps its side's arrow, greyed out: it is history, not a live order.
    icon: gone ? { id: sideIcon.id, color: 'disabledForeground' } : sideIcon,
    contextValue: gone ? 'orderGone' : 'order',
    market,
    order,
    change,
  };
}
