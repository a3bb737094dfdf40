/**
 * The one forwarding HTTP proxy of the tests and benchmarks: a real HTTP server on 127.0.0.1 in front of an
 * upstream (the demo node, anvil). It reads each request's body once, describes it (endpoint, JSON-RPC
 * methods of a call or a batch, the info request's `type`, `user` and `dex`), and forwards it. What the
 * proxies built on it do differently is configuration:
 * - `holdRequest` / `holdAnswer`: delay each way (the latency proxy, test/support/latencyProxy.ts);
 * - `onRequest` / `onDone` / `onConnection`, `inFlight`, `lastActivity`: counting and recording at the wire
 *   (the latency proxy's waves, the soak's counting proxy, test/soak/countingProxy.ts);
 * - `answer`: rules that rewrite or replace answers (the hostile proxy, test/hostile/support/hostileProxy.ts);
 * - `route`: which paths go where, and a 404 for the others (the conformance gateway, test/conformance/anvil.ts).
 *
 * Two ways to pass an answer on: `buffer` (the default) reads the whole answer, lets `answer` change it,
 * and sends it with its length; `stream` passes each chunk as it comes, so a body the upstream cuts in the
 * middle is cut for the client too (its socket destroyed).
 */
import * as http from 'node:http';
import type { Duplex } from 'node:stream';
import * as net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export type Endpoint = 'evm' | 'info' | 'other';

/** One request as the proxy read it. */
export interface ForwardedRequest {
  /** HTTP method. */
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** The path without the query (it holds the key: tests only compare it). */
  path: string;
  /** `evm` or `info` by the path's end. */
  endpoint: Endpoint;
  body: Buffer;
  /** The body as UTF-8 text. */
  text: string;
  /** The body parsed, or undefined when it is not JSON. */
  json: unknown;
  /** The JSON-RPC methods (`/evm`) or info `type`s asked for, those that are strings. */
  methods: string[];
  /** One name a call (`method`, else `type`; `?` for none), or `['?']` for a body that is not JSON. */
  calls: string[];
  /** For `/info`: the `type` (`(none)`, or `(not JSON)`), and the `user` (lower case) and `dex` asked about. */
  info?: InfoDescription;
  /** The client connection it came on (1, 2, … since the proxy started), and whether it was its first request. */
  connection: number;
  newConnection: boolean;
}

export interface InfoDescription {
  type: string;
  user?: string;
  dex?: string;
}

/** The upstream's answer, read whole. */
export interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An answer to send (its length is set from the body). */
export interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer | string;
}

/** How a request ended, at the wire. */
export type Done =
  /** The whole answer went to the client `ms` after the request was read (`answeredAt`: `performance.now()`). */
  | { kind: 'answered'; status: number; body: Buffer; ms: number; answeredAt: number }
  /** `reset`: no answer (the upstream reset or refused, or a rule failed); `cut`: an answer cut short; `client gave up`: the client closed first. */
  | { kind: 'reset' | 'cut' | 'client gave up' };

export interface ForwardingProxyOptions {
  /** A WebSocket upgrade (none by default: refused by closing the socket). */
  upgrade?(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** `http://127.0.0.1:PORT` of the server behind the proxy. */
  target: string;
  /** `buffer` (default) or `stream` (see above). */
  mode?: 'buffer' | 'stream';
  /** How long an idle client connection stays open, in ms (default 5 s, Node's). */
  keepAliveTimeoutMs?: number;
  /**
   * Whether connections to the upstream are kept and reused (default true). Off, each request has its own
   * connection, so an upstream fault that resets one cannot reach the next request.
   */
  upstreamKeepAlive?: boolean;
  /** What the client gets when there is no answer at all: its connection closed (default), reset, or an HTTP 502. */
  failure?: 'close' | 'reset' | 'badGateway';
  /** The upstream path for a request; undefined answers 404 here and forwards nothing (a gateway). Default: the same path. */
  route?(req: ForwardedRequest): string | undefined;
  /** A new client connection (its number). */
  onConnection?(connection: number): void;
  /** A request to forward, read and described (before any delay). */
  onRequest?(req: ForwardedRequest): void;
  /** Ms to hold the request before it goes upstream. */
  holdRequest?(req: ForwardedRequest): number;
  /** Ms to hold the answer (or the failure) before it goes to the client (`buffer` mode). */
  holdAnswer?(req: ForwardedRequest): number;
  /**
   * `buffer` mode: an answer of its own (which may use the upstream's: `upstream()` asks it once, on first
   * call), or undefined to pass the upstream's on. A throw is a failure.
   */
  answer?(req: ForwardedRequest, upstream: () => Promise<UpstreamAnswer>): Promise<Answer | undefined> | Answer | undefined;
  /** How the request ended (once a request). */
  onDone?(req: ForwardedRequest, done: Done): void;
}

/** Hop-by-hop headers: each side keeps its own connection. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

function endToEnd(headers: http.IncomingHttpHeaders, keep: readonly string[] = []): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep.includes(name) || !HOP_HEADERS.has(name)));
}

export class ForwardingProxy {
  private readonly server: http.Server;
  private readonly agent: http.Agent | false;
  private readonly target: URL;
  private readonly sockets = new Map<Socket, { id: number; used: boolean }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private connections = 0;
  private pending = 0;
  private activity = Date.now();
  private address = '';

  constructor(private readonly options: ForwardingProxyOptions) {
    this.target = new URL(options.target);
    this.agent = options.upstreamKeepAlive === false ? false : new http.Agent({ keepAlive: true });
    this.server = http.createServer({ keepAlive: true }, (req, res) => this.handle(req, res));
    if (options.keepAliveTimeoutMs !== undefined) this.server.keepAliveTimeout = options.keepAliveTimeoutMs;
    if (options.upgrade) this.server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => options.upgrade?.(req, socket, head));
    this.server.on('connection', (socket: Socket) => {
      this.connections += 1;
      this.sockets.set(socket, { id: this.connections, used: false });
      socket.on('close', () => this.sockets.delete(socket));
      options.onConnection?.(this.connections);
    });
  }

  /** Listens on a free loopback port; returns the base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.address = `http://127.0.0.1:${this.port}`;
    return this.address;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** `http://127.0.0.1:PORT` (after `start`). */
  get baseUrl(): string {
    return this.address;
  }

  /** Requests read and not ended yet. */
  get inFlight(): number {
    return this.pending;
  }

  /** `Date.now()` of the last request read or ended. */
  get lastActivity(): number {
    return this.activity;
  }

  /**
   * Closes every client connection (the client's pool is cold after this; its free sockets see the close).
   * `settleMs`: how long to wait for a client to see the close. A client in this process sees it in the
   * event loop's next poll for I/O (the socket is closed at once on loopback) and drops the socket in the
   * close callbacks after it: the wait ends with two more turns (each immediate runs after a poll), so that
   * a few ms are enough there even when the timer fires before the loop has polled.
   */
  async dropConnections(settleMs = 20): Promise<void> {
    for (const s of this.sockets.keys()) s.destroy();
    await new Promise((r) => setTimeout(r, settleMs));
    for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets.keys()) s.destroy();
    if (this.agent) this.agent.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const connection = this.sockets.get(req.socket) ?? { id: 0, used: true };
    const newConnection = !connection.used;
    connection.used = true;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const described = describe(req, Buffer.concat(chunks), connection.id, newConnection);
      const path = this.options.route ? this.options.route(described) : described.url;
      if (path === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      this.options.onRequest?.(described);
      void this.forward(described, path, req, res);
    });
  }

  private async forward(described: ForwardedRequest, path: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    this.pending += 1;
    this.activity = started;
    let out: http.ClientRequest | undefined;
    let ended = false;
    const done = (how: Done) => {
      if (ended) return;
      ended = true;
      this.pending -= 1;
      this.activity = Date.now();
      this.options.onDone?.(described, how);
    };
    res.on('close', () => {
      // The client gave up (cancelled, timed out): so does the request upstream.
      if (!ended) out?.destroy();
      done({ kind: 'client gave up' });
    });
    const fail = () => {
      const sent = res.headersSent;
      done({ kind: sent ? 'cut' : 'reset' });
      if (sent || this.options.failure === undefined || this.options.failure === 'close') res.destroy();
      else if (this.options.failure === 'reset') req.socket.resetAndDestroy();
      else res.writeHead(502).end();
    };
    const headers = { ...endToEnd(req.headers), host: this.target.host, 'content-length': String(described.body.length) };
    const request = (onAnswer: (up: http.IncomingMessage) => void) => {
      out = http.request({ host: this.target.hostname, port: this.target.port, method: described.method, path, headers, agent: this.agent }, onAnswer);
      out.end(described.body);
      return out;
    };

    await this.sleep(this.options.holdRequest?.(described) ?? 0);
    if (ended) return;

    if (this.options.mode === 'stream') {
      request((up) => {
        const status = up.statusCode ?? 502;
        // Passed on as the upstream sent it: its transfer encoding too (the body goes chunk by chunk).
        res.writeHead(status, endToEnd(up.headers, ['transfer-encoding', 'content-length']));
        const copy: Buffer[] = [];
        up.on('data', (c: Buffer) => {
          copy.push(c);
          res.write(c);
        });
        up.on('end', () => {
          res.end();
          done({ kind: 'answered', status, body: Buffer.concat(copy), ms: Date.now() - started, answeredAt: performance.now() });
        });
        // Cut in the middle upstream: cut here too.
        const cut = () => {
          done({ kind: 'cut' });
          res.destroy();
        };
        up.on('aborted', cut);
        up.on('error', cut);
      }).on('error', () => !ended && fail());
      return;
    }

    let asked: Promise<UpstreamAnswer> | undefined;
    const upstream = () =>
      (asked ??= new Promise<UpstreamAnswer>((resolve, reject) => {
        request((up) => {
          const body: Buffer[] = [];
          up.on('data', (c: Buffer) => body.push(c));
          up.on('end', () => resolve({ status: up.statusCode ?? 502, headers: up.headers, body: Buffer.concat(body) }));
          up.on('error', reject);
          up.on('aborted', () => reject(new Error('upstream answer cut short')));
        }).on('error', reject);
      }));
    let answer: Answer | undefined;
    try {
      answer = (await this.options.answer?.(described, upstream)) ?? passOn(await upstream());
    } catch {
      answer = undefined;
    }
    await this.sleep(this.options.holdAnswer?.(described) ?? 0);
    if (ended || res.destroyed) return;
    if (!answer) {
      fail();
      return;
    }
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
    const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())));
    res.writeHead(answer.status, { ...answerHeaders, 'content-length': body.length });
    res.end(body, () => done({ kind: 'answered', status: answer.status, body, ms: Date.now() - started, answeredAt: performance.now() }));
  }
}

/** The upstream's answer as it came (its end-to-end headers). */
function passOn(up: UpstreamAnswer): Answer {
  return { status: up.status, headers: endToEnd(up.headers), body: up.body };
}

function describe(req: http.IncomingMessage, body: Buffer, connection: number, newConnection: boolean): ForwardedRequest {
  const url = req.url ?? '/';
  const path = url.split('?')[0]!;
  const endpoint: Endpoint = path.endsWith('/evm') ? 'evm' : path.endsWith('/info') ? 'info' : 'other';
  const text = body.toString('utf8');
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
  }
  const entries = (Array.isArray(json) ? json : [json]).map((e) => (typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {}));
  const methods = entries.map((e) => e[endpoint === 'evm' ? 'method' : 'type']).filter((m): m is string => typeof m === 'string');
  const calls = isJson ? entries.map((e) => (typeof (e.method ?? e.type) === 'string' ? String(e.method ?? e.type) : '?')) : ['?'];
  const described: ForwardedRequest = { method: req.method ?? 'GET', url, path, endpoint, body, text, json, methods, calls, connection, newConnection };
  if (endpoint === 'info') described.info = describeInfo(isJson, json);
  return described;
}

function describeInfo(isJson: boolean, json: unknown): InfoDescription {
  if (!isJson) return { type: '(not JSON)' };
  const o = (typeof json === 'object' && json !== null ? json : {}) as { type?: unknown; user?: unknown; dex?: unknown };
  return {
    type: typeof o.type === 'string' ? o.type : '(none)',
    ...(typeof o.user === 'string' ? { user: o.user.toLowerCase() } : {}),
    ...(typeof o.dex === 'string' ? { dex: o.dex } : {}),
  };
}

/**
 * Tunnels a WebSocket upgrade the proxy received to `port` on loopback, asked as `path`: the request's head
 * sent on, then bytes both ways as they come. `track` holds both sockets while they are open (to cut them).
 */
export function tunnelUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, port: number, path: string, track?: Set<Socket>): void {
  const client = socket as Socket;
  const upstream = net.connect(port, '127.0.0.1', () => {
    const headers = Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : v === undefined ? [] : [`${k}: ${v}`]));
    upstream.write(`GET ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  track?.add(upstream).add(client);
  const end = () => {
    upstream.destroy();
    client.destroy();
    track?.delete(upstream);
    track?.delete(client);
  };
  upstream.on('error', end).on('close', end);
  client.on('error', end).on('close', end);
}
