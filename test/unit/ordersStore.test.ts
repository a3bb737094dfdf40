/** The Open Orders store without VS Code, over the real demo node: wallets, refreshes, market data once per connection, events. */
import * as assert from 'node:assert/strict';
import { createProviderClients } from '../../src/core/provider';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { OrdersStore, type FillNotice, type WalletListing } from '../../src/orders/ordersStore';
import { untranslated } from '../../src/view/format';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;
const listing = (address: string, label?: string, dexes?: string[]): WalletListing => ({ wallet: { address, label, dexes }, demo: false });

describe('open orders store', () => {
  let node: DemoNode;
  let source: OpenOrdersSource | undefined;
  let wallets: WalletListing[];
  let store: OrdersStore;
  let changes: (string | undefined)[];
  let logLines: string[];

  const connect = () => {
    source?.dispose();
    source = new OpenOrdersSource(createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0 }).info);
  };

  beforeEach(async () => {
    node = await startDemoNode();
    connect();
    wallets = [listing(maker.address, 'Maker'), listing(empty.address)];
    logLines = [];
    const log = { warn: (m: string) => void logLines.push(m), debug: () => undefined };
    store = new OrdersStore({ sources: { get: async () => source, get existing() { return source; } }, wallets: () => wallets, log, t: untranslated });
    changes = [];
    store.onDidChange((a) => changes.push(a));
  });
  afterEach(async () => {
    store.dispose();
    source?.dispose();
    await node.close();
  });

  it('lists the wallets it is handed; a relabel redraws one wallet, a new wallet or other dexs the whole list', () => {
    assert.deepEqual(store.addresses, [maker.address, empty.address]);
    wallets = [listing(maker.address, 'Market maker'), listing(empty.address)];
    store.syncWallets();
    assert.deepEqual(changes, [maker.address]);
    assert.equal(store.wallet(maker.address.toUpperCase().replace('0X', '0x'))?.wallet.label, 'Market maker');
    wallets = [listing(maker.address, 'Market maker', ['xyz']), listing(empty.address)];
    store.syncWallets();
    assert.deepEqual(changes, [maker.address, undefined]);
    wallets = [listing(empty.address)];
    store.syncWallets();
    assert.deepEqual(store.addresses, [empty.address]);
    assert.equal(store.wallet(maker.address), undefined);
  });

  it('refreshes every wallet: views, summaries, request weight; the spinner shows while it runs', async () => {
    const refreshing: boolean[] = [];
    store.onDidChangeRefreshing((r) => refreshing.push(r));
    let all = 0;
    store.onDidRefreshAll(() => (all += 1));
    const outcomes = await store.refreshAll();
    assert.deepEqual(outcomes.map((o) => o.ok), [true, true]);
    assert.deepEqual(refreshing, [true, false]);
    assert.equal(all, 1);
    const [m, e] = store.summaries();
    assert.ok((m.orderCount ?? 0) > 0 && m.stale === false && m.error === undefined);
    assert.deepEqual(m.failedDexs, ['outage']);
    assert.equal(e.orderCount, 0);
    assert.ok(store.wallet(maker.address)?.last?.view.groups.some((g) => g.label === 'Perps'));
    // Order lists of the first dex and the 3 listed ones, plus mids: the weight the budget counts.
    assert.ok(store.refreshWeight >= 2 * 4 * 20, `weight ${store.refreshWeight}`);
    assert.ok(changes.includes(maker.address), 'the refreshed wallet was redrawn');
  });

  it('holds the market data once for all wallets of a connection, and drops it when the connection changes', async () => {
    await store.refreshAll();
    const markets = store.markets;
    assert.deepEqual(markets.dexs.map((d) => d.name), ['flx', 'outage', 'xyz']);
    assert.ok(markets.spotMeta, 'spot pairs, for @N names');
    assert.equal(markets.units.get('flx'), 'USDH');
    assert.ok(markets.mids.get('')?.size, 'mids of the first dex');
    connect();
    store.connectionChanged();
    assert.notEqual(store.markets, markets);
    assert.equal(store.markets.dexs.length, 0);
    assert.equal(store.markets.spotMeta, undefined);
    assert.equal(store.wallet(maker.address)?.last, undefined, 'orders belong to the old connection');
    assert.deepEqual(store.addresses, [maker.address, empty.address], 'the wallets stay');
    assert.equal(changes.at(-1), undefined);
  });

  it('finds what changed at the next refresh, looks up what became of gone orders, and says which were filled', async () => {
    const notices: FillNotice[] = [];
    store.onFilled((n) => notices.push(n));
    await store.refreshAll();
    await store.refreshAll();
    const m = store.summaries()[0]!;
    assert.ok(m.gone > 0, 'the demo maker replaces orders at each answer');
    assert.ok(m.goneFates.length > 0, 'fates looked up');
    const filled = m.goneFates.filter((f) => f === 'filled').length;
    assert.equal(notices.flatMap((n) => n.filled).length, filled);
    if (filled > 0) assert.equal(notices[0]!.wallet.label, 'Maker');
  });

  it('loads a wallet the view shows once, not again after it failed; a wallet not listed is no refresh', async () => {
    source = undefined; // no key
    store.loadOnce(maker.address);
    assert.equal(store.wallet(maker.address)?.refreshing, true);
    assert.deepEqual(await store.refreshWallet('0x' + '0'.repeat(40)), { address: '0x' + '0'.repeat(40), ok: false });
    assert.equal(store.cancelRefresh(), true);
  });
});
