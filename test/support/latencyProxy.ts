/**
 * A latency proxy on loopback: it stands between a client and a server (the demo node) and makes the
 * link look `oneWayMs` long, so that what a user 50–250 ms from the provider waits for can be measured
 * here. Each request is held `oneWayMs` on its way in and its answer `oneWayMs` on its way out; the first
 * request of a new connection is held `setupRoundTrips` round trips more (the TCP handshake, and TLS 1.3's
 * on an https provider: 2 by default).
 *
 * It counts what sets the wait: requests, new connections, and **waves**. A request's wave is one more
 * than the latest wave among the answers the client already had when the request arrived (1 when it had
 * none): a request the client could only send after an answer came is in a later wave than that answer.
 * With the delay on, requests sent at once arrive within a millisecond and answers come a whole round
 * trip later, so the count is exact; at 0 ms it is an upper bound (an unrelated answer that happens to
 * come first counts too).
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LatencyProxyOptions {
  /** `http://127.0.0.1:PORT` of the server behind the proxy. */
  target: string;
  /** Added delay each way, in ms (a round trip is twice this). */
  oneWayMs: number;
  /** Round trips a new connection costs before its first request goes (default 2: TCP + TLS 1.3). */
  setupRoundTrips?: number;
}

/** One request as the proxy saw it. */
export interface ProxiedRequest {
  /** The endpoint path's last segment (`evm`, `info`). */
  endpoint: string;
  /** JSON-RPC methods (several for a batch) or the info request's `type`. */
  calls: string[];
  /** The connection it came on (1, 2, …, counted since the proxy started). */
  connection: number;
  /** Whether it was the first request of its connection (it paid the set-up). */
  newConnection: boolean;
  wave: number;
  /** `performance.now()` when it arrived, and when its answer was handed to the client. */
  arrivedAt: number;
  answeredAt?: number;
}

/** What one action cost, as the proxy counted it. */
export interface ProxyTally {
  requests: number;
  /** JSON-RPC calls and info requests (a batch of three is one request and three calls). */
  calls: number;
  connections: number;
  /** Waves of the requests answered by `until` (all when not given). */
  waves: number;
  /** The calls of each wave, in order (`eth_getCode+eth_getBalance` for a batch). */
  perWave: string[][];
}

export class LatencyProxy {
  private readonly server: http.Server;
  private readonly upstream = new http.Agent({ keepAlive: true });
  private readonly sockets = new Set<Socket>();
  private connectionCount = 0;
  private connectionsSinceReset = 0;
  private log: ProxiedRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private oneWay: number;

  constructor(private readonly options: LatencyProxyOptions) {
    this.oneWay = options.oneWayMs;
    this.server = http.createServer({ keepAlive: true }, (req, res) => void this.forward(req, res));
    this.server.keepAliveTimeout = 60_000;
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      this.connectionCount += 1;
      this.connectionsSinceReset += 1;
      (socket as Socket & { hlxId?: number; hlxUsed?: boolean }).hlxId = this.connectionCount;
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The added delay each way, in ms. */
  set oneWayMs(ms: number) {
    this.oneWay = ms;
  }

  get oneWayMs(): number {
    return this.oneWay;
  }

  /** A new action starts: nothing counted so far counts for it (connections already open stay open). */
  reset(): void {
    this.log = [];
    this.connectionsSinceReset = 0;
  }

  /** Closes every client connection (the client's pool is cold after this; its free sockets see the close). */
  async dropConnections(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 20));
  }

  get requests(): readonly ProxiedRequest[] {
    return this.log;
  }

  /** What was counted since `reset`; `until` (a `performance.now()` time) counts only the answers the client had by then. */
  tally(until?: number): ProxyTally {
    const answered = this.log.filter((r) => r.answeredAt !== undefined && (until === undefined || r.answeredAt <= until));
    const waves = answered.reduce((m, r) => Math.max(m, r.wave), 0);
    const perWave = Array.from({ length: waves }, (_, i) => answered.filter((r) => r.wave === i + 1).map((r) => r.calls.join('+')));
    return {
      requests: this.log.length,
      calls: this.log.reduce((n, r) => n + r.calls.length, 0),
      connections: this.connectionsSinceReset,
      waves,
      perWave,
    };
  }

  /**
   * What came between `from` and `to` (`performance.now()` times of this process), without a `reset`: for
   * a client in another process that says when its action ran (epoch times: `performance.timeOrigin + t`).
   * Waves are counted among these requests only.
   */
  tallyWithin(from: number, to: number): ProxyTally {
    const inside = this.log.filter((r) => r.arrivedAt >= from && r.arrivedAt <= to);
    const waves = new Map<ProxiedRequest, number>();
    for (const r of inside) {
      const before = inside.filter((o) => o.answeredAt !== undefined && o.answeredAt <= r.arrivedAt).reduce((m, o) => Math.max(m, waves.get(o) ?? 0), 0);
      waves.set(r, before + 1);
    }
    const most = Math.max(0, ...waves.values());
    return {
      requests: inside.length,
      calls: inside.reduce((n, r) => n + r.calls.length, 0),
      connections: new Set(inside.filter((r) => r.newConnection).map((r) => r.connection)).size,
      waves: most,
      perWave: Array.from({ length: most }, (_, i) => inside.filter((r) => waves.get(r) === i + 1).map((r) => r.calls.join('+'))),
    };
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    this.upstream.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
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

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const socket = req.socket as Socket & { hlxId?: number; hlxUsed?: boolean };
    const newConnection = !socket.hlxUsed;
    socket.hlxUsed = true;
    const body = await readAll(req);
    const arrivedAt = performance.now();
    // Answers the client already had when this request arrived: it is in the wave after the latest of them.
    const before = this.log.filter((r) => r.answeredAt !== undefined && r.answeredAt <= arrivedAt).reduce((m, r) => Math.max(m, r.wave), 0);
    const record: ProxiedRequest = {
      endpoint: (req.url ?? '').split('/').pop() ?? '',
      calls: callsOf(body),
      connection: socket.hlxId ?? 0,
      newConnection,
      wave: before + 1,
      arrivedAt,
    };
    this.log.push(record);
    const log = this.log;
    const setup = newConnection ? (this.options.setupRoundTrips ?? 2) * 2 * this.oneWay : 0;
    await this.sleep(this.oneWay + setup);
    const upstream = await this.ask(req, body).catch(() => undefined);
    await this.sleep(this.oneWay);
    if (!upstream) {
      res.destroy();
      return;
    }
    res.writeHead(upstream.status, upstream.headers);
    res.end(upstream.body, () => {
      // A reset in between started another action: this answer belongs to none of its waves.
      if (this.log === log) record.answeredAt = performance.now();
    });
  }

  private ask(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }> {
    const target = new URL(this.options.target);
    return new Promise((resolve, reject) => {
      const out = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          agent: this.upstream,
          headers: { ...req.headers, host: target.host, connection: 'keep-alive' },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const headers = { ...answer.headers };
            delete headers.connection;
            delete headers['keep-alive'];
            delete headers['transfer-encoding'];
            const text = Buffer.concat(chunks);
            resolve({ status: answer.statusCode ?? 502, headers: { ...headers, 'content-length': text.length }, body: text });
          });
          answer.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }
}

function readAll(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The JSON-RPC methods of a body (one, or each of a batch), or the info request's `type`. */
function callsOf(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    return entries.map((e) => {
      const o = (e ?? {}) as Record<string, unknown>;
      const name = o.method ?? o.type;
      return typeof name === 'string' ? name : '?';
    });
  } catch {
    return ['?'];
  }
}
