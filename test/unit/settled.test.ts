// The one way to settle a request asked beside others (src/core/settled.ts): a failure is its part's
// outcome; a cancellation and a bug are no outcome, they end the whole (every caller gets this rule).
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import { outcome } from '../../src/core/settled';

describe('settled: one outcome rule for requests asked together', () => {
  it('a value is ok; a provider failure is the outcome, unsupported only for JSON-RPC -32601', async () => {
    assert.deepEqual(await outcome(Promise.resolve(7)), { ok: true, value: 7 });
    const server = new ProviderError('server', 'HTTP 502', { status: 502 });
    assert.deepEqual(await outcome(Promise.reject(server)), { ok: false, error: server, unsupported: false });
    const notFound = new ProviderError('rpc', 'Method not found', { rpcCode: -32601 });
    assert.deepEqual(await outcome(Promise.reject(notFound)), { ok: false, error: notFound, unsupported: true });
  });

  it('rethrows a cancellation: a load the user stopped draws nothing, however its parts were asked', async () => {
    const cancelled = new ProviderError('cancelled', 'The request was cancelled.');
    await assert.rejects(outcome(Promise.reject(cancelled)), (e) => e === cancelled);
    // Beside others: the whole rejects with it, it is not one part's failure.
    await assert.rejects(Promise.all([outcome(Promise.resolve(1)), outcome(Promise.reject(cancelled))]), (e) => e === cancelled);
  });

  it('rethrows what is not a ProviderError (a bug is no answer of the provider)', async () => {
    const bug = new TypeError('x is undefined');
    await assert.rejects(outcome(Promise.reject(bug)), (e) => e === bug);
  });
});
