/** The Open Orders store without VS Code, over the real demo node: wallets, refreshes, market data once per connection, events. */
import * as assert from 'node:assert/strict';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { chooseDexs, MAX_DEXS_PER_WALLET, OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { OrdersStore, type FillNotice, type WalletListing } from '../../src/orders/ordersStore';
import { infoRequestWeight } from '../../src/core/infoWeights';
import { WeightLedger } from '../../src/core/weightLedger';
import { listing, ordersStoreOver, recordingSource } from '../support/ordersHarness';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;

describe('open orders store', () => {
  let node: DemoNode;
  let source: OpenOrdersSource | undefined;
  let wallets: WalletListing[];
  let store: OrdersStore;
  let changes: (string | undefined)[];
  let logLines: string[];
  let ledger: WeightLedger;
  /** Every info request that reached the wire, by type (no retries: `maxRetries: 0`). */
  let sent: string[];
  const sentWeight = () => sent.reduce((sum, type) => sum + infoRequestWeight(type), 0);

  const connect = () => {
    source?.dispose();
    source = recordingSource(node, (type) => sent.push(type));
  };

  beforeEach(async () => {
    node = await startDemoNode();
    sent = [];
    connect();
    wallets = [listing(maker.address, 'Maker'), listing(empty.address)];
    logLines = [];
    const log = { warn: (m: string) => void logLines.push(m), debug: () => undefined };
    ledger = new WeightLedger();
    store = ordersStoreOver(() => source, { wallets: () => wallets, log, ledger });
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
    assert.deepEqual(
      outcomes.map((o) => o.ok),
      [true, true],
    );
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

  it('redraws a wallet already drawn once per refresh when nothing is left to look up after its orders', async () => {
    await store.refreshAll();
    changes.length = 0;
    await store.refreshAll();
    assert.equal(store.wallet(empty.address)?.last?.changes.gone.length, 0);
    assert.deepEqual(
      changes.filter((a) => a === empty.address),
      [empty.address],
    );
    assert.ok(changes.includes(maker.address), 'the maker, whose orders changed, is redrawn too');
  });

  it('holds the market data once for all wallets of a connection, and drops it when the connection changes', async () => {
    await store.refreshAll();
    const markets = store.markets;
    assert.deepEqual(
      markets.dexs.map((d) => d.name),
      ['flx', 'outage', 'xyz'],
    );
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

  it('spends the weight of every request it sent from one ledger, market data included; a refresh’s weight leaves out the cached market data', async () => {
    await store.refreshAll();
    const first = sentWeight();
    assert.ok(sent.includes('perpDexs') && sent.includes('meta') && sent.includes('spotMeta'), `market data asked: ${sent.join()}`);
    assert.equal(ledger.spent(), first, 'the ledger holds what was sent');
    const m = store.wallet(maker.address)!.last!;
    const e = store.wallet(empty.address)!.last!;
    assert.equal(m.weight + e.weight, first, 'each wallet’s weight is what its refresh sent');
    assert.ok(m.marketWeight + e.marketWeight >= 3 * 20);
    sent = [];
    await store.refreshAll();
    assert.ok(!sent.includes('perpDexs') && !sent.includes('spotMeta'), 'cached: not asked again');
    assert.equal(ledger.spent(), first + sentWeight());
    assert.equal(store.refreshWeight, sentWeight() - (store.wallet(maker.address)!.last!.marketWeight + store.wallet(empty.address)!.last!.marketWeight));
    const summary = store.summaries()[0]!;
    assert.equal(summary.weight, store.wallet(maker.address)!.last!.weight);
  });

  it('says how long a refresh must wait for room in the budget: all wallets, one wallet, Reload Markets, the automatic share', async () => {
    await store.refreshAll();
    assert.equal(store.waitBeforeRefresh(), 0, 'room left');
    ledger.spend(1200 - ledger.spent() - store.refreshWeight); // room for exactly one refresh of all
    assert.equal(store.waitBeforeRefresh(), 0, 'exactly room');
    assert.ok(store.waitBeforeRefresh({ reloadMarkets: true }) > 0, 'Reload Markets asks the market data again: no room');
    ledger.spend(1);
    assert.ok(store.waitBeforeRefresh() > 55_000 && store.waitBeforeRefresh() <= 60_000, `${store.waitBeforeRefresh()} ms`);
    const one = store.waitBeforeRefresh({ address: empty.address.toUpperCase().replace('0X', '0x') });
    assert.equal(one, 0, 'one wallet is lighter: it fits');
    assert.ok(store.waitBeforeRefresh({ share: 0.5 }) > 0, 'automatic refreshes have half of it');
    assert.equal(store.waitBeforeRefresh({ address: '0x' + '1'.repeat(40) }), 0, 'a wallet not listed costs nothing');
  });

  it('asks at most 8 dexs per wallet: its own dexes first, then the dexs Hyperliquid lists; says which were not asked', async () => {
    const own = Array.from({ length: 10 }, (_, i) => `own${i}`);
    wallets = [listing(empty.address, undefined, own)];
    store.syncWallets();
    await store.refreshAll();
    const asked = sent.filter((t) => t === 'frontendOpenOrders' || t === 'openOrders').length;
    assert.equal(asked, MAX_DEXS_PER_WALLET);
    const last = store.wallet(empty.address)!.last!;
    assert.deepEqual(last.skippedDexs, ['own7', 'own8', 'own9', 'flx', 'outage', 'xyz']);
    assert.equal(store.summaries()[0]!.skippedDexs, 6);
    assert.equal(last.view.notAsked?.label, '6 dexs not asked: own7, own8, own9, …');
    assert.match(last.view.notAsked!.tooltip, /at most 8 perp dexs per wallet .* Not asked this time: own7, own8, own9, flx, outage, xyz\./);
    assert.equal(store.wallet(empty.address)!.last!.weight, sentWeight());
  });

  it('chooses the dexs to ask: the wallet’s own, then those it had orders on, then the list, without names the API would refuse', () => {
    const listed = Array.from({ length: 10_000 }, (_, i) => `d${i}`);
    const { asked, skipped } = chooseDexs(listed, ['mine', 'bad name', 'd5'], ['d9999', 'gone']);
    assert.deepEqual(asked, ['mine', 'd5', 'd9999', 'd0', 'd1', 'd2', 'd3']);
    assert.equal(asked.length, MAX_DEXS_PER_WALLET - 1, 'the first dex is the eighth');
    assert.equal(skipped.length, 10_000 + 1 - 7, 'every other listed dex, once');
    assert.ok(!skipped.includes('gone') && !skipped.includes('bad name'), 'a dex neither listed nor wanted is not asked; a bad name never');
  });

  it('loads a wallet the view shows once, not again after it failed; a wallet not listed is no refresh', async () => {
    source = undefined; // no key
    store.loadOnce(maker.address);
    assert.equal(store.wallet(maker.address)?.refreshing, true);
    assert.deepEqual(await store.refreshWallet('0x' + '0'.repeat(40)), { address: '0x' + '0'.repeat(40), ok: false });
    assert.equal(store.cancelRefresh(), true);
  });
});
