// JSON-RPC batches against a real local server: calls made at once go as one request, answers matched by
// id in any order; a provider that refuses batches (HTTP error, a single error object, every call
// "invalid request") is asked one call at a time by itself; a call left out of a batch answer is asked
// alone; a cancelled caller leaves the others their answers.
import * as assert from 'node:assert/strict';
import { isCancellation } from '../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { json, ScriptedServer, text, type RpcCall } from '../support/scriptedServer';

const KEY = 'batch-key-31c';
const ADDRESS = `0x${'ab'.repeat(20)}` as const;

describe('JSON-RPC batches (real local server)', () => {
  const server = new ScriptedServer();
  let base: string;
  let clients: ProviderClients;
  const answer = (c: RpcCall) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_getCode' ? '0x6001' : '0x2a' });
  const batches = () => server.received.filter((r) => Array.isArray(r.json)).length;

  before(async () => (base = await server.start()));
  beforeEach(() => {
    server.received.length = 0;
    clients = createProviderClients(base, KEY, { timeoutMs: 3000, maxRetries: 0 });
    server.handler = (req, res) => json(res, 200, Array.isArray(req.json) ? (req.json as RpcCall[]).map(answer) : answer(req.json as RpcCall));
  });
  after(() => server.stop());

  it('sends the calls made at once as one request, and each gets its own answer, matched by id in any order', async () => {
    server.handler = (req, res) => json(res, 200, (req.json as RpcCall[]).map(answer).reverse());
    const [summary, head] = await Promise.all([clients.evm.getAddressSummary(ADDRESS), clients.evm.getBlockNumber()]);
    assert.deepEqual({ ...summary, codeBytes: undefined }, { address: ADDRESS, kind: 'contract', balance: 42n, codeBytes: undefined });
    assert.equal(head, 42);
    assert.equal(server.received.length, 1);
    assert.deepEqual(server.calls.map((c) => c.method).sort(), ['eth_blockNumber', 'eth_getBalance', 'eth_getCode']);
    assert.equal(clients.evm.batchSupport, 'yes');
  });

  it('sends a call made alone as a plain request, not a batch of one', async () => {
    await clients.evm.getBlockNumber();
    assert.equal(batches(), 0);
    assert.equal(server.received.length, 1);
  });

  for (const [what, refuse] of [
    ['HTTP 400', (res: Parameters<ScriptedServer['handler']>[1]) => text(res, 400, 'batch requests are not supported')],
    [
      'one error object, not an array',
      (res: Parameters<ScriptedServer['handler']>[1]) => json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch not supported' } }),
    ],
    [
      'every call "invalid request"',
      (res: Parameters<ScriptedServer['handler']>[1], calls?: RpcCall[]) =>
        json(
          res,
          200,
          calls!.map((c) => ({ jsonrpc: '2.0', id: c.id, error: { code: -32600, message: 'batch requests are disabled' } })),
        ),
    ],
  ] as const) {
    it(`falls back to one call at a time where the provider refuses batches (${what}), and stays there`, async () => {
      server.handler = (req, res) => (Array.isArray(req.json) ? refuse(res, req.json as RpcCall[]) : json(res, 200, answer(req.json as RpcCall)));
      assert.equal((await clients.evm.getAddressSummary(ADDRESS)).balance, 42n);
      assert.equal(clients.evm.batchSupport, 'no');
      assert.deepEqual(
        server.received.map((r) => Array.isArray(r.json)),
        [true, false, false],
      );
      server.received.length = 0;
      await clients.evm.getAddressSummary(ADDRESS);
      assert.equal(batches(), 0, 'no batch tried again');
    });
  }

  it('asks alone a call the batch answer left out', async () => {
    server.handler = (req, res) =>
      Array.isArray(req.json)
        ? json(res, 200, (req.json as RpcCall[]).filter((c) => c.method !== 'eth_getBalance').map(answer))
        : json(res, 200, answer(req.json as RpcCall));
    assert.equal((await clients.evm.getAddressSummary(ADDRESS)).balance, 42n);
    assert.deepEqual(
      server.calls.map((c) => c.method),
      ['eth_getCode', 'eth_getBalance', 'eth_getBalance'],
    );
    assert.equal(clients.evm.batchSupport, 'yes');
  });

  for (const [code, message] of [
    [-32002, 'request timed out'],
    [-32003, 'response too large'],
  ] as const) {
    it(`asks alone a call the batch answered with geth's batch-limit error ${code} (${message}); a single call's ${code} stays an error`, async () => {
      server.handler = (req, res) =>
        Array.isArray(req.json)
          ? json(
              res,
              200,
              (req.json as RpcCall[]).map((c) => (c.method === 'eth_getBalance' ? { jsonrpc: '2.0', id: c.id, error: { code, message } } : answer(c))),
            )
          : json(res, 200, answer(req.json as RpcCall));
      assert.equal((await clients.evm.getAddressSummary(ADDRESS)).balance, 42n);
      assert.deepEqual(
        server.calls.map((c) => c.method),
        ['eth_getCode', 'eth_getBalance', 'eth_getBalance'],
      );
      server.handler = (req, res) => json(res, 200, { jsonrpc: '2.0', id: (req.json as RpcCall).id, error: { code, message } });
      await assert.rejects(clients.evm.getBlockNumber(), (e: { kind: string }) => e.kind === 'rpc');
    });
  }

  it('gives every call of the batch a failure a single request would get too (HTTP 503), without sending them again', async () => {
    server.handler = (_req, res) => text(res, 503, 'busy');
    await assert.rejects(clients.evm.getAddressSummary(ADDRESS), (e: { kind: string }) => e.kind === 'server');
    assert.equal(server.received.length, 1);
  });

  it('a cancelled caller stops waiting at once; the others of its batch get their answers', async () => {
    server.handler = (req, res) => void setTimeout(() => json(res, 200, (req.json as RpcCall[]).map(answer)), 200);
    const controller = new AbortController();
    const cancelled = clients.evm.getBlockNumber(controller.signal);
    const kept = clients.evm.getBlockNumber();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(cancelled, (e) => isCancellation(e));
    assert.equal(await kept, 42);
  });

  it('aborts the batch’s request when every caller has cancelled', async () => {
    let closed = false;
    server.handler = (req, res) => {
      res.on('close', () => (closed = !res.writableEnded));
      setTimeout(() => !res.destroyed && json(res, 200, (req.json as RpcCall[]).map(answer)), 1000);
    };
    const controller = new AbortController();
    const calls = [clients.evm.getBlockNumber(controller.signal), clients.evm.getAddressSummary(ADDRESS, controller.signal)];
    setTimeout(() => controller.abort(), 50);
    for (const call of calls) await assert.rejects(call, (e) => isCancellation(e));
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(closed, 'the request was aborted, not left to finish for no one');
  });
});
