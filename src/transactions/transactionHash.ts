/**
 * A transaction hash as typed or passed to Open Transaction: 0x + 64 hex digits, any case, returned in
 * lowercase. Refused with a message that says what is wrong, before any request. Pure.
 */
import type { Parsed } from '../core/input';
import type { Hash } from '../core/model';
import type { Translate } from '../view/format';

export function parseTransactionHash(input: string, t: Translate): Parsed<Hash> {
  const text = input.trim();
  if (text === '') return { ok: false, error: t('Type a transaction hash: 0x followed by 64 hex digits.') };
  if (!/^0x/i.test(text)) return { ok: false, error: t('A transaction hash starts with “0x”.') };
  const hex = text.slice(2);
  if (!/^[0-9a-f]*$/i.test(hex)) return { ok: false, error: t('A transaction hash has only hex digits (0-9, a-f) after “0x”.') };
  if (hex.length !== 64) return { ok: false, error: t('A transaction hash has 64 hex digits after “0x”; this one has {0}.', hex.length.toLocaleString('en-US')) };
  return { ok: true, value: `0x${hex.toLowerCase()}` };
}

/** The hash given to the command: undefined when none was given (ask for one), else parsed. */
export function transactionHashFromArgument(arg: unknown, t: Translate): Parsed<Hash> | undefined {
  if (arg === undefined || arg === null) return undefined;
  if (typeof arg !== 'string') return { ok: false, error: t('A transaction hash is text: 0x followed by 64 hex digits.') };
  return parseTransactionHash(arg, t);
}
