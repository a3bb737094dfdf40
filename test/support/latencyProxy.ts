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
 *
 * A configuration of the one forwarding proxy (forwardingProxy.ts): the delays are its holds, the counting
 * its request and connection hooks.
 */
import { ForwardingProxy, tunnelUpgrade } from './forwardingProxy';

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
  private readonly proxy: ForwardingProxy;
  private connectionsSinceReset = 0;
  private log: ProxiedRequest[] = [];
  private oneWay: number;

  constructor(options: LatencyProxyOptions) {
    this.oneWay = options.oneWayMs;
    /** Each request's record, and the log it went into (a `reset` starts another). */
    const records = new Map<object, { record: ProxiedRequest; log: ProxiedRequest[] }>();
    this.proxy = new ForwardingProxy({
      target: options.target,
      keepAliveTimeoutMs: 60_000,
      // WebSockets (the demo node's /ws, eth_subscribe) go through as they are, without added latency.
      upgrade: (req, socket, head) => tunnelUpgrade(req, socket, head, Number(new URL(options.target).port), req.url ?? '/'),
      onConnection: () => (this.connectionsSinceReset += 1),
      onRequest: (req) => {
        const arrivedAt = performance.now();
        // Answers the client already had when this request arrived: it is in the wave after the latest of them.
        const before = this.log.filter((r) => r.answeredAt !== undefined && r.answeredAt <= arrivedAt).reduce((m, r) => Math.max(m, r.wave), 0);
        const record: ProxiedRequest = {
          endpoint: req.path.split('/').pop() ?? '',
          calls: req.calls,
          connection: req.connection,
          newConnection: req.newConnection,
          wave: before + 1,
          arrivedAt,
        };
        this.log.push(record);
        records.set(req, { record, log: this.log });
      },
      holdRequest: (req) => this.oneWay + (req.newConnection ? (options.setupRoundTrips ?? 2) * 2 * this.oneWay : 0),
      holdAnswer: () => this.oneWay,
      onDone: (req, done) => {
        const seen = records.get(req);
        records.delete(req);
        // A reset in between started another action: this answer belongs to none of its waves.
        if (seen && done.kind === 'answered' && seen.log === this.log) seen.record.answeredAt = done.answeredAt;
      },
    });
  }

  start(): Promise<string> {
    return this.proxy.start();
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
  dropConnections(settleMs?: number): Promise<void> {
    return this.proxy.dropConnections(settleMs);
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

  stop(): Promise<void> {
    return this.proxy.close();
  }
}
