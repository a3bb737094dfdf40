/**
 * The HyperCore section end to end in Node, over real HTTP to the demo node: its sample CoreWriter order
 * and transfer from HyperCore loaded by the real clients, named with `spotMeta` and `meta` from its `/info`
 * (cached per source, asked only as far as needed), and what a failing `/info` costs (names only).
 */
import * as assert from 'node:assert/strict';
import { useDemoClients } from '../support/demoNodes';
import { hyperCoreParts, metaNeeds } from '../../src/hyperCore/hyperCoreParts';
import { HyperCoreMetaSource } from '../../src/hyperCore/hyperCoreMeta';
import { connectProvider } from '../../src/core/provider';
import { ProviderEndpoints } from '../../src/core/endpoints';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { loadTransaction } from '../../src/core/transactionLoad';
import { untranslated } from '../../src/core/translate';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { CORE_WRITER_ADDRESS, encodeCoreAction, RAW_ACTION_TOPIC, sendRawActionData } from '../../src/hyperCore/coreWriter';
import { DEMO_CORE_WRITER } from '../../src/demo/chain';
import {
  DEMO_CORE_ORDER,
  DEMO_OUTCOME_ORDER,
  DEMO_SUPPLY_CHANGE_CORE_WEI,
  demoTrace,
  RAW_ACTION_TOPIC as DEMO_RAW_ACTION_TOPIC,
} from '../../src/demo/transactions';
import { hyperCoreView } from '../../src/hyperCore/hyperCoreViewModel';

describe('HyperCore names from /info (core/hyperCoreMeta), on the demo node', () => {
  const { node, clients } = useDemoClients();

  async function section(hash: `0x${string}`, source: HyperCoreMetaSource) {
    const bundle = (await loadTransaction(clients().evm, hash))!;
    const parts = hyperCoreParts(bundle);
    const { directory, problems, requests } = await source.directory(metaNeeds(parts), undefined);
    return { view: hyperCoreView(bundle.tx, parts, directory, problems[0]?.message ?? null, untranslated), requests, needs: metaNeeds(parts) };
  }

  it('the demo’s CoreWriter call is exactly what the core encodes (the demo node carries no ABI coder of its own)', () => {
    assert.deepEqual([DEMO_CORE_WRITER, DEMO_RAW_ACTION_TOPIC], [CORE_WRITER_ADDRESS, RAW_ACTION_TOPIC]);
    const o = DEMO_CORE_ORDER;
    const call = demoTrace(DEMO_SAMPLES.coreWriterOrderTx)!.find((e) => e.to === CORE_WRITER_ADDRESS)!;
    assert.equal(sendRawActionData(call.input), encodeCoreAction(1, [o.asset, o.isBuy, o.limitPx, o.sz, o.reduceOnly, o.tif, o.cloid]));
  });

  it('reads the sample CoreWriter order in prices and sizes, with the oracle price its contract read first', async () => {
    const { view, needs } = await section(DEMO_SAMPLES.coreWriterOrderTx, new HyperCoreMetaSource(clients().info));
    assert.deepEqual(needs, { spot: true, perps: true });
    assert.equal(view?.actions.length, 1);
    assert.deepEqual([view!.actions[0].title, view!.actions[0].summary, view!.actions[0].state], ['Limit order', 'Buy 0.25 BTC at 101,000', 'sent']);
    assert.equal(view!.actions[0].user, DEMO_SAMPLES.coreStrategy);
    assert.equal(view?.reads[0]?.name, 'oracle price');
    assert.deepEqual(view?.reads[0]?.outputs.at(-1), { label: 'price', value: '101,240' });
    assert.equal(view?.transfer, null);
  });

  it('the demo’s action 14 and outcome order are exactly what the core encodes', () => {
    const mint = demoTrace(DEMO_SAMPLES.coreWriterSupplyChangeTx)!.find((e) => e.to === CORE_WRITER_ADDRESS)!;
    assert.equal(sendRawActionData(mint.input), encodeCoreAction(14, [360n, DEMO_SUPPLY_CHANGE_CORE_WEI, true]));
    const o = DEMO_OUTCOME_ORDER;
    const order = demoTrace(DEMO_SAMPLES.coreWriterOutcomeOrderTx)!.find((e) => e.to === CORE_WRITER_ADDRESS)!;
    assert.equal(sendRawActionData(order.input), encodeCoreAction(1, [o.asset, o.isBuy, o.limitPx, o.sz, o.reduceOnly, o.tif, o.cloid]));
  });

  it('reads the sample USDH mint’s action 14 in USDH, and the sample outcome order as the outcome market it is', async () => {
    const source = new HyperCoreMetaSource(clients().info);
    const mint = (await section(DEMO_SAMPLES.coreWriterSupplyChangeTx, source)).view;
    assert.deepEqual(
      [mint?.actions[0]?.title, mint?.actions[0]?.actionId, mint?.actions[0]?.summary, mint?.actions[0]?.state],
      ['Reflect EVM supply change', '14', 'Reflect a mint of 25,000 USDH on HyperEVM in HyperCore’s supply', 'sent'],
    );
    const order = (await section(DEMO_SAMPLES.coreWriterOutcomeOrderTx, source)).view;
    assert.equal(order?.actions[0]?.summary, 'Buy 10 outcome 516 side 0 at 0.65');
    assert.equal(order?.actions[0]?.fields[0]?.value, 'outcome market: outcome 516, side 0 (coin #5160, asset 100005160)');
  });

  it('names the sample transfer from HyperCore: 0.5 UBTC, asking spotMeta only', async () => {
    const source = new HyperCoreMetaSource(clients().info);
    const { view, needs, requests } = await section(DEMO_SAMPLES.systemTransferTx, source);
    assert.deepEqual(needs, { spot: true, perps: false });
    assert.equal(requests, 1);
    assert.match(view?.transfer?.summary ?? '', /^0\.5 UBTC from HyperCore to 0x/);
    assert.deepEqual(view?.actions, []);
  });

  it('keeps the metadata: a second page asks nothing', async () => {
    const source = new HyperCoreMetaSource(clients().info);
    assert.equal((await section(DEMO_SAMPLES.coreWriterOrderTx, source)).requests, 2);
    assert.equal((await section(DEMO_SAMPLES.coreWriterOrderTx, source)).requests, 0);
    assert.equal((await section(DEMO_SAMPLES.systemTransferTx, source)).requests, 0);
    assert.equal(source.requestsSent, 2);
  });

  it('an ordinary transaction asks nothing of /info', async () => {
    const bundle = (await loadTransaction(clients().evm, DEMO_SAMPLES.erc20TransferTx))!;
    assert.deepEqual(metaNeeds(hyperCoreParts(bundle)), { spot: false, perps: false });
  });

  it('a failing /info costs the names, not the section, and says why', async () => {
    node().setFaults([{ endpoint: 'info', kind: 'status', status: 500 }]);
    const { view } = await section(DEMO_SAMPLES.coreWriterOrderTx, new HyperCoreMetaSource(clients().info));
    assert.equal(view?.actions[0]?.summary, 'Buy 0.25 perp #0 at 101,000');
    assert.match(view?.namesProblem ?? '', /500/);
  });

  it('one connection keeps one spotMeta: Open Orders’ load and the transaction page’s names share it (issue 33)', async () => {
    const labels: string[] = [];
    const connected = connectProvider(
      { endpoints: new ProviderEndpoints(node().baseUrl, node().apiKey), chainId: 999 },
      { timeoutMs: 10_000, maxRetries: 0, onRequest: (e) => labels.push(e.label) },
    );
    const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
    const orders = new OpenOrdersSource(connected.info, { spotMeta: connected.spotMeta });
    try {
      const loaded = await orders.load(maker.address, maker.dexes);
      assert.ok(loaded.spotMeta, 'the maker’s spot orders were named');
      const { requests, directory } = await new HyperCoreMetaSource(connected.info, { spotMeta: connected.spotMeta }).directory({ spot: true, perps: false });
      assert.equal(requests, 0, 'the transaction page asked nothing more');
      assert.ok(directory, 'and has its names');
      assert.equal(labels.filter((l) => /spotMeta/.test(l)).length, 1, `spotMeta asked once: ${labels.join(', ')}`);
    } finally {
      orders.dispose();
    }
  });
});
