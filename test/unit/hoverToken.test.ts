import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findHexToken, MAX_HEX_DIGITS } from '../../src/hover/hoverToken';

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
const hexDigits = (min: number, max: number) => fc.array(hexDigit, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** Characters that end an identifier in the languages we hover. */
const separator = fc.constantFrom(
  ' ',
  '\t',
  '"',
  "'",
  '`',
  ',',
  ';',
  ':',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '=',
  '+',
  '-',
  '*',
  '/',
  '<',
  '>',
  '.',
  '#',
  '!',
  '|',
  '&',
  '@',
);
const separators = fc.array(separator, { maxLength: 3 }).map((a) => a.join(''));
/** Any text that does not end (or start) in an identifier character, to put on either side. */
const surroundings = fc.tuple(fc.string({ maxLength: 20 }), separators);

/** Every position inside `token` placed at `offset`, plus the one just after it. */
function positionsOf(offset: number, length: number): number[] {
  return Array.from({ length: length + 1 }, (_, i) => offset + i);
}

describe('findHexToken', () => {
  it('finds a block number under the mouse, with its value and range', () => {
    const line = 'const block = 0x1a2b; // see explorer';
    const start = line.indexOf('0x1a2b');
    for (const at of positionsOf(start, 6)) {
      assert.deepEqual(findHexToken(line, at), { start, end: start + 6, text: '0x1a2b', value: 6699 }, `at ${at}`);
    }
  });

  it('finds nothing on either side of the token', () => {
    const line = 'x = 0x1a2b + y';
    assert.equal(findHexToken(line, line.indexOf('0x') - 2), undefined); // on "="
    assert.equal(findHexToken(line, line.indexOf('+')), undefined);
    assert.equal(findHexToken(line, 0), undefined); // on "x", an identifier
  });

  const refused: [string, string][] = [
    ['inside an identifier', 'a0x12'],
    ['a letter that is not hex follows', '0x12g'],
    ['an underscore follows', '0x12_'],
    ['an identifier precedes', 'foo0x1'],
    ['$ precedes (a JS identifier)', '$0x12'],
    ['a non-ASCII letter precedes', 'é0x12'],
    ['no digits', '0x'],
    ['prefixed twice', '0x0x12'],
    ['a digit precedes', '10x12'],
    ['an address (40 digits)', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a transaction hash (64 digits)', '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b'],
    ['17 digits', '0x1234567890abcdef1'],
    ['above 2^53 − 1', '0x20000000000000'],
    ['16 digits above 2^53 − 1', '0xffffffffffffffff'],
    ['a decimal number', '6699'],
  ];
  for (const [why, text] of refused) {
    it(`refuses ${text}: ${why}`, () => {
      const line = `value: ${text} ok`;
      const offset = line.indexOf(text);
      for (const at of positionsOf(offset, text.length)) assert.equal(findHexToken(line, at), undefined, `at ${at}`);
    });
  }

  it('takes 2^53 − 1 and upper-case digits', () => {
    assert.equal(findHexToken('0x1fffffffffffff', 3)?.value, Number.MAX_SAFE_INTEGER);
    assert.equal(findHexToken('[0X1A2B]', 2)?.value, 0x1a2b);
    assert.equal(findHexToken('0x0', 0)?.value, 0);
  });

  it('finds a 1–16 digit token between non-identifier characters, covering exactly the token (property)', () => {
    fc.assert(
      fc.property(surroundings, hexDigits(1, MAX_HEX_DIGITS), surroundings, fc.nat(), ([beforeText, beforeSep], digits, [afterText, afterSep], pick) => {
        const token = `0x${digits}`;
        // The token must be bounded: the text before ends in a separator, the text after starts with one.
        const before = `${beforeText} ${beforeSep}`;
        const after = `${afterSep} ${afterText}`;
        const line = before + token + after;
        const value = BigInt(token);
        const positions = positionsOf(before.length, token.length);
        const at = positions[pick % positions.length];
        const found = findHexToken(line, at);
        if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
          assert.equal(found, undefined);
          return;
        }
        assert.deepEqual(found, { start: before.length, end: before.length + token.length, text: token, value: Number(value) });
        assert.equal(line.slice(found!.start, found!.end), token);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives no hover anywhere on an address or a hash, in any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(40, 64).chain((n) => hexDigits(n, n)),
        fc.string({ maxLength: 30 }),
        (before, digits, after) => {
          const long = `0x${digits}`;
          const line = `${before} ${long} ${after}`;
          const offset = before.length + 1;
          for (const at of positionsOf(offset, long.length)) assert.equal(findHexToken(line, at), undefined, `at ${at}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses any token glued to an identifier character on either side (property)', () => {
    const identifierChar = fc.constantFrom(...'abcxyzGHIJ_$é0123456789'.split(''));
    fc.assert(
      fc.property(hexDigits(1, MAX_HEX_DIGITS), identifierChar, fc.boolean(), (digits, glue, left) => {
        // A hex digit glued on the right just makes a longer number; only non-hex glue must be refused there.
        if (!left && /[0-9a-fA-F]/.test(glue)) return;
        const text = left ? `${glue}0x${digits}` : `0x${digits}${glue}`;
        const line = ` ${text} `;
        for (const at of positionsOf(1, text.length)) assert.equal(findHexToken(line, at), undefined, `${text} at ${at}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('looks only near the position: a long line costs the same as a short one', () => {
    // Compared with a short line in the same run, not with a wall-clock budget: a loaded machine slows
    // both alike, while reading the whole 10 MB line would make the long lookups ~100,000 times slower.
    const long = `${'x'.repeat(5_000_000)} 0x1a2b ${'y'.repeat(5_000_000)}`;
    const short = ` 0x1a2b `;
    const at = long.indexOf('0x1a2b');
    assert.equal(findHexToken(long, at)?.value, 6699);
    assert.equal(findHexToken(long, 2_500_000), undefined);
    const fastest = (line: string, position: number) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        for (let i = 0; i < 2_000; i++) findHexToken(line, position);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const shortMs = fastest(short, 3);
    const longMs = fastest(long, at + 2);
    // In the middle of a 5 MB identifier, it gives up after a few characters.
    const insideMs = fastest(long, 2_500_000);
    const limit = 20 * shortMs + 5;
    assert.ok(longMs < limit, `2,000 lookups: ${longMs.toFixed(2)} ms on a 10 MB line, ${shortMs.toFixed(2)} ms on a short one`);
    assert.ok(insideMs < limit, `2,000 lookups inside a 5 MB identifier: ${insideMs.toFixed(2)} ms, ${shortMs.toFixed(2)} ms on a short line`);
  });

  it('ignores positions outside the line', () => {
    assert.equal(findHexToken('0x12', -1), undefined);
    assert.equal(findHexToken('0x12', 5), undefined);
    assert.equal(findHexToken('', 0), undefined);
  });
});
