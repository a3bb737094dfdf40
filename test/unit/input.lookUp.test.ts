import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseBlockQuery, parseLookUp } from '../../src/core/input';
import { untranslated as t } from '../../src/core/translate';

describe('parseLookUp', () => {
  it('takes a hash (0x + 64), an address (0x + 40) and a block, in any case, and says which', () => {
    const hash = '0x' + 'Ab'.repeat(32);
    assert.deepEqual(parseLookUp(` ${hash} `, t), { ok: true, value: { kind: 'hash', hash: hash.toLowerCase() } });
    assert.deepEqual(parseLookUp('0X' + 'cd'.repeat(20), t), { ok: true, value: { kind: 'address', address: '0x' + 'cd'.repeat(20) } });
    assert.deepEqual(parseLookUp('0x1a2b', t), { ok: true, value: { kind: 'block', query: { kind: 'number', number: 0x1a2b } } });
    assert.deepEqual(parseLookUp('6,699', t), { ok: true, value: { kind: 'block', query: { kind: 'number', number: 6699 } } });
    assert.deepEqual(parseLookUp('latest', t), { ok: true, value: { kind: 'block', query: { kind: 'latest' } } });
    // Leading zeros keep a hex block number a block, up to any length other than 40 and 64.
    assert.deepEqual(parseLookUp('0x' + '0'.repeat(20) + '1a2b', t), { ok: true, value: { kind: 'block', query: { kind: 'number', number: 0x1a2b } } });
  });

  const refusals: [string, RegExp][] = [
    ['', /Type a block number .*a transaction hash \(0x \+ 64 hex digits\) or an address \(0x \+ 40\)/],
    ['0x' + 'a'.repeat(63), /^0x \+ 64 hex digits is a transaction or block hash, 0x \+ 40 an address; this has 63\.$/],
    ['0x' + 'a'.repeat(65), /this has 65\./],
    ['0x' + 'a'.repeat(41), /this has 41\./],
    ['0x' + 'a'.repeat(39), /this has 39\./],
    ['0x' + 'f'.repeat(20), /this has 20\./],
    ['0x' + 'a'.repeat(200), /this has 200\./],
    ['0x' + 'f'.repeat(14), /too large/],
    ['ab'.repeat(32), /Add “0x” in front: 0x \+ 64 hex digits is a transaction or block hash/],
    ['ab'.repeat(20), /Add “0x” in front: 0x \+ 40 hex digits is an address/],
    ['0x' + 'g'.repeat(64), /not a hex number/],
    ['hello', /“hello” is not a block number \(6699, 0x1a2b, “latest”\), a transaction hash/],
    ['-5', /negative/],
  ];
  for (const [input, message] of refusals) {
    it(`refuses ${input.length > 20 ? `${input.slice(0, 6)}… (${input.length} characters)` : JSON.stringify(input)} with a clear message`, () => {
      const r = parseLookUp(input, t);
      assert.equal(r.ok, false);
      assert.match((r as { error: string }).error, message);
    });
  }

  it('agrees with parseBlockQuery on every block it takes, and never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^0x[0-9a-fA-F]{0,70}$/), fc.integer({ min: 0 }).map(String)), (input) => {
        const r = parseLookUp(input, t);
        const block = parseBlockQuery(input, t);
        if (r.ok && r.value.kind === 'block') assert.deepEqual(block, { ok: true, value: r.value.query });
        if (r.ok && r.value.kind !== 'block') assert.match(input.trim(), /^0x([0-9a-f]{40}|[0-9a-f]{64})$/i);
        if (!r.ok) assert.ok(r.error.length > 0);
      }),
      { numRuns: 3000 },
    );
  });
});
