// The hovers' lookups (blocks, transactions, addresses) against the real demo node over HTTP: requests
// are counted at the node.
import * as assert from 'node:assert/strict';
import { describeError, isCancellation, isProviderError } from '../../src/core/errors';
import type { Address, Hash } from '../../src/core/model';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { DEMO_BLOCKS, DEMO_HEAD, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { demoBlockModel, demoBlockTimestamp } from '../../src/demo/chain';
import { hoverMarkdown } from '../../src/hover/hoverContent';
import { HoverData } from '../../src/hover/hoverData';
import { untranslated } from '../../src/view/format';
import { HoverBlocks, type HoverBlocksOptions } from '../../src/hover/hoverBlocks';
import { BlockSource, MAX_CACHED_BLOCK_BYTES } from '../../src/blocks/blockSource';
import { hoverAt } from '../../src/hover/hoverAt';

const BLOCK = DEMO_BLOCKS.hoverBlock; // 0x1a2b

/** Hover blocks over a block source of their own (the extension shares the connection's with the block page). */
function hoverBlocks(evm: ProviderClients['evm'], options?: HoverBlocksOptions): HoverBlocks {
  return new HoverBlocks(new BlockSource(evm), options);
}
const TX = DEMO_SAMPLES.transferTx as Hash;
const NOT_A_TX = DEMO_SAMPLES.unknownHash as Hash;

describe('hover lookups (demo node over HTTP)', function () {
  let node: DemoNode;
  let clients: ProviderClients;

  before(async () => {
    node = await startDemoNode();
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 2_000, maxRetries: 0 });
  });
  after(async () => node.close());
  afterEach(() => node.clearFaults());

  /** Requests the node receives while `fn` runs (and settles). */
  async function requestsDuring(fn: () => Promise<unknown>): Promise<number> {
    const before = node.requests;
    await fn();
    return node.requests - before;
  }

  it('finds 0x1a2b and summarises it as the demo chain defines it', async () => {
    const lookup = hoverBlocks(clients.evm);
    const result = await lookup.find(BLOCK);
    assert.equal(result.kind, 'block');
    const model = demoBlockModel(BLOCK)!;
    assert.deepEqual(result.kind === 'block' && result.block, {
      number: BLOCK,
      hash: model.hash,
      timestamp: BigInt(demoBlockTimestamp(BLOCK, Math.floor(node.startedAt / 1000))),
      gasUsed: BigInt(model.gasUsed),
      gasLimit: BigInt(model.gasLimit),
      transactionCount: model.transactions.length,
      totalFees: model.totalFees,
    });
  });

  it('sends one request for many hovers on one number, and none once it is cached', async () => {
    const lookup = hoverBlocks(clients.evm);
    node.setFaults([{ kind: 'latency', ms: 100, method: 'ots_getBlockDetails' }]);
    let results: unknown[] = [];
    const sent = await requestsDuring(async () => {
      results = await Promise.all(Array.from({ length: 25 }, () => lookup.find(BLOCK)));
    });
    assert.equal(sent, 1);
    for (const r of results) assert.deepEqual(r, results[0]);
    assert.equal(await requestsDuring(() => lookup.find(BLOCK)), 0);
    assert.ok(lookup.peek(BLOCK));
  });

  it('answers a hover on a cached block synchronously, with no request', async () => {
    const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
    const line = `  "blockNumber": "0x1a2b",`;
    const at = line.indexOf('0x1a2b') + 3;
    const context = { nowMs: Date.now(), t: untranslated, explorerUrl: 'https://hyperevmscan.io' };
    assert.equal(hoverAt(line, at, lookups, context)?.content, undefined); // not cached yet
    await lookups.blocks.find(BLOCK);
    const before = node.requests;
    const hover = hoverAt(line, at, lookups, context);
    assert.equal(node.requests, before);
    assert.equal(hover?.content?.title, 'Block 6,699');
    assert.ok(hoverMarkdown(hover!.content!).includes('command:hyperliquidExplorer.lookUpBlock?%5B6699%5D'));
  });

  it('one cache with the block page: a block hovered then opened, or opened then hovered, is asked for once', async () => {
    const asked: string[] = [];
    const counted = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 2_000, maxRetries: 0, onRequest: (e) => asked.push(e.label) });
    // As the extension makes them: the hovers' data reads blocks through the connection's block source.
    const source = new BlockSource(counted.evm);
    const lookups = new HoverData(counted.evm, source);
    assert.equal((await lookups.blocks.find(BLOCK)).kind, 'block'); // hovered…
    await source.block(BLOCK); // …then opened
    assert.equal(asked.filter((label) => label.includes('ots_getBlockDetails')).length, 1, asked.join(', '));
    await source.block(BLOCK + 1); // opened…
    assert.equal((await lookups.blocks.find(BLOCK + 1)).kind, 'block'); // …then hovered
    assert.ok(lookups.blocks.peek(BLOCK + 1));
    assert.equal(asked.filter((label) => label.includes('ots_getBlockDetails')).length, 2, asked.join(', '));
  });

  it('keeps at most `capacity` blocks, dropping the least recently used', async () => {
    const lookup = new HoverBlocks(new BlockSource(clients.evm, MAX_CACHED_BLOCK_BYTES, 3));
    for (const n of [100, 101, 102]) await lookup.find(n);
    await lookup.find(100); // now the most recent
    await lookup.find(103); // evicts 101
    assert.equal(lookup.cachedBlocks, 3);
    assert.equal(await requestsDuring(() => lookup.find(100)), 0);
    assert.equal(await requestsDuring(() => lookup.find(101)), 1);
  });

  it('says a block does not exist, with the latest block number, and does not cache that', async () => {
    const lookup = hoverBlocks(clients.evm);
    const missing = DEMO_HEAD + 1000;
    const result = await lookup.find(missing);
    assert.deepEqual(result, { kind: 'notFound', blockNumber: missing, latest: DEMO_HEAD });
    // Asked again: the block is asked again (it may exist by now); the latest number is reused a moment.
    let calls = 0;
    const source = new BlockSource(clients.evm);
    const counting = {
      block: (n: number, s?: AbortSignal) => source.block(n, s),
      peekBlock: (n: number) => source.peekBlock(n),
      latest: (s?: AbortSignal) => (calls++, source.latest(s)),
      get cachedBlocks() {
        return source.cachedBlocks;
      },
    };
    const counted = new HoverBlocks(counting);
    await counted.find(missing);
    assert.equal(await requestsDuring(() => counted.find(missing)), 1);
    assert.equal(calls, 1);
    assert.equal(counted.cachedBlocks, 0);
  });

  it('asks for the latest block number again once its time window has passed', async () => {
    let now = 1_000_000;
    const lookup = hoverBlocks(clients.evm, { latestTtlMs: 5_000, now: () => now });
    const missing = DEMO_HEAD + 5;
    assert.equal(await requestsDuring(() => lookup.find(missing)), 2); // the block, then the head
    assert.equal(await requestsDuring(() => lookup.find(missing)), 1); // the block only
    now += 5_000;
    assert.equal(await requestsDuring(() => lookup.find(missing)), 2);
  });

  it('still answers "not found" when the latest block number cannot be had', async () => {
    const lookup = hoverBlocks(clients.evm);
    node.setFaults([{ kind: 'status', status: 500, method: 'eth_blockNumber' }]);
    assert.deepEqual(await lookup.find(DEMO_HEAD + 7), { kind: 'notFound', blockNumber: DEMO_HEAD + 7, latest: undefined });
  });

  it('reports provider errors without the key, and does not cache them', async () => {
    const lookup = hoverBlocks(clients.evm);
    node.setFaults([{ kind: 'status', status: 429, times: 1 }]);
    const error = await lookup.find(BLOCK + 2).then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
    assert.ok(isProviderError(error) && error.kind === 'rateLimited', String(error));
    assert.ok(!describeError(error).includes(node.apiKey));
    assert.ok(!/https?:\/\//.test(describeError(error)));
    assert.equal(lookup.cachedBlocks, 0);
    assert.equal((await lookup.find(BLOCK + 2)).kind, 'block');
  });

  it('applies the request timeout', async () => {
    const slow = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 300, maxRetries: 0 });
    const lookup = hoverBlocks(slow.evm);
    node.setFaults([{ kind: 'hang', times: 1 }]);
    const started = performance.now();
    await assert.rejects(lookup.find(BLOCK + 4), (e: unknown) => isProviderError(e) && e.kind === 'timeout');
    assert.ok(performance.now() - started < 1_500);
  });

  describe('transactions and addresses', () => {
    it('finds a transfer: succeeded, in its block, from → to, with value and fee', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      const tx = await clients.evm.getTransaction(TX);
      const summary = await lookups.transactions.find(TX);
      assert.ok(summary && tx);
      assert.equal(summary.status, 'success');
      assert.equal(summary.blockNumber, tx.blockNumber);
      assert.equal(summary.from, tx.from);
      assert.equal(summary.to, tx.to);
      assert.equal(summary.value, tx.value);
      assert.ok(summary.fee !== undefined && summary.fee > 0n);
    });

    it('says a failed transaction reverted', async () => {
      const summary = await new HoverData(clients.evm, new BlockSource(clients.evm)).transactions.find(DEMO_SAMPLES.failedTx as Hash);
      assert.equal(summary?.status, 'reverted');
    });

    it('sends the transaction and receipt requests once for many hovers, in one batch, and nothing once cached', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      node.setFaults([{ kind: 'latency', ms: 100, method: 'eth_getTransactionByHash' }]);
      const sent = await requestsDuring(() => Promise.all(Array.from({ length: 25 }, () => lookups.transactions.find(TX))));
      assert.equal(sent, 1, 'the transaction and its receipt in one JSON-RPC batch');
      assert.equal(await requestsDuring(() => lookups.transactions.find(TX)), 0);
    });

    it('a 64-hex value that is no transaction: null, kept as such (the next hovers ask nothing and show nothing)', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      assert.equal(await lookups.transactions.find(NOT_A_TX), null);
      assert.equal(await requestsDuring(() => lookups.transactions.find(NOT_A_TX)), 0);
      const line = `bytes32 constant SLOT = ${NOT_A_TX};`;
      const before = node.requests;
      assert.equal(
        hoverAt(line, line.indexOf('0x') + 5, lookups, { nowMs: Date.now(), t: untranslated, explorerUrl: 'https://hyperevmscan.io' })?.nothing,
        true,
      );
      assert.equal(node.requests, before);
    });

    it('tells a contract from an account, with its balance, in one pair of requests kept a moment', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      const contract = await lookups.addresses.find(DEMO_SAMPLES.contract.toLowerCase() as Address);
      assert.equal(contract.kind, 'contract');
      const account = await lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address);
      assert.equal(account.kind, 'account');
      assert.ok(account.balance > 0n);
      assert.equal(await requestsDuring(() => lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address)), 0);
    });

    it('a cancelled transaction hover stops waiting at once, and nothing is kept', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      node.setFaults([{ kind: 'latency', ms: 400, method: 'eth_getTransactionByHash', times: 1 }]);
      const hover = new AbortController();
      const pending = lookups.transactions.find(TX, hover.signal);
      setTimeout(() => hover.abort(), 50);
      const started = performance.now();
      await assert.rejects(pending, (e: unknown) => isCancellation(e));
      assert.ok(performance.now() - started < 250);
      await new Promise((r) => setTimeout(r, 450));
      assert.equal(lookups.transactions.peek(TX), undefined);
    });

    it('dispose (a connection change) aborts what is in flight', async () => {
      const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
      node.setFaults([{ kind: 'latency', ms: 300, method: 'eth_getBalance', times: 1 }]);
      const pending = lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address);
      await new Promise((r) => setTimeout(r, 30));
      lookups.dispose();
      await assert.rejects(pending, (e: unknown) => isCancellation(e));
    });
  });

  describe('cancellation', () => {
    it('a cancelled hover stops waiting at once, and its request is aborted when nobody else waits', async () => {
      const lookup = hoverBlocks(clients.evm);
      node.setFaults([{ kind: 'latency', ms: 400, method: 'ots_getBlockDetails', times: 1 }]);
      const hover = new AbortController();
      let abortedAt = 0;
      const pending = lookup.find(BLOCK + 6, hover.signal);
      setTimeout(() => {
        abortedAt = performance.now();
        hover.abort();
      }, 50);
      await assert.rejects(pending, (e: unknown) => isCancellation(e));
      const waited = performance.now() - abortedAt;
      // The request takes 400 ms: a hover that kept waiting would wait ~350 ms more; 200 leaves room for a loaded machine.
      assert.ok(waited < 200, `the hover went on waiting ${waited.toFixed(1)} ms after its cancellation`);
      // Had the request gone on, it would have filled the cache by now.
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(lookup.peek(BLOCK + 6), undefined);
    });

    it('one cancelled hover does not abort the request another hover still waits for', async () => {
      const lookup = hoverBlocks(clients.evm);
      node.setFaults([{ kind: 'latency', ms: 200, method: 'ots_getBlockDetails', times: 1 }]);
      const first = new AbortController();
      const second = new AbortController();
      let results: PromiseSettledResult<unknown>[] = [];
      const sent = await requestsDuring(async () => {
        const a = lookup.find(BLOCK + 8, first.signal);
        const b = lookup.find(BLOCK + 8, second.signal);
        setTimeout(() => first.abort(), 30);
        results = await Promise.allSettled([a, b]);
      });
      assert.equal(sent, 1);
      assert.equal(results[0].status, 'rejected');
      assert.ok(isCancellation((results[0] as PromiseRejectedResult).reason));
      assert.equal(results[1].status, 'fulfilled');
      assert.ok(lookup.peek(BLOCK + 8));
    });

    it('a hover that joins just as the last waiter cancels gets the block, not that cancellation', async () => {
      const lookup = hoverBlocks(clients.evm);
      node.setFaults([{ kind: 'latency', ms: 200, method: 'ots_getBlockDetails', times: 1 }]);
      const first = new AbortController();
      const a = lookup.find(BLOCK + 10, first.signal);
      await new Promise((r) => setTimeout(r, 30));
      first.abort(); // the shared request is aborted now…
      const b = lookup.find(BLOCK + 10); // …and this one joins before its rejection lands
      await assert.rejects(a, (e: unknown) => isCancellation(e));
      const result = await b;
      assert.equal(result.kind, 'block');
    });

    it('an already cancelled hover sends nothing', async () => {
      const lookup = hoverBlocks(clients.evm);
      const sent = await requestsDuring(() => lookup.find(BLOCK + 12, AbortSignal.abort()).catch((e: unknown) => assert.ok(isCancellation(e))));
      assert.equal(sent, 0);
    });

    it('dispose aborts what is in flight (a connection change)', async () => {
      const lookup = hoverBlocks(clients.evm);
      node.setFaults([{ kind: 'latency', ms: 300, method: 'ots_getBlockDetails', times: 1 }]);
      const pending = lookup.find(BLOCK + 14);
      await new Promise((r) => setTimeout(r, 30));
      lookup.dispose();
      await assert.rejects(pending, (e: unknown) => isCancellation(e));
    });
  });
});
