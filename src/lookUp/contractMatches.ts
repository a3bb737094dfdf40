/**
 * Look Up by a contract's name: the contracts the workspace deployed on the connected chain whose name
 * matches what is typed, as items of the pick (each one an address to look up). Pure.
 */
import type { Address } from '../core/model';
import { escapeIcons } from '../view/escape';
import { shortAddress, type Translate } from '../view/format';
import type { Query } from './lookUpQuery';

export interface ContractMatch {
  name: string;
  address: Address;
  /** The file it came from, relative to its workspace folder. */
  path: string;
}

/** The workspace's contracts on this chain whose name contains the text, best first. */
export type ContractMatches = (text: string) => ContractMatch[];

export interface ContractItem {
  label: string;
  description?: string;
  detail?: string;
  value?: Query;
}

/**
 * One item per match, the best first; when none matches, one item (without a value) that says why:
 * `refusal`, what the text is not as a block, hash or address, and that no contract has that name.
 */
export function contractItems(name: string, matches: ContractMatches, t: Translate, refusal: string): ContractItem[] {
  const found = matches(name);
  if (!found.length)
    return [
      { label: `$(error) ${escapeIcons(refusal)}`, detail: escapeIcons(t('No contract named “{0}” in your workspace is deployed on this chain.', name)) },
    ];
  return found.map((m) => ({
    label: `$(symbol-class) ${escapeIcons(m.name)}`,
    description: shortAddress(m.address),
    detail: escapeIcons(t('{0} in your workspace', m.path)),
    value: { kind: 'address', address: m.address },
  }));
}
