/**
 * loadTransaction and lookUpHash over real HTTP: the transaction, receipt, revert reason and trace asked at
 * once (one JSON-RPC batch), each but the transaction failing on its own; a 64-hex value read as a
 * transaction, else a block, in the same round trip; the block's time after. A provider that refuses
 * batches is asked one call at a time.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import type { Hash } from '../../src/core/model';
import { encodePanic } from '../../src/core/revert';
import { blockTimestamp, loadTransaction, lookUpHash } from '../../src/core/transactionLoad';
import { json, ScriptedServer, text, type RpcCall } from '../support/scriptedServer';
import { receiptOf, rethTransaction } from '../support/transactionShapes';
import { msg } from '../../src/core/translate';

const KEY = 'load-key-8b1e';
const TX = '0x0433cca2c713d66e13b2b71fd66589785428b6bdbc60bdb1642d44493b2a9c6f' as Hash;
const BLOCK = 0x1312d00;

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

describe('loadTransaction and lookUpHash over HTTP', () => {
  const server = new ScriptedServer();
  let base: string;
  let clients: ProviderClients;
  let replies: Record<string, Reply>;
  /** Refuse batches as a provider may: HTTP 400 to any array. */
  let refuseBatches: boolean;
  const asked = () => server.calls.map((c) => c.method);
  const sortedAsked = () => asked().sort();

  const normal = (): Record<string, Reply> => ({
    eth_getTransactionByHash: { result: rethTransaction() },
    eth_getTransactionReceipt: { result: receiptOf() },
    ots_traceTransaction: { result: [{ type: 'CALL', depth: 0, from: '0x' + '1'.repeat(40), to: '0x' + '2'.repeat(40), value: '0x1', input: '0x' }] },
    ots_getTransactionError: { result: encodePanic(0x12n) },
    ots_getBlockDetails: { result: blockDetails(BLOCK) },
    eth_getBlockByHash: { result: null },
  });
  const answer = (call: RpcCall) => {
    const reply = replies[call.method] ?? { error: { code: -32601, message: 'Method not found' } };
    return { jsonrpc: '2.0', id: call.id, ...reply };
  };
  const PARTS = ['eth_getTransactionByHash', 'eth_getTransactionReceipt', 'ots_getTransactionError', 'ots_traceTransaction'];

  before(async () => {
    base = await server.start();
    clients = createProviderClients(base, KEY, { timeoutMs: 3000, maxRetries: 0 });
    server.handler = (req, res) => {
      if (Array.isArray(req.json)) {
        if (refuseBatches) return text(res, 400, 'batch requests are not supported');
        return json(res, 200, (req.json as RpcCall[]).map(answer));
      }
      const call = req.json as RpcCall;
      const reply = replies[call.method];
      if (reply && 'status' in reply) return text(res, reply.status, 'Internal Server Error');
      json(res, 200, answer(call));
    };
  });
  beforeEach(() => {
    replies = normal();
    refuseBatches = false;
    server.received.length = 0;
  });
  after(() => server.stop());

  it('asks the transaction, its receipt, revert reason and trace at once: one request, one round trip', async () => {
    const b = await loadTransaction(clients.evm, TX);
    assert.ok(b);
    assert.equal(b.tx.hash, TX);
    assert.ok(b.receipt.ok && b.receipt.value?.status === 'success');
    assert.ok(b.trace.ok && b.trace.value.length === 1);
    assert.equal(b.revert, undefined, 'the revert reason of a transaction that did not revert is not kept');
    assert.equal(b.blockTimestamp, undefined, 'the block time comes after the page is drawn');
    assert.equal(server.received.length, 1, 'one JSON-RPC batch');
    assert.deepEqual(sortedAsked(), PARTS);
  });

  it('keeps the decoded revert reason when the receipt says reverted', async () => {
    replies.eth_getTransactionReceipt = { result: receiptOf(TX, '0x0') };
    const b = await loadTransaction(clients.evm, TX);
    assert.deepEqual(b!.revert, { ok: true, value: { kind: 'panic', code: 0x12n, meaning: msg('division or modulo by zero') } });
    assert.equal(server.received.length, 1);
  });

  it('Look Up of a hash asks the transaction’s parts and the block with that hash in one request', async () => {
    const found = await lookUpHash(clients.evm, TX);
    assert.equal(found.kind, 'transaction');
    assert.equal(found.kind === 'transaction' && found.bundle.tx.hash, TX);
    assert.equal(server.received.length, 1);
    assert.deepEqual(sortedAsked(), [...PARTS, 'eth_getBlockByHash'].sort());

    replies.eth_getTransactionByHash = { result: null };
    replies.eth_getBlockByHash = { result: { hash: TX, number: '0x1a2b' } };
    assert.deepEqual(await lookUpHash(clients.evm, TX), { kind: 'block', number: 0x1a2bn });
    replies.eth_getBlockByHash = { result: null };
    assert.deepEqual(await lookUpHash(clients.evm, TX), { kind: 'notFound' });
    replies.eth_getBlockByHash = { error: { code: -32000, message: 'header not found' } };
    await assert.rejects(lookUpHash(clients.evm, TX), (e: { kind: string }) => e.kind === 'rpc');
    replies.eth_getTransactionByHash = { result: rethTransaction() };
    assert.equal((await lookUpHash(clients.evm, TX)).kind, 'transaction', 'a failed block lookup does not matter when the transaction is there');
  });

  it('returns null for no such transaction', async () => {
    replies.eth_getTransactionByHash = { result: null };
    assert.equal(await loadTransaction(clients.evm, TX), null);
  });

  it('marks a node without ots_traceTransaction as unsupported, and keeps the rest', async () => {
    delete replies.ots_traceTransaction;
    const b = await loadTransaction(clients.evm, TX);
    assert.ok(!b!.trace.ok && b!.trace.unsupported && b!.trace.error.rpcCode === -32601);
    assert.ok(b!.receipt.ok);
  });

  it('degrades each part alone: a failed receipt (no revert kept), a failed revert reason', async () => {
    replies.eth_getTransactionReceipt = { error: { code: -32000, message: 'receipts not available' } };
    let b = await loadTransaction(clients.evm, TX);
    assert.ok(!b!.receipt.ok && !b!.receipt.unsupported && b!.receipt.error.kind === 'rpc');
    assert.equal(b!.revert, undefined);
    assert.ok(b!.trace.ok);

    replies = normal();
    replies.eth_getTransactionReceipt = { result: receiptOf(TX, '0x0') };
    replies.ots_getTransactionError = { error: { code: -32000, message: 'historical state not available' } };
    b = await loadTransaction(clients.evm, TX);
    assert.ok(b!.revert && !b!.revert.ok && b!.revert.error.kind === 'rpc' && !b!.revert.unsupported);
    assert.ok(b!.receipt.ok && b!.trace.ok);
  });

  it('asked one call at a time (a provider that refuses batches), an HTTP failure of one part costs only that part', async () => {
    const single = createProviderClients(base, KEY, { timeoutMs: 3000, maxRetries: 0, batch: false });
    replies.eth_getTransactionReceipt = { status: 500 };
    const b = await loadTransaction(single.evm, TX);
    assert.ok(!b!.receipt.ok && b!.receipt.error.kind === 'server');
    assert.ok(b!.trace.ok);
    assert.equal(server.received.length, 4, 'four requests, sent at once');
  });

  it('falls back by itself where the provider refuses batches, and does not try a batch again', async () => {
    const fresh = createProviderClients(base, KEY, { timeoutMs: 3000, maxRetries: 0 });
    refuseBatches = true;
    const b = await loadTransaction(fresh.evm, TX);
    assert.ok(b?.receipt.ok && b.trace.ok);
    assert.equal(fresh.evm.batchSupport, 'no');
    assert.deepEqual(
      server.received.map((r) => Array.isArray(r.json)),
      [true, false, false, false, false],
      'the refused batch, then each call alone',
    );
    server.received.length = 0;
    await loadTransaction(fresh.evm, TX);
    assert.ok(
      server.received.every((r) => !Array.isArray(r.json)),
      'no second batch',
    );
  });

  it('the block time: the block’s timestamp; none for another block or a pending transaction', async () => {
    const tx = (await loadTransaction(clients.evm, TX))!.tx;
    const block = (n: number, signal?: AbortSignal) => clients.evm.getBlockDetails(n, signal);
    server.received.length = 0;
    assert.equal(await blockTimestamp(tx, block), 0x6553f100n);
    assert.deepEqual(asked(), ['ots_getBlockDetails']);
    assert.deepEqual(server.calls[0]!.params, [BLOCK]);
    replies.ots_getBlockDetails = { result: blockDetails(BLOCK + 1) };
    assert.equal(await blockTimestamp(tx, block), undefined, 'the time of another block is no time');
    replies.ots_getBlockDetails = { error: { code: -32001, message: 'block not found: 0x1312d00' } };
    assert.equal(await blockTimestamp(tx, block), undefined);
    server.received.length = 0;
    assert.equal(await blockTimestamp({ ...tx, blockNumber: null }, block), undefined);
    assert.deepEqual(asked(), [], 'nothing asked for a pending transaction');
  });

  it('fails as a whole when the transaction itself cannot be read', async () => {
    replies.eth_getTransactionByHash = { error: { code: -32603, message: 'internal error' } };
    await assert.rejects(loadTransaction(clients.evm, TX), (e: { kind: string }) => e.kind === 'rpc');
  });

  it('ends at once, as a cancellation, when cancelled while the answers are on their way', async () => {
    const controller = new AbortController();
    const slow = server.handler;
    server.handler = (req, res) => void setTimeout(() => slow(req, res), 2000);
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
});
