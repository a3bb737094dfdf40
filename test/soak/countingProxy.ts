/**
 * A transparent HTTP proxy in front of the demo node that writes down every info request (its `type`,
 * `user`, `dex`, and when), so the soak can weigh what the extension spent without asking the extension.
 * Whatever the node does passes through as it is: statuses and headers, slow and malformed bodies, a body
 * cut in the middle (the client's socket is destroyed too) and a reset (the client's socket is reset).
 * Idle client connections close after 2 s, so an idle extension host holds no socket to it.
 * A configuration of the one forwarding proxy (test/support/forwardingProxy.ts), in its `stream` mode.
 */
import { ForwardingProxy, type Done } from '../support/forwardingProxy';
import type { InfoRequest } from './checks';

export interface CountingProxy {
  readonly baseUrl: string;
  readonly port: number;
  /** Info requests seen, in order (`at` in ms since `startedAt`). */
  readonly info: InfoRequest[];
  /** JSON-RPC requests seen (`/evm`). */
  readonly evmRequests: number;
  /**
   * What went out, counted at the wire: `ok`, `HTTP 429`, `HTTP 500`…, `reset` (no answer), `cut` (a
   * body cut short), `malformed` (a 200 whose JSON does not parse), `slow` (a good answer after 1 s or more).
   */
  readonly outcomes: Record<string, number>;
  /** Requests not answered yet. */
  readonly inFlight: number;
  /** `Date.now()` of the last request or answer. */
  readonly lastActivity: number;
  close(): Promise<void>;
}

function parses(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** What went out, as `outcomes` counts it. */
function outcomeOf(done: Done): string {
  if (done.kind !== 'answered') return done.kind;
  if (done.status !== 200) return `HTTP ${done.status}`;
  return !parses(done.body) ? 'malformed' : done.ms >= 1_000 ? 'slow' : 'ok';
}

export async function startCountingProxy(upstream: string, startedAt: number): Promise<CountingProxy> {
  const info: InfoRequest[] = [];
  let evmRequests = 0;
  const outcomes: Record<string, number> = {};
  const proxy = new ForwardingProxy({
    target: upstream,
    mode: 'stream',
    keepAliveTimeoutMs: 2_000,
    // Each side keeps its own connection: the proxy's to the node closes (a reset fault reaches one request only).
    upstreamKeepAlive: false,
    failure: 'reset',
    onRequest: (req) => {
      if (req.info) info.push({ at: Date.now() - startedAt, ...req.info });
      else if (req.endpoint === 'evm') evmRequests += 1;
    },
    onDone: (_req, done) => {
      const outcome = outcomeOf(done);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    },
  });
  await proxy.start();
  return {
    baseUrl: proxy.baseUrl,
    port: proxy.port,
    info,
    outcomes,
    get evmRequests() {
      return evmRequests;
    },
    get inFlight() {
      return proxy.inFlight;
    },
    get lastActivity() {
      return proxy.lastActivity;
    },
    close: () => proxy.close(),
  };
}
