// The core of the block page against a real local HTTP server answering JSON-RPC: transaction pages
// that do not cover their range fail loudly, the direction is read again once, a transactionCount no
// node can serve is refused, an answer for another block is refused, and receipts give status and fee.
import * as assert from 'node:assert/strict';
import { toFunctionSelector } from 'viem';
import { BlockSource } from '../../src/blocks/blockSource';
import { BlockTransactionPages, pageRange } from '../../src/core/blockTransactions';
import { evmPathProblem } from '../../src/core/endpoints';
import { isProviderError } from '../../src/core/errors';
import { MAX_BLOCK_TRANSACTIONS } from '../../src/core/evmClient';
import { createProviderClients } from '../../src/core/provider';
import { KNOWN_SIGNATURES, methodName, selectorOf } from '../../src/core/selectors';
import { json, ScriptedServer } from '../support/scriptedServer';

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const hash = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
const ADDRESS = `0x${'ab'.repeat(20)}`;

function tx(i: number) {
  return { hash: hash(i + 1), from: ADDRESS, to: ADDRESS, value: '0x0', gas: '0x5208', gasPrice: '0x3b9aca00', transactionIndex: hex(i), input: '0xa9059cbb' };
}

function header(n: number, count: number) {
  return {
    number: hex(n),
    hash: hash(999),
    parentHash: hash(998),
    timestamp: '0x6553f100',
    miner: ADDRESS,
    gasUsed: '0x0',
    gasLimit: '0x1c9c380',
    baseFeePerGas: '0x3b9aca00',
    transactionCount: count,
  };
}

/** `ots_getBlockTransactions` pages of a `count`-transaction block, page 0 first or last as `direction(call)` says. */
function pagesServer(server: ScriptedServer, count: number, direction: (call: number) => 'first' | 'last', receipts?: (i: number) => Record<string, string>) {
  let calls = 0;
  server.rpc((call) => {
    const [n, page, size] = call.params as [number, number, number];
    const [start, end] = pageRange(page, direction(calls++), count, size);
    const txs = Array.from({ length: end - start }, (_, k) => tx(start + k));
    return {
      result: {
        fullblock: { ...header(n, count), transactions: txs, transactionCount: count },
        receipts: txs.map((t, k) => ({ transactionIndex: t.transactionIndex, ...(receipts?.(start + k) ?? {}) })),
      },
    };
  });
}

describe('block transactions (real local server)', () => {
  const server = new ScriptedServer();
  let base: string;
  before(async () => (base = await server.start()));
  after(() => server.stop());
  const evm = () => createProviderClients(base, 'key', { timeoutMs: 5_000, maxRetries: 0 }).evm;

  it('reads every range in order whatever the direction', async () => {
    for (const direction of ['first', 'last'] as const) {
      pagesServer(server, 250, () => direction);
      const pages = new BlockTransactionPages(evm(), 7, 250);
      const got = await pages.range(90, 210);
      assert.deepEqual(
        got.map((t) => t.transactionIndex),
        Array.from({ length: 120 }, (_, i) => 90 + i),
      );
    }
  });

  it('reads the direction again once when a page does not cover its range (nodes paging both ways)', async () => {
    // Page 0 comes from a "first" node, the next ones from a "last" node, then all from "first" again.
    pagesServer(server, 250, (call) => (call === 1 ? 'last' : 'first'));
    const pages = new BlockTransactionPages(evm(), 7, 250);
    const got = await pages.range(100, 200);
    assert.deepEqual(
      got.map((t) => t.transactionIndex),
      Array.from({ length: 100 }, (_, i) => 100 + i),
    );
  });

  it('fails loudly, never drops rows, when pages keep mixing directions', async () => {
    pagesServer(server, 250, (call) => (call % 2 === 0 ? 'first' : 'last'));
    const pages = new BlockTransactionPages(evm(), 7, 250);
    await assert.rejects(pages.range(100, 200), (e: unknown) => isProviderError(e) && e.kind === 'invalidResponse' && /do not fit together/.test(e.message));
  });

  it('takes status, gas used and fee from the receipts', async () => {
    pagesServer(
      server,
      3,
      () => 'first',
      (i) => ({ status: i === 1 ? '0x0' : '0x1', gasUsed: '0x5208', effectiveGasPrice: hex(2_000_000_000) }),
    );
    const got = await new BlockTransactionPages(evm(), 7, 3).range(0, 3);
    assert.deepEqual(
      got.map((t) => t.status),
      ['success', 'reverted', 'success'],
    );
    assert.equal(got[0]!.fee, 21_000n * 2_000_000_000n);
    assert.equal(got[0]!.gasPrice, 2_000_000_000n);
    assert.equal(got[0]!.gasUsed, 21_000n);
  });

  it('refuses a transactionCount no node can serve (2^32) with a clear message', async () => {
    server.rpcResult({ block: header(5, 2 ** 32), issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' }, totalFees: '0x0' });
    await assert.rejects(
      evm().getBlockDetails(5),
      (e: unknown) => isProviderError(e) && e.kind === 'invalidResponse' && /4,294,967,296 transactions/.test(e.message),
    );
    server.rpcResult({ block: header(5, MAX_BLOCK_TRANSACTIONS), issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' }, totalFees: '0x0' });
    assert.equal((await evm().getBlockDetails(5)).block.transactionCount, MAX_BLOCK_TRANSACTIONS);
  });

  it('sends JSON-RPC to the EVM path the setting names (nanoreth: QuickNode’s archive)', async () => {
    server.rpcResult('0x10');
    server.received.length = 0;
    await createProviderClients(base, 'key', { timeoutMs: 5_000, maxRetries: 0 }, 'nanoreth').evm.getBlockNumber();
    assert.equal(server.received[0]!.url, '/key/nanoreth');
    for (const bad of ['', '.', '..', '.hidden', 'a/b', 'evm?x', 'e v m', 'x'.repeat(65)]) {
      assert.ok(evmPathProblem(bad), `“${bad}” is refused`);
      assert.throws(
        () => createProviderClients(base, 'key', { timeoutMs: 5_000 }, bad),
        (e: unknown) => isProviderError(e) && e.kind === 'config',
      );
    }
    for (const good of ['evm', 'nanoreth', 'hypercore-evm_1']) assert.equal(evmPathProblem(good), undefined);
  });

  it('the block panel’s source refuses an answer about another block than the one asked for', async () => {
    server.rpcResult({ block: header(6, 0), issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' }, totalFees: '0x0' });
    await assert.rejects(
      new BlockSource(evm()).block(5),
      (e: unknown) => isProviderError(e) && e.kind === 'invalidResponse' && /block 6, not block 5/.test(e.message),
    );
    // And the pages of another block.
    server.handler = (req, res) => {
      const body = req.json as { id: number };
      json(res, 200, { jsonrpc: '2.0', id: body.id, result: { fullblock: { ...header(8, 1), transactions: [tx(0)], transactionCount: 1 }, receipts: [] } });
    };
    await assert.rejects(new BlockTransactionPages(evm(), 7, 1).range(0, 1), (e: unknown) => isProviderError(e) && /block 8, not block 7/.test(e.message));
  });
});

describe('method selectors', () => {
  it('has each selector right: recomputed with keccak-256 from its signature text', () => {
    for (const [selector, signature] of KNOWN_SIGNATURES) assert.equal(selector, toFunctionSelector(signature), signature);
    assert.equal(new Set(KNOWN_SIGNATURES.map(([s]) => s)).size, KNOWN_SIGNATURES.length, 'no selector twice');
  });

  it('names a known selector and reads the selector off calldata', () => {
    assert.equal(methodName('0xA9059CBB'), 'transfer');
    assert.equal(methodName('0xdeadbeef'), undefined);
    assert.equal(selectorOf('0xa9059cbb000000000000000000000000'), '0xa9059cbb');
    assert.equal(selectorOf('0x'), null);
    assert.equal(selectorOf('0xa905'), null);
  });
});
