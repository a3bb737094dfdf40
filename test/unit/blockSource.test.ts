// The block panel's data source against the real demo node over HTTP: requests are counted at the node.
import * as assert from 'node:assert/strict';
import { approximateBytes, BlockSource, MAX_CACHED_BLOCK_BYTES } from '../../src/blocks/blockSource';
import { toTransactionsData } from '../../src/blocks/blockViewModel';
import { createProviderClients } from '../../src/core/provider';
import { isCancellation, isProviderError } from '../../src/core/errors';
import { demoBlockModel } from '../../src/demo/chain';
import { DEMO_BLOCKS, DEMO_HEAD, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { ScriptedServer } from '../support/scriptedServer';

for (const pageDirection of ['last', 'first'] as const) {
  describe(`block source (demo node, page 0 = the ${pageDirection} transactions)`, function () {
    let node: DemoNode;
    let source: BlockSource;

    before(async () => {
      node = await startDemoNode({ pageDirection });
    });
    beforeEach(() => {
      source = new BlockSource(createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5_000, maxRetries: 0 }).evm);
    });
    after(async () => node.close());

    it('loads a slim block’s rows in transactionIndex order, whatever the page direction', async () => {
      const n = DEMO_BLOCKS.hugeBlock;
      const details = await source.block(n);
      assert.equal(details.transactions, undefined, 'odd demo blocks are slim');
      const model = demoBlockModel(n)!;
      for (const [start, end] of [
        [0, 100],
        [150, 260],
        [9_950, 10_000],
      ]) {
        const rows = await source.transactions(details, start, end);
        assert.deepEqual(
          rows.map((r) => r.transactionIndex),
          Array.from({ length: end - start }, (_, i) => start + i),
        );
        assert.deepEqual(
          rows.map((r) => r.hash),
          model.transactions.slice(start, end).map((t) => t.hash),
        );
      }
    });

    it('asks for no more than it shows: one page for the first screen of a 10,000-transaction block', async () => {
      const n = DEMO_BLOCKS.hugeBlock;
      const details = await source.block(n);
      const before = node.requests;
      await source.transactions(details, 0, 100);
      // Direction is read off page 0; with page 0 = the first transactions that page is the answer.
      assert.ok(node.requests - before <= 2, `${node.requests - before} requests`);
      const again = node.requests;
      await source.transactions(details, 0, 100);
      assert.equal(node.requests, again, 'a page already loaded is not asked for again');
    });

    it('gives the spec-shaped block’s rows in the same order as the node sent them', async () => {
      const n = DEMO_BLOCKS.hugeSpecBlock;
      const details = await source.block(n);
      const rows = toTransactionsData(details.transactions!.slice());
      assert.equal(rows.length, 10_000);
      assert.deepEqual(
        rows.slice(0, 5).map((r) => r.hash),
        demoBlockModel(n)!
          .transactions.slice(0, 5)
          .map((t) => t.hash),
      );
    });

    it('caches a block: the second look costs no request', async () => {
      await source.block(DEMO_BLOCKS.smallBlock);
      const before = node.requests;
      await source.block(DEMO_BLOCKS.smallBlock);
      assert.equal(node.requests, before);
    });

    it('reports a block above the head as not found, and knows the head', async () => {
      await assert.rejects(source.block(DEMO_HEAD + 1), (e: unknown) => isProviderError(e) && e.kind === 'notFound');
      assert.equal(await source.latest(), DEMO_HEAD);
    });

    it('a second panel waiting for the same block does not inherit the first one’s cancellation (issue 13)', async () => {
      node.setFaults([{ kind: 'latency', ms: 300 }]);
      try {
        const first = new AbortController();
        const a = source.block(DEMO_BLOCKS.smallBlock + 2, first.signal);
        const b = source.block(DEMO_BLOCKS.smallBlock + 2, new AbortController().signal);
        setTimeout(() => first.abort(), 50);
        await assert.rejects(a, (e: unknown) => isCancellation(e));
        assert.equal((await b).block.number, BigInt(DEMO_BLOCKS.smallBlock + 2));
      } finally {
        node.clearFaults();
      }
    });

    it('bounds the cached blocks by bytes, not only by count (issue 13)', async () => {
      const huge = await source.block(DEMO_BLOCKS.hugeBlock);
      const hugeBytes = approximateBytes(huge);
      assert.ok(Math.abs(hugeBytes - JSON.stringify(huge.raw).length) < 16, `${hugeBytes}`);
      assert.ok(MAX_CACHED_BLOCK_BYTES <= 64 * 1024 * 1024);
      // A budget that holds the small block but not the huge one next to it.
      const small = await source.block(DEMO_BLOCKS.smallBlock);
      const budget = hugeBytes + approximateBytes(small) - 1;
      const bounded = new BlockSource(createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5_000, maxRetries: 0 }).evm, budget);
      await bounded.block(DEMO_BLOCKS.smallBlock);
      await bounded.block(DEMO_BLOCKS.hugeBlock);
      assert.ok(bounded.cachedBytes <= budget, `${bounded.cachedBytes} > ${budget}`);
      const before = node.requests;
      await bounded.block(DEMO_BLOCKS.hugeBlock); // the most recent stayed
      assert.equal(node.requests, before);
      await bounded.block(DEMO_BLOCKS.smallBlock); // the older one made room
      assert.equal(node.requests, before + 1);
    });

    it('stops at once when the panel cancels', async () => {
      node.setFaults([{ kind: 'latency', ms: 5_000 }]);
      try {
        const abort = new AbortController();
        const started = Date.now();
        const pending = source.block(DEMO_BLOCKS.bigBlock, abort.signal);
        setTimeout(() => abort.abort(), 50);
        await assert.rejects(pending, (e: unknown) => isProviderError(e) && e.kind === 'cancelled');
        assert.ok(Date.now() - started < 2_000);
      } finally {
        node.clearFaults();
      }
    });

    it('the first screen: a slim block’s details and page 0 in one request; its first rows at hand when page 0 holds them', async () => {
      for (const n of [DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.hugeBlock]) {
        const before = node.requests;
        const screen = await source.firstScreen(n);
        assert.equal(node.requests - before, 1, 'one JSON-RPC batch');
        const model = demoBlockModel(n)!;
        // Page 0 holds the first transactions (newer reth), or all of a small block's either way.
        const atHand = pageDirection === 'first' || model.transactions.length <= 100;
        const expected = atHand ? model.transactions.slice(0, 100).map((t) => t.hash) : [];
        assert.deepEqual(
          screen.rows.map((r) => r.hash),
          expected,
        );
        const again = node.requests;
        await source.firstScreen(n);
        assert.equal(node.requests, again, 'kept: the page asks nothing again');
      }
    });

    it('the first screen of a spec-shaped block: its first rows from the block itself', async () => {
      const n = DEMO_BLOCKS.hugeSpecBlock;
      const screen = await source.firstScreen(n);
      assert.deepEqual(
        screen.rows.map((r) => r.hash),
        demoBlockModel(n)!
          .transactions.slice(0, 200)
          .map((t) => t.hash),
      );
    });

    it('latest: the head, the latest block and its first page in one request; then kept for the panel', async () => {
      const before = node.requests;
      const screen = await source.latestScreen();
      assert.equal(screen.details.block.number, BigInt(DEMO_HEAD));
      assert.equal(node.requests - before, 1);
      const again = node.requests;
      await source.firstScreen(DEMO_HEAD);
      assert.equal(node.requests, again);
    });
  });
}

describe('block source: a node that takes no `latest` tag (older nanoreth)', () => {
  const server = new ScriptedServer();
  let base: string;
  before(async () => (base = await server.start()));
  after(() => server.stop());

  it('asks the head first, and from then on asks no tag', async () => {
    const header = {
      number: '0x64',
      hash: `0x${'1'.repeat(64)}`,
      parentHash: `0x${'2'.repeat(64)}`,
      timestamp: '0x6553f100',
      miner: `0x${'0'.repeat(40)}`,
      gasUsed: '0x0',
      gasLimit: '0x2dc6c0',
      transactionCount: 0,
    };
    server.rpc((call) => {
      if (call.params[0] === 'latest') return { error: { code: -32602, message: 'invalid type: string "latest", expected u64' } };
      if (call.method === 'eth_blockNumber') return { result: '0x64' };
      if (call.method === 'ots_getBlockDetails')
        return { result: { block: header, issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' }, totalFees: '0x0' } };
      return { result: { fullblock: { ...header, transactions: [] }, receipts: [] } };
    });
    const source = new BlockSource(createProviderClients(base, 'tagless-key', { timeoutMs: 3000, maxRetries: 0 }).evm);
    assert.equal((await source.latestScreen()).details.block.number, 100n);
    assert.equal(server.received.length, 2, 'the tag refused (with the head in the same batch), then block 100');
    server.received.length = 0;
    await new BlockSource(createProviderClients(base, 'tagless-key', { timeoutMs: 3000, maxRetries: 0 }).evm).latestScreen();
    server.received.length = 0;
    await source.latestScreen();
    assert.ok(
      server.calls.every((c) => c.params[0] !== 'latest'),
      'no tag asked again by this source',
    );
  });
});
