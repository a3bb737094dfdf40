/**
 * The call tree: frames nested by depth, the failed ones as the node says (callTracer) or, when it does
 * not, the deepest frame whose output is the revert data, labelled as inferred.
 */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import type { CallFrameStatus } from '../../src/core/callTracer';
import type { TraceEntry } from '../../src/core/model';
import { encodeErrorString } from '../../src/core/revert';
import { callTreeView } from '../../src/transactions/callTreeViewModel';
import { untranslated as t } from '../../src/view/format';
import { ALICE, BOB, TOKEN, bundle, ok, receipt } from '../support/transactionBundles';

const DATA = `0xcf479181${'0'.repeat(61)}3e8${'0'.repeat(60)}61a8`;
const frame = (depth: number, from: string, to: string, output?: string, type = 'CALL'): TraceEntry => ({
  type,
  depth,
  from: from as never,
  to: to as never,
  value: 0n,
  input: '0x12345678',
  ...(output ? { output } : {}),
});
const trace = [frame(0, ALICE, BOB, DATA), frame(1, BOB, TOKEN, '0x01', 'STATICCALL'), frame(1, BOB, TOKEN, DATA), frame(2, TOKEN, ALICE, '0x')];
const failedBundle = (revert = DATA) =>
  bundle({ receipt: ok(receipt({ status: 'reverted' })), revert: ok({ kind: 'custom', selector: revert.slice(0, 10), data: revert }), trace: ok(trace) });
const status = (errors: boolean[]): CallFrameStatus[] =>
  trace.map((e, i) => ({ type: e.type, depth: e.depth, from: e.from, to: e.to, error: errors[i] ? 'execution reverted' : null }));

describe('call tree view-model', () => {
  it('counts each frame’s children and shows every frame', () => {
    const v = callTreeView(bundle({ trace: ok(trace) }), undefined, undefined, t);
    assert.equal(v.state, 'ok');
    if (v.state !== 'ok') return;
    assert.deepEqual(
      v.frames.map((f) => [f.depth, f.children]),
      [
        [0, 2],
        [1, 0],
        [1, 1],
        [2, 0],
      ],
    );
    assert.equal(v.failedFrom, null);
  });

  it('marks the frames the node says failed, and the revert’s origin: the failed frame with no failed frame below it', () => {
    const v = callTreeView(failedBundle(), ok(status([true, false, true, false])), undefined, t);
    if (v.state !== 'ok') return assert.fail();
    assert.equal(v.failedFrom, 'node');
    assert.deepEqual(
      v.frames.map((f) => [f.failed, f.origin]),
      [
        ['node', false],
        [null, false],
        ['node', true],
        [null, false],
      ],
    );
  });

  it('without the node’s word, infers the deepest frame whose output is the revert data, and says why', () => {
    const refused = { ok: false as const, error: new ProviderError('rpc', 'not served', { rpcCode: -32601 }), unsupported: true };
    const v = callTreeView(failedBundle(), refused, undefined, t);
    if (v.state !== 'ok') return assert.fail();
    assert.equal(v.failedFrom, 'inferred');
    assert.deepEqual(
      v.frames.map((f) => [f.failed, f.origin]),
      [
        [null, false],
        [null, false],
        ['inferred', true],
        [null, false],
      ],
    );
    assert.equal(v.nodeFailure?.unsupported, true);
    // An Error(string) revert: its data is rebuilt from the reason to find the frame.
    const reason = encodeErrorString('nope');
    const withReason = bundle({
      receipt: ok(receipt({ status: 'reverted' })),
      revert: ok({ kind: 'error', message: 'nope' }),
      trace: ok([frame(0, ALICE, BOB, reason), frame(1, BOB, TOKEN, reason)]),
    });
    const r = callTreeView(withReason, undefined, undefined, t);
    assert.equal(r.state === 'ok' && r.frames[1]!.origin, true);
  });

  it('does not trust a node whose callTracer frames are not the trace’s: it infers, and says so', () => {
    const other = status([true, false, true, false]).slice(0, 3);
    const v = callTreeView(failedBundle(), ok(other), undefined, t);
    if (v.state !== 'ok') return assert.fail();
    assert.equal(v.failedFrom, 'inferred');
    assert.match(v.nodeFailure?.message ?? '', /lists other calls/);
  });

  it('has no tree when the trace could not be read', () => {
    assert.deepEqual(callTreeView(bundle({ trace: { ok: false, error: new ProviderError('timeout', 'slow'), unsupported: false } }), undefined, undefined, t), {
      state: 'none',
    });
  });
});
