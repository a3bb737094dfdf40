/** Parsing of what a user types. Everything here is refused before any request is made. */
import type { Address, Hash } from './model';

export const MAX_BLOCK_NUMBER = Number.MAX_SAFE_INTEGER; // 2^53 − 1

export type BlockQuery = { kind: 'latest' } | { kind: 'number'; number: number };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A block number as typed: decimal (`123`, `1_234`, `1,234`), `0x` hex, or `latest`. */
export function parseBlockQuery(input: string): Parsed<BlockQuery> {
  const text = input.trim();
  if (text === '') return fail('Type a block number: decimal (6699), hex (0x1a2b) or “latest”.');
  if (/^latest$/i.test(text)) return { ok: true, value: { kind: 'latest' } };
  if (/^-/.test(text)) return fail('A block number cannot be negative.');
  if (/^0x/i.test(text)) {
    const hex = text.slice(2);
    if (hex === '') return fail('Add hex digits after “0x”, for example 0x1a2b.');
    if (!/^[0-9a-f]+$/i.test(hex)) return fail(`“${shorten(text)}” is not a hex number: use only 0-9 and a-f after “0x”.`);
    return checkRange(hex, 16);
  }
  if (/^\d+([.,]\d+)?e[+-]?\d+$/i.test(text)) return fail('Write the block number out in full, without an exponent.');
  if (/^\d*\.\d*$/.test(text) && /\d/.test(text)) return fail('A block number is a whole number, without a fraction.');
  if (/^\d{1,3}([,_]\d{3})+$/.test(text) || /^\d+$/.test(text)) return checkRange(text.replace(/[,_]/g, ''), 10);
  return fail(`“${shorten(text)}” is not a block number. Type a decimal number, a 0x hex number or “latest”.`);
}

/** Significant digits of 2^53 − 1: 16 in decimal, 14 in hex. */
const MAX_DIGITS = { 10: String(MAX_BLOCK_NUMBER).length, 16: MAX_BLOCK_NUMBER.toString(16).length };

function checkRange(digits: string, radix: 10 | 16): Parsed<BlockQuery> {
  // Count digits before BigInt: parsing a pasted megabyte of digits takes BigInt most of a second.
  const significant = digits.replace(/^0+(?=.)/, '');
  const n = significant.length > MAX_DIGITS[radix] ? undefined : BigInt(radix === 16 ? `0x${significant}` : significant);
  if (n === undefined || n > BigInt(MAX_BLOCK_NUMBER)) return fail(`That number is too large: block numbers go up to ${MAX_BLOCK_NUMBER.toLocaleString('en-US')} (2^53 − 1).`);
  return { ok: true, value: { kind: 'number', number: Number(n) } };
}

/** A wallet address: 0x + 40 hex digits, any case; returned in lowercase. */
export function parseAddress(input: string): Parsed<Address> {
  const text = input.trim();
  if (text === '') return fail('Type a wallet address: 0x followed by 40 hex digits.');
  if (!/^0x/i.test(text)) return fail('A wallet address starts with “0x”.');
  const hex = text.slice(2);
  if (/[^0-9a-f]/i.test(hex)) return fail('A wallet address has only hex digits (0-9, a-f) after “0x”.');
  if (hex.length !== 40) return fail(`A wallet address has 40 hex digits after “0x”; this one has ${hex.length}.`);
  return { ok: true, value: `0x${hex.toLowerCase()}` };
}

export function isAddress(input: string): input is Address {
  return /^0x[0-9a-fA-F]{40}$/.test(input);
}

/** What Look Up… takes: a block, a transaction or block hash, or an address. */
export type LookUpQuery = { kind: 'block'; query: BlockQuery } | { kind: 'hash'; hash: Hash } | { kind: 'address'; address: Address };

/**
 * A block (as `parseBlockQuery` reads it), 0x + 64 hex digits (a transaction or block hash) or 0x + 40
 * (an address). Hashes and addresses come back in lowercase.
 */
export function parseLookUp(input: string): Parsed<LookUpQuery> {
  const text = input.trim();
  if (text === '') return fail('Type a block number (6699, 0x1a2b or “latest”), a transaction hash (0x + 64 hex digits) or an address (0x + 40).');
  const hex = /^0x/i.test(text) ? text.slice(2) : undefined;
  if (hex !== undefined && /^[0-9a-f]+$/i.test(hex)) {
    if (hex.length === 64) return { ok: true, value: { kind: 'hash', hash: `0x${hex.toLowerCase()}` } };
    if (hex.length === 40) return { ok: true, value: { kind: 'address', address: `0x${hex.toLowerCase()}` } };
    const block = parseBlockQuery(text);
    if (block.ok) return { ok: true, value: { kind: 'block', query: block.value } };
    // Longer than any block number: a hash or an address with digits missing or extra.
    if (hex.length > MAX_DIGITS[16]) {
      return fail(`0x + 64 hex digits is a transaction or block hash, 0x + 40 an address; this has ${hex.length.toLocaleString('en-US')}.`);
    }
    return block;
  }
  if (hex === undefined && /^[0-9a-f]+$/i.test(text) && (text.length === 64 || text.length === 40) && /[a-f]/i.test(text)) {
    return fail(`Add “0x” in front: 0x + ${text.length} hex digits is ${text.length === 64 ? 'a transaction or block hash' : 'an address'}.`);
  }
  const block = parseBlockQuery(text);
  if (block.ok) return { ok: true, value: { kind: 'block', query: block.value } };
  if (/is not a block number/.test(block.error)) {
    return fail(`“${shorten(text)}” is not a block number (6699, 0x1a2b, “latest”), a transaction hash (0x + 64 hex digits) or an address (0x + 40).`);
  }
  return block;
}

function fail<T>(error: string): Parsed<T> {
  return { ok: false, error };
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
