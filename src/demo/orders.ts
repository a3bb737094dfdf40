// The demo wallets and their open orders. A pure function of (user, dex, epoch): the node advances a
// (user, dex) pair's epoch after each `openOrders` / `frontendOpenOrders` answer, so successive
// refreshes see orders fill, disappear and appear, the same way on every run; `orderStatus` says what
// became of each one that left.
import { DEMO_FAILING_DEX, DEMO_USDH_DEX, MARKETS, decimalString, type DemoMarket } from './markets';
import { Random, seedOf } from './random';

export { DEMO_WALLETS, type DemoWallet, type DemoWalletKind } from './wallets';
import { DEMO_WALLETS } from './wallets';

/** The most open orders one user can have on Hyperliquid. */
export const DEMO_MAX_OPEN_ORDERS = 5_000;

export interface DemoOpenOrder {
  coin: string;
  limitPx: string;
  oid: number;
  side: 'A' | 'B';
  sz: string;
  timestamp: number;
  origSz: string;
  cloid?: string;
  reduceOnly?: boolean;
  // `frontendOpenOrders` fields, as the real API sends them.
  orderType?: string;
  tif?: string | null;
  isTrigger?: boolean;
  triggerPx?: string;
  triggerCondition?: string;
  isPositionTpsl?: boolean;
  children?: DemoOpenOrder[];
}

/**
 * When each epoch was first answered (ms since 1970). A number means "all at that time", which is
 * what a node with a fixed clock records.
 */
export type EpochClock = number | ((epoch: number) => number);

interface Slot {
  market: DemoMarket;
  side: 'A' | 'B';
  level: number;
}

function slots(spec: readonly (readonly [DemoMarket, number])[], spotOneSided: Record<string, 'A' | 'B'> = {}): Slot[] {
  const out: Slot[] = [];
  for (const [market, levels] of spec) {
    const only = spotOneSided[market.coin];
    for (let level = 1; level <= levels; level++) {
      if (only) out.push({ market, side: only, level });
      else out.push({ market, side: 'B', level }, { market, side: 'A', level });
    }
  }
  return out;
}

/** The market maker on the first perp dex: BTC, ETH, HYPE perps on both sides, and spot pairs. 24 slots. */
const MAKER_MAIN = slots(
  [
    [MARKETS.BTC, 3],
    [MARKETS.ETH, 2],
    [MARKETS.HYPE, 3],
    [MARKETS['@107'], 1],
    [MARKETS['PURR/USDC'], 1],
    [MARKETS['@207'], 1],
    [MARKETS['@142'], 1],
    [MARKETS['@232'], 1],
    [MARKETS['@1'], 1],
  ],
  { '@207': 'B', '@142': 'A', '@232': 'A', '@1': 'B' },
);

/** The market maker on the `xyz` dex. 8 slots. */
const MAKER_XYZ = slots([
  [MARKETS['xyz:XYZ100'], 2],
  [MARKETS['xyz:NVDA'], 1],
  [MARKETS['xyz:GOLD'], 1],
]);

/** The market maker on the `flx` dex (settles in USDH). 6 slots. */
const MAKER_FLX = slots([
  [MARKETS['flx:TSLA'], 2],
  [MARKETS['flx:SILVER'], 1],
]);

/** The market maker's books: dex → slots, seed, first oid. */
const MAKER_BOOKS: Record<string, { book: readonly Slot[]; seed: number; oidBase: number }> = {
  '': { book: MAKER_MAIN, seed: 0x3a1, oidBase: 42_180_000_000 },
  xyz: { book: MAKER_XYZ, seed: 0x3a2, oidBase: 43_050_000_000 },
  [DEMO_USDH_DEX]: { book: MAKER_FLX, seed: 0x3a3, oidBase: 43_070_000_000 },
};

const WHALE_MARKETS: readonly DemoMarket[] = [
  MARKETS.BTC,
  MARKETS.ETH,
  MARKETS.HYPE,
  MARKETS.SOL,
  MARKETS.ARB,
  MARKETS.DOGE,
  MARKETS.AVAX,
  MARKETS.LINK,
  MARKETS.XRP,
  MARKETS.SUI,
  MARKETS.kPEPE,
  MARKETS.BNB,
  MARKETS.LTC,
  MARKETS.ENA,
  MARKETS['@107'],
  MARKETS['PURR/USDC'],
  MARKETS['@142'],
];

/** Rounds a tick count to at most 5 significant figures (Hyperliquid's price rule). */
function fiveSignificant(ticks: number): number {
  const digits = String(ticks).length;
  if (digits <= 5) return ticks;
  const unit = 10 ** (digits - 5);
  return Math.round(ticks / unit) * unit;
}

function priceTicks(market: DemoMarket, side: 'A' | 'B', distance: number): number {
  return fiveSignificant(side === 'B' ? Math.max(1, market.mid - distance) : market.mid + distance);
}

function epochTime(clock: EpochClock, epoch: number): number {
  return typeof clock === 'number' ? clock : clock(epoch);
}

/**
 * The slot model of the market maker (`N` slots, `h = N/2`). At the step from epoch `e` to `e + 1`:
 * the order of slot `e mod N` is gone and a new one (new oid) takes its place, and the order of slot
 * `(e − h) mod N` is partially filled (smaller `sz`, same `oid` and `origSz`). Generation 0 of slot `s`
 * lives in epochs `0..s`; generation g ≥ 1 is born at epoch `s + 1 + (g − 1)N` and lives N epochs.
 */
function makerOrders(book: readonly Slot[], dexSeed: number, oidBase: number, epoch: number, clock: EpochClock): DemoOpenOrder[] {
  const n = book.length;
  const h = Math.floor(n / 2);
  const orders: DemoOpenOrder[] = [];
  book.forEach((slot, s) => {
    const gen = epoch <= s ? 0 : Math.floor((epoch - s - 1) / n) + 1;
    const born = gen === 0 ? 0 : s + 1 + (gen - 1) * n;
    // The step t → t+1 at which this order is partially filled, if it lives that long.
    const fillStep = gen === 0 ? (s + h >= n ? s + h - n : undefined) : s + h + (gen - 1) * n;
    const r = new Random(seedOf(dexSeed, s, gen));
    const { market, side } = slot;
    const distance = slot.level * market.step * 3 + r.int(0, market.step * 2);
    const origLots = r.int(market.minLots, market.maxLots);
    let lots = origLots;
    if (gen === 0 && s % 5 === 2) lots -= Math.max(1, Math.floor((origLots * r.int(10, 40)) / 100));
    const fillLots = Math.max(1, Math.floor((lots * r.int(20, 60)) / 100));
    if (fillStep !== undefined && epoch > fillStep) lots -= fillLots;
    const timestamp = gen === 0 ? epochTime(clock, 0) - 600_000 - (n - s) * 97_000 - r.int(0, 999) : epochTime(clock, born) - r.int(150, 950);
    const order: DemoOpenOrder = {
      coin: market.coin,
      limitPx: decimalString(priceTicks(market, side, distance), market.pxDecimals),
      oid: oidBase + (gen * n + s) * 4 + r.int(0, 3),
      side,
      sz: decimalString(lots, market.szDecimals),
      timestamp,
      origSz: decimalString(origLots, market.szDecimals),
    };
    if (s % 3 === 1) order.cloid = '0x' + r.hex(32);
    if (!market.spot && s % 8 === 5) order.reduceOnly = true;
    orders.push(order);
  });
  return orders.sort((a, b) => b.oid - a.oid);
}

function whaleOrders(clock: EpochClock): DemoOpenOrder[] {
  const start = epochTime(clock, 0);
  const count = WHALE_MARKETS.length;
  const orders: DemoOpenOrder[] = [];
  for (let i = 0; i < DEMO_MAX_OPEN_ORDERS; i++) {
    const r = new Random(seedOf(0x3a1e, i));
    const market = WHALE_MARKETS[i % count] as DemoMarket;
    const side = Math.floor(i / count) % 2 === 0 ? 'B' : 'A';
    const level = Math.floor(i / (2 * count)) + 1;
    const origLots = r.int(market.minLots, market.maxLots);
    const lots = i % 9 === 4 ? origLots - Math.max(1, Math.floor(origLots / 3)) : origLots;
    const order: DemoOpenOrder = {
      coin: market.coin,
      limitPx: decimalString(priceTicks(market, side, level * market.step), market.pxDecimals),
      oid: 41_900_000_000 + (DEMO_MAX_OPEN_ORDERS - i) * 7 + r.int(0, 6),
      side,
      sz: decimalString(lots, market.szDecimals),
      timestamp: start - 5_000 - i * 1_700 - r.int(0, 999),
      origSz: decimalString(origLots, market.szDecimals),
    };
    if (i % 4 === 0) order.cloid = '0x' + r.hex(32);
    if (!market.spot && i % 50 === 7) order.reduceOnly = true;
    orders.push(order);
  }
  return orders;
}

/** What became of a slot's order when it left the book (the demo's mix of fates). */
function slotFate(s: number): string {
  if (s % 8 === 7) return 'triggered';
  if (s % 8 === 3) return 'marginCanceled';
  return s % 2 === 0 ? 'filled' : 'canceled';
}

/** Frontend fields of a plain resting limit order, as the real API sends them. */
function asPlainLimit(o: DemoOpenOrder): DemoOpenOrder {
  return {
    ...o,
    orderType: 'Limit',
    tif: 'Gtc',
    isTrigger: false,
    triggerPx: '0.0',
    triggerCondition: 'N/A',
    isPositionTpsl: false,
    reduceOnly: o.reduceOnly ?? false,
    children: [],
  };
}

/**
 * The market maker's standing trigger orders on the first dex (they do not churn): a stop-loss, a
 * position TP/SL (`sz` "0" = the whole position), a limit order with a TP and an SL attached (which
 * also come as orders of their own, as on the real API), and an order on an outcome market.
 */
function makerStandingOrders(clock: EpochClock): DemoOpenOrder[] {
  const t = epochTime(clock, 0) - 3_600_000;
  const trigger = (o: Partial<DemoOpenOrder> & Pick<DemoOpenOrder, 'coin' | 'oid' | 'side' | 'sz' | 'limitPx'>): DemoOpenOrder => ({
    timestamp: t,
    origSz: o.sz,
    reduceOnly: true,
    orderType: 'Stop Market',
    tif: null,
    isTrigger: true,
    triggerPx: '0.0',
    triggerCondition: 'N/A',
    isPositionTpsl: false,
    children: [],
    ...o,
  });
  const stopLoss = trigger({
    coin: 'BTC',
    oid: 42_170_000_101,
    side: 'A',
    sz: '0.25',
    limitPx: '95000.0',
    triggerPx: '96000.0',
    triggerCondition: 'Price below 96000',
  });
  const positionTp = trigger({
    coin: 'ETH',
    oid: 42_170_000_102,
    side: 'A',
    sz: '0.0',
    origSz: '0.0',
    limitPx: '3800.0',
    orderType: 'Take Profit Market',
    triggerPx: '3750.0',
    triggerCondition: 'Price above 3750',
    isPositionTpsl: true,
  });
  const childSl = trigger({ coin: 'HYPE', oid: 42_170_000_104, side: 'A', sz: '40.0', limitPx: '33.0', triggerPx: '34.0', triggerCondition: 'Price below 34' });
  const childTp = trigger({
    coin: 'HYPE',
    oid: 42_170_000_105,
    side: 'A',
    sz: '40.0',
    limitPx: '44.5',
    orderType: 'Take Profit Limit',
    triggerPx: '44.0',
    triggerCondition: 'Price above 44',
  });
  const parent = asPlainLimit({ coin: 'HYPE', oid: 42_170_000_103, side: 'B', sz: '40.0', limitPx: '37.5', timestamp: t, origSz: '40.0' });
  parent.children = [childSl, childTp];
  const outcome = asPlainLimit({ coin: '#1', oid: 42_170_000_106, side: 'B', sz: '150.0', limitPx: '0.58', timestamp: t, origSz: '150.0' });
  outcome.tif = 'Alo';
  return [childTp, childSl, parent, positionTp, stopLoss, outcome];
}

/** `openOrders` items carry none of the frontend fields, and children only as orders of their own. */
function plain(o: DemoOpenOrder): DemoOpenOrder {
  const { orderType: _a, tif: _b, isTrigger: _c, triggerPx: _d, triggerCondition: _e, isPositionTpsl: _f, children: _g, ...rest } = o;
  if (rest.reduceOnly === false) delete rest.reduceOnly;
  return rest;
}

/**
 * What `frontendOpenOrders` (`frontend` true) or `openOrders` answers for `user` on `dex` at `epoch`.
 * `user` in any case; unknown users, unknown dexs and the empty wallet get `[]`. Spot orders come
 * only with `dex: ""`, as on the real API. Undefined for the failing dex of the market maker.
 */
export function demoWalletOrders(user: string, dex: string, epoch: number, clock: EpochClock, frontend: boolean): DemoOpenOrder[] | undefined {
  const wallet = DEMO_WALLETS.find((w) => w.address === user.toLowerCase());
  if (!wallet) return [];
  let orders: DemoOpenOrder[] = [];
  if (wallet.kind === 'whale') orders = dex === '' ? whaleOrders(clock) : [];
  if (wallet.kind === 'marketMaker') {
    if (dex === DEMO_FAILING_DEX) return undefined;
    const maker = MAKER_BOOKS[dex];
    if (maker) orders = makerOrders(maker.book, maker.seed, maker.oidBase, epoch, clock);
    if (!frontend) return dex === '' ? [...orders, ...makerStandingOrders(clock).map(plain)] : orders;
    orders = orders.map(asPlainLimit);
    if (dex === '') orders.push(...makerStandingOrders(clock));
    return orders;
  }
  return frontend ? orders.map(asPlainLimit) : orders;
}

/** What `openOrders` answers (see `demoWalletOrders`); `[]` for the failing dex. */
export function demoOpenOrders(user: string, dex: string, epoch: number, clock: EpochClock): DemoOpenOrder[] {
  return demoWalletOrders(user, dex, epoch, clock, false) ?? [];
}

export type DemoOrderStatus = { status: 'order'; order: { order: DemoOpenOrder; status: string; statusTimestamp: number } } | { status: 'unknownOid' };

/**
 * What `orderStatus` answers for `oid` of `user`, given each dex's current epoch (the number of order
 * answers delivered). An order of the churning book that the last answer no longer listed has a fate
 * (filled, canceled, triggered, marginCanceled); one still listed is "open"; others are unknown.
 */
export function demoOrderStatus(user: string, oid: number, epochOf: (dex: string) => number, clock: EpochClock): DemoOrderStatus {
  const wallet = DEMO_WALLETS.find((w) => w.address === user.toLowerCase());
  if (wallet?.kind === 'marketMaker') {
    const standing = makerStandingOrders(clock).find((o) => o.oid === oid);
    if (standing) return { status: 'order', order: { order: standing, status: 'open', statusTimestamp: standing.timestamp } };
    for (const [dex, maker] of Object.entries(MAKER_BOOKS)) {
      const n = maker.book.length;
      const k = Math.floor((oid - maker.oidBase) / 4);
      if (k < 0) continue;
      const gen = Math.floor(k / n);
      const s = k % n;
      const born = gen === 0 ? 0 : s + 1 + (gen - 1) * n;
      const dies = gen === 0 ? s + 1 : born + n;
      const answered = epochOf(dex) - 1; // the last epoch a client saw
      if (answered < born) continue;
      const order = makerOrders(maker.book, maker.seed, maker.oidBase, born, clock).find((o) => o.oid === oid);
      if (!order) continue;
      if (answered < dies) return { status: 'order', order: { order: asPlainLimit(order), status: 'open', statusTimestamp: order.timestamp } };
      const last = makerOrders(maker.book, maker.seed, maker.oidBase, dies - 1, clock).find((o) => o.oid === oid) ?? order;
      const fate = slotFate(s);
      const filledSz = fate === 'filled' ? '0.0' : last.sz;
      return { status: 'order', order: { order: { ...asPlainLimit(last), sz: filledSz }, status: fate, statusTimestamp: epochTime(clock, dies) } };
    }
  }
  return { status: 'unknownOid' };
}
