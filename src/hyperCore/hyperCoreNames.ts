/**
 * HyperCore numbers in words and human units, for the HyperCore section: assets, tokens, amounts. Names
 * come from the network (`spotMeta`, `meta`): folded to one short line with invisible characters shown.
 * Pure; words through the `t` the host hands in.
 */
import type { AssetName, HyperCoreDirectory } from './hyperCoreDirectory';
import type { SpotToken } from '../core/model';
import { formatUnits, groupThousands } from '../core/units';
import { revealInvisibles } from '../view/escape';
import { oneLine, type Translate } from '../view/format';

/** A name from the network, safe to show. */
export function safeName(name: string): string {
  return revealInvisibles(oneLine(name, 64));
}

/** `value / 10^decimals`, exact, grouped. */
export function units(value: bigint | number, decimals: number): string {
  return groupThousands(formatUnits(BigInt(value), decimals));
}

/** An asset id: `coin` for sentences ("BTC"), `full` for its field ("BTC (perp, asset 0)"); `quote` for spot prices. */
export function assetWords(directory: HyperCoreDirectory, id: number, t: Translate): { coin: string; full: string; quote?: string } {
  return words(directory.asset(id), id, t);
}

function words(a: AssetName, id: number, t: Translate): { coin: string; full: string; quote?: string } {
  switch (a.kind) {
    case 'perp':
      return a.name !== undefined
        ? { coin: safeName(a.name), full: t('{0} (perp, asset {1})', safeName(a.name), id) }
        : { coin: t('perp #{0}', a.index), full: t('perp #{0} (asset {1}; the perp names could not be read)', a.index, id) };
    case 'spot':
      if (!a.pair) return { coin: t('spot pair #{0}', a.index), full: t('spot pair #{0} (asset {1}; not in spotMeta)', a.index, id) };
      return {
        coin: safeName(a.pair.base),
        full: t('{0}/{1} spot (pair {2}, asset {3})', safeName(a.pair.base), safeName(a.pair.quote), safeName(a.pair.name), id),
        quote: safeName(a.pair.quote),
      };
    case 'builderPerp':
      return { coin: t('perp #{0} of perp dex #{1}', a.index, a.dex), full: t('perp #{0} of perp dex #{1} (asset {2})', a.index, a.dex, id) };
    case 'outcome':
      // Sides 0 and 1 are the only ones the docs list; another is named as it is, and said to be none of them.
      return {
        coin: t('outcome {0} side {1}', a.outcome, a.side),
        full:
          a.side <= 1
            ? t('outcome market: outcome {0}, side {1} (coin #{2}, asset {3})', a.outcome, a.side, a.encoding, id)
            : t('outcome market: outcome {0}, side {1}, which is no valid side (asset {2})', a.outcome, a.side, id),
      };
  }
}

/** A spot token's name, or "token 197" when `spotMeta` does not list it. */
export function tokenName(token: SpotToken | undefined, index: number | bigint, t: Translate): string {
  return token ? safeName(token.name) : t('token {0}', index.toString());
}

/**
 * An amount of a spot token in its HyperCore units (`weiDecimals`): "0.5 UBTC"; without its decimals, the
 * raw count and what it is counted in.
 */
export function tokenAmount(token: SpotToken | undefined, index: number | bigint, wei: bigint, t: Translate): string {
  const name = tokenName(token, index, t);
  if (token?.weiDecimals === undefined) return t('{0} of {1}’s smallest unit (its decimals are not known)', groupThousands(wei.toString()), name);
  return `${units(wei, token.weiDecimals)} ${name}`;
}
