/** Parsing of what a user types. Everything here is refused before any request is made. */
import type { Address } from './model';

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

function fail<T>(error: string): Parsed<T> {
  return { ok: false, error };
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
