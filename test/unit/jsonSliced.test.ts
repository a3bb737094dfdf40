// The sliced parse of large answers (src/core/jsonLimits.ts `parseJsonSliced`) against `JSON.parse`
// itself: the same value for any JSON, member order and repeated names included, and a refusal for
// exactly the text `JSON.parse` refuses; the sliced scan finds what the scan finds.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonProblem, readJsonInPieces, readJsonSliced, type JsonLimits } from '../../src/core/jsonLimits';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');
const NO_LIMITS: JsonLimits = { maxDepth: 1000, maxKeys: 1e9 };
/** The value read in pieces of `piece` bytes (a limit passed fails the test). */
function inPieces(text: string, piece: number): unknown {
  const read = readJsonInPieces(bytesOf(text), NO_LIMITS, piece);
  if ('problem' in read) assert.fail(`limit passed: ${read.problem}`);
  return read.value;
}
/** What `JSON.parse` gives, or the fact that it throws. */
function parsed(parse: () => unknown): { value: unknown } | { refused: true } {
  try {
    return { value: parse() };
  } catch (e) {
    assert.ok(e instanceof SyntaxError, String(e));
    return { refused: true };
  }
}

/** JSON text, compact or with whitespace of every kind between its tokens (JSON.stringify's indent). */
const spaced = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, '\t', ' \r\n ')).map(([v, gap]) => JSON.stringify(v, null, gap) ?? 'null');

describe('parseJsonSliced: JSON.parse in pieces', () => {
  it('gives what JSON.parse gives for any JSON, whatever the piece size', () => {
    fc.assert(
      fc.property(spaced, fc.integer({ min: 1, max: 64 }), (text, piece) => {
        assert.deepStrictEqual(inPieces(text, piece), JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps member order, a repeated name’s last value at its first place, and __proto__ as a plain member', () => {
    const text = '{"b":1,"2":[1,2,3],"a":{"x":1},"b":[4,5,6,7],"__proto__":{"polluted":true},"1":0}';
    for (const piece of [1, 4, 16, 1000]) {
      const value = inPieces(text, piece) as Record<string, unknown>;
      const expected = JSON.parse(text) as Record<string, unknown>;
      assert.deepStrictEqual(Object.keys(value), Object.keys(expected), `piece ${piece}`);
      assert.deepStrictEqual(value, expected);
      assert.equal(Object.getPrototypeOf(value), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });

  it('refuses exactly what JSON.parse refuses: any text, and JSON broken in one place', () => {
    const broken = fc.tuple(spaced, fc.nat(), fc.constantFrom('', ',', ']', '}', '[', '{', ':', '"', 'x', ' ', '1')).map(([text, at, put]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + put + text.slice(i + (at % 2));
    });
    fc.assert(
      fc.property(
        fc.oneof(broken, fc.string({ maxLength: 40 }), fc.constantFrom('', ' ', '[1,]', '{"a":1,}', '[1 2]', '{"a" 1}', '[}', '{]', '[[1,2}]')),
        fc.integer({ min: 1, max: 32 }),
        (text, piece) => {
          assert.deepStrictEqual(
            parsed(() => inPieces(text, piece)),
            parsed(() => JSON.parse(text)),
            text,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('turns the event loop while it parses a large answer, and stops when cancelled', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ i, hash: `0x${i.toString(16).padStart(64, '0')}`, topics: ['a', 'b'] }));
    const bytes = bytesOf(JSON.stringify({ result: { logs: items, status: '0x1' } }));
    let turns = 0;
    const read = await readJsonSliced(bytes, {}, 0, () => turns++, 64 * 1024);
    assert.deepStrictEqual(read, { value: { result: { logs: items, status: '0x1' } } });
    assert.ok(turns >= bytes.length / (64 * 1024), `${turns} turns for ${bytes.length} bytes`);
    await assert.rejects(
      readJsonSliced(bytes, {}, 0, () => {
        throw new Error('cancelled');
      }),
      /cancelled/,
    );
  });
});

describe('readJsonSliced: one JSON.parse or pieces', () => {
  const whole = { maxBytes: 1024 * 1024, maxValues: 100_000 };
  const turnsFor = async (text: string): Promise<number> => {
    let turns = 0;
    const read = await readJsonSliced(bytesOf(text), {}, 0, () => turns++, 16 * 1024, whole);
    assert.deepStrictEqual(read, { value: JSON.parse(text) });
    return turns;
  };

  it('parses text within both the bytes and the values at once', async () => {
    // ~450 KB in 1,500 values: the scan's turns (one per 256 KB) and the one parse.
    const sparse = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i, input: `0x${'ab'.repeat(440)}` })));
    const turns = await turnsFor(sparse);
    assert.ok(turns <= 4, `${turns} turns for ${sparse.length} bytes`);
  });

  it('parses text within the bytes but over the values in pieces (dense: 150,000 empty objects)', async () => {
    const dense = JSON.stringify(Array.from({ length: 150_000 }, () => ({})));
    const turns = await turnsFor(dense);
    assert.ok(dense.length < whole.maxBytes);
    assert.ok(turns >= dense.length / (16 * 1024), `${turns} turns for ${dense.length} bytes`);
  });
});

describe('readJsonSliced: the scan before the parse', () => {
  it('finds what jsonProblem finds, turning the event loop on the way', async () => {
    const cases = [
      JSON.stringify(Array.from({ length: 200_000 }, (_, i) => i)),
      `${'['.repeat(70)}${']'.repeat(70)}`,
      JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
      JSON.stringify(Array.from({ length: 90_000 }, (_, i) => i)),
    ];
    for (const text of cases) {
      let turns = 0;
      const limits = { maxValues: 100_000 };
      const read = await readJsonSliced(bytesOf(text), limits, 0, () => turns++, 1024);
      const problem = jsonProblem(bytesOf(text), limits);
      assert.deepStrictEqual(read, problem ? { problem } : { value: JSON.parse(text) });
      if (text.length > 300_000) assert.ok(turns >= 2, `${turns} turns`);
    }
  });
});
