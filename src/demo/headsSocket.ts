// The demo node's `/<key>/evm` over WebSocket: `eth_subscribe` `newHeads` as a provider serves it
// (docs/FACTS.md#websocket): the subscription id, then the head as a notification; the demo chain does not
// grows only when the node mints blocks (`blockMs`, on in `npm run demo`): the head is sent when the
// subscription starts and at each new block (`pushHead`). Every other
// JSON-RPC call on the connection gets the node's HTTP answer. QuickNode's `/evm` and the public endpoints
// serve no WebSocket here, as there.
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { textExceedsJsonDepth } from '../core/jsonLimits';
import { demoBlockModel, demoHead, slimHeader } from './chain';
import type { EvmAnswers } from './evmAnswers';

/** Largest message the node reads from a client. */
const MAX_CLIENT_MESSAGE = 64 * 1024;

export class DemoHeadsSocket {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE, perMessageDeflate: false });
  private readonly subscribed = new Map<WebSocket, Set<string>>();
  private next = 1;

  constructor(
    private readonly evm: EvmAnswers,
    private readonly headTimestamp: number,
  ) {
    this.server.on('connection', (ws) => {
      this.subscribed.set(ws, new Set());
      ws.on('close', () => this.subscribed.delete(ws));
      ws.on('message', (data, isBinary) => this.received(ws, String(data), isBinary));
    });
  }

  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(req, socket, head, (ws) => this.server.emit('connection', ws, req));
  }

  /** Sends the head to every subscription now. */
  pushHead(): void {
    for (const [ws, ids] of this.subscribed) for (const id of ids) this.sendHead(ws, id);
  }

  close(): void {
    for (const ws of this.subscribed.keys()) ws.terminate();
    this.server.close();
  }

  private sendHead(ws: WebSocket, subscription: string): void {
    const model = demoBlockModel(demoHead());
    if (!model) return;
    ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription, result: slimHeader(model, this.headTimestamp) } }));
  }

  private received(ws: WebSocket, text: string, isBinary: boolean): void {
    if (isBinary || textExceedsJsonDepth(text)) return void ws.close(1003);
    let m: { id?: unknown; method?: unknown; params?: unknown };
    try {
      m = JSON.parse(text) as typeof m;
    } catch {
      return void ws.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
    }
    if (m?.method === 'eth_subscribe') {
      const kind = Array.isArray(m.params) ? m.params[0] : undefined;
      if (kind !== 'newHeads')
        return void ws.send(JSON.stringify({ jsonrpc: '2.0', id: m.id ?? null, error: { code: -32602, message: 'only newHeads is served here' } }));
      const id = `0x${(this.next++).toString(16).padStart(32, '0')}`;
      this.subscribed.get(ws)?.add(id);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: m.id ?? null, result: id }));
      return this.sendHead(ws, id);
    }
    if (m?.method === 'eth_unsubscribe') {
      const id = Array.isArray(m.params) ? String(m.params[0]) : '';
      return void ws.send(JSON.stringify({ jsonrpc: '2.0', id: m.id ?? null, result: this.subscribed.get(ws)?.delete(id) ?? false }));
    }
    ws.send(this.evm.reply(text).body);
  }
}
