// Live mode of Open Orders without VS Code: the orders store fed by the demo node's /ws through
// LiveWallets. Which wallets go live (setting, permission, the 10-wallet limit) and why the others are
// polled; orders appear and go and fills show in the store; a liquidation is told; automatic refreshes
// leave live wallets out; a drop says reconnecting, then the snapshot catches up with no fill twice.
import { strict as assert } from 'node:assert';
import { createProviderClients } from '../../src/core/provider';
import { DEMO_WALLETS, type DemoNode } from '../../src/demo/demoNode';
import { LiveWallets, type LivePermission } from '../../src/orders/liveWallets';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import type { LiquidationNotice, OrdersStore } from '../../src/orders/ordersStore';
import { listing, ordersStoreOver } from '../support/ordersHarness';
import { useDemoNodes } from '../support/demoNodes';

const [MAKER, WHALE] = DEMO_WALLETS.map((w) => w.address) as [string, string];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, get: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('live wallets (Open Orders over the demo node’s /ws)', () => {
  const start = useDemoNodes();
  let node: DemoNode;
  let store: OrdersStore;
  let live: LiveWallets;
  let permission: LivePermission;
  let wallets: string[];
  let requests: string[];
  const liquidations: LiquidationNotice[] = [];

  before(async () => {
    node = await start({ control: true });
  });
  beforeEach(async () => {
    permission = 'allow';
    wallets = [MAKER, WHALE];
    requests = [];
    liquidations.length = 0;
    const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0, onRequest: (e) => requests.push(e.label) });
    store = ordersStoreOver(new OpenOrdersSource(clients.info), { wallets: () => wallets.map((a) => listing(a)) });
    store.onLiquidated((n) => liquidations.push(n));
    live = new LiveWallets({
      wallets: () => store.addresses.map((address) => ({ address, dexes: ['', ...new Set(store.wallet(address)?.last?.snapshot.orders.map((o) => o.dex))] })),
      permission: () => permission,
      url: async () => node.socketUrl,
      apply: (u) => store.applyLive(u.user, u),
      applyMids: (m) => store.applyLiveMids(m),
      socketOptions: { drawMs: 20, backoffBaseMs: 20, backoffMaxMs: 100 },
    });
    store.setLiveCheck((a) => live.isLive(a));
    await store.refreshAll();
  });
  afterEach(() => {
    live.dispose();
    store.dispose();
  });

  const oids = (address: string) => store.wallet(address)!.last!.snapshot.orders.map((o) => o.order.oid);

  it('stays polled, and says why, while live updates are off or wallet data is not allowed', async () => {
    for (const [p, why] of [
      ['off', 'off'],
      ['never', 'notAllowed'],
      ['ask', 'notAllowed'],
    ] as const) {
      permission = p;
      await live.sync();
      assert.deepEqual(live.status(MAKER), { kind: 'polled', why });
    }
    assert.equal(node.live.open, 0, 'no connection without the permission');
    const before = requests.length;
    await store.refreshAll({ automatic: true });
    assert.ok(requests.length > before, 'polled');
  });

  it('goes live when allowed: orders appear and go, fills show, a liquidation is told, and automatic refreshes leave it out', async () => {
    await live.sync();
    await until('live', () => live.isLive(MAKER) && live.isLive(WHALE));
    const oid = node.live.order(MAKER);
    await until('the new order', () => oids(MAKER).includes(oid));
    assert.ok(store.wallet(MAKER)!.last!.changes.added.size >= 1, 'marked new');
    const tid = node.live.fill(MAKER);
    await until('the order gone, as filled', () => !oids(MAKER).includes(oid) && store.wallet(MAKER)!.last!.fates.get(oid)?.status === 'filled');
    assert.equal(store.wallet(MAKER)!.liveFills[0]!.tid, tid);
    node.live.liquidation(MAKER);
    await until('the liquidation', () => liquidations.length === 1);
    assert.equal(liquidations[0]!.wallet.address, MAKER);
    assert.ok(store.wallet(MAKER)!.liveFills[0]!.liquidated);
    const before = requests.length;
    await store.refreshAll({ automatic: true });
    assert.equal(requests.length, before, 'live wallets are not polled');
    assert.equal(store.refreshWeight, 0, 'nor counted in the budget of automatic refreshes');
  });

  it('positions, margin and the orders’ distance from the mid follow the market, with no refresh', async () => {
    await live.sync();
    await until('live', () => live.isLive(MAKER));
    const view = () => store.wallet(MAKER)!.last!.accountView.dexs.get('')!;
    const btc = () => view().positions.find((p) => p.position.coin === 'BTC')!;
    const fromMids = () =>
      store
        .wallet(MAKER)!
        .last!.view.groups.flatMap((g) => g.orders)
        .filter((o) => o.order.coin === 'BTC')
        .map((o) => o.fromMid);
    const mark = btc().figures.mark;
    const value = view().account!.description;
    const distances = fromMids();
    assert.ok(
      distances.some((d) => d !== undefined),
      'the orders show their distance from the mid',
    );
    const before = requests.length;
    const step = node.live.tick();
    try {
      await until('the new mark', () => btc().figures.mark !== mark);
      assert.match(btc().description, /mark 101,291/);
      await until('the new distances', () => fromMids().join() !== distances.join());
      assert.notEqual(view().account!.description, value, 'the margin follows');
      assert.equal(requests.length, before, 'no request: the WebSocket sent it');
    } finally {
      for (let i = step; i % 8 !== 0; i++) node.live.tick();
    }
  });

  it('spot balances follow spotState: a fill’s fee taken from USDC is drawn with no refresh', async () => {
    await live.sync();
    await until('live', () => live.isLive(MAKER));
    const usdc = () => store.wallet(MAKER)!.last!.accountView.balances.find((b) => b.balance.coin === 'USDC')!.balance.total;
    await until('the balances from the WebSocket', () => store.wallet(MAKER)!.last!.account.spot !== undefined);
    const total = Number(usdc());
    const before = requests.length;
    node.live.fill(MAKER);
    await until('USDC less the fee', () => Number(usdc()) < total);
    assert.ok(total - Number(usdc()) < 100, `a fee, not a balance: ${total} → ${usdc()}`);
    assert.equal(requests.length, before, 'no request: the WebSocket sent it');
  });

  it('after a drop says reconnecting, then catches up: each fill once', async () => {
    await live.sync();
    await until('live', () => live.isLive(MAKER));
    const first = node.live.fill(MAKER);
    await until('the first fill', () => store.wallet(MAKER)!.liveFills.some((f) => f.tid === first));
    node.live.drop();
    await until('reconnecting', () => live.status(MAKER).kind === 'reconnecting');
    assert.equal(live.isLive(MAKER), false, 'polled meanwhile');
    const missed = node.live.fill(MAKER);
    await until('live again', () => live.isLive(MAKER));
    await until('the missed fill', () => store.wallet(MAKER)!.liveFills.some((f) => f.tid === missed));
    assert.deepEqual(
      store.wallet(MAKER)!.liveFills.map((f) => f.tid),
      [missed, first],
    );
  });

  it('follows at most 10 wallets live: the 11th is polled, and says so', async () => {
    wallets = Array.from({ length: 11 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, 'a')}`);
    store.syncWallets();
    await live.sync();
    await until('ten live', () => wallets.slice(0, 10).every((a) => live.isLive(a)));
    assert.deepEqual(live.status(wallets[10]!), { kind: 'polled', why: 'limit' });
  });
});
