/**
 * The demo node's transactions over real HTTP, read by the real EvmClient: every transaction a block page
 * lists is found by hash with the same fields; receipts carry logs that decode; failed ones give their
 * revert reasons; traces show internal transfers; the samples are what DEMO_SAMPLES says; and a fault
 * turns the node into one without ots_traceTransaction.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { decodeLog } from '../../src/core/logs';
import type { Hash } from '../../src/core/model';
import { decodeRevert } from '../../src/core/revert';
import { blockTimestamp, loadTransaction, lookUpHash } from '../../src/core/transactionLoad';
import { DEMO_BLOCKS, DEMO_FAULT_NO_TRACE, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { demoBlockModel, demoBlockNumberOfHash, demoTransactionPlace } from '../../src/demo/chain';
import { faultListProblem } from '../../src/demo/faults';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { demoLogCount, demoTransactionStory, findDemoTransaction } from '../../src/demo/transactions';
import { msg } from '../../src/core/translate';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const HYPE = 10n ** 18n;

describe('demo node: transactions, receipts, revert reasons, traces, blocks by hash, addresses', () => {
  let node: DemoNode;
  let clients: ProviderClients;
  before(async () => {
    node = await startDemoNode({ now: () => NOW });
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
  });
  after(() => node.close());

  it('finds every transaction of a block page by hash, with the page’s from, to, value, status, gas used and selector', async () => {
    for (const n of [DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.hoverBlock, DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.sampleBlock, DEMO_BLOCKS.head]) {
      const count = demoBlockModel(n)!.transactions.length;
      for (let page = 0; page * 100 < count; page++) {
        const p = await clients.evm.getBlockTransactions(n, page, 100);
        for (const row of p.transactions) {
          const tx = await clients.evm.getTransaction(row.hash);
          const receipt = await clients.evm.getTransactionReceipt(row.hash);
          assert.ok(tx && receipt, `${n}/${row.transactionIndex}`);
          assert.deepEqual([tx.from, tx.to, tx.value, tx.blockNumber, tx.transactionIndex], [row.from, row.to, row.value, BigInt(n), row.transactionIndex]);
          assert.ok(tx.input.startsWith(row.input ?? '0x'), 'full calldata starts with the page’s selector');
          assert.deepEqual([receipt.status, receipt.gasUsed, receipt.effectiveGasPrice], [row.status, row.gasUsed, row.gasPrice]);
          if (receipt.status === 'reverted') assert.deepEqual(receipt.logs, []);
        }
      }
    }
  });

  it('finds transactions of the 10,000-transaction block by hash, first, middle and last', async () => {
    const m = demoBlockModel(DEMO_BLOCKS.hugeBlock)!;
    for (const i of [0, 4_999, 9_999]) {
      const tx = await clients.evm.getTransaction(m.transactions[i]!.hash as Hash);
      assert.equal(tx?.transactionIndex, i);
    }
  });

  it('numbers logs across the block, and demoLogCount agrees with the stories', async () => {
    for (const n of [DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.sampleBlock, DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.bigBlock - 60]) {
      const m = demoBlockModel(n)!;
      let next = 0;
      for (const t of m.transactions) {
        assert.equal(demoLogCount(t), demoTransactionStory(m, t).logs.length, `${n}/${t.index}`);
        const receipt = await clients.evm.getTransactionReceipt(t.hash as Hash);
        for (const log of receipt!.logs) assert.equal(log.logIndex, next++);
      }
    }
  });

  it('says null for hashes that are no transaction: unknown, a changed digit, a block hash', async () => {
    assert.equal(await clients.evm.getTransaction(DEMO_SAMPLES.unknownHash), null);
    const changed = (DEMO_SAMPLES.transferTx.slice(0, 30) + (DEMO_SAMPLES.transferTx[30] === 'a' ? 'b' : 'a') + DEMO_SAMPLES.transferTx.slice(31)) as Hash;
    assert.equal(await clients.evm.getTransaction(changed), null);
    assert.equal(await clients.evm.getTransactionReceipt(changed), null);
    assert.equal(await clients.evm.getTransaction(DEMO_SAMPLES.blockHash), null);
    // A digit changed between the mask and the tag: the place read back is the same, the hash is not.
    const changedBlock = (DEMO_SAMPLES.blockHash.slice(0, 30) + (DEMO_SAMPLES.blockHash[30] === 'a' ? 'b' : 'a') + DEMO_SAMPLES.blockHash.slice(31)) as Hash;
    assert.equal(await clients.evm.getBlockNumberByHash(changedBlock), null);
    await assert.rejects(clients.evm.traceTransaction(DEMO_SAMPLES.unknownHash), (e: { kind: string }) => e.kind === 'rpc');
  });

  it('finds no transaction and no block for random hashes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const hash = '0x' + Buffer.from(bytes).toString('hex');
        assert.equal(findDemoTransaction(hash), undefined);
        assert.equal(demoBlockNumberOfHash(hash), undefined);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a transaction’s place back from its hash, and a block’s number from its hash', () => {
    for (const n of [100, DEMO_BLOCKS.hoverBlock, DEMO_BLOCKS.head]) {
      const m = demoBlockModel(n)!;
      assert.equal(demoBlockNumberOfHash(m.hash), n);
      for (const t of m.transactions) assert.deepEqual(demoTransactionPlace(t.hash), { block: n, index: t.index });
    }
  });

  it('sample: a plain transfer of 1.5 HYPE from the sample account, successful, no logs, one CALL', async () => {
    const b = await loadTransaction(clients.evm, DEMO_SAMPLES.transferTx);
    assert.equal(b!.tx.from, DEMO_SAMPLES.account);
    assert.equal(b!.tx.value, (3n * HYPE) / 2n);
    assert.ok(b!.receipt.ok && b!.receipt.value!.status === 'success' && b!.receipt.value!.logs.length === 0);
    assert.equal(b!.revert, undefined);
    assert.ok(b!.trace.ok && b!.trace.value.length === 1 && b!.trace.value[0]!.value === b!.tx.value);
    assert.equal(
      await blockTimestamp(b!.tx, (n) => clients.evm.getBlockDetails(n)),
      BigInt(Math.floor(NOW / 1000) - (DEMO_BLOCKS.head - DEMO_BLOCKS.sampleBlock)),
    );
  });

  it('sample: an ERC-20 transferFrom with a Transfer and an Approval log that decode, matching the calldata', async () => {
    const tx = await clients.evm.getTransaction(DEMO_SAMPLES.erc20TransferTx);
    const receipt = await clients.evm.getTransactionReceipt(DEMO_SAMPLES.erc20TransferTx);
    const decoded = receipt!.logs.map(decodeLog);
    assert.deepEqual(
      decoded.map((d) => d?.kind),
      ['erc20Transfer', 'erc20Approval'],
    );
    const transfer = decoded[0] as { from: string; to: string; amount: bigint };
    assert.equal(transfer.amount, 250_000_000n);
    assert.equal(
      tx!.input,
      '0x23b872dd' + transfer.from.slice(2).padStart(64, '0') + transfer.to.slice(2).padStart(64, '0') + 250_000_000n.toString(16).padStart(64, '0'),
    );
    assert.equal((decoded[1] as { spender: string }).spender, tx!.from);
    assert.ok(receipt!.logs.every((l) => l.address === DEMO_SAMPLES.tokenContract));
  });

  it('sample: an ERC-721 transfer (4 topics, no data) of token 4821', async () => {
    const receipt = await clients.evm.getTransactionReceipt(DEMO_SAMPLES.erc721TransferTx);
    assert.deepEqual(
      receipt!.logs.map(decodeLog).map((d) => d?.kind),
      ['erc721Transfer'],
    );
    assert.equal((decodeLog(receipt!.logs[0]!) as { tokenId: bigint }).tokenId, 4821n);
    assert.equal(receipt!.logs[0]!.address, DEMO_SAMPLES.nftContract);
  });

  it('samples: failed with Error(string), with Panic(0x11), with a custom error; each reverted without logs', async () => {
    const expect = [
      [DEMO_SAMPLES.failedTx, { kind: 'error', message: DEMO_SAMPLES.failedReason }],
      [DEMO_SAMPLES.panicTx, { kind: 'panic', code: 0x11n, meaning: msg('arithmetic overflow or underflow') }],
    ] as const;
    for (const [hash, reason] of expect) {
      const b = await loadTransaction(clients.evm, hash);
      assert.ok(b!.receipt.ok && b!.receipt.value!.status === 'reverted' && b!.receipt.value!.logs.length === 0);
      assert.deepEqual(b!.revert, { ok: true, value: reason });
    }
    const custom = decodeRevert(await clients.evm.getTransactionError(DEMO_SAMPLES.customErrorTx));
    assert.deepEqual([custom.kind, (custom as { selector: string }).selector], ['custom', '0xcf479181']);
    assert.equal(await clients.evm.getTransactionError(DEMO_SAMPLES.transferTx), '0x', 'Erigon: 0x for a transaction that did not revert');
  });

  it('gives every failed transaction of busy blocks revert data that decodes, and successful ones 0x', async () => {
    let failed = 0;
    for (const n of [DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.bigBlock - 60, DEMO_BLOCKS.bigBlock - 120, DEMO_BLOCKS.smallBlock]) {
      for (const t of demoBlockModel(n)!.transactions) {
        const data = await clients.evm.getTransactionError(t.hash as Hash);
        if (t.success) assert.equal(data, '0x');
        else {
          failed++;
          assert.ok(['error', 'panic', 'custom', 'none'].includes(decodeRevert(data).kind));
        }
      }
    }
    assert.ok(failed >= 3, `only ${failed} failed transactions checked`);
  });

  it('sample: a contract creation with the created address in the receipt and the trace', async () => {
    const b = await loadTransaction(clients.evm, DEMO_SAMPLES.creationTx);
    assert.equal(b!.tx.to, null);
    assert.ok(b!.receipt.ok && b!.receipt.value!.contractAddress === DEMO_SAMPLES.createdContract);
    assert.ok(b!.trace.ok && b!.trace.value[0]!.type === 'CREATE' && b!.trace.value[0]!.to === DEMO_SAMPLES.createdContract);
    assert.equal((await clients.evm.getAddressSummary(DEMO_SAMPLES.createdContract)).kind, 'contract');
  });

  it('sample: WHYPE withdraw, whose trace sends 2.5 HYPE back to the sender in an internal CALL', async () => {
    const trace = await clients.evm.traceTransaction(DEMO_SAMPLES.internalTransfersTx);
    const tx = await clients.evm.getTransaction(DEMO_SAMPLES.internalTransfersTx);
    assert.deepEqual(
      trace.map((t) => [t.type, t.depth, t.from, t.to, t.value]),
      [
        ['CALL', 0, tx!.from, DEMO_SAMPLES.contract, 0n],
        ['CALL', 1, DEMO_SAMPLES.contract, tx!.from, (5n * HYPE) / 2n],
      ],
    );
  });

  it('serves swaps with static and delegate calls (value null, Erigon’s shape) in their traces', async () => {
    const m = demoBlockModel(DEMO_BLOCKS.bigBlock)!;
    const swap = m.transactions.find((t) => t.success && t.input === '0x38ed1739');
    assert.ok(swap, 'the big block has a swap');
    const trace = await clients.evm.traceTransaction(swap.hash as Hash);
    assert.ok(trace.some((t) => t.type === 'STATICCALL' && t.value === null));
    assert.ok(trace.some((t) => t.type === 'DELEGATECALL' && t.depth === 2));
  });

  it('finds the sample block by its hash, and nothing for an unknown hash', async () => {
    assert.equal(await clients.evm.getBlockNumberByHash(DEMO_SAMPLES.blockHash), BigInt(DEMO_SAMPLES.blockWithTransactions));
    assert.deepEqual(await lookUpHash(clients.evm, DEMO_SAMPLES.blockHash), { kind: 'block', number: BigInt(DEMO_BLOCKS.sampleBlock) });
    assert.deepEqual(await lookUpHash(clients.evm, DEMO_SAMPLES.unknownHash), { kind: 'notFound' });
    assert.equal((await lookUpHash(clients.evm, DEMO_SAMPLES.failedTx)).kind, 'transaction');
  });

  it('sums up the sample contract and account, and an unused address (no code, 0 HYPE)', async () => {
    const contract = await clients.evm.getAddressSummary(DEMO_SAMPLES.contract);
    assert.equal(contract.kind, 'contract');
    assert.ok(contract.balance > 0n);
    assert.ok(Number.isSafeInteger(contract.codeBytes) && contract.codeBytes! > 0, `code size ${contract.codeBytes}`);
    assert.deepEqual(await clients.evm.getAddressSummary(DEMO_SAMPLES.account), {
      address: DEMO_SAMPLES.account,
      kind: 'account',
      balance: DEMO_SAMPLES.accountBalanceWei,
    });
    assert.ok(DEMO_SAMPLES.accountBalanceWei > 0n);
    assert.deepEqual(await clients.evm.getAddressSummary(`0x${'0'.repeat(39)}1`), { address: `0x${'0'.repeat(39)}1`, kind: 'account', balance: 0n });
  });

  it('DEMO_SAMPLES are all in the sample block, each of its kind', () => {
    const m = demoBlockModel(DEMO_SAMPLES.blockWithTransactions)!;
    const kinds = Object.fromEntries(m.transactions.filter((t) => t.sample).map((t) => [t.sample, t.hash]));
    assert.deepEqual(kinds, {
      transfer: DEMO_SAMPLES.transferTx,
      erc20Transfer: DEMO_SAMPLES.erc20TransferTx,
      erc721Transfer: DEMO_SAMPLES.erc721TransferTx,
      failed: DEMO_SAMPLES.failedTx,
      panic: DEMO_SAMPLES.panicTx,
      creation: DEMO_SAMPLES.creationTx,
      internalTransfers: DEMO_SAMPLES.internalTransfersTx,
      customError: DEMO_SAMPLES.customErrorTx,
      coreWriterOrder: DEMO_SAMPLES.coreWriterOrderTx,
      systemTransfer: DEMO_SAMPLES.systemTransferTx,
      coreWriterSupplyChange: DEMO_SAMPLES.coreWriterSupplyChangeTx,
      coreWriterOutcomeOrder: DEMO_SAMPLES.coreWriterOutcomeOrderTx,
    });
    assert.ok(m.gasUsed <= m.gasLimit);
  });

  it('as a node without ots_traceTransaction (DEMO_FAULT_NO_TRACE): -32601 for traces, single or batched; the rest as usual', async () => {
    node.setFaults([DEMO_FAULT_NO_TRACE]);
    try {
      const b = await loadTransaction(clients.evm, DEMO_SAMPLES.failedTx);
      assert.ok(!b!.trace.ok && b!.trace.unsupported);
      assert.ok(b!.receipt.ok && b!.revert?.ok);
      const res = await fetch(`${node.baseUrl}/${node.apiKey}/evm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'ots_traceTransaction', params: [DEMO_SAMPLES.transferTx] },
          { jsonrpc: '2.0', id: 2, method: 'eth_getTransactionByHash', params: [DEMO_SAMPLES.transferTx] },
        ]),
      });
      const [trace, tx] = (await res.json()) as { error?: { code: number }; result?: { hash: string } }[];
      assert.equal(trace!.error?.code, -32601);
      assert.equal(tx!.result?.hash, DEMO_SAMPLES.transferTx);
    } finally {
      node.clearFaults();
    }
    assert.ok((await clients.evm.traceTransaction(DEMO_SAMPLES.failedTx)).length > 0);
    assert.equal(faultListProblem([{ kind: 'unsupportedMethod' }]), 'fault 0: unsupportedMethod needs a method');
    assert.equal(faultListProblem([DEMO_FAULT_NO_TRACE]), undefined);
  });

  it('refuses malformed parameters with -32602', async () => {
    const call = async (method: string, params: unknown[]) => {
      const res = await fetch(`${node.baseUrl}/${node.apiKey}/evm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params }),
      });
      return ((await res.json()) as { error?: { code: number } }).error?.code;
    };
    for (const [method, params] of [
      ['eth_getTransactionByHash', ['0x12']],
      ['eth_getTransactionReceipt', []],
      ['ots_getTransactionError', [1]],
      ['ots_traceTransaction', [DEMO_SAMPLES.transferTx, 'extra']],
      ['eth_getBlockByHash', [DEMO_SAMPLES.blockHash]],
      ['eth_getBalance', ['0x12', 'latest']],
      ['eth_getCode', [DEMO_SAMPLES.contract, 'soon']],
    ] as const) {
      assert.equal(await call(method, [...params]), -32602, method);
    }
  });
});
