// The embedded demo node: a local HTTP server that answers `{baseUrl}/{key}/evm` (JSON-RPC) and
// `{baseUrl}/{key}/info` (Hyperliquid info API) like a real provider, with deterministic data, the real
// error shapes, and fault modes tests can switch on. Node's `http` only; no `vscode` import.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_BLOCKS,
  DEMO_CHAIN_ID,
  DEMO_HEAD,
  demoBlockDetails,
  demoBlockExists,
  demoBlockTransactions,
  type PageDirection,
} from './chain';
import { FaultQueue, faultListProblem, type DemoFault } from './faults';
import { demoPerpDexs, demoSpotMeta } from './markets';
import { demoOpenOrders, DEMO_WALLETS } from './orders';
import { quantity } from './random';

export { DEMO_BLOCKS, DEMO_HEAD, DEMO_WALLETS };
export type { DemoFault, PageDirection };

/** The demo node's key. Not a secret: it only opens the local demo node. */
export const DEMO_API_KEY = 'demo-not-a-secret';
/** Request bodies above this get HTTP 413, as on Chainstack (1 MB). */
export const DEMO_MAX_BODY_BYTES = 1_048_576;
/**
 * `ots_getBlockTransactions` page number and page size above this are refused with -32602, as on
 * Erigon (both are `uint8` there). Pass `pageArgCap: null` to lift it, as on reth.
 */
export const DEMO_MAX_PAGE_ARG = 255;
/** The info API's answer to a body it cannot read (HTTP 422, text/plain). */
export const INFO_UNPROCESSABLE_BODY = 'Failed to deserialize the JSON body into the target type';

export interface DemoNodeOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default `DEMO_API_KEY`. */
  apiKey?: string;
  /** The clock (ms). Read once at start (block timestamps: the head is "now") and when epochs are first answered. */
  now?: () => number;
  /** Serve `POST /__demo/faults`, `POST /__demo/reset` and `GET /__demo/state` (default false: 404). */
  control?: boolean;
  /** Which end of a block `ots_getBlockTransactions` page 0 holds (default `last`, like Erigon). */
  pageDirection?: PageDirection;
  /** Largest page number and page size accepted; default `DEMO_MAX_PAGE_ARG`, `null` for none. */
  pageArgCap?: number | null;
}

export interface DemoNode {
  /** `http://127.0.0.1:PORT`: no trailing slash, no key. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly port: number;
  /** Requests received on the API paths (control requests not counted). */
  readonly requests: number;
  /** `now()` when the node started: the head block's timestamp (in seconds, rounded down). */
  readonly startedAt: number;
  setFaults(faults: DemoFault[]): void;
  clearFaults(): void;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  /** Called once the answer was sent in full (advances `openOrders` epochs). */
  delivered?: () => void;
}

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const HTML_TYPE = 'text/html';
const DISCARD_LIMIT = 64 * 1024 * 1024;
const DETAILS_CACHE_SIZE = 128;

function text(status: number, body: string, headers?: Record<string, string>): Reply {
  return { status, contentType: TEXT_TYPE, body, headers };
}

function nginxPage(status: number): Reply {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  return {
    status,
    contentType: HTML_TYPE,
    body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}

/** What a provider or its proxy sends for a status when a test does not say. */
function defaultStatusReply(status: number, endpoint: 'evm' | 'info'): Reply {
  switch (status) {
    case 401:
    case 403:
      return { status, contentType: JSON_TYPE, body: JSON.stringify({ error: { code: status, message: status === 401 ? 'Unauthorized' : 'Forbidden' } }) };
    case 413:
    case 502:
    case 503:
    case 504:
      return nginxPage(status);
    case 422:
      return text(422, INFO_UNPROCESSABLE_BODY);
    case 429:
      return {
        status,
        contentType: JSON_TYPE,
        body: '{"error":{"code":429,"message":"The requests per second (RPS) of your requests are higher than your plan allows."}}',
      };
    case 500:
      return endpoint === 'info' ? { status, contentType: JSON_TYPE, body: 'null' } : text(500, 'Internal Server Error');
    default:
      return text(status, http.STATUS_CODES[status] ?? 'Error');
  }
}

type JsonRpcId = number | string | null;

function rpcError(id: JsonRpcId, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify({ code, message })}}`;
}

function rpcResult(id: JsonRpcId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}

function otherId(id: JsonRpcId): JsonRpcId {
  if (typeof id === 'number') return id + 1000;
  if (typeof id === 'string') return id + '-other';
  return 1;
}

/** A block argument: a JSON integer, a hex string or a tag. `bigint` so that huge hex numbers stay exact. */
function blockArg(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  if (value === 'latest' || value === 'safe' || value === 'finalized' || value === 'pending') return BigInt(DEMO_HEAD);
  if (value === 'earliest') return 0n;
  return undefined;
}

const sleep = (ms: number, timers: Set<NodeJS.Timeout>) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      timers.delete(t);
      resolve();
    }, ms);
    timers.add(t);
  });

export async function startDemoNode(options: DemoNodeOptions = {}): Promise<DemoNode> {
  const apiKey = options.apiKey ?? DEMO_API_KEY;
  const now = options.now ?? Date.now;
  const direction: PageDirection = options.pageDirection ?? 'last';
  const pageCap = options.pageArgCap === undefined ? DEMO_MAX_PAGE_ARG : options.pageArgCap;
  const control = options.control ?? false;
  const startedAt = now();
  const headTimestamp = Math.floor(startedAt / 1000);
  const faults = new FaultQueue();
  const timers = new Set<NodeJS.Timeout>();
  const detailsCache = new Map<number, string>();
  const spotMetaJson = JSON.stringify(demoSpotMeta());
  const perpDexsJson = JSON.stringify(demoPerpDexs());
  /** Per `user|dex`: the current epoch and when each epoch was first answered. */
  const epochs = new Map<string, { epoch: number; times: number[] }>();
  const constantBodies = new Map<string, string>();
  let requests = 0;
  let closed = false;

  function detailsJson(n: number): string | undefined {
    const hit = detailsCache.get(n);
    if (hit !== undefined) return hit;
    const result = demoBlockDetails(n, headTimestamp);
    if (!result) return undefined;
    const json = JSON.stringify(result);
    detailsCache.set(n, json);
    if (detailsCache.size > DETAILS_CACHE_SIZE) {
      for (const key of detailsCache.keys()) {
        if (key === DEMO_BLOCKS.hugeBlock || key === DEMO_BLOCKS.hugeSpecBlock) continue;
        detailsCache.delete(key);
        break;
      }
    }
    return json;
  }

  function notFound(id: JsonRpcId, n: bigint): string {
    return rpcError(id, -32001, `block not found: 0x${n.toString(16)}`);
  }

  function rpcCall(request: unknown, wrongId: boolean): string {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return rpcError(null, -32600, 'Invalid request');
    const r = request as Record<string, unknown>;
    const rawId = r.id === undefined ? null : r.id;
    if (!(rawId === null || typeof rawId === 'number' || typeof rawId === 'string') || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
      return rpcError(null, -32600, 'Invalid request');
    }
    const id = wrongId ? otherId(rawId) : rawId;
    const params = r.params === undefined ? [] : r.params;
    if (!Array.isArray(params)) return rpcError(id, -32602, 'Invalid params');
    switch (r.method) {
      case 'eth_blockNumber':
        return rpcResult(id, JSON.stringify(quantity(DEMO_HEAD)));
      case 'eth_chainId':
        return rpcResult(id, JSON.stringify(quantity(DEMO_CHAIN_ID)));
      case 'ots_getBlockDetails': {
        const n = blockArg(params[0]);
        if (n === undefined || params.length !== 1) return rpcError(id, -32602, 'Invalid params');
        if (n > BigInt(DEMO_HEAD) || !demoBlockExists(Number(n))) return notFound(id, n);
        return rpcResult(id, detailsJson(Number(n)) as string);
      }
      case 'ots_getBlockTransactions': {
        const n = blockArg(params[0]);
        const [, page, size] = params;
        const ok = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && (pageCap === null || x <= pageCap);
        if (n === undefined || params.length !== 3 || !ok(page) || !ok(size)) return rpcError(id, -32602, 'Invalid params');
        if (n > BigInt(DEMO_HEAD) || !demoBlockExists(Number(n))) return notFound(id, n);
        return rpcResult(id, JSON.stringify(demoBlockTransactions(Number(n), page as number, size as number, direction, headTimestamp)));
      }
      default:
        return rpcError(id, -32601, 'Method not found');
    }
  }

  function evmReply(body: string, wrongId: boolean): Reply {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { status: 200, contentType: JSON_TYPE, body: rpcError(null, -32700, 'Parse error') };
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return { status: 200, contentType: JSON_TYPE, body: rpcError(null, -32600, 'Invalid request') };
      return { status: 200, contentType: JSON_TYPE, body: '[' + parsed.map((p) => rpcCall(p, wrongId)).join(',') + ']' };
    }
    return { status: 200, contentType: JSON_TYPE, body: rpcCall(parsed, wrongId) };
  }

  function infoReply(body: string): Reply {
    const unprocessable = text(422, INFO_UNPROCESSABLE_BODY);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return unprocessable;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return unprocessable;
    const r = parsed as Record<string, unknown>;
    switch (r.type) {
      case 'spotMeta':
        return { status: 200, contentType: JSON_TYPE, body: spotMetaJson };
      case 'perpDexs':
        return { status: 200, contentType: JSON_TYPE, body: perpDexsJson };
      case 'openOrders': {
        if (typeof r.user !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(r.user)) return unprocessable;
        if (r.dex !== undefined && typeof r.dex !== 'string') return unprocessable;
        const user = r.user.toLowerCase();
        const dex = (r.dex as string | undefined) ?? '';
        const key = `${user}|${dex}`;
        let state = epochs.get(key);
        if (!state) epochs.set(key, (state = { epoch: 0, times: [] }));
        const s = state;
        s.times[s.epoch] ??= now();
        const delivered = () => (s.epoch += 1);
        // The whale's 5,000 orders do not change: serialize them once.
        const constantKey = DEMO_WALLETS.some((w) => w.kind === 'whale' && w.address === user) ? `${key}|${s.times[0]}` : undefined;
        const cached = constantKey === undefined ? undefined : constantBodies.get(constantKey);
        if (cached !== undefined) return { status: 200, contentType: JSON_TYPE, body: cached, delivered };
        const body = JSON.stringify(demoOpenOrders(user, dex, s.epoch, (e) => s.times[e] ?? startedAt));
        if (constantKey !== undefined) constantBodies.set(constantKey, body);
        return { status: 200, contentType: JSON_TYPE, body, delivered };
      }
      default:
        return unprocessable;
    }
  }

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

  async function streamOversize(res: http.ServerResponse, bytes: number, chunked: boolean, endpoint: 'evm' | 'info', id: JsonRpcId): Promise<void> {
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
    while (left > 0 && !res.destroyed && !closed) {
      const piece = left >= block.length ? block : block.slice(0, left);
      left -= piece.length;
      await write(piece);
    }
    if (!res.destroyed) res.end(suffix);
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    const json = (status: number, value: unknown) => send(res, { status, contentType: JSON_TYPE, body: JSON.stringify(value) });
    if (path === '/__demo/state') {
      if (req.method !== 'GET') return send(res, text(405, 'Method Not Allowed', { Allow: 'GET' }));
      return json(200, { requests, faults: faults.size });
    }
    if (path !== '/__demo/faults' && path !== '/__demo/reset') return send(res, text(404, '404 page not found'));
    if (req.method !== 'POST') return send(res, text(405, 'Method Not Allowed', { Allow: 'POST' }));
    const body = await readBody(req);
    if (!body) return;
    if (path === '/__demo/reset') {
      faults.clear();
      epochs.clear();
      return json(200, { ok: true });
    }
    let list: unknown;
    try {
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
    const path = (req.url ?? '/').split('?')[0] as string;
    if (path === '/__demo' || path.startsWith('/__demo/')) {
      if (!control) return send(res, text(404, '404 page not found'));
      return handleControl(req, res, path);
    }
    requests += 1;
    const segments = path.split('/').slice(1);
    if (segments.length === 0 || segments[0] === '') return send(res, text(404, '404 page not found'));
    if (segments[0] !== apiKey) return send(res, defaultStatusReply(401, 'evm'));
    const endpoint = segments[1];
    if (segments.length !== 2 || (endpoint !== 'evm' && endpoint !== 'info')) return send(res, text(404, '404 page not found'));
    if (req.method !== 'POST') return send(res, text(405, 'Method Not Allowed', { Allow: 'POST' }));
    const body = await readBody(req);
    if (!body) return;
    if (body.tooLarge) return send(res, { ...nginxPage(413), headers: { Connection: 'close' } });
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return send(res, text(415, endpoint === 'evm' ? 'Supported content types: application/json' : 'Expected request with `Content-Type: application/json`'));
    }

    // What the request asks for, so that faults can target one method or info type.
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
    const normal = (wrongId = false) => (endpoint === 'evm' ? evmReply(body.text, wrongId) : infoReply(body.text));

    const fault = faults.take(endpoint, asked);
    if (!fault) return send(res, normal());
    switch (fault.kind) {
      case 'latency':
        await sleep(fault.ms, timers);
        if (closed || res.destroyed) return;
        return send(res, normal());
      case 'status': {
        const reply = fault.body !== undefined ? { status: fault.status, contentType: fault.contentType ?? TEXT_TYPE, body: fault.body } : defaultStatusReply(fault.status, endpoint);
        if (fault.contentType !== undefined) reply.contentType = fault.contentType;
        return send(res, fault.retryAfter !== undefined ? { ...reply, headers: { ...reply.headers, 'Retry-After': fault.retryAfter } } : reply);
      }
      case 'malformedJson':
        return send(res, {
          status: 200,
          contentType: JSON_TYPE,
          body: endpoint === 'evm' ? `{"jsonrpc":"2.0","id":${JSON.stringify(firstId)},"result":{"block":{"number":"0x1a2b",` : '[{"coin":"BTC","limitPx":"101240.0",',
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
        return streamOversize(res, fault.bytes, fault.chunked ?? false, endpoint, firstId);
      case 'wrongId':
        return send(res, normal(true));
      case 'hang':
        return; // closeAllConnections() in close() ends it.
      case 'respond':
        return send(res, { status: fault.status ?? 200, contentType: fault.contentType ?? JSON_TYPE, body: fault.body });
    }
  }

  const server = http.createServer({ keepAlive: true }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, text(500, 'Internal Server Error'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;

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
    startedAt,
    setFaults(list: DemoFault[]) {
      faults.set(list);
    },
    clearFaults() {
      faults.clear();
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
