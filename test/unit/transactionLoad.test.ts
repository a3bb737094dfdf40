/**
 * loadTransaction and resolveHash over real HTTP: the transaction first, then receipt, revert reason,
 * trace and block time, each failing on its own; a 64-hex value read as a transaction, else a block.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import type { Hash } from '../../src/core/model';
import { encodePanic } from '../../src/core/revert';
import { loadTransaction, resolveHash } from '../../src/core/transactionLoad';
import { json, ScriptedServer, text, type ReceivedRequest } from '../support/scriptedServer';
import { receiptOf, rethTransaction } from '../support/transactionShapes';
import { msg } from '../../src/core/translate';

const KEY = 'load-key-8b1e';
const TX = '0x0433cca2c713d66e13b2b71fd66589785428b6bdbc60bdb1642d44493b2a9c6f' as Hash;
const BLOCK = 0x1312d00;

type Rpc = { id: number; method: string; params: unknown[] };
const rpc = (req: ReceivedRequest) => req.json as Rpc;

function blockDetails(n: number): unknown {
  const h = '0x' + 'ab'.repeat(32);
  return {
    block: {
      number: '0x' + n.toString(16),
      hash: h,
      parentHash: h,
      timestamp: '0x6553f100',
      miner: '0x' + '0'.repeat(40),
      gasUsed: '0x0',
      gasLimit: '0x2dc6c0',
      transactionCount: 4,
    },
    issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' },
    totalFees: '0x0',
  };
}

type Reply = { result: unknown } | { error: { code: number; message: string } } | { status: number };

describe('loadTransaction and resolveHash over HTTP', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;
  let replies: Record<string, Reply>;
  const asked = () => server.received.map((r) => rpc(r).method);

  const normal = (): Record<string, Reply> => ({
    eth_getTransactionByHash: { result: rethTransaction() },
    eth_getTransactionReceipt: { result: receiptOf() },
    ots_traceTransaction: { result: [{ type: 'CALL', depth: 0, from: '0x' + '1'.repeat(40), to: '0x' + '2'.repeat(40), value: '0x1', input: '0x' }] },
    ots_getTransactionError: { result: encodePanic(0x12n) },
    ots_getBlockDetails: { result: blockDetails(BLOCK) },
    eth_getBlockByHash: { result: null },
  });

  before(async () => {
    clients = createProviderClients(await server.start(), KEY, { timeoutMs: 3000, maxRetries: 0 });
    server.handler = (req, res) => {
      const { id, method } = rpc(req);
      const reply = replies[method] ?? { error: { code: -32601, message: 'Method not found' } };
      if ('status' in reply) return text(res, reply.status, 'Internal Server Error');
      json(res, 200, { jsonrpc: '2.0', id, ...reply });
    };
  });
  beforeEach(() => {
    replies = normal();
    server.received.length = 0;
  });
  after(() => server.stop());

  it('loads a successful transaction with receipt, trace and block time, and asks no revert reason', async () => {
    const b = await loadTransaction(clients.evm, TX);
    assert.ok(b);
    assert.equal(b.tx.hash, TX);
    assert.ok(b.receipt.ok && b.receipt.value?.status === 'success');
    assert.ok(b.trace.ok && b.trace.value.length === 1);
    assert.equal(b.revert, undefined);
    assert.equal(b.blockTimestamp, 0x6553f100n);
    assert.equal(asked()[0], 'eth_getTransactionByHash', 'the transaction first');
    assert.deepEqual(asked().slice(1).sort(), ['eth_getTransactionReceipt', 'ots_getBlockDetails', 'ots_traceTransaction']);
    assert.deepEqual(rpc(server.received.find((r) => rpc(r).method === 'ots_getBlockDetails')!).params, [BLOCK]);
  });

  it('asks and decodes the revert reason when the receipt says reverted', async () => {
    replies.eth_getTransactionReceipt = { result: receiptOf(TX, '0x0') };
    const b = await loadTransaction(clients.evm, TX);
    assert.deepEqual(b!.revert, { ok: true, value: { kind: 'panic', code: 0x12n, meaning: msg('division or modulo by zero') } });
    assert.ok(asked().includes('ots_getTransactionError'));
  });

  it('Look Up of a transaction hash asks for the transaction once: resolveHash, then the page’s load with the transaction it found', async () => {
    const found = await resolveHash(clients.evm, TX);
    assert.equal(found.kind, 'transaction');
    const b = await loadTransaction(clients.evm, TX, undefined, found.kind === 'transaction' ? found.tx : undefined);
    assert.equal(b?.tx.hash, TX);
    assert.equal(asked().filter((m) => m === 'eth_getTransactionByHash').length, 1, asked().join(', '));
    assert.deepEqual(asked().slice(1).sort(), ['eth_getTransactionReceipt', 'ots_getBlockDetails', 'ots_traceTransaction']);
  });

  it('returns null for no such transaction, and asks nothing else', async () => {
    replies.eth_getTransactionByHash = { result: null };
    assert.equal(await loadTransaction(clients.evm, TX), null);
    assert.deepEqual(asked(), ['eth_getTransactionByHash']);
  });

  it('marks a node without ots_traceTransaction as unsupported, and keeps the rest', async () => {
    delete replies.ots_traceTransaction;
    const b = await loadTransaction(clients.evm, TX);
    assert.ok(!b!.trace.ok && b!.trace.unsupported && b!.trace.error.rpcCode === -32601);
    assert.ok(b!.receipt.ok);
    assert.equal(b!.blockTimestamp, 0x6553f100n);
  });

  it('degrades each extra request alone: a failed receipt (no revert asked), a failed revert, a failed or wrong block', async () => {
    replies.eth_getTransactionReceipt = { status: 500 };
    let b = await loadTransaction(clients.evm, TX);
    assert.ok(!b!.receipt.ok && !b!.receipt.unsupported && b!.receipt.error.kind === 'server');
    assert.equal(b!.revert, undefined);
    assert.ok(b!.trace.ok);
    assert.ok(!asked().includes('ots_getTransactionError'));

    replies = normal();
    replies.eth_getTransactionReceipt = { result: receiptOf(TX, '0x0') };
    replies.ots_getTransactionError = { error: { code: -32000, message: 'historical state not available' } };
    b = await loadTransaction(clients.evm, TX);
    assert.ok(b!.revert && !b!.revert.ok && b!.revert.error.kind === 'rpc' && !b!.revert.unsupported);
    assert.ok(b!.receipt.ok && b!.trace.ok);

    replies = normal();
    replies.ots_getBlockDetails = { error: { code: -32001, message: 'block not found: 0x1312d00' } };
    b = await loadTransaction(clients.evm, TX);
    assert.equal(b!.blockTimestamp, undefined);
    assert.ok(b!.receipt.ok && b!.trace.ok);
    replies.ots_getBlockDetails = { result: blockDetails(BLOCK + 1) };
    b = await loadTransaction(clients.evm, TX);
    assert.equal(b!.blockTimestamp, undefined, 'the time of another block is no time');
  });

  it('a pending transaction: receipt null, no block asked', async () => {
    replies.eth_getTransactionByHash = { result: { ...rethTransaction(), blockHash: null, blockNumber: null, transactionIndex: null } };
    replies.eth_getTransactionReceipt = { result: null };
    const b = await loadTransaction(clients.evm, TX);
    assert.deepEqual(b!.receipt, { ok: true, value: null });
    assert.equal(b!.blockTimestamp, undefined);
    assert.ok(!asked().includes('ots_getBlockDetails'));
  });

  it('fails as a whole when the transaction itself cannot be read', async () => {
    replies.eth_getTransactionByHash = { status: 500 };
    await assert.rejects(loadTransaction(clients.evm, TX), (e: { kind: string }) => e.kind === 'server');
  });

  it('ends at once, as a cancellation, when cancelled while the extras load', async () => {
    const controller = new AbortController();
    const slow = server.handler;
    server.handler = (req, res) => {
      if (rpc(req).method === 'eth_getTransactionByHash') return slow(req, res);
      setTimeout(() => slow(req, res), 2000);
    };
    try {
      const load = loadTransaction(clients.evm, TX, controller.signal);
      setTimeout(() => controller.abort(), 100);
      const started = Date.now();
      await assert.rejects(load, (e: { kind: string }) => e.kind === 'cancelled');
      assert.ok(Date.now() - started < 1500);
    } finally {
      server.handler = slow;
    }
  });

  it('resolves a hash: a transaction first, else a block by hash, else not found', async () => {
    assert.equal((await resolveHash(clients.evm, TX)).kind, 'transaction');
    assert.deepEqual(asked(), ['eth_getTransactionByHash']);
    replies.eth_getTransactionByHash = { result: null };
    replies.eth_getBlockByHash = { result: { hash: TX, number: '0x1a2b' } };
    assert.deepEqual(await resolveHash(clients.evm, TX), { kind: 'block', number: 0x1a2bn });
    replies.eth_getBlockByHash = { result: null };
    assert.deepEqual(await resolveHash(clients.evm, TX), { kind: 'notFound' });
    replies.eth_getBlockByHash = { status: 500 };
    await assert.rejects(resolveHash(clients.evm, TX), (e: { kind: string }) => e.kind === 'server');
  });
});
