/**
 * Bounded parsing (issue 23, reproduction 4): no answer a method cannot legitimately need holds the
 * extension host's event loop. The clients run here as in the host, against a real local server that
 * sends the hostile corpus (JSON nested 16 million levels deep, deep nesting inside a real envelope,
 * flat answers over a method's cap), while this process measures the longest block of its event loop.
 * A legitimately large answer (a 10,000-transaction block) still works, and its cost is measured.
 */
import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { DEMO_BLOCKS } from '../../../src/demo/demoNode';
import { demoBlockDetails } from '../../../src/demo/chain';
import { isProviderError, type ProviderErrorKind } from '../../../src/core/errors';
import { EVM_ANSWER_LIMITS, type EvmMethod } from '../../../src/core/evmClient';
import { INFO_ANSWER_LIMITS } from '../../../src/core/infoClient';
import { jsonProblem } from '../../../src/core/jsonLimits';
import { createProviderClients, type ProviderClients } from '../../../src/core/provider';
import { ScriptedServer, type ReceivedRequest } from '../../support/scriptedServer';
import { figures } from '../support/figures';
import { EVENT_LOOP_LIMIT_MS, heldText, longestBlock } from './eventLoop';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'cd'.repeat(20)}`;
const MB = 1024 * 1024;

/** The reproduction: 32 MB of JSON nested 16 million levels deep (valid JSON: it closes every bracket). */
const SIXTEEN_MILLION_DEEP = Buffer.concat([Buffer.alloc(16_000_000, '['), Buffer.alloc(16_000_000, ']')]);

/** A real JSON-RPC envelope whose result nests `{"a":` as deep as fits in `bytes`. */
function deepInEnvelope(bytes: number): Buffer {
  const head = '{"jsonrpc":"2.0","id":1,"result":';
  const levels = Math.floor((bytes - head.length - 3) / 6);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(levels * 5, '{"a":'), Buffer.from('1'), Buffer.alloc(levels, '}'), Buffer.from('}')]);
}

/** A flat JSON-RPC answer one byte over `cap`: a hex string result. */
function flatOver(cap: number): Buffer {
  const head = '{"jsonrpc":"2.0","id":1,"result":"0x';
  const tail = '"}';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(cap + 1 - head.length - tail.length, '0'), Buffer.from(tail)]);
}

/** `{"k0":0,"k1":0,…}` filling up to `bytes`, written in place (a million strings joined would leave the GC work to do while measuring). */
function distinctFieldNames(bytes: number): { body: Buffer; count: number } {
  const body = Buffer.alloc(bytes);
  let at = body.write('{');
  let count = 0;
  while (at < bytes - 24) at += body.write(`${count ? ',' : ''}"k${count++}":0`, at, 'latin1');
  at += body.write('}', at);
  return { body: body.subarray(0, at), count };
}

/** Sends `body` whole, with its Content-Length, or in 64 KB chunks without one. */
function sendBody(res: ServerResponse, body: Buffer, chunked = false): void {
  if (!chunked) {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  let at = 0;
  const pump = () => {
    while (at < body.length && !res.destroyed) {
      const piece = body.subarray(at, at + 64 * 1024);
      at += piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

/** What a hover asks for, by what is hovered; each is one or two client calls. */
const HOVERS: { name: string; methods: EvmMethod[]; run: (c: ProviderClients) => Promise<unknown> }[] = [
  { name: 'an address (eth_getCode, eth_getBalance)', methods: ['eth_getCode', 'eth_getBalance'], run: (c) => c.evm.getAddressSummary(ADDRESS as never) },
  { name: 'a transaction hash (eth_getTransactionByHash)', methods: ['eth_getTransactionByHash'], run: (c) => c.evm.getTransaction(HASH as never) },
  { name: 'a transaction hash (eth_getTransactionReceipt)', methods: ['eth_getTransactionReceipt'], run: (c) => c.evm.getTransactionReceipt(HASH as never) },
  { name: 'a block number (ots_getBlockDetails)', methods: ['ots_getBlockDetails'], run: (c) => c.evm.getBlockDetails(DEMO_BLOCKS.bigBlock) },
];

/** Runs `call` against whatever the server answers, and returns the error kind (or 'ok') and the longest block. */
async function measured(call: () => Promise<unknown>): Promise<{ outcome: ProviderErrorKind | 'ok'; message: string; blockedMs: number; busyMs: number }> {
  const { value, blockedMs, busyMs } = await longestBlock(() =>
    call().then(
      () => ({ outcome: 'ok' as const, message: '' }),
      (e: unknown) => {
        if (!isProviderError(e)) throw e;
        return { outcome: e.kind, message: e.message };
      },
    ),
  );
  return { ...value, blockedMs, busyMs };
}

describe('hostile: bounded parsing — no answer holds the event loop (issue 23)', function () {
  this.timeout(120_000);
  const server = new ScriptedServer();
  let clients: ProviderClients;

  before(async () => {
    const baseUrl = await server.start();
    clients = createProviderClients(baseUrl, 'sk-bounded-parsing', { timeoutMs: 60_000, maxRetries: 0 });
    // axios is loaded by the first request: not part of any measurement.
    server.rpcResult('0x1');
    await clients.evm.getBlockNumber();
  });
  after(() => server.stop());

  for (const hover of HOVERS) {
    it(`hovering ${hover.name}: 32 MB nested 16 million levels deep is refused without holding the event loop (was 5.3–5.9 s)`, async () => {
      for (const chunked of [false, true]) {
        server.handler = (_req, res) => sendBody(res, SIXTEEN_MILLION_DEEP, chunked);
        const r = await measured(() => hover.run(clients));
        figures.responsesMutated += 1;
        console.log(`      ${chunked ? 'chunked' : 'with Content-Length'}: ${r.outcome} ${heldText(r)}`);
        // Over a small method's cap it is too large; under a large one's, too deep.
        const small = hover.methods.some((m) => EVM_ANSWER_LIMITS[m].maxBytes < SIXTEEN_MILLION_DEEP.length);
        if (small) assert.equal(r.outcome, 'tooLarge', r.message);
        else {
          assert.equal(r.outcome, 'invalidResponse', r.message);
          assert.match(r.message, /^The provider’s evm endpoint answered with JSON nested more than 64 levels deep/);
        }
        assert.ok(r.busyMs < EVENT_LOOP_LIMIT_MS, heldText(r));
      }
    });
  }

  it('each evm method: a real envelope nesting as deep as its cap allows is refused as too deep, the event loop never held', async () => {
    for (const hover of HOVERS) {
      const cap = Math.min(...hover.methods.map((m) => EVM_ANSWER_LIMITS[m].maxBytes));
      const body = deepInEnvelope(cap);
      server.handler = (_req, res) => sendBody(res, body);
      const r = await measured(() => hover.run(clients));
      figures.responsesMutated += 1;
      console.log(`      ${hover.name}, ${(body.length / MB).toFixed(2)} MB: ${heldText(r)}`);
      assert.equal(r.outcome, 'invalidResponse', r.message);
      assert.match(r.message, /nested more than 64 levels deep/);
      assert.ok(r.busyMs < EVENT_LOOP_LIMIT_MS, heldText(r));
    }
  });

  it('each evm method: a flat answer one byte over its cap is refused as too large, with or without Content-Length', async () => {
    for (const hover of HOVERS) {
      for (const method of hover.methods) {
        const cap = EVM_ANSWER_LIMITS[method].maxBytes;
        const body = flatOver(cap);
        for (const chunked of [false, true]) {
          // Only the method under test gets the oversize body; the other call of an address hover gets a fine answer.
          server.handler = (req: ReceivedRequest, res) => {
            const asked = (req.json as { method: string; id: number }) ?? { method: '', id: 0 };
            if (asked.method === method) return sendBody(res, body, chunked);
            sendBody(res, Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: asked.id, result: '0x' })));
          };
          const r = await measured(() => hover.run(clients));
          figures.responsesMutated += 1;
          assert.equal(r.outcome, 'tooLarge', `${method}: ${r.message}`);
          assert.equal(r.message, `The provider’s answer was larger than the ${cap >= MB ? `${cap / MB} MB` : `${cap / 1024} KB`} limit.`);
          assert.ok(r.busyMs < EVENT_LOOP_LIMIT_MS, `${method}: ${heldText(r)}`);
        }
      }
    }
  });

  it('info requests have their own caps: a wallet’s orders up to 8 MB, one order’s status 64 KB', async () => {
    server.handler = (_req, res) => sendBody(res, flatOver(INFO_ANSWER_LIMITS.orderStatus.maxBytes));
    await assert.rejects(clients.info.orderStatus(ADDRESS, 1), (e: unknown) => isProviderError(e) && e.kind === 'tooLarge' && /64 KB limit/.test(e.message));
    server.handler = (_req, res) => sendBody(res, SIXTEEN_MILLION_DEEP);
    await assert.rejects(clients.info.openOrders(ADDRESS), (e: unknown) => isProviderError(e) && e.kind === 'tooLarge' && /8 MB limit/.test(e.message));
    server.handler = (_req, res) => sendBody(res, deepInEnvelope(INFO_ANSWER_LIMITS.openOrders.maxBytes));
    const r = await measured(() => clients.info.openOrders(ADDRESS));
    figures.responsesMutated += 3;
    assert.equal(r.outcome, 'invalidResponse', r.message);
    assert.match(r.message, /^The provider’s info endpoint answered with JSON nested more than 64 levels deep/);
    assert.ok(r.busyMs < EVENT_LOOP_LIMIT_MS, heldText(r));
  });

  it('a legitimately large answer still works: a 10,000-transaction block in one ots_getBlockDetails (measured)', async () => {
    const result = demoBlockDetails(DEMO_BLOCKS.hugeSpecBlock, Math.floor(Date.now() / 1000)) as { block: { transactions: Record<string, unknown>[] } };
    // The demo's block holds plain transfers; each transaction here also carries 500 bytes of calldata.
    const heavy = {
      ...result,
      block: { ...result.block, transactions: result.block.transactions.map((t) => ({ ...t, input: `0xa9059cbb${'ab'.repeat(496)}` })) },
    };
    for (const [name, value] of [
      ['transfers only', result],
      ['500 bytes of calldata each', heavy],
    ] as const) {
      const text = JSON.stringify(value);
      server.handler = (req, res) => sendBody(res, Buffer.from(`{"jsonrpc":"2.0","id":${(req.json as { id: number }).id},"result":${text}}`));
      const r = await longestBlock(() => clients.evm.getBlockDetails(DEMO_BLOCKS.hugeSpecBlock));
      assert.equal(r.value.transactions?.length, 10_000);
      // The parts, alone: the nesting scan and JSON.parse of the same bytes.
      const bytes = Buffer.from(text);
      let t = performance.now();
      assert.equal(jsonProblem(bytes), undefined);
      const scanMs = performance.now() - t;
      t = performance.now();
      JSON.parse(bytes.toString('utf8'));
      const parseMs = performance.now() - t;
      console.log(
        `      ${name}: ${(bytes.length / MB).toFixed(1)} MB; nesting scan ${scanMs.toFixed(1)} ms, JSON.parse ${parseMs.toFixed(0)} ms; whole call: ${heldText(r)}`,
      );
    }
  });

  it('flat answers within a method’s bytes but past what it can hold are refused before parsing: 16 million values, a million distinct field names', async () => {
    const cap = EVM_ANSWER_LIMITS.eth_getTransactionReceipt.maxBytes;
    const zeros = Buffer.concat([Buffer.from('['), Buffer.alloc(2 * Math.floor((cap - 2) / 2) - 1, '0,'), Buffer.from(']')]); // [0,0,…,0]
    const { body: distinctNames, count: names } = distinctFieldNames(cap);
    const emptyObjects = Buffer.concat([Buffer.from('['), Buffer.alloc(3 * Math.floor((cap - 2) / 3) - 1, '{},'), Buffer.from(']')]);
    for (const [name, body, refused] of [
      ['32 MB of "0," (16 million values)', zeros, /holds more than 1,500,000 values/],
      [
        `${(distinctNames.length / MB).toFixed(0)} MB of distinct field names (${names.toLocaleString('en-US')})`,
        distinctNames,
        /has more than 4,096 distinct field names/,
      ],
      ['32 MB of "{}," (11 million empty objects)', emptyObjects, /holds more than 1,500,000 values/],
    ] as const) {
      server.handler = (_req, res) => sendBody(res, body);
      const r = await measured(() => clients.evm.getTransactionReceipt(HASH as never));
      figures.responsesMutated += 1;
      console.log(`      a transaction hash's receipt, ${name}: ${r.outcome}, ${heldText(r)}`);
      assert.equal(r.outcome, 'invalidResponse', r.message);
      assert.match(r.message, refused);
      assert.ok(r.busyMs < EVENT_LOOP_LIMIT_MS, heldText(r));
    }
  });

  it('the dearest answers within each large method’s limits (measured): empty objects up to its count of values', async () => {
    for (const [method, run] of [
      ['eth_getTransactionByHash', (c: ProviderClients) => c.evm.getTransaction(HASH as never)],
      ['eth_getTransactionReceipt', (c: ProviderClients) => c.evm.getTransactionReceipt(HASH as never)],
      ['ots_getBlockDetails', (c: ProviderClients) => c.evm.getBlockDetails(DEMO_BLOCKS.bigBlock)],
      ['ots_traceTransaction', (c: ProviderClients) => c.evm.traceTransaction(HASH as never)],
    ] as const) {
      const { maxValues } = EVM_ANSWER_LIMITS[method];
      // `[{},{},…]`: one value for the array, one per object (0.2–0.4 µs each to parse, the dearest kind after distinct names).
      const body = Buffer.concat([Buffer.from('['), Buffer.alloc(3 * (maxValues - 1) - 1, '{},'), Buffer.from(']')]);
      assert.equal(jsonProblem(body, EVM_ANSWER_LIMITS[method]), undefined);
      server.handler = (_req, res) => sendBody(res, body);
      const r = await measured(() => run(clients));
      figures.responsesMutated += 1;
      console.log(
        `      ${method}: ${(maxValues - 1).toLocaleString('en-US')} empty objects (${(body.length / MB).toFixed(1)} MB): ${r.outcome}, ${heldText(r)}`,
      );
      assert.equal(r.outcome, 'invalidResponse', r.message);
    }
  });

  it('the largest legitimate receipt (measured): 80,000 logs, all a 30M-gas transaction can emit', async () => {
    const log = (i: number) => ({
      address: ADDRESS,
      topics: [],
      data: '0x',
      blockNumber: '0x1a2b',
      transactionHash: HASH,
      transactionIndex: '0x0',
      blockHash: HASH,
      logIndex: `0x${i.toString(16)}`,
      removed: false,
    });
    const receipt = {
      transactionHash: HASH,
      transactionIndex: '0x0',
      blockHash: HASH,
      blockNumber: '0x1a2b',
      from: ADDRESS,
      to: ADDRESS,
      cumulativeGasUsed: '0x1c9c380',
      gasUsed: '0x1c9c380',
      effectiveGasPrice: '0x3b9aca00',
      contractAddress: null,
      logs: Array.from({ length: 80_000 }, (_, i) => log(i)),
      logsBloom: `0x${'0'.repeat(512)}`,
      status: '0x1',
      type: '0x2',
    };
    const text = JSON.stringify(receipt);
    server.handler = (req, res) => sendBody(res, Buffer.from(`{"jsonrpc":"2.0","id":${(req.json as { id: number }).id},"result":${text}}`));
    const r = await longestBlock(() => clients.evm.getTransactionReceipt(HASH as never));
    assert.equal(r.value?.logs.length, 80_000);
    const bytes = Buffer.from(text);
    let t = performance.now();
    assert.equal(jsonProblem(bytes, EVM_ANSWER_LIMITS.eth_getTransactionReceipt), undefined);
    const scanMs = performance.now() - t;
    t = performance.now();
    JSON.parse(text);
    const parseMs = performance.now() - t;
    console.log(`      ${(bytes.length / MB).toFixed(1)} MB; scan ${scanMs.toFixed(0)} ms, JSON.parse ${parseMs.toFixed(0)} ms; whole call: ${heldText(r)}`);
  });
});
