// Hyperliquid's WebSocket client against real local WebSocket servers: the demo node's `/ws` (acks,
// snapshots, fills, orders, liquidations, drops, muted pongs and acks) and, for hostile frames and
// floods, a bare `ws` server in this file.
import { strict as assert } from 'node:assert';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { socketUrlOf } from '../../src/core/endpoints';
import { HyperliquidSocket, type HyperliquidSocketOptions, type LiveUserUpdate, type SocketProblem } from '../../src/core/hyperliquidSocket';
import { DEMO_WALLETS, type DemoNode } from '../../src/demo/demoNode';
import { useDemoNodes } from '../support/demoNodes';

const [MAKER, WHALE, EMPTY] = DEMO_WALLETS.map((w) => w.address) as [string, string, string];
const FAST: Partial<HyperliquidSocketOptions> = { backoffBaseMs: 20, backoffMaxMs: 200, drawMs: 20 };

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

/** A client with every update and problem it gave collected. */
function client(url: string, options: Partial<HyperliquidSocketOptions> = {}) {
  const socket = new HyperliquidSocket({ url, ...FAST, ...options });
  const updates: LiveUserUpdate[][] = [];
  const problems: SocketProblem[] = [];
  const states: string[] = [];
  socket.onUpdate((u) => updates.push(u));
  socket.onProblem((p) => problems.push(p));
  socket.onState((s) => states.push(s));
  const fillsOf = (user: string) =>
    updates
      .flat()
      .filter((u) => u.user === user)
      .flatMap((u) => u.fills);
  return { socket, updates, problems, states, fillsOf };
}

describe('HyperliquidSocket (the demo node’s /ws)', () => {
  const start = useDemoNodes();
  let node: DemoNode;
  const open: HyperliquidSocket[] = [];
  const make = (options: Partial<HyperliquidSocketOptions> = {}) => {
    const c = client(node.socketUrl, options);
    open.push(c.socket);
    return c;
  };
  before(async () => {
    node = await start({ control: true });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    node.live.mute({ pong: true, ack: true });
  });

  it('takes its URL beside the public /info: wss for https, ws for a loopback stand-in', () => {
    assert.equal(socketUrlOf('https://api.hyperliquid.xyz/info'), 'wss://api.hyperliquid.xyz/ws');
    assert.equal(socketUrlOf('https://api.hyperliquid-testnet.xyz/info'), 'wss://api.hyperliquid-testnet.xyz/ws');
    assert.equal(socketUrlOf(`${node.baseUrl}/info`), node.socketUrl);
    assert.equal(socketUrlOf('http://example.com/info'), undefined);
  });

  it('subscribes on one connection, goes live once acknowledged, and gives only news: a fill, a new order, a liquidation', async () => {
    const c = make();
    assert.equal(c.socket.watch(MAKER, ['', 'xyz']), true);
    assert.equal(c.socket.watch(WHALE), true);
    await until('live', () => c.socket.state === 'live' && c.socket.isLive(MAKER) && c.socket.isLive(WHALE));
    assert.equal(node.live.open, 1, 'one connection for every user');
    await until('the first order lists', () => c.updates.flat().some((u) => u.user === MAKER && u.orders.has('xyz')));
    assert.deepEqual(c.fillsOf(MAKER), [], 'the first snapshot is history, not news');
    assert.ok(c.updates.flat().some((u) => u.user === MAKER && u.caughtUp));

    const oid = node.live.order(MAKER);
    const withOrder = await until('the new order', () => c.updates.flat().find((u) => u.user === MAKER && u.orders.get('')?.some((o) => o.oid === oid)));
    assert.equal(withOrder.orders.get('')!.find((o) => o.oid === oid)!.sz, '0.5');
    const tid = node.live.fill(MAKER);
    await until('the fill', () => c.fillsOf(MAKER).some((f) => f.tid === tid));
    const fill = c.fillsOf(MAKER).find((f) => f.tid === tid)!;
    assert.deepEqual([fill.oid, fill.sz, fill.liquidated], [oid, '0.5', false], 'the placed order filled');
    await until('the order gone', () => c.updates.at(-1)!.some((u) => u.user === MAKER && u.orders.get('') && !u.orders.get('')!.some((o) => o.oid === oid)));

    const liquidationTid = node.live.liquidation(MAKER);
    const liquidated = await until('the liquidation', () => c.updates.flat().find((u) => u.liquidations.length > 0));
    assert.equal(liquidated.user, MAKER);
    assert.equal(liquidated.liquidations[0]!.notional, '30005.0');
    await until('its fill', () => c.fillsOf(MAKER).find((f) => f.tid === liquidationTid)?.liquidated);
    assert.deepEqual(c.fillsOf(WHALE), []);
    assert.equal(c.problems.length, 0, JSON.stringify(c.problems));
    const tids = c.fillsOf(MAKER).map((f) => f.tid);
    assert.equal(new Set(tids).size, tids.length, 'no fill given twice (userFills and userEvents both carry it)');
  });

  it('follows positions and margin per dex and the mids once per dex, and both move with the market', async () => {
    const c = make();
    const mids: Map<string, Map<string, string>>[] = [];
    c.socket.onMids((m) => mids.push(m));
    c.socket.watch(MAKER, ['', 'xyz']);
    c.socket.watch(WHALE);
    await until('live', () => c.socket.isLive(MAKER) && c.socket.isLive(WHALE));
    const account = (user: string, dex: string) =>
      c.updates
        .flat()
        .filter((u) => u.user === user && u.accounts.has(dex))
        .at(-1)
        ?.accounts.get(dex);
    const btc = () => account(MAKER, '')?.positions.find((p) => p.coin === 'BTC');
    await until('each dex’s account', () => account(MAKER, '') && account(MAKER, 'xyz') && account(WHALE, ''));
    assert.deepEqual(
      account(MAKER, 'xyz')!.positions.map((p) => p.coin),
      ['xyz:XYZ100', 'xyz:NVDA'],
    );
    assert.equal(btc()!.positionValue, '50620.0');
    await until('the mids of both dexs', () => mids.some((m) => m.has('')) && mids.some((m) => m.has('xyz')));
    const midOf = (dex: string, coin: string) =>
      mids
        .filter((m) => m.has(dex))
        .at(-1)
        ?.get(dex)
        ?.get(coin);
    assert.equal(midOf('', 'BTC'), '101240.0');
    const step = node.live.tick();
    try {
      await until('the new mark', () => btc()?.positionValue === '50645.50');
      await until('the new mid', () => midOf('', 'BTC') === '101291.0');
      assert.equal(btc()!.unrealizedPnl, '1395.50', '(101,291 − 98,500) × 0.5');
      assert.equal(midOf('xyz', 'xyz:XYZ100'), '25445.0');
    } finally {
      for (let i = step; i % 8 !== 0; i++) node.live.tick(); // the market back where it started
    }
    assert.equal(c.problems.length, 0, JSON.stringify(c.problems));
  });

  it('hands out an event after a quiet spell at once, not a whole draw interval later', async () => {
    const c = make({ drawMs: 400 });
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    await sleep(450); // quiet: the last hand-out is more than drawMs ago
    const at = Date.now();
    const oid = node.live.order(MAKER);
    await until('the new order', () => c.updates.flat().some((u) => u.orders.get('')?.some((o) => o.oid === oid)));
    assert.ok(Date.now() - at < 200, `${Date.now() - at} ms`);
  });

  it('after a drop says reconnecting, resubscribes, and the snapshot gives what was missed, once', async () => {
    const c = make();
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    const before = node.live.fill(MAKER);
    await until('the fill before the drop', () => c.fillsOf(MAKER).some((f) => f.tid === before));
    node.live.drop();
    await until('reconnecting', () => c.socket.state === 'reconnecting');
    const missed = node.live.fill(MAKER); // nobody listens: only the next snapshot has it
    await until('live again', () => c.socket.isLive(MAKER));
    await until('the missed fill', () => c.fillsOf(MAKER).some((f) => f.tid === missed));
    node.live.drop();
    await until('live a third time', () => c.socket.connects >= 3 && c.socket.isLive(MAKER));
    await sleep(100);
    const tids = c.fillsOf(MAKER).map((f) => f.tid);
    assert.deepEqual(tids, [before, missed], 'each fill once, none of the history');
    assert.ok(c.states.includes('reconnecting'));
    assert.equal(c.socket.connects, 3);
  });

  it('subscribes spotState per user (not per dex) and again after a drop: the balances come with each snapshot', async () => {
    const c = make();
    c.socket.watch(MAKER, ['', 'xyz']);
    const spots = () => c.updates.flat().filter((u) => u.user === MAKER && u.spot !== undefined).length;
    await until('the balances', () => spots() >= 1);
    assert.equal(spots(), 1, 'one spotState subscription for two dexs');
    assert.ok(
      c.updates
        .flat()
        .find((u) => u.spot)!
        .spot!.balances.some((b) => b.coin === 'USDC'),
    );
    node.live.drop();
    await until('the balances again after the reconnect', () => c.socket.connects >= 2 && spots() >= 2);
  });

  it('pings, and a missing pong means reconnect', async () => {
    const c = make({ pingMs: 40, pongTimeoutMs: 60 });
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    await sleep(300);
    assert.equal(c.socket.connects, 1, 'pongs keep the connection');
    node.live.mute({ pong: false });
    await until('a new connection', () => c.socket.connects >= 2);
  });

  it('a silent line means reconnect', async () => {
    const c = make({ pingMs: 60_000, silenceMs: 150 });
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    await until('a new connection after the silence', () => c.socket.connects >= 2, 3_000);
  });

  it('a server that never acknowledges is left for another connection, and the user is not live', async () => {
    node.live.mute({ ack: false });
    const c = make({ ackTimeoutMs: 100 });
    c.socket.watch(MAKER);
    await until('a second connection', () => c.socket.connects >= 2);
    assert.equal(c.socket.isLive(MAKER), false);
    assert.ok(!c.states.includes('live'));
  });

  it('watches at most 10 users: the 11th is refused, and the server never sees it', async () => {
    const c = make();
    const users = Array.from({ length: 11 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const taken = users.map((u) => c.socket.watch(u));
    assert.deepEqual(taken, [...Array(10).fill(true), false]);
    await until('live', () => c.socket.state === 'live');
    assert.equal(c.socket.watched().length, 10);
    assert.equal(node.live.users, 10);
    c.socket.unwatch(users[0]!);
    assert.equal(c.socket.watch(users[10]!), true, 'a freed place can be taken');
    await until('live', () => c.socket.isLive(users[10]!));
    assert.equal(c.problems.length, 0, JSON.stringify(c.problems));
  });

  it('opens no more than the allowed connections a minute, however often it is dropped', async () => {
    const c = make({ maxConnectsPerMinute: 3, backoffBaseMs: 1, backoffMaxMs: 5 });
    c.socket.watch(EMPTY);
    for (let i = 0; i < 6; i++) {
      await until('live', () => c.socket.isLive(EMPTY), 300).catch(() => undefined);
      node.live.drop();
      await sleep(30);
    }
    assert.equal(c.socket.connects, 3);
    assert.equal(c.socket.state, 'reconnecting');
  });

  it('refuses a frame over its cap (and the connection with it)', async () => {
    const c = make({ maxFrameBytes: 4096 });
    c.socket.watch(WHALE); // 5,000 orders: one frame of megabytes
    await until('the refusal', () => c.problems.find((p) => p.kind === 'frame'));
    assert.ok(!c.updates.flat().some((u) => u.orders.size > 0));
  });

  it('stops when the last user is unwatched, and close() leaves nothing open', async () => {
    const c = make();
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    c.socket.unwatch(MAKER);
    assert.equal(c.socket.state, 'idle');
    await until('the server sees it closed', () => node.live.open === 0);
    c.socket.watch(MAKER);
    await until('live', () => c.socket.isLive(MAKER));
    c.socket.close();
    assert.equal(c.socket.state, 'closed');
    await until('closed', () => node.live.open === 0);
  });
});

describe('HyperliquidSocket (a hostile server)', () => {
  let server: WebSocketServer;
  let url: string;
  let onConnection: (send: (text: string) => void) => void = () => undefined;
  const open: HyperliquidSocket[] = [];
  before(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => server.once('listening', () => r()));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    server.on('connection', (ws) => {
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { method: string; subscription: unknown };
        if (m.method === 'subscribe') ws.send(JSON.stringify({ channel: 'subscriptionResponse', data: m }));
      });
      onConnection((text) => ws.send(text));
    });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  after(async () => {
    for (const ws of server.clients) ws.terminate();
    await new Promise((r) => server.close(r));
  });

  it('refuses what is not JSON, too deep, or of the wrong shape, and keeps the connection', async () => {
    onConnection = (send) =>
      setTimeout(() => {
        send('not json');
        send('['.repeat(100) + ']'.repeat(100));
        send(JSON.stringify({ channel: 'userFills', data: { user: MAKER, fills: [{ coin: 'BTC', px: 'NaN' }] } }));
        send(JSON.stringify({ nochannel: true }));
        send(
          JSON.stringify({ channel: 'userFills', data: { user: MAKER, fills: [{ coin: 'BTC', px: '1.0', sz: '1.0', side: 'B', time: 1, oid: 1, tid: 7 }] } }),
        );
      }, 20);
    const c = client(url, { drawMs: 10 });
    open.push(c.socket);
    c.socket.watch(MAKER);
    await until('the good fill', () => c.fillsOf(MAKER).length === 1);
    assert.deepEqual(
      c.problems.map((p) => p.kind),
      ['json', 'json', 'shape', 'shape'],
    );
    assert.equal(c.socket.connects, 1);
  });

  it('refuses a malformed clearinghouseState or allMids frame, and takes the next good one', async () => {
    const good = { marginSummary: { accountValue: '10.0', totalNtlPos: '0.0', totalRawUsd: '10.0', totalMarginUsed: '0.0' }, withdrawable: '10.0' };
    const btc = {
      type: 'oneWay',
      position: {
        coin: 'BTC',
        szi: '0.1',
        entryPx: '100.0',
        positionValue: '11.0',
        unrealizedPnl: '1.0',
        returnOnEquity: '0.1',
        liquidationPx: null,
        leverage: { type: 'cross', value: 10 },
        marginUsed: '1.1',
      },
    };
    onConnection = (send) =>
      setTimeout(() => {
        // No margin summary; a position's size not a number; the same coin twice; mids as a list; a mid not a number.
        send(
          JSON.stringify({ channel: 'clearinghouseState', data: { user: MAKER, dex: '', clearinghouseState: { withdrawable: '1.0', assetPositions: [] } } }),
        );
        send(JSON.stringify({ channel: 'clearinghouseState', data: { user: MAKER, dex: '', clearinghouseState: { ...good, assetPositions: [btc, btc] } } }));
        send(JSON.stringify({ channel: 'clearinghouseState', data: { user: 'nobody', dex: '', clearinghouseState: { ...good, assetPositions: [] } } }));
        send(JSON.stringify({ channel: 'allMids', data: { mids: ['1.0'] } }));
        send(JSON.stringify({ channel: 'allMids', data: { mids: { BTC: 'NaN' } } }));
        send(JSON.stringify({ channel: 'clearinghouseState', data: { user: MAKER, dex: '', clearinghouseState: { ...good, assetPositions: [btc] } } }));
        send(JSON.stringify({ channel: 'allMids', data: { mids: { BTC: '110.0' } } }));
      }, 20);
    const c = client(url, { drawMs: 10 });
    open.push(c.socket);
    const mids: Map<string, Map<string, string>>[] = [];
    c.socket.onMids((m) => mids.push(m));
    c.socket.watch(MAKER);
    await until('the good account', () =>
      c.updates
        .flat()
        .find((u) => u.accounts.has(''))
        ?.accounts.get(''),
    );
    await until('the good mids', () => mids.length > 0);
    assert.deepEqual(
      c.problems.map((p) => `${p.kind}:${p.channel}`),
      ['shape:clearinghouseState', 'shape:clearinghouseState', 'shape:clearinghouseState', 'shape:allMids', 'shape:allMids'],
    );
    const accounts = c.updates.flat().flatMap((u) => [...u.accounts.values()]);
    assert.equal(accounts.length, 1, 'only the good account was given');
    assert.deepEqual(
      accounts[0]!.positions.map((p) => [p.coin, p.positionValue]),
      [['BTC', '11.0']],
    );
    assert.deepEqual([...mids[0]!.get('')!], [['BTC', '110.0']]);
    assert.equal(c.socket.connects, 1, 'the connection stays');
  });

  it('refuses a malformed spotState frame and one for a user not watched, and takes the next good one', async () => {
    const usdc = { coin: 'USDC', token: 0, total: '10.0', hold: '0.0', entryNtl: '0.0' };
    onConnection = (send) =>
      setTimeout(() => {
        send(JSON.stringify({ channel: 'spotState', data: { user: MAKER, spotState: { balances: 'all of them' } } }));
        send(JSON.stringify({ channel: 'spotState', data: { user: MAKER } }));
        send(JSON.stringify({ channel: 'spotState', data: { user: EMPTY, spotState: { balances: [usdc] } } }));
        send(JSON.stringify({ channel: 'spotState', data: { user: MAKER, spotState: { balances: [usdc, { coin: 'PURR', total: 'lots' }] } } }));
      }, 20);
    const c = client(url, { drawMs: 10 });
    open.push(c.socket);
    c.socket.watch(MAKER);
    const spot = await until('the good balances', () => c.updates.flat().find((u) => u.spot)?.spot);
    assert.deepEqual(
      c.problems.map((p) => `${p.kind}:${p.channel}`),
      ['shape:spotState', 'shape:spotState'],
    );
    assert.equal(c.updates.flat().filter((u) => u.spot).length, 1, 'only the watched user’s good frame');
    assert.deepEqual(
      spot.balances.map((b) => [b.coin, b.total]),
      [['USDC', '10.0']],
    );
    assert.equal(spot.unreadable.length, 1, 'the balance of another shape is said, the others shown');
    assert.equal(c.socket.connects, 1, 'the connection stays');
  });

  it('merges a flood: 5,000 order lists become a few updates holding the last one', async () => {
    onConnection = (send) =>
      setTimeout(() => {
        for (let i = 0; i < 5000; i++) {
          const order = { coin: 'BTC', limitPx: '1.0', oid: i, side: 'B', sz: '1.0', timestamp: 1 };
          send(JSON.stringify({ channel: 'openOrders', data: { user: MAKER, dex: '', orders: [order] } }));
        }
      }, 20);
    const c = client(url, { drawMs: 100 });
    open.push(c.socket);
    c.socket.watch(MAKER);
    await until('the last list', () => c.updates.flat().some((u) => u.orders.get('')?.[0]?.oid === 4999), 10_000);
    assert.ok(c.updates.length <= 20, `${c.updates.length} updates for 5,000 messages`);
  });
});

describe('demo node: /ws in Hyperliquid’s format', () => {
  const start = useDemoNodes();
  let node: DemoNode;
  before(async () => {
    node = await start({ control: true });
  });

  /** A raw connection: what it received, and a way to send. */
  async function raw(headers: Record<string, string> = {}) {
    const ws = new WebSocket(node.socketUrl, { headers });
    const got: { channel: string; data?: any }[] = [];
    ws.on('message', (d) => got.push(JSON.parse(String(d))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, got, send: (m: unknown) => ws.send(JSON.stringify(m)) };
  }

  it('acknowledges, starts each subscription with its state, answers ping, and sends orderUpdates', async () => {
    const c = await raw();
    for (const subscription of [
      { type: 'userFills', user: MAKER },
      { type: 'orderUpdates', user: MAKER },
      { type: 'clearinghouseState', user: MAKER, dex: '' },
      { type: 'spotState', user: MAKER },
      { type: 'allMids', dex: '' },
      { type: 'nonsense' },
    ])
      c.send({ method: 'subscribe', subscription });
    c.send({ method: 'ping' });
    await until('the answers', () => c.got.some((m) => m.channel === 'pong') && c.got.some((m) => m.channel === 'error'));
    assert.equal(c.got.filter((m) => m.channel === 'subscriptionResponse').length, 5);
    assert.ok(c.got.find((m) => m.channel === 'spotState')!.data.spotState.balances.some((b: { coin: string }) => b.coin === 'USDC'));
    const snapshot = c.got.find((m) => m.channel === 'userFills')!.data;
    assert.equal(snapshot.isSnapshot, true);
    assert.deepEqual(
      snapshot.fills.map((f: { tid: number }) => f.tid),
      node.live.fillsOf(MAKER).map((f) => f.tid),
    );
    assert.ok(c.got.find((m) => m.channel === 'clearinghouseState')!.data.clearinghouseState.marginSummary);
    assert.ok(c.got.find((m) => m.channel === 'allMids')!.data.mids.BTC);
    const oid = node.live.order(MAKER);
    await until('orderUpdates', () => c.got.find((m) => m.channel === 'orderUpdates' && m.data[0].order.oid === oid && m.data[0].status === 'open'));
    node.live.fill(MAKER);
    await until('filled', () => c.got.find((m) => m.channel === 'orderUpdates' && m.data[0].order.oid === oid && m.data[0].status === 'filled'));
    c.ws.terminate();
  });

  it('takes its hooks over the control endpoint, and refuses a web page', async () => {
    const post = (body: unknown) =>
      fetch(`${node.baseUrl}/__demo/live`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const placed = await post({ action: 'order', user: MAKER });
    assert.equal(placed.status, 200);
    const { id } = (await placed.json()) as { id: number };
    const orders = (await (
      await fetch(`${node.baseUrl}/${node.apiKey}/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'frontendOpenOrders', user: MAKER }),
      })
    ).json()) as { oid: number }[];
    assert.ok(
      orders.some((o) => o.oid === id),
      'polling sees the placed order too',
    );
    assert.equal((await post({ action: 'fill', user: 'nobody' })).status, 400);
    const c = await raw();
    assert.equal((await post({ action: 'drop' })).status, 200);
    await new Promise((r) => c.ws.once('close', r));
    await assert.rejects(raw({ Origin: 'https://example.com' }));
  });
});
