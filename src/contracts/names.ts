/**
 * The workspace's names of addresses, for the places that only name (hovers, Look Up): each deployed
 * contract's name, the file a link opens (its artifact when the index has one, else its deployment
 * record) and whether other records disagree. Pure.
 */
import type { Address } from '../core/model';
import type { OwnContracts } from './decode';

/** A workspace contract's name for an address, as hovers and Look Up show it. */
export interface ContractName {
  name: string;
  /** The file a link opens (its artifact, else its deployment record), relative to its workspace folder. */
  path: string;
  uri: string;
  /** Other deployment records give the address another name. */
  uncertain: boolean;
}

export function nameLookup(decoder: Pick<OwnContracts, 'contractAt'>): (address: Address) => ContractName | undefined {
  return (address) => {
    const c = decoder.contractAt(address);
    if (!c) return undefined;
    const file = c.abi?.file ?? c.deployment;
    return { name: c.name, path: file.path, uri: file.uri, uncertain: c.alsoNamed.length > 0 };
  };
}

/** A contract of the workspace deployed on the connected chain, found by (part of) its name. */
export interface NamedDeployment extends ContractName {
  address: Address;
}

/** Contracts deployed on the decoder's chain whose name contains `query`: exact names first, then those it starts. */
export function contractsNamed(decoder: OwnContracts, query: string, max = 20): NamedDeployment[] {
  const lookup = nameLookup(decoder);
  return decoder.index.deploymentsNamed(query, decoder.chainId, max).flatMap((c) => {
    const named = lookup(c.address);
    return named ? [{ ...named, address: c.address }] : [];
  });
}
