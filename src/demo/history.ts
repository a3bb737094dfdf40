// A wallet's HyperCore history as the demo node's `/info` serves it (`userFills`, `userFillsByTime`,
// `userFunding`, `userNonFundingLedgerUpdates`, `historicalOrders`, `userTwapSliceFills`), in the info
// API's shapes (nktkas/hyperliquid src/api/info/_methods/) and with its limits (docs/FACTS.md#history):
// 2,000 fills an answer and only the 10,000 newest reachable, 500 funding payments or ledger updates a
// page, the 2,000 newest orders and slice fills. Deterministic: the same wallet and start give the same
// history, so a test can sum what the node answers.
import { DEMO_WALLETS } from './wallets';
import { Random, seedOf } from './random';

const DAY_MS = 86_400_000;
/** The info API's caps (docs/FACTS.md#history). */
export const DEMO_FILLS_PER_ANSWER = 2_000;
export const DEMO_FILLS_REACHABLE = 10_000;
export const DEMO_LEDGER_PER_PAGE = 500;
export const DEMO_NEWEST_ORDERS = 2_000;

/** How many fills each demo wallet has, over how many days before the node started. */
const PLAN: Readonly<Record<string, { fills: number; days: number }>> = {
  marketMaker: { fills: 4_600, days: 150 },
  whale: { fills: 300, days: 40 },
};

interface Market {
  coin: string;
  /** Price in units of 10^-pxDecimals. */
  px: [number, number];
  pxDecimals: number;
  szDecimals: number;
  /** Largest size in units of 10^-szDecimals. */
  maxSz: number;
}

const MARKETS: readonly Market[] = [
  { coin: 'BTC', px: [600_000, 1_100_000], pxDecimals: 1, szDecimals: 5, maxSz: 50_000 },
  { coin: 'ETH', px: [180_000, 420_000], pxDecimals: 2, szDecimals: 4, maxSz: 40_000 },
  { coin: 'HYPE', px: [20_000, 55_000], pxDecimals: 3, szDecimals: 2, maxSz: 50_000 },
  { coin: 'PURR/USDC', px: [100_000, 300_000], pxDecimals: 6, szDecimals: 0, maxSz: 20_000 },
];

/** `units` × 10^-decimals as the API writes it: no trailing zeros after the point, none at all for a whole number. */
function decimalText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

export interface DemoFill {
  coin: string;
  px: string;
  sz: string;
  side: 'A' | 'B';
  time: number;
  startPosition: string;
  dir: string;
  closedPnl: string;
  hash: string;
  oid: number;
  crossed: boolean;
  fee: string;
  tid: number;
  feeToken: string;
  twapId: number | null;
}

export interface DemoHistory {
  /** Oldest first. */
  fills: DemoFill[];
  funding: { time: number; hash: string; delta: { type: 'funding'; coin: string; usdc: string; szi: string; fundingRate: string; nSamples: null } }[];
  ledger: { time: number; hash: string; delta: Record<string, unknown> }[];
  orders: { order: Record<string, unknown>; status: string; statusTimestamp: number }[];
  twapSlices: { fill: DemoFill; twapId: number }[];
}

const cache = new Map<string, DemoHistory>();

/** The history of a demo wallet (empty for any other address), its newest event just before `startedAt`. */
export function demoHistory(user: string, startedAt: number): DemoHistory {
  const address = user.toLowerCase();
  const key = `${address}|${startedAt}`;
  let history = cache.get(key);
  if (!history) {
    if (cache.size > 8) cache.clear();
    history = build(address, startedAt);
    cache.set(key, history);
  }
  return history;
}

function build(address: string, startedAt: number): DemoHistory {
  const wallet = DEMO_WALLETS.find((w) => w.address === address);
  const plan = wallet && PLAN[wallet.kind];
  const empty: DemoHistory = { fills: [], funding: [], ledger: [], orders: [], twapSlices: [] };
  if (!wallet || !plan) return empty;
  const rng = new Random(seedOf(Number.parseInt(address.slice(2, 10), 16), plan.fills));
  const from = startedAt - plan.days * DAY_MS;
  // ~2 fills an order, each order a step and a bit apart: the newest fills land in the last days.
  const step = Math.floor(((plan.days * DAY_MS) / plan.fills) * 2 * 0.8);
  const positions = new Map<string, bigint>();
  const fills: DemoFill[] = [];
  const orders: DemoHistory['orders'] = [];
  let oid = 30_000_000_000;
  let tid = 500_000_000_000_000;
  let time = from;
  let twapId = 0;
  for (let i = 0; i < plan.fills;) {
    const market = rng.pick(MARKETS);
    const side: 'A' | 'B' = rng.chance(0.5) ? 'B' : 'A';
    const px = BigInt(rng.int(market.px[0], market.px[1]));
    const twap = rng.chance(0.03) ? ++twapId : null;
    // One order fills in 1–3 parts at the same millisecond (a taker crossing several resting orders):
    // paging by time must not lose or repeat the ones at a page's edge.
    const parts = Math.min(rng.int(1, 3), plan.fills - i);
    const crossed = rng.chance(0.4);
    oid += rng.int(1, 40);
    time += step + rng.int(0, step >> 2);
    let filled = 0n;
    for (let p = 0; p < parts; p++, i++) {
      const sz = BigInt(rng.int(1, market.maxSz));
      filled += sz;
      const start = positions.get(market.coin) ?? 0n;
      const signed = side === 'B' ? sz : -sz;
      const spot = market.coin.includes('/');
      const closing = !spot && start !== 0n && start > 0n !== signed > 0n;
      const dir = spot ? (side === 'B' ? 'Buy' : 'Sell') : closing ? (start > 0n ? 'Close Long' : 'Close Short') : side === 'B' ? 'Open Long' : 'Open Short';
      positions.set(market.coin, start + signed);
      // notional in 10^-(px+sz) units; fee 0.035% taker, -0.001% maker rebate, to 6 decimals
      const notional = px * sz;
      const scale = 10n ** BigInt(market.pxDecimals + market.szDecimals);
      const feeMicros = crossed ? (notional * 350n * 1_000_000n) / (scale * 1_000_000n) : -((notional * 10n * 1_000_000n) / (scale * 1_000_000n));
      const pnlMicros = closing ? BigInt(rng.int(0, 4_000_000_000)) - 2_000_000_000n : 0n;
      fills.push({
        coin: market.coin,
        px: decimalText(px, market.pxDecimals),
        sz: decimalText(sz, market.szDecimals),
        side,
        time,
        startPosition: decimalText(start, market.szDecimals),
        dir,
        closedPnl: decimalText(pnlMicros, 6),
        hash: `0x${rng.hex(64)}`,
        oid,
        crossed,
        fee: decimalText(feeMicros, 6),
        tid: (tid += rng.int(1, 1000)),
        feeToken: 'USDC',
        twapId: twap,
      });
    }
    orders.push({
      order: orderOf(market, side, px, filled, oid, time - rng.int(0, 60_000), crossed ? 'Market' : 'Limit'),
      status: 'filled',
      statusTimestamp: time,
    });
    if (rng.chance(0.3)) {
      oid += 1;
      const fate = rng.pick(['canceled', 'canceled', 'marginCanceled', 'reduceOnlyCanceled', 'badAloPxRejected', 'iocCancelRejected']);
      orders.push({
        order: orderOf(market, side, px, BigInt(rng.int(1, market.maxSz)), oid, time, 'Limit'),
        status: fate,
        statusTimestamp: time + rng.int(1, 600_000),
      });
    }
  }
  const twapSlices = fills.filter((f) => f.twapId !== null).map((fill) => ({ fill, twapId: fill.twapId as number }));
  return { fills, funding: funding(rng, from, startedAt), ledger: ledger(rng, address, from, startedAt), orders, twapSlices };
}

function orderOf(market: Market, side: 'A' | 'B', px: bigint, sz: bigint, oid: number, timestamp: number, orderType: string): Record<string, unknown> {
  const origSz = decimalText(sz, market.szDecimals);
  return {
    coin: market.coin,
    side,
    limitPx: decimalText(px, market.pxDecimals),
    sz: '0',
    oid,
    timestamp,
    origSz,
    orderType,
    tif: orderType === 'Market' ? 'FrontendMarket' : 'Gtc',
    reduceOnly: false,
    isTrigger: false,
    triggerPx: '0',
    triggerCondition: 'N/A',
    isPositionTpsl: false,
    children: [],
    cloid: null,
  };
}

/** Every 8 hours on BTC and ETH, over the whole span: more than one 500-payment page. */
function funding(rng: Random, from: number, until: number): DemoHistory['funding'] {
  const out: DemoHistory['funding'] = [];
  const first = Math.ceil(from / (8 * 3_600_000)) * 8 * 3_600_000;
  for (let t = first; t < until; t += 8 * 3_600_000) {
    for (const coin of ['BTC', 'ETH']) {
      const rate = BigInt(rng.int(0, 200)) - 60n; // × 10^-7
      const szi = BigInt(rng.int(1, 30_000)) - 10_000n; // × 10^-4
      const usdc = -((szi * rate * BigInt(rng.int(2_000, 4_000))) / 1_000n); // × 10^-6, roughly position × rate × price
      out.push({
        time: t,
        hash: '0x0000000000000000000000000000000000000000000000000000000000000000',
        delta: { type: 'funding', coin, usdc: decimalText(usdc, 6), szi: decimalText(szi, 4), fundingRate: decimalText(rate, 7), nSamples: null },
      });
    }
  }
  return out;
}

/** Deposits, withdrawals and transfers of each kind, a few a week. */
function ledger(rng: Random, address: string, from: number, until: number): DemoHistory['ledger'] {
  const out: DemoHistory['ledger'] = [];
  const other = '0x' + 'a1'.repeat(20);
  for (let t = from + DAY_MS / 3; t < until; t += rng.int(1, 4) * DAY_MS) {
    const usdc = decimalText(BigInt(rng.int(1_000_000, 50_000_000_000)), 6);
    const hash = `0x${rng.hex(64)}`;
    const kind = rng.pick(['deposit', 'deposit', 'withdraw', 'accountClassTransfer', 'internalTransfer', 'spotTransfer', 'send', 'vaultDeposit']);
    const delta: Record<string, unknown> =
      kind === 'deposit'
        ? { type: kind, usdc }
        : kind === 'withdraw'
          ? { type: kind, usdc, nonce: t, fee: '1' }
          : kind === 'accountClassTransfer'
            ? { type: kind, usdc, toPerp: rng.chance(0.5) }
            : kind === 'internalTransfer'
              ? { type: kind, usdc, user: rng.chance(0.5) ? address : other, destination: address, fee: '0' }
              : kind === 'spotTransfer'
                ? {
                    type: kind,
                    token: 'PURR',
                    amount: decimalText(BigInt(rng.int(1, 100_000)), 0),
                    usdcValue: '0',
                    user: address,
                    destination: other,
                    fee: '0',
                    nativeTokenFee: '0',
                    nonce: t,
                    feeToken: '',
                  }
                : kind === 'send'
                  ? {
                      type: kind,
                      user: other,
                      destination: address,
                      sourceDex: '',
                      destinationDex: 'spot',
                      token: 'USDC',
                      amount: usdc,
                      usdcValue: usdc,
                      fee: '0',
                      nativeTokenFee: '0',
                      nonce: t,
                      feeToken: '',
                    }
                  : { type: kind, vault: '0x' + 'df'.repeat(20), usdc };
    out.push({ time: t, hash, delta });
  }
  return out;
}

/** Items with `from ≤ time ≤ to`, oldest first, at most `max`. `times` is sorted ascending. */
function window<T extends { time: number }>(items: readonly T[], from: number, to: number, max: number): T[] {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as T).time < from) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let i = lo; i < items.length && out.length < max && (items[i] as T).time <= to; i++) out.push(items[i] as T);
  return out;
}

/** The answer to one history request of the demo wallet `user`, or undefined for a malformed request. */
export function demoHistoryAnswer(r: Record<string, unknown>, user: string, startedAt: number, now: number): unknown[] | undefined {
  const h = demoHistory(user, startedAt);
  const start = r.startTime;
  const end = r.endTime ?? now;
  const timeOk = (t: unknown) => typeof t === 'number' && Number.isSafeInteger(t) && t >= 0;
  const byTime = r.type === 'userFillsByTime' || r.type === 'userFunding' || r.type === 'userNonFundingLedgerUpdates';
  if (byTime && (!timeOk(start) || !timeOk(end))) return undefined;
  switch (r.type) {
    case 'userFills':
      return h.fills.slice(-DEMO_FILLS_PER_ANSWER).reverse();
    case 'userFillsByTime':
      return window(h.fills.slice(-DEMO_FILLS_REACHABLE), start as number, end as number, DEMO_FILLS_PER_ANSWER);
    case 'userFunding':
      return window(h.funding, start as number, end as number, DEMO_LEDGER_PER_PAGE);
    case 'userNonFundingLedgerUpdates':
      return window(h.ledger, start as number, end as number, DEMO_LEDGER_PER_PAGE);
    case 'historicalOrders':
      return h.orders.slice(-DEMO_NEWEST_ORDERS).reverse();
    case 'userTwapSliceFills':
      return h.twapSlices.slice(-DEMO_FILLS_PER_ANSWER).reverse();
    default:
      return undefined;
  }
}
