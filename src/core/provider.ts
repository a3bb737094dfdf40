import { EvmClient } from './evmClient';
import { ProviderEndpoints } from './endpoints';
import { InfoClient } from './infoClient';
import { Transport, type TransportOptions } from './transport';

/** Everything needed to talk to one provider with one key. */
export interface ProviderClients {
  readonly evm: EvmClient;
  readonly info: InfoClient;
  readonly transport: Transport;
}

/** Builds the clients for a base URL, key and EVM path (`evm` when not given); throws a `config` ProviderError if either is unusable. */
export function createProviderClients(baseUrl: string, apiKey: string, options: TransportOptions, evmPath?: string): ProviderClients {
  const transport = new Transport(new ProviderEndpoints(baseUrl, apiKey, evmPath), options);
  return { evm: new EvmClient(transport), info: new InfoClient(transport), transport };
}
