// Conformance: our client against a real, independent Otterscan implementation (Foundry's anvil) behind
// a provider-shaped gateway. Blocks are filled with real signed transactions of every type anvil takes;
// what our client returns is compared, field by field, with the node's own eth_getBlockByNumber and
// receipts.
import * as assert from 'node:assert/strict';
import type { Hex } from 'viem';
import { BlockSource } from '../../src/blocks/blockSource';
import { summarizeRows, toBlockView, toTransactionData, toTransactionRow } from '../../src/blocks/blockViewModel';
import { BlockTransactionPages } from '../../src/core/blockTransactions';
import { isProviderError } from '../../src/core/errors';
import type { EvmClient } from '../../src/core/evmClient';
import type { BlockTransaction } from '../../src/core/model';
import { createProviderClients } from '../../src/core/provider';
import { eip1559, GWEI, Sender, startAnvil, type AnvilNode, type NodeBlock, type NodeReceipt } from './anvil';

const hex = (n: number | bigint) => `0x${n.toString(16)}` as Hex;
const t = (m: string, ...args: Array<string | number>) => m.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

/** The blocks the suite fills, by what they hold. */
interface Blocks {
  empty: number;
  one: number;
  mixed: number;
  hundred: number;
  big: number;
}

describe('conformance: our client against anvil (a real Otterscan node) behind a provider-shaped gateway', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let evm: EvmClient;
  let blocks: Blocks;
  let reverter: Hex;
  let sender: Sender;

  before(async () => {
    node = await startAnvil();
    sender = new Sender(node);
    evm = createProviderClients(node.baseUrl, node.key, { timeoutMs: 10_000, maxRetries: 0 }).evm;
    const to = (i: number) => node.accounts[i]!.address;

    // A contract that always reverts (mined at once, automine is still on).
    reverter = await sender.deployReverter();
    assert.ok(reverter, 'the reverting contract was deployed');

    await node.rpc('evm_setAutomine', [false]);
    const empty = await sender.mine();

    await sender.send(0, { type: 'legacy', gasPrice: 5n * GWEI, to: to(1), value: 1n });
    const one = await sender.mine();

    // Every transaction type anvil takes, a contract creation and a reverted call, in one block.
    const mixed = await sender.mineMixedBlock(reverter);

    for (let i = 0; i < 100; i++) await sender.send(1, { ...eip1559(1n), to: to(0), value: BigInt(i) });
    const hundred = await sender.mine();

    for (let i = 0; i < 260; i++) await sender.send(2, { ...eip1559(BigInt(i % 3)), to: to(0), value: BigInt(i) });
    const big = await sender.mine();
    blocks = { empty, one, mixed, hundred, big };
  });

  after(async () => node?.close());

  /** The node's own view of block `n`: eth_getBlockByNumber with transactions, and each receipt. */
  async function nodeView(n: number): Promise<{ block: NodeBlock; receipts: NodeReceipt[] }> {
    const block = await node.rpc<NodeBlock>('eth_getBlockByNumber', [hex(n), true]);
    const receipts = await Promise.all(block.transactions.map((tx) => node.rpc<NodeReceipt>('eth_getTransactionReceipt', [tx.hash])));
    return { block, receipts };
  }

  async function ours(n: number): Promise<{ details: Awaited<ReturnType<EvmClient['getBlockDetails']>>; transactions: BlockTransaction[] }> {
    const source = new BlockSource(evm);
    const details = await source.block(n);
    return { details, transactions: await source.transactions(details, 0, details.block.transactionCount) };
  }

  it('mined the blocks the suite needs: 0, 1, 6, 100 and 260 transactions', async () => {
    const counts = await Promise.all(Object.values(blocks).map(async (n) => (await nodeView(n)).block.transactions.length));
    assert.deepEqual(counts, [0, 1, 6, 100, 260]);
    const types = (await nodeView(blocks.mixed)).block.transactions.map((tx) => tx.type);
    assert.deepEqual([...new Set(types)].sort(), ['0x0', '0x1', '0x2', '0x4'], 'legacy, access list, EIP-1559 and EIP-7702');
  });

  for (const which of ['empty', 'one', 'mixed', 'hundred', 'big'] as const) {
    it(`agrees with the node, field by field, on the ${which} block`, async () => {
      const n = blocks[which];
      const { block, receipts } = await nodeView(n);
      const { details, transactions } = await ours(n);
      const h = details.block;
      assert.equal(h.number, BigInt(block.number));
      assert.equal(h.hash, block.hash);
      assert.equal(h.parentHash, block.parentHash);
      assert.equal(h.timestamp, BigInt(block.timestamp));
      assert.equal(h.miner, block.miner.toLowerCase());
      assert.equal(h.gasUsed, BigInt(block.gasUsed));
      assert.equal(h.gasLimit, BigInt(block.gasLimit));
      assert.equal(h.baseFeePerGas, BigInt(block.baseFeePerGas!));
      assert.equal(h.transactionCount, block.transactions.length, 'count');
      assert.equal(details.transactions, undefined, 'anvil sends a slim block, as reth does');

      const fees = receipts.map((r) => BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice));
      assert.equal(
        details.totalFees,
        fees.reduce((a, b) => a + b, 0n),
        'total fees = Σ gasUsed × effectiveGasPrice',
      );
      assert.equal(toBlockView(details, 0, t).burntFeesWei.replace(/,/g, ''), details.totalFees.toString());

      assert.deepEqual(
        transactions.map((tx) => tx.hash),
        block.transactions.map((tx) => tx.hash),
        'hashes in order',
      );
      block.transactions.forEach((expected, i) => {
        const got = transactions[i]!;
        const receipt = receipts[i]!;
        const where = `transaction ${i} of block ${n}`;
        assert.equal(got.transactionIndex, Number.parseInt(expected.transactionIndex, 16), where);
        assert.equal(got.from, expected.from.toLowerCase(), `${where}: from`);
        assert.equal(got.to, expected.to === null ? null : expected.to.toLowerCase(), `${where}: to`);
        assert.equal(got.value, BigInt(expected.value), `${where}: value`);
        assert.equal(got.gasPrice, BigInt(receipt.effectiveGasPrice), `${where}: effective gas price`);
        assert.equal(got.gasUsed, BigInt(receipt.gasUsed), `${where}: gas used`);
        assert.equal(got.fee, fees[i], `${where}: fee`);
        assert.equal(got.status, receipt.status === '0x1' ? 'success' : 'reverted', `${where}: status`);
        const data = toTransactionData(got, i);
        assert.equal(data.input, expected.input === '0x' ? '0x' : expected.input.slice(0, 10), `${where}: selector`);
      });

      const rows = transactions.map((tx, i) => toTransactionData(tx, i));
      assert.equal(summarizeRows(rows).failed, receipts.filter((r) => r.status === '0x0').length, 'failures counted');
    });
  }

  it('marks the reverted call as failed and names its method; the creation as a creation', async () => {
    const { transactions } = await ours(blocks.mixed);
    const rows = transactions.map((tx, i) => toTransactionRow(toTransactionData(tx, i)));
    const failed = rows.filter((r) => r.failed);
    assert.equal(failed.length, 1);
    assert.deepEqual(failed[0]!.method, { kind: 'call', selector: '0xa9059cbb', name: 'transfer' });
    assert.equal(failed[0]!.to, reverter.toLowerCase());
    assert.equal(rows.filter((r) => r.method.kind === 'creation').length, 1);
    assert.ok(
      rows.every((r) => !r.system),
      'no system transactions on anvil',
    );
  });

  it('reads anvil’s page direction (page 0 = the first transactions) and pages the 260-transaction block exactly', async () => {
    const details = await evm.getBlockDetails(blocks.big);
    const pages = new BlockTransactionPages(evm, blocks.big, details.block.transactionCount);
    assert.equal(await pages.direction(), 'first');
    const middle = await pages.range(95, 205);
    assert.deepEqual(
      middle.map((tx) => tx.transactionIndex),
      Array.from({ length: 110 }, (_, i) => 95 + i),
    );
  });

  it('says “not found” for a block above the head, for details and for transaction pages', async () => {
    const head = Number.parseInt(await node.rpc<string>('eth_blockNumber'), 16);
    assert.equal(await evm.getBlockNumber(), head);
    await assert.rejects(evm.getBlockDetails(head + 1_000), (e: unknown) => isProviderError(e) && e.kind === 'notFound');
    await assert.rejects(evm.getBlockTransactions(head + 1_000, 0, 10), (e: unknown) => isProviderError(e) && e.kind === 'notFound');
  });

  it('went through the gateway’s /<key>/evm, as with a provider', () => {
    assert.ok(node.forwarded > 0);
  });
});
