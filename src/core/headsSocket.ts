/**
 * A provider's new blocks over WebSocket: `eth_subscribe` `newHeads` on the WebSocket form of its `/evm`
 * address (Chainstack's `/evm` over WSS, anvil; docs/FACTS.md#websocket). One connection; a ping frame
 * every 30 s, and a missing pong or an unanswered request means reconnect, with capped exponential backoff
 * and jitter, at most 30 new connections a minute; after a reconnect it asks `eth_blockNumber` and fetches
 * the heads it missed (`eth_getBlockByNumber`, at most `maxGap`), so heads are handed out in order, none
 * twice, none missed.
 *
 * Where the provider does not serve it (the connection refused, an HTTP answer instead of a WebSocket, the
 * method refused) before it was ever live, the state becomes `unsupported` with why, and it stops: the
 * caller works by request. Every message is size-capped (the frame, then the same pre-parse scan as every
 * answer) and validated; heads are merged and handed out at most every `drawMs`, from a bounded buffer.
 * The address carries the key: it is never put in a problem or a state. Plain Node (`ws`): no `vscode`.
 */
import WebSocket from 'ws';
import * as v from 'valibot';
import { Emitter, type Event } from './emitter';
import { HEX_SAFE_INTEGER } from './hex';
import { jsonProblem } from './jsonLimits';
import { newHead, rpcSocketAnswer, rpcSocketNotification } from './socketSchemas';
import { openSocket, SocketPacing } from './socketPacing';

/** The largest frame read: a head is ~1 KB; `eth_getBlockByNumber` lists a big block's transaction hashes. */
export const MAX_HEADS_FRAME_BYTES = 1024 * 1024;
/** Heads held between two hand-outs; past it the oldest go and the batch says so (`overflow`). */
export const MAX_PENDING_HEADS = 256;
/** The most missed heads fetched after a reconnect; older ones are skipped (and the batch says so). */
export const MAX_HEADS_GAP = 64;

export type HeadsState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'unsupported' | 'closed';

/** Why `eth_subscribe` is not there: the connection refused, an HTTP answer (no WebSocket), the method refused. */
export type UnsupportedWhy = 'refused' | 'noSocket' | 'method';

export interface Head {
  number: number;
  hash: string;
  parentHash: string;
}

/** Heads since the last hand-out, oldest first. */
export interface HeadsBatch {
  heads: Head[];
  /** Heads were skipped (too many missed, or one could not be fetched): the numbers are not contiguous. */
  overflow: boolean;
}

export interface HeadsProblem {
  kind: 'frame' | 'json' | 'shape' | 'server';
  message: string;
}

export interface HeadsSocketOptions {
  url: string;
  pingMs?: number;
  pongTimeoutMs?: number;
  /** How long the handshake and each request may go unanswered. */
  ackTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxConnectsPerMinute?: number;
  maxFrameBytes?: number;
  maxPending?: number;
  maxGap?: number;
  /** Heads are handed out at most this often. */
  drawMs?: number;
  random?: () => number;
  now?: () => number;
}

type Request = { kind: 'subscribe' } | { kind: 'blockNumber' } | { kind: 'block'; number: number };

const toHex = (n: number) => `0x${n.toString(16)}`;

export class HeadsSocket {
  private readonly o: Required<HeadsSocketOptions>;
  private ws: WebSocket | undefined;
  private current: HeadsState = 'idle';
  private unsupportedWhy: UnsupportedWhy | undefined;
  private readonly pacing: SocketPacing;
  private everLive = false;
  private started = false;
  private nextId = 1;
  private readonly requests = new Map<number, { request: Request; at: number }>();
  private subscription: string | undefined;
  /** The newest head handed out. */
  private delivered: number | undefined;
  /** The newest number known to exist (a head, or `eth_blockNumber`). */
  private highest: number | undefined;
  private readonly buffer = new Map<number, Head>();
  /** Numbers missed and to be fetched (again after a reconnect). */
  private readonly wanted = new Set<number>();
  private overflow = false;
  private pingTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;
  private requestTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private drawTimer: NodeJS.Timeout | undefined;
  private readonly heads = new Emitter<HeadsBatch>();
  private readonly states = new Emitter<HeadsState>();
  private readonly problems = new Emitter<HeadsProblem>();

  /** New heads, in order, merged: at most one call per `drawMs`. */
  readonly onHeads: Event<HeadsBatch> = this.heads.event;
  readonly onState: Event<HeadsState> = this.states.event;
  /** A message was refused (too large, not JSON, wrong shape) or the server answered an error. */
  readonly onProblem: Event<HeadsProblem> = this.problems.event;

  constructor(options: HeadsSocketOptions) {
    this.o = {
      pingMs: 30_000,
      pongTimeoutMs: 15_000,
      ackTimeoutMs: 15_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 30_000,
      maxConnectsPerMinute: 30,
      maxFrameBytes: MAX_HEADS_FRAME_BYTES,
      maxPending: MAX_PENDING_HEADS,
      maxGap: MAX_HEADS_GAP,
      drawMs: 250,
      random: Math.random,
      now: Date.now,
      ...options,
    };
    this.pacing = new SocketPacing(this.o);
  }

  get state(): HeadsState {
    return this.current;
  }

  /** Why the provider has no `eth_subscribe`, once the state is `unsupported`. */
  get why(): UnsupportedWhy | undefined {
    return this.unsupportedWhy;
  }

  /** New connections opened so far. */
  get connects(): number {
    return this.pacing.count;
  }

  start(): void {
    if (this.started || this.current === 'closed') return;
    this.started = true;
    this.open();
  }

  close(): void {
    if (this.current === 'closed') return;
    this.stopConnection();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.retryTimer = this.drawTimer = undefined;
    this.setState('closed');
    this.heads.dispose();
    this.states.dispose();
    this.problems.dispose();
  }

  // ---- the connection ----

  private setState(state: HeadsState): void {
    if (this.current === state) return;
    this.current = state;
    this.states.fire(state);
  }

  private open(): void {
    this.retryTimer = undefined;
    if (this.current === 'closed' || this.current === 'unsupported') return;
    this.setState(this.everLive ? 'reconnecting' : 'connecting');
    const wait = this.pacing.take();
    if (wait > 0) {
      this.retryTimer = setTimeout(() => this.open(), wait);
      return;
    }
    const ws = openSocket(this.o.url, { maxFrameBytes: this.o.maxFrameBytes, handshakeTimeoutMs: this.o.ackTimeoutMs });
    this.ws = ws;
    ws.on('open', () => this.opened(ws));
    ws.on('message', (data, isBinary) => this.received(ws, data, isBinary));
    ws.on('pong', () => {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
    });
    // An HTTP answer instead of the upgrade: this address serves no WebSocket.
    ws.on('unexpected-response', (req) => {
      req.destroy();
      this.failed(ws, 'noSocket');
    });
    ws.on('close', () => this.failed(ws));
    ws.on('error', (e: Error & { code?: string }) => {
      if (this.ws === ws && e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.problem({ kind: 'frame', message: 'a frame over the cap' });
      this.failed(ws, e.code === 'ECONNREFUSED' ? 'refused' : undefined);
    });
  }

  private opened(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.request({ kind: 'subscribe' }, 'eth_subscribe', ['newHeads']);
    this.pingTimer = setInterval(() => {
      ws.ping();
      this.pongTimer ??= setTimeout(() => this.failed(ws), this.o.pongTimeoutMs);
    }, this.o.pingMs);
  }

  /** The connection ended or failed: before it was ever live, a refusal means the provider serves none. */
  private failed(ws: WebSocket, why?: UnsupportedWhy): void {
    if (this.ws !== ws) return;
    this.stopConnection();
    if (this.current === 'closed') return;
    if (!this.everLive && why) return this.unsupported(why);
    const delay = this.pacing.backoff();
    this.setState(this.everLive ? 'reconnecting' : 'connecting');
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private unsupported(why: UnsupportedWhy): void {
    this.stopConnection();
    this.unsupportedWhy = why;
    this.setState('unsupported');
  }

  private stopConnection(): void {
    const ws = this.ws;
    this.ws = undefined;
    for (const t of [this.pongTimer, this.requestTimer]) if (t) clearTimeout(t);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = this.pongTimer = this.requestTimer = undefined;
    this.requests.clear();
    this.subscription = undefined;
    ws?.removeAllListeners('close');
    ws?.on('error', () => undefined);
    ws?.terminate();
  }

  private request(request: Request, method: string, params: unknown[]): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    const id = this.nextId++;
    this.requests.set(id, { request, at: this.o.now() });
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    this.requestTimer ??= setTimeout(() => this.checkRequests(), this.o.ackTimeoutMs);
  }

  /** A request left unanswered for `ackTimeoutMs` means the connection is dead: reconnect. */
  private checkRequests(): void {
    this.requestTimer = undefined;
    const oldest = Math.min(...[...this.requests.values()].map((r) => r.at));
    if (!Number.isFinite(oldest)) return;
    const waited = this.o.now() - oldest;
    if (waited >= this.o.ackTimeoutMs) {
      if (this.ws) this.failed(this.ws);
    } else {
      this.requestTimer = setTimeout(() => this.checkRequests(), this.o.ackTimeoutMs - waited);
    }
  }

  // ---- messages ----

  private problem(p: HeadsProblem): void {
    this.problems.fire(p);
  }

  private received(ws: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    if (this.ws !== ws) return;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary || bytes.length > this.o.maxFrameBytes) return this.problem({ kind: 'frame', message: isBinary ? 'a binary frame' : 'a frame over the cap' });
    const scan = jsonProblem(bytes, { maxValues: 100_000, maxKeys: 1_024 });
    if (scan) return this.problem({ kind: 'json', message: `a message past the ${scan} limit` });
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.problem({ kind: 'json', message: 'a message that is not JSON' });
    }
    const note = v.safeParse(rpcSocketNotification, parsed);
    if (note.success) {
      if (note.output.params.subscription === this.subscription) this.head(note.output.params.result);
      return;
    }
    const answer = v.safeParse(rpcSocketAnswer, parsed);
    if (!answer.success) return this.problem({ kind: 'shape', message: 'a message that is neither an answer nor a notification' });
    const m = answer.output;
    const asked = this.requests.get(m.id);
    if (!asked) return;
    this.requests.delete(m.id);
    this.answered(asked.request, m.result, m.error);
  }

  private answered(request: Request, result: unknown, error: { code: number; message: string } | undefined): void {
    switch (request.kind) {
      case 'subscribe':
        if (error || typeof result !== 'string' || result.length === 0 || result.length > 100) {
          if (error) this.problem({ kind: 'server', message: `eth_subscribe: ${error.message.slice(0, 200)}` });
          // Refused before it ever worked: this provider does not serve it (else: try again later).
          if (!this.everLive) return this.unsupported('method');
          if (this.ws) this.failed(this.ws);
          return;
        }
        this.subscription = result;
        this.everLive = true;
        this.pacing.reset();
        this.setState('live');
        // What was mined while away: asked now, fetched one by one (see `want`).
        if (this.delivered !== undefined || this.highest !== undefined) this.request({ kind: 'blockNumber' }, 'eth_blockNumber', []);
        for (const n of this.wanted) this.request({ kind: 'block', number: n }, 'eth_getBlockByNumber', [toHex(n), false]);
        return;
      case 'blockNumber': {
        const n = typeof result === 'string' && HEX_SAFE_INTEGER.test(result) ? Number.parseInt(result, 16) : undefined;
        if (n === undefined) return this.problem({ kind: 'shape', message: 'eth_blockNumber: unexpected shape' });
        this.reached(n + 1); // n itself is no head on its way: fetched too
        return this.scheduleDraw();
      }
      case 'block': {
        const head = v.safeParse(newHead, result);
        if (!head.success || head.output.number !== request.number) {
          // Not there (or not what was asked): it is skipped, and the batch says so.
          this.wanted.delete(request.number);
          if (result !== null) this.problem({ kind: 'shape', message: 'eth_getBlockByNumber: unexpected shape' });
          return this.scheduleDraw();
        }
        this.accept(head.output);
        return;
      }
    }
  }

  private head(result: unknown): void {
    const head = v.safeParse(newHead, result);
    if (!head.success) {
      const path = v.getDotPath(head.issues[0]) ?? '';
      return this.problem({ kind: 'shape', message: `newHeads${path ? `: ${path}` : ''}: unexpected shape` });
    }
    this.reached(head.output.number);
    this.accept(head.output);
  }

  /** A head `n` is here (or, for `eth_blockNumber`'s `n - 1`, known to exist): what lies between the last known head and it is wanted. */
  private reached(n: number): void {
    const known = Math.max(this.highest ?? -1, this.delivered ?? -1);
    if (known >= 0 && n > known + 1) {
      const from = Math.max(known + 1, n - this.o.maxGap);
      if (from > known + 1) this.overflow = true;
      for (let m = from; m < n; m++) this.want(m);
      // Anything older than the gap's window is given up on.
      if (this.delivered !== undefined && from - 1 > this.delivered) this.delivered = from - 1;
    }
    this.highest = Math.max(this.highest ?? -1, n);
  }

  private want(n: number): void {
    if (this.wanted.has(n) || this.buffer.has(n)) return;
    this.wanted.add(n);
    this.request({ kind: 'block', number: n }, 'eth_getBlockByNumber', [toHex(n), false]);
  }

  private accept(head: Head): void {
    this.wanted.delete(head.number);
    if (this.delivered !== undefined && head.number <= this.delivered) return;
    this.buffer.set(head.number, { number: head.number, hash: head.hash, parentHash: head.parentHash });
    while (this.buffer.size > this.o.maxPending) {
      const oldest = Math.min(...this.buffer.keys());
      this.buffer.delete(oldest);
      this.wanted.forEach((n) => n < oldest && this.wanted.delete(n));
      this.delivered = Math.max(this.delivered ?? -1, oldest);
      this.overflow = true;
    }
    this.scheduleDraw();
  }

  private scheduleDraw(): void {
    if (this.drawTimer || this.current === 'closed') return;
    this.drawTimer = setTimeout(() => this.draw(), this.o.drawMs);
  }

  /** Hands out the heads that follow the last one without a gap; a gap still being fetched waits. */
  private draw(): void {
    this.drawTimer = undefined;
    const out: Head[] = [];
    for (;;) {
      if (this.buffer.size === 0) break;
      const next = this.delivered === undefined ? Math.min(...this.buffer.keys()) : this.delivered + 1;
      const head = this.buffer.get(next);
      if (head) {
        out.push(head);
        this.buffer.delete(next);
        this.delivered = next;
      } else if (this.wanted.has(next)) {
        break;
      } else {
        // Missed and not to be had: skip to the next head held.
        this.delivered = Math.min(...this.buffer.keys()) - 1;
        this.overflow = true;
      }
    }
    if (out.length === 0) return;
    const overflow = this.overflow;
    this.overflow = false;
    this.heads.fire({ heads: out, overflow });
  }
}
