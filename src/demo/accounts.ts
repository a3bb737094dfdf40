// The demo wallets' accounts: what `clearinghouseState`, `spotClearinghouseState` and `userRole` answer,
// in the real API's shapes (nktkas/hyperliquid's live-tested types; docs/FACTS.md#info-api). The market
// maker is the demo trader: a long and a short on the first dex and on `xyz`, one position near its
// liquidation price (on `flx`, in USDH), isolated ones, a stop on BTC, a take profit but no stop on ETH,
// spot balances with holds. Stage 1 (the control endpoint's `account` step) is the account a while
// later: BTC grown, ETH closed, SOL opened, XYZ100 flipped. Pure data, no HTTP.
import { DEMO_SECOND_DEX, DEMO_USDH_DEX, demoMarketMoveBps, demoMid } from './markets';
import { DEMO_AGENT_WALLET, DEMO_WALLETS } from './wallets';

/** The account stages the control endpoint can step through. */
export const DEMO_ACCOUNT_STAGES = 2;

interface PositionSpec {
  coin: string;
  szi: string;
  entryPx: string;
  positionValue: string;
  unrealizedPnl: string;
  returnOnEquity: string;
  liquidationPx: string | null;
  leverage: { type: 'cross'; value: number } | { type: 'isolated'; value: number; rawUsd: string };
  marginUsed: string;
  maxLeverage: number;
  cumFunding: { allTime: string; sinceOpen: string; sinceChange: string };
}

interface AccountSpec {
  positions: PositionSpec[];
  accountValue: string;
  totalNtlPos: string;
  totalRawUsd: string;
  totalMarginUsed: string;
  crossMaintenanceMarginUsed: string;
  withdrawable: string;
}

const cross = (value: number) => ({ type: 'cross' as const, value });
const funding = (allTime: string, sinceOpen: string, sinceChange = sinceOpen) => ({ allTime, sinceOpen, sinceChange });

// Mark prices are the demo's mids (markets.ts): BTC 101,240, ETH 3,412.5, HYPE 38.512, SOL 162.45,
// XYZ100 25,432, NVDA 188.45, TSLA 435.12. positionValue = |szi| × mark; PnL = (mark − entry) × szi.
const BTC_LONG: PositionSpec = {
  coin: 'BTC',
  szi: '0.5',
  entryPx: '98500.0',
  positionValue: '50620.0',
  unrealizedPnl: '1370.0',
  returnOnEquity: '0.278172',
  liquidationPx: '88120.4',
  leverage: cross(10),
  marginUsed: '5062.0',
  maxLeverage: 40,
  cumFunding: funding('-48.211', '-12.48'),
};
const ETH_LONG: PositionSpec = {
  coin: 'ETH',
  szi: '4.0',
  entryPx: '3310.5',
  positionValue: '13650.0',
  unrealizedPnl: '408.0',
  returnOnEquity: '0.616221',
  liquidationPx: '2950.3',
  leverage: cross(20),
  marginUsed: '682.5',
  maxLeverage: 25,
  cumFunding: funding('3.902', '3.902'),
};
const HYPE_SHORT_ISOLATED: PositionSpec = {
  coin: 'HYPE',
  szi: '-300.0',
  entryPx: '37.9',
  positionValue: '11553.6',
  unrealizedPnl: '-183.6',
  returnOnEquity: '-0.080739',
  liquidationPx: '44.71',
  leverage: { type: 'isolated', value: 5, rawUsd: '13644.0' },
  marginUsed: '2090.4',
  maxLeverage: 10,
  cumFunding: funding('-2.15', '-0.871'),
};
const XYZ100_SHORT: PositionSpec = {
  coin: 'xyz:XYZ100',
  szi: '-2.0',
  entryPx: '25800.0',
  positionValue: '50864.0',
  unrealizedPnl: '736.0',
  returnOnEquity: '0.142636',
  liquidationPx: '31540.0',
  leverage: cross(10),
  marginUsed: '5086.4',
  maxLeverage: 20,
  cumFunding: funding('21.07', '21.07'),
};
const NVDA_LONG_ISOLATED: PositionSpec = {
  coin: 'xyz:NVDA',
  szi: '50.0',
  entryPx: '180.25',
  positionValue: '9422.5',
  unrealizedPnl: '410.0',
  returnOnEquity: '0.136477',
  liquidationPx: '121.35',
  leverage: { type: 'isolated', value: 3, rawUsd: '-6008.333334' },
  marginUsed: '3414.166666',
  maxLeverage: 10,
  cumFunding: funding('-1.3', '-1.3'),
};
/** 1.43 % from its liquidation price: the position near liquidation. */
const TSLA_NEAR_LIQUIDATION: PositionSpec = {
  coin: 'flx:TSLA',
  szi: '20.0',
  entryPx: '445.1',
  positionValue: '8702.4',
  unrealizedPnl: '-199.6',
  returnOnEquity: '-0.448439',
  liquidationPx: '428.9',
  leverage: cross(20),
  marginUsed: '435.12',
  maxLeverage: 20,
  cumFunding: funding('6.4', '6.4'),
};

// Stage 1: BTC grown, ETH closed, SOL opened (a short), XYZ100 flipped to a long.
const BTC_GROWN: PositionSpec = {
  ...BTC_LONG,
  szi: '0.8',
  entryPx: '99410.0',
  positionValue: '80992.0',
  unrealizedPnl: '1464.0',
  returnOnEquity: '0.184085',
  liquidationPx: '90875.0',
  marginUsed: '8099.2',
};
const SOL_SHORT: PositionSpec = {
  coin: 'SOL',
  szi: '-40.0',
  entryPx: '163.1',
  positionValue: '6498.0',
  unrealizedPnl: '26.0',
  returnOnEquity: '0.039853',
  liquidationPx: '241.8',
  leverage: cross(10),
  marginUsed: '649.8',
  maxLeverage: 20,
  cumFunding: funding('0.0', '0.0'),
};
const XYZ100_FLIPPED: PositionSpec = {
  ...XYZ100_SHORT,
  szi: '1.5',
  entryPx: '25390.0',
  positionValue: '38148.0',
  unrealizedPnl: '63.0',
  returnOnEquity: '0.016542',
  liquidationPx: '21220.0',
  marginUsed: '3814.8',
  cumFunding: funding('21.07', '0.0'),
};

function account(positions: PositionSpec[], accountValue: string, withdrawable: string, totalRawUsd: string): AccountSpec {
  // Exact sums of the demo's decimal strings, in micro-units (6 decimals at most).
  const sum = (field: 'positionValue' | 'marginUsed') => micro(positions.reduce((n, p) => n + toMicro(p[field]), 0n));
  return {
    positions,
    accountValue,
    totalNtlPos: sum('positionValue'),
    totalRawUsd,
    totalMarginUsed: sum('marginUsed'),
    crossMaintenanceMarginUsed: micro(positions.reduce((n, p) => n + toMicro(p.marginUsed) / 4n, 0n)),
    withdrawable,
  };
}

function toMicro(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.replace('-', '').split('.');
  const value = BigInt(whole! + fraction.padEnd(6, '0').slice(0, 6));
  return decimal.startsWith('-') ? -value : value;
}

function micro(value: bigint): string {
  const s = (value < 0n ? -value : value).toString().padStart(7, '0');
  const fraction = s.slice(-6).replace(/0+$/, '') || '0';
  return `${value < 0n ? '-' : ''}${s.slice(0, -6)}.${fraction}`;
}

const EMPTY_ACCOUNT: AccountSpec = account([], '0.0', '0.0', '0.0');

/** The maker's account per dex and stage. */
const MAKER_ACCOUNTS: Record<string, readonly [AccountSpec, AccountSpec]> = {
  '': [
    account([BTC_LONG, ETH_LONG, HYPE_SHORT_ISOLATED], '31240.75', '23222.25', '-44582.85'),
    account([BTC_GROWN, HYPE_SHORT_ISOLATED, SOL_SHORT], '31675.4', '20836.0', '-67368.2'),
  ],
  [DEMO_SECOND_DEX]: [
    account([XYZ100_SHORT, NVDA_LONG_ISOLATED], '15420.1', '7329.53', '66278.5'),
    account([XYZ100_FLIPPED, NVDA_LONG_ISOLATED], '14916.4', '7687.43', '-32656.1'),
  ],
  [DEMO_USDH_DEX]: [account([TSLA_NEAR_LIQUIDATION], '640.2', '0.0', '-8062.2'), account([TSLA_NEAR_LIQUIDATION], '640.2', '0.0', '-8062.2')],
};

const MAKER_SPOT = [
  { coin: 'USDC', token: 0, total: '10500.25', hold: '1234.5', entryNtl: '0.0' },
  { coin: 'PURR', token: 1, total: '250000.0', hold: '0.0', entryNtl: '3012.5' },
  { coin: 'HYPE', token: 150, total: '1250.5', hold: '40.0', entryNtl: '45012.7' },
  { coin: 'UBTC', token: 197, total: '0.15', hold: '0.05', entryNtl: '14820.0' },
  { coin: 'USDH', token: 360, total: '980.0', hold: '0.0', entryNtl: '980.0' },
  { coin: 'USDT0', token: 268, total: '0.0', hold: '0.0', entryNtl: '0.0' },
];

/**
 * The whale's spot balances, its account under portfolio margin: USDC borrowed (a negative `total` and
 * `entryNtl`, as Hyperliquid sends them there), HYPE, and a share of an outcome market, which comes without a
 * `token` (coin `+<encoding>`: outcome 516, side 0). nktkas/hyperliquid's `spotClearinghouseState`.
 */
const WHALE_SPOT = [
  { coin: 'USDC', token: 0, total: '-1523.75', hold: '0.0', entryNtl: '-1523.75' },
  { coin: 'HYPE', token: 150, total: '820.0', hold: '0.0', entryNtl: '29520.0' },
  { coin: '+5160', total: '40.0', hold: '0.0', entryNtl: '26.0' },
];

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;

/** What `clearinghouseState` answers for `user` on `dex` at account stage `stage` (`time`: the node's clock). */
export function demoClearinghouseState(user: string, dex: string, stage: number, time: number, marketStep = 0): unknown {
  const start = user.toLowerCase() === maker.address ? (MAKER_ACCOUNTS[dex]?.[Math.min(stage, DEMO_ACCOUNT_STAGES - 1)] ?? EMPTY_ACCOUNT) : EMPTY_ACCOUNT;
  const spec = demoMarketMoveBps(marketStep) === 0 ? start : repriced(start, marketStep);
  const summary = { accountValue: spec.accountValue, totalNtlPos: spec.totalNtlPos, totalRawUsd: spec.totalRawUsd, totalMarginUsed: spec.totalMarginUsed };
  return {
    marginSummary: summary,
    crossMarginSummary: summary,
    crossMaintenanceMarginUsed: spec.crossMaintenanceMarginUsed,
    withdrawable: spec.withdrawable,
    assetPositions: spec.positions.map((position) => ({ type: 'oneWay', position: structuredClone(position) })),
    time,
  };
}

/**
 * `spec` with its positions marked at market step `step`: value = |size| × mark, PnL = (mark − entry) ×
 * size, ROE = PnL ÷ the margin at entry; the account value moves by the change in PnL.
 */
function repriced(spec: AccountSpec, step: number): AccountSpec {
  let pnlDelta = 0;
  const positions = spec.positions.map((p) => {
    const mark = demoMid(p.coin, step);
    if (mark === undefined) return p;
    const size = Number(p.szi);
    const entry = Number(p.entryPx);
    const pnl = (mark - entry) * size;
    pnlDelta += pnl - Number(p.unrealizedPnl);
    return {
      ...p,
      positionValue: (Math.abs(size) * mark).toFixed(2),
      unrealizedPnl: pnl.toFixed(2),
      returnOnEquity: (pnl / ((Math.abs(size) * entry) / p.leverage.value)).toFixed(6),
    };
  });
  const totalNtlPos = positions.reduce((n, p) => n + Number(p.positionValue), 0).toFixed(2);
  return { ...spec, positions, totalNtlPos, accountValue: (Number(spec.accountValue) + pnlDelta).toFixed(2) };
}

/** What `spotClearinghouseState` answers for `user`. */
export function demoSpotClearinghouseState(user: string): unknown {
  const address = user.toLowerCase();
  return { balances: address === maker.address ? structuredClone(MAKER_SPOT) : address === whale.address ? structuredClone(WHALE_SPOT) : [] };
}

/** What `userRole` answers: the demo wallets are users, the API wallet an agent of the maker, anyone else missing. */
export function demoUserRole(user: string): unknown {
  const address = user.toLowerCase();
  if (address === DEMO_AGENT_WALLET.address) return { role: 'agent', data: { user: DEMO_AGENT_WALLET.master } };
  if (DEMO_WALLETS.some((w) => w.address === address && w.kind !== 'empty')) return { role: 'user' };
  return { role: 'missing' };
}

/**
 * A large account for the bench: `count` positions on `dex`, coins `<prefix>C<i>`, as the API writes
 * them (a deterministic mix of longs and shorts, cross and isolated, with and without a liquidation price).
 */
export function demoLargeClearinghouseState(dex: string, count: number, time = 1_764_000_000_000): unknown {
  const prefix = dex === '' ? '' : `${dex}:`;
  const positions = Array.from({ length: count }, (_, i): PositionSpec => {
    const short = i % 3 === 1;
    const entry = 100 + i * 7;
    const mark = entry + (i % 5) - 2;
    const size = (i % 9) + 1;
    return {
      coin: `${prefix}C${i}`,
      szi: `${short ? '-' : ''}${size}.${i % 10}`,
      entryPx: `${entry}.5`,
      positionValue: `${mark * size}.25`,
      unrealizedPnl: `${short ? '-' : ''}${(i % 7) * 3}.125`,
      returnOnEquity: `0.0${(i % 90) + 10}31`,
      liquidationPx: i % 4 === 0 ? null : `${short ? entry * 2 : Math.floor(entry / 2)}.75`,
      leverage: i % 6 === 5 ? { type: 'isolated', value: 5, rawUsd: `-${entry * size}.5` } : cross(10),
      marginUsed: `${Math.floor((mark * size) / 10)}.1`,
      maxLeverage: 20,
      cumFunding: funding(`-${i}.5`, `${i % 3}.25`),
    };
  });
  const spec = account(positions, '1000000.0', '500000.0', '-12345.6');
  return {
    ...(demoClearinghouseState('', '', 0, time) as object),
    ...{ marginSummary: summaryOf(spec), crossMarginSummary: summaryOf(spec) },
    assetPositions: positions.map((position) => ({ type: 'oneWay', position })),
  };
}

function summaryOf(spec: AccountSpec) {
  return { accountValue: spec.accountValue, totalNtlPos: spec.totalNtlPos, totalRawUsd: spec.totalRawUsd, totalMarginUsed: spec.totalMarginUsed };
}
