/**
 * The workspace's names of addresses, as the hovers show them: a contract the open workspace deployed
 * on the connected chain, its name and the file it came from. The hovers get them from the contracts
 * feature (loaded with the first address hover, not at activation) as a plain lookup. Pure.
 */
import type { Address } from '../core/model';
import type { ContractName } from '../contracts/api';
import { Commands } from '../ids';
import { shortAddress, type Translate } from '../view/format';
import type { HoverLink } from './hoverContent';

/** The workspace's name of an address on the connected chain, if it has one (synchronous: the index is in memory). */
export type NameLookup = (address: Address) => ContractName | undefined;

/** The lines an address hover adds for a workspace contract. */
export function workspaceNameLines(n: ContractName, t: Translate): string[] {
  return [n.uncertain ? t('{0} in your workspace (other records name it differently)', n.name) : t('{0} in your workspace', n.name), t('From {0}', n.path)];
}

export function workspaceNameLink(n: ContractName, t: Translate): HoverLink {
  return { title: t('Open {0}', n.name), command: Commands.openContractFile, args: [n.uri] };
}

/** `Vault (0x12ab…cdef)`, or the short address alone. */
export function namedAddress(address: Address, names: NameLookup | undefined): string {
  const n = names?.(address);
  return n ? `${n.name} (${shortAddress(address)})` : shortAddress(address);
}
