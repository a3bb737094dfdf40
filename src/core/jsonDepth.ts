/**
 * How deep JSON nests, found by a scan of its bytes before anything parses it. `JSON.parse` takes time
 * in proportion to the nesting it meets before it fails (16 million `[` took V8 5 s), and blocks the
 * thread meanwhile; this scan stops at the first bracket past the limit, so a hostile answer costs a
 * few bytes read instead.
 */

/**
 * The deepest JSON we read. The deepest answer any client asks for nests about 8 levels (JSON-RPC
 * envelope → result → block → transactions → transaction → accessList → entry → storageKeys); 64 leaves
 * room for what a provider adds, and parsing 64 levels costs nothing measurable.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `bytes` (UTF-8 JSON) opens more than `max` arrays or objects inside each other, counting only
 * brackets outside strings. UTF-8 never uses the bytes of `"`, `\`, `[`, `{` inside a multi-byte
 * character, so bytes are enough. For text that is not valid JSON the count is that of its valid
 * prefix, which is all `JSON.parse` reads before it gives up.
 */
export function exceedsJsonDepth(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const end = bytes.length;
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      i = stringEnd(bytes, i + 1);
      if (i < 0) return false; // an unterminated string: JSON.parse refuses it at its end
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote that closes the string starting at `from`, or -1. Jumps with `indexOf` (long hex strings are most of an answer). */
function stringEnd(bytes: Uint8Array, from: number): number {
  let at = from;
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

/** `exceedsJsonDepth` for text already decoded (the demo node's request bodies). */
export function textExceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  return exceedsJsonDepth(Buffer.from(text, 'utf8'), max);
}
