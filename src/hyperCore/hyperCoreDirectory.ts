/**
 * Names for HyperCore's numbers: an order-book asset id, a spot token index, a token's EVM contract, from
 * `spotMeta` and the first perp dex's `meta` (either may be missing: then only that kind is unnamed). Pure.
 *
 * Asset ids as the exchange uses them: a perp of the first dex is its index in `meta.universe`; a spot
 * pair is 10000 + its `index` (never its array position); a perp of a builder-deployed dex is
 * 100000 + dex index × 10000 + its index in that dex's universe (named here by number only); an outcome
 * market's side is 100000000 + encoding, where encoding = 10 × outcome + side (side 0 or 1), the same
 * encoding as its coin `#<encoding>` and its token `+<encoding>` (for-developers/api/asset-ids).
 */
import type { PerpAsset, SpotMeta, SpotPair, SpotToken } from '../core/model';

export const SPOT_ASSET_OFFSET = 10_000;
export const BUILDER_DEX_ASSET_OFFSET = 100_000;
/** Outcome assets start here (`100_000_000 + 10 × outcome + side`): above every builder dex's perps. */
export const OUTCOME_ASSET_OFFSET = 100_000_000;
/** HYPE's decimals on HyperCore (its `weiDecimals`): staking and delegation amounts are in these. */
export const HYPE_CORE_DECIMALS = 8;
/** A perp account's USDC (vault transfers, USD class transfers) has 6 decimals, spot USDC 8. */
export const PERP_USD_DECIMALS = 6;

export type AssetName =
  | { kind: 'perp'; index: number; name?: string; szDecimals?: number }
  | { kind: 'spot'; index: number; pair?: SpotPair; base?: SpotToken }
  | { kind: 'builderPerp'; dex: number; index: number }
  /** `encoding` = 10 × outcome + side; only sides 0 and 1 exist. */
  | { kind: 'outcome'; outcome: number; side: number; encoding: number };

export class HyperCoreDirectory {
  private readonly tokensByIndex = new Map<number, SpotToken>();
  private readonly tokensByContract = new Map<string, SpotToken>();

  constructor(
    readonly spotMeta: SpotMeta | undefined,
    private readonly perps: readonly (PerpAsset | undefined)[] | undefined,
  ) {
    for (const t of spotMeta?.tokens ?? []) {
      if (!this.tokensByIndex.has(t.index)) this.tokensByIndex.set(t.index, t);
      if (t.evmContract && !this.tokensByContract.has(t.evmContract.address)) this.tokensByContract.set(t.evmContract.address, t);
    }
  }

  get hasSpot(): boolean {
    return this.spotMeta !== undefined;
  }

  get hasPerps(): boolean {
    return this.perps !== undefined;
  }

  /** What an order-book asset id names; the names are there when the metadata came. */
  asset(id: number): AssetName {
    if (id >= OUTCOME_ASSET_OFFSET) {
      const encoding = id - OUTCOME_ASSET_OFFSET;
      return { kind: 'outcome', outcome: Math.floor(encoding / 10), side: encoding % 10, encoding };
    }
    if (id >= BUILDER_DEX_ASSET_OFFSET) {
      const rest = id - BUILDER_DEX_ASSET_OFFSET;
      return { kind: 'builderPerp', dex: Math.floor(rest / 10_000), index: rest % 10_000 };
    }
    if (id >= SPOT_ASSET_OFFSET) return this.spot(id - SPOT_ASSET_OFFSET);
    return this.perp(id);
  }

  perp(index: number): AssetName & { kind: 'perp' } {
    const p = this.perps?.[index];
    return p ? { kind: 'perp', index, name: p.name, szDecimals: p.szDecimals } : { kind: 'perp', index };
  }

  spot(index: number): AssetName & { kind: 'spot' } {
    const pair = this.spotMeta?.pairsByIndex.get(index);
    if (!pair) return { kind: 'spot', index };
    const base = this.tokensByIndex.get(pair.baseToken);
    return base ? { kind: 'spot', index, pair, base } : { kind: 'spot', index, pair };
  }

  /** A spot token by index (`bigint` from an action's field; out-of-range indexes are unknown). */
  token(index: number | bigint): SpotToken | undefined {
    const n = typeof index === 'bigint' ? (index <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(index) : -1) : index;
    return this.tokensByIndex.get(n);
  }

  /** The spot token linked to this HyperEVM contract (lowercase address). */
  tokenByContract(address: string): SpotToken | undefined {
    return this.tokensByContract.get(address.toLowerCase());
  }

  /** HYPE, found by name (its index differs between mainnet and testnet). */
  get hype(): SpotToken | undefined {
    return this.spotMeta?.tokens.find((t) => t.name === 'HYPE');
  }
}
