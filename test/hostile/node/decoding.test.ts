/**
 * The response schemas, through the real clients over real HTTP (fast-check): random JSON values and
 * randomly mutated real answers end in an answer or in a ProviderError of kind `invalidResponse` (for
 * a block, also `notFound` when the result is null) — never anything else; generated valid answers
 * decode exactly.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ProviderError, type ProviderErrorKind } from '../../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../../src/core/provider';
import { DEMO_BLOCKS, DEMO_WALLETS, startDemoNode } from '../../../src/demo/demoNode';
import { figures, incident } from '../support/figures';
import { hostileKey, LeakWatch } from '../support/leaks';
import { json, ScriptedServer, text } from '../../support/scriptedServer';

type Json = any;

const RUNS = 50;
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

interface Target {
  name: string;
  endpoint: 'evm' | 'info';
  run: (c: ProviderClients) => Promise<unknown>;
  allowed: ProviderErrorKind[];
}

const TARGETS: Target[] = [
  {
    name: 'ots_getBlockDetails (spec shape)',
    endpoint: 'evm',
    run: (c) => c.evm.getBlockDetails(DEMO_BLOCKS.bigBlock),
    allowed: ['invalidResponse', 'notFound'],
  },
  { name: 'ots_getBlockDetails (slim)', endpoint: 'evm', run: (c) => c.evm.getBlockDetails(DEMO_BLOCKS.smallBlock), allowed: ['invalidResponse', 'notFound'] },
  {
    name: 'ots_getBlockTransactions',
    endpoint: 'evm',
    run: (c) => c.evm.getBlockTransactions(DEMO_BLOCKS.smallBlock, 0, 100),
    allowed: ['invalidResponse', 'notFound'],
  },
  { name: 'eth_blockNumber', endpoint: 'evm', run: (c) => c.evm.getBlockNumber(), allowed: ['invalidResponse'] },
  { name: 'openOrders', endpoint: 'info', run: (c) => c.info.openOrders(maker.address), allowed: ['invalidResponse'] },
  { name: 'spotMeta', endpoint: 'info', run: (c) => c.info.spotMeta(), allowed: ['invalidResponse'] },
  { name: 'perpDexs', endpoint: 'info', run: (c) => c.info.perpDexs(), allowed: ['invalidResponse'] },
];

// ---- mutations of a JSON value ----

type Op = 'delete' | 'replace' | 'retype' | 'huge' | 'negative' | 'null' | 'extra' | 'duplicate' | 'empty';
const OPS: Op[] = ['delete', 'replace', 'retype', 'huge', 'negative', 'null', 'extra', 'duplicate', 'empty'];

/** Every path to a value inside `value` (the root is []). */
function paths(value: Json, at: (string | number)[] = [], out: (string | number)[][] = [], limit = 4000): (string | number)[][] {
  if (out.length >= limit) return out;
  out.push(at);
  if (Array.isArray(value)) value.slice(0, 20).forEach((v, i) => paths(v, [...at, i], out, limit));
  else if (value && typeof value === 'object') for (const k of Object.keys(value)) paths(value[k], [...at, k], out, limit);
  return out;
}

/** One mutation at one place; returns the mutated copy. */
function mutate(original: Json, pathSeed: number, op: Op, replacement: Json): Json {
  const root = { v: structuredClone(original) };
  const all = paths(root.v).map((p) => ['v', ...p]);
  const path = all[pathSeed % all.length]!;
  const parent = path.slice(0, -1).reduce((o: Json, k) => o[k], root);
  const key = path[path.length - 1]!;
  const current = parent[key];
  switch (op) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'replace':
      parent[key] = replacement;
      break;
    case 'retype':
      parent[key] =
        typeof current === 'string'
          ? Number.isNaN(Number(current))
            ? current.length
            : Number(current)
          : typeof current === 'number'
            ? String(current)
            : Array.isArray(current)
              ? { ...current }
              : [current];
      break;
    case 'huge':
      parent[key] = typeof current === 'string' && current.startsWith('0x') ? '0x1' + '0'.repeat(64) : typeof current === 'string' ? '9'.repeat(60) : 2 ** 64;
      break;
    case 'negative':
      parent[key] = typeof current === 'string' ? `-${current}` : typeof current === 'number' ? -current - 1 : -1;
      break;
    case 'null':
      parent[key] = null;
      break;
    case 'extra':
      if (current && typeof current === 'object' && !Array.isArray(current)) current[`x${pathSeed}`] = replacement;
      else parent[key] = replacement;
      break;
    case 'duplicate':
      if (Array.isArray(current) && current.length) current.push(structuredClone(current[0]));
      else parent[key] = [current, current];
      break;
    case 'empty':
      parent[key] = Array.isArray(current) ? [] : typeof current === 'string' ? '' : {};
      break;
  }
  return root.v;
}

// ---- valid answers, generated ----

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const mixedCase = (s: string, seed: number) => s.replace(/[a-f]/g, (c, i) => ((seed >> (i % 30)) & 1 ? c.toUpperCase() : c));
const quantity = (max: bigint) => fc.bigInt({ min: 0n, max }).map((n) => `0x${n.toString(16)}`);
const U256 = 2n ** 256n - 1n;
const hash = fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat()).map(([b, s]) => `0x${mixedCase(hexOf(b), s)}`);
const address = fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat()).map(([b, s]) => `0x${mixedCase(hexOf(b), s)}`);
const tx = fc.record({
  hash,
  from: address,
  to: fc.option(address, { nil: null }),
  value: quantity(U256),
  gas: quantity(2n ** 64n),
  gasPrice: quantity(2n ** 80n),
});
const block = fc.record({
  number: quantity(BigInt(Number.MAX_SAFE_INTEGER)),
  hash,
  parentHash: hash,
  timestamp: quantity(2n ** 40n),
  miner: address,
  gasUsed: quantity(U256),
  gasLimit: quantity(U256),
  baseFeePerGas: quantity(2n ** 64n),
  transactions: fc.array(tx, { maxLength: 4 }),
});
const blockResult = fc
  .record({ block, issuance: fc.record({ blockReward: quantity(U256), uncleReward: quantity(U256), issuance: quantity(U256) }), totalFees: quantity(U256) })
  .map((r) => {
    const withIndexes = r.block.transactions.map((t, i) => ({ ...t, transactionIndex: i }));
    return { ...r, block: { ...r.block, transactions: withIndexes, transactionCount: withIndexes.length } };
  });
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.option(fc.bigInt({ min: 0n, max: 10n ** 20n }), { nil: undefined }))
  .map(([w, f]) => (f === undefined ? String(w) : `${w}.${f}`));
const order = fc.record(
  {
    coin: fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }),
    limitPx: decimal,
    oid: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    side: fc.constantFrom('A', 'B'),
    sz: decimal,
    timestamp: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    origSz: decimal,
    cloid: fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => `0x${hexOf(b)}`),
    reduceOnly: fc.boolean(),
  },
  { requiredKeys: ['coin', 'limitPx', 'oid', 'side', 'sz', 'timestamp'] },
);

describe('hostile: response decoding through the clients (fast-check over HTTP)', function () {
  this.timeout(120_000);
  const key = hostileKey();
  const server = new ScriptedServer();
  let clients: ProviderClients;
  let leaks: LeakWatch;
  /** The next answer: a JSON-RPC `result` for /evm, the whole body for /info (or raw text). */
  let next: { value?: Json; raw?: string } = {};
  const real = new Map<string, Json>();

  before(async () => {
    const base = await server.start();
    leaks = new LeakWatch(key, [base]);
    server.handler = (req, res) => {
      if (next.raw !== undefined) return text(res, 200, next.raw, 'application/json');
      if (req.url.endsWith('/evm')) return json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, result: next.value });
      return text(res, 200, JSON.stringify(next.value) ?? '', 'application/json'); // a deleted root: an empty body
    };
    clients = createProviderClients(base, key, { timeoutMs: 5000, maxRetries: 0 });
    // The real answers to mutate, from the demo node.
    const node = await startDemoNode({ apiKey: key });
    try {
      const demo = createProviderClients(node.baseUrl, key, { timeoutMs: 5000, maxRetries: 0 });
      const raw = async (endpoint: 'evm' | 'info', body: object) =>
        JSON.parse(String(await demo.transport.postJson(endpoint, JSON.stringify(body), 'fixture').then((j) => JSON.stringify(j))));
      const rpc = async (method: string, params: unknown[]) => (await raw('evm', { jsonrpc: '2.0', id: 1, method, params })).result;
      real.set('ots_getBlockDetails (spec shape)', await rpc('ots_getBlockDetails', [DEMO_BLOCKS.bigBlock]));
      real.set('ots_getBlockDetails (slim)', await rpc('ots_getBlockDetails', [DEMO_BLOCKS.smallBlock]));
      real.set('ots_getBlockTransactions', await rpc('ots_getBlockTransactions', [DEMO_BLOCKS.smallBlock, 0, 100]));
      real.set('eth_blockNumber', await rpc('eth_blockNumber', []));
      real.set('openOrders', await raw('info', { type: 'openOrders', user: maker.address, dex: '' }));
      real.set('spotMeta', await raw('info', { type: 'spotMeta' }));
      real.set('perpDexs', await raw('info', { type: 'perpDexs' }));
    } finally {
      await node.close();
    }
  });
  after(() => server.stop());

  /** Runs `target` on the current answer; only an answer or an allowed ProviderError may come out. */
  async function outcome(target: Target, what: string): Promise<{ value?: unknown; error?: ProviderError }> {
    figures.responsesMutated += 1;
    try {
      return { value: await target.run(clients) };
    } catch (e) {
      if (!(e instanceof ProviderError)) {
        incident('crashes', `${target.name} on ${what}: ${e instanceof Error ? e.stack : String(e)}`);
        throw new Error(`${target.name} threw something other than a ProviderError: ${String(e)}`);
      }
      assert.ok(target.allowed.includes(e.kind), `${target.name}: ${e.kind}: ${e.message}`);
      assert.ok(e.message.length < 400);
      leaks.checkError(`${target.name} on ${what}`, e);
      return { error: e };
    }
  }

  for (const target of TARGETS) {
    it(`${target.name}: any JSON value is an answer or an invalidResponse`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
          next = { value };
          await outcome(target, JSON.stringify(value).slice(0, 80));
        }),
        { numRuns: RUNS },
      );
    });

    it(`${target.name}: a real answer with one random mutation is decoded or refused as invalidResponse`, async () => {
      const original = real.get(target.name);
      assert.ok(original !== undefined, 'the real answer was fetched');
      await fc.assert(
        fc.asyncProperty(fc.nat(), fc.constantFrom(...OPS), fc.jsonValue({ maxDepth: 2 }), async (seed, op, replacement) => {
          next = { value: mutate(original, seed, op, replacement) };
          await outcome(target, `${op} at #${seed}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('bodies that are not JSON at all, or JSON nested too deep, are refused as invalidResponse', async () => {
    // Nesting past 64 levels is refused before parsing (issue 23); 10,000 levels stay under every method's size cap.
    for (const raw of [
      '',
      ' ',
      'null',
      '"text"',
      '{"a":',
      '[1,2',
      'NaN',
      '\u0000',
      '<html>',
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
    ]) {
      next = { raw };
      for (const target of TARGETS) await outcome(target, JSON.stringify(raw.slice(0, 20)));
    }
    next = {};
  });

  it('a generated valid block decodes exactly: every quantity as bigint, hashes and addresses lowercased', async () => {
    const target = TARGETS[0]!;
    await fc.assert(
      fc.asyncProperty(blockResult, async (generated) => {
        // The client checks that the node answered the block it asked for: the generated block is that one.
        const result = { ...generated, block: { ...generated.block, number: `0x${DEMO_BLOCKS.bigBlock.toString(16)}` } };
        next = { value: result };
        const { value, error } = await outcome(target, 'a valid block');
        assert.equal(error, undefined, error?.message);
        const d = value as Json;
        const b = result.block;
        assert.equal(d.block.number, BigInt(b.number));
        assert.equal(d.block.hash, b.hash.toLowerCase());
        assert.equal(d.block.miner, b.miner.toLowerCase());
        assert.equal(d.block.gasUsed, BigInt(b.gasUsed));
        assert.equal(d.block.gasLimit, BigInt(b.gasLimit));
        assert.equal(d.block.baseFeePerGas, BigInt(b.baseFeePerGas));
        assert.equal(d.block.transactionCount, b.transactions.length);
        assert.equal(d.totalFees, BigInt(result.totalFees));
        assert.equal(d.issuance.issuance, BigInt(result.issuance.issuance));
        assert.deepEqual(
          d.transactions.slice().map((t: Json) => [t.hash, t.from, t.to, t.value, t.gas, t.gasPrice, t.transactionIndex]),
          b.transactions.map((t) => [
            t.hash.toLowerCase(),
            t.from.toLowerCase(),
            t.to?.toLowerCase() ?? null,
            BigInt(t.value),
            BigInt(t.gas),
            BigInt(t.gasPrice),
            t.transactionIndex,
          ]),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('generated valid open orders decode exactly: decimals stay strings, nothing rounded', async () => {
    const target = TARGETS.find((t) => t.name === 'openOrders')!;
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 6 }), async (orders) => {
        next = { value: orders };
        const { value, error } = await outcome(target, 'valid orders');
        assert.equal(error, undefined, error?.message);
        assert.deepEqual(
          (value as Json[]).map((o) => [o.coin, o.limitPx, o.oid, o.side, o.sz, o.timestamp, o.origSz, o.cloid, o.reduceOnly]),
          orders.map((o) => [o.coin, o.limitPx, o.oid, o.side, o.sz, o.timestamp, o.origSz, o.cloid, o.reduceOnly]),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
