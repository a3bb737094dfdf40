import { EvmClient, type EvmClientOptions } from './evmClient';
import { ProviderEndpoints } from './endpoints';
import { InfoClient } from './infoClient';
import { Transport, type TransportOptions } from './transport';

/** Everything needed to talk to one provider with one key. */
export interface ProviderClients {
  readonly evm: EvmClient;
  readonly info: InfoClient;
  readonly transport: Transport;
}

/** The transport's options, and whether calls made at once go out as one JSON-RPC batch (default true). */
export type ProviderClientOptions = TransportOptions & EvmClientOptions;

/** Builds the clients for a base URL, key and EVM path (`evm` when not given); throws a `config` ProviderError if either is unusable. */
export function createProviderClients(baseUrl: string, apiKey: string, options: ProviderClientOptions, evmPath?: string): ProviderClients {
  const transport = new Transport(new ProviderEndpoints(baseUrl, apiKey, evmPath), options);
  return { evm: new EvmClient(transport, { batch: options.batch }), info: new InfoClient(transport), transport };
}
