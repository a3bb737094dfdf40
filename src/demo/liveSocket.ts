// The demo node's `/ws`: Hyperliquid's WebSocket in its own format (docs/FACTS.md#websocket), keyless
// like the public API. Subscriptions are acknowledged on `subscriptionResponse`; `userFills` starts with
// a snapshot (`isSnapshot: true`) of the user's fills, so a client that reconnects finds what it missed;
// `openOrders`, `clearinghouseState` and `allMids` start with the current state; `ping` gets `pong`.
// Hooks (`DemoLive`, and the control endpoint's `POST /__demo/live`) send a fill, a new order or
// a liquidation now, move the market a step (new mids, new marks of positions: `tick`, also on a timer
// with the node's `marketTickMs`), drop every connection, or leave pongs or acknowledgements out.
import type { DemoFill } from './history';
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isAddress } from '../core/hex';
import { textExceedsJsonDepth } from '../core/jsonLimits';
import type { InfoAnswers } from './infoAnswers';
import { demoAllMids, MARKETS } from './markets';
import { DEMO_WALLETS } from './wallets';
import type { DemoOpenOrder } from './orders';
import { demoClearinghouseState, demoSpotClearinghouseState } from './accounts';

/** The exchange's limit of distinct users per IP, here per node. */
export const DEMO_MAX_LIVE_USERS = 10;
/** Largest message the node reads from a client. */
const MAX_CLIENT_MESSAGE = 64 * 1024;
const USER_TYPES = new Set(['userFills', 'userEvents', 'orderUpdates', 'openOrders', 'clearinghouseState', 'spotState']);
const LIQUIDATOR = '0x2e3d94f0562703b25c83308a05046ddaf9a8dd14';

export type DemoLiveAction = 'fill' | 'order' | 'liquidation' | 'drop' | 'mute' | 'unmute' | 'down' | 'up' | 'tick';

export interface DemoLive {
  /** Fills an order of `user` now (the newest placed one, else 0.5 BTC) and sends it; returns its `tid`. */
  fill(user: string): number;
  /** Places a new order for `user` on the first perp dex and sends the new list; returns its `oid`. */
  order(user: string): number;
  /** Liquidates `user` now: a `userEvents` liquidation and the liquidation's fill; returns the fill's `tid`. */
  liquidation(user: string): number;
  /**
   * Moves the market a step now: every mid and every position's mark move (also what `/info` answers),
   * and `allMids` and `clearinghouseState` go to who listens; returns the market's step.
   */
  tick(): number;
  /** Closes every connection at once, as a dropped network does. */
  drop(): void;
  /** Refuses new connections (`false`: the network is down) or takes them again. */
  accept(accepting: boolean): void;
  /** Leaves pongs (`pong: false`: a half-open connection) or acknowledgements out (`ack: false`). */
  mute(what: { pong?: boolean; ack?: boolean }): void;
  /** Connections open now. */
  readonly open: number;
  /** Connections accepted since start. */
  readonly accepted: number;
  /** Distinct users subscribed to now, over every connection. */
  readonly users: number;
  /** The fills `user` has, in order (the snapshot's content). */
  fillsOf(user: string): readonly { tid: number }[];
}

/** A fill as the WebSocket sends it: the info API's fill (the demo's history has the same), with a liquidation's details. */
type Fill = Omit<DemoFill, 'twapId'> & { liquidation?: { liquidatedUser: string; markPx: string; method: string } };

interface Client {
  ws: WebSocket;
  subscriptions: Map<string, Record<string, unknown>>;
}

const keyOf = (s: Record<string, unknown>): string => `${String(s.type)}|${String(s.user ?? '').toLowerCase()}|${String(s.dex ?? '')}`;

export class DemoLiveSocket implements DemoLive {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE, perMessageDeflate: false });
  private readonly clients = new Set<Client>();
  private readonly fills = new Map<string, Fill[]>();
  /** USDC fees of the fills made here, per user: taken from its spot balance. */
  private readonly spotFees = new Map<string, number>();
  private nextTid = 900_001;
  private nextOid = 800_000_001;
  private nextLid = 1;
  private acceptedCount = 0;
  private pongs = true;
  private acks = true;
  private accepting = true;

  constructor(
    private readonly info: InfoAnswers,
    private readonly now: () => number,
    startedAt: number,
  ) {
    // Each demo wallet with orders has three fills from before the node started: the first snapshot.
    for (const w of DEMO_WALLETS) {
      if (w.dexes.length === 0) continue;
      const list: Fill[] = [];
      for (let i = 0; i < 3; i++)
        list.push(this.makeFill({ time: startedAt - (3 - i) * 600_000, px: '100950.0', sz: '0.01', side: i % 2 ? 'A' : 'B', oid: 700_000 + i }));
      this.fills.set(w.address, list);
    }
  }

  get open(): number {
    return this.clients.size;
  }

  get accepted(): number {
    return this.acceptedCount;
  }

  get users(): number {
    return this.userSet().size;
  }

  fillsOf(user: string): readonly { tid: number }[] {
    return this.fills.get(user.toLowerCase()) ?? [];
  }

  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!this.accepting) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
  }

  close(): void {
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    this.server.close();
  }

  control(action: DemoLiveAction, user: string | undefined): { ok: true; id?: number } | undefined {
    switch (action) {
      case 'drop':
        this.drop();
        return { ok: true };
      case 'mute':
        this.mute({ pong: false, ack: true });
        return { ok: true };
      case 'unmute':
        this.mute({ pong: true, ack: true });
        return { ok: true };
      case 'down':
        this.accept(false);
        this.drop();
        return { ok: true };
      case 'up':
        this.accept(true);
        return { ok: true };
      case 'tick':
        return { ok: true, id: this.tick() };
    }
    if (!isAddress(user)) return undefined;
    if (action === 'fill') return { ok: true, id: this.fill(user) };
    if (action === 'order') return { ok: true, id: this.order(user) };
    return { ok: true, id: this.liquidation(user) };
  }

  tick(): number {
    this.info.stepMarket();
    const step = this.info.marketStep;
    for (const c of this.clients) {
      for (const s of c.subscriptions.values()) {
        const dex = typeof s.dex === 'string' ? s.dex : '';
        if (s.type === 'allMids') this.send(c, 'allMids', { dex, mids: demoAllMids(dex, step) });
        else if (s.type === 'clearinghouseState') this.send(c, 'clearinghouseState', this.accountOf(s.user as string, dex));
      }
    }
    return step;
  }

  drop(): void {
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
  }

  accept(accepting: boolean): void {
    this.accepting = accepting;
  }

  mute(what: { pong?: boolean; ack?: boolean }): void {
    if (what.pong !== undefined) this.pongs = what.pong;
    if (what.ack !== undefined) this.acks = what.ack;
  }

  fill(user: string): number {
    const id = user.toLowerCase();
    const placed = this.info.takePlacedOrder(id, '');
    const mid = demoAllMids('', this.info.marketStep)[MARKETS.BTC.coin] ?? '100000.0';
    const fill = this.makeFill(
      placed ? { px: placed.limitPx, sz: placed.sz, side: placed.side, oid: placed.oid } : { px: mid, sz: '0.5', side: 'B', oid: this.nextOid++ },
    );
    this.record(id, fill);
    // Its fee is taken from the spot USDC balance (as in a unified account): the balances follow live.
    this.spotFees.set(id, (this.spotFees.get(id) ?? 0) + Number(fill.fee));
    this.publish('spotState', id, '', this.spotOf(id));
    if (placed) {
      this.publish('orderUpdates', id, '', [{ order: placed, status: 'filled', statusTimestamp: fill.time }]);
      this.publishOrders(id, '');
    }
    return fill.tid;
  }

  order(user: string): number {
    const id = user.toLowerCase();
    const mid = Number(demoAllMids('', this.info.marketStep)[MARKETS.BTC.coin] ?? '100000');
    const order: DemoOpenOrder = {
      coin: MARKETS.BTC.coin,
      side: 'B',
      limitPx: (Math.round(mid * 0.99 * 10) / 10).toFixed(1),
      sz: '0.5',
      origSz: '0.5',
      oid: this.nextOid++,
      timestamp: this.now(),
      orderType: 'Limit',
      tif: 'Gtc',
      isTrigger: false,
      triggerPx: '0.0',
      triggerCondition: 'N/A',
      isPositionTpsl: false,
      reduceOnly: false,
      children: [],
    };
    this.info.placeOrder(id, '', order);
    this.publish('orderUpdates', id, '', [{ order, status: 'open', statusTimestamp: order.timestamp }]);
    this.publishOrders(id, '');
    return order.oid;
  }

  liquidation(user: string): number {
    const id = user.toLowerCase();
    const lid = this.nextLid++;
    const mid = demoAllMids('', this.info.marketStep)[MARKETS.BTC.coin] ?? '100000.0';
    const fill = this.makeFill({
      px: mid,
      sz: '0.3',
      side: 'A',
      oid: this.nextOid++,
      liquidation: { liquidatedUser: id, markPx: mid, method: 'market' },
      dir: 'Close Long',
    });
    this.publish('userEvents', id, '', {
      liquidation: { lid, liquidator: LIQUIDATOR, liquidated_user: id, liquidated_ntl_pos: '30005.0', liquidated_account_value: '1520.4' },
    });
    this.record(id, fill);
    return fill.tid;
  }

  // ---- connections ----

  private connected(ws: WebSocket): void {
    const client: Client = { ws, subscriptions: new Map() };
    this.clients.add(client);
    this.acceptedCount += 1;
    ws.on('message', (data, isBinary) => this.received(client, data, isBinary));
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', () => ws.terminate());
  }

  private send(client: Client, channel: string, data: unknown): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify({ channel, data }));
  }

  private received(client: Client, data: unknown, isBinary: boolean): void {
    const text = isBinary ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : '';
    let message: Record<string, unknown> | undefined;
    try {
      if (!textExceedsJsonDepth(text)) message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null)
      return this.send(client, 'error', `Error parsing JSON into valid websocket request: ${text.slice(0, 100)}`);
    if (message.method === 'ping') {
      if (this.pongs && client.ws.readyState === client.ws.OPEN) client.ws.send('{"channel":"pong"}');
      return;
    }
    const s = message.subscription as Record<string, unknown> | undefined;
    if ((message.method !== 'subscribe' && message.method !== 'unsubscribe') || typeof s !== 'object' || s === null || typeof s.type !== 'string') {
      return this.send(client, 'error', `Invalid request: ${text.slice(0, 100)}`);
    }
    const userType = USER_TYPES.has(s.type);
    if ((userType && !isAddress(s.user)) || (!userType && s.type !== 'allMids') || (s.dex !== undefined && typeof s.dex !== 'string')) {
      return this.send(client, 'error', `Invalid subscription ${text.slice(0, 100)}`);
    }
    const subscription = { ...s, ...(userType ? { user: (s.user as string).toLowerCase() } : {}) };
    const key = keyOf(subscription);
    if (message.method === 'unsubscribe') {
      client.subscriptions.delete(key);
      if (this.acks) this.send(client, 'subscriptionResponse', { method: 'unsubscribe', subscription });
      return;
    }
    if (userType && !this.userSet().has(subscription.user as string) && this.userSet().size >= DEMO_MAX_LIVE_USERS) {
      return this.send(client, 'error', `Cannot track more than ${DEMO_MAX_LIVE_USERS} total users.`);
    }
    if (client.subscriptions.has(key)) return this.send(client, 'error', `Already subscribed: ${text.slice(0, 100)}`);
    client.subscriptions.set(key, subscription);
    if (this.acks) this.send(client, 'subscriptionResponse', { method: 'subscribe', subscription });
    this.first(client, subscription);
  }

  private userSet(): Set<string> {
    const out = new Set<string>();
    for (const c of this.clients) for (const s of c.subscriptions.values()) if (typeof s.user === 'string') out.add(s.user);
    return out;
  }

  /** What a subscription gets at once. */
  private first(client: Client, s: Record<string, unknown>): void {
    const user = s.user as string;
    const dex = typeof s.dex === 'string' ? s.dex : '';
    switch (s.type) {
      case 'userFills':
        return this.send(client, 'userFills', { isSnapshot: true, user, fills: this.fills.get(user) ?? [] });
      case 'openOrders':
        return this.send(client, 'openOrders', { user, dex, orders: this.info.currentOrders(user, dex) });
      case 'clearinghouseState':
        return this.send(client, 'clearinghouseState', this.accountOf(user, dex));
      case 'spotState':
        return this.send(client, 'spotState', this.spotOf(user));
      case 'allMids':
        return this.send(client, 'allMids', { dex, mids: demoAllMids(dex, this.info.marketStep) });
    }
  }

  /** `spotState` for `user`: the demo's balances, less the fees of the fills made here. */
  private spotOf(user: string): unknown {
    const spot = demoSpotClearinghouseState(user) as { balances: { coin: string; total: string }[] };
    const fees = this.spotFees.get(user) ?? 0;
    const balances = spot.balances.map((b) => (b.coin === 'USDC' && fees > 0 ? { ...b, total: (Number(b.total) - fees).toFixed(6) } : b));
    return { user, spotState: { balances } };
  }

  private accountOf(user: string, dex: string): unknown {
    return { user, dex, clearinghouseState: demoClearinghouseState(user, dex, this.info.stage, this.now(), this.info.marketStep) };
  }

  private publish(type: string, user: string, dex: string, data: unknown): void {
    const channel = type === 'userEvents' ? 'user' : type;
    for (const c of this.clients) {
      for (const s of c.subscriptions.values()) {
        if (s.type !== type || s.user !== user) continue;
        if (type === 'openOrders' && (s.dex ?? '') !== dex) continue;
        this.send(c, channel, data);
      }
    }
  }

  private publishOrders(user: string, dex: string): void {
    this.publish('openOrders', user, dex, { user, dex, orders: this.info.currentOrders(user, dex) });
  }

  /** Keeps `fill` for the next snapshot and sends it to who listens now. */
  private record(user: string, fill: Fill): void {
    const list = this.fills.get(user) ?? [];
    list.push(fill);
    if (list.length > 2000) list.shift();
    this.fills.set(user, list);
    this.publish('userFills', user, '', { user, fills: [fill] });
    this.publish('userEvents', user, '', { fills: [fill] });
  }

  private makeFill(f: Pick<Fill, 'px' | 'sz' | 'side' | 'oid'> & Partial<Pick<Fill, 'time' | 'liquidation' | 'dir'>>): Fill {
    const tid = this.nextTid++;
    const notional = Number(f.px) * Number(f.sz);
    return {
      coin: MARKETS.BTC.coin,
      px: f.px,
      sz: f.sz,
      side: f.side,
      time: f.time ?? this.now(),
      startPosition: '0.0',
      dir: f.dir ?? (f.side === 'B' ? 'Open Long' : 'Close Long'),
      closedPnl: '0.0',
      hash: `0x${tid.toString(16).padStart(64, '0')}`,
      oid: f.oid,
      crossed: true,
      fee: (notional * 0.00045).toFixed(6),
      tid,
      feeToken: 'USDC',
      ...(f.liquidation ? { liquidation: f.liquidation } : {}),
    };
  }
}
