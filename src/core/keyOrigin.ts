/**
 * A key belongs to the provider it was typed for: each key is stored for one network and one origin
 * (scheme, host and port of the base URL it was entered with), and only ever put into URLs of that
 * origin. A base URL changed to another host finds no key there, so nothing keyed reaches it until the
 * user sets a key for it or says to reuse one, naming both origins. Pure: no `vscode`.
 */
import type { NetworkId } from './networks';

/** The origin a key is bound to (`https://host[:port]`, lower-case), or undefined when the base URL is not a URL. */
export function keyOrigin(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The SecretStorage entry of the key for `network` at `origin`. */
export function keyStorageId(network: NetworkId, origin: string): string {
  return `hyperliquidExplorer.apiKey.${network}@${origin}`;
}

/** The network and origin of a SecretStorage entry made by `keyStorageId`, or undefined for any other entry. */
export function parseKeyStorageId(id: string): { network: NetworkId; origin: string } | undefined {
  const m = /^hyperliquidExplorer\.apiKey\.(mainnet|testnet)@(https?:\/\/[^/\s]+)$/.exec(id);
  return m ? { network: m[1] as NetworkId, origin: m[2]! } : undefined;
}

/** Whether a URL that carries the key stays at the key's origin (the last check before a keyed URL is built). */
export function sameOrigin(url: string, origin: string): boolean {
  return keyOrigin(url) === origin;
}

/**
 * The origins that hold a key, per network, as kept beside the keys (not secret: only where keys are,
 * so that a changed base URL can offer the one typed for another origin). Bounded and deduplicated.
 */
export function withOrigin(list: readonly string[], origin: string, present: boolean, max = 20): string[] {
  const rest = list.filter((o) => o !== origin);
  return (present ? [origin, ...rest] : rest).slice(0, max);
}
