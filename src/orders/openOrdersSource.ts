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
 * - One round trip on the critical path: the orders of every dex known, the mids and units of the dexs
 *   the wallet had orders on (of every dex for a wallet never loaded) and any market data that is old go
 *   out at once. A dex list that changed adds its new dexs in a second wave; mids and units of a dex that
 *   newly has orders follow the orders.
 * - `perpDexs`, `spotMeta` and each dex's `meta` are kept for a while and across window reloads (a
 *   `MarketMemory`), one load shared by every wallet; an old copy still says which dexs to ask while the
 *   new one loads; `reloadMarkets()` expires them. Mid prices are shared by the wallets of one refresh.
 *   Overlapping refreshes of one wallet share one request set; `dispose()` cancels what still runs.
 */
import { setMaxListeners } from 'node:events';
import { RequestCache } from '../core/cache';
import type { Subscription } from '../core/emitter';
import { outcome, type Outcome } from '../core/settled';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import { isRefusal } from '../core/providerRoute';
import { msg } from '../core/translate';
import { MARKET_DATA_KEEP_MS, type InfoClient } from '../core/infoClient';
import type { OpenOrder, OrderFate, PerpDex, PerpDexMeta, SpotMeta } from '../core/model';
import { AccountSource } from '../account/api';
import { Limiter } from '../core/limiter';
import { OnceNotes } from '../core/onceNotes';
import { readSnapshot, spotFromJson, spotToJson, type MarketMemory, type MarketSnapshot } from './marketCache';
import type { WalletOrder } from './ordersViewModel';
import { RequestTally } from './requestTally';

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
  /** The mids and units of dexs that newly have orders: asked after the orders, they follow the first drawing. */
  later?: Promise<WalletDetailsLater>;
}

/** What follows the first drawing of a wallet: the units and mids of the dexs asked after its orders. */
export interface WalletDetailsLater {
  units: Map<string, string>;
  mids: Map<string, Map<string, string>>;
}

export interface OpenOrdersSourceOptions {
  now?: () => number;
  /** How long `perpDexs`, `spotMeta` and `meta` are reused (new dexs and pairs are listed rarely). */
  metaTtlMs?: number;
  /** Said once per connection and kind: a refused optional request, the fallback to `openOrders`. */
  note?: (message: string) => void;
  /** Whether to ask `allMids` (the distance-from-mid setting). */
  wantMids?: () => boolean;
  /** Requests in flight at once for one wallet, and across all wallets (`PER_WALLET`, `OVERALL`). */
  perWallet?: number;
  overall?: number;
  /** Where the dex list, spot pairs and units are kept across window reloads. */
  memory?: MarketMemory;
  /** The connection's one copy of the spot pairs (`ProviderClients.spotMeta`, shared with the transaction page); else the source keeps its own. */
  spotMeta?: RequestCache<'spotMeta', SpotMeta>;
  /**
   * Whether a request type would be refused without being sent (`ProviderClients.refuses`: the connection's
   * one record of what its provider serves): such a request is not asked, and what it feeds is left out.
   */
  refuses?: (type: string) => boolean;
}

/**
 * Requests in flight at once across all wallets: below the lowest provider plan's requests per second
 * (Chainstack's 25), with room for the pages and hovers beside a refresh. With one wallet's first wave
 * (its orders on each dex, their mids, old market data) it bounds the fan-out; Hyperliquid's weight per
 * minute is bounded apart, by the weight ledger.
 */
export const OVERALL = 20;
/**
 * Requests in flight at once for one wallet: its first wave on four dexs (orders and mids of each, units
 * of three, spot pairs) in one go; a wallet on more dexs takes a second wave. Below `OVERALL`, so that a
 * second wallet's requests go out beside the first's.
 */
export const PER_WALLET = 12;
/** Mid prices asked for one wallet serve the others refreshed with it (one `allMids` per dex per refresh, not per wallet). */
export const MIDS_SHARED_MS = 1_000;

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
/** The dexs whose `meta` is kept (a few dozen exist, early 2026); one pushed out is asked again when needed. */
const MAX_KEPT_METAS = 256;

/** Why the fate of a gone order is not known after its refresh. */
export type FateMissing =
  /** Over `MAX_STATUS_LOOKUPS` gone orders this refresh: not asked. */
  | { kind: 'overCap' }
  /** The provider does not serve `orderStatus` (and the public API may not be asked). */
  | { kind: 'refused' }
  /** The lookup failed. */
  | { kind: 'failed'; error: unknown }
  /** The refresh was cancelled before it was asked. */
  | { kind: 'cancelled' }
  /** The exchange does not know the order. */
  | { kind: 'unknown' };

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
  /** Market data that changes rarely: fresh for `metaTtlMs`, then still at hand while asked again. */
  private readonly perpDexs: RequestCache<'perpDexs', PerpDex[]>;
  private readonly spotMeta: RequestCache<'spotMeta', SpotMeta>;
  private readonly metas: RequestCache<string, PerpDexMeta>;
  private readonly mids: RequestCache<string, Map<string, string>>;
  /** Listening for what the market caches keep, to save it (`memory`). */
  private readonly kept: Subscription[];
  private readonly now: () => number;
  private readonly notes: OnceNotes;
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
    this.notes = new OnceNotes(options.note);
    this.metaTtlMs = options.metaTtlMs ?? MARKET_DATA_KEEP_MS;
    this.overall = new Limiter(options.overall ?? OVERALL);
    this.perWallet = options.perWallet ?? PER_WALLET;
    this.account = new AccountSource(info, { now: this.now, note: options.note, refuses: options.refuses });
    this.mids = new RequestCache({ capacity: 64, keepMs: () => MIDS_SHARED_MS, now: this.now });
    const kept = { keepMs: () => this.metaTtlMs, keepStale: true, now: this.now };
    this.perpDexs = new RequestCache({ capacity: 1, ...kept });
    this.spotMeta = options.spotMeta ?? new RequestCache({ capacity: 1, ...kept });
    this.metas = new RequestCache({ capacity: MAX_KEPT_METAS, ...kept });
    const remember = () => this.remember();
    this.kept = [this.perpDexs.onDidKeep(remember), this.spotMeta.onDidKeep(remember), this.metas.onDidKeep(remember)];
    this.restore(options.memory?.load());
  }

  /** What an earlier window kept (with its age: old values are asked again, and meanwhile say which dexs to ask). */
  private restore(json: unknown): void {
    const snapshot = readSnapshot(json);
    if (snapshot.dexs) this.perpDexs.restore('perpDexs', snapshot.dexs.value, snapshot.dexs.at);
    if (snapshot.spot) this.spotMeta.restore('spotMeta', spotFromJson(snapshot.spot.value), snapshot.spot.at);
    for (const [dex, m] of Object.entries(snapshot.metas ?? {})) if (DEX_NAME.test(dex)) this.metas.restore(dex, m.value, m.at);
  }

  private remember(): void {
    const memory = this.options.memory;
    if (!memory) return;
    const spot = this.spotMeta.dated('spotMeta');
    const dexs = this.perpDexs.dated('perpDexs');
    const metas: MarketSnapshot['metas'] = {};
    for (const dex of this.metas.keys()) metas[dex] = this.metas.dated(dex)!;
    memory.save({
      ...(dexs ? { dexs } : {}),
      ...(spot ? { spot: { value: spotToJson(spot.value), at: spot.at } } : {}),
      metas,
    });
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
    const signal = AbortSignal.any([this.controller.signal, this.refreshes.signal]);
    // Every request of a refresh listens to it (a wallet's first wave is up to `PER_WALLET` at once).
    setMaxListeners(4 * OVERALL, signal);
    return signal;
  }

  /** Whether the provider serves `frontendOpenOrders` (as far as known). */
  get rich(): boolean {
    return !this.refuses('frontendOpenOrders');
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

  /** Ask the dex list, spot pairs and dex metadata again at the next refresh (Reload Markets): once, for every wallet. */
  reloadMarkets(): void {
    this.perpDexs.expire();
    this.spotMeta.expire();
    this.metas.expire();
  }

  /**
   * What became of up to `MAX_STATUS_LOOKUPS` gone orders of `address`, by oid. A provider that refuses
   * `orderStatus` is not asked again. What could not be told goes into `missing` (when given), with why:
   * over the cap, refused, failed, cancelled, or unknown to the exchange; nothing is left out silently.
   */
  async fates(address: string, oids: readonly number[], tally = new RequestTally(), missing?: Map<number, FateMissing>): Promise<Map<number, OrderFate>> {
    const fates = new Map<number, OrderFate>();
    for (const oid of oids.slice(MAX_STATUS_LOOKUPS)) missing?.set(oid, { kind: 'overCap' });
    if (this.refuses('orderStatus')) {
      for (const oid of oids.slice(0, MAX_STATUS_LOOKUPS)) missing?.set(oid, { kind: 'refused' });
      return fates;
    }
    const signal = this.runSignal();
    const limiter = new Limiter(this.perWallet, this.overall);
    await Promise.all(
      oids.slice(0, MAX_STATUS_LOOKUPS).map((oid) =>
        limiter.run(async () => {
          if (this.refuses('orderStatus')) return void missing?.set(oid, { kind: 'refused' });
          if (signal.aborted) return void missing?.set(oid, { kind: 'cancelled' });
          try {
            tally.add('orderStatus');
            const fate = await this.info.orderStatus(address, oid, signal);
            if (fate) fates.set(oid, fate);
            else missing?.set(oid, { kind: 'unknown' });
          } catch (e) {
            this.optionalFailed('orderStatus', e, 'what became of gone orders is not shown');
            missing?.set(oid, isRefusal(e) ? { kind: 'refused' } : isCancellation(e) || signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error: e });
          }
        }),
      ),
    );
    return fates;
  }

  dispose(): void {
    this.controller.abort();
    for (const k of this.kept) k.dispose();
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
    const answers = new Map<string, Promise<Outcome<OpenOrder[]>>>();
    const ask = (dexs: readonly string[]) =>
      dexs.forEach((dex) => {
        if (answers.has(dex)) return;
        const answer = outcome(ordersOf(dex));
        answer.catch(() => undefined); // a cancellation is read where the answers are awaited, after the dex list
        answers.set(dex, answer);
      });
    const details = new WalletDetails(this, signal, limiter, tally);

    // One wave: the orders of every dex known now (an old list too), the mids and units of the dexs the
    // wallet had orders on (for a wallet never loaded: the first dex's mids), and old market data again.
    const known = this.perpDexs.peek('perpDexs');
    const listing = known ? undefined : outcome(this.knownDexs(signal, tally));
    const first = chooseDexs(
      (known ?? this.perpDexs.stale('perpDexs') ?? []).map((d) => d.name),
      extraDexes,
      prefer,
    );
    ask(['', ...first.asked]);
    const early = new Set(prefer.length > 0 ? prefer.filter((d) => d === '' || first.asked.includes(d)) : ['']);
    details.ask([...early]);
    if (!this.spotMeta.peek('spotMeta')) void details.pairs();
    // A changed (or first) dex list adds its new dexs in a second wave.
    let dexs = known ?? this.perpDexs.stale('perpDexs');
    const listed = listing && (await listing);
    if (listed?.ok) dexs = listed.value;
    else if (listed && !dexs) throw listed.error; // no list at all: the wallet cannot be refreshed
    const { asked: others, skipped: skippedDexs } = chooseDexs(
      (dexs ?? []).map((d) => d.name),
      extraDexes,
      prefer,
    );
    ask(others);
    const settled = await Promise.all(['', ...others].map((dex) => answers.get(dex)!));
    if (signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));

    const orders: WalletOrder[] = [];
    const dexErrors = new Map<string, ProviderError>();
    const withOrders = new Set<string>();
    ['', ...others].forEach((dex, i) => {
      const answer = settled[i]!;
      if (!answer.ok) {
        dexErrors.set(dex, answer.error);
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

    // What the orders show needs, asked with them; a dex that newly has orders gets its mids and unit
    // after them (`later`: the tree is drawn first).
    const needPairs = orders.some((o) => o.dex === '' && /^@\d+$/.test(o.order.coin)) || [...withOrders].some((d) => d !== '');
    const now = [...withOrders].filter((d) => early.has(d));
    const lateMids = [...withOrders].filter((d) => !early.has(d));
    // Dexs with positions but no orders want their unit too (for the account's figures).
    const lateUnits = [...new Set([...withOrders, ...unitDexs])].filter((d) => !early.has(d));
    const [pairs, units, mids] = await Promise.all([
      needPairs ? outcome(details.pairs()) : Promise.resolve(undefined),
      details.units([...new Set([...now, ...[...unitDexs].filter((d) => early.has(d))])]),
      details.mids(now),
    ]);
    if (signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));
    let spotMeta: SpotMeta | undefined;
    let spotMetaError: ProviderError | undefined;
    // Naming `@N` pairs and dex units is a nicety; the orders themselves arrived and are shown.
    if (pairs && !pairs.ok) spotMetaError = pairs.error;
    else if (pairs) spotMeta = pairs.value;
    const unitNames = new Map<string, string>([['', FIRST_DEX_UNIT], ...unitNamesOf(units, spotMeta)]);
    const result: WalletOrdersResult = {
      orders,
      dexs: dexs ?? [],
      skippedDexs,
      dexErrors,
      units: unitNames,
      mids,
      spotMeta,
      spotMetaError,
      rich: this.rich,
      fetchedAt,
    };
    // Asked in the same wave as the orders, so back by now: the refresh ends with nothing of it in flight.
    await details.settled();
    if (lateMids.length > 0 || lateUnits.length > 0) result.later = details.later(lateMids, lateUnits, spotMeta);
    return result;
  }

  /** One dex's orders: rich when the provider serves them, else plain (and said once). */
  private async dexOrders(address: string, dex: string, signal: AbortSignal, tally: RequestTally) {
    if (!this.refuses('frontendOpenOrders')) {
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

  /** A dex's collateral token index, from its kept `meta`; undefined when it failed (said once) or is refused. */
  unitOf(dex: string, signal: AbortSignal, limiter: Limiter, tally: RequestTally): Promise<number | undefined> {
    if (this.refuses('meta')) return Promise.resolve(undefined);
    return this.metas
      .get(dex, () =>
        limiter.run(() => {
          tally.add('meta');
          return this.info.perpMeta(dex, signal);
        }),
      )
      .then(
        (meta) => meta.collateralToken,
        (e: unknown) => {
          this.optionalFailed('meta', e, 'notionals on builder-deployed dexs are shown without a unit');
          return undefined;
        },
      );
  }

  /** A dex's mid prices, shared by the wallets refreshed together; undefined when off, refused or failed. */
  midsOf(dex: string, signal: AbortSignal, limiter: Limiter, tally: RequestTally): Promise<Map<string, string> | undefined> {
    if ((this.options.wantMids && !this.options.wantMids()) || this.refuses('allMids')) return Promise.resolve(undefined);
    return this.mids
      .get(
        dex,
        (shared) =>
          limiter.run(() => {
            tally.add('allMids');
            return this.info.allMids(dex, shared);
          }),
        signal,
      )
      .catch((e: unknown) => {
        this.optionalFailed('allMids', e, 'orders are shown without their distance from the mid price');
        return undefined;
      });
  }

  /** An optional request failed: a refusal is remembered; either way it is said once, and only the detail goes. */
  private optionalFailed(type: Optional, e: unknown, cost: string): void {
    if (this.controller.signal.aborted || isCancellation(e)) return;
    if (isRefusal(e)) this.refuse(type, `The provider does not serve ${type} (${describeError(e)}); ${cost}.`);
    else this.notes.say(`${type}:failed`, `${type} failed (${describeError(e)}); ${cost} this time.`);
  }

  private refuse(type: Optional, message: string): void {
    this.notes.say(`${type}:refused`, message);
  }

  /** Known not to be served here (the connection remembers refusals; this source keeps none of its own). */
  private refuses(type: Optional): boolean {
    return this.options.refuses?.(type) ?? false;
  }

  private knownDexs(signal: AbortSignal, tally: RequestTally): Promise<PerpDex[]> {
    return this.perpDexs.get('perpDexs', () => {
      tally.add('perpDexs');
      return this.info.perpDexs(signal);
    });
  }

  /** The spot pairs and tokens, kept (one load for every wallet). */
  pairs(signal: AbortSignal, tally: RequestTally): Promise<SpotMeta> {
    return this.spotMeta.get('spotMeta', () => {
      tally.add('spotMeta');
      return this.info.spotMeta(signal);
    });
  }
}

/** What one wallet's refresh asks beside its orders (mids, units, spot pairs): each once, whenever first needed. */
class WalletDetails {
  private readonly midsAsked = new Map<string, Promise<Map<string, string> | undefined>>();
  private readonly unitsAsked = new Map<string, Promise<number | undefined>>();
  private pairsAsked?: Promise<SpotMeta>;

  constructor(
    private readonly source: OpenOrdersSource,
    private readonly signal: AbortSignal,
    private readonly limiter: Limiter,
    private readonly tally: RequestTally,
  ) {}

  /** The mids and units of dexs asked after the orders; never fails (a detail that failed is left out). */
  later(midDexs: readonly string[], unitDexs: readonly string[], spotMeta: SpotMeta | undefined): Promise<WalletDetailsLater> {
    return Promise.all([this.units(unitDexs), this.mids(midDexs)]).then(
      ([units, mids]) => ({ units: unitNamesOf(units, spotMeta), mids }),
      () => ({ units: new Map(), mids: new Map() }),
    );
  }

  /** Once every detail asked so far is back (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.midsAsked.values(), ...this.unitsAsked.values(), ...(this.pairsAsked ? [this.pairsAsked] : [])]);
  }

  /** Mids of each dex and units of each dex but the first (which settles in USDC), asked now. */
  ask(dexs: readonly string[]): void {
    void this.mids(dexs);
    void this.units(dexs);
  }

  pairs(): Promise<SpotMeta> {
    this.pairsAsked ??= this.source.pairs(this.signal, this.tally);
    this.pairsAsked.catch(() => undefined); // asked ahead: its failure is read where it is needed
    return this.pairsAsked;
  }

  async mids(dexs: readonly string[]): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    await Promise.all(
      dexs.map(async (dex) => {
        let asked = this.midsAsked.get(dex);
        if (!asked) this.midsAsked.set(dex, (asked = this.source.midsOf(dex, this.signal, this.limiter, this.tally)));
        const mids = await asked;
        if (mids) out.set(dex, mids);
      }),
    );
    return out;
  }

  async units(dexs: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    await Promise.all(
      dexs
        .filter((d) => d !== '')
        .map(async (dex) => {
          let asked = this.unitsAsked.get(dex);
          if (!asked) this.unitsAsked.set(dex, (asked = this.source.unitOf(dex, this.signal, this.limiter, this.tally)));
          const unit = await asked;
          if (unit !== undefined) out.set(dex, unit);
        }),
    );
    return out;
  }
}

/** The names of the dexs' collateral tokens, where spot pairs name them. */
function unitNamesOf(units: ReadonlyMap<string, number>, spotMeta: SpotMeta | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const [dex, token] of units) {
    const name = spotMeta?.tokens.find((t) => t.index === token)?.name;
    if (name) names.set(dex, name);
  }
  return names;
}
