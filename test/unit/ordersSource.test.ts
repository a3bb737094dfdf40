/** Fetching a wallet's open orders from the real demo node over HTTP: every dex, spot names, de-duplication, faults. */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { buildWalletView, diffOrders, ENGLISH_TEXTS } from '../../src/orders/ordersViewModel';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;

describe('open orders from the demo node', () => {
  let node: DemoNode;
  let clients: ProviderClients;

  beforeEach(async () => {
    node = await startDemoNode();
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0 });
  });
  afterEach(() => node.close());

  it('gets the market maker’s perp, second-dex and spot orders, with @N named by spotMeta', async () => {
    const source = new OpenOrdersSource(clients.info);
    const result = await source.load(maker.address);
    assert.deepEqual(result.dexs.map((d) => d.name), ['xyz']);
    assert.ok(result.spotMeta, 'spotMeta fetched because @N coins are present');
    const view = buildWalletView({ address: maker.address, orders: result.orders, spotMeta: result.spotMeta, dexs: result.dexs, texts: ENGLISH_TEXTS });
    assert.deepEqual(view.groups.map((g) => g.label), ['Perps', 'xyz', 'Spot']);
    const spotNames = view.groups[2].orders.map((o) => o.label);
    assert.ok(spotNames.includes('HYPE/USDC'), spotNames.join());
    assert.ok(spotNames.includes('PURR/USDC'));
    assert.ok(spotNames.every((n) => !n.startsWith('@')), 'every demo pair is named');
    assert.ok(view.groups[1].orders.every((o) => o.market.rawCoin.startsWith('xyz:') && !o.label.startsWith('xyz:')));
    assert.equal(view.orderCount, result.orders.length);
  });

  it('sees orders appear, fill partly and go between two refreshes', async () => {
    const source = new OpenOrdersSource(clients.info);
    const first = await source.load(maker.address);
    const second = await source.load(maker.address);
    const changes = diffOrders(first.orders, second.orders);
    // The demo maker replaces one order and partly fills another per dex at each answer.
    for (const dex of ['', 'xyz']) {
      assert.equal([...changes.added].filter((o) => o.dex === dex).length, 1, `new on “${dex}”`);
      assert.equal(changes.gone.filter((o) => o.dex === dex).length, 1, `gone on “${dex}”`);
      const fills = [...changes.resized].filter(([o]) => o.dex === dex);
      assert.equal(fills.length, 1, `partial fill on “${dex}”`);
      const [, { from, to }] = fills[0];
      assert.ok(Number(to) < Number(from), `${from} → ${to} shrinks`);
    }
  });

  it('turns overlapping refreshes of one wallet into one request set, and caches perpDexs and spotMeta', async () => {
    const source = new OpenOrdersSource(clients.info);
    const before = node.requests;
    const [a, b, c] = await Promise.all([source.load(maker.address), source.load(maker.address), source.load(maker.address)]);
    assert.equal(a, b);
    assert.equal(b, c);
    const firstSet = node.requests - before;
    assert.equal(firstSet, 4, 'perpDexs + openOrders "" + openOrders xyz + spotMeta');
    await source.load(maker.address);
    assert.equal(node.requests - before - firstSet, 2, 'only the two openOrders the second time');
  });

  it('reads the whale’s 5,000 orders and the empty wallet’s none', async () => {
    const source = new OpenOrdersSource(clients.info);
    const [big, none] = await Promise.all([source.load(whale.address), source.load(empty.address)]);
    assert.equal(big.orders.length, 5000);
    assert.equal(none.orders.length, 0);
    assert.equal(none.spotMeta, undefined, 'no spotMeta request without @N coins');
  });

  it('asks extra dexs from the wallet’s settings and skips names the API would refuse', async () => {
    const source = new OpenOrdersSource(clients.info);
    const before = node.requests;
    await source.load(empty.address, ['abc', 'not a dex!', '']);
    assert.equal(node.requests - before, 4, 'perpDexs + "" + xyz + abc, nothing for the bad names');
  });

  it('reports a bad key as such, and keeps naming pairs raw when only spotMeta fails', async () => {
    const source = new OpenOrdersSource(clients.info);
    node.setFaults([{ kind: 'status', status: 401, endpoint: 'info', times: 1 }]);
    await assert.rejects(source.load(maker.address), (e: unknown) => e instanceof ProviderError && e.kind === 'badKey');
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info', method: 'spotMeta' }]);
    const result = await source.load(maker.address);
    assert.equal(result.spotMeta, undefined);
    assert.equal(result.spotMetaError?.kind, 'server');
    const view = buildWalletView({ address: maker.address, orders: result.orders, texts: ENGLISH_TEXTS });
    assert.ok(view.groups.find((g) => g.groupKind === 'spot')!.orders.some((o) => o.label === '@107'));
  });

  it('cancels what is running when disposed', async () => {
    const source = new OpenOrdersSource(clients.info);
    node.setFaults([{ kind: 'latency', ms: 2000 }]);
    const running = source.load(maker.address);
    setTimeout(() => source.dispose(), 50);
    const started = Date.now();
    await assert.rejects(running, (e: unknown) => e instanceof ProviderError && e.kind === 'cancelled');
    assert.ok(Date.now() - started < 1500);
  });
});
