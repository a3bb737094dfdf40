/** Open Transaction's argument: the hash parsed as typed text (`parseHash`), anything else refused. Pure. */
import { parseHash, refuse, type Parsed } from '../core/input';
import type { Hash } from '../core/model';
import type { Translate } from '../view/format';

/** The hash given to the command: undefined when none was given (ask for one), else parsed. */
export function transactionHashFromArgument(arg: unknown, t: Translate): Parsed<Hash> | undefined {
  if (arg === undefined || arg === null) return undefined;
  if (typeof arg !== 'string') return refuse('notText', t('A transaction hash is text: 0x followed by 64 hex digits.'));
  return parseHash(arg, t);
}
