import * as vscode from 'vscode';
import { escapeLinksAndIcons } from '../view/escape';
import { requireClients } from '../platform/accountCommands';
import type { Services } from '../platform/services';
import { blockQueryFromArgument } from './blockQuery';
import { askForBlock } from './blockPicker';
import { BlockPanel, warmUp, type LookupResult } from './blockPanel';

/**
 * Takes the block from the argument (a number, a decimal or hex string, `latest`) or asks for it, and
 * shows it. Resolves to what the panel ended up showing, or undefined when nothing was looked up.
 */
export async function lookUpBlock(services: Services, arg: unknown): Promise<LookupResult | undefined> {
  const given = blockQueryFromArgument(arg);
  if (given && !given.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot look up that block: {0}', escapeLinksAndIcons(given.error)));
    return undefined;
  }
  // The key first: nobody should type a block number only to be told there is no key.
  const clients = await requireClients(services);
  if (!clients) return undefined;
  // While the user types, the connection warms up: axios loads, the socket opens, and the chain's head
  // (what "latest" needs, and what tells a pruned block from one that does not exist) arrives.
  if (!given) warmUp(services, clients);
  const query = given?.value ?? (await askForBlock(services.context));
  if (!query) return undefined;
  return BlockPanel.createOrShow(services, query);
}
