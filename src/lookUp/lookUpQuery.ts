/** What Look Up… accepts and how it says what it understood. Pure: no `vscode`. */
import { parseLookUp, type LookUpQuery, type Parsed } from '../core/input';
import { groupThousands, toHex } from '../core/units';
import { shortAddress, shortHash, type Translate } from '../view/format';

/** The command's argument (from a hover, a test, a keybinding): a string to parse; anything else means "ask". */
export function lookUpFromArgument(arg: unknown, t: Translate): Parsed<LookUpQuery> | undefined {
  return typeof arg === 'string' ? parseLookUp(arg, t) : undefined;
}

/** What the pick says it understood, as a person reads it: "Block 1,234", "Transaction or block hash", "Address". */
export function understood(query: LookUpQuery, t: Translate): { label: string; description: string; detail: string } {
  switch (query.kind) {
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
