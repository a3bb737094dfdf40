import type { Parsed } from '../core/input';
import type { ProviderClients } from '../core/provider';
import { requireClients } from './apiKeyActions';
import { notify } from './notify';
import type { Services } from './services';

/**
 * What a command works on: its argument when given (refused with `refusal` before any request when it
 * does not parse), else what `ask` gets from the user, once there are clients. The key comes first:
 * nobody should type a block number or a hash only to be told there is no key. While the user types,
 * `warm` (when given) gets the connection going: axios loads, the socket opens, the chain's head arrives.
 */
export async function givenOrAsked<Q>(
  services: Services,
  given: Parsed<Q> | undefined,
  refusal: (error: string) => string,
  ask: () => Promise<Q | undefined>,
  warm?: (clients: ProviderClients) => void,
): Promise<{ clients: ProviderClients; query: Q } | undefined> {
  if (given && !given.ok) {
    void notify('error', refusal(given.error));
    return undefined;
  }
  const clients = await requireClients(services);
  if (!clients) return undefined;
  if (!given) warm?.(clients);
  const query = given?.value ?? (await ask());
  return query === undefined ? undefined : { clients, query };
}
