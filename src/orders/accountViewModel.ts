/**
 * The account behind a wallet's orders, as rows: per perp dex its account (value, margin used,
 * withdrawable) and positions, each with its TP/SL and reduce-only orders (moved there from the dex's
 * orders, and still counted among them) and whether a stop protects it; the spot balances; what changed
 * since the last refresh (opened, closed, flipped, grown, reduced). Plain data, no `vscode`: the words
 * come through the `Translate` the host hands in. Figures by the rule of `accountFigures.ts`.
 */
import { add, cmp, dec, mul, ZERO, type Dec } from '../core/exactDecimal';
import type { OpenOrder, PerpAccount, PerpPosition, SpotBalance, SpotMeta, UnreadableItem, UserRole } from '../core/model';
import { describeError } from '../core/errors';
import { compareDecimals } from '../core/units';
import { isoTime, type Translate } from '../view/format';
import type { WalletAccountResult } from './accountSource';
import {
  AMOUNT_DIGITS,
  NEAR_LIQUIDATION_PERCENT,
  PERCENT_DIGITS,
  PRICE_SIGNIFICANT,
  positionFigures,
  showAmount,
  showExact,
  showPrice,
  showSize,
  type PositionFigures,
} from './accountFigures';
import { marketOf, orderCountText, positionCountText, type GroupRow, type IconRef, type OrderRow, type WalletView } from './ordersViewModel';

/** What the last good refresh knows of a wallet's account (a failed part keeps what it had). */
export interface AccountSnapshot {
  /** Each perp dex's account, by dex ("" = the first perp dex). */
  perps: ReadonlyMap<string, PerpAccount>;
  /** Spot balances; undefined when never fetched. */
  spot?: readonly SpotBalance[];
  /** The balances of the same answer as `spot` that could not be read. */
  spotUnreadable?: readonly UnreadableItem[];
  role?: UserRole;
}

/** What a refresh's account answers make of the last snapshot: a part that failed keeps what it had. */
export interface AccountRefresh {
  snapshot: AccountSnapshot;
  /** Why parts failed this time, in words: per perp dex, and the spot balances. */
  errors: { perps: Map<string, string>; spot?: string };
  /** The dexs whose account arrived this time (the others, if shown, are older). */
  answered: Set<string>;
}

/** `unanswered`: dexs whose orders failed too (e.g. not asked once rate-limited): their older account stays as well. */
export function mergeAccount(result: WalletAccountResult, before: AccountSnapshot | undefined, unanswered: Iterable<string> = []): AccountRefresh {
  const perps = new Map(result.perps);
  for (const dex of [...result.perpErrors.keys(), ...unanswered]) {
    const old = before?.perps.get(dex);
    if (old && !perps.has(dex)) perps.set(dex, old);
  }
  const errors = {
    perps: new Map([...result.perpErrors].map(([dex, e]) => [dex, describeError(e)])),
    spot: result.spotError && describeError(result.spotError),
  };
  const spot = result.spot ?? before?.spot;
  const spotUnreadable = result.spot ? result.spotUnreadable : before?.spotUnreadable;
  return { snapshot: { perps, spot, spotUnreadable, role: result.role ?? before?.role }, errors, answered: new Set(result.perps.keys()) };
}

export type PositionChange = { kind: 'opened' } | { kind: 'grown' | 'reduced' | 'flipped'; from: string };

export interface PositionChanges {
  /** By `positionKey(dex, coin)`, for positions of the current snapshot. */
  changed: Map<string, PositionChange>;
  /** Positions of the previous snapshot that are no longer open. */
  closed: { dex: string; position: PerpPosition }[];
}

export const NO_POSITION_CHANGES: PositionChanges = Object.freeze({ changed: new Map<string, PositionChange>(), closed: [] });

export function positionKey(dex: string, coin: string): string {
  return `${dex}\u0000${coin}`;
}

const sizeSign = (szi: string) => (szi.startsWith('-') ? -1 : 1);
const magnitude = (szi: string) => (szi.startsWith('-') ? szi.slice(1) : szi);

/**
 * What changed between two snapshots, per dex and coin, on the dexs `answered` this time (a dex that
 * failed keeps its older positions, unmarked). Without a previous snapshot nothing is marked.
 */
export function diffPositions(previous: AccountSnapshot | undefined, current: AccountSnapshot, answered: ReadonlySet<string>): PositionChanges {
  const changes: PositionChanges = { changed: new Map(), closed: [] };
  if (!previous) return changes;
  for (const dex of answered) {
    const before = new Map((previous.perps.get(dex)?.positions ?? []).map((p) => [p.coin, p]));
    // A dex the previous refresh did not know (it failed then) has no "before": nothing to compare.
    if (!previous.perps.has(dex)) continue;
    for (const p of current.perps.get(dex)?.positions ?? []) {
      const old = before.get(p.coin);
      before.delete(p.coin);
      const key = positionKey(dex, p.coin);
      if (!old) changes.changed.set(key, { kind: 'opened' });
      else if (sizeSign(old.szi) !== sizeSign(p.szi)) changes.changed.set(key, { kind: 'flipped', from: old.szi });
      else {
        const grew = compareDecimals(magnitude(p.szi), magnitude(old.szi));
        if (grew !== 0) changes.changed.set(key, { kind: grew > 0 ? 'grown' : 'reduced', from: old.szi });
      }
    }
    for (const position of before.values()) changes.closed.push({ dex, position });
  }
  return changes;
}

// ---- rows ----

export const LONG_ICON: IconRef = { id: 'triangle-up', color: 'charts.green' };
export const SHORT_ICON: IconRef = { id: 'triangle-down', color: 'charts.red' };
export const NEAR_LIQUIDATION_ICON: IconRef = { id: 'warning', color: 'list.warningForeground' };

/** A tooltip as plain data: a title, an optional first paragraph, `name: value` lines, a closing note. */
export interface TooltipContent {
  title: string;
  intro?: string;
  lines: [name: string, value: string][];
  note?: string;
}

export interface PositionRow {
  kind: 'position';
  /** `position:<addr>:<dex>:<coin>` (`positionClosed:…` when closed since the last refresh). */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  contextValue: 'position' | 'positionClosed';
  dex: string;
  /** The dex's collateral unit, where known. */
  unit?: string;
  position: PerpPosition;
  figures: PositionFigures;
  change?: PositionChange | { kind: 'closed' };
  /** Its TP/SL and reduce-only orders, moved here from the dex's orders (and still counted among them). */
  orders: OrderRow[];
  /** `stop`: a stop-loss protects it; `none`: none does; `unknown`: the provider lists no trigger orders. */
  protection: 'stop' | 'none' | 'unknown';
  /** What a screen reader says for the row. */
  accessibleLabel: string;
  /** Every field, exact; built when the user hovers. */
  tooltip(): TooltipContent;
}

export interface AccountRow {
  kind: 'account';
  /** `account:<addr>:<dex>`. */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  dex: string;
  unit?: string;
  account: PerpAccount;
  tooltip(): TooltipContent;
}

export interface BalanceRow {
  kind: 'balance';
  /** `balance:<addr>:<token>`. */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  balance: SpotBalance;
  tooltip(): TooltipContent;
}

/** An item of an answer (a position, a spot balance) that could not be read: where it was and why. */
export interface UnreadableRow {
  kind: 'unreadable';
  /** `unreadable:<addr>:balances:<index>` or `unreadable:<addr>:<dex>:<index>`. */
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  item: UnreadableItem;
  tooltip(): TooltipContent;
}

/** One perp dex's part of the account view. */
export interface DexAccountView {
  account?: AccountRow;
  positions: PositionRow[];
  /** Positions of the answer that could not be read (the others are shown). */
  unreadable: UnreadableRow[];
  /** Why this dex's account could not be fetched at the last refresh (what is shown, if anything, is older). */
  error?: string;
}

export interface AccountView {
  /** The wallet's groups with the account in them: dexs with positions, the spot balances group. */
  groups: GroupRow[];
  dexs: Map<string, DexAccountView>;
  balances: BalanceRow[];
  /** Balances of the answer that could not be read (the others are shown). */
  unreadableBalances: UnreadableRow[];
  balancesError?: string;
  positionCount: number;
  role?: UserRole;
}

export interface AccountViewInput {
  address: string;
  /** The orders' view, built first: its groups get the account added and its TP/SL moved. */
  view: WalletView;
  account: AccountSnapshot;
  changes?: PositionChanges;
  /** Why parts could not be fetched at the last refresh: per perp dex, and spot. */
  dexErrors?: ReadonlyMap<string, string>;
  spotError?: string;
  /** Each perp dex's unit ("" is USDC). */
  units?: ReadonlyMap<string, string>;
  spotMeta?: SpotMeta;
  /** Whether the orders came with their types and triggers (`frontendOpenOrders`): else stops are unknown. */
  rich: boolean;
  t: Translate;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The orders' view with the account added: the one model the tree draws for a wallet. */
export function buildAccountView(input: AccountViewInput): AccountView {
  const { address, t } = input;
  const changes = input.changes ?? NO_POSITION_CHANGES;
  // Shallow copies: a group whose orders move under positions gets a new orders array, the view's stay.
  const groups = input.view.groups.map((g) => ({ ...g }));
  const perpsGroup = (dex: string): GroupRow => {
    let g = groups.find((x) => x.groupKind === 'perps' && x.dex === dex);
    if (!g) {
      g = {
        kind: 'group',
        id: `group:${address}:${dex}`,
        groupKind: 'perps',
        dex,
        label: dex === '' ? t('Perps') : dex,
        description: '',
        icon: { id: dex === '' ? 'graph-line' : 'layers' },
        contextValue: 'group',
        orders: [],
      };
      groups.push(g);
    }
    return g;
  };
  const dexs = new Map<string, DexAccountView>();
  let positionCount = 0;
  const dexNames = new Set([...input.account.perps.keys(), ...(input.dexErrors?.keys() ?? []), ...changes.closed.map((c) => c.dex)]);
  for (const dex of dexNames) {
    const account = input.account.perps.get(dex);
    const error = input.dexErrors?.get(dex);
    const closed = changes.closed.filter((c) => c.dex === dex);
    const unreadable = (account?.unreadable ?? []).map((item) => unreadableRow(item, 'position', `${address}:${dex}`, t));
    const shown =
      account !== undefined && (account.positions.length > 0 || unreadable.length > 0 || !isZero(account.accountValue) || !isZero(account.totalMarginUsed));
    if (!shown && error === undefined && closed.length === 0) continue;
    const unit = dex === '' ? (input.units?.get('') ?? 'USDC') : input.units?.get(dex);
    const group = perpsGroup(dex);
    const ctx: RowContext = { address, dex, unit, t, rich: input.rich };
    const moves = new OrderMoves(group);
    const positions = (account?.positions ?? []).map((p) => positionRow(p, changes.changed.get(positionKey(dex, p.coin)), ctx, moves));
    moves.apply();
    positions.sort((a, b) => collator.compare(a.label, b.label));
    positions.push(...closed.map((c) => positionRow(c.position, { kind: 'closed' }, ctx, undefined)));
    positionCount += account?.positions.length ?? 0;
    dexs.set(dex, { account: shown && account ? accountRow(account, ctx) : undefined, positions, unreadable, error });
    const orders = orderCountText(countOrders(group), t);
    const described = positions.length > 0 ? `${positionCountText(account?.positions.length ?? 0, t)} · ${orders}` : orders;
    group.description = unreadable.length > 0 ? `${described} · ${unreadableCountText(unreadable.length, t)}` : described;
  }
  const balances = balanceRows(input);
  const unreadableBalances = (input.account.spotUnreadable ?? []).map((item) => unreadableRow(item, 'balance', `${address}:balances`, t));
  if (balances.length > 0 || unreadableBalances.length > 0 || input.spotError !== undefined)
    groups.push(balancesGroup(address, balances.length, unreadableBalances.length, input.spotError, t));
  return { groups: ordered(groups), dexs, balances, unreadableBalances, balancesError: input.spotError, positionCount, role: input.account.role };
}

function unreadableCountText(n: number, t: Translate): string {
  return n === 1 ? t('1 could not be read') : t('{0} could not be read', n.toLocaleString('en-US'));
}

/**
 * A row for an item of an answer that could not be read: the coin it names (or its place in the list),
 * and why; the rest of the answer is shown as usual.
 */
function unreadableRow(item: UnreadableItem, what: 'position' | 'balance', key: string, t: Translate): UnreadableRow {
  const place = (what === 'position' ? 'assetPositions.' : 'balances.') + item.index;
  const row: UnreadableRow = {
    kind: 'unreadable',
    id: `unreadable:${key}:${item.index}`,
    label: item.coin ?? (what === 'position' ? t('Position {0}', item.index + 1) : t('Balance {0}', item.index + 1)),
    description: what === 'position' ? t('this position could not be read: {0}', item.problem) : t('this balance could not be read: {0}', item.problem),
    icon: { id: 'warning', color: 'list.warningForeground' },
    item,
    tooltip: () => ({
      title: what === 'position' ? t('A position that could not be read') : t('A spot balance that could not be read'),
      lines: [[t('Place in the answer'), place], ...(item.coin !== undefined ? [[t('Coin'), item.coin] as [string, string]] : []), [t('Why'), item.problem]],
      note: t('The rest of the answer is shown; only this item is left out, because its shape is not one this extension reads.'),
    }),
  };
  return row;
}

function isZero(decimal: string): boolean {
  return /^-?0+(\.0+)?$/.test(decimal);
}

/** Orders of a group, with their attached TP/SL; moved orders still count. */
function countOrders(group: GroupRow): number {
  let n = 0;
  for (const o of group.orders) n += 1 + (o.children?.length ?? 0);
  return n + (group.movedOrders ?? 0);
}

interface RowContext {
  address: string;
  dex: string;
  unit?: string;
  t: Translate;
  rich: boolean;
}

/** Perps groups first (the first dex, then by name), then spot, spot balances, outcomes, gone. */
function ordered(groups: GroupRow[]): GroupRow[] {
  const rank = (g: GroupRow) => ({ perps: 0, spot: 1, balances: 2, outcome: 3, gone: 4 })[g.groupKind];
  return [...groups].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r !== 0 || a.groupKind !== 'perps') return r;
    return a.dex === b.dex ? 0 : a.dex === '' ? -1 : b.dex === '' ? 1 : collator.compare(a.dex ?? '', b.dex ?? '');
  });
}

/** Whether `order` reduces a position of `side` on its coin: a position TP/SL or a reduce-only order that sells a long or buys a short. */
export function protects(order: OpenOrder, side: 'long' | 'short'): boolean {
  if ((side === 'long' ? 'A' : 'B') !== order.side) return false;
  return order.isPositionTpsl === true || order.reduceOnly === true;
}

/** A trigger order that limits the loss: a stop by its type, or, untyped, one that triggers on the losing side of the mark. */
export function isStopLoss(order: OpenOrder, p: PerpPosition): boolean {
  if (order.isTrigger !== true || order.triggerPx === undefined) return false;
  const type = order.orderType ?? '';
  if (/take profit/i.test(type)) return false;
  if (/stop/i.test(type)) return true;
  // trigger < mark  ⇔  trigger × |szi| < positionValue (exactly: the mark is positionValue ÷ |szi|)
  const size = dec(p.szi.replace('-', ''));
  const below = cmp(mul(dec(order.triggerPx), size), dec(p.positionValue)) < 0;
  return p.szi.startsWith('-') ? !below : below;
}

function positionRow(p: PerpPosition, change: PositionRow['change'], ctx: RowContext, moves: OrderMoves | undefined): PositionRow {
  const figures = positionFigures(p);
  const closed = change?.kind === 'closed';
  const orders = moves && !closed ? moves.take(p.coin, figures.side) : [];
  const protection = orders.some((o) => isStopLoss(o.order, p)) ? 'stop' : ctx.rich ? 'none' : 'unknown';
  const name = marketOf(p.coin, ctx.dex, undefined).name;
  const sideIcon = figures.side === 'long' ? LONG_ICON : SHORT_ICON;
  const description = closed ? closedText(figures, name, ctx) : describePosition(p, figures, name, change, orders, ctx);
  const row: PositionRow = {
    kind: 'position',
    id: `${closed ? 'positionClosed' : 'position'}:${ctx.address}:${ctx.dex}:${p.coin}`,
    label: name,
    description,
    icon: closed ? { id: sideIcon.id, color: 'disabledForeground' } : figures.nearLiquidation ? NEAR_LIQUIDATION_ICON : sideIcon,
    contextValue: closed ? 'positionClosed' : 'position',
    dex: ctx.dex,
    unit: ctx.unit,
    position: p,
    figures,
    change,
    orders,
    protection,
    accessibleLabel: [name, description, figures.nearLiquidation ? ctx.t('near liquidation') : ''].filter(Boolean).join(', '),
    tooltip: () => positionTooltip(row, ctx.t),
  };
  return row;
}

/**
 * The group's orders that reduce a position, moved under it; the group keeps counting them. The orders
 * are looked up by coin (one pass over a group of up to 5,000), and the group's list is rebuilt once.
 */
class OrderMoves {
  private byCoin?: Map<string, OrderRow[]>;
  private readonly taken = new Set<OrderRow>();

  constructor(private readonly group: GroupRow) {}

  take(coin: string, side: 'long' | 'short'): OrderRow[] {
    if (!this.byCoin) {
      this.byCoin = new Map();
      for (const row of this.group.orders) {
        const list = this.byCoin.get(row.market.rawCoin);
        if (list) list.push(row);
        else this.byCoin.set(row.market.rawCoin, [row]);
      }
    }
    const taken = (this.byCoin.get(coin) ?? []).filter((row) => protects(row.order, side));
    for (const row of taken) this.taken.add(row);
    return taken;
  }

  apply(): void {
    if (this.taken.size === 0) return;
    this.group.orders = this.group.orders.filter((row) => !this.taken.has(row));
    let moved = 0;
    for (const row of this.taken) moved += 1 + (row.children?.length ?? 0);
    this.group.movedOrders = (this.group.movedOrders ?? 0) + moved;
  }
}

const withUnit = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

function sideText(side: 'long' | 'short', t: Translate): string {
  return side === 'long' ? t('Long') : t('Short');
}

function describePosition(
  p: PerpPosition,
  f: PositionFigures,
  name: string,
  change: PositionRow['change'],
  orders: readonly OrderRow[],
  ctx: RowContext,
): string {
  const { t, unit } = ctx;
  const from = change && change.kind !== 'opened' && change.kind !== 'closed' ? showSize(change.from.replace('-', '')) : undefined;
  const sized =
    change?.kind === 'flipped'
      ? t('{0} {1} → {2} {3} {4}', sideText(change.from.startsWith('-') ? 'short' : 'long', t), from!, sideText(f.side, t).toLowerCase(), f.size, name)
      : from !== undefined
        ? `${sideText(f.side, t)} ${from} → ${f.size} ${name}`
        : `${sideText(f.side, t)} ${f.size} ${name}`;
  const liquidation =
    f.liquidation === undefined
      ? t('no liquidation price')
      : f.nearLiquidation
        ? t('liq {0} ({1}% away: near liquidation)', withUnit(f.liquidation, unit), f.liquidationDistance ?? '—')
        : t('liq {0} ({1}% away)', withUnit(f.liquidation, unit), f.liquidationDistance ?? '—');
  return [
    sized,
    t('entry {0}', f.entry),
    t('mark {0}', withUnit(f.mark, unit)),
    t('PnL {0} (ROE {1}%)', withUnit(f.pnl, unit), f.roe),
    leverageText(p, t),
    liquidation,
    protectionText(p, f, orders, ctx),
    changeWord(change, t),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "10× cross", "5× isolated". */
export function leverageText(p: PerpPosition, t: Translate): string {
  return p.leverage.type === 'isolated' ? t('{0}× isolated', p.leverage.value) : t('{0}× cross', p.leverage.value);
}

function changeWord(change: PositionRow['change'], t: Translate): string {
  switch (change?.kind) {
    case 'opened':
      return t('opened');
    case 'grown':
      return t('grown');
    case 'reduced':
      return t('reduced');
    case 'flipped':
      return t('flipped');
    default:
      return '';
  }
}

/** Whether the stops cover the whole position: a position TP/SL (`sz` 0 = all of it), or stop sizes adding up to it. */
function coversAll(stops: readonly OrderRow[], size: Dec): boolean {
  if (stops.some((s) => s.order.isPositionTpsl === true && /^0+(\.0+)?$/.test(s.order.sz))) return true;
  return (
    cmp(
      stops.reduce((sum, s) => add(sum, dec(s.order.sz)), ZERO),
      size,
    ) >= 0
  );
}

/** "SL 96,000", "SL 96,000 for 0.25 of 0.5", "TP 3,750 · no stop-loss", "no stop-loss"; no word on stops when unknown. */
function protectionText(p: PerpPosition, f: PositionFigures, orders: readonly OrderRow[], ctx: RowContext): string {
  const { t } = ctx;
  const stops = orders.filter((o) => isStopLoss(o.order, p));
  const tps = orders.filter((o) => o.order.isTrigger === true && o.order.triggerPx !== undefined && !stops.includes(o));
  const tp = tps.length > 0 ? t('TP {0}', showPrice(tps[0]!.order.triggerPx!)) : '';
  if (stops.length === 0) return ctx.rich ? [tp, t('no stop-loss')].filter(Boolean).join(' · ') : tp;
  const trigger = showPrice(stops[0]!.order.triggerPx!);
  const covered = stops.reduce((sum, s) => add(sum, dec(s.order.sz)), ZERO);
  const sl = coversAll(stops, f.sizeDec) ? t('SL {0}', trigger) : t('SL {0} for {1} of {2}', trigger, showSize(covered), f.size);
  return [sl, tp].filter(Boolean).join(' · ');
}

function closedText(f: PositionFigures, name: string, ctx: RowContext): string {
  return ctx.t('closed since the last refresh · was {0} {1} {2} · entry {3}', sideText(f.side, ctx.t).toLowerCase(), f.size, name, f.entry);
}

function accountRow(a: PerpAccount, ctx: RowContext): AccountRow {
  const { t, unit } = ctx;
  return {
    kind: 'account',
    id: `account:${ctx.address}:${ctx.dex}`,
    label: t('Account'),
    description: [
      t('value {0}', withUnit(showAmount(a.accountValue), unit)),
      t('margin used {0}', withUnit(showAmount(a.totalMarginUsed), unit)),
      t('withdrawable {0}', withUnit(showAmount(a.withdrawable), unit)),
    ].join(' · '),
    icon: { id: 'dashboard' },
    dex: ctx.dex,
    unit,
    account: a,
    tooltip: () => accountTooltip(a, ctx),
  };
}

/** A spot balance's token name: as sent, or for an `@N`-style name the token's name from `spotMeta`. */
export function tokenName(b: SpotBalance, spotMeta: SpotMeta | undefined): string {
  if (!/^@\d+$/.test(b.coin) || b.token === undefined) return b.coin;
  return spotMeta?.tokens.find((x) => x.index === b.token)?.name ?? b.coin;
}

/**
 * Whether a balance is a share of an outcome market: Hyperliquid sends those without a `token`, their
 * coin `+N` or `oN` (nktkas/hyperliquid's `spotClearinghouseState`).
 */
export function isOutcomeShare(b: SpotBalance): boolean {
  return b.token === undefined && /^[+o]\d{1,12}$/.test(b.coin);
}

function balanceRows(input: AccountViewInput): BalanceRow[] {
  const { t } = input;
  const rows = (input.account.spot ?? [])
    .filter((b) => !isZero(b.total) || !isZero(b.hold))
    .map((b): BalanceRow => {
      const name = tokenName(b, input.spotMeta);
      const share = isOutcomeShare(b);
      // Signed as sent: under portfolio margin a balance can be below zero (`−12.5 USDC`).
      const total = share ? t('outcome share · {0}', showSize(b.total)) : t('{0} {1}', showSize(b.total), name);
      const hold = share ? t('{0} on hold', showSize(b.hold)) : t('{0} {1} on hold', showSize(b.hold), name);
      return {
        kind: 'balance',
        id: `balance:${input.address}:${b.token !== undefined ? b.token : `coin:${b.coin}`}`,
        label: name,
        description: isZero(b.hold) ? total : `${total} · ${hold}`,
        icon: { id: share ? 'pie-chart' : isZero(b.hold) ? 'circle-filled' : 'lock' },
        balance: b,
        tooltip: () => balanceTooltip(b, name, t),
      };
    });
  return rows.sort((a, b) => collator.compare(a.label, b.label));
}

function balancesGroup(address: string, count: number, unreadable: number, error: string | undefined, t: Translate): GroupRow {
  const tokens = count === 1 ? t('1 token') : t('{0} tokens', count.toLocaleString('en-US'));
  return {
    kind: 'group',
    id: `group:${address}:balances`,
    groupKind: 'balances',
    label: t('Spot balances'),
    description: unreadable > 0 ? `${tokens} · ${unreadableCountText(unreadable, t)}` : tokens,
    icon: error === undefined && unreadable === 0 ? { id: 'database' } : { id: 'warning', color: 'list.warningForeground' },
    contextValue: 'group',
    orders: [],
    error,
  };
}

// ---- tooltips: every field, exact, with its unit ----

const unknownUnit = (t: Translate) => t('the dex’s collateral (unit not known)');

/** The rule by which figures are rounded, said where they are read. */
function roundingNote(t: Translate): string {
  return t(
    'Figures are exact from Hyperliquid’s answer and rounded once, half away from zero: amounts to {0} decimals, percentages to {1}, prices to {2} significant digits; sizes are not rounded. The exact values are above.',
    AMOUNT_DIGITS,
    PERCENT_DIGITS,
    PRICE_SIGNIFICANT,
  );
}

function positionTooltip(row: PositionRow, t: Translate): TooltipContent {
  const { position: p, figures: f, unit } = row;
  const withU = (value: string) => withUnit(value, unit ?? unknownUnit(t));
  const intro =
    row.change?.kind === 'closed'
      ? t('Closed since the previous refresh; the figures are from then.')
      : f.nearLiquidation
        ? t('Within {0}% of its liquidation price.', NEAR_LIQUIDATION_PERCENT)
        : undefined;
  const lines: [string, string][] = [
    [t('Coin'), p.coin],
    [t('Market'), row.dex === '' ? t('Perps') : t('Perps on dex “{0}”', row.dex)],
    [t('Size (signed: + long, − short)'), `${showExact(p.szi)} ${row.label}`],
    [t('Entry price'), withU(showExact(p.entryPx))],
    [t('Mark price (position value ÷ size)'), withU(f.mark)],
    [t('Position value'), withU(showExact(p.positionValue))],
    [t('Unrealized PnL'), withU(showExact(p.unrealizedPnl))],
    [t('Return on equity'), `${f.roe}% (${showExact(p.returnOnEquity)})`],
    [t('Leverage'), leverageText(p, t) + (p.maxLeverage !== undefined ? ` (${t('max {0}×', p.maxLeverage)})` : '')],
    [t('Margin used'), withU(showExact(p.marginUsed))],
  ];
  if (p.leverage.type === 'isolated' && p.leverage.rawUsd !== undefined) lines.push([t('Isolated margin, raw'), withU(showExact(p.leverage.rawUsd))]);
  lines.push([
    t('Liquidation price'),
    p.liquidationPx === undefined ? t('none (Hyperliquid sends none for this position)') : withU(showExact(p.liquidationPx)),
  ]);
  if (f.liquidationDistance !== undefined) lines.push([t('Distance from the mark to liquidation'), `${f.liquidationDistance}%`]);
  if (p.cumFunding) {
    // Signed as Hyperliquid sends cumFunding.
    lines.push(
      [t('Funding since open (cumFunding.sinceOpen)'), withU(showAmount(p.cumFunding.sinceOpen, true))],
      [t('Funding since the last size change'), withU(showAmount(p.cumFunding.sinceChange, true))],
      [t('Funding, all time'), withU(showAmount(p.cumFunding.allTime, true))],
    );
  } else lines.push([t('Funding since open'), t('not sent by the provider')]);
  lines.push([
    t('Stop-loss'),
    row.protection === 'stop'
      ? t('yes (its orders are listed under the position)')
      : row.protection === 'none'
        ? t('none: no stop order reduces this position')
        : t('unknown: the provider lists no trigger orders (frontendOpenOrders)'),
  ]);
  const side = f.side === 'long' ? t('Long') : t('Short');
  return { title: `${row.label} · ${side}`, intro, lines, note: roundingNote(t) };
}

function accountTooltip(a: PerpAccount, ctx: RowContext): TooltipContent {
  const { t } = ctx;
  const withU = (value: string) => withUnit(value, ctx.unit ?? unknownUnit(t));
  const lines: [string, string][] = [
    [t('Account value'), withU(showExact(a.accountValue))],
    [t('Margin used'), withU(showExact(a.totalMarginUsed))],
    [t('Total position notional'), withU(showExact(a.totalNtlPos))],
  ];
  if (a.crossMaintenanceMarginUsed !== undefined) lines.push([t('Cross maintenance margin'), withU(showExact(a.crossMaintenanceMarginUsed))]);
  lines.push([t('Withdrawable'), withU(showExact(a.withdrawable))]);
  if (a.time !== undefined) lines.push([t('As of'), isoTime(a.time)]);
  return { title: ctx.dex === '' ? t('Perps account') : t('Perps account on dex “{0}”', ctx.dex), lines, note: roundingNote(t) };
}

function balanceTooltip(b: SpotBalance, name: string, t: Translate): TooltipContent {
  const share = isOutcomeShare(b);
  const token =
    b.token === undefined
      ? share
        ? t('{0} (an outcome market’s share: no token index)', b.coin)
        : t('{0} (no token index)', b.coin)
      : b.coin === name
        ? `${b.coin} (${b.token})`
        : `${name} (${b.coin}, ${b.token})`;
  const lines: [string, string][] = [
    [t('Token'), token],
    [t('Total'), `${showExact(b.total)} ${name}`],
    [t('On hold (in open orders)'), `${showExact(b.hold)} ${name}`],
  ];
  if (b.entryNtl !== undefined) lines.push([t('Entry notional'), `${showExact(b.entryNtl)} USDC`]);
  const negative = [b.total, b.hold, b.entryNtl].some((x) => x !== undefined && x.startsWith('-') && !isZero(x));
  return {
    title: share ? t('Outcome share: {0}', name) : t('Spot balance: {0}', name),
    lines,
    note: negative ? t('Below zero, as Hyperliquid sends it: under portfolio margin a spot balance can be negative (borrowed).') : undefined,
  };
}
