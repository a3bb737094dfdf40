/**
 * The transaction, receipt, revert, trace, block-by-hash and address requests over real HTTP from a local
 * server, in the shapes real nodes send (Erigon, reth) and the product spec's: what is read, what is
 * refused, and that nothing reaches the node before a bad argument is refused.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { ProviderError } from '../../src/core/errors';
import type { Hash } from '../../src/core/model';
import { encodeErrorString } from '../../src/core/revert';
import { json, ScriptedServer, type ReceivedRequest } from '../support/scriptedServer';
import { BLOCK_HASH, FROM, receiptOf, rethTransaction, TO, TX } from '../support/transactionShapes';

const KEY = 'tx-key-LEAK-51c0ffee';
const OTHER = '0x6ba9ed0a8c5a55abb299ae666322717008dd216cabe66d2311bc6cd92ee963d2' as Hash;

type Rpc = { id: number; method: string; params: unknown[] };
const rpc = (req: ReceivedRequest) => req.json as Rpc;

describe('EvmClient: transactions, receipts, revert data, traces, blocks by hash and addresses over HTTP', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;
  /** Answers by method; a method not listed gets -32601 as nodes send it. */
  const answer = (results: Record<string, unknown | ((params: unknown[]) => unknown)>) => {
    server.handler = (req, res) => {
      const { id, method, params } = rpc(req);
      if (!(method in results)) return json(res, 200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'the method does not exist/is not available' } });
      const r = results[method];
      json(res, 200, { jsonrpc: '2.0', id, result: typeof r === 'function' ? (r as (p: unknown[]) => unknown)(params) : r });
    };
  };

  before(async () => {
    clients = createProviderClients(await server.start(), KEY, { timeoutMs: 5000, maxRetries: 0 });
  });
  after(() => server.stop());

  it('reads eth_getTransactionByHash (reth shape) and asks with the hash in lowercase', async () => {
    answer({ eth_getTransactionByHash: rethTransaction() });
    const tx = await clients.evm.getTransaction(TX.toUpperCase().replace('0X', '0x') as Hash);
    const sent = rpc(server.received.at(-1)!);
    assert.deepEqual([sent.method, sent.params], ['eth_getTransactionByHash', [TX]]);
    assert.equal(server.received.at(-1)!.url, `/${KEY}/evm`);
    assert.deepEqual(
      { ...tx, raw: undefined },
      {
        hash: TX,
        blockNumber: 0x1312d00n,
        blockHash: BLOCK_HASH,
        transactionIndex: 3,
        from: FROM,
        to: TO,
        value: 10n ** 18n,
        gas: 21000n,
        gasPrice: 10n ** 9n,
        maxFeePerGas: 2n * 10n ** 9n,
        maxPriorityFeePerGas: 0n,
        nonce: 42n,
        type: 2,
        input: '0xa9059cbb',
        raw: undefined,
      },
    );
    assert.deepEqual(tx!.raw, rethTransaction());
  });

  it('reads a pending transaction (block fields null), a legacy one without type, and a creation without to', async () => {
    const pending = { ...rethTransaction(), blockHash: null, blockNumber: null, transactionIndex: null };
    answer({ eth_getTransactionByHash: pending });
    const p = await clients.evm.getTransaction(TX);
    assert.deepEqual([p!.blockNumber, p!.blockHash, p!.transactionIndex], [null, null, null]);
    const legacy: Record<string, unknown> = { ...rethTransaction(), type: undefined, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined, to: undefined };
    answer({ eth_getTransactionByHash: JSON.parse(JSON.stringify(legacy)) });
    const l = await clients.evm.getTransaction(TX);
    assert.deepEqual([l!.type, l!.to, l!.maxFeePerGas], [undefined, null, undefined]);
    answer({ eth_getTransactionByHash: { ...rethTransaction(), to: null, transactionIndex: 3, type: 2 } });
    const c = await clients.evm.getTransaction(TX);
    assert.deepEqual([c!.to, c!.transactionIndex, c!.type], [null, 3, 2]);
  });

  it('says null for a transaction the node does not know', async () => {
    answer({ eth_getTransactionByHash: null, eth_getTransactionReceipt: null });
    assert.equal(await clients.evm.getTransaction(TX), null);
    assert.equal(await clients.evm.getTransactionReceipt(TX), null);
  });

  it('refuses an answer for another transaction than asked, naming both (shortened)', async () => {
    answer({ eth_getTransactionByHash: rethTransaction(OTHER), eth_getTransactionReceipt: receiptOf(OTHER) });
    await assert.rejects(
      clients.evm.getTransaction(TX),
      (e: ProviderError) => e.kind === 'invalidResponse' && /eth_getTransactionByHash is for 0x6ba9ed0a…2ee963d2, not 0x0433cca2…3b2a9c6f/.test(e.message),
    );
    await assert.rejects(
      clients.evm.getTransactionReceipt(TX),
      (e: ProviderError) => e.kind === 'invalidResponse' && /eth_getTransactionReceipt is for 0x6ba9ed0a/.test(e.message),
    );
  });

  it('reads the receipt: status, gas, effective price, created contract, logs lowercased', async () => {
    answer({ eth_getTransactionReceipt: receiptOf(TX, '0x0') });
    const r = await clients.evm.getTransactionReceipt(TX);
    assert.equal(r!.status, 'reverted');
    assert.equal(r!.gasUsed, 0xb411n);
    assert.equal(r!.effectiveGasPrice, 10n ** 9n);
    assert.equal(r!.contractAddress, null);
    assert.deepEqual(r!.logs[0], {
      address: '0x9b498c3c8a0b8cd8ba1d9851d40d186f1872b44e',
      topics: (receiptOf().logs as { topics: string[] }[])[0]!.topics,
      data: '0x' + (10n ** 18n).toString(16).padStart(64, '0'),
      logIndex: 7,
    });
    answer({ eth_getTransactionReceipt: { ...receiptOf(), contractAddress: '0x' + 'C'.repeat(40), logs: [], status: undefined, root: '0x' + '0'.repeat(64) } });
    const creation = await clients.evm.getTransactionReceipt(TX);
    assert.deepEqual([creation!.contractAddress, creation!.status, creation!.logs], ['0x' + 'c'.repeat(40), undefined, []]);
  });

  it('reads 6,000 logs in slices of 5,000 (the event loop turning between them): all of them, in order; a bad log in the last slice still refused by name', async () => {
    const log = (receiptOf().logs as Record<string, unknown>[])[0]!;
    const logs = Array.from({ length: 6_000 }, (_, i) => ({ ...log, logIndex: `0x${i.toString(16)}` }));
    answer({ eth_getTransactionReceipt: { ...receiptOf(), logs } });
    const r = await clients.evm.getTransactionReceipt(TX);
    assert.equal(r!.logs.length, 6_000);
    assert.deepEqual(
      r!.logs.map((l) => l.logIndex),
      logs.map((_, i) => i),
    );
    answer({ eth_getTransactionReceipt: { ...receiptOf(), logs: logs.map((l, i) => (i === 5_500 ? { ...l, data: '0x123' } : l)) } });
    await assert.rejects(
      clients.evm.getTransactionReceipt(TX),
      (e: ProviderError) => e.kind === 'invalidResponse' && /logs\.5500\.data: expected 0x hex bytes/.test(e.message),
    );
  });

  const badReceipts: [string, Record<string, unknown>, RegExp][] = [
    ['a status of 0x2', { ...receiptOf(), status: '0x2' }, /eth_getTransactionReceipt: status: expected 0x0 or 0x1/],
    [
      'five topics',
      { ...receiptOf(), logs: [{ address: TO, topics: Array(5).fill('0x' + '0'.repeat(64)), data: '0x' }] },
      /logs\.0\.topics: a log has at most 4 topics/,
    ],
    ['odd-length log data', { ...receiptOf(), logs: [{ address: TO, topics: [], data: '0x123' }] }, /logs\.0\.data: expected 0x hex bytes/],
    ['logs null (as ots_getBlockTransactions sends them)', { ...receiptOf(), logs: null }, /logs: /],
    ['no gasUsed', { ...receiptOf(), gasUsed: undefined }, /gasUsed/],
  ];
  for (const [name, result, message] of badReceipts) {
    it(`refuses a receipt with ${name}`, async () => {
      answer({ eth_getTransactionReceipt: JSON.parse(JSON.stringify(result)) });
      await assert.rejects(clients.evm.getTransactionReceipt(TX), (e: ProviderError) => e.kind === 'invalidResponse' && message.test(e.message));
    });
  }

  it('reads revert data as Erigon (hex, 0x), reth (null) and Chainstack’s page (a sentence) send it', async () => {
    const data = encodeErrorString('Transaction after end date');
    answer({ ots_getTransactionError: data.toUpperCase().replace('0X', '0x') });
    assert.equal(await clients.evm.getTransactionError(TX), data);
    assert.deepEqual(rpc(server.received.at(-1)!).params, [TX]);
    answer({ ots_getTransactionError: '0x' });
    assert.equal(await clients.evm.getTransactionError(TX), '0x');
    answer({ ots_getTransactionError: null });
    assert.equal(await clients.evm.getTransactionError(TX), '0x');
    answer({ ots_getTransactionError: 'execution reverted: insufficient balance' });
    assert.equal(await clients.evm.getTransactionError(TX), encodeErrorString('insufficient balance'));
    answer({ ots_getTransactionError: 'execution reverted' });
    assert.equal(await clients.evm.getTransactionError(TX), '0x');
  });

  it('refuses revert data that is broken hex or no string', async () => {
    for (const result of ['0x123', '0xzz', 42, { data: '0x' }]) {
      answer({ ots_getTransactionError: result });
      await assert.rejects(
        clients.evm.getTransactionError(TX),
        (e: ProviderError) => e.kind === 'invalidResponse' && /ots_getTransactionError/.test(e.message),
        String(result),
      );
    }
  });

  it('reads a trace in Erigon’s shape (value null for static and delegate calls, no output) and reth’s (value always, output)', async () => {
    answer({
      ots_traceTransaction: [
        { depth: 0, from: FROM, input: '0xf2f03877', to: TO, type: 'CALL', value: '0x0' },
        { depth: 1, from: TO, input: '0x757991a8', to: '0xefeb9590d490b1db0ff471dc7a04016164538a66', type: 'STATICCALL', value: null },
        { depth: 1, from: TO, input: '0x', to: FROM, type: 'CALL', value: '0xde0b6b3a7640000', output: '0x' },
        { depth: 1, from: TO, input: '0x6080', to: '0x' + 'D'.repeat(40), type: 'CREATE2', value: '0x0', output: '0x6001' },
        { depth: 2, from: '0x' + 'd'.repeat(40), to: null, type: 'selfdestruct', value: '0x5' },
      ],
    });
    const trace = await clients.evm.traceTransaction(TX);
    assert.equal(rpc(server.received.at(-1)!).method, 'ots_traceTransaction');
    assert.deepEqual(
      trace.map((t) => [t.type, t.depth, t.value, t.to, t.output]),
      [
        ['CALL', 0, 0n, TO, undefined],
        ['STATICCALL', 1, null, '0xefeb9590d490b1db0ff471dc7a04016164538a66', undefined],
        ['CALL', 1, 10n ** 18n, FROM, '0x'],
        ['CREATE2', 1, 0n, '0x' + 'd'.repeat(40), '0x6001'],
        ['SELFDESTRUCT', 2, 5n, null, undefined],
      ],
    );
  });

  it('says a node without ots_traceTransaction is one (rpc -32601), and reth’s null trace is notFound', async () => {
    answer({});
    await assert.rejects(
      clients.evm.traceTransaction(TX),
      (e: ProviderError) => e.kind === 'rpc' && e.rpcCode === -32601 && /does not support ots_traceTransaction/.test(e.message),
    );
    answer({ ots_traceTransaction: null });
    await assert.rejects(
      clients.evm.traceTransaction(TX),
      (e: ProviderError) => e.kind === 'notFound' && /no trace of transaction 0x0433cca2…/.test(e.message),
    );
  });

  it('refuses trace entries of the wrong shape, naming the entry', async () => {
    const good = { depth: 0, from: FROM, to: TO, type: 'CALL', value: '0x0', input: '0x' };
    for (const [entry, message] of [
      [{ ...good, depth: -1 }, /1\.depth/],
      [{ ...good, depth: 1.5 }, /1\.depth/],
      [{ ...good, from: 'nobody' }, /1\.from/],
      [{ ...good, type: '<img src=x>' }, /1\.type: expected a call type/],
      [{ ...good, value: 5 }, /1\.value/],
    ] as const) {
      answer({ ots_traceTransaction: [good, entry] });
      await assert.rejects(
        clients.evm.traceTransaction(TX),
        (e: ProviderError) => e.kind === 'invalidResponse' && message.test(e.message),
        JSON.stringify(entry),
      );
    }
  });

  it('finds a block number by hash (eth_getBlockByHash, without transactions), null for none, refuses another block', async () => {
    answer({ eth_getBlockByHash: (params: unknown[]) => ({ hash: params[0], number: '0x1a2b', timestamp: '0x6553f100', transactions: [] }) });
    assert.equal(await clients.evm.getBlockNumberByHash(BLOCK_HASH as Hash), 0x1a2bn);
    assert.deepEqual(rpc(server.received.at(-1)!).params, [BLOCK_HASH, false]);
    answer({ eth_getBlockByHash: null });
    assert.equal(await clients.evm.getBlockNumberByHash(BLOCK_HASH as Hash), null);
    answer({ eth_getBlockByHash: { hash: OTHER, number: '0x1' } });
    await assert.rejects(
      clients.evm.getBlockNumberByHash(BLOCK_HASH as Hash),
      (e: ProviderError) => e.kind === 'invalidResponse' && /eth_getBlockByHash is for 0x6ba9ed0a/.test(e.message),
    );
  });

  it('sums up an address: contract with code, account without, an EIP-7702 delegation still an account', async () => {
    const address = '0x' + 'Ab'.repeat(20);
    for (const [code, kind] of [
      ['0x6080604052', 'contract'],
      ['0x', 'account'],
      ['0xef0100' + '12'.repeat(20), 'account'],
    ] as const) {
      answer({ eth_getCode: code, eth_getBalance: '0x1bc16d674ec80000' });
      const s = await clients.evm.getAddressSummary(address as Hash);
      // A contract says how large its code is (the address page shows it).
      const size = kind === 'contract' ? { codeBytes: (code.length - 2) / 2 } : {};
      assert.deepEqual(s, { address: address.toLowerCase(), kind, balance: 2n * 10n ** 18n, ...size });
    }
    const sent = server.received.slice(-2).map((r) => rpc(r));
    assert.deepEqual(sent.map((s) => [s.method, s.params]).sort(), [
      ['eth_getBalance', [address.toLowerCase(), 'latest']],
      ['eth_getCode', [address.toLowerCase(), 'latest']],
    ]);
    answer({ eth_getCode: 'code', eth_getBalance: '0x0' });
    await assert.rejects(clients.evm.getAddressSummary(address as Hash), (e: ProviderError) => e.kind === 'invalidResponse' && /eth_getCode/.test(e.message));
    answer({ eth_getCode: '0x', eth_getBalance: 1 });
    await assert.rejects(
      clients.evm.getAddressSummary(address as Hash),
      (e: ProviderError) => e.kind === 'invalidResponse' && /eth_getBalance/.test(e.message),
    );
  });

  it('refuses a bad hash or address before any request', async () => {
    const before = server.received.length;
    const bad = ['0x1234', TX.slice(0, -1), `${TX}0`, TX.replace('0x', '0X'), 'x'.repeat(66), ''] as Hash[];
    for (const h of bad) {
      const evm = clients.evm;
      const calls: Array<(hash: Hash) => Promise<unknown>> = [
        (x) => evm.getTransaction(x),
        (x) => evm.getTransactionReceipt(x),
        (x) => evm.getTransactionError(x),
        (x) => evm.traceTransaction(x),
        (x) => evm.getBlockNumberByHash(x),
      ];
      for (const call of calls) {
        await assert.rejects(call(h), (e: ProviderError) => e.kind === 'badInput' && /0x followed by 64 hex digits/.test(e.message));
      }
    }
    await assert.rejects(clients.evm.getAddressSummary(TX), (e: ProviderError) => e.kind === 'badInput');
    assert.equal(server.received.length, before);
  });

  it('keeps the key out of a JSON-RPC error that echoes it', async () => {
    server.handler = (req, res) =>
      json(res, 200, { jsonrpc: '2.0', id: rpc(req).id, error: { code: -32000, message: `failed for /${KEY}/evm at https://node.example/${KEY}/evm` } });
    for (const call of [() => clients.evm.getTransaction(TX), () => clients.evm.traceTransaction(TX), () => clients.evm.getAddressSummary(FROM as Hash)]) {
      await assert.rejects(
        call(),
        (e: ProviderError) => e.kind === 'rpc' && !e.message.includes(KEY) && !String(e.stack).includes(KEY) && /\[redacted\]/.test(e.message),
      );
    }
  });
});
