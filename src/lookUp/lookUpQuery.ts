/** What Look Up… accepts and how it says what it understood. Pure: no `vscode`. */
import { parseLookUp, type LookUpQuery, type Parsed } from '../core/input';
import { groupThousands, toHex } from '../core/units';
import { shortAddress, shortHash, type Translate } from '../view/format';

/** What Look Up takes: what the core reads, or the name of a contract the workspace deployed. */
export type Query = LookUpQuery | { kind: 'contract'; name: string };

/** A Solidity identifier, as a contract is named. */
const CONTRACT_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;

/** A block, hash or address as the core reads them; else a word that could be a contract's name. */
export function parseQuery(input: string, t: Translate): Parsed<Query> {
  const parsed = parseLookUp(input, t);
  if (parsed.ok || parsed.problem !== 'unrecognized' || !CONTRACT_NAME.test(input.trim())) return parsed;
  return { ok: true, value: { kind: 'contract', name: input.trim() } };
}

/** The command's argument (from a hover, a test, a keybinding): a string to parse; anything else means "ask". */
export function lookUpFromArgument(arg: unknown, t: Translate): Parsed<Query> | undefined {
  return typeof arg === 'string' ? parseQuery(arg, t) : undefined;
}

/** What the pick says it understood, as a person reads it: "Block 1,234", "Transaction or block hash", "Address". */
export function understood(query: Query, t: Translate): { label: string; description: string; detail: string } {
  switch (query.kind) {
    case 'contract':
      return {
        label: t('Contract {0}', query.name),
        description: t('in your workspace'),
        detail: t('The address your workspace deployed a contract of this name at, on this chain.'),
      };
    case 'block':
      return query.query.kind === 'latest'
        ? { label: t('Latest block'), description: 'latest', detail: t('Opens the newest block on the chain.') }
        : {
            label: t('Block {0}', groupThousands(String(query.query.number))),
            description: toHex(query.query.number),
            detail: t('Opens the block page.'),
          };
    case 'hash':
      return { label: t('Transaction or block hash'), description: shortHash(query.hash), detail: t('Looks for a transaction with this hash, then a block.') };
    case 'address':
      return {
        label: t('Address'),
        description: shortAddress(query.address),
        detail: t('Shows whether it is a contract or an account, its HYPE balance, and what you can do with it.'),
      };
  }
}
