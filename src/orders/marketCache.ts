/**
 * The market data that changes rarely (the dex list, spot pairs, each dex's collateral unit) as it is kept
 * across window reloads (`MarketMemory`, handed in by the VS Code side): the snapshot's shape, written and
 * read back tolerantly. In a window it is kept by the one cache (`core/cache.ts`, with `keepStale`: fresh
 * for a while, still at hand when old while a new copy loads). No `vscode` import.
 */
import type { PerpDex, PerpDexMeta, SpotMeta, SpotPair, SpotToken } from '../core/model';

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
