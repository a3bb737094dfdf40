/** The Open Orders store with the account behind the orders, over the real demo node: positions, balances, roles, changes, weight. */
import * as assert from 'node:assert/strict';
import { DEMO_AGENT_WALLET, DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { OrdersStore, type AgentNotice, type WalletListing } from '../../src/orders/ordersStore';
import { infoRequestWeight } from '../../src/core/infoWeights';
import { WeightLedger } from '../../src/core/weightLedger';
import { listing, ordersStoreOver, recordingSource } from '../support/ordersHarness';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

describe('open orders store: the account behind the orders', () => {
  let node: DemoNode;
  let source: OpenOrdersSource;
  let wallets: WalletListing[];
  let store: OrdersStore;
  let ledger: WeightLedger;
  let sent: string[];
  let warnings: string[];
  const sentWeight = () => sent.reduce((sum, type) => sum + infoRequestWeight(type), 0);

  beforeEach(async () => {
    node = await startDemoNode();
    sent = [];
    warnings = [];
    source = recordingSource(node, (type) => sent.push(type));
    wallets = [listing(maker.address, 'Maker')];
    ledger = new WeightLedger();
    store = ordersStoreOver(source, { wallets: () => wallets, log: { warn: (m) => void warnings.push(m), debug: () => undefined }, ledger });
  });
  afterEach(async () => {
    store.dispose();
    source.dispose();
    await node.close();
  });

  const rows = () => {
    const view = store.wallet(maker.address)!.last!.accountView;
    return [...view.dexs.values()].flatMap((d) => d.positions.map((p) => `${p.label} ${p.description}`));
  };

  it('holds each wallet’s positions, balances and role with its orders, from one refresh', async () => {
    await store.refreshWallet(maker.address);
    const [m] = store.summaries();
    assert.equal(m!.positions, 6);
    assert.equal(m!.balances, 5);
    assert.equal(m!.role, 'user');
    assert.deepEqual(m!.failedAccountParts, []);
    assert.deepEqual(m!.failedDexs, ['outage'], 'the orders as before');
    assert.ok(rows().some((r) => /^TSLA Long 20 TSLA · .* USDH · .*near liquidation/.test(r)));
    const perps = store.wallet(maker.address)!.last!.accountView.groups[0]!;
    assert.equal(perps.description, '3 positions · 21 orders');
  });

  it('marks what changed in the positions at the next refresh', async () => {
    await store.refreshWallet(maker.address);
    assert.deepEqual(store.summaries()[0]!.positionChanges, [], 'nothing marked on the first load');
    node.setAccountStage(1);
    await store.refreshWallet(maker.address);
    assert.deepEqual(store.summaries()[0]!.positionChanges.sort(), ['closed:ETH', 'flipped:xyz:XYZ100', 'grown:BTC', 'opened:SOL']);
    assert.ok(rows().some((r) => r.startsWith('ETH closed since the last refresh')));
    await store.refreshWallet(maker.address);
    assert.deepEqual(store.summaries()[0]!.positionChanges, [], 'marks last one refresh');
  });

  it('keeps a dex’s older positions under its own error row when its account fails, the rest current', async () => {
    await store.refreshWallet(maker.address);
    node.setFaults([{ kind: 'status', status: 503, method: 'clearinghouseState', times: 4 }]);
    node.setAccountStage(1);
    await store.refreshWallet(maker.address);
    const last = store.wallet(maker.address)!.last!;
    assert.deepEqual([...last.accountErrors.perps.keys()].sort(), ['', 'flx', 'outage', 'xyz']);
    assert.equal(last.accountView.dexs.get('')!.error !== undefined, true);
    assert.equal(last.accountView.positionCount, 6, 'the positions of before stay, under the error row');
    assert.deepEqual(store.summaries()[0]!.positionChanges, [], 'nothing is marked from an answer that did not come');
    assert.equal(store.wallet(maker.address)!.error, undefined, 'the wallet itself refreshed: its orders are current');
    assert.ok(warnings.some((w) => /^Positions of 0x3217.* on dex “first” could not be refreshed/.test(w)));
    node.clearFaults();
    await store.refreshWallet(maker.address);
    assert.deepEqual(store.summaries()[0]!.positionChanges.sort(), ['closed:ETH', 'flipped:xyz:XYZ100', 'grown:BTC', 'opened:SOL']);
  });

  it('offers an API wallet’s master once, and says what it is', async () => {
    const offers: AgentNotice[] = [];
    store.onAgentWallet((n) => offers.push(n));
    wallets = [listing(DEMO_AGENT_WALLET.address, 'Bot key')];
    store.syncWallets();
    await store.refreshWallet(DEMO_AGENT_WALLET.address);
    await store.refreshWallet(DEMO_AGENT_WALLET.address);
    assert.deepEqual(
      offers.map((o) => [o.wallet.label, o.master]),
      [['Bot key', maker.address]],
    );
    const [agent] = store.summaries();
    assert.equal(agent!.role, 'agent');
    assert.equal(agent!.master, maker.address);
    assert.equal(agent!.orderCount, 0);
    assert.equal(agent!.positions, 0);
  });

  it('spends the account’s weight from the ledger; the role (asked once) is left out of a refresh’s weight', async () => {
    // Not loaded yet: the guess counts each dex's orders and account, the balances and the role.
    const perDex = infoRequestWeight('openOrders') + infoRequestWeight('clearinghouseState');
    assert.equal(store.refreshWeight, perDex + infoRequestWeight('spotClearinghouseState') + infoRequestWeight('userRole'));
    await store.refreshWallet(maker.address);
    assert.equal(ledger.spent(), sentWeight(), 'every request sent is in the ledger');
    assert.ok(sent.includes('userRole') && sent.includes('spotClearinghouseState'));
    assert.equal(sent.filter((s) => s === 'clearinghouseState').length, 4);
    sent = [];
    await store.refreshWallet(maker.address);
    assert.ok(!sent.includes('userRole'), 'the role is remembered');
    assert.equal(store.wallet(maker.address)!.last!.weight, sentWeight());
    assert.equal(store.refreshWeight, sentWeight() - store.wallet(maker.address)!.last!.marketWeight);
    assert.ok(store.refreshWeight <= 600, 'a refresh of the demo trader fits the automatic share of the budget');
  });
});
