/**
 * The error taxonomy over real HTTP, and the one redaction point: whatever goes wrong, no message,
 * stack or log event holds the key or the URL.
 */
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import type { ServerResponse } from 'node:http';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { describeError, ProviderError, type ProviderErrorKind } from '../../src/core/errors';
import type { RequestEvent } from '../../src/core/transport';
import { parseRetryAfter } from '../../src/core/transport';
import { redact } from '../../src/core/redact';
import { json, ScriptedServer, text, type ReceivedRequest } from '../support/scriptedServer';

const KEY = 'sk-LEAKCHECK-3a9f27c1';

interface Case {
  name: string;
  kind: ProviderErrorKind;
  reply: (req: ReceivedRequest, res: ServerResponse) => void;
  message: RegExp;
  call?: (c: ProviderClients) => Promise<unknown>;
}

const rpcId = (req: ReceivedRequest) => (req.json as { id: number }).id;

const cases: Case[] = [
  { name: '401', kind: 'badKey', reply: (_q, r) => text(r, 401, `invalid key ${KEY}`), message: /rejected the API key \(HTTP 401\)/ },
  { name: '403', kind: 'badKey', reply: (_q, r) => text(r, 403, 'forbidden'), message: /HTTP 403/ },
  {
    name: '404 echoing the path with the key',
    kind: 'wrongPath',
    reply: (q, r) => text(r, 404, `<html>Cannot POST ${q.url}</html>`, 'text/html'),
    message: /no evm endpoint.*HTTP 404/,
  },
  { name: '413', kind: 'tooLarge', reply: (_q, r) => text(r, 413, 'too large'), message: /too large \(HTTP 413\)/ },
  {
    name: '422 with the provider text',
    kind: 'refused',
    reply: (_q, r) => text(r, 422, 'Failed to deserialize the JSON body into the target type'),
    message: /HTTP 422\): Failed to deserialize/,
    call: (c) => c.info.spotMeta(),
  },
  {
    name: '429 with Retry-After',
    kind: 'rateLimited',
    reply: (_q, r) =>
      json(
        r,
        429,
        { error: { code: 429, message: 'The requests per second (RPS) of your requests are higher than your plan allows.' } },
        { 'Retry-After': '120' },
      ),
    message: /HTTP 429\)\. Try again in 120 s/,
  },
  { name: '500 with body null', kind: 'server', reply: (_q, r) => text(r, 500, 'null', 'application/json'), message: /server error \(HTTP 500\)/ },
  {
    name: '502 HTML page from a proxy',
    kind: 'server',
    reply: (q, r) => text(r, 502, `<html><body>Bad gateway for ${q.url}</body></html>`, 'text/html'),
    message: /HTTP 502/,
  },
  {
    name: '200 HTML page',
    kind: 'invalidResponse',
    reply: (_q, r) => text(r, 200, `<!doctype html><p>login at https://x.example/${KEY}</p>`, 'text/html'),
    message: /an HTML page instead of JSON/,
  },
  { name: 'malformed JSON', kind: 'invalidResponse', reply: (_q, r) => text(r, 200, '{"jsonrpc":"2.0","id":', 'application/json'), message: /not JSON/ },
  {
    name: 'wrong id',
    kind: 'invalidResponse',
    reply: (q, r) => json(r, 200, { jsonrpc: '2.0', id: rpcId(q) + 7, result: null }),
    message: /different request \(JSON-RPC id/,
  },
  {
    name: 'JSON-RPC error whose message echoes the key',
    kind: 'rpc',
    reply: (q, r) => json(r, 200, { jsonrpc: '2.0', id: rpcId(q), error: { code: -32602, message: `bad params for /${KEY}/evm` } }),
    message: /JSON-RPC error -32602/,
  },
  {
    name: 'wrong types',
    kind: 'invalidResponse',
    reply: (q, r) => json(r, 200, { jsonrpc: '2.0', id: rpcId(q), result: { block: { number: 5 }, issuance: {}, totalFees: '0x0' } }),
    message: /ots_getBlockDetails: block\.number/,
  },
  {
    name: 'number over 2^256',
    kind: 'invalidResponse',
    reply: (q, r) => json(r, 200, { jsonrpc: '2.0', id: rpcId(q), result: '0x1' + '0'.repeat(64) }),
    message: /eth_blockNumber/,
    call: (c) => c.evm.getBlockNumber(),
  },
  {
    name: 'connection reset mid-body',
    kind: 'network',
    reply: (_q, r) => {
      r.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      r.write('{"jsonrpc":"2.0",');
      setTimeout(() => r.socket?.destroy(), 20);
    },
    message: /closed before the answer was complete/,
  },
  { name: 'socket destroyed without an answer', kind: 'network', reply: (_q, r) => r.socket?.destroy(), message: /closed before the answer was complete/ },
  { name: 'timeout', kind: 'timeout', reply: () => undefined, message: /did not answer within 0\.3 s/ },
  {
    name: 'oversize body',
    kind: 'tooLarge',
    reply: (_q, r) => {
      r.writeHead(200, { 'Content-Type': 'application/json' });
      r.end('[' + '"x",'.repeat(100_000) + '"x"]');
    },
    message: /larger than the 64 KB limit/,
  },
];

describe('transport: error taxonomy and redaction over real HTTP', () => {
  const server = new ScriptedServer();
  let baseUrl: string;
  let clients: ProviderClients;
  const events: RequestEvent[] = [];

  before(async () => {
    baseUrl = await server.start();
    clients = createProviderClients(baseUrl, KEY, { timeoutMs: 300, maxRetries: 0, maxResponseBytes: 64 * 1024, onRequest: (e) => events.push(e) });
  });
  after(() => server.stop());

  for (const c of cases) {
    it(`${c.name} → ${c.kind}, a clear message, and no key or URL anywhere`, async () => {
      server.handler = c.reply;
      events.length = 0;
      const error = await (c.call ?? ((x) => x.evm.getBlockDetails(7)))(clients).then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ProviderError, `not a ProviderError: ${String(error)}`);
      assert.equal(error.kind, c.kind, error.message);
      assert.match(error.message, c.message);
      const everything = [
        error.message,
        error.stack ?? '',
        describeError(error),
        JSON.stringify(error),
        ...events.map((e) => JSON.stringify({ ...e, error: e.error?.message })),
      ];
      for (const text of everything) {
        assert.ok(!text.includes(KEY), `the key leaked: ${text}`);
        assert.ok(!text.includes(baseUrl), `the URL leaked: ${text}`);
      }
      assert.equal((error as unknown as { cause?: unknown }).cause, undefined);
    });
  }

  it('sends only Content-Type of meaning (no auth header, no Accept, no User-Agent), and asks to keep the connection', async () => {
    server.rpcResult('0x10');
    // An agent that closes each connection unless the request asks otherwise, as VS Code's proxy agent does
    // (Node's own global agent would add `Connection: keep-alive` by itself).
    // The module object itself (an import's namespace is read-only), as a proxy agent patches it.
    const nodeHttp = createRequire(__filename)('node:http') as typeof http;
    const nodeAgent = nodeHttp.globalAgent;
    nodeHttp.globalAgent = new http.Agent({ keepAlive: false });
    try {
      await clients.evm.getBlockNumber();
    } finally {
      nodeHttp.globalAgent.destroy();
      nodeHttp.globalAgent = nodeAgent;
    }
    const headers = server.received.at(-1)!.headers;
    assert.equal(headers['content-type'], 'application/json');
    for (const h of ['accept', 'user-agent', 'authorization', 'x-api-key']) assert.equal(headers[h], undefined, h);
    // Transport headers only: VS Code's proxy agent keeps a connection only when asked (docs/FACTS.md#connections).
    assert.equal(headers.connection, 'keep-alive');
    assert.match(String(headers['accept-encoding']), /gzip/);
  });

  it('reads a gzip answer, and holds the inflated answer to the size cap (a 10 KB bomb of 1 MB is refused)', async () => {
    const gzipped = (result: string) => (q: ReceivedRequest, r: ServerResponse) => {
      const body = zlib.gzipSync(JSON.stringify({ jsonrpc: '2.0', id: (q.json as { id: number }).id, result }));
      gzipSizes.push(body.length);
      r.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      r.end(body);
    };
    const gzipSizes: number[] = [];
    server.handler = gzipped('0x2a');
    assert.equal(await clients.evm.getBlockNumber(), 42);
    server.handler = gzipped('0x' + '0'.repeat(1024 * 1024));
    await assert.rejects(clients.evm.getBlockNumber(), (e: ProviderError) => e.kind === 'tooLarge' && /64 KB/.test(e.message));
    assert.ok(gzipSizes[1] < 10 * 1024, `the bomb was ${gzipSizes[1]} bytes on the wire`);
  });

  it('cancels with an AbortSignal', async () => {
    server.handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = clients.evm.getBlockNumber(controller.signal);
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(pending, (e: ProviderError) => e.kind === 'cancelled');
  });

  it('refuses bad input before any request', async () => {
    const before = server.received.length;
    await assert.rejects(clients.info.openOrders('0x123'), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.openOrders('0x' + 'g'.repeat(40)), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.openOrders('0x' + 'a'.repeat(40), 'bad dex/'), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.evm.getBlockDetails(-1), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.evm.getBlockDetails(1.5), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.evm.getBlockDetails(2 ** 53), (e: ProviderError) => e.kind === 'badInput');
    assert.throws(
      () => createProviderClients('http://example.com', KEY, { timeoutMs: 1000 }),
      (e: ProviderError) => e.kind === 'config' && /https/.test(e.message),
    );
    assert.throws(
      () => createProviderClients('ftp://127.0.0.1', KEY, { timeoutMs: 1000 }),
      (e: ProviderError) => e.kind === 'config',
    );
    assert.throws(
      () => createProviderClients(baseUrl, 'a/b', { timeoutMs: 1000 }),
      (e: ProviderError) => e.kind === 'config' && !e.message.includes('a/b'),
    );
    assert.throws(
      () => createProviderClients(baseUrl, '', { timeoutMs: 1000 }),
      (e: ProviderError) => e.kind === 'config',
    );
    assert.equal(server.received.length, before);
  });

  it('rejects transactionCount that does not match transactions', async () => {
    server.rpcResult({
      block: {
        number: '0x1',
        hash: '0x' + '1'.repeat(64),
        parentHash: '0x' + '2'.repeat(64),
        timestamp: '0x1',
        miner: '0x' + '0'.repeat(40),
        gasUsed: '0x0',
        gasLimit: '0x1',
        transactionCount: 3,
        transactions: [],
      },
      issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' },
      totalFees: '0x0',
    });
    await assert.rejects(clients.evm.getBlockDetails(1), (e: ProviderError) => e.kind === 'invalidResponse' && /transactionCount/.test(e.message));
  });
});

describe('transport: a large answer holds the event loop one step at a time', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;

  before(async () => {
    clients = createProviderClients(await server.start(), KEY, { timeoutMs: 10_000, maxRetries: 0, maxResponseBytes: 8 * 1024 * 1024 });
  });
  after(() => server.stop());

  /**
   * What happened, in order, while `postJson` read an answer of `items` strings: `parse` for each
   * JSON.parse of 10,000 characters or more (of the answer or a piece of it), `turn` for each turn of the event loop
   * (a setImmediate that schedules itself), `done` when the parsed answer came back.
   */
  /** The length of each text JSON.parse was given meanwhile. */
  const pieces: number[] = [];
  async function timeline(items: number): Promise<string[]> {
    const result = Array.from({ length: items }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
    server.rpcResult(result);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
    const events: string[] = [];
    pieces.length = 0;
    const parse = JSON.parse;
    JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      if (text.length >= 10_000) events.push('parse');
      pieces.push(text.length);
      return parse(text, reviver);
    }) as typeof JSON.parse;
    let running = true;
    const loop = () => {
      if (!running) return;
      if (events.at(-1) !== 'turn') events.push('turn');
      setImmediate(loop);
    };
    setImmediate(loop);
    try {
      const answer = (await clients.transport.postJson('evm', body, 'test', undefined, { maxBytes: 8 * 1024 * 1024, maxValues: 1_000_000 })) as {
        result: string[];
      };
      events.push('done');
      assert.equal(answer.result.length, items);
    } finally {
      running = false;
      JSON.parse = parse;
    }
    return events;
  }

  it('an answer over 256 KB is parsed in pieces of at most 256 KB, and the loop turns before the caller', async () => {
    const events = await timeline(40_000); // ~2.8 MB
    assert.ok(events.filter((e) => e === 'parse').length >= 10, events.join(' '));
    assert.ok(Math.max(...pieces) <= 256 * 1024 + 2, `the largest piece: ${Math.max(...pieces)} characters`);
    assert.deepEqual(events.slice(-2), ['turn', 'done'], events.slice(-6).join(' '));
  });

  it('a small answer is read in one go (no turn between JSON.parse and the caller)', async () => {
    const events = await timeline(1_000); // ~70 KB: parsed whole, at once
    assert.deepEqual(events.slice(-2), ['parse', 'done'], events.join(' '));
    assert.equal(Math.max(...pieces), 69_035, 'the whole answer');
  });
});

describe('transport: retries', () => {
  const server = new ScriptedServer();
  let baseUrl: string;
  before(async () => (baseUrl = await server.start()));
  after(() => server.stop());

  it('retries a 503 a bounded number of times, then reports it', async () => {
    const clients = createProviderClients(baseUrl, KEY, { timeoutMs: 1000, maxRetries: 2, retryBaseMs: 5 });
    const before = server.received.length;
    server.handler = (_q, r) => text(r, 503, 'busy');
    await assert.rejects(clients.evm.getBlockNumber(), (e: ProviderError) => e.kind === 'server');
    assert.equal(server.received.length - before, 3);
  });

  it('honours a short Retry-After on 429 and then succeeds', async () => {
    const clients = createProviderClients(baseUrl, KEY, { timeoutMs: 2000, maxRetries: 2 });
    let calls = 0;
    server.handler = (q, r) =>
      ++calls === 1 ? text(r, 429, 'slow down', 'text/plain', { 'Retry-After': '1' }) : json(r, 200, { jsonrpc: '2.0', id: rpcId(q), result: '0x2a' });
    const t = Date.now();
    assert.equal(await clients.evm.getBlockNumber(), 42);
    assert.ok(Date.now() - t >= 950, 'waited for Retry-After');
    assert.equal(calls, 2);
  });

  it('does not wait out a long Retry-After: it reports it', async () => {
    const clients = createProviderClients(baseUrl, KEY, { timeoutMs: 2000, maxRetries: 2 });
    const before = server.received.length;
    server.handler = (_q, r) => text(r, 429, '', 'text/plain', { 'Retry-After': '60' });
    await assert.rejects(clients.evm.getBlockNumber(), (e: ProviderError) => e.kind === 'rateLimited' && e.retryAfterSeconds === 60);
    assert.equal(server.received.length - before, 1);
  });

  it('does not retry what retrying cannot fix (401, 422, invalid JSON)', async () => {
    const clients = createProviderClients(baseUrl, KEY, { timeoutMs: 1000, maxRetries: 3, retryBaseMs: 1 });
    for (const reply of [(r: ServerResponse) => text(r, 401, ''), (r: ServerResponse) => text(r, 422, 'no'), (r: ServerResponse) => text(r, 200, '{')]) {
      const before = server.received.length;
      server.handler = (_q, r) => reply(r);
      await assert.rejects(clients.evm.getBlockNumber());
      assert.equal(server.received.length - before, 1);
    }
  });
});

describe('redact and Retry-After parsing', () => {
  it('removes registered secrets and every URL from any text', () => {
    createProviderClients('https://node.example', KEY, { timeoutMs: 1000 }); // registers the key
    const out = redact(`failed: https://node.example/${KEY}/evm (key ${KEY}, encoded ${encodeURIComponent(KEY)})`);
    assert.ok(!out.includes(KEY));
    assert.ok(!out.includes('/evm'));
    assert.match(out, /https:\/\/node\.example\/\[redacted\]/);
  });

  it('reads delta-seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('7'), 7);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
