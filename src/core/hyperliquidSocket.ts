/**
 * Hyperliquid's WebSocket, for watched wallets (docs/FACTS.md#websocket). One connection per network
 * carries every subscription; it pings every 30 s and reconnects when a pong is missing or the line has
 * been silent for 60 s, with capped exponential backoff and jitter, at most 30 new connections a minute,
 * and resubscribes everything. Per user: `openOrders` per dex (the whole list: orders appear, change and
 * go), `userFills` (fills keyed by `tid`: the snapshot after a reconnect fills the gap, and no fill is
 * given twice), `userEvents` (a liquidation, named by `liquidated_user`) and `clearinghouseState` per dex
 * (positions and margin, the whole account of that dex), `spotState` (the spot balances). Once per connection, `allMids` per dex that a
 * watched user follows (market data: no address in it; the orders' distance from the mid follows it).
 * `orderUpdates` is not asked:
 * its messages do not say whose orders they are, and one connection watches several users.
 *
 * Every message is size-capped (the frame, then the same pre-parse scan as the info answers) and
 * validated; updates are merged per user and handed out at most every `drawMs`, so a flood costs CPU
 * but never memory. At most 10 distinct users (the exchange's limit per IP): `watch` says when a user
 * was refused, and the caller keeps polling it. Plain Node (`ws`): no `vscode`.
 */
import WebSocket from 'ws';
import * as v from 'valibot';
import { Emitter, type Event } from './emitter';
import { toOpenOrders, toPerpAccount, toSpotState } from './infoSchemas';
import { jsonProblem } from './jsonLimits';
import type { OpenOrder, PerpAccount, SpotState } from './model';
import { openSocket, SocketPacing } from './socketPacing';
import {
  allMidsData,
  clearinghouseStateData,
  openOrdersData,
  socketEnvelope,
  spotStateData,
  subscriptionResponseData,
  userEventData,
  userFillsData,
  type SocketFill,
} from './socketSchemas';

/** The exchange's limit of distinct users per IP. */
export const MAX_LIVE_USERS = 10;
/** The exchange's limit of new connections a minute per IP. */
export const MAX_CONNECTS_PER_MINUTE = 30;
/** The largest frame read (a whale's 5,000 orders, as `openOrders` answers them over HTTP). */
export const MAX_SOCKET_FRAME_BYTES = 8 * 1024 * 1024;
/** Fills held between two draws, per user; past it the oldest go and the update says so (`overflow`). */
export const MAX_PENDING_FILLS = 2_000;
/** Fill ids remembered per user, to give none twice; past it the oldest are forgotten, with their time. */
export const MAX_SEEN_FILLS = 20_000;
const MAX_PENDING_LIQUIDATIONS = 100;
const MAX_DEXES = 64;

export type SocketState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface LiveFill {
  coin: string;
  px: string;
  sz: string;
  side: 'A' | 'B';
  /** Milliseconds since the epoch. */
  time: number;
  oid: number;
  tid: number;
  dir?: string;
  closedPnl?: string;
  fee?: string;
  feeToken?: string;
  /** The fill closed the user's position in a liquidation. */
  liquidated: boolean;
}

export interface LiveLiquidation {
  lid: number;
  /** Notional of the position liquidated (USD, as the exchange writes it). */
  notional: string;
  accountValue: string;
}

/** What changed for one user since the last draw. */
export interface LiveUserUpdate {
  user: string;
  /** Per dex, its whole list of open orders as last sent. */
  orders: Map<string, OpenOrder[]>;
  /** Per dex, its account (positions and margin) as last sent. */
  accounts: Map<string, PerpAccount>;
  /** The spot balances as last sent (`spotState`), when they came. */
  spot?: SpotState;
  /** Fills not given before, oldest first. */
  fills: LiveFill[];
  liquidations: LiveLiquidation[];
  /** A `userFills` snapshot arrived: what was missed while away is in `fills`. */
  caughtUp: boolean;
  /** Fills were dropped to bound memory: what is shown may miss some. */
  overflow: boolean;
}

export interface SocketProblem {
  kind: 'frame' | 'json' | 'shape' | 'server';
  channel?: string;
  message: string;
}

export interface HyperliquidSocketOptions {
  url: string;
  pingMs?: number;
  /** How long a ping waits for its pong before the connection counts as dead. */
  pongTimeoutMs?: number;
  silenceMs?: number;
  /** How long subscriptions (and the opening handshake) may go unacknowledged. */
  ackTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxConnectsPerMinute?: number;
  maxFrameBytes?: number;
  maxUsers?: number;
  /** Updates are handed out at most this often. */
  drawMs?: number;
  /** Whether to follow `allMids` of the dexs the users follow (default true). */
  mids?: boolean;
  random?: () => number;
  now?: () => number;
}

interface Pending {
  orders: Map<string, OpenOrder[]>;
  accounts: Map<string, PerpAccount>;
  spot?: SpotState;
  fills: LiveFill[];
  liquidations: LiveLiquidation[];
  caughtUp: boolean;
  overflow: boolean;
}

interface UserState {
  dexes: readonly string[];
  /** Subscriptions sent on this connection and not yet acknowledged. */
  unacked: Set<string>;
  hadSnapshot: boolean;
  /** Fill id → its time, oldest first. */
  seen: Map<number, number>;
  /** The newest time of a forgotten fill id: a snapshot's fills up to it were given already. */
  forgottenUpTo: number;
  liquidations: Set<number>;
  pending?: Pending;
}

interface Subscription {
  type: string;
  user: string;
  dex?: string;
}

/** What each watched user is subscribed to per dex. */
const PER_DEX = ['openOrders', 'clearinghouseState'] as const;

const midsSubscription = (dex: string) => (dex === '' ? { type: 'allMids' } : { type: 'allMids', dex });

const keyOf = (s: { type: string; user?: string; dex?: string }): string => `${s.type}|${s.user ?? ''}|${s.dex ?? ''}`;

export class HyperliquidSocket {
  private readonly o: Required<Omit<HyperliquidSocketOptions, 'url'>> & { url: string };
  private readonly users = new Map<string, UserState>();
  private ws: WebSocket | undefined;
  private current: SocketState = 'idle';
  private readonly pacing: SocketPacing;
  private everLive = false;
  private lastMessageAt = 0;
  private pingTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private ackTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private drawTimer: NodeJS.Timeout | undefined;
  /** When updates were last handed out (`now()`), for the pace of the next. */
  private lastDrawAt = -Infinity;
  private closed = false;
  private readonly updates = new Emitter<LiveUserUpdate[]>();
  private readonly states = new Emitter<SocketState>();
  private readonly problems = new Emitter<SocketProblem>();
  private readonly midsChanged = new Emitter<Map<string, Map<string, string>>>();
  /** Dexs whose `allMids` this connection was asked for. */
  private readonly midDexes = new Set<string>();
  /** Mids arrived since the last draw, per dex (the last of each). */
  private pendingMids: Map<string, Map<string, string>> | undefined;

  /** Updates, merged: at most one call per `drawMs`. */
  readonly onUpdate: Event<LiveUserUpdate[]> = this.updates.event;
  /** The connection's state changed, or a user's subscriptions were all acknowledged. */
  readonly onState: Event<SocketState> = this.states.event;
  /** A message was refused (too large, not JSON, wrong shape) or the server said `error`. */
  readonly onProblem: Event<SocketProblem> = this.problems.event;
  /** Mid prices, per dex, merged like the updates (and handed out just before them). */
  readonly onMids: Event<Map<string, Map<string, string>>> = this.midsChanged.event;

  constructor(options: HyperliquidSocketOptions) {
    this.o = {
      pingMs: 30_000,
      pongTimeoutMs: 15_000,
      silenceMs: 60_000,
      ackTimeoutMs: 15_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 30_000,
      maxConnectsPerMinute: MAX_CONNECTS_PER_MINUTE,
      maxFrameBytes: MAX_SOCKET_FRAME_BYTES,
      maxUsers: MAX_LIVE_USERS,
      drawMs: 250,
      mids: true,
      random: Math.random,
      now: Date.now,
      ...options,
    };
    this.pacing = new SocketPacing(this.o);
  }

  get state(): SocketState {
    return this.current;
  }

  /** New connections opened so far. */
  get connects(): number {
    return this.pacing.count;
  }

  /**
   * Starts watching `user` on `dexes` (default the first perp dex). False when the limit of distinct
   * users is reached: the caller keeps polling it.
   */
  watch(user: string, dexes: readonly string[] = ['']): boolean {
    if (this.closed) return false;
    const id = user.toLowerCase();
    const wanted = [...new Set(dexes)].slice(0, MAX_DEXES);
    const known = this.users.get(id);
    if (known) {
      if (known.dexes.length === wanted.length && known.dexes.every((d, i) => d === wanted[i])) return true;
      // Other dexs: their order lists change, the fills (and what was seen of them) stay.
      const open = this.ws?.readyState === WebSocket.OPEN;
      for (const dex of known.dexes.filter((d) => !wanted.includes(d))) {
        for (const type of PER_DEX) {
          if (open) this.send({ method: 'unsubscribe', subscription: { type, user: id, dex } });
          known.unacked.delete(keyOf({ type, user: id, dex }));
        }
      }
      const added = wanted.filter((d) => !known.dexes.includes(d));
      known.dexes = wanted;
      if (open) {
        for (const dex of added) {
          for (const type of PER_DEX) {
            const s = { type, user: id, dex };
            known.unacked.add(keyOf(s));
            this.send({ method: 'subscribe', subscription: s });
          }
        }
        this.syncMids();
        if (added.length && !this.ackTimer) this.ackTimer = setTimeout(() => this.ackTimedOut(), this.o.ackTimeoutMs);
        this.checkAcks();
      }
      return true;
    } else if (this.users.size >= this.o.maxUsers) {
      return false;
    }
    const state: UserState = { dexes: wanted, unacked: new Set(), hadSnapshot: false, seen: new Map(), forgottenUpTo: -1, liquidations: new Set() };
    this.users.set(id, state);
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.subscribe(id, state);
      this.syncMids();
    } else this.ensureConnection();
    return true;
  }

  unwatch(user: string): void {
    const id = user.toLowerCase();
    const state = this.users.get(id);
    if (!state) return;
    this.users.delete(id);
    if (this.ws?.readyState === WebSocket.OPEN) {
      for (const s of this.subscriptionsOf(id, state)) this.send({ method: 'unsubscribe', subscription: s });
    }
    if (this.users.size === 0) this.stop('idle');
    else {
      this.syncMids();
      this.checkAcks();
    }
  }

  /** The users watched (live or trying to be). */
  watched(): string[] {
    return [...this.users.keys()];
  }

  /** Whether `user`'s subscriptions are all acknowledged on an open connection. */
  isLive(user: string): boolean {
    const state = this.users.get(user.toLowerCase());
    return state !== undefined && this.ws?.readyState === WebSocket.OPEN && state.unacked.size === 0;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.users.clear();
    this.stop('closed');
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = undefined;
    this.updates.dispose();
    this.midsChanged.dispose();
    this.problems.dispose();
    this.states.dispose();
  }

  // ---- the connection ----

  private setState(state: SocketState): void {
    if (this.current === state) return;
    this.current = state;
    this.states.fire(state);
  }

  private ensureConnection(): void {
    if (this.closed || this.users.size === 0 || this.ws || this.retryTimer) return;
    this.open();
  }

  private open(): void {
    this.setState(this.everLive ? 'reconnecting' : 'connecting');
    const wait = this.pacing.take();
    if (wait > 0) {
      this.retryTimer = setTimeout(() => this.retry(), wait);
      return;
    }
    const ws = openSocket(this.o.url, { maxFrameBytes: this.o.maxFrameBytes, handshakeTimeoutMs: this.o.ackTimeoutMs });
    this.ws = ws;
    ws.on('open', () => this.opened(ws));
    ws.on('message', (data, isBinary) => this.received(ws, data, isBinary));
    ws.on('close', () => this.dropped(ws));
    ws.on('error', (e: Error & { code?: string }) => {
      if (this.ws === ws && e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.problem({ kind: 'frame', message: 'a frame over the cap' });
      this.dropped(ws);
    });
  }

  private retry(): void {
    this.retryTimer = undefined;
    this.ensureConnection();
  }

  private opened(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.lastMessageAt = this.o.now();
    for (const [id, state] of this.users) this.subscribe(id, state);
    this.syncMids();
    this.pingTimer = setInterval(() => this.ping(), this.o.pingMs);
    this.armSilence(this.o.silenceMs);
    this.checkAcks();
  }

  private ping(): void {
    this.send({ method: 'ping' });
    if (!this.pongTimer) this.pongTimer = setTimeout(() => this.drop(), this.o.pongTimeoutMs);
  }

  private armSilence(ms: number): void {
    this.silenceTimer = setTimeout(() => {
      const quiet = this.o.now() - this.lastMessageAt;
      if (quiet >= this.o.silenceMs) this.drop();
      else this.armSilence(this.o.silenceMs - quiet);
    }, ms);
  }

  /** Ends the current connection now; a reconnect follows while users are watched. */
  private drop(): void {
    const ws = this.ws;
    if (ws) this.dropped(ws);
  }

  private clearConnectionTimers(): void {
    for (const t of [this.pongTimer, this.silenceTimer, this.ackTimer]) if (t) clearTimeout(t);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = this.pongTimer = this.silenceTimer = this.ackTimer = undefined;
  }

  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = undefined;
    this.clearConnectionTimers();
    ws.terminate();
    this.midDexes.clear();
    for (const state of this.users.values()) state.unacked.clear();
    if (this.closed || this.users.size === 0) return;
    const delay = this.pacing.backoff();
    this.setState('reconnecting');
    this.retryTimer = setTimeout(() => this.retry(), delay);
  }

  private stop(state: SocketState): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = this.ws;
    this.ws = undefined;
    this.clearConnectionTimers();
    ws?.terminate();
    this.midDexes.clear();
    this.pacing.reset();
    this.everLive = false;
    this.setState(state);
  }

  private send(message: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private subscriptionsOf(user: string, state: UserState): Subscription[] {
    return [
      ...state.dexes.flatMap((dex) => PER_DEX.map((type) => ({ type, user, dex }))),
      { type: 'spotState', user },
      { type: 'userFills', user },
      { type: 'userEvents', user },
    ];
  }

  /**
   * `allMids` of every dex a watched user follows, once per connection (the first dex's asked without
   * `dex`, as nktkas/hyperliquid asks it); a dex no user follows any more is left.
   */
  private syncMids(): void {
    if (!this.o.mids || this.ws?.readyState !== WebSocket.OPEN) return;
    const wanted = new Set([...this.users.values()].flatMap((s) => s.dexes));
    for (const dex of [...this.midDexes]) {
      if (wanted.has(dex)) continue;
      this.midDexes.delete(dex);
      this.send({ method: 'unsubscribe', subscription: midsSubscription(dex) });
    }
    for (const dex of wanted) {
      if (this.midDexes.has(dex)) continue;
      this.midDexes.add(dex);
      this.send({ method: 'subscribe', subscription: midsSubscription(dex) });
    }
  }

  private subscribe(user: string, state: UserState): void {
    for (const s of this.subscriptionsOf(user, state)) {
      state.unacked.add(keyOf(s));
      this.send({ method: 'subscribe', subscription: s });
    }
    if (!this.ackTimer) this.ackTimer = setTimeout(() => this.ackTimedOut(), this.o.ackTimeoutMs);
  }

  private ackTimedOut(): void {
    this.ackTimer = undefined;
    if ([...this.users.values()].some((s) => s.unacked.size > 0)) this.drop();
  }

  private checkAcks(): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    if ([...this.users.values()].some((s) => s.unacked.size > 0)) return;
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    this.pacing.reset();
    this.everLive = true;
    if (this.current === 'live') this.states.fire('live');
    else this.setState('live');
  }

  // ---- messages ----

  private problem(p: SocketProblem): void {
    this.problems.fire(p);
  }

  private received(ws: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    if (this.ws !== ws) return;
    this.lastMessageAt = this.o.now();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) return this.problem({ kind: 'frame', message: 'a binary frame' });
    this.receive(bytes);
  }

  /**
   * One text message, handled as if the connection brought it (size cap, pre-parse scan, schema, merge):
   * what the connection calls, and what a bench feeds to measure the work per message without a network.
   */
  receive(bytes: Buffer): void {
    if (bytes.length > this.o.maxFrameBytes) return this.problem({ kind: 'frame', message: 'a frame over the cap' });
    const scan = jsonProblem(bytes, { maxValues: 500_000, maxKeys: 16_384 });
    if (scan) return this.problem({ kind: 'json', message: `a message past the ${scan} limit` });
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.problem({ kind: 'json', message: 'a message that is not JSON' });
    }
    const envelope = v.safeParse(socketEnvelope, parsed);
    if (!envelope.success) return this.problem({ kind: 'shape', message: 'a message without channel' });
    const { channel, data: body } = envelope.output;
    switch (channel) {
      case 'pong':
        if (this.pongTimer) clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        return;
      case 'subscriptionResponse':
        return this.acknowledged(body);
      case 'userFills':
        return this.fills(body);
      case 'openOrders':
        return this.openOrders(body);
      case 'clearinghouseState':
        return this.account(body);
      case 'spotState':
        return this.spot(body);
      case 'allMids':
        return this.mids(body);
      case 'user':
        return this.userEvent(body);
      case 'error':
        return this.problem({ kind: 'server', channel, message: typeof body === 'string' ? body.slice(0, 200) : 'error' });
      default:
        return;
    }
  }

  private checked<S extends v.GenericSchema>(schema: S, body: unknown, channel: string): v.InferOutput<S> | undefined {
    const result = v.safeParse(schema, body, { abortEarly: true });
    if (result.success) return result.output;
    const path = v.getDotPath(result.issues[0]) ?? '';
    this.problem({ kind: 'shape', channel, message: `${channel}${path ? `: ${path}` : ''}: unexpected shape` });
    return undefined;
  }

  private acknowledged(body: unknown): void {
    const ack = this.checked(subscriptionResponseData, body, 'subscriptionResponse');
    if (!ack || ack.method !== 'subscribe') return;
    const state = ack.subscription.user === undefined ? undefined : this.users.get(ack.subscription.user);
    if (!state) return;
    state.unacked.delete(keyOf(ack.subscription));
    if (state.unacked.size === 0) this.checkAcks();
  }

  private pendingOf(state: UserState): Pending {
    return (state.pending ??= { orders: new Map(), accounts: new Map(), fills: [], liquidations: [], caughtUp: false, overflow: false });
  }

  private fills(body: unknown): void {
    const data = this.checked(userFillsData, body, 'userFills');
    if (!data) return;
    const state = this.users.get(data.user);
    if (!state) return;
    const snapshot = data.isSnapshot === true;
    const fills = [...data.fills].sort((a, b) => a.time - b.time || a.tid - b.tid);
    if (snapshot && !state.hadSnapshot) {
      // The first snapshot is the history before we watched: remembered, not news.
      for (const f of fills) this.remember(state, f);
    } else {
      const pending = this.pendingOf(state);
      for (const f of fills) {
        if (state.seen.has(f.tid) || (snapshot && f.time <= state.forgottenUpTo)) continue;
        this.remember(state, f);
        pending.fills.push(toLiveFill(f, data.user));
        if (pending.fills.length > MAX_PENDING_FILLS) {
          pending.fills.shift();
          pending.overflow = true;
        }
      }
    }
    if (snapshot) {
      state.hadSnapshot = true;
      this.pendingOf(state).caughtUp = true;
    }
    this.scheduleDraw();
  }

  private remember(state: UserState, f: SocketFill): void {
    state.seen.set(f.tid, f.time);
    if (state.seen.size > MAX_SEEN_FILLS) {
      const [tid, time] = state.seen.entries().next().value as [number, number];
      state.seen.delete(tid);
      state.forgottenUpTo = Math.max(state.forgottenUpTo, time);
    }
  }

  private openOrders(body: unknown): void {
    const data = this.checked(openOrdersData, body, 'openOrders');
    if (!data) return;
    const state = this.users.get(data.user);
    if (!state || !state.dexes.includes(data.dex)) return;
    this.pendingOf(state).orders.set(data.dex, toOpenOrders(data.orders, (body as { orders: unknown[] }).orders));
    this.scheduleDraw();
  }

  private account(body: unknown): void {
    const data = this.checked(clearinghouseStateData, body, 'clearinghouseState');
    if (!data) return;
    const state = this.users.get(data.user);
    if (!state || !state.dexes.includes(data.dex)) return;
    this.pendingOf(state).accounts.set(data.dex, toPerpAccount(data.clearinghouseState, (body as { clearinghouseState: unknown }).clearinghouseState));
    this.scheduleDraw();
  }

  private spot(body: unknown): void {
    const data = this.checked(spotStateData, body, 'spotState');
    if (!data) return;
    const state = this.users.get(data.user);
    if (!state) return;
    this.pendingOf(state).spot = toSpotState(data.spotState);
    this.scheduleDraw();
  }

  private mids(body: unknown): void {
    const data = this.checked(allMidsData, body, 'allMids');
    if (!data) return;
    const dex = data.dex ?? '';
    if (!this.midDexes.has(dex)) return;
    (this.pendingMids ??= new Map()).set(dex, new Map(Object.entries(data.mids)));
    this.scheduleDraw();
  }

  private userEvent(body: unknown): void {
    const data = this.checked(userEventData, body, 'user');
    const l = data?.liquidation;
    if (!l) return;
    const state = this.users.get(l.liquidated_user);
    if (!state || state.liquidations.has(l.lid)) return;
    state.liquidations.add(l.lid);
    if (state.liquidations.size > MAX_PENDING_LIQUIDATIONS) state.liquidations.delete(state.liquidations.values().next().value as number);
    const pending = this.pendingOf(state);
    pending.liquidations.push({ lid: l.lid, notional: l.liquidated_ntl_pos, accountValue: l.liquidated_account_value });
    if (pending.liquidations.length > MAX_PENDING_LIQUIDATIONS) pending.liquidations.shift();
    this.scheduleDraw();
  }

  /** Hands out what is merged now, without waiting for the next draw. */
  flush(): void {
    if (this.closed) return;
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.draw();
  }

  /**
   * The first message after a quiet spell is handed out at once (after the frames of the same read), the
   * rest at most every `drawMs` after the last hand-out: an event is drawn within milliseconds, a flood
   * still at most `1000 / drawMs` times a second.
   */
  private scheduleDraw(): void {
    if (this.drawTimer || this.closed) return;
    const wait = Math.max(0, this.lastDrawAt + this.o.drawMs - this.o.now());
    this.drawTimer = setTimeout(() => this.draw(), wait);
  }

  private draw(): void {
    this.drawTimer = undefined;
    this.lastDrawAt = this.o.now();
    const mids = this.pendingMids;
    this.pendingMids = undefined;
    if (mids) this.midsChanged.fire(mids);
    const out: LiveUserUpdate[] = [];
    for (const [user, state] of this.users) {
      const p = state.pending;
      if (!p) continue;
      state.pending = undefined;
      out.push({ user, ...p });
    }
    if (out.length) this.updates.fire(out);
  }
}

function toLiveFill(f: SocketFill, user: string): LiveFill {
  return {
    coin: f.coin,
    px: f.px,
    sz: f.sz,
    side: f.side,
    time: f.time,
    oid: f.oid,
    tid: f.tid,
    dir: f.dir,
    closedPnl: f.closedPnl,
    fee: f.fee,
    feeToken: f.feeToken,
    liquidated: f.liquidation?.liquidatedUser === user,
  };
}
