/**
 * Schemas for what the info API sends, with valibot, and their mapping to the model. Unknown extra
 * fields are allowed (the info API adds order fields); the fields we use must have the right shape.
 */
import { ADDRESS, CLOID, HASH } from './hex';
import * as v from 'valibot';
import type {
  Fill,
  FundingPayment,
  HistoricalOrder,
  LedgerUpdate,
  OpenOrder,
  OrderFate,
  PerpAccount,
  PerpAsset,
  PerpDex,
  PerpDexMeta,
  PerpPosition,
  SpotBalance,
  SpotMeta,
  SpotPair,
  SpotState,
  TwapSliceFill,
  UnreadableItem,
  UserRole,
} from './model';

import { itemProblem, validate } from './schemas';

export { InvalidShapeError, validate } from './schemas';

const DECIMAL = /^\d{1,40}(\.\d{1,40})?$/;
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const decimal = v.pipe(v.string(), v.regex(DECIMAL, 'expected a decimal number as a string'));

const orderFields = {
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  limitPx: decimal,
  oid: count,
  side: v.picklist(['A', 'B']),
  sz: decimal,
  timestamp: count,
  origSz: v.optional(decimal),
  cloid: v.optional(v.nullable(v.pipe(v.string(), v.regex(CLOID, 'expected a 16-byte 0x cloid')))),
  reduceOnly: v.optional(v.boolean()),
  // `frontendOpenOrders` only:
  orderType: v.optional(v.pipe(v.string(), v.maxLength(100))),
  tif: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
  isTrigger: v.optional(v.boolean()),
  triggerPx: v.optional(decimal),
  triggerCondition: v.optional(v.pipe(v.string(), v.maxLength(200))),
  isPositionTpsl: v.optional(v.boolean()),
};

/** A TP/SL attached to a parent. Its own `children` are not read (the API sends none): no recursion. */
const childOrder = v.looseObject(orderFields);
const order = v.looseObject({ ...orderFields, children: v.optional(v.array(childOrder)) });

export const openOrdersResult = v.array(order);
/** The same items with the frontend fields; the schema is one (every frontend field is optional). */
export const frontendOpenOrdersResult = openOrdersResult;

// ---- the fast path for order lists ----
// A wallet can have 5,000 orders and the schema is walked for each one, every refresh. This predicate
// accepts exactly what the schema accepts (a property test holds it to that) in a fraction of the time;
// when it says no, the schema runs to say what is wrong, with its own message.

const isCount = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isDecimal = (x: unknown): boolean => typeof x === 'string' && DECIMAL.test(x);
const isText = (x: unknown, max: number): boolean => typeof x === 'string' && x.length <= max;

/** Whether `o` is an order item the schema accepts (`child`: its `children` are not read). */
export function isOrderItem(o: unknown, child = false): boolean {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const r = o as Record<string, unknown>;
  if (typeof r.coin !== 'string' || r.coin.length < 1 || r.coin.length > 200) return false;
  if (!isDecimal(r.limitPx) || !isCount(r.oid) || (r.side !== 'A' && r.side !== 'B') || !isDecimal(r.sz) || !isCount(r.timestamp)) return false;
  if (r.origSz !== undefined && !isDecimal(r.origSz)) return false;
  if (r.cloid !== undefined && r.cloid !== null && !(typeof r.cloid === 'string' && CLOID.test(r.cloid))) return false;
  if (r.reduceOnly !== undefined && typeof r.reduceOnly !== 'boolean') return false;
  if (r.orderType !== undefined && !isText(r.orderType, 100)) return false;
  if (r.tif !== undefined && r.tif !== null && !isText(r.tif, 40)) return false;
  if (r.isTrigger !== undefined && typeof r.isTrigger !== 'boolean') return false;
  if (r.triggerPx !== undefined && !isDecimal(r.triggerPx)) return false;
  if (r.triggerCondition !== undefined && !isText(r.triggerCondition, 200)) return false;
  if (r.isPositionTpsl !== undefined && typeof r.isPositionTpsl !== 'boolean') return false;
  if (!child && r.children !== undefined) {
    if (!Array.isArray(r.children)) return false;
    for (const c of r.children) if (!isOrderItem(c, true)) return false;
  }
  return true;
}

/** An `openOrders` / `frontendOpenOrders` answer, validated: the fast path, else the schema (which throws). */
export function validateOrders(json: unknown, what: string): v.InferOutput<typeof openOrdersResult> {
  if (Array.isArray(json) && json.every((o) => isOrderItem(o))) return json as v.InferOutput<typeof openOrdersResult>;
  return validate(openOrdersResult, json, what);
}

/** `meta` for one dex: only `collateralToken` is read. */
export const perpMetaResult = v.looseObject({ collateralToken: v.optional(count) });

/**
 * `meta`'s perps, for naming order-book assets: only each one's `name` and `szDecimals` are read. An item
 * of another shape is kept as a gap (its index still counts), so one odd entry costs only its own name.
 */
const perpAsset = v.looseObject({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), szDecimals: v.optional(v.pipe(count, v.maxValue(30))) });
export const perpAssetsResult = v.looseObject({ universe: v.pipe(v.array(v.unknown()), v.maxLength(100_000)) });

/** `allMids`: coin → mid price. */
export const allMidsResult = v.record(v.pipe(v.string(), v.maxLength(200)), decimal);

export const orderStatusResult = v.union([
  v.looseObject({
    status: v.literal('order'),
    order: v.looseObject({ order: childOrder, status: v.pipe(v.string(), v.minLength(1), v.maxLength(100)), statusTimestamp: count }),
  }),
  v.looseObject({ status: v.literal('unknownOid') }),
]);

/**
 * A token's EVM link; one of another shape reads as none (`v.fallback`), so that an odd link costs the
 * transaction page that token's EVM name, never Open Orders its pair names.
 */
const evmContract = v.fallback(
  v.optional(
    v.nullable(
      v.looseObject({
        address: v.pipe(v.string(), v.regex(ADDRESS)),
        evm_extra_wei_decimals: v.pipe(v.number(), v.safeInteger(), v.minValue(-18), v.maxValue(36)),
      }),
    ),
  ),
  null,
);
const spotToken = v.looseObject({
  name: v.pipe(v.string(), v.maxLength(200)),
  index: count,
  szDecimals: v.optional(count),
  weiDecimals: v.optional(count),
  evmContract,
});
const spotPair = v.looseObject({
  name: v.pipe(v.string(), v.maxLength(200)),
  tokens: v.tuple([count, count]),
  index: count,
});
export const spotMetaResult = v.looseObject({ tokens: v.array(spotToken), universe: v.array(spotPair) });

export const perpDexsResult = v.array(
  v.nullable(
    v.looseObject({
      name: v.pipe(v.string(), v.maxLength(200)),
      fullName: v.optional(v.nullable(v.string())),
      deployer: v.optional(v.nullable(v.string())),
    }),
  ),
);

// ---- the account behind the orders: `clearinghouseState`, `spotClearinghouseState`, `userRole` ----

const SIGNED_DECIMAL = /^-?\d{1,40}(\.\d{1,40})?$/;
const signedDecimal = v.pipe(v.string(), v.regex(SIGNED_DECIMAL, 'expected a signed decimal number as a string'));
/** Leverage is a small whole number on Hyperliquid (1–50 today); a fraction is taken, nonsense is not. */
const leverageValue = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(10_000));

/**
 * At most this many positions per dex: one per perp a dex lists (a few hundred on the first dex, early
 * 2026), with room to spare; a longer list is refused rather than drawn.
 */
export const MAX_POSITIONS = 2_000;
/** At most this many spot balances: one per token (about 400 tokens listed, early 2026), with room to spare. */
export const MAX_SPOT_BALANCES = 5_000;

const position = v.looseObject({
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  szi: signedDecimal,
  entryPx: decimal,
  positionValue: decimal,
  unrealizedPnl: signedDecimal,
  returnOnEquity: signedDecimal,
  // Required, `null` when there is none: an answer without it must not read as "no liquidation price".
  liquidationPx: v.nullable(decimal),
  leverage: v.variant('type', [
    v.looseObject({ type: v.literal('cross'), value: leverageValue }),
    v.looseObject({ type: v.literal('isolated'), value: leverageValue, rawUsd: v.optional(signedDecimal) }),
  ]),
  marginUsed: decimal,
  maxLeverage: v.optional(leverageValue),
  cumFunding: v.optional(v.looseObject({ allTime: signedDecimal, sinceOpen: signedDecimal, sinceChange: signedDecimal })),
});

const marginSummary = v.looseObject({
  // An account under water is worth less than nothing: the value is signed.
  accountValue: signedDecimal,
  totalNtlPos: decimal,
  totalRawUsd: signedDecimal,
  totalMarginUsed: decimal,
});

/** The `coin` of a list item, when it has a readable one (for naming an item that could not be read). */
function coinOf(item: unknown): string | undefined {
  const r = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
  const coin = r && 'position' in r && typeof r.position === 'object' && r.position !== null ? (r.position as Record<string, unknown>).coin : r?.coin;
  return typeof coin === 'string' && coin.length > 0 && coin.length <= 200 ? coin : undefined;
}

/** One coin has one position (one-way mode): a repeat would be two rows for one thing. */
function distinctCoins(items: unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const coin = coinOf(item);
    if (coin === undefined) continue;
    if (seen.has(coin)) return false;
    seen.add(coin);
  }
  return true;
}

/**
 * Each item of `raw` read alone with `schema`: those that match, and for the others where they were and
 * why. One odd item (a shape Hyperliquid added, a field we misjudged) costs only its own row.
 */
function readEach<S extends v.GenericSchema>(
  schema: S,
  raw: readonly unknown[],
): { read: { item: v.InferOutput<S>; index: number }[]; unreadable: UnreadableItem[] } {
  const read: { item: v.InferOutput<S>; index: number }[] = [];
  const unreadable: UnreadableItem[] = [];
  raw.forEach((x, index) => {
    const parsed = v.safeParse(schema, x, { abortEarly: true });
    if (parsed.success) read.push({ item: parsed.output, index });
    else {
      const coin = coinOf(x);
      unreadable.push({ index, ...(coin !== undefined ? { coin } : {}), problem: itemProblem(schema, x) ?? 'not readable' });
    }
  });
  return { read, unreadable };
}

const assetPosition = v.looseObject({ type: v.optional(v.pipe(v.string(), v.maxLength(40))), position });

export const clearinghouseStateResult = v.looseObject({
  // Each item is read alone (`toPerpAccount`): one position of another shape does not hide the others.
  assetPositions: v.pipe(
    v.array(v.unknown()),
    v.maxLength(MAX_POSITIONS, `more than ${MAX_POSITIONS.toLocaleString('en-US')} positions`),
    v.check((items) => distinctCoins(items), 'the same coin twice'),
  ),
  marginSummary,
  crossMarginSummary: v.optional(marginSummary),
  crossMaintenanceMarginUsed: v.optional(decimal),
  withdrawable: decimal,
  time: v.optional(count),
});

/**
 * A spot balance. An outcome market's share (coin `+N` or `oN`) has no `token`; under portfolio margin
 * `total`, `hold` and `entryNtl` can be negative (nktkas/hyperliquid's `spotClearinghouseState` schema and
 * its test against live addresses).
 */
const spotBalance = v.looseObject({
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  token: v.optional(count),
  total: signedDecimal,
  hold: signedDecimal,
  entryNtl: v.optional(signedDecimal),
});

export const spotClearinghouseStateResult = v.looseObject({
  // Each item is read alone (`toSpotState`): one balance of another shape does not hide the others.
  balances: v.pipe(v.array(v.unknown()), v.maxLength(MAX_SPOT_BALANCES, `more than ${MAX_SPOT_BALANCES.toLocaleString('en-US')} balances`)),
});

const address = v.pipe(v.string(), v.regex(ADDRESS, 'expected an address (0x + 40 hex digits)'));

export const userRoleResult = v.variant('role', [
  v.looseObject({ role: v.picklist(['missing', 'user', 'vault']) }),
  v.looseObject({ role: v.literal('agent'), data: v.looseObject({ user: address }) }),
  v.looseObject({ role: v.literal('subAccount'), data: v.looseObject({ master: address }) }),
]);

// ---- mapping validated data to the model ----

type OrderItem = v.InferOutput<typeof childOrder> & { children?: v.InferOutput<typeof childOrder>[] };

/** `isChild`: a TP/SL under its parent, whose own `children` the schema does not read, so neither does this. */
function toOpenOrder(o: OrderItem, raw: Record<string, unknown>, isChild = false): OpenOrder {
  // Every field set, in one order (undefined when not sent): one object shape for 5,000 orders keeps
  // the sort and the row building fast.
  const rawChildren = !isChild && o.children !== undefined && o.children.length > 0 ? (raw.children as Record<string, unknown>[]) : undefined;
  return {
    coin: o.coin,
    limitPx: o.limitPx,
    oid: o.oid,
    side: o.side,
    sz: o.sz,
    timestamp: o.timestamp,
    origSz: o.origSz,
    cloid: o.cloid ?? undefined,
    reduceOnly: o.reduceOnly,
    orderType: o.orderType,
    tif: o.tif ?? undefined,
    isTrigger: o.isTrigger,
    triggerPx: o.triggerPx,
    triggerCondition: o.triggerCondition,
    isPositionTpsl: o.isPositionTpsl,
    children: rawChildren && o.children!.map((c, i) => toOpenOrder(c, rawChildren[i] as Record<string, unknown>, true)),
    raw,
  };
}

export function toOpenOrders(items: v.InferOutput<typeof openOrdersResult>, raw: unknown[]): OpenOrder[] {
  return items.map((o, i) => toOpenOrder(o, raw[i] as Record<string, unknown>));
}

export function toPerpMeta(r: v.InferOutput<typeof perpMetaResult>): PerpDexMeta {
  return { collateralToken: r.collateralToken };
}

/** Undefined for `unknownOid`. */
export function toOrderFate(r: v.InferOutput<typeof orderStatusResult>): OrderFate | undefined {
  return r.status === 'order' ? { status: r.order.status, at: r.order.statusTimestamp } : undefined;
}

export function toSpotMeta(r: v.InferOutput<typeof spotMetaResult>): SpotMeta {
  const tokensByIndex = new Map(r.tokens.map((t) => [t.index, t]));
  const pairsByIndex = new Map<number, SpotPair>();
  const pairsByName = new Map<string, SpotPair>();
  for (const p of r.universe) {
    const base = tokensByIndex.get(p.tokens[0])?.name;
    const quote = tokensByIndex.get(p.tokens[1])?.name;
    if (base === undefined || quote === undefined) continue; // a pair naming an unknown token: leave it unnamed
    const pair: SpotPair = { name: p.name, index: p.index, base, quote, baseToken: p.tokens[0], quoteToken: p.tokens[1] };
    pairsByIndex.set(p.index, pair);
    pairsByName.set(p.name, pair);
  }
  return {
    tokens: r.tokens.map((t) => ({
      name: t.name,
      index: t.index,
      szDecimals: t.szDecimals,
      weiDecimals: t.weiDecimals,
      ...(t.evmContract
        ? { evmContract: { address: t.evmContract.address.toLowerCase() as `0x${string}`, evmExtraWeiDecimals: t.evmContract.evm_extra_wei_decimals } }
        : {}),
    })),
    pairsByIndex,
    pairsByName,
  };
}

/** The universe's perps in order; an item that is not `{ name, szDecimals? }` is a gap (undefined). */
export function toPerpAssets(r: v.InferOutput<typeof perpAssetsResult>): (PerpAsset | undefined)[] {
  return r.universe.map((item) => {
    const parsed = v.safeParse(perpAsset, item);
    return parsed.success ? { name: parsed.output.name, szDecimals: parsed.output.szDecimals } : undefined;
  });
}

export function toPerpDexs(r: v.InferOutput<typeof perpDexsResult>): PerpDex[] {
  return r.flatMap((d) => (d ? [{ name: d.name, fullName: d.fullName ?? undefined, deployer: d.deployer ?? undefined }] : []));
}

const isZeroDecimal = (d: string) => /^-?0+(\.0+)?$/.test(d);

/** A dex's account; a position of size zero is no position and is left out. */
export function toPerpAccount(r: v.InferOutput<typeof clearinghouseStateResult>, raw: unknown): PerpAccount {
  const rawPositions = (raw as { assetPositions: { position: Record<string, unknown> }[] }).assetPositions;
  const positions: PerpPosition[] = [];
  const { read, unreadable } = readEach(assetPosition, r.assetPositions);
  read.forEach(({ item: { position: p }, index: i }) => {
    if (isZeroDecimal(p.szi)) return;
    positions.push({
      coin: p.coin,
      szi: p.szi,
      entryPx: p.entryPx,
      positionValue: p.positionValue,
      unrealizedPnl: p.unrealizedPnl,
      returnOnEquity: p.returnOnEquity,
      liquidationPx: p.liquidationPx ?? undefined,
      leverage:
        p.leverage.type === 'isolated' ? { type: 'isolated', value: p.leverage.value, rawUsd: p.leverage.rawUsd } : { type: 'cross', value: p.leverage.value },
      marginUsed: p.marginUsed,
      maxLeverage: p.maxLeverage,
      cumFunding: p.cumFunding && { allTime: p.cumFunding.allTime, sinceOpen: p.cumFunding.sinceOpen, sinceChange: p.cumFunding.sinceChange },
      raw: rawPositions[i]!.position,
    });
  });
  const m = r.marginSummary;
  return {
    positions,
    ...(unreadable.length > 0 ? { unreadable } : {}),
    accountValue: m.accountValue,
    totalMarginUsed: m.totalMarginUsed,
    totalNtlPos: m.totalNtlPos,
    withdrawable: r.withdrawable,
    crossMaintenanceMarginUsed: r.crossMaintenanceMarginUsed,
    time: r.time,
  };
}

export function toSpotState(r: v.InferOutput<typeof spotClearinghouseStateResult>): SpotState {
  const { read, unreadable } = readEach(spotBalance, r.balances);
  const balances = read.map(({ item: b }): SpotBalance => ({
    coin: b.coin,
    ...(b.token !== undefined ? { token: b.token } : {}),
    total: b.total,
    hold: b.hold,
    entryNtl: b.entryNtl,
  }));
  return { balances, unreadable };
}

export function toUserRole(r: v.InferOutput<typeof userRoleResult>): UserRole {
  if (r.role === 'agent') return { role: 'agent', master: r.data.user.toLowerCase() };
  if (r.role === 'subAccount') return { role: 'subAccount', master: r.data.master.toLowerCase() };
  return { role: r.role };
}

// ---- a wallet's history: fills, funding, ledger updates, historical orders, TWAP slices ----
// Shapes: the nktkas/hyperliquid SDK's info methods (`userFills`, `userFunding`, `userNonFundingLedgerUpdates`,
// `historicalOrders`, `userTwapSliceFills`) and its `UserFill` (nktkas/hyperliquid:src/api/info/_methods/_base/_schemas.ts).

/** The most items one history answer holds (the info API's 2,000, docs/FACTS.md#history); a longer one is refused. */
export const MAX_HISTORY_ITEMS = 2_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const hashText = v.pipe(v.string(), v.regex(HASH, 'expected a 32-byte 0x hash'));
const addressText = v.pipe(v.string(), v.regex(ADDRESS, 'expected an address'));

const fill = v.looseObject({
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  px: decimal,
  sz: decimal,
  side: v.picklist(['A', 'B']),
  time: count,
  startPosition: signedDecimal,
  dir: text(100),
  closedPnl: signedDecimal,
  hash: hashText,
  oid: count,
  crossed: v.boolean(),
  fee: signedDecimal,
  builderFee: v.optional(signedDecimal),
  tid: count,
  feeToken: text(200),
  twapId: v.optional(v.nullable(count)),
});

export const userFillsResult = v.pipe(v.array(fill), v.maxLength(MAX_HISTORY_ITEMS));

// The fast path for fills, as for order lists: 2,000 fills an answer and up to 10,000 a page, walked
// through the schema item by item, cost several JSON.parses; this predicate accepts exactly what `fill`
// accepts (a property test holds it to that), and when it says no, the schema says what is wrong.
const isSignedDecimal = (x: unknown): boolean => typeof x === 'string' && SIGNED_DECIMAL.test(x);

/** Whether `f` is a fill item the schema accepts. */
export function isFillItem(f: unknown): boolean {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return false;
  const r = f as Record<string, unknown>;
  if (typeof r.coin !== 'string' || r.coin.length < 1 || r.coin.length > 200) return false;
  if (!isDecimal(r.px) || !isDecimal(r.sz) || (r.side !== 'A' && r.side !== 'B') || !isCount(r.time)) return false;
  if (!isSignedDecimal(r.startPosition) || !isText(r.dir, 100) || !isSignedDecimal(r.closedPnl)) return false;
  if (!(typeof r.hash === 'string' && HASH.test(r.hash)) || !isCount(r.oid) || typeof r.crossed !== 'boolean') return false;
  if (!isSignedDecimal(r.fee) || (r.builderFee !== undefined && !isSignedDecimal(r.builderFee))) return false;
  if (!isCount(r.tid) || !isText(r.feeToken, 200)) return false;
  return r.twapId === undefined || r.twapId === null || isCount(r.twapId);
}

/** A `userFills` / `userFillsByTime` answer, validated: the fast path, else the schema (which throws). */
export function validateFills(json: unknown, what: string): v.InferOutput<typeof userFillsResult> {
  if (Array.isArray(json) && json.length <= MAX_HISTORY_ITEMS && json.every(isFillItem)) return json as v.InferOutput<typeof userFillsResult>;
  return validate(userFillsResult, json, what);
}

export const userFundingResult = v.pipe(
  v.array(
    v.looseObject({
      time: count,
      hash: hashText,
      delta: v.looseObject({
        type: v.literal('funding'),
        coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
        usdc: signedDecimal,
        szi: signedDecimal,
        fundingRate: signedDecimal,
      }),
    }),
  ),
  v.maxLength(MAX_HISTORY_ITEMS),
);

/** Every kind's fields are optional here: which are read depends on `type` (see `toLedgerUpdates`). */
const ledgerDelta = v.looseObject({
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  usdc: v.optional(signedDecimal),
  amount: v.optional(signedDecimal),
  token: v.optional(text(200)),
  fee: v.optional(signedDecimal),
  user: v.optional(addressText),
  destination: v.optional(addressText),
  vault: v.optional(addressText),
  toPerp: v.optional(v.boolean()),
  isDeposit: v.optional(v.boolean()),
  requestedUsd: v.optional(signedDecimal),
  netWithdrawnUsd: v.optional(signedDecimal),
  liquidatedNtlPos: v.optional(signedDecimal),
});

export const userNonFundingLedgerUpdatesResult = v.pipe(
  v.array(v.looseObject({ time: count, hash: hashText, delta: ledgerDelta })),
  v.maxLength(MAX_HISTORY_ITEMS),
);

export const historicalOrdersResult = v.pipe(
  v.array(v.looseObject({ order: childOrder, status: v.pipe(v.string(), v.minLength(1), v.maxLength(100)), statusTimestamp: count })),
  v.maxLength(MAX_HISTORY_ITEMS),
);

export const userTwapSliceFillsResult = v.pipe(v.array(v.looseObject({ fill, twapId: count })), v.maxLength(MAX_HISTORY_ITEMS));

function toFill(f: v.InferOutput<typeof fill>): Fill {
  // One literal, the optional fields assigned after: no spread objects per fill (10,000 fills a page).
  const out: Fill = {
    coin: f.coin,
    px: f.px,
    sz: f.sz,
    side: f.side,
    time: f.time,
    dir: f.dir,
    closedPnl: f.closedPnl,
    fee: f.fee,
    feeToken: f.feeToken,
    startPosition: f.startPosition,
    hash: f.hash,
    oid: f.oid,
    tid: f.tid,
    crossed: f.crossed,
  };
  if (f.builderFee !== undefined) out.builderFee = f.builderFee;
  if (typeof f.twapId === 'number') out.twapId = f.twapId;
  return out;
}

export function toFills(r: v.InferOutput<typeof userFillsResult>): Fill[] {
  return r.map(toFill);
}

/**
 * A `userFills` / `userFillsByTime` answer, validated and read in one walk: each item is checked by the
 * fast path and copied as it goes; the first item it refuses hands the whole answer to the schema, which
 * says what is wrong (and throws).
 */
export function readFills(json: unknown, what: string): Fill[] {
  if (Array.isArray(json) && json.length <= MAX_HISTORY_ITEMS) {
    const out: Fill[] = new Array<Fill>(json.length);
    let i = 0;
    for (; i < json.length; i++) {
      const f: unknown = json[i];
      if (!isFillItem(f)) break;
      out[i] = toFill(f as v.InferOutput<typeof fill>);
    }
    if (i === json.length) return out;
  }
  return toFills(validate(userFillsResult, json, what));
}

export function toFundingPayments(r: v.InferOutput<typeof userFundingResult>): FundingPayment[] {
  return r.map((u) => ({ time: u.time, hash: u.hash, coin: u.delta.coin, usdc: u.delta.usdc, szi: u.delta.szi, fundingRate: u.delta.fundingRate }));
}

/** `wallet`: lowercase; which way a transfer went is read from the update's `user` and `destination`. */
export function toLedgerUpdates(r: v.InferOutput<typeof userNonFundingLedgerUpdatesResult>, wallet: string): LedgerUpdate[] {
  return r.map((u) => {
    const d = u.delta;
    const base = { time: u.time, hash: u.hash, kind: d.type, token: d.token ?? 'USDC' };
    const fee = d.fee !== undefined ? { fee: d.fee } : {};
    const from = d.user?.toLowerCase();
    const to = d.destination?.toLowerCase();
    switch (d.type) {
      case 'deposit':
        return { ...base, amount: d.usdc, direction: 'in' };
      case 'withdraw':
        return { ...base, amount: d.usdc, ...fee, direction: 'out' };
      case 'accountClassTransfer':
        return { ...base, amount: d.usdc, direction: 'none' };
      case 'internalTransfer':
      case 'subAccountTransfer':
      case 'spotTransfer':
      case 'send': {
        const amount = d.amount ?? d.usdc;
        const out = from === wallet && to !== wallet;
        const counterparty = out ? to : from;
        return { ...base, amount, ...fee, direction: out ? 'out' : to === wallet ? 'in' : 'none', ...(counterparty ? { counterparty } : {}) };
      }
      case 'vaultDeposit':
      case 'vaultCreate':
        return { ...base, amount: d.usdc, ...fee, direction: 'out', ...(d.vault ? { counterparty: d.vault.toLowerCase() } : {}) };
      case 'vaultWithdraw':
        return { ...base, amount: d.netWithdrawnUsd ?? d.requestedUsd, direction: 'in', ...(d.vault ? { counterparty: d.vault.toLowerCase() } : {}) };
      case 'vaultDistribution':
      case 'vaultLeaderCommission':
      case 'rewardsClaim':
        return { ...base, amount: d.usdc ?? d.amount, direction: 'in', ...(d.vault ? { counterparty: d.vault.toLowerCase() } : {}) };
      case 'cStakingTransfer':
        return { ...base, amount: d.amount, direction: d.isDeposit ? 'out' : 'in' };
      case 'liquidation':
        return { ...base, amount: d.liquidatedNtlPos, direction: 'none' };
      default:
        return { ...base, amount: d.usdc ?? d.amount, direction: 'none' };
    }
  });
}

export function toHistoricalOrders(r: v.InferOutput<typeof historicalOrdersResult>): HistoricalOrder[] {
  return r.map(({ order: o, status, statusTimestamp }) => ({
    coin: o.coin,
    side: o.side,
    limitPx: o.limitPx,
    sz: o.sz,
    ...(o.origSz !== undefined ? { origSz: o.origSz } : {}),
    oid: o.oid,
    timestamp: o.timestamp,
    ...(o.orderType !== undefined ? { orderType: o.orderType } : {}),
    status,
    statusTimestamp,
  }));
}

export function toTwapSliceFills(r: v.InferOutput<typeof userTwapSliceFillsResult>): TwapSliceFill[] {
  return r.map((s) => ({ twapId: s.twapId, fill: toFill(s.fill) }));
}
