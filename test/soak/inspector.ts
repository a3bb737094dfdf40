/**
 * The extension host seen through its inspector (the Chrome DevTools Protocol over a WebSocket): code-server
 * starts it with `--inspect=<port>` when the workbench asks for `inspect-extensions`. Out of band: nothing
 * is shown in the UI, nothing is added to the extension, and the garbage collection is a real full one
 * (`HeapProfiler.collectGarbage`), which code inside the host cannot ask for without `--expose-gc`.
 * Needs a global WebSocket (Node 22+, or Node 20 with --experimental-websocket).
 */
import type { ResourceCounts } from './checks';

interface Reply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

interface RemoteObject {
  objectId?: string;
  value?: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Inspector {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; timer: NodeJS.Timeout }>();

  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const reply = JSON.parse(String(e.data)) as Reply;
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!waiting || reply.id === undefined) return;
      clearTimeout(waiting.timer);
      this.pending.delete(reply.id);
      waiting.resolve(reply);
    });
  }

  /** Waits for a Node target on `127.0.0.1:port` and attaches to it. */
  static async connect(port: number, timeoutMs = 120_000): Promise<Inspector> {
    if (typeof WebSocket === 'undefined') throw new Error('no global WebSocket: run under Node 22+ or with --experimental-websocket');
    const end = Date.now() + timeoutMs;
    let url: string | undefined;
    while (!url) {
      try {
        const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2_000) })).json()) as {
          webSocketDebuggerUrl?: string;
        }[];
        url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
      } catch {
        url = undefined;
      }
      if (!url) {
        if (Date.now() > end) throw new Error(`no extension host inspector on 127.0.0.1:${port} after ${timeoutMs / 1000} s`);
        await sleep(500);
      }
    }
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true });
      ws.addEventListener('error', () => reject(new Error(`cannot open the inspector's WebSocket ${url}`)), { once: true });
    });
    return new Inspector(ws);
  }

  send(method: string, params: Record<string, unknown> = {}, timeoutMs = 60_000): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`inspector: ${method} got no answer in ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.pending.set(id, {
        timer,
        resolve: (r) => (r.error ? reject(new Error(`inspector: ${method}: ${r.error.message}`)) : resolve(r.result ?? {})),
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The value of `expression` in the host, e.g. `process.version`. */
  async value(expression: string): Promise<unknown> {
    const r = (await this.send('Runtime.evaluate', { expression, returnByValue: true })) as { result?: RemoteObject };
    return r.result?.value;
  }

  /** The heap in use after two full collections (the second frees what the first's finalizers let go). */
  async heapUsedAfterGc(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    await this.send('HeapProfiler.collectGarbage');
    const usage = await this.send('Runtime.getHeapUsage');
    return Number(usage.usedSize);
  }

  /** Evaluates `expression` in the host (with the console's `require`), returning an object handle. */
  private async handle(expression: string, group: string): Promise<string> {
    const r = (await this.send('Runtime.evaluate', { expression, includeCommandLineAPI: true, objectGroup: group })) as {
      result?: RemoteObject;
      exceptionDetails?: { text?: string };
    };
    if (r.exceptionDetails || !r.result?.objectId) throw new Error(`inspector: ${expression} failed: ${JSON.stringify(r.exceptionDetails ?? r.result)}`);
    return r.result.objectId;
  }

  /** Calls `fn` (source text) with `this` = every live object whose prototype chain holds `prototype`. */
  private async overInstances(prototype: string, fn: string, group: string, args: string[] = []): Promise<unknown> {
    const proto = await this.handle(prototype, group);
    const { objects } = (await this.send('Runtime.queryObjects', { prototypeObjectId: proto, objectGroup: group })) as { objects: RemoteObject };
    const r = (await this.send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: fn,
      arguments: await Promise.all(args.map(async (a) => ({ objectId: await this.handle(a, group) }))),
      returnByValue: true,
    })) as { result?: RemoteObject; exceptionDetails?: unknown };
    if (r.exceptionDetails) throw new Error(`inspector: counting over ${prototype} failed: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result?.value;
  }

  /** Timers, sockets to `providerPort`, and listeners, as `ResourceCounts`. */
  async resources(providerPort: number): Promise<ResourceCounts> {
    const group = `soak-${this.nextId}`;
    try {
      const base = (await this.send('Runtime.evaluate', {
        expression: `(() => {
          const active = process.getActiveResourcesInfo();
          const sockets = process._getActiveHandles().filter((h) => h && h.remotePort === ${Number(providerPort)}).length;
          return { timers: active.filter((k) => k === 'Timeout').length, sockets };
        })()`,
        returnByValue: true,
      })) as { result: { value: { timers: number; sockets: number } } };
      const events = "(process.getBuiltinModule ? process.getBuiltinModule('events') : require('events'))";
      const emitterListeners = await this.overInstances(
        `${events}.EventEmitter.prototype`,
        'function () { let n = 0; for (const e of this) { try { for (const k of e.eventNames()) n += e.listenerCount(k); } catch {} } return n; }',
        group,
      );
      const abortListeners = await this.overInstances(
        'AbortSignal.prototype',
        "function (events) { let n = 0; for (const s of this) { try { n += events.getEventListeners(s, 'abort').length; } catch {} } return n; }",
        group,
        [events],
      );
      return { ...base.result.value, emitterListeners: Number(emitterListeners), abortListeners: Number(abortListeners) };
    } finally {
      await this.send('Runtime.releaseObjectGroup', { objectGroup: group }).catch(() => undefined);
    }
  }

  close(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.ws.close();
  }
}
