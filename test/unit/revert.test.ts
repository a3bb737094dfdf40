/** Revert data from the node is untrusted ABI: decoded when it is Error(string) or Panic(uint256), never thrown on. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeAbiParameters, encodeErrorResult, parseAbi } from 'viem';
import { decodeRevert, encodeErrorString, encodePanic, ERROR_SELECTOR, PANIC_MEANINGS, PANIC_SELECTOR } from '../../src/core/revert';
import { msg } from '../../src/core/translate';

const word = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0');
const errorAbi = parseAbi(['error Error(string)', 'error Panic(uint256)']);

describe('decodeRevert', () => {
  it('reads Error(string) as Erigon sends it ("Transaction after end date")', () => {
    const data = ERROR_SELECTOR + word(32) + word(26) + Buffer.from('Transaction after end date').toString('hex').padEnd(64, '0');
    assert.deepEqual(decodeRevert(data), { kind: 'error', message: 'Transaction after end date' });
    assert.deepEqual(decodeRevert(data.toUpperCase().replace('0X', '0x')), { kind: 'error', message: 'Transaction after end date' });
  });

  it('reads Panic(uint256) with the Solidity meaning of its code, and a code without one', () => {
    assert.deepEqual(decodeRevert(PANIC_SELECTOR + word(0x11)), { kind: 'panic', code: 0x11n, meaning: msg('arithmetic overflow or underflow') });
    assert.deepEqual(decodeRevert(PANIC_SELECTOR + word(0x32)), { kind: 'panic', code: 0x32n, meaning: msg('array index out of bounds') });
    assert.deepEqual(decodeRevert(PANIC_SELECTOR + word(0x99)), { kind: 'panic', code: 0x99n });
    assert.equal(PANIC_MEANINGS.size, 10);
  });

  it('says none for 0x and nothing', () => {
    assert.deepEqual(decodeRevert('0x'), { kind: 'none' });
    assert.deepEqual(decodeRevert(''), { kind: 'none' });
  });

  it('hands on custom errors with their selector, lowercased', () => {
    // error InsufficientBalance(uint256 available, uint256 required)
    const data = '0xCF479181' + word(1) + word(2);
    assert.deepEqual(decodeRevert(data), { kind: 'custom', selector: '0xcf479181', data: data.toLowerCase() });
    assert.deepEqual(decodeRevert('0xdead'), { kind: 'custom', selector: '0xdead', data: '0xdead' });
    assert.deepEqual(decodeRevert('not hex'), { kind: 'custom', selector: '', data: 'not hex' });
  });

  const outOfBounds: [string, string][] = [
    ['selector only', ERROR_SELECTOR],
    ['offset beyond the data', ERROR_SELECTOR + word(0x1000) + word(3) + word(0)],
    ['offset of 2^256 − 1', ERROR_SELECTOR + 'f'.repeat(64) + word(3)],
    ['length beyond the data', ERROR_SELECTOR + word(32) + word(33) + '61'.repeat(32)],
    ['length of 2^255', ERROR_SELECTOR + word(32) + '8' + '0'.repeat(63) + '61'.repeat(32)],
    ['offset pointing at its own last byte', ERROR_SELECTOR + word(31) + word(0)],
    ['panic without its word', PANIC_SELECTOR + '11'],
  ];
  for (const [name, data] of outOfBounds) {
    it(`gives a custom error, not an exception, for ${name}`, () => {
      const r = decodeRevert(data);
      assert.equal(r.kind, 'custom');
      assert.equal((r as { data: string }).data, data);
    });
  }

  it('reads a string at any offset in bounds, and invalid UTF-8 with replacement characters', () => {
    const atOffset64 = ERROR_SELECTOR + word(64) + word(0) + word(2) + '6869'.padEnd(64, '0');
    assert.deepEqual(decodeRevert(atOffset64), { kind: 'error', message: 'hi' });
    const badUtf8 = ERROR_SELECTOR + word(32) + word(3) + 'ff61fe'.padEnd(64, '0');
    assert.deepEqual(decodeRevert(badUtf8), { kind: 'error', message: '\ufffda\ufffd' });
  });

  it('round-trips any string through viem’s encoder and ours (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (message) => {
        const viemData = encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: [message] });
        assert.equal(encodeErrorString(message), viemData);
        assert.deepEqual(decodeRevert(viemData), { kind: 'error', message });
      }),
    );
  });

  it('round-trips every panic code through viem’s encoder (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (code) => {
        const data = encodeErrorResult({ abi: errorAbi, errorName: 'Panic', args: [code] });
        assert.equal(encodePanic(code), data);
        const r = decodeRevert(data);
        assert.equal(r.kind, 'panic');
        assert.equal((r as { code: bigint }).code, code);
      }),
    );
  });

  it('never throws on random bytes, nor on random bytes after either selector (property)', () => {
    const hex = fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('hex'));
    fc.assert(
      fc.property(fc.constantFrom('0x', ERROR_SELECTOR, PANIC_SELECTOR), hex, (prefix, rest) => {
        const r = decodeRevert(prefix + rest);
        assert.ok(['none', 'error', 'panic', 'custom'].includes(r.kind));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a string whose offset word is followed by other arguments (hand-encoded, like a two-field error)', () => {
    const args = encodeAbiParameters([{ type: 'string' }], ['spaced out']);
    assert.deepEqual(decodeRevert(ERROR_SELECTOR + args.slice(2)), { kind: 'error', message: 'spaced out' });
  });
});
