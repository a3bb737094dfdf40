/**
 * The market data that changes rarely (the dex list, spot pairs, each dex's collateral unit), kept with
 * its age: fresh for a while (refreshes do not ask for it), still used when old to know which dexs to ask
 * at once while a new copy loads, and kept across window reloads (`MarketMemory`, handed in by the VS Code
 * side). One load at a time, shared by every wallet that needs it. No `vscode` import.
 */
import type { PerpDex, PerpDexMeta, SpotMeta, SpotPair, SpotToken } from '../core/model';

/** One value with the time it was fetched; a load in flight is shared by every caller. */
export class Kept<T> {
  private kept?: { value: T; at: number };
  private loading?: Promise<T>;
  private expired = false;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    /** Told when a new value came (to keep it across reloads). */
    private readonly loaded?: () => void,
  ) {}

  /** The value while it is younger than its age limit and not expired (Reload Markets). */
  get fresh(): T | undefined {
    return this.kept && !this.expired && this.now() - this.kept.at < this.ttlMs ? this.kept.value : undefined;
  }

  /** Any value kept, however old. */
  get stale(): T | undefined {
    return this.kept?.value;
  }

  /** The fresh value, else the load under way, else a new load (`load` runs once for every caller). */
  get(load: () => Promise<T>): Promise<T> {
    const fresh = this.fresh;
    if (fresh !== undefined) return Promise.resolve(fresh);
    if (!this.loading) {
      const loading = load().then(
        (value) => {
          if (this.loading === loading) this.loading = undefined;
          this.kept = { value, at: this.now() };
          this.expired = false;
          this.loaded?.();
          return value;
        },
        (e: unknown) => {
          if (this.loading === loading) this.loading = undefined;
          throw e;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }

  /** Asked again at the next `get` (the old value still tells which dexs to ask meanwhile). */
  expire(): void {
    this.expired = true;
    this.loading = undefined;
  }

  /** A value kept from an earlier window, with its time. */
  restore(value: T, at: number): void {
    if (this.kept === undefined) this.kept = { value, at };
  }

  get snapshot(): { value: T; at: number } | undefined {
    return this.kept;
  }
}

/** What is kept across window reloads, per provider: plain JSON. */
export interface MarketSnapshot {
  dexs?: { value: PerpDex[]; at: number };
  spot?: { value: { tokens: SpotToken[]; pairs: SpotPair[] }; at: number };
  metas?: Record<string, { value: PerpDexMeta; at: number }>;
}

/** Where the snapshot is kept (VS Code's global state, by the VS Code side). */
export interface MarketMemory {
  load(): unknown;
  save(snapshot: MarketSnapshot): void;
}

/** What is kept of spot pairs: names, indexes and decimals (not the tokens' HyperEVM contracts, which orders do not use). */
export function spotToJson(meta: SpotMeta): { tokens: SpotToken[]; pairs: SpotPair[] } {
  return {
    tokens: meta.tokens.map(({ name, index, szDecimals, weiDecimals }) => ({ name, index, szDecimals, weiDecimals })),
    pairs: [...meta.pairsByIndex.values()],
  };
}

/** A snapshot read back; anything that is not what was written is left out (it is then asked again). */
export function readSnapshot(json: unknown): MarketSnapshot {
  const out: MarketSnapshot = {};
  if (!isObject(json)) return out;
  const dexs = json.dexs;
  if (
    isDated(dexs) &&
    Array.isArray(dexs.value) &&
    dexs.value.every((d): d is { name: string; fullName?: unknown } => isObject(d) && typeof d.name === 'string')
  ) {
    out.dexs = { value: dexs.value.map((d) => (typeof d.fullName === 'string' ? { name: d.name, fullName: d.fullName } : { name: d.name })), at: dexs.at };
  }
  const spot = json.spot;
  if (isDated(spot) && isObject(spot.value) && Array.isArray(spot.value.tokens) && Array.isArray(spot.value.pairs)) {
    const tokens = spot.value.tokens.filter(isToken).map(({ name, index, szDecimals, weiDecimals }) => ({
      name,
      index,
      ...(isIndex(szDecimals) ? { szDecimals } : {}),
      ...(isIndex(weiDecimals) ? { weiDecimals } : {}),
    }));
    const pairs = spot.value.pairs.filter(isPair);
    out.spot = { value: { tokens, pairs }, at: spot.at };
  }
  if (isObject(json.metas)) {
    const metas: Record<string, { value: PerpDexMeta; at: number }> = {};
    for (const [dex, m] of Object.entries(json.metas)) {
      if (isDated(m) && isObject(m.value) && (m.value.collateralToken === undefined || isIndex(m.value.collateralToken))) {
        metas[dex] = { value: m.value.collateralToken === undefined ? {} : { collateralToken: m.value.collateralToken as number }, at: m.at };
      }
    }
    out.metas = metas;
  }
  return out;
}

export function spotFromJson(value: { tokens: SpotToken[]; pairs: SpotPair[] }): SpotMeta {
  return {
    tokens: value.tokens,
    pairsByIndex: new Map(value.pairs.map((p) => [p.index, p])),
    pairsByName: new Map(value.pairs.map((p) => [p.name, p])),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isDated(v: unknown): v is { value: unknown; at: number } {
  return isObject(v) && typeof v.at === 'number' && Number.isFinite(v.at) && 'value' in v;
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function isToken(v: unknown): v is SpotToken {
  return isObject(v) && typeof v.name === 'string' && isIndex(v.index);
}

function isPair(v: unknown): v is SpotPair {
  return (
    isObject(v) &&
    typeof v.name === 'string' &&
    isIndex(v.index) &&
    typeof v.base === 'string' &&
    typeof v.quote === 'string' &&
    isIndex(v.baseToken) &&
    isIndex(v.quoteToken)
  );
}
