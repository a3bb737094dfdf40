/**
 * What JSON would cost to parse, found by one scan of its bytes before anything parses it. `JSON.parse`
 * blocks the thread it runs on (the extension host's), and what it costs is not its size alone:
 * - nesting: 32 MB nested 16 million levels deep took V8 5–6 s;
 * - distinct field names: ~2–3 µs each (V8 makes a new hidden class or a dictionary for them), 10× an
 *   ordinary value; 12 MB of them took 1.5–2.9 s, where 12 MB of a real block takes 30 ms;
 * - values: 0.05–0.7 µs each (empty objects and short distinct strings are the dear ones).
 * So each answer is held to a depth, a number of values and a number of distinct field names that fit
 * what its request can legitimately return; the scan stops at the first one past its limit, so a
 * hostile answer costs a few bytes read instead.
 */

/**
 * The deepest JSON we read. The deepest answer any client asks for nests about 8 levels (JSON-RPC
 * envelope → result → block → transactions → transaction → accessList → entry → storageKeys); 64 leaves
 * room for what a provider adds, and parsing 64 levels costs nothing measurable.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The most distinct field names in one answer. Real answers use a fixed vocabulary (a block, a
 * receipt, an order: tens of names); only a map keyed by data (allMids: a coin per key) has more, and
 * its request says so. 4,096 names cost ~10 ms at most.
 */
export const MAX_JSON_KEYS = 4096;

export interface JsonLimits {
  /** Default `MAX_JSON_DEPTH`. */
  maxDepth?: number;
  /** Values: the answer itself, and each element and member inside it (containers included); default: no limit. */
  maxValues?: number;
  /** Distinct field names; default `MAX_JSON_KEYS`. */
  maxKeys?: number;
}

export type JsonProblem = 'depth' | 'values' | 'keys';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Seeds the hash of field names: chosen per process, so that an answer cannot be made of names that
 * collide on purpose (a collision only makes two names count as one).
 */
const HASH_SEED = (Math.random() * 0x100000000) >>> 0;

/**
 * The first limit `bytes` (UTF-8 JSON) passes, or undefined. Counts only what lies outside strings;
 * UTF-8 never uses the bytes of `"`, `\`, `[`, `{`, `,`, `:` inside a multi-byte character, so bytes are
 * enough. For text that is not valid JSON the counts are those of its valid prefix, which is all
 * `JSON.parse` reads before it gives up.
 */
export function jsonProblem(bytes: Uint8Array, limits: JsonLimits = {}): JsonProblem | undefined {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxValues = limits.maxValues ?? Number.POSITIVE_INFINITY;
  const maxKeys = limits.maxKeys ?? MAX_JSON_KEYS;
  const keys = new Set<number>();
  let depth = 0;
  let values = 1;
  const end = bytes.length;
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      const close = stringEnd(bytes, i + 1);
      if (close < 0) return undefined; // an unterminated string: JSON.parse refuses it at its end
      if (isKey(bytes, close + 1)) {
        keys.add(hashOf(bytes, i + 1, close));
        if (keys.size > maxKeys) return 'keys';
      }
      i = close;
    } else if (b === COMMA) {
      if (++values > maxValues) return 'values';
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > maxDepth) return 'depth';
      // Its first element or member (each further one follows a comma).
      if (!isEmpty(bytes, i + 1) && ++values > maxValues) return 'values';
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      depth--;
    }
  }
  return undefined;
}

/** Whether JSON nests more than `max` arrays or objects inside each other. */
export function exceedsJsonDepth(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  return jsonProblem(bytes, { maxDepth: max, maxKeys: Number.POSITIVE_INFINITY }) === 'depth';
}

/** `exceedsJsonDepth` for text already decoded (the demo node's request bodies). */
export function textExceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  return exceedsJsonDepth(Buffer.from(text, 'utf8'), max);
}

/**
 * The index of the quote that closes the string starting at `from`, or -1. Short strings (field names,
 * numbers as hex) are walked byte by byte; a long one (input data, a hash list) is jumped over with
 * `indexOf`, which is native but costs a call.
 */
function stringEnd(bytes: Uint8Array, from: number): number {
  const walk = Math.min(bytes.length, from + 48);
  for (let i = from; i < walk; i++) {
    const b = bytes[i];
    if (b === QUOTE) return i;
    if (b === BACKSLASH) i++;
  }
  return walk === bytes.length ? -1 : longStringEnd(bytes, from, walk);
}

function longStringEnd(bytes: Uint8Array, from: number, at: number): number {
  for (;;) {
    const quote = bytes.indexOf(QUOTE, at);
    if (quote < 0) return -1;
    // Escaped when an odd number of backslashes stands right before it.
    let slashes = 0;
    for (let j = quote - 1; j >= from && bytes[j] === BACKSLASH; j--) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Whether the container opened just before `at` closes at once (`[]`, `{}`). */
function isEmpty(bytes: Uint8Array, at: number): boolean {
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) return true;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return false;
}

/** Whether the string that ended just before `at` is a field name (a colon follows it). */
function isKey(bytes: Uint8Array, at: number): boolean {
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === COLON) return true;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return false;
}

/** FNV-1a over the raw bytes of a name, seeded (escapes are hashed as written: `"\u0061"` and `"a"` count as two). */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let h = (0x811c9dc5 ^ HASH_SEED) >>> 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return (h ^ (to - from)) >>> 0;
}
