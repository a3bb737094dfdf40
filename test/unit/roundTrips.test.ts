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
import { LatencyProxy } from '../support/latencyProxy';

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
});
