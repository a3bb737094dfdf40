/**
 * Fetches a wallet's open orders on every perp dex (and spot), for one connection. No `vscode` import.
 * Overlapping refreshes of one wallet share one request set; `perpDexs` and `spotMeta` are cached for a
 * while; `dispose()` cancels whatever is still running (the connection changed).
 */
import { RequestCache } from '../core/cache';
import { ProviderError } from '../core/errors';
import type { InfoClient } from '../core/infoClient';
import type { PerpDex, SpotMeta } from '../core/model';
import type { WalletOrder } from './ordersViewModel';

export type InfoApi = Pick<InfoClient, 'openOrders' | 'spotMeta' | 'perpDexs'>;

export interface WalletOrdersResult {
  orders: WalletOrder[];
  /** The perp dexs besides the first one, as `perpDexs` listed them. */
  dexs: PerpDex[];
  /** Undefined when no order needed it, or when it could not be fetched (see `spotMetaError`). */
  spotMeta?: SpotMeta;
  /** Why `@N` names could not be resolved; the orders are still shown, under their raw names. */
  spotMetaError?: ProviderError;
  /** Milliseconds since the epoch, when the answers arrived. */
  fetchedAt: number;
}

export interface OpenOrdersSourceOptions {
  now?: () => number;
  /** How long `perpDexs` and `spotMeta` are reused (new dexs and pairs are listed rarely). */
  metaTtlMs?: number;
}

/** Same rule as the info client: refuse names it would refuse, before any request. */
const DEX_NAME = /^[a-zA-Z0-9_-]{1,32}$/;

export class OpenOrdersSource {
  private readonly controller = new AbortController();
  /** Only de-duplicates requests in flight: orders are never served from the cache. */
  private readonly running = new RequestCache<string, WalletOrdersResult>(1);
  private readonly perpDexs = new RequestCache<'all', PerpDex[]>(1);
  private readonly spotMeta = new RequestCache<'all', SpotMeta>(1);
  private perpDexsAt = 0;
  private spotMetaAt = 0;
  private readonly now: () => number;
  private readonly metaTtlMs: number;

  constructor(
    private readonly info: InfoApi,
    options: OpenOrdersSourceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.metaTtlMs = options.metaTtlMs ?? 10 * 60_000;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * All open orders of `address` (lowercase): the first perp dex (with spot), every dex `perpDexs`
   * lists, and `extraDexes` from the wallet's settings. A call while one for the same address runs gets
   * that one's result.
   */
  load(address: string, extraDexes: readonly string[] = []): Promise<WalletOrdersResult> {
    const key = `${address}|${[...extraDexes].sort().join(',')}`;
    return this.running.get(key, () => this.fetch(address, extraDexes), () => false);
  }

  /** Forget the cached dex list and spot pairs (e.g. on a manual refresh of everything). */
  forgetMeta(): void {
    this.perpDexsAt = 0;
    this.spotMetaAt = 0;
  }

  dispose(): void {
    this.controller.abort();
  }

  private async fetch(address: string, extraDexes: readonly string[]): Promise<WalletOrdersResult> {
    const signal = this.controller.signal;
    if (signal.aborted) throw new ProviderError('cancelled', 'The request was cancelled.');
    const [dexs, first] = await Promise.all([this.knownDexs(signal), this.info.openOrders(address, '', signal)]);
    const others = [...new Set([...dexs.map((d) => d.name), ...extraDexes])].filter((d) => DEX_NAME.test(d));
    const rest = await Promise.all(others.map((dex) => this.info.openOrders(address, dex, signal).then((orders) => ({ dex, orders }))));
    const orders: WalletOrder[] = first.map((order) => ({ dex: '', order }));
    for (const { dex, orders: list } of rest) for (const order of list) orders.push({ dex, order });
    const fetchedAt = this.now();

    let spotMeta: SpotMeta | undefined;
    let spotMetaError: ProviderError | undefined;
    if (first.some((o) => /^@\d+$/.test(o.coin))) {
      try {
        spotMeta = await this.pairs(signal);
      } catch (e) {
        if (signal.aborted) throw e;
        // Naming `@N` pairs is a nicety; the orders themselves arrived and are shown under raw names.
        spotMetaError = e instanceof ProviderError ? e : new ProviderError('invalidResponse', String(e));
      }
    }
    return { orders, dexs, spotMeta, spotMetaError, fetchedAt };
  }

  private knownDexs(signal: AbortSignal): Promise<PerpDex[]> {
    if (this.now() - this.perpDexsAt > this.metaTtlMs) this.perpDexs.clear();
    return this.perpDexs.get('all', async () => {
      const dexs = await this.info.perpDexs(signal);
      this.perpDexsAt = this.now();
      return dexs;
    });
  }

  private pairs(signal: AbortSignal): Promise<SpotMeta> {
    if (this.now() - this.spotMetaAt > this.metaTtlMs) this.spotMeta.clear();
    return this.spotMeta.get('all', async () => {
      const meta = await this.info.spotMeta(signal);
      this.spotMetaAt = this.now();
      return meta;
    });
  }
}
