import { ProviderError, type Endpoint } from './errors';
import { registerSecret } from './redact';
import { msg, type Message } from './translate';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why an API key cannot be used, or undefined if it can. The key becomes a URL path segment. */
export function apiKeyProblem(key: string): Message | undefined {
  if (key.length === 0) return msg('The API key is empty.');
  if (/\s/.test(key)) return msg('The API key cannot contain spaces or line breaks.');
  if (/[/?#]/.test(key)) return msg('The API key cannot contain “/”, “?” or “#”: paste only the key, not the whole URL.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return msg('The API key contains control characters.');
  if (key.length > 512) return msg('The API key is too long (over 512 characters).');
  // URLs resolve "." and ".." as path steps: the key would vanish from the request path.
  if (key === '.' || key === '..') return msg('The API key cannot be “.” or “..”.');
  return undefined;
}

/** Why a base URL cannot be used, or undefined if it can. */
export function baseUrlProblem(baseUrl: string): Message | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return msg('The base URL is not a valid URL. Use for example https://hyperliquid-mainnet.core.chainstack.com');
  }
  if (url.username || url.password) return msg('The base URL must not contain a user name or password.');
  // The raw text, not url.search/url.hash: those are empty for a bare "?" or "#", which would still put
  // the key into the query or the (unsent) fragment.
  if (/[?#]/.test(baseUrl)) return msg('The base URL must not contain “?” or “#”: give only the address, without the key.');
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : msg('The base URL uses http:// on a host that is not this computer. Use https://, so that your key is not sent in the clear.');
  }
  return msg('The base URL must start with https:// (found “{0}”).', url.protocol);
}

/** The EVM path by default (Chainstack, QuickNode); QuickNode's archive is `nanoreth`. */
export const DEFAULT_EVM_PATH = 'evm';

/** Why an EVM path cannot be used, or undefined if it can: one URL path segment, nothing that URLs resolve. */
export function evmPathProblem(path: string): Message | undefined {
  if (!/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,63}$/.test(path)) {
    return msg(
      'The EVM path is one path segment (for example “evm” or “nanoreth”): letters, digits, “-”, “_”, “~” and “.” (not first), at most 64 characters.',
    );
  }
  return undefined;
}

/** Why the full address of a key-less endpoint (the public API's `/info` or `/evm`) cannot be used, or undefined if it can. */
export function endpointUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `“${url.slice(0, 80)}” is not a valid URL. Use for example https://api.hyperliquid.xyz/info`;
  }
  if (parsed.username || parsed.password || /[?#]/.test(url)) return 'The address must not contain a user name, a password, “?” or “#”.';
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname))) return undefined;
  return 'The address must start with https:// (http:// only on 127.0.0.1, localhost or [::1]).';
}

/** What the transport asks for: the URL of each endpoint. */
export interface EndpointUrls {
  url(endpoint: Endpoint): string;
}

/**
 * Endpoints without a key, each at its own full address: Hyperliquid's public `/evm` and `/info`
 * (`https://rpc.hyperliquid.xyz/evm`, `https://api.hyperliquid.xyz/info`), or a stand-in on loopback.
 */
export class KeylessEndpoints implements EndpointUrls {
  private readonly urls: Record<Endpoint, string>;

  constructor(evmUrl: string, infoUrl: string) {
    for (const url of [evmUrl, infoUrl]) {
      const problem = endpointUrlProblem(url);
      if (problem) throw new ProviderError('config', problem);
    }
    this.urls = { evm: evmUrl, info: infoUrl };
  }

  url(endpoint: Endpoint): string {
    return this.urls[endpoint];
  }
}

/**
 * The one place that builds request URLs: `{baseUrl}/{key}/evm` and `{baseUrl}/{key}/info`.
 * Validates both parts and registers the key with the redactor before any URL exists.
 */
export class ProviderEndpoints implements EndpointUrls {
  private readonly urls: Record<Endpoint, string>;

  constructor(baseUrl: string, apiKey: string, evmPath = DEFAULT_EVM_PATH) {
    const baseProblem = baseUrlProblem(baseUrl);
    if (baseProblem) throw new ProviderError('config', baseProblem);
    const keyProblem = apiKeyProblem(apiKey);
    if (keyProblem) throw new ProviderError('config', keyProblem);
    const pathProblem = evmPathProblem(evmPath);
    if (pathProblem) throw new ProviderError('config', pathProblem);
    registerSecret(apiKey);
    const base = baseUrl.replace(/\/+$/, '');
    const key = encodeURIComponent(apiKey);
    this.urls = { evm: `${base}/${key}/${evmPath}`, info: `${base}/${key}/info` };
  }

  url(endpoint: Endpoint): string {
    return this.urls[endpoint];
  }
}

/**
 * Hyperliquid's WebSocket beside its public `/info`: `https://api.hyperliquid.xyz/info` →
 * `wss://api.hyperliquid.xyz/ws` (testnet alike), and a loopback stand-in's `http://…/info` → `ws://…/ws`
 * (the demo node serves both). Undefined when `infoUrl` is not a usable key-less address.
 */
export function socketUrlOf(infoUrl: string): string | undefined {
  if (endpointUrlProblem(infoUrl) !== undefined) return undefined;
  const url = new URL(infoUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = url.pathname.replace(/\/info\/?$/, '') + '/ws';
  return url.toString();
}
