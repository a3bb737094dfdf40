/** Fetching a wallet's open orders from the real demo node over HTTP: every dex, units, mids, fates, refusals, de-duplication, faults. */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { Limiter } from '../../src/core/limiter';
import { MIDS_SHARED_MS, OpenOrdersSource, type OpenOrdersSourceOptions, type WalletOrdersResult } from '../../src/orders/openOrdersSource';
import { buildWalletView, diffOrders } from '../../src/orders/ordersViewModel';
import { untranslated } from '../../src/view/format';
import { json, ScriptedServer } from '../support/scriptedServer';
import { connectedClients, refusesOf } from '../support/ordersHarness';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;

/** A load with what follows its first drawing (the mids and units of dexs asked after the orders) taken in. */
async function complete(pending: Promise<WalletOrdersResult>): Promise<WalletOrdersResult> {
  const result = await pending;
  const later = await result.later;
  return later ? { ...result, units: new Map([...result.units, ...later.units]), mids: new Map([...result.mids, ...later.mids]) } : result;
}

describe('open orders from the demo node', () => {
  let node: DemoNode;
  let clients: ProviderClients;
  let notes: string[];
  const source = (options: OpenOrdersSourceOptions = {}) =>
    new OpenOrdersSource(clients.info, { note: (m) => notes.push(m), refuses: refusesOf(clients), ...options });

  beforeEach(async () => {
    node = await startDemoNode();
    clients = connectedClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0 });
    notes = [];
  });
  afterEach(() => node.close());

  it('gets the market maker’s rich orders on every dex, each dex in its unit, the failing dex apart, @N named by spotMeta', async () => {
    const result = await complete(source().load(maker.address));
    assert.equal(result.rich, true);
    assert.deepEqual(
      result.dexs.map((d) => d.name),
      ['flx', 'outage', 'xyz'],
    );
    assert.deepEqual([...result.dexErrors.keys()], ['outage']);
    assert.equal(result.dexErrors.get('outage')!.kind, 'server');
    assert.deepEqual(Object.fromEntries(result.units), { '': 'USDC', flx: 'USDH', xyz: 'USDC' });
    assert.deepEqual([...result.mids.keys()].sort(), ['', 'flx', 'xyz']);
    assert.ok(result.spotMeta, 'spotMeta fetched because @N coins are present');
    assert.deepEqual(notes, []);
    const view = buildWalletView({ address: maker.address, ...result, dexErrors: new Map([['outage', 'failed']]), t: untranslated });
    assert.deepEqual(
      view.groups.map((g) => g.label),
      ['Perps', 'flx', 'outage', 'xyz', 'Spot', 'Outcomes'],
    );
    const spotNames = view.groups[4].orders.map((o) => o.label);
    assert.ok(spotNames.includes('HYPE/USDC'), spotNames.join());
    assert.ok(
      spotNames.every((n) => !n.startsWith('@')),
      'every demo pair is named',
    );
    assert.ok(
      view.groups[1].orders.every((o) => o.description.includes(' USDH')),
      'flx notionals in USDH',
    );
    assert.ok(view.groups[0].orders.some((o) => o.description.startsWith('Stop Market · ')));
    assert.ok(view.groups[0].orders.some((o) => o.description.includes('entire position')));
    assert.ok(view.groups[0].orders.some((o) => o.children?.length === 2));
  });

  it('sees orders appear, fill partly and go between two refreshes, and asks what became of the gone ones', async () => {
    const s = source();
    const first = await s.load(maker.address);
    const second = await s.load(maker.address);
    const changes = diffOrders(first.orders, second.orders);
    // The demo maker replaces one order and partly fills another per working dex at each answer.
    for (const dex of ['', 'xyz', 'flx']) {
      assert.equal([...changes.added].filter((o) => o.dex === dex).length, 1, `new on “${dex}”`);
      assert.equal(changes.gone.filter((o) => o.dex === dex).length, 1, `gone on “${dex}”`);
      const fills = [...changes.resized].filter(([o]) => o.dex === dex);
      assert.equal(fills.length, 1, `partial fill on “${dex}”`);
    }
    const before = node.requests;
    const fates = await s.fates(
      maker.address,
      changes.gone.map((o) => o.order.oid),
    );
    assert.equal(node.requests - before, 3, 'one orderStatus per gone order');
    assert.deepEqual(
      changes.gone.map((o) => fates.get(o.order.oid)?.status),
      ['filled', 'filled', 'filled'],
      'slot 0 of each book fills first',
    );
  });

  it('looks up at most 10 gone orders per refresh', async () => {
    const s = source();
    const before = node.requests;
    await s.fates(
      maker.address,
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.equal(node.requests - before, 10);
  });

  it('turns overlapping refreshes of one wallet into one request set, and caches perpDexs, spotMeta and each dex’s meta', async () => {
    const s = source();
    const before = node.requests;
    const [a, b, c] = await Promise.all([s.load(maker.address), s.load(maker.address), s.load(maker.address)]);
    assert.equal(a, b);
    assert.equal(b, c);
    await a.later;
    const firstSet = node.requests - before;
    assert.equal(firstSet, 11, 'perpDexs + 4 × frontendOpenOrders + spotMeta + meta flx, xyz + allMids "", flx, xyz');
    node.clearFaults();
    await new Promise((r) => setTimeout(r, MIDS_SHARED_MS + 50)); // past the time the mids of one refresh serve the wallets refreshed with it
    const prefer = ['', 'flx', 'xyz'];
    await complete(s.load(maker.address, [], { prefer }));
    assert.equal(node.requests - before - firstSet, 7, 'only the orders and the mids the second time');
    s.reloadMarkets();
    await new Promise((r) => setTimeout(r, MIDS_SHARED_MS + 50));
    const again = node.requests;
    await complete(s.load(maker.address, [], { prefer }));
    assert.equal(node.requests - again, 11, 'Reload Markets asks for the dex list, spot pairs and units again');
  });

  it('asks no allMids when the distance from mid is off', async () => {
    const before = node.requests;
    const result = await complete(source({ wantMids: () => false }).load(maker.address));
    assert.equal(node.requests - before, 8, 'perpDexs + 4 × frontendOpenOrders + spotMeta + meta flx, xyz');
    assert.equal(result.mids.size, 0);
  });

  // Issue 33: what a provider refuses is kept in one place, the connection's record, and only a refusal goes
  // there: a failure worth retrying (a 503) costs the mids of this refresh only.
  it('asks allMids again after a 503, and stops only once the provider refuses it, which the connection records', async () => {
    const sent: string[] = [];
    clients = connectedClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0, onRequest: (e) => void sent.push(e.label) });
    const s = source();
    const mids = () => sent.filter((l) => l === 'allMids').length;
    node.setFaults([{ kind: 'status', status: 503, endpoint: 'info', method: 'allMids' }]);
    const failed = await complete(s.load(maker.address));
    assert.equal(failed.mids.size, 0, 'no mids this time');
    assert.equal(clients.refuses!('allMids'), false, 'a 503 is no refusal');
    node.clearFaults();
    const asked = mids();
    const served = await complete(s.load(maker.address));
    assert.ok(mids() > asked && served.mids.size > 0, 'asked again at the next refresh, and shown');
    node.setFaults([{ kind: 'status', status: 422, endpoint: 'info', method: 'allMids' }]);
    s.reloadMarkets();
    await new Promise((r) => setTimeout(r, MIDS_SHARED_MS + 10)); // the mids one refresh shares with the next
    await complete(s.load(maker.address));
    assert.equal(clients.refuses!('allMids'), true, 'the connection records the refusal');
    const refused = mids();
    node.clearFaults();
    await new Promise((r) => setTimeout(r, MIDS_SHARED_MS + 10));
    assert.equal((await complete(s.load(maker.address))).mids.size, 0);
    assert.equal(mids(), refused, 'not asked again on this connection');
  });

  it('reads the whale’s 5,000 orders and the empty wallet’s none', async () => {
    const s = source();
    const [big, none] = await Promise.all([s.load(whale.address), s.load(empty.address)]);
    assert.equal(big.orders.length, 5000);
    assert.equal(big.dexErrors.size, 0, 'the outage dex fails for the market maker only');
    assert.equal(none.orders.length, 0);
    assert.equal(none.spotMeta, undefined, 'no spotMeta request without @N coins');
  });

  it('asks extra dexs from the wallet’s settings and skips names the API would refuse', async () => {
    const before = node.requests;
    await complete(source().load(empty.address, ['abc', 'not a dex!', '']));
    assert.equal(
      node.requests - before,
      8,
      'perpDexs + "" + flx + outage + xyz + abc, nothing for the bad names; spot pairs (not kept yet) and the first dex’s mids beside them',
    );
  });

  it('falls back to openOrders for a provider that refuses frontendOpenOrders (422), says so once and remembers it', async () => {
    node.setFaults([{ kind: 'status', status: 422, endpoint: 'info', method: 'frontendOpenOrders' }]);
    const s = source();
    const result = await s.load(maker.address);
    assert.equal(result.rich, false);
    assert.ok(result.orders.length > 0 && result.orders.every((o) => o.order.orderType === undefined));
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, /does not serve frontendOpenOrders .*HTTP 422.*Failed to deserialize/);
    // Remembered: frontendOpenOrders now fails with 500, which would cost a dex if it were asked.
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info', method: 'frontendOpenOrders' }]);
    const again = await s.load(maker.address);
    assert.deepEqual([...again.dexErrors.keys()], ['outage']);
    assert.equal(notes.length, 1, 'said once');
  });

  it('costs only the units when meta is refused, only the distances when allMids is, only the fates when orderStatus is', async () => {
    node.setFaults([
      { kind: 'status', status: 422, endpoint: 'info', method: 'meta' },
      { kind: 'status', status: 422, endpoint: 'info', method: 'allMids' },
      { kind: 'status', status: 422, endpoint: 'info', method: 'orderStatus' },
    ]);
    const s = source();
    const result = await s.load(maker.address);
    assert.deepEqual(Object.fromEntries(result.units), { '': 'USDC' }, 'no unit rather than a wrong one');
    assert.equal(result.mids.size, 0);
    assert.deepEqual([...result.dexErrors.keys()], ['outage'], 'the orders all came');
    assert.equal((await s.fates(maker.address, [result.orders[0]!.order.oid])).size, 0);
    const before = node.requests;
    await s.fates(maker.address, [result.orders[0]!.order.oid]);
    assert.equal(node.requests, before, 'orderStatus is not asked again');
    assert.equal(notes.length, 3);
    assert.ok(
      ['meta', 'allMids', 'orderStatus'].every((t) => notes.some((n) => n.includes(`does not serve ${t}`))),
      notes.join('\n'),
    );
  });

  it('keeps the wallet when one dex fails, and fails it when every dex or the key fails', async () => {
    node.setFaults([{ kind: 'status', status: 503, endpoint: 'info', method: 'frontendOpenOrders' }]);
    await assert.rejects(source().load(maker.address), (e: unknown) => e instanceof ProviderError && e.kind === 'server');
    node.setFaults([{ kind: 'status', status: 401, endpoint: 'info', method: 'frontendOpenOrders', times: 1 }]);
    await assert.rejects(source().load(maker.address), (e: unknown) => e instanceof ProviderError && e.kind === 'badKey');
  });

  it('keeps naming pairs raw when only spotMeta fails', async () => {
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info', method: 'spotMeta' }]);
    const result = await source().load(maker.address);
    assert.equal(result.spotMeta, undefined);
    assert.equal(result.spotMetaError?.kind, 'server');
    assert.equal(result.units.get('flx'), undefined, 'the USDH name needs spotMeta too: no unit rather than a guess');
    const view = buildWalletView({ address: maker.address, orders: result.orders, t: untranslated });
    assert.ok(view.groups.find((g) => g.groupKind === 'spot')!.orders.some((o) => o.label === '@107'));
  });

  it('cancels what is running when disposed', async () => {
    const s = source();
    node.setFaults([{ kind: 'latency', ms: 2000 }]);
    const running = s.load(maker.address);
    setTimeout(() => s.dispose(), 50);
    const started = Date.now();
    await assert.rejects(running, (e: unknown) => e instanceof ProviderError && e.kind === 'cancelled');
    assert.ok(Date.now() - started < 1500);
  });

  it('runs per-dex requests with bounded concurrency, per wallet and across wallets', async () => {
    node.setFaults([{ kind: 'latency', ms: 150, endpoint: 'info', method: 'frontendOpenOrders' }]);
    const s = source({ perWallet: 1, overall: 1 });
    const started = Date.now();
    await s.load(maker.address);
    // One at a time: four dexs cost four latencies, not one.
    assert.ok(Date.now() - started >= 4 * 150 - 20, `${Date.now() - started} ms`);
  });
});

describe('open orders: round trips (issue 16)', () => {
  const server = new ScriptedServer();
  let baseUrl: string;
  before(async () => {
    baseUrl = await server.start();
  });
  after(() => server.stop());

  it('with the dex list cached, sends every dex’s orders request at once, before any of them is answered', async () => {
    const dexs = ['flx', 'xyz', 'abc'];
    // Orders requests are held until every dex has asked (or 2 s have passed): a source that waited for
    // one dex's answer before asking the next would get nothing before the deadline.
    let held: (() => void)[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    let releaseTimer: NodeJS.Timeout | undefined;
    const release = () => {
      clearTimeout(releaseTimer);
      const waiting = held;
      held = [];
      for (const answer of waiting) answer();
    };
    server.handler = (req, res) => {
      const body = req.json as { type: string };
      if (body.type === 'perpDexs') return json(res, 200, [null, ...dexs.map((name) => ({ name, fullName: name, deployer: null }))]);
      if (body.type === 'spotMeta') return json(res, 200, { tokens: [], universe: [] });
      if (body.type !== 'frontendOpenOrders') return json(res, 200, {});
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      held.push(() => {
        inFlight -= 1;
        json(res, 200, []);
      });
      if (held.length === dexs.length + 1) release();
      else releaseTimer ??= setTimeout(release, 2000);
    };
    const clients = createProviderClients(baseUrl, 'key', { timeoutMs: 5000, maxRetries: 0 });
    const s = new OpenOrdersSource(clients.info, { perWallet: dexs.length + 1, overall: dexs.length + 1 });
    await s.load(maker.address); // fills the dex list cache
    releaseTimer = undefined;
    mostInFlight = 0;
    server.received.length = 0;
    const result = await s.load(maker.address);
    const types = server.received.map((r) => (r.json as { type: string }).type);
    assert.deepEqual(types, Array(dexs.length + 1).fill('frontendOpenOrders'), 'no perpDexs request: it is cached');
    assert.equal(mostInFlight, dexs.length + 1, 'every dex’s request was in flight at once');
    assert.equal(result.dexErrors.size, 0);
    s.dispose();
  });
});

describe('Limiter', () => {
  it('never runs more than its limit, nor more than the outer one, and runs everything in the end', async () => {
    const outer = new Limiter(3);
    const inners = [new Limiter(2, outer), new Limiter(2, outer)];
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    };
    let mostInner = 0;
    const perInner = [0, 0];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inners[i % 2]!.run(async () => {
          perInner[i % 2]! += 1;
          mostInner = Math.max(mostInner, perInner[i % 2]!);
          await task();
          perInner[i % 2]! -= 1;
        }),
      ),
    );
    assert.equal(most, 3);
    assert.equal(mostInner, 2);
    assert.equal(running, 0);
  });
});
