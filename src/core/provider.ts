import type { ProviderAbilities } from './abilities';
import { KeepWarm } from './keepWarm';
import { EvmClient, type EvmClientOptions } from './evmClient';
import { KeylessEndpoints, ProviderEndpoints, type EndpointUrls } from './endpoints';
import { RequestCache } from './cache';
import { InfoClient, MARKET_DATA_KEEP_MS } from './infoClient';
import type { SpotMeta } from './model';
import type { PublicApiBudget, PublicDataKind } from './publicApi';
import { ProviderRoute, type SystemTxCoverage } from './providerRoute';
import { Transport, type JsonPoster, type TransportOptions } from './transport';

/** Everything needed to talk to one provider with one key. */
export interface ProviderClients {
  readonly evm: EvmClient;
  readonly info: InfoClient;
  /** The provider's own transport (without the route's checks and fallbacks). */
  readonly transport: Transport;
  /**
   * A client of the path whose answers include system transactions (Chainstack's `nanoreth`, else the
   * archive path), for a transaction `/evm` holds in a block without a receipt; undefined when there is none.
   */
  systemTxEvm?(): EvmClient | undefined;
  /** Whether the blocks and receipts shown hold system transactions (HyperCore → HyperEVM transfers). */
  systemTxCoverage?(): SystemTxCoverage;
  /**
   * Whether an info request of `type` would not be sent: the provider is known not to serve it (the one
   * record of that is the connection's `ProviderAbilities`) and it could not go to the public API instead (where it could, the route decides each time, and asks the user once).
   */
  refuses?(type: string): boolean;
  /** The WebSocket form of the `/evm` address (`eth_subscribe`), key included: never log it. */
  evmSocketUrl?(): string | undefined;
  /** Keeps the provider's connection open while something the user looks at may ask it (`platform/warmHolds.ts`). */
  keepWarm?: KeepWarm;
  /**
   * The connection's one copy of `spotMeta` (tokens and pairs), shared by Open Orders and the transaction
   * page's HyperCore names: fresh for `MARKET_DATA_KEEP_MS`, then still at hand while asked again.
   */
  spotMeta?: RequestCache<'spotMeta', SpotMeta>;
}

/** Idle time after which a held connection is used once (`KeepWarm`): under the shortest idle timeout of common servers (nginx 75 s, load balancers 60 s). */
export const KEEP_WARM_IDLE_MS = 20_000;

/** The transport's options, and whether calls made at once go out as one JSON-RPC batch (default true). */
export type ProviderClientOptions = TransportOptions & EvmClientOptions;

/** Builds the clients for a base URL, key and EVM path (`evm` when not given); throws a `config` ProviderError if either is unusable. */
export function createProviderClients(baseUrl: string, apiKey: string, options: ProviderClientOptions, evmPath?: string): ProviderClients {
  const transport = new Transport(new ProviderEndpoints(baseUrl, apiKey, evmPath), options);
  return { evm: new EvmClient(transport, { batch: options.batch }), info: new InfoClient(transport), transport };
}

/** One connection as the connection (platform) describes it: where requests go, and what to check and learn. */
export interface ProviderConfig {
  /** `{baseUrl}/<key>/evm` and `…/info`, or the public preset's key-less addresses. */
  endpoints: EndpointUrls;
  /** The archive path (`{baseUrl}/<key>/nanoreth`), asked for what `/evm` pruned or does not trace. */
  archive?: EndpointUrls;
  /** The path whose answers include system transactions (Chainstack's `{baseUrl}/<key>/nanoreth`). */
  systemTx?: EndpointUrls;
  /** Whether `/evm` leaves system transactions out of its blocks and receipts (the preset says so). */
  evmLeavesSystemTxsOut?: boolean;
  /** The selected network's chain id, checked once. */
  chainId?: number;
  abilities?: ProviderAbilities;
  providerName?: string;
  /** After how long without a request a held connection is used once (`KEEP_WARM_IDLE_MS`). */
  keepWarmIdleMs?: number;
  /** Hyperliquid's public info API, where the provider's `/info` falls short and the user allowed it. */
  publicApi?: {
    evmUrl: string;
    infoUrl: string;
    budget: PublicApiBudget;
    allowed(kind: PublicDataKind): boolean;
    wanted?(kind: PublicDataKind, type: string): void;
  };
}

/** The clients of one connection: the provider's transport under the route (chain check, abilities, archive, public API). */
export function connectProvider(config: ProviderConfig, options: ProviderClientOptions): ProviderClients {
  // Every request to the provider itself tells its keep-warm that the connection was just used.
  const keepWarm = new KeepWarm({ idleMs: config.keepWarmIdleMs ?? KEEP_WARM_IDLE_MS, ping: () => clients.evm.getBlockNumber() });
  const transport = new Transport(config.endpoints, {
    ...options,
    onRequest: (e) => {
      keepWarm.sent();
      options.onRequest?.(e);
    },
  });
  const tagged = (tag: string): TransportOptions => ({
    ...options,
    onRequest: options.onRequest && ((e) => options.onRequest?.({ ...e, label: `${e.label} (${tag})` })),
  });
  const publicApi = config.publicApi;
  const route = new ProviderRoute(transport, {
    chainId: config.chainId,
    abilities: config.abilities,
    providerName: config.providerName,
    archive: config.archive && new Transport(config.archive, tagged('archive')),
    systemTx: config.systemTx && new Transport(config.systemTx, tagged('with system transactions')),
    evmLeavesSystemTxsOut: config.evmLeavesSystemTxsOut,
    publicFallback: publicApi && {
      transport: new Transport(new KeylessEndpoints(publicApi.evmUrl, publicApi.infoUrl), tagged('Hyperliquid public API')),
      budget: publicApi.budget,
      allowed: (kind) => publicApi.allowed(kind),
      wanted: publicApi.wanted && ((kind, type) => publicApi.wanted?.(kind, type)),
    },
  });
  // A batch goes to the provider as one request; the calls the route may send elsewhere (blocks and traces
  // where an archive path takes what /evm pruned, QuickNode) or answers itself go alone (`ProviderRoute.alone`).
  let systemTx: { poster: JsonPoster; evm: EvmClient } | undefined;
  const clients: ProviderClients = {
    evm: new EvmClient(route, { batch: options.batch }),
    info: new InfoClient(route),
    transport,
    evmSocketUrl: () => evmSocketUrlOf(config.endpoints.url('evm')),
    keepWarm,
    systemTxEvm: () => {
      const poster = route.systemTxPoster();
      if (!poster) return undefined;
      if (systemTx?.poster !== poster) systemTx = { poster, evm: new EvmClient(poster, { batch: options.batch }) };
      return systemTx.evm;
    },
    systemTxCoverage: () => route.systemTxCoverage,
    refuses: (type) => route.refusesInfo(type),
    spotMeta: new RequestCache({ capacity: 1, keepMs: () => MARKET_DATA_KEEP_MS, keepStale: true }),
  };
  return clients;
}

/**
 * The WebSocket form of a provider's `/evm` address, where `eth_subscribe` is served (Chainstack's `/evm`
 * over WSS, anvil): `https:` → `wss:`, `http:` → `ws:`, the same host, path and key. It carries the key as
 * the HTTP form does: it is never logged or shown (`redact.ts` removes `ws(s)://` addresses too). Here rather
 * than in `endpoints.ts`, which activation loads: only the clients need it.
 */
export function evmSocketUrlOf(evmUrl: string): string | undefined {
  return /^https?:\/\//i.test(evmUrl) ? evmUrl.replace(/^http/i, 'ws') : undefined;
}
