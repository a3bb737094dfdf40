// The critical paths at one round trip: each action through the code the extension runs, against the demo
// node behind the latency proxy (test/support/latencyProxy.ts: 20 ms each way), which counts the
// sequential waves of requests until the action has what it draws. A wave that waits for an earlier
// answer shows as a second one. No timing targets here (they are in `npm run bench`), only counts.
import * as assert from 'node:assert/strict';
import { BlockSource } from '../../src/blocks/blockSource';
import type { Address, Hash } from '../../src/core/model';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { loadTransaction, lookUpHash } from '../../src/core/transactionLoad';
import { DEMO_BLOCKS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { HoverData } from '../../src/hover/hoverData';
import type { MarketSnapshot } from '../../src/orders/marketCache';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import type { OrdersStore, WalletListing } from '../../src/orders/ordersStore';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { LatencyProxy } from '../support/latencyProxy';
import { listing, ordersStoreOver } from '../support/ordersHarness';

const MAKER = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!.address;

const ONE_WAY_MS = 20;

describe('round trips: one wave on the critical path (latency proxy before the demo node)', function () {
  this.timeout(30_000);
  let node: DemoNode;
  let proxy: LatencyProxy;
  let clients: ProviderClients;

  before(async () => {
    node = await startDemoNode({ pageDirection: 'first', failingDex: false });
    proxy = new LatencyProxy({ target: node.baseUrl, oneWayMs: ONE_WAY_MS, setupRoundTrips: 1 });
    clients = createProviderClients(await proxy.start(), node.apiKey, { timeoutMs: 5_000, maxRetries: 0 });
  });
  after(async () => {
    await proxy.stop();
    await node.close();
  });

  /** The waves `action` needs, and the calls of each. */
  async function waves(action: () => Promise<unknown>): Promise<{ waves: number; perWave: string[][] }> {
    await clients.evm.getBlockNumber(); // a warm connection
    proxy.reset();
    await action();
    const { waves, perWave } = proxy.tally();
    return { waves, perWave };
  }

  it('Look Up of a slim block: its details and first page of transactions at once, the first rows at hand', async () => {
    const source = new BlockSource(clients.evm);
    let rows = 0;
    const counted = await waves(async () => (rows = (await source.firstScreen(DEMO_BLOCKS.smallBlock)).rows.length));
    assert.equal(counted.waves, 1, JSON.stringify(counted.perWave));
    assert.ok(rows > 0, 'the first rows came with the block');
  });

  it('Look Up of latest: the head, the latest block and its first page at once', async () => {
    const counted = await waves(() => new BlockSource(clients.evm).latestScreen());
    assert.equal(counted.waves, 1, JSON.stringify(counted.perWave));
  });

  it('Look Up of a transaction hash: transaction, receipt, revert reason, trace and block by hash at once', async () => {
    let found = '';
    const counted = await waves(async () => (found = (await lookUpHash(clients.evm, DEMO_SAMPLES.failedTx as Hash)).kind));
    assert.equal(found, 'transaction');
    assert.equal(counted.waves, 1, JSON.stringify(counted.perWave));
  });

  it('Open Transaction of a failed transaction: its revert reason does not wait for its receipt', async () => {
    const counted = await waves(() => loadTransaction(clients.evm, DEMO_SAMPLES.failedTx as Hash));
    assert.equal(counted.waves, 1, JSON.stringify(counted.perWave));
  });

  it('Look Up of an address, and the cold hovers on a block, a transaction and an address: one wave, one request each', async () => {
    for (const action of [
      () => clients.evm.getAddressSummary(DEMO_SAMPLES.contract as Address),
      () => new HoverData(clients.evm, new BlockSource(clients.evm)).blocks.find(DEMO_BLOCKS.hoverBlock),
      () => new HoverData(clients.evm, new BlockSource(clients.evm)).transactions.find(DEMO_SAMPLES.transferTx as Hash),
      () => new HoverData(clients.evm, new BlockSource(clients.evm)).addresses.find(DEMO_SAMPLES.account as Address),
    ]) {
      const counted = await waves(action);
      assert.equal(counted.waves, 1, JSON.stringify(counted.perWave));
      assert.equal(counted.perWave[0]!.length, 1, `one request (a batch): ${JSON.stringify(counted.perWave)}`);
    }
  });

  describe('Open Orders', () => {
    let memory: MarketSnapshot | undefined;
    const sourceOf = () => new OpenOrdersSource(clients.info, { memory: { load: () => memory, save: (m) => (memory = m) } });
    const storeOf = (source: OpenOrdersSource, wallets: WalletListing[]) => ordersStoreOver(source, { wallets: () => wallets });

    /** Waves until the wallet's tree is first redrawn with new orders, and in all. */
    async function refreshWaves(store: OrdersStore, address: string): Promise<{ drawn: number; all: number; perWave: string[][] }> {
      await clients.evm.getBlockNumber();
      proxy.reset();
      const before = store.wallet(address)?.last;
      let drawnAt: number | undefined;
      const subscription = store.onDidChange(() => {
        if (drawnAt === undefined && store.wallet(address)?.last !== before) drawnAt = performance.now();
      });
      const outcome = await store.refreshWallet(address);
      subscription.dispose();
      assert.ok(outcome.ok, String(outcome.error));
      return { drawn: proxy.tally(drawnAt).waves, all: proxy.tally().waves, perWave: proxy.tally().perWave };
    }

    it('a refresh: the orders of every dex and the mids of the dexs with orders at once; fates after the tree is redrawn', async () => {
      const source = sourceOf();
      const store = storeOf(source, [listing(MAKER)]);
      await store.refreshWallet(MAKER);
      await new Promise((r) => setTimeout(r, 1_100)); // the mids of the last refresh are not kept past a second
      const counted = await refreshWaves(store, MAKER);
      assert.equal(counted.drawn, 1, JSON.stringify(counted.perWave));
      assert.ok(counted.perWave[0]!.filter((c) => c === 'allMids').length === 3, 'the mids of "", flx and xyz in the first wave');
      assert.equal(counted.all, 2, 'orderStatus of the gone orders after the drawing');
      assert.ok(counted.perWave[1]!.every((c) => c === 'orderStatus'));
      store.dispose();
      source.dispose();
    });

    it('a newly watched wallet, with the dex list kept from an earlier window: drawn after one wave', async () => {
      const earlier = sourceOf();
      await earlier.load(MAKER); // this window learns the markets, and keeps them
      earlier.dispose();
      const source = sourceOf(); // a window reload: a new source, the markets from memory
      const store = storeOf(source, [listing(MAKER)]);
      const counted = await refreshWaves(store, MAKER);
      assert.equal(counted.drawn, 1, JSON.stringify(counted.perWave));
      assert.ok(!counted.perWave.flat().includes('perpDexs'), 'the dex list came from the earlier window');
      store.dispose();
      source.dispose();
    });

    it('Reload Markets, and the first refresh of a window: the dex list and spot pairs asked once for five wallets', async () => {
      const wallets = [...DEMO_WALLETS.map((w) => listing(w.address)), listing(`0x${'1'.repeat(40)}`), listing(`0x${'2'.repeat(40)}`)];
      memory = undefined;
      const source = sourceOf();
      const store = storeOf(source, wallets);
      const count = (type: string) => proxy.requests.flatMap((r) => r.calls).filter((c) => c === type).length;
      proxy.reset();
      await store.refreshAll();
      assert.equal(count('perpDexs'), 1, 'the first refresh');
      proxy.reset();
      await store.refreshAll({ reloadMarkets: true });
      assert.equal(count('perpDexs'), 1, 'Reload Markets');
      assert.equal(count('spotMeta'), 1);
      store.dispose();
      source.dispose();
    });

    it('Reload Markets of one wallet: its orders still in the first wave (the old dex list says which dexs to ask)', async () => {
      const source = sourceOf();
      const store = storeOf(source, [listing(MAKER)]);
      await store.refreshWallet(MAKER);
      source.reloadMarkets();
      const counted = await refreshWaves(store, MAKER);
      assert.equal(counted.drawn, 1, JSON.stringify(counted.perWave));
      assert.ok(counted.perWave[0]!.includes('perpDexs') && counted.perWave[0]!.filter((c) => c === 'frontendOpenOrders').length === 4);
      store.dispose();
      source.dispose();
    });
  });
});
