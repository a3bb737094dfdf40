/**
 * Retries under pressure, counted at the server: a bounded number of attempts with exponential backoff
 * and full jitter (concurrent reads do not retry in step), Retry-After honoured when short and reported
 * when long, and no feature multiplies a storm: hovers and wallet refreshes that wait for the same thing
 * share one request set.
 */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../../src/core/errors';
import { createProviderClients } from '../../../src/core/provider';
import { DEMO_BLOCKS, DEMO_WALLETS, startDemoNode } from '../../../src/demo/demoNode';
import { HoverBlocks } from '../../../src/hover/hoverBlocks';
import { BlockSource } from '../../../src/blocks/blockSource';
import { OpenOrdersSource } from '../../../src/orders/openOrdersSource';
import { figures, incident } from '../support/figures';
import { hostileKey } from '../support/leaks';
import { json, ScriptedServer, text } from '../../support/scriptedServer';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

/** Awaits `p` and returns its ProviderError; anything else is a crash. */
async function failure(p: Promise<unknown>, where: string): Promise<ProviderError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof ProviderError)) {
    incident('crashes', `${where}: ${String(e)}`);
    assert.fail(`${where}: expected a ProviderError, got ${String(e)}`);
  }
  return e;
}

describe('hostile: retries and storms (counted at the server)', function () {
  this.timeout(30_000);
  const key = hostileKey();
  const server = new ScriptedServer();
  let base: string;

  before(async () => (base = await server.start()));
  after(() => server.stop());

  it('a 503 storm: 25 concurrent reads make exactly 25 × 3 requests, retried with growing, jittered delays (exponential backoff, full jitter)', async () => {
    // Each read alone (no JSON-RPC batch): the retries of single requests are what is counted here.
    const clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 2, retryBaseMs: 300, batch: false });
    const arrivals = new Map<number, number[]>();
    server.handler = (req, res) => {
      const id = (req.json as { id: number }).id;
      arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
      text(res, 503, '<html>503 Service Unavailable</html>', 'text/html');
    };
    const before = server.received.length;
    const errors = await Promise.all(Array.from({ length: 25 }, (_, i) => failure(clients.evm.getBlockNumber(), `read ${i}`)));
    const served = server.received.length - before;
    figures.faultsInjected += served;
    assert.ok(errors.every((e) => e.kind === 'server' && /HTTP 503/.test(e.message)));
    assert.equal(served, 25 * 3, 'each read: one attempt and two retries, no more');
    const first = [...arrivals.values()].map((t) => t[1]! - t[0]!);
    const second = [...arrivals.values()].map((t) => t[2]! - t[1]!);
    // Timings on a busy machine are noisy: the checks leave room for it and look at the shape.
    const mean = (ds: number[]) => ds.reduce((a, b) => a + b, 0) / ds.length;
    const spread = (ds: number[]) => Math.max(...ds) - Math.min(...ds);
    assert.ok(
      first.every((d) => d >= 0 && d < 300 + 500),
      `first retries within the 300 ms window (+ slack): ${first.map(Math.round)}`,
    );
    assert.ok(
      second.every((d) => d >= 0 && d < 600 + 500),
      `second retries within the 600 ms window (+ slack): ${second.map(Math.round)}`,
    );
    assert.ok(mean(second) > mean(first), `the backoff grows: ${mean(first).toFixed(0)} ms, then ${mean(second).toFixed(0)} ms on average`);
    assert.ok(spread(first) > 50 && spread(second) > 100, `jitter spreads the retries: ${spread(first).toFixed(0)} ms, ${spread(second).toFixed(0)} ms`);
  });

  it('a short Retry-After is waited for, then the read succeeds; an HTTP-date Retry-After too', async () => {
    const clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 2 });
    // The HTTP date is made when its round starts (after the first round's wait), two whole seconds ahead.
    for (const makeRetryAfter of [() => '1', () => new Date(Date.now() + 3000).toUTCString()]) {
      const retryAfter = makeRetryAfter();
      let calls = 0;
      server.handler = (req, res) =>
        ++calls === 1
          ? text(res, 429, 'slow down', 'text/plain', { 'Retry-After': retryAfter })
          : json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, result: '0x2a' });
      const started = Date.now();
      assert.equal(await clients.evm.getBlockNumber(), 42);
      figures.faultsInjected += 1;
      assert.equal(calls, 2);
      assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms for Retry-After: ${retryAfter}`);
    }
  });

  it('a long Retry-After is reported, not waited for and not retried', async () => {
    const clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 2 });
    server.handler = (_req, res) => text(res, 429, '', 'text/plain', { 'Retry-After': '3600' });
    const before = server.received.length;
    const started = Date.now();
    const e = await failure(clients.evm.getBlockNumber(), 'long Retry-After');
    figures.faultsInjected += server.received.length - before;
    assert.equal(e.kind, 'rateLimited');
    assert.equal(e.retryAfterSeconds, 3600);
    assert.match(e.message, /Try again in 3600 s/);
    assert.equal(server.received.length - before, 1);
    assert.ok(Date.now() - started < 500);
  });

  it('25 reads at once during a 503 storm go as two batches: 2 × 3 requests, not 25 × 3; no call is sent again alone', async () => {
    const clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 2, retryBaseMs: 10 });
    server.handler = (_req, res) => text(res, 503, 'busy');
    const before = server.received.length;
    const errors = await Promise.all(Array.from({ length: 25 }, (_, i) => failure(clients.evm.getBlockNumber(), `read ${i}`)));
    const served = server.received.length - before;
    figures.faultsInjected += served;
    assert.ok(errors.every((e) => e.kind === 'server'));
    assert.equal(served, 2 * 3, 'a batch of 20 and one of 5, each with its two retries');
    assert.ok(server.received.slice(before).every((r) => Array.isArray(r.json)));
  });

  it('50 hovers over one block during a 503 storm share one read: 3 requests, not 150; a failure is not cached', async () => {
    const clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 2, retryBaseMs: 10 });
    server.handler = (_req, res) => text(res, 503, 'busy');
    const lookup = new HoverBlocks(new BlockSource(clients.evm));
    for (const wave of [1, 2]) {
      const before = server.received.length;
      const errors = await Promise.all(Array.from({ length: 50 }, (_, i) => failure(lookup.find(DEMO_BLOCKS.hoverBlock), `hover ${i}`)));
      const served = server.received.length - before;
      figures.faultsInjected += served;
      assert.ok(errors.every((e) => e.kind === 'server'));
      assert.equal(served, 3, `wave ${wave}: one read and its two retries`);
    }
  });

  it('10 refreshes of one wallet during a 503 storm share one request set', async () => {
    const node = await startDemoNode({ apiKey: key });
    try {
      const clients = createProviderClients(node.baseUrl, key, { timeoutMs: 5000, maxRetries: 2, retryBaseMs: 10 });
      const source = new OpenOrdersSource(clients.info);
      node.setFaults([{ kind: 'status', status: 503 }]);
      const before = node.requests;
      const errors = await Promise.all(Array.from({ length: 10 }, (_, i) => failure(source.load(maker.address), `refresh ${i}`)));
      await new Promise((r) => setTimeout(r, 500)); // the other request's retries may end after the first failure
      const served = node.requests - before;
      figures.faultsInjected += served;
      assert.ok(errors.every((e) => e.kind === 'server'));
      assert.equal(served, 4 * 3, 'one wave: perpDexs, the first dex’s orders, its mids and the spot pairs (not kept yet), each tried three times');
    } finally {
      await node.close();
    }
  });
});
