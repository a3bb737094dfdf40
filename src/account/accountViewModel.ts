/**
 * The account behind a wallet's orders, as rows: per perp dex its account (value, margin used,
 * withdrawable) and positions, each with the orders that reduce it (its TP/SL and reduce-only orders, as
 * the caller hands them: Open Orders moves them there from the dex's orders) and whether a stop protects
 * it; the spot balances; what changed since the last refresh (opened, closed, flipped, grown, reduced).
 * Plain data, no `vscode`: the words come through the `Translate` the host hands in. Figures by the rule
 * of `accountFigures.ts`. Where the rows go in a wallet's tree is the caller's.
 */
import { add, cmp, dec, mul, ZERO, type Dec } from '../core/exactDecimal';
import type { OpenOrder, PerpAccount, PerpPosition, SpotBalance, SpotMeta, UnreadableItem, UserRole } from '../core/model';
import { describeError } from '../core/errors';
import { compareDecimals } from '../core/units';
import { nameOnDex } from '../view/coinNames';
import { isoTime, type Translate } from '../view/format';
import type { IconRef, TooltipContent } from '../view/treeRows';
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
  type PositionSide,
} from './accountFigures';

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

/** An order as a position reads it: the order as sent (the orders' rows carry it so). */
export interface PositionOrder {
  order: OpenOrder;
}

export interface PositionRow<O extends PositionOrder = PositionOrder> {
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
  /** Its TP/SL and reduce-only orders, as the caller handed them (Open Orders: moved here from the dex's orders, and still counted among them). */
  orders: O[];
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
export interface DexAccountView<O extends PositionOrder = PositionOrder> {
  account?: AccountRow;
  positions: PositionRow<O>[];
  /** Positions of the answer that could not be read (the others are shown). */
  unreadable: UnreadableRow[];
  /** Why this dex's account could not be fetched at the last refresh (what is shown, if anything, is older). */
  error?: string;
}

/** A wallet's account as rows: per perp dex, the spot balances, the role. */
export interface AccountRows<O extends PositionOrder = PositionOrder> {
  dexs: Map<string, DexAccountView<O>>;
  balances: BalanceRow[];
  /** Balances of the answer that could not be read (the others are shown). */
  unreadableBalances: UnreadableRow[];
  balancesError?: string;
  positionCount: number;
  role?: UserRole;
}

export interface AccountRowsInput {
  address: string;
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

/**
 * The orders that reduce one dex's positions, asked as its positions are built: `take` hands a position
 * the orders that go under it, `done` says the dex's positions are all built.
 */
export interface PositionOrders<O extends PositionOrder> {
  take(coin: string, side: PositionSide): O[];
  done(): void;
}

/**
 * The account's rows: per perp dex with something to show (an account, positions, an error, positions
 * closed since the last refresh), its account row and positions, each position with the orders
 * `ordersOf(dex)` hands it (asked once per dex shown, in the order they are shown); the spot balances.
 */
export function buildAccountRows<O extends PositionOrder>(input: AccountRowsInput, ordersOf: (dex: string) => PositionOrders<O>): AccountRows<O> {
  const { address, t } = input;
  const changes = input.changes ?? NO_POSITION_CHANGES;
  const dexs = new Map<string, DexAccountView<O>>();
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
    const orders = ordersOf(dex);
    const ctx: RowContext = { address, dex, unit, t, rich: input.rich };
    const positions = (account?.positions ?? []).map((p) => positionRow(p, changes.changed.get(positionKey(dex, p.coin)), ctx, orders));
    orders.done();
    positions.sort((a, b) => collator.compare(a.label, b.label));
    positions.push(...closed.map((c) => positionRow<O>(c.position, { kind: 'closed' }, ctx, undefined)));
    positionCount += account?.positions.length ?? 0;
    dexs.set(dex, { account: shown && account ? accountRow(account, ctx) : undefined, positions, unreadable, error });
  }
  const balances = balanceRows(input);
  const unreadableBalances = (input.account.spotUnreadable ?? []).map((item) => unreadableRow(item, 'balance', `${address}:balances`, t));
  return { dexs, balances, unreadableBalances, balancesError: input.spotError, positionCount, role: input.account.role };
}

/** "1 position", "12 positions". */
export function positionCountText(count: number, t: Translate): string {
  return count === 1 ? t('1 position') : t('{0} positions', count.toLocaleString('en-US'));
}

/** What a perps group says with a dex's account in it, after its orders' count: "1 position · 3 orders · 1 could not be read". */
export function withAccountCounts(ordersText: string, dex: DexAccountView<PositionOrder>, t: Translate): string {
  const open = dex.positions.filter((p) => p.change?.kind !== 'closed').length;
  const described = dex.positions.length > 0 ? `${positionCountText(open, t)} · ${ordersText}` : ordersText;
  return dex.unreadable.length > 0 ? `${described} · ${unreadableCountText(dex.unreadable.length, t)}` : described;
}

/** The spot balances' heading ("3 tokens · 1 could not be read"), when there is anything to say of them. */
export function balancesHeading(rows: AccountRows<PositionOrder>, t: Translate): { label: string; description: string; icon: IconRef } | undefined {
  const count = rows.balances.length;
  const unreadable = rows.unreadableBalances.length;
  if (count === 0 && unreadable === 0 && rows.balancesError === undefined) return undefined;
  const tokens = count === 1 ? t('1 token') : t('{0} tokens', count.toLocaleString('en-US'));
  return {
    label: t('Spot balances'),
    description: unreadable > 0 ? `${tokens} · ${unreadableCountText(unreadable, t)}` : tokens,
    icon: rows.balancesError === undefined && unreadable === 0 ? { id: 'database' } : { id: 'warning', color: 'list.warningForeground' },
  };
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

interface RowContext {
  address: string;
  dex: string;
  unit?: string;
  t: Translate;
  rich: boolean;
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

function positionRow<O extends PositionOrder>(
  p: PerpPosition,
  change: PositionRow['change'],
  ctx: RowContext,
  moves: PositionOrders<O> | undefined,
): PositionRow<O> {
  const figures = positionFigures(p);
  const closed = change?.kind === 'closed';
  const orders = moves && !closed ? moves.take(p.coin, figures.side) : [];
  const protection = orders.some((o) => isStopLoss(o.order, p)) ? 'stop' : ctx.rich ? 'none' : 'unknown';
  const name = nameOnDex(p.coin, ctx.dex);
  const sideIcon = figures.side === 'long' ? LONG_ICON : SHORT_ICON;
  const description = closed ? closedText(figures, name, ctx) : describePosition(p, figures, name, change, orders, ctx);
  const row: PositionRow<O> = {
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

const withUnit = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

function sideText(side: 'long' | 'short', t: Translate): string {
  return side === 'long' ? t('Long') : t('Short');
}

function describePosition(
  p: PerpPosition,
  f: PositionFigures,
  name: string,
  change: PositionRow['change'],
  orders: readonly PositionOrder[],
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
function coversAll(stops: readonly PositionOrder[], size: Dec): boolean {
  if (stops.some((s) => s.order.isPositionTpsl === true && /^0+(\.0+)?$/.test(s.order.sz))) return true;
  return (
    cmp(
      stops.reduce((sum, s) => add(sum, dec(s.order.sz)), ZERO),
      size,
    ) >= 0
  );
}

/** "SL 96,000", "SL 96,000 for 0.25 of 0.5", "TP 3,750 · no stop-loss", "no stop-loss"; no word on stops when unknown. */
function protectionText(p: PerpPosition, f: PositionFigures, orders: readonly PositionOrder[], ctx: RowContext): string {
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

function balanceRows(input: AccountRowsInput): BalanceRow[] {
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
