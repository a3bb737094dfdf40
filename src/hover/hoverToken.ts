/**
 * Which text under the mouse is a hex block number, a transaction hash or an address. Pure and cheap: it
 * looks only at the hovered line, a few characters either side of the position, so a non-match costs
 * microseconds and no request.
 */
import { ADDRESS_HEX_DIGITS, HASH_HEX_DIGITS, isHexDigitCode, lowerHex } from '../core/hex';
import type { Address, Hash } from '../core/model';

/** `0x` plus at most this many hex digits is a block number; longer hex strings are not. */
export const MAX_HEX_DIGITS = 16;

/** The longest token we can accept: `0x` + 64 digits. Anything longer is refused while scanning. */
const MAX_TOKEN_LENGTH = 2 + HASH_HEX_DIGITS;

export interface HexToken {
  /** Index of the `0` of `0x` in the line. */
  start: number;
  /** Index just after the last hex digit. */
  end: number;
  /** The token as written, e.g. `0x1a2b`. */
  text: string;
  /** Its value; always a safe integer (≤ 2^53 − 1). */
  value: number;
}

/** A token a hover answers: a block number, a 64-hex hash (lowercase) or an address (lowercase). */
export type HoverToken =
  | ({ kind: 'block' } & HexToken)
  | { kind: 'hash'; start: number; end: number; text: string; hash: Hash }
  | { kind: 'address'; start: number; end: number; text: string; address: Address };

/**
 * The hex quantity written as a whole token at `character` in `line`, or undefined. The token is the
 * run of identifier characters around the position; it must be exactly `0x` + 1–16 hex digits, so
 * `a0x12`, `0x12g`, `0x12_`, `foo0x1`, an address or a hash are all refused. The position may be on
 * any character of the token or just after it (VS Code's word-at-position convention).
 */
export function findHexToken(line: string, character: number): HexToken | undefined {
  const token = findHoverToken(line, character);
  if (token?.kind !== 'block') return undefined;
  const { start, end, text, value } = token;
  return { start, end, text, value };
}

/**
 * The block number, hash or address written as a whole token at `character` in `line`: `0x` and
 * 1–16, 40 or 64 hex digits, with the same token rules as `findHexToken` (hex inside a longer
 * identifier or a longer hex string, such as calldata, is refused).
 */
export function findHoverToken(line: string, character: number): HoverToken | undefined {
  if (character < 0 || character > line.length) return undefined;
  // The character under the mouse, or the one before it when the mouse is just past a token.
  let at = character;
  if (at === line.length || !isIdentifierChar(line.charCodeAt(at))) {
    if (at === 0 || !isIdentifierChar(line.charCodeAt(at - 1))) return undefined;
    at -= 1;
  }
  let start = at;
  while (start > 0 && isIdentifierChar(line.charCodeAt(start - 1))) {
    start--;
    if (at - start >= MAX_TOKEN_LENGTH) return undefined; // part of something longer than any token we know
  }
  let end = at + 1;
  while (end < line.length && isIdentifierChar(line.charCodeAt(end))) {
    end++;
    if (end - start > MAX_TOKEN_LENGTH) return undefined;
  }
  return classify(line, start, end);
}

/** `line.slice(start, end)` as a block number, address or hash, when it is `0x` + that many hex digits. */
function classify(line: string, start: number, end: number): HoverToken | undefined {
  const digits = end - start - 2;
  if (digits < 1 || (digits > MAX_HEX_DIGITS && digits !== ADDRESS_HEX_DIGITS && digits !== HASH_HEX_DIGITS)) return undefined;
  if (line.charCodeAt(start) !== 0x30 /* 0 */) return undefined;
  const x = line.charCodeAt(start + 1);
  if (x !== 0x78 /* x */ && x !== 0x58 /* X */) return undefined;
  for (let i = start + 2; i < end; i++) if (!isHexDigitCode(line.charCodeAt(i))) return undefined;
  const text = line.slice(start, end);
  const lower = lowerHex(text);
  if (digits === ADDRESS_HEX_DIGITS) return { kind: 'address', start, end, text, address: lower };
  if (digits === HASH_HEX_DIGITS) return { kind: 'hash', start, end, text, hash: lower };
  // parseInt rounds above 2^53, but monotonically: nothing above 2^53 − 1 rounds down to it or below.
  const value = Number.parseInt(text.slice(2), 16);
  if (value > Number.MAX_SAFE_INTEGER) return undefined;
  return { kind: 'block', start, end, text, value };
}

/**
 * Characters that continue an identifier or a number in the languages we hover: ASCII letters, digits,
 * `_`, `$`, and any non-ASCII letter or digit (so `é0x12` is one identifier, not a block number).
 * Halves of astral characters count too: we would rather miss a hover beside an emoji than hover a
 * piece of an identifier written in astral letters.
 */
export function isIdentifierChar(c: number): boolean {
  if (c < 0x80) {
    return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
  }
  if (c >= 0xd800 && c <= 0xdfff) return true;
  return NON_ASCII_WORD.test(String.fromCharCode(c));
}

const NON_ASCII_WORD = /[\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]/u;
