/**
 * Parsing of what a user types or a command is given: blocks, addresses, hashes, Look Up's any-of-them.
 * Everything here is refused before any request is made, with a message in the user's words (through the
 * `t` the caller hands in) and a `problem` code: code branches on the code, never on the translated text.
 */
import { ADDRESS_HEX_DIGITS, HASH_HEX_DIGITS, HEX_PREFIX, isHexDigits, lowerHex } from './hex';
import type { Address, Hash } from './model';
import type { Translate } from './translate';
import { groupThousands } from './units';

export const MAX_BLOCK_NUMBER = Number.MAX_SAFE_INTEGER; // 2^53 − 1

export type BlockQuery = { kind: 'latest' } | { kind: 'number'; number: number };

/** Why an input was refused, for code to tell the cases apart (the message is for people, and translated). */
export type InputProblem =
  | 'empty' // nothing typed
  | 'notText' // an argument that should be text is not
  | 'noPrefix' // hex without “0x” in front
  | 'noDigits' // “0x” and nothing after it
  | 'notHex' // something after “0x” that is no hex digit
  | 'wrongLength' // hex digits, but not as many as a hash or an address has
  | 'negative'
  | 'fraction'
  | 'exponent'
  | 'notFinite'
  | 'tooLarge'
  | 'unrecognized'; // none of the forms taken

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; problem: InputProblem };

/** A refusal: the code for code, the (translated) message for the user. */
export function refuse<T>(problem: InputProblem, error: string): Parsed<T> {
  return { ok: false, error, problem };
}

/** A block number as typed: decimal (`123`, `1_234`, `1,234`), `0x` hex, or `latest`. */
export function parseBlockQuery(input: string, t: Translate): Parsed<BlockQuery> {
  const text = input.trim();
  if (text === '') return refuse('empty', t('Type a block number: decimal (6699), hex (0x1a2b) or “latest”.'));
  if (/^latest$/i.test(text)) return { ok: true, value: { kind: 'latest' } };
  if (/^-/.test(text)) return negative(t);
  if (HEX_PREFIX.test(text)) return hexBlockNumber(text, t);
  if (/^\d+([.,]\d+)?e[+-]?\d+$/i.test(text)) return refuse('exponent', t('Write the block number out in full, without an exponent.'));
  if (/^\d*\.\d*$/.test(text) && /\d/.test(text)) return fraction(t);
  if (/^\d{1,3}([,_]\d{3})+$/.test(text) || /^\d+$/.test(text)) return checkRange(text.replace(/[,_]/g, ''), 10, t);
  return refuse('unrecognized', t('“{0}” is not a block number. Type a decimal number, a 0x hex number or “latest”.', shorten(text)));
}

/** A block number given as a number (a command argument), with the same messages as when it is typed. */
export function parseBlockNumber(n: number, t: Translate): Parsed<BlockQuery> {
  if (!Number.isFinite(n)) return refuse('notFinite', t('A block number is a finite whole number.'));
  if (n < 0) return negative(t);
  if (!Number.isInteger(n)) return fraction(t);
  if (n > MAX_BLOCK_NUMBER) return tooLarge(t);
  return { ok: true, value: { kind: 'number', number: n } };
}

function hexBlockNumber(text: string, t: Translate): Parsed<BlockQuery> {
  const hex = text.slice(2);
  if (hex === '') return refuse('noDigits', t('Add hex digits after “0x”, for example 0x1a2b.'));
  if (!isHexDigits(hex)) return refuse('notHex', t('“{0}” is not a hex number: use only 0-9 and a-f after “0x”.', shorten(text)));
  return checkRange(hex, 16, t);
}

const negative = (t: Translate) => refuse<BlockQuery>('negative', t('A block number cannot be negative.'));
const fraction = (t: Translate) => refuse<BlockQuery>('fraction', t('A block number is a whole number, without a fraction.'));
const tooLarge = (t: Translate) =>
  refuse<BlockQuery>('tooLarge', t('That number is too large: block numbers go up to {0} (2^53 − 1).', groupThousands(String(MAX_BLOCK_NUMBER))));

/** Significant digits of 2^53 − 1: 16 in decimal, 14 in hex. */
const MAX_DIGITS = { 10: String(MAX_BLOCK_NUMBER).length, 16: MAX_BLOCK_NUMBER.toString(16).length };

function checkRange(digits: string, radix: 10 | 16, t: Translate): Parsed<BlockQuery> {
  // Count digits before BigInt: parsing a pasted megabyte of digits takes BigInt most of a second.
  const significant = digits.replace(/^0+(?=.)/, '');
  const n = significant.length > MAX_DIGITS[radix] ? undefined : BigInt(radix === 16 ? `0x${significant}` : significant);
  if (n === undefined || n > BigInt(MAX_BLOCK_NUMBER)) return tooLarge(t);
  return { ok: true, value: { kind: 'number', number: Number(n) } };
}

/** A wallet address: 0x + 40 hex digits, any case; returned in lowercase. */
export function parseAddress(input: string, t: Translate): Parsed<Address> {
  const text = input.trim();
  if (text === '') return refuse('empty', t('Type a wallet address: 0x followed by 40 hex digits.'));
  if (!HEX_PREFIX.test(text)) return refuse('noPrefix', t('A wallet address starts with “0x”.'));
  const hex = text.slice(2);
  if (hex !== '' && !isHexDigits(hex)) return refuse('notHex', t('A wallet address has only hex digits (0-9, a-f) after “0x”.'));
  if (hex.length !== ADDRESS_HEX_DIGITS) return refuse('wrongLength', t('A wallet address has 40 hex digits after “0x”; this one has {0}.', count(hex.length)));
  return { ok: true, value: lowerHex(text) };
}

/** A transaction hash as typed or passed to Open Transaction: 0x + 64 hex digits, any case; returned in lowercase. */
export function parseHash(input: string, t: Translate): Parsed<Hash> {
  const text = input.trim();
  if (text === '') return refuse('empty', t('Type a transaction hash: 0x followed by 64 hex digits.'));
  if (!HEX_PREFIX.test(text)) return refuse('noPrefix', t('A transaction hash starts with “0x”.'));
  const hex = text.slice(2);
  if (hex !== '' && !isHexDigits(hex)) return refuse('notHex', t('A transaction hash has only hex digits (0-9, a-f) after “0x”.'));
  if (hex.length !== HASH_HEX_DIGITS) return refuse('wrongLength', t('A transaction hash has 64 hex digits after “0x”; this one has {0}.', count(hex.length)));
  return { ok: true, value: lowerHex(text) };
}

/** What Look Up… takes: a block, a transaction or block hash, or an address. */
export type LookUpQuery = { kind: 'block'; query: BlockQuery } | { kind: 'hash'; hash: Hash } | { kind: 'address'; address: Address };

/**
 * A block (as `parseBlockQuery` reads it), 0x + 64 hex digits (a transaction or block hash) or 0x + 40
 * (an address). Hashes and addresses come back in lowercase.
 */
export function parseLookUp(input: string, t: Translate): Parsed<LookUpQuery> {
  const text = input.trim();
  if (text === '')
    return refuse('empty', t('Type a block number (6699, 0x1a2b or “latest”), a transaction hash (0x + 64 hex digits) or an address (0x + 40).'));
  const hex = HEX_PREFIX.test(text) ? text.slice(2) : undefined;
  if (hex !== undefined && isHexDigits(hex)) return hexLookUp(text, hex.length, t);
  if (hex === undefined && isHexDigits(text) && /[a-f]/i.test(text)) {
    if (text.length === HASH_HEX_DIGITS) return refuse('noPrefix', t('Add “0x” in front: 0x + 64 hex digits is a transaction or block hash.'));
    if (text.length === ADDRESS_HEX_DIGITS) return refuse('noPrefix', t('Add “0x” in front: 0x + 40 hex digits is an address.'));
  }
  const block = parseBlockQuery(text, t);
  if (block.ok) return { ok: true, value: { kind: 'block', query: block.value } };
  if (block.problem === 'unrecognized') {
    return refuse(
      'unrecognized',
      t('“{0}” is not a block number (6699, 0x1a2b, “latest”), a transaction hash (0x + 64 hex digits) or an address (0x + 40).', shorten(text)),
    );
  }
  return block;
}

/** `0x` and `digits` hex digits: a hash, an address, or else a block number. */
function hexLookUp(text: string, digits: number, t: Translate): Parsed<LookUpQuery> {
  if (digits === HASH_HEX_DIGITS) return { ok: true, value: { kind: 'hash', hash: lowerHex(text) } };
  if (digits === ADDRESS_HEX_DIGITS) return { ok: true, value: { kind: 'address', address: lowerHex(text) } };
  const block = parseBlockQuery(text, t);
  if (block.ok) return { ok: true, value: { kind: 'block', query: block.value } };
  // Longer than any block number: a hash or an address with digits missing or extra.
  if (digits > MAX_DIGITS[16]) {
    return refuse('wrongLength', t('0x + 64 hex digits is a transaction or block hash, 0x + 40 an address; this has {0}.', count(digits)));
  }
  return block;
}

/** A count as the messages show it: 1,234. */
function count(n: number): string {
  return groupThousands(String(n));
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
