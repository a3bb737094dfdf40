/**
 * The chain's hex shapes, written once: a hash (0x + 64 hex digits: a transaction's, a block's, any
 * 32-byte word), an address (0x + 40), a quantity (0x + 1–64: at most 256 bits), bytes. Every parser,
 * schema and token finder checks against these. Pure.
 */
import type { Address, Hash } from './model';

/** `0x` plus exactly this many hex digits is a hash (a transaction's, a block's, or any 32-byte word). */
export const HASH_HEX_DIGITS = 64;
/** `0x` plus exactly this many hex digits is an address. */
export const ADDRESS_HEX_DIGITS = 40;

/** 0x + 64 hex digits, any case. */
export const HASH = /^0x[0-9a-fA-F]{64}$/;
/** 0x + 40 hex digits, any case. */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A 0x hex quantity of at most 256 bits. */
export const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
/** A 0x hex quantity of at most 13 digits: always a safe integer (an index, a block number). */
export const HEX_SAFE_INTEGER = /^0x[0-9a-fA-F]{1,13}$/;
/** 0x and whole bytes (two hex digits each), possibly none. */
export const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

const HEX_DIGITS = /^[0-9a-fA-F]+$/;

export function isHash(x: unknown): x is Hash {
  return typeof x === 'string' && HASH.test(x);
}

export function isAddress(x: unknown): x is Address {
  return typeof x === 'string' && ADDRESS.test(x);
}

export function isHexQuantity(x: unknown): x is `0x${string}` {
  return typeof x === 'string' && HEX_QUANTITY.test(x);
}

/** One or more hex digits, any case, and nothing else (no `0x`). */
export function isHexDigits(text: string): boolean {
  return HEX_DIGITS.test(text);
}

/** Whether a character code is a hex digit (for scanners that walk a line without slicing it). */
export function isHexDigitCode(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** `0x` (or `0X`) and hex digits, as we keep them: `0x` and the digits in lowercase. */
export function lowerHex(text: string): `0x${string}` {
  return `0x${text.slice(2).toLowerCase()}`;
}
