/**
 * Which text under the mouse is a hex block number. Pure and cheap: it looks only at the hovered line,
 * a few characters either side of the position, so a non-match costs microseconds and no request.
 */

/** `0x` plus at most this many hex digits; longer hex strings (addresses, hashes) are not block numbers. */
export const MAX_HEX_DIGITS = 16;

/** The longest token we can accept: `0x` + 16 digits. Anything longer is refused while scanning. */
const MAX_TOKEN_LENGTH = 2 + MAX_HEX_DIGITS;

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

/**
 * The hex quantity written as a whole token at `character` in `line`, or undefined. The token is the
 * run of identifier characters around the position; it must be exactly `0x` + 1–16 hex digits, so
 * `a0x12`, `0x12g`, `0x12_`, `foo0x1`, an address or a hash are all refused. The position may be on
 * any character of the token or just after it (VS Code's word-at-position convention).
 */
export function findHexToken(line: string, character: number): HexToken | undefined {
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
    if (at - start >= MAX_TOKEN_LENGTH) return undefined; // part of something longer than any block number
  }
  let end = at + 1;
  while (end < line.length && isIdentifierChar(line.charCodeAt(end))) {
    end++;
    if (end - start > MAX_TOKEN_LENGTH) return undefined;
  }
  return parseHexToken(line, start, end);
}

/** `line.slice(start, end)` as a hex block number, when it is exactly `0x` + 1–16 hex digits. */
function parseHexToken(line: string, start: number, end: number): HexToken | undefined {
  const digits = end - start - 2;
  if (digits < 1 || digits > MAX_HEX_DIGITS) return undefined;
  if (line.charCodeAt(start) !== 0x30 /* 0 */) return undefined;
  const x = line.charCodeAt(start + 1);
  if (x !== 0x78 /* x */ && x !== 0x58 /* X */) return undefined;
  for (let i = start + 2; i < end; i++) if (!isHexDigit(line.charCodeAt(i))) return undefined;
  const text = line.slice(start, end);
  // parseInt rounds above 2^53, but monotonically: nothing above 2^53 − 1 rounds down to it or below.
  const value = Number.parseInt(text.slice(2), 16);
  if (value > Number.MAX_SAFE_INTEGER) return undefined;
  return { start, end, text, value };
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
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
