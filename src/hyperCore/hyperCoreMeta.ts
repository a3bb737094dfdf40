/**
 * The HyperCore metadata the transaction page names things with: `spotMeta` (tokens, pairs, EVM links)
 * and the first perp dex's `meta` (perp names). No user data is sent. One source per connection (the
 * panel holds it in a `PerConnection`): each answer is kept for `keepMs` and shared by the loads that
 * ask while it runs; `spotMeta` is the connection's one copy, which Open Orders shares. A failed request costs only the names it feeds; the caller is told why.
 */
import { RequestCache } from '../core/cache';
import type { ProviderError } from '../core/errors';
import { outcome } from '../core/settled';
import { MARKET_DATA_KEEP_MS, type InfoClient } from '../core/infoClient';
import type { PerpAsset, SpotMeta } from '../core/model';
import { HyperCoreDirectory } from './hyperCoreDirectory';

export type HyperCoreInfo = Pick<InfoClient, 'spotMeta' | 'perpAssets'>;

export interface DirectoryResult {
  directory: HyperCoreDirectory;
  /** Why a part of the names is missing (the request's error, redacted where it was made). */
  problems: ProviderError[];
  /** Requests sent for this answer (0 when both came from the cache). */
  requests: number;
}

export class HyperCoreMetaSource {
  private readonly spot: RequestCache<'spotMeta', SpotMeta>;
  private readonly perps: RequestCache<'meta', (PerpAsset | undefined)[]>;
  private sent = 0;

  constructor(
    private readonly info: HyperCoreInfo,
    options: { keepMs?: number; now?: () => number; spotMeta?: RequestCache<'spotMeta', SpotMeta> } = {},
  ) {
    const keep = options.keepMs ?? MARKET_DATA_KEEP_MS;
    // The connection's copy of spotMeta where there is one (`ProviderClients.spotMeta`, which Open Orders uses too).
    this.spot = options.spotMeta ?? new RequestCache({ capacity: 1, keepMs: () => keep, now: options.now });
    this.perps = new RequestCache({ capacity: 1, keepMs: () => keep, now: options.now });
  }

  /** Every request this source has sent (tests, the log). */
  get requestsSent(): number {
    return this.sent;
  }

  /** The names asked for (`spot`: spotMeta; `perps`: the first dex's meta), as far as they came. Throws only on cancellation. */
  async directory(needs: { spot: boolean; perps: boolean }, signal?: AbortSignal): Promise<DirectoryResult> {
    const before = this.sent;
    const [spot, perps] = await Promise.all([
      needs.spot ? outcome(this.spot.get('spotMeta', (s) => this.count(() => this.info.spotMeta(s)), signal)) : undefined,
      needs.perps ? outcome(this.perps.get('meta', (s) => this.count(() => this.info.perpAssets('', s)), signal)) : undefined,
    ]);
    const problems = [spot, perps].flatMap((o) => (o && !o.ok ? [o.error] : []));
    return {
      directory: new HyperCoreDirectory(spot?.ok ? spot.value : undefined, perps?.ok ? perps.value : undefined),
      problems,
      requests: this.sent - before,
    };
  }

  private count<T>(request: () => Promise<T>): Promise<T> {
    this.sent++;
    return request();
  }
}
