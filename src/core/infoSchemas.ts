/**
 * Schemas for what the info API sends, with valibot, and their mapping to the model. Unknown extra
 * fields are allowed (the info API adds order fields); the fields we use must have the right shape.
 */
import * as v from 'valibot';
import type { OpenOrder, PerpDex, SpotMeta, SpotPair } from './model';

export { InvalidShapeError, validate } from './schemas';

const DECIMAL = /^\d{1,40}(\.\d{1,40})?$/;
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const decimal = v.pipe(v.string(), v.regex(DECIMAL, 'expected a decimal number as a string'));

const order = v.looseObject({
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  limitPx: decimal,
  oid: count,
  side: v.picklist(['A', 'B']),
  sz: decimal,
  timestamp: count,
  origSz: v.optional(decimal),
  cloid: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{32}$/, 'expected a 16-byte 0x cloid')))),
  reduceOnly: v.optional(v.boolean()),
});

export const openOrdersResult = v.array(order);

const spotToken = v.looseObject({
  name: v.pipe(v.string(), v.maxLength(200)),
  index: count,
  szDecimals: v.optional(count),
  weiDecimals: v.optional(count),
});
const spotPair = v.looseObject({
  name: v.pipe(v.string(), v.maxLength(200)),
  tokens: v.tuple([count, count]),
  index: count,
});
export const spotMetaResult = v.looseObject({ tokens: v.array(spotToken), universe: v.array(spotPair) });

export const perpDexsResult = v.array(
  v.nullable(
    v.looseObject({
      name: v.pipe(v.string(), v.maxLength(200)),
      fullName: v.optional(v.nullable(v.string())),
      deployer: v.optional(v.nullable(v.string())),
    }),
  ),
);

// ---- mapping validated data to the model ----

export function toOpenOrders(items: v.InferOutput<typeof openOrdersResult>, raw: unknown[]): OpenOrder[] {
  return items.map((o, i) => ({
    coin: o.coin,
    limitPx: o.limitPx,
    oid: o.oid,
    side: o.side,
    sz: o.sz,
    timestamp: o.timestamp,
    origSz: o.origSz,
    cloid: o.cloid ?? undefined,
    reduceOnly: o.reduceOnly,
    raw: raw[i] as Record<string, unknown>,
  }));
}

export function toSpotMeta(r: v.InferOutput<typeof spotMetaResult>): SpotMeta {
  const tokensByIndex = new Map(r.tokens.map((t) => [t.index, t]));
  const pairsByIndex = new Map<number, SpotPair>();
  const pairsByName = new Map<string, SpotPair>();
  for (const p of r.universe) {
    const base = tokensByIndex.get(p.tokens[0])?.name;
    const quote = tokensByIndex.get(p.tokens[1])?.name;
    if (base === undefined || quote === undefined) continue; // a pair naming an unknown token: leave it unnamed
    const pair: SpotPair = { name: p.name, index: p.index, base, quote };
    pairsByIndex.set(p.index, pair);
    pairsByName.set(p.name, pair);
  }
  return {
    tokens: r.tokens.map((t) => ({ name: t.name, index: t.index, szDecimals: t.szDecimals, weiDecimals: t.weiDecimals })),
    pairsByIndex,
    pairsByName,
  };
}

export function toPerpDexs(r: v.InferOutput<typeof perpDexsResult>): PerpDex[] {
  return r.flatMap((d) => (d ? [{ name: d.name, fullName: d.fullName ?? undefined, deployer: d.deployer ?? undefined }] : []));
}
