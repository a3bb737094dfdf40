/**
 * A real HTTP server on 127.0.0.1 for core tests: each request is answered by the handler the test sets,
 * so a test can reply with a fixture, a status, a broken body or nothing at all. Records what arrived.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export type Handler = (req: ReceivedRequest, res: http.ServerResponse) => void;

/** One JSON-RPC call, alone or one of a batch. */
export interface RpcCall {
  id: number;
  method: string;
  params: unknown[];
}

/** What a call is answered with (the envelope's `jsonrpc` and `id` are added). */
export type RpcReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export class ScriptedServer {
  readonly received: ReceivedRequest[] = [];
  handler: Handler = (_req, res) => res.writeHead(500).end();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json };
      this.received.push(r);
      this.handler(r, res);
    });
  });
  private sockets = new Set<import('node:net').Socket>();

  async start(): Promise<string> {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers every JSON-RPC call, alone or in a batch (an array of answers), with `answer(call)`. */
  rpc(answer: (call: RpcCall) => RpcReply): void {
    this.handler = (req, res) => {
      const one = (call: RpcCall) => ({ jsonrpc: '2.0', id: call.id, ...answer(call) });
      json(res, 200, Array.isArray(req.json) ? (req.json as RpcCall[]).map(one) : one(req.json as RpcCall));
    };
  }

  /** Every JSON-RPC call received, those of a batch one by one, in order. */
  get calls(): RpcCall[] {
    return this.received.flatMap((r) => (Array.isArray(r.json) ? (r.json as RpcCall[]) : [r.json as RpcCall]));
  }

  /** Answers JSON-RPC with `result`, echoing the request id. */
  rpcResult(result: unknown): void {
    this.handler = (req, res) => json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, result });
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function text(res: http.ServerResponse, status: number, body: string, contentType = 'text/plain', headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
