/**
 * Every fault mode of the demo node against every client call, over real HTTP: each ends in one
 * ProviderError of the expected kind with a specific message, after the expected number of attempts,
 * and neither the error (message, stack, JSON) nor the request log holds the key or the URL.
 */
import * as assert from 'node:assert/strict';
import { describeError, ProviderError, type Endpoint, type ProviderErrorKind } from '../../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../../src/core/provider';
import type { RequestEvent } from '../../../src/core/transport';
import { DEMO_BLOCKS, DEMO_WALLETS, startDemoNode, type DemoFault, type DemoNode } from '../../../src/demo/demoNode';
import { figures, incident } from '../support/figures';
import { hostileKey, LeakWatch } from '../support/leaks';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
/** The timeout of the client that meets a node that never answers; the others wait long enough for a loaded machine. */
const TIMEOUT_MS = 250;
const MAX_RETRIES = 2;

/** The client calls a feature makes, by the endpoint they use. */
const CALLS: { name: string; endpoint: Endpoint; run: (c: ProviderClients) => Promise<unknown> }[] = [
  { name: 'ots_getBlockDetails', endpoint: 'evm', run: (c) => c.evm.getBlockDetails(DEMO_BLOCKS.smallBlock) },
  { name: 'ots_getBlockTransactions', endpoint: 'evm', run: (c) => c.evm.getBlockTransactions(DEMO_BLOCKS.hugeBlock, 0, 100) },
  { name: 'eth_blockNumber', endpoint: 'evm', run: (c) => c.evm.getBlockNumber() },
  { name: 'openOrders', endpoint: 'info', run: (c) => c.info.openOrders(maker.address) },
  { name: 'spotMeta', endpoint: 'info', run: (c) => c.info.spotMeta() },
  { name: 'perpDexs', endpoint: 'info', run: (c) => c.info.perpDexs() },
];

type FaultSpec = Omit<DemoFault, 'endpoint' | 'times' | 'method'>;

interface FaultCase {
  name: string;
  fault: (key: string, baseUrl: string) => FaultSpec;
  kind: ProviderErrorKind | 'ok';
  message?: (endpoint: Endpoint) => RegExp;
  /** Requests the node should see: 1, or 1 + retries for what retrying may fix. */
  attempts: number;
  only?: Endpoint;
  /** Reading 32 MB takes a while: one call per endpoint, with a longer timeout. */
  big?: boolean;
  /** Waits out a timeout: a client with a short one. */
  hangs?: boolean;
}

const html = (title: string, extra = '') =>
  `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center>${extra}<hr><center>nginx</center></body></html>`;

const FAULT_CASES: FaultCase[] = [
  {
    name: 'HTTP 401',
    fault: () => ({ kind: 'status', status: 401 }),
    kind: 'badKey',
    message: () => /^The provider rejected the API key \(HTTP 401\)\. Check it with “Hyperliquid: Set API Key”\.$/,
    attempts: 1,
  },
  { name: 'HTTP 403', fault: () => ({ kind: 'status', status: 403 }), kind: 'badKey', message: () => /rejected the API key \(HTTP 403\)/, attempts: 1 },
  {
    name: 'HTTP 404',
    fault: () => ({ kind: 'status', status: 404 }),
    kind: 'wrongPath',
    message: (e) => new RegExp(`has no ${e} endpoint at this address \\(HTTP 404\\)\\. Check the base URL setting`),
    attempts: 1,
  },
  {
    name: 'HTTP 413 (nginx page)',
    fault: () => ({ kind: 'status', status: 413 }),
    kind: 'tooLarge',
    message: () => /refused the request as too large \(HTTP 413\)/,
    attempts: 1,
  },
  {
    name: 'HTTP 422 (info API body)',
    fault: () => ({ kind: 'status', status: 422 }),
    kind: 'refused',
    message: () => /refused the request \(HTTP 422\): Failed to deserialize the JSON body into the target type$/,
    attempts: 1,
  },
  {
    name: 'HTTP 429 without Retry-After',
    fault: () => ({ kind: 'status', status: 429 }),
    kind: 'rateLimited',
    message: () => /rate-limiting requests \(HTTP 429\)\. Try again shortly, or lower the request rate\./,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'HTTP 429 with a long Retry-After',
    fault: () => ({ kind: 'status', status: 429, retryAfter: '600' }),
    kind: 'rateLimited',
    message: () => /\(HTTP 429\)\. Try again in 600 s\./,
    attempts: 1,
  },
  {
    name: 'HTTP 500',
    fault: () => ({ kind: 'status', status: 500 }),
    kind: 'server',
    message: () => /server error \(HTTP 500\)\. Try again in a moment\./,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'HTTP 502 (nginx page)',
    fault: () => ({ kind: 'status', status: 502 }),
    kind: 'server',
    message: () => /server error \(HTTP 502\)/,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'HTTP 503 (nginx page)',
    fault: () => ({ kind: 'status', status: 503 }),
    kind: 'server',
    message: () => /server error \(HTTP 503\)/,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'HTTP 502 page from a proxy that echoes the URL with the key',
    fault: (key, base) => ({
      kind: 'status',
      status: 502,
      contentType: 'text/html',
      body: html('502 Bad Gateway', `<p>upstream ${base}/${key}/evm failed</p>`),
    }),
    kind: 'server',
    message: () => /HTTP 502/,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'HTTP 400 whose body echoes the key',
    fault: (key, base) => ({ kind: 'status', status: 400, body: `bad request for ${base}/${key}/info (key ${key})` }),
    kind: 'httpStatus',
    message: () => /^The provider answered HTTP 400: bad request for http:\/\/127\.0\.0\.1:\d+\/\[redacted\]/,
    attempts: 1,
  },
  {
    name: 'HTTP 301 redirect',
    fault: () => ({ kind: 'status', status: 301, body: 'Moved' }),
    kind: 'httpStatus',
    message: () => /redirect \(HTTP 301\), which is not followed/,
    attempts: 1,
  },
  {
    name: 'HTTP 200 with an HTML login page from a proxy',
    fault: (key, base) => ({
      kind: 'respond',
      contentType: 'text/html',
      body: `<!doctype html><form action="${base}/${key}/login"><input name=k value="${key}"></form>`,
    }),
    kind: 'invalidResponse',
    message: (e) => new RegExp(`${e} endpoint answered with an HTML page instead of JSON\\.$`),
    attempts: 1,
  },
  {
    name: 'malformed JSON',
    fault: () => ({ kind: 'malformedJson' }),
    kind: 'invalidResponse',
    message: (e) => new RegExp(`${e} endpoint answered with text that is not JSON instead of JSON`),
    attempts: 1,
  },
  {
    name: 'connection reset in mid-body (truncated)',
    fault: () => ({ kind: 'truncated' }),
    kind: 'network',
    message: () => /^The connection to the provider was closed before the answer was complete\.$/,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'connection reset (TCP RST)',
    fault: () => ({ kind: 'reset' }),
    kind: 'network',
    message: () => /^The connection to the provider was closed before the answer was complete\.$/,
    attempts: 1 + MAX_RETRIES,
  },
  {
    name: 'no answer (timeout)',
    fault: () => ({ kind: 'hang' }),
    kind: 'timeout',
    message: () => /^The provider did not answer within 0\.3 s\.$/,
    attempts: 1,
    hangs: true,
  },
  // Each method has its own cap (issue 23): 32 MB for a block, 64 KB for a block number, 4 or 8 MB for the info requests.
  {
    name: '50 MB body with Content-Length (size cap)',
    fault: () => ({ kind: 'oversize', bytes: 50 * 1024 * 1024 }),
    kind: 'tooLarge',
    message: () => /^The provider’s answer was larger than the (32 MB|8 MB|4 MB|64 KB) limit\.$/,
    attempts: 1,
    big: true,
  },
  {
    name: '50 MB chunked body (size cap)',
    fault: () => ({ kind: 'oversize', bytes: 50 * 1024 * 1024, chunked: true }),
    kind: 'tooLarge',
    message: () => /larger than the (32 MB|8 MB|4 MB|64 KB) limit/,
    attempts: 1,
    big: true,
  },
  {
    name: 'wrong JSON-RPC id',
    fault: () => ({ kind: 'wrongId' }),
    kind: 'invalidResponse',
    message: () => /answered a different request \(JSON-RPC id \d+, expected \d+\)/,
    attempts: 1,
    only: 'evm',
  },
  {
    // 20 KB: under every method's size cap, so that the nesting is what refuses it, before any parse (issue 23).
    name: 'deeply nested JSON (10,000 levels)',
    fault: () => ({ kind: 'respond', body: '['.repeat(10_000) + ']'.repeat(10_000) }),
    kind: 'invalidResponse',
    message: (e) =>
      new RegExp(`^The provider’s ${e} endpoint answered with JSON nested more than 64 levels deep; no answer this explorer reads nests that deep\\.$`),
    attempts: 1,
  },
  { name: 'slow but in time (control)', fault: () => ({ kind: 'latency', ms: 50 }), kind: 'ok', attempts: 1 },
];

describe('hostile: demo node faults against every client call', function () {
  this.timeout(60_000);
  const key = hostileKey();
  let node: DemoNode;
  let clients: ProviderClients;
  let patientClients: ProviderClients;
  let impatientClients: ProviderClients;
  let leaks: LeakWatch;
  const events: RequestEvent[] = [];

  before(async () => {
    node = await startDemoNode({ apiKey: key });
    leaks = new LeakWatch(key, [node.baseUrl]);
    // Default size cap (32 MB); a short timeout and backoff so the matrix runs in seconds.
    clients = createProviderClients(node.baseUrl, key, { timeoutMs: 5000, maxRetries: MAX_RETRIES, retryBaseMs: 5, onRequest: (e) => events.push(e) });
    impatientClients = createProviderClients(node.baseUrl, key, {
      timeoutMs: TIMEOUT_MS,
      maxRetries: MAX_RETRIES,
      retryBaseMs: 5,
      onRequest: (e) => events.push(e),
    });
    patientClients = createProviderClients(node.baseUrl, key, { timeoutMs: 30_000, maxRetries: MAX_RETRIES, retryBaseMs: 5, onRequest: (e) => events.push(e) });
  });
  after(() => node?.close());

  for (const c of FAULT_CASES) {
    for (const call of CALLS) {
      if (c.only && c.only !== call.endpoint) continue;
      if (c.big && call.name !== 'ots_getBlockDetails' && call.name !== 'openOrders') continue;
      it(`${c.name} → ${call.name}: ${c.kind === 'ok' ? 'answered' : c.kind}`, async () => {
        events.length = 0;
        const before = node.requests;
        node.setFaults([{ ...c.fault(key, node.baseUrl), endpoint: call.endpoint } as DemoFault]);
        let outcome: unknown;
        try {
          outcome = await call.run(c.big ? patientClients : c.hangs ? impatientClients : clients).then(
            (value) => ({ value }),
            (e: unknown) => e,
          );
        } finally {
          node.clearFaults();
        }
        const served = node.requests - before;
        figures.faultsInjected += served;

        if (c.kind === 'ok') {
          assert.ok(!(outcome instanceof Error), `expected an answer, got ${describeError(outcome)}`);
        } else {
          if (!(outcome instanceof ProviderError)) {
            incident('crashes', `${c.name} → ${call.name}: ${outcome instanceof Error ? outcome.stack : JSON.stringify(outcome)}`);
            assert.fail(`expected a ProviderError, got ${String(outcome)}`);
          }
          assert.equal(outcome.kind, c.kind, outcome.message);
          assert.match(outcome.message, c.message!(call.endpoint));
          assert.equal(outcome.endpoint, call.endpoint);
          assert.equal(outcome.retryable, ['rateLimited', 'server', 'timeout', 'network'].includes(c.kind), 'retryable');
          leaks.checkError(`${c.name} → ${call.name}`, outcome);
          leaks.check(`${c.name} → ${call.name} (describeError)`, describeError(outcome));
        }
        assert.equal(served, c.attempts, `requests the node saw for ${c.name}`);
        leaks.checkAll(
          `${c.name} → ${call.name} (request log)`,
          events.map((e) => JSON.stringify({ ...e, error: e.error && { message: e.error.message, stack: e.error.stack } })),
        );
      });
    }
  }
});
