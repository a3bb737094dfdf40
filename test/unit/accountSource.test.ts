/**
 * The account behind the orders, fetched over HTTP from the real demo node (and a scripted server for
 * answers the demo does not give): asked with each dex's orders in the same slot, each part failing
 * alone, refusals remembered, the role asked once per address.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { DEMO_AGENT_WALLET, DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { AccountSource } from '../../src/account/accountSource';
import { OpenOrdersSource, type InfoApi } from '../../src/orders/openOrdersSource';
import { RequestTally } from '../../src/orders/requestTally';
import { json, ScriptedServer, text } from '../support/scriptedServer';
import { connectedClients, refusesOf } from '../support/ordersHarness';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

describe('account from the demo node', () => {
  let node: DemoNode;
  let clients: ProviderClients;
  let notes: string[];
  /** Every info request that reached the wire, by type, with its dex. */
  let sent: string[];

  beforeEach(async () => {
    node = await startDemoNode({ control: true });
    sent = [];
    clients = connectedClients(node.baseUrl, node.apiKey, {
      timeoutMs: 5000,
      maxRetries: 0,
      onRequest: (e) => void (e.endpoint === 'info' && sent.push(e.label)),
    });
    notes = [];
  });
  afterEach(() => node.close());

  const load = async (source: OpenOrdersSource, address = maker.address, tally = new RequestTally()) => {
    const account = source.account.begin(address, tally);
    const loaded = await source.load(address, [], { tally, withDex: account.dex });
    // What follows the first drawing (the mids and units of dexs asked after the orders) taken in.
    const later = await loaded.later;
    const orders = later ? { ...loaded, units: new Map([...loaded.units, ...later.units]), mids: new Map([...loaded.mids, ...later.mids]) } : loaded;
    return { orders, account: account.result(), tally };
  };

  it('gets every dex’s positions with its orders, the spot balances and the role, and counts their weight', async () => {
    const source = new OpenOrdersSource(clients.info, { note: (m) => notes.push(m) });
    const { orders, account, tally } = await load(source);
    assert.deepEqual([...account.perps.keys()].sort(), ['', 'flx', 'outage', 'xyz']);
    assert.deepEqual(
      account.perps.get('')!.positions.map((p) => `${p.coin} ${p.szi}`),
      ['BTC 0.5', 'ETH 4.0', 'HYPE -300.0'],
    );
    assert.deepEqual(account.perps.get('flx')!.positions[0]!.leverage, { type: 'cross', value: 20 });
    assert.equal(account.perps.get('xyz')!.positions.find((p) => p.coin === 'xyz:NVDA')!.leverage.type, 'isolated');
    assert.equal(account.perps.get('outage')!.positions.length, 0, 'the dex whose orders fail answers its account: each part alone');
    assert.deepEqual([...orders.dexErrors.keys()], ['outage']);
    assert.equal(account.perpErrors.size, 0);
    assert.equal(account.spot!.find((b) => b.coin === 'HYPE')!.hold, '40.0');
    assert.deepEqual(account.role, { role: 'user' });
    // Every request sent is counted, by Hyperliquid's weights: 4 × 2 for the accounts, 2 for spot, 60 for the role.
    const count = (type: string) => sent.filter((s) => s === type).length;
    assert.equal(count('clearinghouseState'), 4);
    assert.equal(count('spotClearinghouseState'), 1);
    assert.equal(count('userRole'), 1);
    assert.equal(tally.requests, sent.length);
    // flx has positions (and orders): its unit is known. A dex with positions but no orders would be asked its unit too.
    assert.equal(orders.units.get('flx'), 'USDH');
    assert.deepEqual(notes, []);
  });

  it('asks each dex’s account while that dex’s orders are under way, never after them', async () => {
    // The same real client, with each call's start and end written down: no extra round trip means
    // every clearinghouseState starts before its dex's orders have come back.
    const events: string[] = [];
    const traced = new Proxy(clients.info, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const dex = name === 'frontendOpenOrders' || name === 'clearinghouseState' ? String(args[1] ?? '') : '';
          events.push(`start ${String(name)} ${dex}`);
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            events.push(`end ${String(name)} ${dex}`);
          }
        };
      },
    }) as InfoApi;
    await load(new OpenOrdersSource(traced));
    for (const dex of ['', 'flx', 'outage', 'xyz']) {
      const accountStart = events.indexOf(`start clearinghouseState ${dex}`);
      const ordersEnd = events.indexOf(`end frontendOpenOrders ${dex}`);
      assert.ok(accountStart >= 0 && ordersEnd >= 0, `${dex}: ${events.join(', ')}`);
      assert.ok(accountStart < ordersEnd, `dex “${dex}”: its account is asked with its orders: ${events.join(', ')}`);
    }
    // The spot balances and the role go with the first dex.
    assert.ok(events.indexOf('start spotClearinghouseState ') < events.indexOf('end frontendOpenOrders '));
    assert.ok(events.indexOf('start userRole ') < events.indexOf('end frontendOpenOrders '));
  });

  it('asks the role once per address, and an API wallet names its master', async () => {
    const source = new OpenOrdersSource(clients.info);
    await load(source);
    await load(source);
    assert.equal(sent.filter((s) => s === 'userRole').length, 1, 'weight 60: asked once, remembered');
    const agent = await load(source, DEMO_AGENT_WALLET.address);
    assert.deepEqual(agent.account.role, { role: 'agent', master: maker.address });
    assert.equal(agent.orders.orders.length, 0, 'an API wallet has no orders of its own');
    assert.equal(agent.account.spot!.length, 0);
    assert.equal(sent.filter((s) => s === 'userRole').length, 2);
  });

  it('keeps each failing part apart: one dex’s account, the balances, the role', async () => {
    node.setFaults([
      { kind: 'status', status: 502, method: 'clearinghouseState', times: 1 },
      { kind: 'status', status: 500, method: 'spotClearinghouseState' },
      { kind: 'malformedJson', method: 'userRole' },
    ]);
    const source = new OpenOrdersSource(clients.info, { note: (m) => notes.push(m) });
    const { orders, account } = await load(source);
    assert.equal(account.perpErrors.size, 1, 'one dex’s account failed');
    assert.equal([...account.perpErrors.values()][0]!.kind, 'server');
    assert.equal(account.perps.size, 3, 'the other dexs’ accounts arrived');
    assert.equal(account.spot, undefined);
    assert.equal(account.spotError!.kind, 'server');
    assert.equal(account.role, undefined);
    assert.ok(orders.orders.length > 0, 'the orders are untouched');
    assert.equal(orders.dexErrors.size, 1, 'only the outage dex’s orders failed, as without faults');
    assert.ok(notes.some((n) => /^userRole failed/.test(n)));
    // A failed role lookup is not repeated at once (it weighs 60).
    node.clearFaults();
    await load(source);
    assert.equal(sent.filter((s) => s === 'userRole').length, 1);
  });

  it('stops asking what the provider refuses (HTTP 422), says so once, and shows the orders as before', async () => {
    node.setFaults([
      { kind: 'status', status: 422, method: 'clearinghouseState' },
      { kind: 'status', status: 422, method: 'userRole' },
    ]);
    const source = new OpenOrdersSource(clients.info, { note: (m) => notes.push(m), refuses: refusesOf(clients) });
    const first = await load(source);
    assert.equal(first.account.perps.size, 0);
    assert.equal(first.account.perpErrors.size, 0, 'a refusal is no error row: the provider does not serve it');
    assert.ok(first.account.spot!.length > 0, 'the spot balances are another request, still served');
    const refusedBefore = sent.filter((s) => s === 'clearinghouseState').length;
    await load(source);
    assert.equal(sent.filter((s) => s === 'clearinghouseState').length, refusedBefore, 'not asked again');
    assert.equal(notes.filter((n) => /does not serve clearinghouseState/.test(n)).length, 1);
    assert.equal(notes.filter((n) => /does not serve userRole/.test(n)).length, 1);
    assert.ok(first.orders.orders.length > 0);
  });

  it('serves the account a while later on the control endpoint’s word', async () => {
    const before = await clients.info.clearinghouseState(maker.address, '');
    const res = await fetch(`${node.baseUrl}/__demo/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stage":1}' });
    assert.equal(res.status, 200);
    const after = await clients.info.clearinghouseState(maker.address, '');
    assert.deepEqual(
      before.positions.map((p) => `${p.coin} ${p.szi}`),
      ['BTC 0.5', 'ETH 4.0', 'HYPE -300.0'],
    );
    assert.deepEqual(
      after.positions.map((p) => `${p.coin} ${p.szi}`),
      ['BTC 0.8', 'HYPE -300.0', 'SOL -40.0'],
    );
    const bad = await fetch(`${node.baseUrl}/__demo/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stage":-1}' });
    assert.equal(bad.status, 400);
    await fetch(`${node.baseUrl}/__demo/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal((await clients.info.clearinghouseState(maker.address, '')).positions.length, 3);
  });
});

describe('account answers from a scripted provider', () => {
  let server: ScriptedServer;
  let clients: ProviderClients;
  beforeEach(async () => {
    server = new ScriptedServer();
    clients = createProviderClients(await server.start(), 'k', { timeoutMs: 5000, maxRetries: 0 });
  });
  afterEach(() => server.stop());

  it('sends the user lowercased and the dex, and reads sub-accounts and vaults', async () => {
    const master = '0x' + 'ab'.repeat(20);
    server.handler = (req, res) => {
      const body = req.json as { type: string };
      if (body.type === 'userRole') return json(res, 200, { role: 'subAccount', data: { master: master.toUpperCase().replace('0X', '0x') } });
      return json(res, 200, { role: 'vault' });
    };
    const source = new AccountSource(clients.info);
    const tally = new RequestTally();
    const address = '0x' + 'cd'.repeat(20);
    await source.role(address, new AbortController().signal, tally);
    assert.deepEqual(source.roleOf(address), { role: 'subAccount', master });
    assert.deepEqual(server.received[0]!.json, { type: 'userRole', user: address });
    assert.equal(tally.weight, 60);
  });

  it('refuses an answer whose summary is not what the schema says, naming the field, as that dex’s error; an odd position costs only itself', async () => {
    server.handler = (req, res) => {
      const body = req.json as { type: string; dex?: string };
      if (body.type === 'clearinghouseState' && body.dex === 'bad')
        return json(res, 200, { assetPositions: [{ position: { coin: 'X', szi: '1' } }], marginSummary: {}, withdrawable: '0' });
      if (body.type === 'clearinghouseState')
        return json(res, 200, {
          assetPositions: body.dex === 'odd' ? [{ position: { coin: 'X', szi: '1' } }] : [],
          marginSummary: { accountValue: '1', totalNtlPos: '0', totalRawUsd: '1', totalMarginUsed: '0' },
          withdrawable: '1',
        });
      if (body.type === 'spotClearinghouseState') return text(res, 500, 'null', 'application/json');
      return json(res, 200, { role: 'user' });
    };
    const load = new AccountSource(clients.info).begin('0x' + '11'.repeat(20), new RequestTally());
    const signal = new AbortController().signal;
    assert.equal(await load.dex('bad', signal), false);
    assert.equal(await load.dex('', signal), true, 'a dex with an account value wants its unit');
    assert.equal(await load.dex('odd', signal), true);
    const result = load.result();
    assert.match(result.perpErrors.get('bad')!.message, /clearinghouseState: marginSummary\.accountValue/);
    assert.equal(result.perpErrors.has('odd'), false, 'an odd position is no error of the dex');
    assert.deepEqual(result.perps.get('odd')!.unreadable, [{ index: 0, coin: 'X', problem: 'position.entryPx: Invalid key: Expected "entryPx"' }]);
    assert.equal(result.perps.get('')!.accountValue, '1');
    assert.equal(result.spotError!.kind, 'server');
  });
});
