/**
 * Issue 32: a refresh the user asks for happens. Over the real demo node with a fake clock: five wallets'
 * first loads leave the provider's budget (requests per second) room for the next refresh at once; a
 * refresh that must wait runs by itself when room comes and says so meanwhile; one asked while another
 * runs runs after it; gone orders get their fates, or say why not.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients } from '../../src/core/provider';
import { DEMO_AGENT_WALLET, DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { OrdersStore, type RefreshWaiting, type StoreClock, type WalletListing } from '../../src/orders/ordersStore';
import { providerLedger, WeightLedger } from '../../src/core/weightLedger';
import { untranslated } from '../../src/view/format';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const FIVE = [...DEMO_WALLETS.map((w) => w.address), DEMO_AGENT_WALLET.address, `0x${'12'.repeat(20)}`];

/** Time that moves only when told; timers fire when it passes them. */
class FakeClock implements StoreClock {
  time = 1_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private next = 0;
  now = () => this.time;
  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.timers.length;
  }
  /** Moves time on by `ms`, firing the timers it passes, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
    }
    this.time = end;
  }
}

describe('open orders store: a refresh the user asks for happens (issue 32)', () => {
  let node: DemoNode;
  let source: OpenOrdersSource;
  let clock: FakeClock;
  let sent: string[];
  const makeStore = (ledger: WeightLedger, wallets: readonly string[] = FIVE) =>
    new OrdersStore({
      sources: { get: async () => source, existing: source },
      wallets: () => wallets.map((address): WalletListing => ({ wallet: { address }, demo: false })),
      log: { warn: () => undefined, debug: () => undefined },
      t: untranslated,
      ledger,
      clock,
    });
  /** Lets the demo node answer (real HTTP) while the fake clock stands still. */
  const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeEach(async () => {
    node = await startDemoNode();
    clock = new FakeClock();
    sent = [];
    const onRequest = (e: { endpoint: string; label: string }) => void (e.endpoint === 'info' && sent.push(e.label));
    source = new OpenOrdersSource(createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0, onRequest }).info);
  });
  afterEach(async () => {
    source.dispose();
    await node.close();
  });

  it('after five wallets’ first loads, a refresh at the user’s provider sends its requests at once (its budget is requests per second, not Hyperliquid’s weight)', async () => {
    const store = makeStore(providerLedger(10, clock.now));
    await Promise.all(FIVE.map((a) => store.refreshWallet(a)));
    clock.advance(15_000); // the 15 s after the first load
    const before = sent.length;
    const outcomes = await store.requestRefresh();
    assert.equal(outcomes.length, 5);
    assert.ok(outcomes.every((o) => o.ok));
    assert.ok(sent.length > before, 'the refresh sent its requests');
    assert.equal(store.waiting, undefined);
    store.dispose();
  });

  it('a refresh that must wait for Hyperliquid’s weight budget is not dropped: it says until when, then runs by itself', async () => {
    const ledger = new WeightLedger({ now: clock.now });
    const store = makeStore(ledger);
    const waits: (RefreshWaiting | undefined)[] = [];
    store.onDidChangeWaiting((w) => waits.push(w));
    await Promise.all(FIVE.map((a) => store.refreshWallet(a)));
    ledger.spend(1200 - ledger.spent()); // the rest of the minute spent elsewhere
    clock.advance(15_000);
    const before = sent.length;
    const done = store.requestRefresh();
    await settle();
    assert.equal(sent.length, before, 'nothing is sent while there is no room');
    const waiting = store.waiting;
    assert.ok(waiting && waiting.unit === 'weight' && waiting.until > clock.now(), JSON.stringify(waiting));
    assert.equal(store.requestRefresh(), done, 'a second click is the same waiting refresh');
    clock.advance(waiting.until - clock.now());
    const outcomes = await done;
    assert.ok(outcomes.length === 5 && outcomes.every((o) => o.ok));
    assert.ok(sent.length > before, 'it ran by itself once there was room');
    assert.equal(store.waiting, undefined);
    assert.deepEqual(
      waits.map((w) => w === undefined),
      [false, true],
      'said while it waited, and no longer after',
    );
    store.dispose();
  });

  it('a refresh asked while one runs is not joined to it: it runs after, with its own requests', async () => {
    const store = makeStore(providerLedger(1000, clock.now), [maker.address]);
    await store.refreshWallet(maker.address);
    node.setFaults([{ kind: 'latency', ms: 300, endpoint: 'info', times: 1 }]);
    const first = store.refreshWallet(maker.address); // e.g. an automatic refresh under way
    await settle(20);
    const sentBefore = sent.length;
    const manual = store.requestRefresh();
    await first;
    const afterFirst = sent.length;
    await manual;
    assert.ok(afterFirst > sentBefore, 'the running refresh finished');
    assert.ok(sent.length > afterFirst, 'the asked refresh sent requests of its own after it');
    store.dispose();
  });

  it('gone orders get their fates in the same refresh, or say why not', async () => {
    const store = makeStore(providerLedger(1000, clock.now), [maker.address]);
    await store.requestRefresh();
    await store.requestRefresh();
    let summary = store.summaries()[0]!;
    assert.ok(summary.gone > 0, 'the demo maker’s orders changed');
    assert.equal(summary.goneFates.length, summary.gone, 'every gone order has its fate');
    assert.deepEqual(summary.missingFates, []);
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info', method: 'orderStatus' }]);
    await store.requestRefresh();
    summary = store.summaries()[0]!;
    assert.ok(summary.gone > 0);
    assert.equal(summary.goneFates.length, 0);
    assert.equal(summary.missingFates.length, summary.gone, 'each gone order says its fate is missing');
    assert.ok(
      summary.missingFates.every((m) => /^the lookup failed: .*500/.test(m)),
      JSON.stringify(summary.missingFates),
    );
    const row = store.wallet(maker.address)!.last!.view.groups.find((g) => g.groupKind === 'gone')!.orders[0]!;
    assert.match(row.description, / · fate unknown: the lookup failed: .*500/);
    store.dispose();
  });
});
