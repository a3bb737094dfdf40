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

/** 0x + 40 hex digits, lowercase (an address as we keep it). */
export const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
/** The zero address, 0x + 40 zeros. */
export const ZERO_ADDRESS = /^0x0{40}$/;
/** Calldata that starts with a 4-byte function selector (0x + at least 8 hex digits). */
export const HAS_SELECTOR = /^0x[0-9a-fA-F]{8}/;
/** A leading `0x` or `0X`, and nothing said of the rest. */
export const HEX_PREFIX = /^0x/i;
/** A 32-byte word that holds an address (12 zero bytes, then 20): the address's 40 digits captured. */
export const ADDRESS_WORD = /^0x0{24}([0-9a-f]{40})$/;
/** A 32-byte word whose first 12 bytes are zero (an address-shaped topic). */
export const ADDRESS_WORD_PREFIX = /^0x0{24}/;
/** A 16-byte client order id (cloid): 0x + 32 hex digits. */
export const CLOID = /^0x[0-9a-fA-F]{32}$/;
/** A storage word as nodes give it: 0x + at most 64 hex digits. */
export const STORAGE_WORD = /^0x[0-9a-fA-F]{0,64}$/;
/** A transaction type: 0x + one or two hex digits. */
export const TX_TYPE = /^0x[0-9a-fA-F]{1,2}$/;
/** A quantity of at most 12 hex digits, any case: what a route's probe answer may be. */
export const HEX_SHORT_QUANTITY = /^0x[0-9a-f]{1,12}$/i;
/** An EIP-7702 delegation designator as an account's code: 0xef0100 + the delegate's address. */
export const DELEGATION_CODE = /^0xef0100[0-9a-f]{40}$/;
/**
 * A HyperCore token's system address on HyperEVM: 0x20, then zeros to the 12th byte, then the token index
 * (a uint64) in the last 8 bytes. An ordinary address that merely starts with 0x20 is not one.
 */
export const SYSTEM_TOKEN_ADDRESS = /^0x20{23}[0-9a-f]{16}$/;
/** The lowercase hash shape the demo node answers by. */
export const LOWER_HASH = /^0x[0-9a-f]{64}$/;

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
