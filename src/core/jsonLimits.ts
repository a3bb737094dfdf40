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
  return scanJson(bytes, limits).problem;
}

/** `jsonProblem`, with the number of values counted (up to the first limit passed). */
function scanJson(bytes: Uint8Array, limits: JsonLimits): { problem?: JsonProblem; values: number } {
  return drive(scanWalk(bytes, limits));
}

/** The scan, stopping (yielding) every `SCAN_STEP` bytes or so for its driver to look at the time. */
function* scanWalk(bytes: Uint8Array, limits: JsonLimits, large?: LargeContainers): Walk<{ problem?: JsonProblem; values: number }> {
  const opened: number[] = [];
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxValues = limits.maxValues ?? Number.POSITIVE_INFINITY;
  const maxKeys = limits.maxKeys ?? MAX_JSON_KEYS;
  const keys = new Set<number>();
  let depth = 0;
  let values = 1;
  const end = bytes.length;
  let pause = SCAN_STEP;
  for (let i = 0; i < end; i++) {
    if (i >= pause) {
      yield;
      pause = i + SCAN_STEP;
    }
    const b = bytes[i];
    if (b === QUOTE) {
      const close = stringEnd(bytes, i + 1);
      if (close < 0) return { values }; // an unterminated string: JSON.parse refuses it at its end
      if (isKey(bytes, close + 1)) {
        keys.add(hashOf(bytes, i + 1, close));
        if (keys.size > maxKeys) return { problem: 'keys', values };
      }
      i = close;
    } else if (b === COMMA) {
      if (++values > maxValues) return { problem: 'values', values };
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > maxDepth) return { problem: 'depth', values };
      if (large) opened.push(i);
      // Its first element or member (each further one follows a comma).
      if (!isEmpty(bytes, i + 1) && ++values > maxValues) return { problem: 'values', values };
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      depth--;
      if (large) {
        const open = opened.pop();
        if (open !== undefined && i + 1 - open > large.overBytes) large.ends.set(open, i + 1);
      }
    }
  }
  return { values };
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

/**
 * Parts of a JSON object, read without parsing the rest: `paths` name members (`abi`, or
 * `metadata.settings.compilationTarget` for a member of a member), and only their values are scanned
 * (`limits`, with one budget of values for all of them) and parsed. What lies around them (a compiler's
 * AST: hundreds of thousands of values) is walked over byte by byte, never parsed and never held as
 * objects. A member named twice counts as the last (as `JSON.parse` takes it); a name written with
 * escapes (`"\u0061bi"`) is not recognized. The result holds only the members found, at their paths;
 * `{}` when the text is no object. 'syntax': the text ends inside the object, or a picked value is no JSON.
 */
export function pickJson(bytes: Uint8Array, paths: readonly string[], limits: JsonLimits & { maxValues: number }): Picked {
  return drive(pickWalk(bytes, paths, limits));
}

/**
 * `pickJson`, letting the event loop turn whenever the walk has run `sliceMs`: a 16 MB file is walked
 * in ~100–200 ms, too long to hold the extension host's thread at once. The picked members' scan and
 * parse are bounded by `limits` and run at once.
 */
export async function pickJsonSliced(bytes: Uint8Array, paths: readonly string[], limits: JsonLimits & { maxValues: number }, sliceMs = 10): Promise<Picked> {
  return driveSliced(pickWalk(bytes, paths, limits), sliceMs);
}

export type Picked = { value: Record<string, unknown> } | { problem: JsonProblem | 'syntax' };

/** A walk over bytes that stops (yields) every `WALK_STEP` bytes or so, for its driver to look at the time. */
type Walk<T> = Generator<void, T, void>;
const WALK_STEP = 1 << 16;

function* pickWalk(bytes: Uint8Array, paths: readonly string[], limits: JsonLimits & { maxValues: number }): Walk<Picked> {
  const value: Record<string, unknown> = {};
  const start = skipSpace(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
  if (bytes[start] !== OPEN_OBJECT) return { value };
  // Each object is walked once for all the names wanted in it.
  const found: Array<{ names: string[]; range: [number, number] }> = [];
  const descend = function* (open: number, wanted: string[][], prefix: string[]): Walk<boolean> {
    const members = yield* membersOf(bytes, open, new Set(wanted.map((w) => w[0]!)));
    for (const [name, range] of members.found) {
      const below = wanted.filter((w) => w[0] === name);
      if (below.some((w) => w.length === 1)) found.push({ names: [...prefix, name], range });
      const deeper = below.filter((w) => w.length > 1).map((w) => w.slice(1));
      if (deeper.length && bytes[range[0]] === OPEN_OBJECT) yield* descend(range[0], deeper, [...prefix, name]);
    }
    return members.complete;
  };
  const complete = yield* descend(
    start,
    paths.map((p) => p.split('.')),
    [],
  );
  if (!complete) return { problem: 'syntax' };
  let budget = limits.maxValues;
  for (const { names, range } of found) {
    const slice = bytes.subarray(range[0], range[1]);
    const scan = scanJson(slice, { ...limits, maxValues: budget });
    if (scan.problem) return { problem: scan.problem };
    budget -= scan.values;
    let parsed: unknown;
    try {
      parsed = JSON.parse(utf8.decode(slice));
    } catch {
      return { problem: 'syntax' };
    }
    let at = value;
    for (const name of names.slice(0, -1)) at = (isPlainObject(at[name]) ? at[name] : (at[name] = {})) as Record<string, unknown>;
    at[names[names.length - 1]!] = parsed;
  }
  return { value };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * The value ranges of the members of the object opening at `open` named in `names` (the last of each
 * name), and whether the object closes (else the text is cut or broken inside it).
 */
function* membersOf(bytes: Uint8Array, open: number, names: ReadonlySet<string>): Walk<{ found: Map<string, [number, number]>; complete: boolean }> {
  const wanted = [...names].map((n) => ({ name: n, bytes: Buffer.from(n, 'utf8') }));
  const found = new Map<string, [number, number]>();
  let i = skipSpace(bytes, open + 1);
  if (bytes[i] === CLOSE_OBJECT) return { found, complete: true };
  while (bytes[i] === QUOTE) {
    const close = stringEnd(bytes, i + 1);
    if (close < 0) break;
    const colon = skipSpace(bytes, close + 1);
    if (bytes[colon] !== COLON) break;
    const from = skipSpace(bytes, colon + 1);
    const to = yield* valueEnd(bytes, from);
    if (to < 0) break;
    const length = close - i - 1;
    const match = wanted.find((w) => w.bytes.length === length && w.bytes.every((b, k) => bytes[i + 1 + k] === b));
    if (match) found.set(match.name, [from, to]);
    i = skipSpace(bytes, to);
    if (bytes[i] === CLOSE_OBJECT) return { found, complete: true };
    if (bytes[i] !== COMMA) break;
    i = skipSpace(bytes, i + 1);
  }
  return { found, complete: false };
}

/**
 * Where the value starting at `at` ends (the index after it), or -1 when the text ends first. Nesting is
 * counted, not recursed into, so any depth costs only its bytes.
 */
function* valueEnd(bytes: Uint8Array, at: number): Walk<number> {
  const end = bytes.length;
  let depth = 0;
  let pause = at + WALK_STEP;
  for (let i = at; i < end; i++) {
    if (i >= pause) {
      yield;
      pause = i + WALK_STEP;
    }
    const b = bytes[i];
    if (b === QUOTE) {
      const close = stringEnd(bytes, i + 1);
      if (close < 0) return -1;
      i = close;
      if (depth === 0) return i + 1;
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      depth++;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      if (depth === 0) return i; // a scalar ends where its container closes
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (b === COMMA || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
      return i;
    }
  }
  return depth === 0 && end > at ? end : -1;
}

function skipSpace(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return i;
}

/**
 * `jsonProblem` and then `JSON.parse` of `bytes` (UTF-8), each in slices, the event loop turning whenever
 * `sliceMs` have passed: a receipt at its 32 MB cap is ~100 ms of scan and ~110–150 ms of `JSON.parse`,
 * too long to hold the extension host's thread at once. The scan notes where each container larger
 * than a piece (`PIECE_BYTES`) ends; such a container is taken apart, its other elements (or members)
 * parsed in runs of whole ones as written (`[e1,e2,…]`, so `JSON.parse` still checks every byte), a
 * large one taken apart the same way. The value equals `JSON.parse`'s, member order and a repeated name
 * (its last value, at its first place) included; text `JSON.parse` refuses throws a `SyntaxError` here
 * too. `cancelled` is asked at each turn (and may throw).
 */
export async function readJsonSliced(
  bytes: Uint8Array,
  limits: JsonLimits = {},
  sliceMs = 8,
  cancelled?: () => void,
  pieceBytes = PIECE_BYTES,
  whole?: WholeParse,
): Promise<{ problem: JsonProblem } | { value: unknown }> {
  return driveSliced(readWalk(bytes, limits, pieceBytes, whole), sliceMs, cancelled);
}

/**
 * When the scan finds text small enough to be parsed by one `JSON.parse` (cheaper than in pieces): at most
 * `maxBytes`, holding at most `maxValues` values. Bytes alone are not enough: 1.4 MB of `{},` is 500,000
 * objects, whose one `JSON.parse` held the loop 60–70 ms, where a wallet's 5,000 orders (1.4 MB, ~90,000
 * values) take 10–20 ms.
 */
export interface WholeParse {
  maxBytes: number;
  maxValues: number;
}

/** `readJsonSliced` at once, for tests that compare its pieces with `JSON.parse`. */
export function readJsonInPieces(bytes: Uint8Array, limits: JsonLimits, pieceBytes: number): { problem: JsonProblem } | { value: unknown } {
  return drive(readWalk(bytes, limits, pieceBytes));
}

function* readWalk(bytes: Uint8Array, limits: JsonLimits, pieceBytes: number, whole?: WholeParse): Walk<{ problem: JsonProblem } | { value: unknown }> {
  const large: LargeContainers = { overBytes: pieceBytes, ends: new Map() };
  const { problem, values } = yield* scanWalk(bytes, limits, large);
  if (problem) return { problem };
  const from = skipSpace(bytes, 0);
  let to = bytes.length;
  while (to > from && isSpace(bytes[to - 1])) to--;
  if (whole && bytes.length <= whole.maxBytes && values <= whole.maxValues) large.ends.clear(); // one piece: the whole text
  return { value: yield* pieceOf(bytes, from, to, large) };
}

const PIECE_BYTES = 256 * 1024;

/** The containers larger than `overBytes`: where each opens → the index after its end. */
interface LargeContainers {
  overBytes: number;
  ends: Map<number, number>;
}

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const SCAN_STEP = 1 << 18;

function drive<T>(walk: Walk<T>): T {
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

async function driveSliced<T>(walk: Walk<T>, sliceMs: number, cancelled?: () => void): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
    if (performance.now() - started > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      cancelled?.();
      started = performance.now();
    }
  }
}

const refused = (): never => {
  throw new SyntaxError('Unexpected text in JSON');
};

/** The value written at `[from, to)`. */
function* pieceOf(bytes: Uint8Array, from: number, to: number, large: LargeContainers): Walk<unknown> {
  const open = bytes[from];
  const end = large.ends.get(from);
  if (end === undefined) {
    yield;
    return JSON.parse(utf8.decode(bytes.subarray(from, to)));
  }
  const isArray = open === OPEN_ARRAY;
  const close = isArray ? CLOSE_ARRAY : CLOSE_OBJECT;
  const items: unknown[] = [];
  const members: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => Object.defineProperty(members, name, { value, writable: true, enumerable: true, configurable: true });
  // A run of whole elements (or members) not parsed yet: [runFrom, runTo).
  let runFrom = -1;
  let runTo = -1;
  const flush = function* (): Walk<void> {
    if (runFrom < 0) return;
    yield;
    const text = utf8.decode(bytes.subarray(runFrom, runTo));
    if (isArray) for (const item of JSON.parse(`[${text}]`) as unknown[]) items.push(item);
    else {
      const run = JSON.parse(`{${text}}`) as Record<string, unknown>;
      for (const name of Object.keys(run)) put(name, run[name]);
    }
    runFrom = -1;
  };
  let i = skipSpace(bytes, from + 1);
  if (bytes[i] !== close) {
    for (;;) {
      const start = i;
      let valueFrom = i;
      let nameEnd = -1;
      if (!isArray) {
        if (bytes[i] !== QUOTE) refused();
        nameEnd = stringEnd(bytes, i + 1);
        if (nameEnd < 0) refused();
        const colon = skipSpace(bytes, nameEnd + 1);
        if (bytes[colon] !== COLON) refused();
        valueFrom = skipSpace(bytes, colon + 1);
      }
      const end = large.ends.get(valueFrom);
      const valueTo = end ?? (yield* valueEnd(bytes, valueFrom));
      if (valueTo < 0 || valueTo === valueFrom) refused();
      if (end !== undefined) {
        yield* flush();
        const value = yield* pieceOf(bytes, valueFrom, valueTo, large);
        if (isArray) items.push(value);
        else put(JSON.parse(utf8.decode(bytes.subarray(start, nameEnd + 1))) as string, value);
      } else {
        if (runFrom >= 0 && valueTo - runFrom > large.overBytes) yield* flush();
        if (runFrom < 0) runFrom = start;
        runTo = valueTo;
      }
      i = skipSpace(bytes, valueTo);
      if (bytes[i] === close) break;
      if (bytes[i] !== COMMA) refused();
      i = skipSpace(bytes, i + 1);
    }
  }
  yield* flush();
  if (i !== to - 1) refused();
  return isArray ? items : members;
}
