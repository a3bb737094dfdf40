/**
 * The URLs of an explorer's Etherscan-compatible API (an address's history where the node has no
 * Otterscan search), beside the provider's in `endpoints.ts` and checked by its rules. Its own module so
 * that only the address page loads it, not activation.
 */
import { ProviderError } from './errors';
import { apiKeyProblem, endpointUrlProblem, type EndpointUrls } from './endpoints';
import { registerSecret } from './redact';

/** Which explorer API an address's history may come from (docs/FACTS.md#history). */
export type ExplorerApiKind = 'blockscout' | 'etherscan';

/**
 * An explorer's Etherscan-compatible API (`{base}?module=account&action=txlist&…`): Blockscout without a
 * key, Etherscan v2 with `chainid` and a key. The key is a query parameter, so it is registered with the
 * redactor here, before any URL holds it; the request's label never holds the query.
 */
export class ExplorerApiEndpoints implements EndpointUrls {
  private readonly base: string;
  readonly host: string;

  constructor(
    readonly kind: ExplorerApiKind,
    baseUrl: string,
    private readonly chainId: number,
    private readonly apiKey?: string,
  ) {
    const problem = endpointUrlProblem(baseUrl);
    if (problem) throw new ProviderError('config', problem);
    if (apiKey !== undefined) {
      const keyProblem = apiKeyProblem(apiKey);
      if (keyProblem) throw new ProviderError('config', keyProblem);
      registerSecret(apiKey);
    }
    this.base = baseUrl.replace(/\/+$/, '');
    this.host = new URL(this.base).host;
  }

  url(): string {
    return this.base;
  }

  /** The query of a request: its parameters, Etherscan v2's `chainid`, and the key when there is one (last). */
  query(params: Record<string, string | number>): string {
    const all: Record<string, string> = {};
    if (this.kind === 'etherscan') all.chainid = String(this.chainId);
    for (const [k, v] of Object.entries(params)) all[k] = String(v);
    if (this.apiKey !== undefined) all.apikey = this.apiKey;
    return new URLSearchParams(all).toString();
  }
}

/** Etherscan's API v2, one address for every chain it serves (`chainid` picks HyperEVM, 999). */
export const ETHERSCAN_V2_API = 'https://api.etherscan.io/v2/api';
