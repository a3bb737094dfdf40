// The demo node's markets: a small `spotMeta` and `perpDexs`, with names, indexes and decimals taken from
// real snapshots (test/fixtures/hyperliquid_spotMeta_2025-11-09.json). As in the real API,
// `universe` array positions differ from each pair's `index`, and quotes are not always USDC.

/** Eight tokens of the real 2025-11-09 `spotMeta`, fields verbatim. */
const TOKENS = [
  {
    name: 'USDC',
    szDecimals: 8,
    weiDecimals: 8,
    index: 0,
    tokenId: '0x6d1e7cde53ba9467b783cb7c530ce054',
    isCanonical: true,
    evmContract: null,
    fullName: null,
    deployerTradingFeeShare: '0.0',
  },
  {
    name: 'PURR',
    szDecimals: 0,
    weiDecimals: 5,
    index: 1,
    tokenId: '0xc1fb593aeffbeb02f85e0308e9956a90',
    isCanonical: true,
    evmContract: { address: '0x9b498c3c8a0b8cd8ba1d9851d40d186f1872b44e', evm_extra_wei_decimals: 13 },
    fullName: null,
    deployerTradingFeeShare: '0.0',
  },
  {
    name: 'HFUN',
    szDecimals: 2,
    weiDecimals: 8,
    index: 2,
    tokenId: '0xbaf265ef389da684513d98d68edf4eae',
    isCanonical: false,
    evmContract: { address: '0xa320d9f65ec992eff38622c63627856382db726c', evm_extra_wei_decimals: 10 },
    fullName: null,
    deployerTradingFeeShare: '0.0',
  },
  {
    name: 'HYPE',
    szDecimals: 2,
    weiDecimals: 8,
    index: 150,
    tokenId: '0x0d01dc56dcaaca66ad901c959b4011ec',
    isCanonical: false,
    evmContract: null,
    fullName: 'Hyperliquid',
    deployerTradingFeeShare: '0.0',
  },
  {
    name: 'UBTC',
    szDecimals: 5,
    weiDecimals: 10,
    index: 197,
    tokenId: '0x8f254b963e8468305d409b33aa137c67',
    isCanonical: false,
    evmContract: { address: '0x9fdbda0a5e284c32744d2f17ee5c74b284993463', evm_extra_wei_decimals: -2 },
    fullName: 'Unit Bitcoin',
    deployerTradingFeeShare: '1.0',
  },
  {
    name: 'UETH',
    szDecimals: 4,
    weiDecimals: 9,
    index: 221,
    tokenId: '0xe1edd30daaf5caac3fe63569e24748da',
    isCanonical: false,
    evmContract: { address: '0xbe6727b535545c67d5caa73dea54865b92cf7907', evm_extra_wei_decimals: 9 },
    fullName: 'Unit Ethereum',
    deployerTradingFeeShare: '1.0',
  },
  {
    name: 'USDT0',
    szDecimals: 2,
    weiDecimals: 8,
    index: 268,
    tokenId: '0x25faedc3f054130dbb4e4203aca63567',
    isCanonical: false,
    evmContract: { address: '0xb8ce59fc3717ada4c02eadf9682a9e934f625ebb', evm_extra_wei_decimals: -2 },
    fullName: 'USDT0',
    deployerTradingFeeShare: '0.0',
  },
  {
    name: 'USDH',
    szDecimals: 2,
    weiDecimals: 8,
    index: 360,
    tokenId: '0x54e00a5988577cb0b0c9ab0cb6ef7f4b',
    isCanonical: false,
    evmContract: { address: '0x111111a1a0667d36bd57c0a9f569b98057111111', evm_extra_wei_decimals: -2 },
    fullName: 'USDH',
    deployerTradingFeeShare: '0.0',
  },
] as const;

/** Eight pairs of the real snapshot, in its order: positions 0–7, indexes 0, 1, 107, …, 232. */
const UNIVERSE = [
  { tokens: [1, 0], name: 'PURR/USDC', index: 0, isCanonical: true },
  { tokens: [2, 0], name: '@1', index: 1, isCanonical: false },
  { tokens: [150, 0], name: '@107', index: 107, isCanonical: false },
  { tokens: [197, 0], name: '@142', index: 142, isCanonical: false },
  { tokens: [221, 0], name: '@151', index: 151, isCanonical: false },
  { tokens: [268, 0], name: '@166', index: 166, isCanonical: false },
  { tokens: [150, 268], name: '@207', index: 207, isCanonical: false },
  { tokens: [150, 360], name: '@232', index: 232, isCanonical: false },
] as const;

/** The `spotMeta` answer: `{ universe, tokens }`. */
export function demoSpotMeta(): { universe: unknown[]; tokens: unknown[] } {
  return structuredClone({ universe: [...UNIVERSE], tokens: [...TOKENS] }) as { universe: unknown[]; tokens: unknown[] };
}

/** `BASE/QUOTE` for a spot coin name (`PURR/USDC` or `@N`), resolved by `index` as clients must. */
export function demoSpotPairName(coin: string): string | undefined {
  const pair = UNIVERSE.find((p) => p.name === coin);
  if (!pair) return undefined;
  const names = pair.tokens.map((i) => TOKENS.find((t) => t.index === i)?.name);
  return names.every(Boolean) ? names.join('/') : undefined;
}

/** The builder-deployed perp dexs of the demo. */
export const DEMO_SECOND_DEX = 'xyz';
/** Settles in USDH (spot token 360), as the real `flx` dex does. */
export const DEMO_USDH_DEX = 'flx';
/** Its order requests fail for the demo market maker (HTTP 500), so one dex fails beside working ones. */
export const DEMO_FAILING_DEX = 'outage';

/** Each perp dex's collateral token (a spot token index): what `meta` answers as `collateralToken`. */
export const DEMO_COLLATERAL: Record<string, number> = { '': 0, [DEMO_SECOND_DEX]: 0, [DEMO_USDH_DEX]: 360, [DEMO_FAILING_DEX]: 0 };

/** The name of spot token `index` in the demo's `spotMeta`. */
export function demoTokenName(index: number): string | undefined {
  return TOKENS.find((t) => t.index === index)?.name;
}

/** The `perpDexs` answer: `null` for the first perp dex, then each other one. */
export function demoPerpDexs(): unknown[] {
  return [
    null,
    {
      name: DEMO_USDH_DEX,
      fullName: 'Felix Exchange (demo)',
      deployer: '0x2fab552502a6d45920d5741a2f3ebf4c35536352',
      oracleUpdater: null,
      feeRecipient: null,
      assetToStreamingOiCap: [['flx:TSLA', '10000000.0']],
      assetToFundingMultiplier: [['flx:TSLA', '1.0']],
    },
    {
      name: DEMO_FAILING_DEX,
      fullName: 'Outage (demo: its order requests fail)',
      deployer: '0x0000000000000000000000000000000000000bad',
      oracleUpdater: null,
      feeRecipient: null,
      assetToStreamingOiCap: [],
      assetToFundingMultiplier: [],
    },
    {
      name: DEMO_SECOND_DEX,
      fullName: 'XYZ',
      deployer: '0xd68669d6e9447d84a59e938dc763eb334289475e',
      oracleUpdater: null,
      feeRecipient: null,
      assetToStreamingOiCap: [
        ['xyz:GOLD', '25000000.0'],
        ['xyz:NVDA', '25000000.0'],
        ['xyz:XYZ100', '100000000.0'],
      ],
      assetToFundingMultiplier: [
        ['xyz:GOLD', '0.5'],
        ['xyz:NVDA', '1.0'],
        ['xyz:XYZ100', '1.0'],
      ],
    },
  ];
}

/**
 * A market an order can rest on: prices in integer ticks of `10^-pxDecimals`, sizes in lots of
 * `10^-szDecimals`. Prices keep at most 5 significant figures, as on Hyperliquid.
 */
export interface DemoMarket {
  coin: string;
  szDecimals: number;
  pxDecimals: number;
  /** Mid price in ticks. */
  mid: number;
  /** Distance between price levels, in ticks. */
  step: number;
  /** Order size range, in lots. */
  minLots: number;
  maxLots: number;
  spot: boolean;
}

function m(coin: string, szDecimals: number, pxDecimals: number, mid: number, step: number, minLots: number, maxLots: number, spot = false): DemoMarket {
  return { coin, szDecimals, pxDecimals, mid, step, minLots, maxLots, spot };
}

export const MARKETS = {
  BTC: m('BTC', 5, 0, 101_240, 10, 100, 60_000),
  ETH: m('ETH', 4, 1, 34_125, 5, 20, 40_000),
  HYPE: m('HYPE', 2, 3, 38_512, 4, 50, 200_000),
  SOL: m('SOL', 2, 2, 16_245, 2, 10, 50_000),
  ARB: m('ARB', 1, 4, 3_021, 1, 100, 400_000),
  DOGE: m('DOGE', 0, 5, 17_234, 2, 50, 500_000),
  AVAX: m('AVAX', 2, 3, 17_456, 3, 10, 80_000),
  LINK: m('LINK', 1, 3, 15_234, 2, 10, 20_000),
  XRP: m('XRP', 0, 4, 23_012, 2, 10, 80_000),
  SUI: m('SUI', 1, 4, 25_123, 3, 10, 100_000),
  kPEPE: m('kPEPE', 0, 6, 6_789, 1, 1_000, 2_000_000),
  BNB: m('BNB', 3, 2, 95_234, 5, 10, 20_000),
  LTC: m('LTC', 2, 3, 97_345, 10, 10, 10_000),
  ENA: m('ENA', 0, 5, 34_567, 3, 100, 300_000),
  // Spot pairs, under their API names.
  'PURR/USDC': m('PURR/USDC', 0, 5, 12_345, 3, 100, 200_000, true),
  '@1': m('@1', 2, 4, 34_567, 5, 100, 50_000, true),
  '@107': m('@107', 2, 3, 38_515, 4, 50, 100_000, true),
  '@142': m('@142', 5, 0, 101_250, 10, 100, 20_000, true),
  '@207': m('@207', 2, 3, 38_498, 5, 50, 50_000, true),
  '@232': m('@232', 2, 3, 38_530, 6, 50, 50_000, true),
  // Perps of the second dex.
  'xyz:XYZ100': m('xyz:XYZ100', 4, 0, 25_432, 2, 10, 50_000),
  'xyz:NVDA': m('xyz:NVDA', 3, 2, 18_845, 5, 100, 80_000),
  'xyz:GOLD': m('xyz:GOLD', 4, 1, 40_123, 3, 10, 30_000),
  // Perps of the USDH dex.
  'flx:TSLA': m('flx:TSLA', 3, 2, 43_512, 5, 100, 20_000),
  'flx:SILVER': m('flx:SILVER', 2, 3, 48_215, 6, 100, 40_000),
  // An outcome market (`#`: neither a perp nor a spot pair); its price is a probability.
  '#1': m('#1', 0, 3, 620, 5, 10, 5_000),
} satisfies Record<string, DemoMarket>;

/** An exact decimal string from an integer count of `10^-decimals`, formatted like the API (`26971.0`, `0.00611`). */
export function decimalString(units: number, decimals: number): string {
  const s = String(units).padStart(decimals + 1, '0');
  if (decimals === 0) return s + '.0';
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return whole + '.' + (frac === '' ? '0' : frac);
}

/** The `meta` answer for `dex`: its perps and its collateral token; undefined for an unknown dex. */
export function demoPerpMeta(dex: string): unknown {
  const collateralToken = DEMO_COLLATERAL[dex];
  if (collateralToken === undefined) return undefined;
  const universe = Object.values(MARKETS)
    .filter((mk) => !mk.spot && !mk.coin.startsWith('#') && (dex === '' ? !mk.coin.includes(':') : mk.coin.startsWith(`${dex}:`)))
    .map((mk) => ({ szDecimals: mk.szDecimals, name: mk.coin, maxLeverage: 20, marginTableId: 20 }));
  return { universe, marginTables: [], collateralToken };
}

/** The market's wave, in basis points of each mid, by step (the demo's market moves one step at a time). */
const MARKET_WAVE_BPS = [0, 5, 10, 5, 0, -5, -10, -5];

/** How far every mid is from where it started at market step `step`, in basis points. */
export function demoMarketMoveBps(step: number): number {
  return MARKET_WAVE_BPS[((step % MARKET_WAVE_BPS.length) + MARKET_WAVE_BPS.length) % MARKET_WAVE_BPS.length]!;
}

/** `mk`'s mid at market step `step`, in ticks. */
export function demoMidTicks(mk: DemoMarket, step = 0): number {
  const bps = demoMarketMoveBps(step);
  return bps === 0 ? mk.mid : Math.round((mk.mid * (10_000 + bps)) / 10_000);
}

/** A perp's mid price at market step `step` (undefined for a coin the demo does not list). */
export function demoMid(coin: string, step = 0): number | undefined {
  const mk = Object.values(MARKETS).find((m) => m.coin === coin && !m.spot);
  return mk && demoMidTicks(mk, step) / 10 ** mk.pxDecimals;
}

/**
 * The `allMids` answer for `dex`: every coin's mid as a decimal string (the first dex also lists spot and
 * outcomes), at market step `step` (0: as started).
 */
export function demoAllMids(dex: string, step = 0): Record<string, string> {
  const mids: Record<string, string> = {};
  for (const mk of Object.values(MARKETS)) {
    const colon = mk.coin.indexOf(':');
    const own = colon > 0 ? mk.coin.slice(0, colon) === dex : dex === '';
    if (own) mids[mk.coin] = decimalString(demoMidTicks(mk, step), mk.pxDecimals);
  }
  return mids;
}
