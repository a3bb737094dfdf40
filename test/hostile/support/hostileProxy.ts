/**
 * A hostile provider: a real HTTP server on 127.0.0.1 in front of the demo node. Each request goes to
 * the demo node; a rule may then rewrite its answer (markup in a coin name, a number over 2^256, a
 * JSON-RPC error that echoes the key…) or answer on its own. JSON-RPC ids are kept, so the clients'
 * id check is not what catches a mutation. Counts what it changed. A configuration of the one forwarding
 * proxy (test/support/forwardingProxy.ts): the rule is its `answer`.
 */
import { ForwardingProxy, type UpstreamAnswer } from '../../support/forwardingProxy';

export interface ProxyRequest {
  endpoint: 'evm' | 'info' | 'other';
  /** The request path (it holds the key: tests only compare it). */
  path: string;
  body: string;
  json: unknown;
  /** JSON-RPC methods or info `type`s asked for. */
  methods: string[];
}

export interface UpstreamReply {
  status: number;
  contentType: string;
  body: string;
  /** Headers worth passing on (Retry-After). */
  headers?: Record<string, string>;
}

export interface Reply {
  status?: number;
  contentType?: string;
  body: string;
  headers?: Record<string, string>;
}

/** Returns a reply to send instead of the demo node's, or undefined to pass its answer through. */
export type ProxyRule = (req: ProxyRequest, upstream: () => Promise<UpstreamReply>) => Promise<Reply | undefined> | Reply | undefined;

export interface HostileProxy {
  readonly baseUrl: string;
  /** Answers changed or made up by a rule. */
  readonly mutated: number;
  /** Requests seen. */
  readonly requests: number;
  setRule(rule: ProxyRule | undefined): void;
  close(): Promise<void>;
}

/** The upstream's answer as a rule sees it: its text, its content type, and Retry-After when there is one. */
function upstreamReply(up: UpstreamAnswer): UpstreamReply {
  const retryAfter = up.headers['retry-after'];
  return {
    status: up.status,
    contentType: String(up.headers['content-type'] ?? ''),
    body: up.body.toString('utf8'),
    headers: retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : undefined,
  };
}

export async function startHostileProxy(upstream: string): Promise<HostileProxy> {
  let rule: ProxyRule | undefined;
  let mutated = 0;
  let requests = 0;
  const proxy = new ForwardingProxy({
    target: upstream,
    keepAliveTimeoutMs: 30_000,
    onRequest: () => (requests += 1),
    answer: async (req, asked) => {
      let reply: Promise<UpstreamReply> | undefined;
      const upstreamOnce = () => (reply ??= asked().then(upstreamReply));
      const own = rule ? await rule({ endpoint: req.endpoint, path: req.path, body: req.text, json: req.json, methods: req.methods }, upstreamOnce) : undefined;
      if (own) mutated += 1;
      const sent: Reply = own ?? (await upstreamOnce());
      return {
        status: sent.status ?? 200,
        headers: { 'Content-Type': sent.contentType ?? 'application/json', ...sent.headers },
        body: sent.body,
      };
    },
  });
  await proxy.start();
  return {
    baseUrl: proxy.baseUrl,
    get mutated() {
      return mutated;
    },
    get requests() {
      return requests;
    },
    setRule(r) {
      rule = r;
    },
    close: () => proxy.close(),
  };
}

// ---- rules ----

type Json = any;

/** The JSON-RPC method each id of a request asked for (one call, or each call of a batch). */
function methodsById(json: unknown): Map<unknown, unknown> {
  const entries = Array.isArray(json) ? json : [json];
  return new Map(entries.filter((e) => typeof e === 'object' && e !== null).map((e) => [(e as Json).id, (e as Json).method]));
}

/** Applies `change` to the answer of each call of `method`, alone or in a batch (the other answers stay). */
function rewriteCalls(req: ProxyRequest, body: string, method: string, change: (envelope: Json) => Json): string {
  const asked = methodsById(req.json);
  const answer = JSON.parse(body);
  const one = (envelope: Json) => (asked.get(envelope?.id) === method ? change(envelope) : envelope);
  return JSON.stringify(Array.isArray(answer) ? answer.map(one) : one(answer));
}

/** Rewrites the `result` of one JSON-RPC method (the id and envelope stay), alone or in a batch. */
export function mutateResult(method: string, change: (result: Json) => Json): ProxyRule {
  return async (req, upstream) => {
    if (req.endpoint !== 'evm' || !req.methods.includes(method)) return undefined;
    const reply = await upstream();
    let changed = false;
    const body = rewriteCalls(req, reply.body, method, (envelope) => {
      if (!('result' in envelope)) return envelope;
      changed = true;
      return { ...envelope, result: change(envelope.result) };
    });
    return changed ? { body } : undefined;
  };
}

/** Answers one JSON-RPC method with an error object (echoing the request id); in a batch, the other calls are answered. */
export function rpcError(method: string, code: number, message: string): ProxyRule {
  return async (req, upstream) => {
    if (req.endpoint !== 'evm' || !req.methods.includes(method)) return undefined;
    if (!Array.isArray(req.json)) {
      const id = (req.json as { id?: unknown } | undefined)?.id ?? null;
      return { body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) };
    }
    const reply = await upstream();
    return { body: rewriteCalls(req, reply.body, method, (envelope) => ({ jsonrpc: '2.0', id: envelope.id, error: { code, message } })) };
  };
}

/** Rewrites the answer to one info `type`. */
export function mutateInfo(type: string, change: (json: Json, request: Json) => Json): ProxyRule {
  return async (req, upstream) => {
    if (req.endpoint !== 'info' || !req.methods.includes(type)) return undefined;
    const reply = await upstream();
    if (reply.status !== 200) return undefined;
    return { body: JSON.stringify(change(JSON.parse(reply.body), req.json)) };
  };
}

/** The first rule that answers wins. */
export function rules(...list: ProxyRule[]): ProxyRule {
  return async (req, upstream) => {
    for (const r of list) {
      const reply = await r(req, upstream);
      if (reply) return reply;
    }
    return undefined;
  };
}
