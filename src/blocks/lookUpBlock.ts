import * as vscode from 'vscode';
import type { Parsed } from '../core/input';
import type { ProviderClients } from '../core/provider';
import { requireClients } from '../platform/accountCommands';
import type { Services } from '../platform/services';
import { blockQueryFromArgument } from './blockQuery';
import { askForBlock } from './blockPicker';
import { BlockPanel, warmUp, type LookupResult } from './blockPanel';
import { notify } from '../platform/notify';

/**
 * Takes the block from the argument (a number, a decimal or hex string, `latest`) or asks for it, and
 * shows it. Resolves to what the panel ended up showing, or undefined when nothing was looked up.
 */
export async function lookUpBlock(services: Services, arg: unknown): Promise<LookupResult | undefined> {
  const asked = await givenOrAsked(services, blockQueryFromArgument(arg), (error) => vscode.l10n.t('Cannot look up that block: {0}', error), () => askForBlock(services.context));
  return asked && BlockPanel.createOrShow(services, asked.query);
}

/**
 * What a lookup command works on: its argument when given (refused with `refusal` before any request
 * when it does not parse), else what `ask` gets from the user, once there are clients. The key comes
 * first: nobody should type a block number only to be told there is no key. While the user types, the
 * connection warms up: axios loads, the socket opens, and the chain's head (what "latest" needs, and
 * what tells a pruned block from one that does not exist) arrives.
 */
export async function givenOrAsked<Q>(
  services: Services,
  given: Parsed<Q> | undefined,
  refusal: (error: string) => string,
  ask: () => Promise<Q | undefined>,
): Promise<{ clients: ProviderClients; query: Q } | undefined> {
  if (given && !given.ok) {
    void notify('error', refusal(given.error));
    return undefined;
  }
  const clients = await requireClients(services);
  if (!clients) return undefined;
  if (!given) warmUp(services, clients);
  const query = given?.value ?? (await ask());
  return query === undefined ? undefined : { clients, query };
}
