/**
 * A transparent HTTP proxy in front of the demo node that writes down every info request (its `type`,
 * `user`, `dex`, and when), so the soak can weigh what the extension spent without asking the extension.
 * Whatever the node does passes through as it is: statuses and headers, slow and malformed bodies, a body
 * cut in the middle (the client's socket is destroyed too) and a reset (the client's socket is reset).
 * Idle client connections close after 2 s, so an idle extension host holds no socket to it.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
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

function describeInfo(body: string, at: number): InfoRequest {
  try {
    const json = JSON.parse(body) as { type?: unknown; user?: unknown; dex?: unknown };
    return {
      at,
      type: typeof json.type === 'string' ? json.type : '(none)',
      ...(typeof json.user === 'string' ? { user: json.user.toLowerCase() } : {}),
      ...(typeof json.dex === 'string' ? { dex: json.dex } : {}),
    };
  } catch {
    return { at, type: '(not JSON)' };
  }
}

function parses(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** Each side keeps its own connection: the proxy's to the node closes, the client's may stay open. */
function withoutHopHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const { connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

export async function startCountingProxy(upstream: string, startedAt: number): Promise<CountingProxy> {
  const info: InfoRequest[] = [];
  let evmRequests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  const outcomes: Record<string, number> = {};
  const count = (outcome: string) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);
  const target = new URL(upstream);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      if (path.endsWith('/info')) info.push(describeInfo(body.toString('utf8'), Date.now() - startedAt));
      else if (path.endsWith('/evm')) evmRequests += 1;
      inFlight += 1;
      lastActivity = Date.now();
      let done = false;
      const started = Date.now();
      const finish = (outcome: string) => {
        if (done) return;
        done = true;
        count(outcome);
        inFlight -= 1;
        lastActivity = Date.now();
      };
      const headers = withoutHopHeaders({ ...req.headers, host: target.host, 'content-length': String(body.length) });
      const out = http.request({ host: target.hostname, port: target.port, method: req.method, path, headers, agent: false }, (up) => {
        const status = up.statusCode ?? 502;
        res.writeHead(status, withoutHopHeaders(up.headers));
        const copy: Buffer[] = [];
        up.on('data', (c: Buffer) => {
          copy.push(c);
          res.write(c);
        });
        up.on('end', () => {
          res.end();
          finish(status !== 200 ? `HTTP ${status}` : !parses(Buffer.concat(copy)) ? 'malformed' : Date.now() - started >= 1_000 ? 'slow' : 'ok');
        });
        // Cut in the middle upstream: cut here too.
        const cut = () => {
          finish('cut');
          res.destroy();
        };
        up.on('aborted', cut);
        up.on('error', cut);
      });
      out.on('error', () => {
        // Reset (or refused) upstream before an answer: reset the client's connection the same way.
        const sent = res.headersSent;
        finish(sent ? 'cut' : 'reset');
        if (sent) res.destroy();
        else req.socket.resetAndDestroy();
      });
      res.on('close', () => {
        // The client gave up (cancelled, timed out): so does the request to the node.
        if (!done) out.destroy();
        finish('client gave up');
      });
      out.end(body);
    });
  });
  server.keepAliveTimeout = 2_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    info,
    outcomes,
    get evmRequests() {
      return evmRequests;
    },
    get inFlight() {
      return inFlight;
    },
    get lastActivity() {
      return lastActivity;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
