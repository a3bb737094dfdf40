// The embedded demo node: a local HTTP server that answers `{baseUrl}/{key}/evm` (JSON-RPC) and
// `{baseUrl}/{key}/info` (Hyperliquid info API) like a real provider, with deterministic data, the real
// error shapes, and fault modes tests can switch on. Node's `http` only; no `vscode` import. This file
// is the HTTP side (paths, bodies, faults, control); the answers themselves are pure, in
// `evmAnswers.ts` and `infoAnswers.ts`.
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { textExceedsJsonDepth } from '../core/jsonLimits';
import { demoExplorerAnswer } from './addressSearch';
import { DEMO_BLOCKS, DEMO_HEAD, demoMintBlock, type PageDirection } from './chain';
import { DEMO_BATCH_BUDGET_MS, DEMO_MAX_ANSWER_BYTES, DEMO_MAX_BATCH, EvmAnswers, type JsonRpcId } from './evmAnswers';
import { DEMO_FAULT_NO_TRACE, FaultQueue, faultListProblem, type DemoFault } from './faults';
import { InfoAnswers } from './infoAnswers';
import { DemoLiveSocket, type DemoLive, type DemoLiveAction } from './liveSocket';
import { DemoHeadsSocket } from './headsSocket';
import { DEMO_WALLETS } from './orders';
import { defaultStatusReply, INFO_UNPROCESSABLE_BODY, JSON_TYPE, nginxPage, text, TEXT_TYPE, type Reply } from './replies';

export { DEMO_BATCH_BUDGET_MS, DEMO_BLOCKS, DEMO_FAULT_NO_TRACE, DEMO_HEAD, DEMO_MAX_ANSWER_BYTES, DEMO_MAX_BATCH, DEMO_WALLETS };
export { DEMO_AGENT_WALLET } from './wallets';
export type { DemoFault, DemoLive, PageDirection };

/**
 * A fresh key for each start (128 random bits): only who started the node (the extension, a test, a
 * bench) knows it, so another local process, or a web page that found the port, cannot use the node.
 */
function freshApiKey(): string {
  return `demo-${randomBytes(16).toString('hex')}`;
}

/**
 * The `Host` names the node answers to: loopback ones (`localhost`, `[::1]`, 127.x.y.z: all of
 * 127.0.0.0/8 is loopback), any port, so that a local latency or TLS proxy in front of it keeps working.
 * Anything else is a request meant for another server, or a web page that made its own name resolve to
 * 127.0.0.1 (DNS rebinding): 421.
 */
const LOOPBACK_HOST = /^(?:127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|localhost|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}
/** Request bodies above this get HTTP 413, as on Chainstack (1 MB). */
export const DEMO_MAX_BODY_BYTES = 1_048_576;
/**
 * `ots_getBlockTransactions` page number and page size above this are refused with -32602, as on
 * Erigon (both are `uint8` there). Pass `pageArgCap: null` to lift it, as on reth.
 */
export const DEMO_MAX_PAGE_ARG = 255;
export { INFO_UNPROCESSABLE_BODY };

export interface DemoNodeOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default: a fresh random key (read it from the started node's `apiKey`). */
  apiKey?: string;
  /** The clock (ms). Read once at start (block timestamps: the head is "now") and when epochs are first answered. */
  now?: () => number;
  /**
   * Serve `POST /__demo/faults`, `POST /__demo/reset`, `POST /__demo/account` (`{"stage": n}`: the demo
   * accounts a while later), `POST /__demo/live` (`{"action": "fill" | "order" | "liquidation", "user":
   * "0x…"}` or `{"action": "drop" | "mute" | "unmute"}`: see `DemoLive`) and `GET /__demo/state` (default false: 404).
   * JSON only, and never to a request with an `Origin` (a browser's): a web page cannot set faults.
   */
  control?: boolean;
  /** Which end of a block `ots_getBlockTransactions` page 0 holds (default `last`, like Erigon). */
  pageDirection?: PageDirection;
  /** Largest page number and page size accepted; default `DEMO_MAX_PAGE_ARG`, `null` for none. */
  pageArgCap?: number | null;
  /** JSON-RPC methods to answer with -32601, as a node without them (e.g. `ots_traceTransaction`). */
  unsupportedMethods?: readonly string[];
  /** What `eth_chainId` answers: 999 (mainnet, the default) or 998 (testnet), or any other to test a wrong chain. */
  chainId?: number;
  /** Which provider the node plays (default `full`; see `DemoProvider`). */
  provider?: DemoProvider;
  /**
   * Answer `/info` from the exchange behind another node (its `exchange`): a public API stand-in beside
   * a provider sees the same orders and what became of them, as the real ones read one exchange.
   */
  exchange?: DemoExchange;
  /** Whether the market maker's orders on the `outage` dex fail with HTTP 500 (default true); else it has none there. */
  failingDex?: boolean;
  /**
   * `chainstack` only: whether the node has `/<key>/nanoreth`, the path with system transactions (default
   * true, as Chainstack's docs say of every node since 2026-04-29; false: 404 there, as a node before).
   */
  nanoreth?: boolean;
  /**
   * Move the market a step every this many ms (`DemoLive.tick`: mids and positions' marks move, pushed
   * over `/ws`). Default off, so that tests read fixed numbers; `npm run demo` turns it on.
   */
  marketTickMs?: number;
  /**
   * Mint a new block every this many ms, sent to `eth_subscribe` `newHeads` subscribers (Follow latest and
   * the status bar's latest block move). Default off, so that tests read a fixed head; `npm run demo` turns it on.
   */
  blockMs?: number;
}

/** The HyperCore state behind a node's `/info` (each wallet's orders as they move on); opaque. */
export interface DemoExchange {
  readonly answers: InfoAnswers;
}

/**
 * The providers the node can play, each with its real shortcomings:
 * - `full`: everything on `/<key>/evm` and `/<key>/info` (blocks below `DEMO_PRUNED_BELOW` pruned);
 * - `chainstack`: its `/info` refuses `allMids`, `orderStatus` and the fills and history types with the
 *   info API's 422 text (Chainstack's method table marks them "Hyperliquid public RPC" only); its `/evm`
 *   leaves system transactions out of blocks and answers `null` for their receipts, its `/<key>/nanoreth`
 *   includes them (Chainstack's "Hyperliquid node configuration"; without it with `nanoreth: false`);
 * - `quicknode`: its `/evm` keeps only the last `DEMO_RECENT_BLOCKS` blocks and serves no trace, its
 *   `/<key>/nanoreth` is the archive with traces;
 * - `public`: Hyperliquid's public endpoints, without a key: `/evm` with no `ots_*` method, and `/info`
 *   with every type (the public API's stand-in on loopback).
 */
export type DemoProvider = 'full' | 'chainstack' | 'quicknode' | 'public';

export const DEMO_PROVIDERS: readonly DemoProvider[] = ['full', 'chainstack', 'quicknode', 'public'];

/** The info types Chainstack's `/info` refuses (chainstack/dev-portal `docs/hyperliquid-methods.mdx`). */
export const CHAINSTACK_REFUSED_INFO_TYPES: readonly string[] = [
  'allMids',
  'orderStatus',
  'userFills',
  'userFillsByTime',
  'historicalOrders',
  'userFunding',
  'userNonFundingLedgerUpdates',
  'userTwapSliceFills',
  'portfolio',
  'l2Book',
];

/** How many recent blocks a QuickNode-like `/evm` keeps. */
export const DEMO_RECENT_BLOCKS = 1000;

/**
 * What a connection asks once before its data (its chain id, whether the node has the Otterscan
 * methods): not counted in `requests`, and a fault applies to them only when it names the method, so
 * that a test's faults and counts keep meaning the data requests they were written for.
 */
export const DEMO_HANDSHAKE_METHODS: readonly string[] = ['eth_chainId', 'ots_getApiLevel'];

const OTS_METHODS = ['ots_getApiLevel', 'ots_getBlockDetails', 'ots_getBlockTransactions', 'ots_getTransactionError', 'ots_traceTransaction'];

export interface DemoNode {
  /** `http://127.0.0.1:PORT`: no trailing slash, no key. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly port: number;
  /** Requests received on the API paths (control requests and the handshake not counted). */
  readonly requests: number;
  /** Handshake requests received (`DEMO_HANDSHAKE_METHODS`). */
  readonly handshakes: number;
  /** The exchange behind its `/info`, to share with another node (`exchange` option). */
  readonly exchange: DemoExchange;
  /** `now()` when the node started: the head block's timestamp (in seconds, rounded down). */
  readonly startedAt: number;
  setFaults(faults: DemoFault[]): void;
  clearFaults(): void;
  /** The demo accounts at `stage` (0 as started; 1: BTC grown, ETH closed, SOL opened, XYZ100 flipped). */
  setAccountStage(stage: number): void;
  /** Its `/ws` (Hyperliquid's WebSocket, keyless): hooks to send a fill, an order, a liquidation, or drop connections. */
  readonly live: DemoLive;
  /** `ws://127.0.0.1:PORT/ws`. */
  readonly socketUrl: string;
  close(): Promise<void>;
}

const DISCARD_LIMIT = 64 * 1024 * 1024;

const sleep = (ms: number, timers: Set<NodeJS.Timeout>) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      timers.delete(t);
      resolve();
    }, ms);
    timers.add(t);
  });

/** Reads the body; past `DEMO_MAX_BODY_BYTES` it keeps reading (to answer 413 cleanly) but drops the bytes. */
function readBody(req: http.IncomingMessage): Promise<{ text: string; tooLarge: boolean } | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > DEMO_MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > DEMO_MAX_BODY_BYTES) tooLarge = true;
      if (length > DISCARD_LIMIT) {
        req.socket.destroy();
        resolve(undefined);
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: tooLarge ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge }));
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(undefined));
  });
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, {
    'Content-Type': reply.contentType,
    'Content-Length': Buffer.byteLength(reply.body),
    ...reply.headers,
  });
  res.end(reply.body);
  reply.delivered?.();
}

/** A valid-looking JSON body of exactly `bytes` bytes, streamed until done or `closed()`. */
async function streamOversize(
  res: http.ServerResponse,
  bytes: number,
  chunked: boolean,
  endpoint: 'evm' | 'info',
  id: JsonRpcId,
  closed: () => boolean,
): Promise<void> {
  const prefix =
    endpoint === 'evm'
      ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"block":{"number":"0x1a2b","extraData":"0x`
      : '[{"coin":"BTC","limitPx":"101240.0","oid":1,"side":"B","sz":"0.1","timestamp":0,"origSz":"0.1","note":"';
  const suffix = endpoint === 'evm' ? '"},"issuance":{"blockReward":"0x0","uncleReward":"0x0","issuance":"0x0"},"totalFees":"0x0"}}' : '"}]';
  const headers: Record<string, string | number> = { 'Content-Type': JSON_TYPE };
  if (!chunked) headers['Content-Length'] = bytes;
  res.writeHead(200, headers);
  if (bytes < prefix.length + suffix.length) {
    res.end((prefix + suffix).slice(0, bytes));
    return;
  }
  const write = (s: string) =>
    res.write(s)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
  await write(prefix);
  const block = '0'.repeat(64 * 1024);
  let left = bytes - prefix.length - suffix.length;
  while (left > 0 && !res.destroyed && !closed()) {
    const piece = left >= block.length ? block : block.slice(0, left);
    left -= piece.length;
    await write(piece);
  }
  if (!res.destroyed) res.end(suffix);
}

export async function startDemoNode(options: DemoNodeOptions = {}): Promise<DemoNode> {
  const apiKey = options.apiKey ?? freshApiKey();
  const now = options.now ?? Date.now;
  const direction: PageDirection = options.pageDirection ?? 'last';
  const pageCap = options.pageArgCap === undefined ? DEMO_MAX_PAGE_ARG : options.pageArgCap;
  const control = options.control ?? false;
  const startedAt = now();
  const headTimestamp = Math.floor(startedAt / 1000);
  const faults = new FaultQueue();
  const timers = new Set<NodeJS.Timeout>();
  const provider = options.provider ?? 'full';
  const chainId = options.chainId;
  const unsupported = [
    ...(options.unsupportedMethods ?? []),
    ...(provider === 'public' ? [...OTS_METHODS, 'debug_traceCall'] : []),
    ...(provider === 'quicknode' ? ['ots_traceTransaction'] : []),
  ];
  const keptFrom = provider === 'quicknode' ? DEMO_HEAD - DEMO_RECENT_BLOCKS + 1 : undefined;
  const systemTxsLeftOut = provider === 'chainstack';
  const info = options.exchange?.answers ?? new InfoAnswers({ now, startedAt, failingDex: options.failingDex });
  const accountStage = () => info.stage;
  const evm = new EvmAnswers({ headTimestamp, direction, pageCap, unsupported: new Set(unsupported), chainId, keptFrom, systemTxsLeftOut, accountStage });
  const archive =
    provider === 'quicknode' || (provider === 'chainstack' && options.nanoreth !== false)
      ? new EvmAnswers({ headTimestamp, direction, pageCap, chainId, unsupported: new Set(options.unsupportedMethods ?? []), accountStage })
      : undefined;
  const refused = new Set(provider === 'chainstack' ? CHAINSTACK_REFUSED_INFO_TYPES : []);
  const live = new DemoLiveSocket(info, now, startedAt);
  // `/<key>/evm` over WebSocket (`eth_subscribe` newHeads), where the provider it stands for serves it.
  const heads = provider === 'public' || provider === 'quicknode' ? undefined : new DemoHeadsSocket(evm, headTimestamp);
  const blockTimer =
    options.blockMs && options.blockMs > 0
      ? setInterval(
          () => {
            demoMintBlock();
            heads?.pushHead();
          },
          Math.max(100, options.blockMs),
        )
      : undefined;
  const marketTimer = options.marketTickMs && options.marketTickMs > 0 ? setInterval(() => live.tick(), Math.max(100, options.marketTickMs)) : undefined;
  let requests = 0;
  let handshakes = 0;
  let closed = false;

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    const json = (status: number, value: unknown) => send(res, { status, contentType: JSON_TYPE, body: JSON.stringify(value) });
    // A browser sends Origin with every cross-origin POST (and a page could send text/plain without a
    // preflight); tests and benches send neither.
    if (req.headers.origin !== undefined) return send(res, text(403, 'the control endpoint takes no requests from web pages'));
    if (path === '/__demo/state') {
      if (req.method !== 'GET') return send(res, text(405, 'Method Not Allowed', { Allow: 'GET' }));
      return json(200, { requests, faults: faults.size, accountStage: info.stage });
    }
    if (path !== '/__demo/faults' && path !== '/__demo/reset' && path !== '/__demo/account' && path !== '/__demo/live')
      return send(res, text(404, '404 page not found'));
    if (req.method !== 'POST') return send(res, text(405, 'Method Not Allowed', { Allow: 'POST' }));
    if (mediaTypeOf(req) !== 'application/json') return send(res, text(415, 'Expected request with `Content-Type: application/json`'));
    const body = await readBody(req);
    if (!body) return;
    if (body.tooLarge) return send(res, { ...nginxPage(413), headers: { Connection: 'close' } });
    if (path === '/__demo/reset') {
      faults.clear();
      info.reset();
      return json(200, { ok: true });
    }
    if (path === '/__demo/live') {
      const asked = liveActionOf(body.text);
      const done = asked && live.control(asked.action, asked.user);
      if (!done)
        return send(
          res,
          text(400, 'expected {"action": "fill", "order" or "liquidation", "user": "0x…"} or {"action": "drop", "mute", "unmute", "down", "up" or "tick"}'),
        );
      return json(200, done);
    }
    if (path === '/__demo/account') {
      const stage = accountStageOf(body.text);
      if (stage === undefined) return send(res, text(400, 'expected {"stage": 0 or 1}'));
      info.setAccountStage(stage);
      return json(200, { ok: true, accountStage: info.stage });
    }
    let list: unknown;
    try {
      if (textExceedsJsonDepth(body.text)) throw new Error('too deep');
      list = JSON.parse(body.text);
    } catch {
      return send(res, text(400, 'expected a JSON array of faults'));
    }
    const problem = faultListProblem(list);
    if (problem) return send(res, text(400, problem));
    faults.set(list as DemoFault[]);
    return json(200, { ok: true, faults: faults.size });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!isLoopbackHost(req.headers.host)) return send(res, text(421, 'Misdirected Request: this node answers only to 127.0.0.1, localhost or [::1]'));
    const path = (req.url ?? '/').split('?')[0] as string;
    if (path === '/__demo' || path.startsWith('/__demo/')) {
      if (!control) return send(res, text(404, '404 page not found'));
      return handleControl(req, res, path);
    }
    requests += 1;
    // A Blockscout-shaped explorer API beside the node (keyless, GET), for the address page's fallback.
    if (path === '/blockscout/api') {
      if (req.method !== 'GET') return send(res, text(405, 'Method Not Allowed', { Allow: 'GET' }));
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      return send(res, { status: 200, contentType: JSON_TYPE, body: JSON.stringify(demoExplorerAnswer(query, headTimestamp)) });
    }
    const segments = path.split('/').slice(1);
    if (segments.length === 0 || segments[0] === '') return send(res, text(404, '404 page not found'));
    // The public endpoints take no key: `/evm` and `/info`.
    if (provider !== 'public' && segments[0] !== apiKey) return send(res, defaultStatusReply(401, 'evm'));
    const route = provider === 'public' ? segments : segments.slice(1);
    const answersOn = route.length === 1 && route[0] === 'nanoreth' ? archive : route.length === 1 && route[0] === 'evm' ? evm : undefined;
    const endpoint = answersOn ? 'evm' : route.length === 1 && route[0] === 'info' ? 'info' : undefined;
    if (!endpoint) return send(res, text(404, '404 page not found'));
    if (req.method !== 'POST') return send(res, text(405, 'Method Not Allowed', { Allow: 'POST' }));
    const body = await readBody(req);
    if (!body) return;
    if (body.tooLarge) return send(res, { ...nginxPage(413), headers: { Connection: 'close' } });
    if (mediaTypeOf(req) !== 'application/json') {
      return send(res, text(415, endpoint === 'evm' ? 'Supported content types: application/json' : 'Expected request with `Content-Type: application/json`'));
    }

    // What the request asks for, so that faults can target one method or info type.
    // Nesting is checked before any parse: a 1 MB body of `[` would hold this (the extension's) thread ~0.6 s.
    if (textExceedsJsonDepth(body.text)) return send(res, tooDeep(endpoint));
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      parsed = undefined;
    }
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    const asked = entries
      .map((e) => (typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[endpoint === 'evm' ? 'method' : 'type'] : undefined))
      .filter((m): m is string => typeof m === 'string');
    const firstId = (() => {
      const e = entries[0];
      const id = typeof e === 'object' && e !== null ? (e as Record<string, unknown>).id : undefined;
      return typeof id === 'number' || typeof id === 'string' ? id : null;
    })();
    const rpc = answersOn ?? evm;
    const refusedType = endpoint === 'info' && asked.some((type) => refused.has(type));
    const normal = (wrongId = false) => {
      if (endpoint === 'evm') return rpc.reply(body.text, wrongId);
      return refusedType ? text(422, INFO_UNPROCESSABLE_BODY) : info.reply(body.text);
    };
    const handshake = endpoint === 'evm' && asked.length > 0 && asked.every((m) => DEMO_HANDSHAKE_METHODS.includes(m));
    if (handshake) {
      requests -= 1;
      handshakes += 1;
    }

    const fault = faults.take(endpoint, asked, handshake);
    if (!fault) return send(res, normal());
    switch (fault.kind) {
      case 'latency':
        await sleep(fault.ms, timers);
        if (closed || res.destroyed) return;
        return send(res, normal());
      case 'status': {
        const reply =
          fault.body !== undefined
            ? { status: fault.status, contentType: fault.contentType ?? TEXT_TYPE, body: fault.body }
            : defaultStatusReply(fault.status, endpoint);
        if (fault.contentType !== undefined) reply.contentType = fault.contentType;
        return send(res, fault.retryAfter !== undefined ? { ...reply, headers: { ...reply.headers, 'Retry-After': fault.retryAfter } } : reply);
      }
      case 'malformedJson':
        return send(res, {
          status: 200,
          contentType: JSON_TYPE,
          body:
            endpoint === 'evm'
              ? `{"jsonrpc":"2.0","id":${JSON.stringify(firstId)},"result":{"block":{"number":"0x1a2b",`
              : '[{"coin":"BTC","limitPx":"101240.0",',
        });
      case 'truncated': {
        const reply = normal();
        const bytes = Buffer.from(reply.body, 'utf8');
        res.writeHead(reply.status, { 'Content-Type': reply.contentType, 'Content-Length': bytes.length });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
        return;
      }
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'oversize':
        return streamOversize(res, fault.bytes, fault.chunked ?? false, endpoint, firstId, () => closed);
      case 'wrongId':
        return send(res, normal(true));
      case 'hang':
        return; // closeAllConnections() in close() ends it.
      case 'respond':
        return send(res, {
          status: fault.status ?? 200,
          contentType: fault.contentType ?? JSON_TYPE,
          body: !fault.echoId
            ? fault.body
            : endpoint === 'evm' && Array.isArray(parsed)
              ? batchWithFault(parsed, fault.method, fault.body, (entry) => rpc.reply(JSON.stringify(entry)).body)
              : withId(fault.body, firstId),
        });
      case 'unsupportedMethod':
        // On /info, which has no JSON-RPC methods, the fault never matches a `type` it could refuse.
        return send(res, endpoint === 'evm' ? rpc.reply(body.text, false, new Set([fault.method as string])) : normal());
    }
  }

  const server = http.createServer({ keepAlive: true }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, text(500, 'Internal Server Error'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  // `/ws`: Hyperliquid's WebSocket, keyless like the public API, for loopback hosts and never a web page.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    const evmSocket = heads !== undefined && path === `/${apiKey}/evm`;
    if (closed || !isLoopbackHost(req.headers.host) || req.headers.origin !== undefined || (path !== '/ws' && !evmSocket)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    if (evmSocket) return heads.upgrade(req, socket, head);
    live.upgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    port,
    get requests() {
      return requests;
    },
    get handshakes() {
      return handshakes;
    },
    exchange: { answers: info },
    startedAt,
    setFaults(list: DemoFault[]) {
      faults.set(list);
    },
    clearFaults() {
      faults.clear();
    },
    setAccountStage(stage: number) {
      info.setAccountStage(stage);
    },
    live,
    socketUrl: `ws://127.0.0.1:${port}/ws`,
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (marketTimer) clearInterval(marketTimer);
      if (blockTimer) clearInterval(blockTimer);
      live.close();
      heads?.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const LIVE_ACTIONS: readonly DemoLiveAction[] = ['fill', 'order', 'liquidation', 'drop', 'mute', 'unmute', 'down', 'up', 'tick'];

/** `{"action": …, "user"?: …}`, else undefined. */
function liveActionOf(body: string): { action: DemoLiveAction; user?: string } | undefined {
  try {
    if (textExceedsJsonDepth(body)) return undefined;
    const parsed = JSON.parse(body) as { action?: unknown; user?: unknown };
    const action = LIVE_ACTIONS.find((a) => a === parsed?.action);
    return action && { action, user: typeof parsed.user === 'string' ? parsed.user : undefined };
  } catch {
    return undefined;
  }
}

/** `{"stage": n}` with a whole n ≥ 0, else undefined. */
function accountStageOf(body: string): number | undefined {
  try {
    if (textExceedsJsonDepth(body)) return undefined;
    const parsed = JSON.parse(body) as { stage?: unknown };
    return typeof parsed?.stage === 'number' && Number.isInteger(parsed.stage) && parsed.stage >= 0 ? parsed.stage : undefined;
  } catch {
    return undefined;
  }
}

function mediaTypeOf(req: http.IncomingMessage): string | undefined {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
}

/** A request body nested deeper than anything the node reads: as a body it cannot parse. */
function tooDeep(endpoint: 'evm' | 'info'): Reply {
  if (endpoint === 'info') return text(422, INFO_UNPROCESSABLE_BODY);
  return { status: 200, contentType: JSON_TYPE, body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: nested too deeply"}}' };
}

/**
 * A batch's answer where the call `method` gets the fault's body with its own id and the others their
 * normal answers (a `respond` fault with `echoId` aimed at one call of a JSON-RPC batch).
 */
function batchWithFault(entries: unknown[], method: string | undefined, body: string, answer: (entry: unknown) => string): string {
  return `[${entries
    .map((e) => {
      const call = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
      const id = typeof call.id === 'number' || typeof call.id === 'string' ? call.id : null;
      return method === undefined || call.method === method ? withId(body, id) : answer(e);
    })
    .join(',')}]`;
}

/** A JSON-RPC body with the request's id in place of its own (a `respond` fault with `echoId`). */
function withId(body: string, id: string | number | null): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({ ...parsed, id });
}
