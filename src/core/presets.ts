/**
 * The providers the extension knows, with the shape of their addresses and what their own method
 * tables say they serve (docs/FACTS.md#what-each-provider-serves: Chainstack's `/info` refuses `allMids` and `orderStatus` with the info
 * API's 422; QuickNode's `/evm` keeps only recent blocks and serves no traces, its `/nanoreth` is the
 * archive with traces; Hyperliquid's public endpoints need no key and serve no `ots_*`). "Custom" knows
 * nothing ahead: what it serves is learned. Pure data.
 */
import type { KnownAbilities } from './abilities';
import type { NetworkId } from './networks';

export type PresetId = 'chainstack' | 'quicknode' | 'public' | 'custom';

export const PRESET_IDS: readonly PresetId[] = ['chainstack', 'quicknode', 'public', 'custom'];

export interface Preset {
  readonly id: PresetId;
  /** The provider's name (a brand: not translated). */
  readonly name: string;
  /** Whether requests carry a key as the first path segment (`{baseUrl}/<key>/evm`). */
  readonly needsKey: boolean;
  /** The base URL to start from, per network; the user's own endpoint name goes where the shape says. */
  readonly baseUrl: Readonly<Record<NetworkId, string>>;
  /** Base URLs of this provider (how a base URL set before presets existed is recognized). */
  readonly host?: RegExp;
  /** The archive path after the key, asked when `/evm` has pruned a block or serves no trace. */
  readonly archivePath?: string;
  /**
   * Whether the provider's `/evm` leaves system transactions (HyperCore → HyperEVM transfers) out: out
   * of its blocks, and with a `null` receipt for one asked by hash.
   */
  readonly evmLeavesSystemTxsOut?: boolean;
  /**
   * A path after the key whose answers include system transactions (blocks and receipts): asked for a
   * block, and for a transaction `/evm` holds in a block but has no receipt of. Not the archive path: it
   * is asked for every block, not only for what `/evm` pruned.
   */
  readonly systemTxPath?: string;
  /** What the provider's documentation says it serves, per network. */
  readonly known: Readonly<Record<NetworkId, KnownAbilities>>;
  /**
   * The requests per second Open Orders allows itself at this provider unless the setting
   * `providerRequestsPerSecond` says otherwise: its lowest plan's rate. Undefined: the provider is
   * Hyperliquid's public API, whose limit is request weight per minute per IP (`infoWeights.ts`), not a rate.
   */
  readonly requestsPerSecond?: number;
}

/**
 * The rate for a provider whose plan is not known (a custom node, the demo node): no source gives one, so
 * a conservative guess, below every known plan's lowest rate.
 */
export const DEFAULT_REQUESTS_PER_SECOND = 10;

const HYPERCORE_ALL = {
  orders: true,
  orderDetails: true,
  markets: true,
  mids: true,
  fates: true,
  positions: true,
  balances: true,
  roles: true,
  history: true,
} as const;

/** What Chainstack serves, the same on both networks (sources at its preset below). */
const CHAINSTACK_KNOWN: KnownAbilities = {
  blocks: true,
  orders: true,
  orderDetails: true,
  markets: true,
  mids: false,
  fates: false,
  positions: true,
  balances: true,
  history: false,
  newHeads: true,
};

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  chainstack: {
    id: 'chainstack',
    name: 'Chainstack',
    needsKey: true,
    baseUrl: { mainnet: 'https://hyperliquid-mainnet.core.chainstack.com', testnet: 'https://hyperliquid-testnet.core.chainstack.com' },
    host: /(^|\.)chainstack\.com$/i,
    // docs.chainstack.com "Hyperliquid node configuration and system transactions" (the page
    // chainstack/dev-portal:docs/hyperliquid-node-configuration.mdx) and its changelog of 2026-04-29 (mainnet) and 2026-05-26
    // (testnet): every node has `/evm` (hl-node compliant: system transactions stripped from block-shaped
    // answers, a null receipt for one) and `/nanoreth` (system transactions included in blocks and receipts).
    evmLeavesSystemTxsOut: true,
    systemTxPath: 'nanoreth',
    // docs.chainstack.com/docs/rps-plan-limits: Developer (free) 25 RPS, Growth 250, Pro 400, Business 600.
    requestsPerSecond: 25,
    // chainstack/dev-portal docs/hyperliquid-methods.mdx: allMids, orderStatus and the fills and history
    // types (userFills, userFillsByTime, userFunding, userNonFundingLedgerUpdates, historicalOrders,
    // userTwapSliceFills) are "Hyperliquid public RPC" only; it lists clearinghouseState and
    // spotClearinghouseState as served (userRole is not listed either way: learnt from the first answer).
    // Its `/evm` over WSS serves eth_subscribe newHeads (chainstack/dev-portal:docs/hyperliquid-methods.mdx).
    known: { mainnet: CHAINSTACK_KNOWN, testnet: CHAINSTACK_KNOWN },
  },
  quicknode: {
    id: 'quicknode',
    name: 'QuickNode',
    needsKey: true,
    baseUrl: { mainnet: 'https://<your-endpoint-name>.hype-mainnet.quiknode.pro', testnet: 'https://<your-endpoint-name>.hype-testnet.quiknode.pro' },
    host: /(^|\.)quiknode\.pro$/i,
    archivePath: 'nanoreth',
    // QuickNode limits per endpoint by plan and counts API credits per second; its free plan's rate is
    // given as 15 requests per second by third-party summaries, not confirmed in QuickNode's own docs
    // here: taken as the conservative default.
    requestsPerSecond: 15,
    // quicknode.com/docs/hyperliquid: every info type on every plan; /evm partial history, debug and trace
    // only on /nanoreth; testnet pruned to the last 250 blocks, no archive, no traces.
    known: {
      mainnet: { blocks: true, traces: 'archive', oldBlocks: 'archive', ...HYPERCORE_ALL },
      testnet: { blocks: true, traces: false, oldBlocks: false, ...HYPERCORE_ALL },
    },
  },
  public: {
    id: 'public',
    name: 'Hyperliquid public endpoints',
    needsKey: false,
    baseUrl: { mainnet: 'https://rpc.hyperliquid.xyz', testnet: 'https://rpc.hyperliquid-testnet.xyz' },
    host: /^rpc\.hyperliquid(-testnet)?\.xyz$/i,
    // hl-node: system transactions only through eth_getSystemTxsByBlockNumber / …ByBlockHash (Chainstack's
    // reference for those methods; nanoreth's README on the --hl-node-compliant output).
    evmLeavesSystemTxsOut: true,
    // rpc.hyperliquid.xyz/evm has no WebSocket (docs/FACTS.md#websocket).
    known: {
      mainnet: { blocks: false, traces: false, newHeads: false, ...HYPERCORE_ALL },
      testnet: { blocks: false, traces: false, newHeads: false, ...HYPERCORE_ALL },
    },
  },
  custom: {
    id: 'custom',
    name: 'Custom',
    needsKey: true,
    baseUrl: { mainnet: '', testnet: '' },
    known: { mainnet: {}, testnet: {} },
    requestsPerSecond: DEFAULT_REQUESTS_PER_SECOND,
  },
};

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === 'string' && (PRESET_IDS as readonly string[]).includes(value);
}

/** The preset a base URL belongs to (a setting from before presets, or "auto"): by its host, else custom. */
export function detectPreset(baseUrl: string): PresetId {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return 'custom';
  }
  return PRESET_IDS.find((id) => PRESETS[id].host?.test(host)) ?? 'custom';
}
