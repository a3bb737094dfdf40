// The nesting scan that runs before any JSON.parse of an answer (and of the demo node's request bodies):
// it must count exactly what JSON.parse would nest, strings and escapes included, and stop early.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { exceedsJsonDepth, jsonProblem, MAX_JSON_DEPTH, MAX_JSON_KEYS, textExceedsJsonDepth } from '../../src/core/jsonLimits';

/** How many values a parsed value holds, itself included, the slow and obvious way. */
function valuesOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((n: number, v) => n + valuesOf(v), 0);
  if (typeof value === 'object' && value !== null) return 1 + Object.values(value).reduce((n: number, v) => n + valuesOf(v), 0);
  return 1;
}

/** Every field name in a parsed value. */
function namesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => namesOf(v, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      namesOf(v, into);
    }
  }
  return into;
}

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/** The nesting of a parsed value, the slow and obvious way. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === 'object' && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

const nested = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);

/** `bytes` behind a proxy that counts the bytes read by index (its methods, such as `indexOf`, run natively). */
function countingReads(bytes: Buffer): { counted: Buffer; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(bytes, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { counted, reads: () => reads };
}

describe('JSON limits scan: nesting', () => {
  it('counts arrays and objects alike, up to the limit and one past it', () => {
    assert.equal(textExceedsJsonDepth(nested(MAX_JSON_DEPTH)), false);
    assert.equal(textExceedsJsonDepth(nested(MAX_JSON_DEPTH + 1)), true);
    assert.equal(textExceedsJsonDepth('{"a":'.repeat(MAX_JSON_DEPTH) + '1' + '}'.repeat(MAX_JSON_DEPTH)), false);
    assert.equal(textExceedsJsonDepth('{"a":['.repeat(33) + '1' + ']}'.repeat(33)), true);
    assert.equal(textExceedsJsonDepth('[[1],[2],[3]]', 2), false, 'siblings do not add up');
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    assert.equal(textExceedsJsonDepth(JSON.stringify(['['.repeat(1000), '{'.repeat(1000)]), 2), false);
    assert.equal(textExceedsJsonDepth(JSON.stringify(['\\"[[[[', 'x\\', '\\\\"{{{{', '"']), 1), false);
    assert.equal(textExceedsJsonDepth('["\\\\", [[1]]]', 2), true, 'a string ending in an escaped backslash ends there');
    assert.equal(textExceedsJsonDepth(JSON.stringify(['ü€😀[', { 'k[': '{' }]), 2), false, 'multi-byte characters');
  });

  it('agrees with JSON.parse on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        const text = JSON.stringify(value);
        assert.equal(textExceedsJsonDepth(text, max), depthOf(JSON.parse(text)) > max, text);
      }),
    );
  });

  it('stops at the first bracket past the limit: of 32 MB nested 16 million deep, it reads the first few bytes only', () => {
    const deep = Buffer.alloc(32 * 1024 * 1024, '[');
    // Every byte it reads, counted (a count, not a time: the machine's load cannot make it fail).
    const { counted, reads } = countingReads(deep);
    assert.equal(exceedsJsonDepth(counted, 64), true);
    assert.ok(reads() <= 4 * 64, `read ${reads()} bytes of ${deep.length}`);
  });

  it('scans a large legitimate answer fast (strings are jumped over)', () => {
    const tx = {
      hash: '0x' + 'ab'.repeat(32),
      input: '0x' + 'cd'.repeat(2000),
      accessList: [{ address: '0x' + '01'.repeat(20), storageKeys: ['0x' + '00'.repeat(32)] }],
    };
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { block: { transactions: Array.from({ length: 5000 }, () => tx) } } });
    const bytes = Buffer.from(text);
    // Bytes read one by one, counted: the long strings (the input data) are jumped over natively.
    const { counted, reads } = countingReads(bytes);
    assert.equal(exceedsJsonDepth(counted), false);
    assert.ok(reads() < bytes.length / 10, `read ${reads()} of ${bytes.length} bytes one by one`);
  });
});

describe('JSON limits scan: values and distinct field names', () => {
  it('counts every value, itself and containers included, exactly', () => {
    assert.equal(jsonProblem(bytesOf('0'), { maxValues: 1 }), undefined);
    assert.equal(jsonProblem(bytesOf('[]'), { maxValues: 1 }), undefined);
    assert.equal(jsonProblem(bytesOf('[ ]'), { maxValues: 1 }), undefined);
    assert.equal(jsonProblem(bytesOf('[0]'), { maxValues: 1 }), 'values');
    assert.equal(jsonProblem(bytesOf('[{},[],"a,b",{"k":[1,2]}]'), { maxValues: 8 }), undefined);
    assert.equal(jsonProblem(bytesOf('[{},[],"a,b",{"k":[1,2]}]'), { maxValues: 7 }), 'values');
  });

  it('counts distinct field names, not their uses, and not strings that are values', () => {
    const many = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ a: i, b: 'c', [`n${i % 10}`]: 'x:' })));
    assert.equal(jsonProblem(bytesOf(many), { maxKeys: 12 }), undefined);
    assert.equal(jsonProblem(bytesOf(many), { maxKeys: 11 }), 'keys');
    assert.equal(jsonProblem(bytesOf(JSON.stringify(Object.fromEntries(Array.from({ length: MAX_JSON_KEYS + 1 }, (_, i) => [`k${i}`, 0]))))), 'keys');
    assert.equal(jsonProblem(bytesOf(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `k${i}`)))), undefined, 'strings as values are no names');
  });

  it('agrees with JSON.parse on any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 12 }), (value, maxValues, maxKeys) => {
        const text = JSON.stringify(value, null, value === null ? 0 : 1); // with whitespace too
        const problem = jsonProblem(bytesOf(text), { maxValues, maxKeys });
        const expected = valuesOf(value) > maxValues ? 'values' : namesOf(value).size > maxKeys ? 'keys' : undefined;
        // Both may be over: the scan says the first it meets.
        if (expected === undefined) assert.equal(problem, undefined, text);
        else assert.ok(problem === 'values' || problem === 'keys', `${text}: ${problem}`);
        if (problem === 'values') assert.ok(valuesOf(value) > maxValues);
        if (problem === 'keys') assert.ok(namesOf(value).size > maxKeys);
      }),
    );
  });
});
