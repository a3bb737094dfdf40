/**
 * Fetches a wallet's open orders on every perp dex (and spot), for one connection, with what each
 * optional request adds: the dexs' collateral units (`meta`), mid prices (`allMids`) and what became of
 * gone orders (`orderStatus`). No `vscode` import.
 *
 * - Rich orders from `frontendOpenOrders`; a provider that refuses it gets `openOrders` from then on.
 * - At most `MAX_DEXS_PER_WALLET` dexs per wallet and refresh: the wallet's own `dexes` first, then the
 *   dexs it had orders on, then the order `perpDexs` lists them in; the others are `skippedDexs`.
 * - Per-dex requests run with bounded concurrency, per wallet and across wallets; a dex that fails
 *   costs only its own orders (`dexErrors`), unless every dex failed.
 * - Every request sent is added to the caller's `RequestTally` (Hyperliquid's weight), as it is sent.
 * - An optional request that is refused or fails costs only the detail it feeds, with a note.
 * - `perpDexs`, `spotMeta` and each dex's `meta` are cached for a while (`reloadMarkets()` forgets them);
 *   overlapping refreshes of one wallet share one request set; `dispose()` cancels what still runs.
 */
import { RequestCache } from '../core/cache';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import { msg } from '../core/translate';
import { isRefusal, type InfoClient } from '../core/infoClient';
import type { OrderFate, PerpDex, PerpDexMeta, SpotMeta } from '../core/model';
import { AccountSource } from './accountSource';
import { Limiter } from './limiter';
import type { WalletOrder } from './ordersViewModel';
import { RequestTally } from './weightLedger';

export type InfoApi = Pick<
  InfoClient,
  | 'openOrders'
  | 'frontendOpenOrders'
  | 'spotMeta'
  | 'perpDexs'
  | 'perpMeta'
  | 'allMids'
  | 'orderStatus'
  | 'clearinghouseState'
  | 'spotClearinghouseState'
  | 'userRole'
>;

export interface WalletOrdersResult {
  /** Orders of the dexs that answered. */
  orders: WalletOrder[];
  /** The perp dexs besides the first one, as `perpDexs` listed them. */
  dexs: PerpDex[];
  /** Dexs listed (by `perpDexs` or the wallet's `dexes`) but not asked this time: over `MAX_DEXS_PER_WALLET`. */
  skippedDexs: string[];
  /** The dexs whose orders could not be fetched, and why ("" = the first perp dex, with spot). */
  dexErrors: Map<string, ProviderError>;
  /** What each perp dex's notionals are counted in, where known ("" is always USDC). */
  units: Map<string, string>;
  /** Mid prices per dex (coin → price), for the dexs with orders; empty when off or not served. */
  mids: Map<string, Map<string, string>>;
  /** Undefined when no order needed it, or when it could not be fetched (see `spotMetaError`). */
  spotMeta?: SpotMeta;
  /** Why `@N` names could not be resolved; the orders are still shown, under their raw names. */
  spotMetaError?: ProviderError;
  /** Whether the orders carry the frontend fields (type, trigger, TP/SL). */
  rich: boolean;
  /** Milliseconds since the epoch, when the answers arrived. */
  fetchedAt: number;
}

export interface OpenOrdersSourceOptions {
  now?: () => number;
  /** How long `perpDexs`, `spotMeta` and `meta` are reused (new dexs and pairs are listed rarely). */
  metaTtlMs?: number;
  /** Said once per connection and kind: a refused optional request, the fallback to `openOrders`. */
  note?: (message: string) => void;
  /** Whether to ask `allMids` (the distance-from-mid setting). */
  wantMids?: () => boolean;
  /** Per-dex requests in flight at once for one wallet, and across all wallets. */
  perWallet?: number;
  overall?: number;
}

/** Same rule as the info client: refuse names it would refuse, before any request. */
export const DEX_NAME = /^[a-zA-Z0-9_-]{1,32}$/;
/**
 * At most this many dexs' orders are asked per wallet and refresh, the first dex (with spot) included.
 * Why 8: one wallet's heaviest refresh then costs 8 order lists (160 weight), their mids (16), the units
 * of 7 dexs when not cached (140), `perpDexs` and `spotMeta` (40), 10 status lookups (20), the account
 * of 8 dexs (16), the spot balances (2) and, once per address, `userRole` (60): 454, within the 600 a
 * minute automatic refreshes may spend, so one wallet's refresh always fits. It is also more than
 * the handful of builder-deployed dexs live when this was written (xyz, flx, vntl, hyna, km, cash); a dex
 * over the cap can be named in the wallet's `dexes` to be asked first.
 */
export const MAX_DEXS_PER_WALLET = 8;
/** At most this many gone orders are looked up per wallet and refresh. */
export const MAX_STATUS_LOOKUPS = 10;
/** The first perp dex settles in USDC. */
const FIRST_DEX_UNIT = 'USDC';

type Optional = 'frontendOpenOrders' | 'meta' | 'allMids' | 'orderStatus';

export interface LoadOptions {
  /** Dexs the wallet had orders on: asked before the rest of the list when it is over the cap. */
  prefer?: readonly string[];
  /** Counts (and spends) every request this load sends. */
  tally?: RequestTally;
  /**
   * Called as each dex's orders are asked, in the same slot of the limiter: what else the caller asks of
   * that dex (its account) goes out at the same time, not after. Never rejects; true when the dex's unit
   * is wanted although it may have no orders (it has positions).
   */
  withDex?: (dex: string, signal: AbortSignal) => Promise<boolean>;
}

/**
 * The dexs to ask besides the first one, at most `cap`: the wallet's own `wanted` dexs, then `prefer`
 * (where still listed or wanted), then `listed` in its order; names the API would refuse are dropped.
 */
export function chooseDexs(
  listed: readonly string[],
  wanted: readonly string[],
  prefer: readonly string[] = [],
  cap = MAX_DEXS_PER_WALLET - 1,
): { asked: string[]; skipped: string[] } {
  const known = new Set([...listed, ...wanted]);
  const order = [...new Set([...wanted, ...prefer.filter((d) => known.has(d)), ...listed])].filter((d) => DEX_NAME.test(d));
  return { asked: order.slice(0, cap), skipped: order.slice(cap) };
}

export class OpenOrdersSource {
  /** Stops everything when the source is disposed (the connection changed). */
  private readonly controller = new AbortController();
  /** The refreshes under way: Cancel Refresh stops them, and the next refresh gets a fresh one. */
  private refreshes = new AbortController();
  /** Only de-duplicates requests in flight: orders are never served from the cache. */
  private readonly running = new RequestCache<string, WalletOrdersResult>({ capacity: 1, keepMs: () => 0 }); // shared while it runs, never kept
  private readonly perpDexs = new RequestCache<'all', PerpDex[]>(1);
  private readonly spotMeta = new RequestCache<'all', SpotMeta>(1);
  private readonly metas = new RequestCache<string, PerpDexMeta>(64);
  private perpDexsAt = 0;
  private spotMetaAt = 0;
  private metasAt = 0;
  /** Request types this provider refused: not asked again on this connection. */
  private readonly refused = new Set<Optional>();
  private readonly noted = new Set<string>();
  private readonly now: () => number;
  private readonly metaTtlMs: number;
  private readonly overall: Limiter;
  private readonly perWallet: number;
  /** The account behind the orders (positions, balances, roles), asked with them. */
  readonly account: AccountSource;

  constructor(
    private readonly info: InfoApi,
    private readonly options: OpenOrdersSourceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.metaTtlMs = options.metaTtlMs ?? 10 * 60_000;
    this.overall = new Limiter(options.overall ?? 6);
    this.perWallet = options.perWallet ?? 3;
    this.account = new AccountSource(info, { now: this.now, note: options.note });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Cancel Refresh: stops every load and status lookup under way; the next refresh runs as usual. */
  cancelRefreshes(): void {
    this.refreshes.abort();
    this.refreshes = new AbortController();
  }

  /** What a load runs under: Cancel Refresh, or the source's end. */
  private runSignal(): AbortSignal {
    return AbortSignal.any([this.controller.signal, this.refreshes.signal]);
  }

  /** Whether the provider serves `frontendOpenOrders` (as far as known). */
  get rich(): boolean {
    return !this.refused.has('frontendOpenOrders');
  }

  /**
   * The open orders of `address` (lowercase): the first perp dex (with spot), then `extraDexes` from the
   * wallet's settings and the dexs `perpDexs` lists, up to `MAX_DEXS_PER_WALLET` in all. A call while one
   * for the same address runs gets that one's result (its requests are counted once, by the first).
   */
  load(address: string, extraDexes: readonly string[] = [], options: LoadOptions = {}): Promise<WalletOrdersResult> {
    const key = `${address}|${[...extraDexes].sort().join(',')}`;
    return this.running.get(key, () => this.fetch(address, extraDexes, options.prefer ?? [], options.tally ?? new RequestTally(), options.withDex));
  }

  /** Forget the cached dex list, spot pairs and dex metadata (Reload Markets). */
  reloadMarkets(): void {
    this.perpDexsAt = 0;
    this.spotMetaAt = 0;
    this.metasAt = 0;
  }

  /**
   * What became of up to `MAX_STATUS_LOOKUPS` gone orders of `address`, by oid. Orders the exchange
   * does not know, and lookups that fail, are left out; a provider that refuses `orderStatus` is not
   * asked again.
   */
  async fates(address: string, oids: readonly number[], tally = new RequestTally()): Promise<Map<number, OrderFate>> {
    const fates = new Map<number, OrderFate>();
    if (this.refused.has('orderStatus')) return fates;
    const signal = this.runSignal();
    const limiter = new Limiter(this.perWallet, this.overall);
    await Promise.all(
      oids.slice(0, MAX_STATUS_LOOKUPS).map((oid) =>
        limiter.run(async () => {
          if (this.refused.has('orderStatus') || signal.aborted) return;
          try {
            tally.add('orderStatus');
            const fate = await this.info.orderStatus(address, oid, signal);
            if (fate) fates.set(oid, fate);
          } catch (e) {
            this.optionalFailed('orderStatus', e, 'what became of gone orders is not shown');
          }
        }),
      ),
    );
    return fates;
  }

  dispose(): void {
    this.controller.abort();
  }

  private async fetch(
    address: string,
    extraDexes: readonly string[],
    prefer: readonly string[],
    tally: RequestTally,
    withDex?: LoadOptions['withDex'],
  ): Promise<WalletOrdersResult> {
    const signal = this.runSignal();
    if (signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));
    const limiter = new Limiter(this.perWallet, this.overall);
    // Once the provider rate-limits one dex's request, the dexs still waiting are not asked this time.
    let limited: ProviderError | undefined;
    const unitDexs = new Set<string>(); // dexs with positions: their unit is wanted even without orders
    const ordersOf = (dex: string) =>
      limiter.run(async () => {
        if (limited) throw limited;
        const alongside = withDex?.(dex, signal).then((wanted) => void (wanted && unitDexs.add(dex)));
        try {
          return await this.dexOrders(address, dex, signal, tally);
        } catch (e) {
          if (e instanceof ProviderError && e.kind === 'rateLimited') limited ??= e;
          throw e;
        } finally {
          await alongside;
        }
      });
    // The first dex starts at once; the others as soon as the (usually cached) dex list is known.
    const first = settle(ordersOf(''));
    const dexs = await this.knownDexs(signal, tally);
    const { asked: others, skipped: skippedDexs } = chooseDexs(
      dexs.map((d) => d.name),
      extraDexes,
      prefer,
    );
    const answers = await Promise.all([first, ...others.map((dex) => settle(ordersOf(dex)))]);
    if (signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));

    const orders: WalletOrder[] = [];
    const dexErrors = new Map<string, ProviderError>();
    const withOrders = new Set<string>();
    ['', ...others].forEach((dex, i) => {
      const answer = answers[i]!;
      if ('error' in answer) {
        dexErrors.set(dex, asProviderError(answer.error));
        return;
      }
      for (const order of answer.value) orders.push({ dex, order });
      if (answer.value.length > 0) withOrders.add(dex);
    });
    // Every dex failed, or the key or base URL is wrong (no dex can answer): the wallet failed, and the
    // tree keeps its last good orders, marked stale.
    const connectionWide = [...dexErrors.values()].find((e) => e.kind === 'badKey' || e.kind === 'wrongPath');
    if (connectionWide) throw connectionWide;
    if (dexErrors.size === others.length + 1) throw dexErrors.get('') ?? [...dexErrors.values()][0];
    const fetchedAt = this.now();

    const needPairs = orders.some((o) => o.dex === '' && /^@\d+$/.test(o.order.coin)) || [...withOrders].some((d) => d !== '');
    const [pairs, units, mids] = await Promise.all([
      needPairs ? settle(this.pairs(signal, tally)) : Promise.resolve(undefined),
      this.unitsOf(
        [...new Set([...withOrders, ...unitDexs])].filter((d) => d !== ''),
        signal,
        limiter,
        tally,
      ),
      this.midsOf([...withOrders], signal, limiter, tally),
    ]);
    if (signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));
    let spotMeta: SpotMeta | undefined;
    let spotMetaError: ProviderError | undefined;
    // Naming `@N` pairs and dex units is a nicety; the orders themselves arrived and are shown.
    if (pairs && 'error' in pairs) spotMetaError = asProviderError(pairs.error);
    else if (pairs) spotMeta = pairs.value;
    const unitNames = new Map<string, string>([['', FIRST_DEX_UNIT]]);
    for (const [dex, token] of units) {
      const name = spotMeta?.tokens.find((t) => t.index === token)?.name;
      if (name) unitNames.set(dex, name);
    }
    return { orders, dexs, skippedDexs, dexErrors, units: unitNames, mids, spotMeta, spotMetaError, rich: this.rich, fetchedAt };
  }

  /** One dex's orders: rich when the provider serves them, else plain (and said once). */
  private async dexOrders(address: string, dex: string, signal: AbortSignal, tally: RequestTally) {
    if (!this.refused.has('frontendOpenOrders')) {
      try {
        tally.add('frontendOpenOrders');
        return await this.info.frontendOpenOrders(address, dex, signal);
      } catch (e) {
        if (!isRefusal(e)) throw e;
        this.refuse(
          'frontendOpenOrders',
          `The provider does not serve frontendOpenOrders (${describeError(e)}); open orders come from openOrders, without order types, triggers or TP/SL.`,
        );
      }
    }
    tally.add('openOrders');
    return this.info.openOrders(address, dex, signal);
  }

  /** Each dex's collateral token index, from its cached `meta`; dexs whose `meta` failed are left out. */
  private async unitsOf(dexs: string[], signal: AbortSignal, limiter: Limiter, tally: RequestTally): Promise<Map<string, number>> {
    const units = new Map<string, number>();
    if (this.now() - this.metasAt > this.metaTtlMs) {
      this.metas.clear();
      this.metasAt = this.now();
    }
    await Promise.all(
      dexs.map(async (dex) => {
        if (this.refused.has('meta')) return;
        try {
          const meta = await this.metas.get(dex, () =>
            limiter.run(() => {
              tally.add('meta');
              return this.info.perpMeta(dex, signal);
            }),
          );
          if (meta?.collateralToken !== undefined) units.set(dex, meta.collateralToken);
        } catch (e) {
          this.optionalFailed('meta', e, 'notionals on builder-deployed dexs are shown without a unit');
        }
      }),
    );
    return units;
  }

  private async midsOf(dexs: string[], signal: AbortSignal, limiter: Limiter, tally: RequestTally): Promise<Map<string, Map<string, string>>> {
    const mids = new Map<string, Map<string, string>>();
    if (this.options.wantMids && !this.options.wantMids()) return mids;
    await Promise.all(
      dexs.map(async (dex) => {
        if (this.refused.has('allMids')) return;
        try {
          mids.set(
            dex,
            await limiter.run(() => {
              tally.add('allMids');
              return this.info.allMids(dex, signal);
            }),
          );
        } catch (e) {
          this.optionalFailed('allMids', e, 'orders are shown without their distance from the mid price');
        }
      }),
    );
    return mids;
  }

  /** An optional request failed: a refusal is remembered; either way it is said once, and only the detail goes. */
  private optionalFailed(type: Optional, e: unknown, cost: string): void {
    if (this.controller.signal.aborted || isCancellation(e)) return;
    if (isRefusal(e)) this.refuse(type, `The provider does not serve ${type} (${describeError(e)}); ${cost}.`);
    else this.noteOnce(`${type}:failed`, `${type} failed (${describeError(e)}); ${cost} this time.`);
  }

  private refuse(type: Optional, message: string): void {
    this.refused.add(type);
    this.noteOnce(`${type}:refused`, message);
  }

  private noteOnce(key: string, message: string): void {
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.options.note?.(message);
  }

  private knownDexs(signal: AbortSignal, tally: RequestTally): Promise<PerpDex[]> {
    if (this.now() - this.perpDexsAt > this.metaTtlMs) this.perpDexs.clear();
    return this.perpDexs.get('all', async () => {
      tally.add('perpDexs');
      const dexs = await this.info.perpDexs(signal);
      this.perpDexsAt = this.now();
      return dexs;
    });
  }

  private pairs(signal: AbortSignal, tally: RequestTally): Promise<SpotMeta> {
    if (this.now() - this.spotMetaAt > this.metaTtlMs) this.spotMeta.clear();
    return this.spotMeta.get('all', async () => {
      tally.add('spotMeta');
      const meta = await this.info.spotMeta(signal);
      this.spotMetaAt = this.now();
      return meta;
    });
  }
}

type Settled<T> = { value: T } | { error: unknown };

function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  return p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function asProviderError(e: unknown): ProviderError {
  return e instanceof ProviderError ? e : new ProviderError('invalidResponse', String(e));
}
