/** How Hyperliquid's coins read under their market's group: orders and positions name them alike. */

/** Outcome markets' coins start with `#`: neither a perp nor a spot pair. */
export function isOutcomeCoin(coin: string): boolean {
  return coin.charCodeAt(0) === 35; /* # */
}

/**
 * A perp's coin as the group of its dex shows it: HIP-3 coins carry their dex as a prefix
 * (`xyz:XYZ100`), which under the dex's own group is noise; another dex's prefix stays, and so does an
 * outcome market's coin.
 */
export function nameOnDex(coin: string, dex: string): string {
  if (isOutcomeCoin(coin)) return coin;
  const prefix = `${dex}:`;
  return dex !== '' && coin.startsWith(prefix) && coin.length > prefix.length ? coin.slice(prefix.length) : coin;
}
