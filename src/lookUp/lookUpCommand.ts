import { describeError, isCancellation } from '../core/errors';
import type { LookUpQuery } from '../core/input';
import type { ProviderClients } from '../core/provider';
import { lookUpHash } from '../core/transactionLoad';
import { warmUp } from '../blocks/api';
import { showTransaction } from '../transactions/api';
import { Commands } from '../ids';
import { givenOrAsked } from '../platform/givenOrAsked';
import { withDelayedProgress } from '../platform/webviewPanel';
import type { Services } from '../platform/services';
import { vscodeTranslate as t } from '../platform/translate';
import { shortAddress, shortHash } from '../view/format';
import { showAddress, type AddressOutcome } from './addressPicker';
import { lookUpFromArgument, type Query } from './lookUpQuery';
import type { ContractMatches } from './contractMatches';
import { contractsNamed, workspaceContracts } from '../contracts/api';
import { rememberRecentLookUp } from '../platform/recentLookUpsStore';
import { askForLookUp } from './lookUpPicker';
import { notify } from '../platform/notify';
import { runCommand } from '../platform/commands';

/** What a lookup ended with; the command returns it, so tests can tell. */
export type LookUpOutcome =
  | { kind: 'block'; block: number | 'latest' }
  | { kind: 'transaction'; hash: string }
  | { kind: 'notFound'; hash: string }
  | AddressOutcome
  /** A name no contract of the workspace has on this chain (or reading the workspace is off). */
  | { kind: 'noContract'; name: string }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

/**
 * Hyperliquid: Look Up…: a block, a transaction hash or an address, from the argument or asked for, and
 * the right page for it. A 64-hex value is a transaction if the chain has one, else a block hash.
 */
export async function lookUp(services: Services, arg: unknown): Promise<LookUpOutcome | undefined> {
  let contracts: ContractMatches | null | undefined; // undefined while the workspace is read, null when it is not
  const asked = await givenOrAsked(
    services,
    lookUpFromArgument(arg, t),
    (error) => t('Cannot look that up: {0}', error),
    () => askForLookUp(services.context, () => contracts),
    (clients) => {
      warmUp(services, clients);
      // The workspace's contracts are read while the user types, so that a name finds them.
      void contractMatches(services, clients).then((found) => (contracts = found ?? null));
    },
  );
  if (!asked) return undefined;
  const outcome = await open(services, asked.clients, asked.query);
  if (outcome.kind === 'address' && asked.query.kind === 'contract') await remember(services, { kind: 'address', address: outcome.summary.address });
  else if (asked.query.kind !== 'contract' && outcome.kind !== 'failed' && outcome.kind !== 'cancelled' && outcome.kind !== 'notFound')
    await remember(services, asked.query);
  return outcome;
}

/** The workspace's contracts on the connected chain, by name; undefined when reading the workspace is off or fails. */
async function contractMatches(services: Services, clients: ProviderClients): Promise<ContractMatches | undefined> {
  try {
    const own = await workspaceContracts(services).ownContracts(clients);
    return own && ((text: string) => contractsNamed(own, text));
  } catch (e) {
    services.log.debug(`Look Up: the workspace’s contracts could not be read: ${describeError(e)}`);
    return undefined;
  }
}

async function open(services: Services, clients: ProviderClients, query: Query): Promise<LookUpOutcome> {
  if (query.kind === 'contract') {
    const found = (await contractMatches(services, clients))?.(query.name) ?? [];
    const match = found.find((m) => m.name === query.name) ?? found[0];
    if (!match) {
      void notify('warning', t('No contract named “{0}” in your workspace is deployed on this chain.', query.name));
      return { kind: 'noContract', name: query.name };
    }
    return open(services, clients, { kind: 'address', address: match.address });
  }
  if (query.kind === 'block') {
    const block = query.query.kind === 'latest' ? 'latest' : query.query.number;
    await runCommand(Commands.lookUpBlock, block);
    return { kind: 'block', block };
  }
  const abort = new AbortController();
  try {
    if (query.kind === 'address') {
      const summary = await withDelayedProgress(t('Looking up address {0}…', shortAddress(query.address)), abort, () =>
        clients.evm.getAddressSummary(query.address, abort.signal),
      );
      return await showAddress(summary);
    }
    // Everything the transaction page shows, and the block with this hash, in one round trip.
    const found = await withDelayedProgress(t('Looking up {0}…', shortHash(query.hash)), abort, () =>
      lookUpHash(clients.evm, query.hash, abort.signal, clients),
    );
    switch (found.kind) {
      case 'transaction':
        await showTransaction(services, query.hash, found.bundle); // the page does not ask for it again
        return { kind: 'transaction', hash: query.hash };
      case 'block':
        await runCommand(Commands.lookUpBlock, Number(found.number));
        return { kind: 'block', block: Number(found.number) };
      case 'notFound':
        void notify('warning', t('No transaction or block with hash {0} on this chain.', query.hash));
        return { kind: 'notFound', hash: query.hash };
    }
  } catch (e) {
    if (isCancellation(e) || abort.signal.aborted) return { kind: 'cancelled' };
    const message = describeError(e, t);
    const what = query.kind === 'address' ? shortAddress(query.address) : shortHash(query.hash);
    void notify('error', t('Could not look up {0}: {1}', what, message));
    return { kind: 'failed', message };
  }
}

async function remember(services: Services, query: LookUpQuery): Promise<void> {
  await rememberRecentLookUp(services.context.globalState, query);
}
