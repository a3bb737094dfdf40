/** debug_traceTransaction's callTracer tree, read as ots_traceTransaction's flat order, and refused when malformed. */
import * as assert from 'node:assert/strict';
import { flattenCallTrace } from '../../src/core/callTracer';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';

describe('flattenCallTrace', () => {
  it('lists the frames depth first, each with its depth and error', () => {
    const tree = {
      type: 'CALL',
      from: A,
      to: B,
      error: 'execution reverted',
      calls: [
        { type: 'STATICCALL', from: B, to: C },
        { type: 'call', from: B, to: C, error: 'execution reverted', calls: [{ type: 'DELEGATECALL', from: C, to: A }] },
      ],
    };
    assert.deepEqual(flattenCallTrace(tree), [
      { type: 'CALL', depth: 0, from: A, to: B, error: 'execution reverted' },
      { type: 'STATICCALL', depth: 1, from: B, to: C, error: null },
      { type: 'CALL', depth: 1, from: B, to: C, error: 'execution reverted' },
      { type: 'DELEGATECALL', depth: 2, from: C, to: A, error: null },
    ]);
  });

  it('refuses what is no call tree, and a tree deeper than the EVM allows, without recursion', () => {
    for (const bad of [
      null,
      [],
      'x',
      { type: 'CALL' },
      { type: 'CALL', from: 'x' },
      { type: 'CALL', from: A, to: 5 },
      { type: 'CALL', from: A, calls: {} },
      { type: 'CALL', from: A, error: 1 },
    ]) {
      assert.equal(typeof flattenCallTrace(bad), 'string', JSON.stringify(bad));
    }
    let deep: Record<string, unknown> = { type: 'CALL', from: A };
    for (let i = 0; i < 5000; i++) deep = { type: 'CALL', from: A, calls: [deep] };
    assert.match(flattenCallTrace(deep) as string, /deeper/);
  });
});
