// The live connection's soak (issue 34): `core/hyperliquidSocket.ts` as the extension runs it, against a
// demo node's `/ws`, for minutes. Five wallets are watched; a fill is sent to one of them every
// `fillEveryMs` through the node's control endpoint (the exchange filling an order); every `dropEveryMs`
// the node drops every connection (and every third time refuses new ones for a few seconds, as a network
// that is down). At the end: fills sent against fills the client handed out (none lost, none twice, in
// order per wallet), how long a fill took from the node to the client while connected, the connections
// it opened, and its heap, sockets and timers against the start. No `vscode`: the client is plain Node;
// the real host's soak (test/soak/run.ts) runs the extension around it.
import * as http from 'node:http';
import { HyperliquidSocket, type LiveUserUpdate } from '../../src/core/hyperliquidSocket';
import { socketUrlOf } from '../../src/core/endpoints';

export interface LiveSoakOptions {
  /** The demo node's base URL (its control endpoint must be on). */
  baseUrl: string;
  durationMs: number;
  fillEveryMs: number;
  dropEveryMs: number;
  /** How long the node refuses connections on every third drop. */
  downMs?: number;
  /** The wallets watched (at most the exchange's 10). */
  wallets: readonly string[];
  log?: (message: string) => void;
}

export interface LiveSoakFigures {
  durationMs: number;
  sent: number;
  delivered: number;
  duplicates: number;
  lost: number;
  /** Fills handed out in another order than the node made them, per wallet. */
  outOfOrder: number;
  drops: number;
  downs: number;
  connects: number;
  /** Node → client, for fills sent while the connection was live: median and p95, ms. */
  latencyMs: { median: number; p95: number; samples: number };
  /** Fills that came only with a snapshot after a reconnect (sent while away). */
  caughtUp: number;
  heapStart?: number;
  heapEnd?: number;
  socketsStart: number;
  socketsEnd: number;
  timersStart: number;
  timersEnd: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function resources(): { sockets: number; timers: number } {
  const active = process.getActiveResourcesInfo();
  return { sockets: active.filter((k) => k === 'TCPSocketWrap').length, timers: active.filter((k) => k === 'Timeout').length };
}

function heap(): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A control request on a connection of its own, closed after it (no kept-alive socket left to count). */
function control(baseUrl: string, action: string, user?: string): Promise<number | undefined> {
  const body = JSON.stringify(user ? { action, user } : { action });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/__demo/live`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`the demo node refused ${action}: HTTP ${res.statusCode}`));
          resolve((JSON.parse(text) as { id?: number }).id);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Runs the soak; resolves with its figures (the verdict is `liveSoakProblems`). */
export async function liveSoak(o: LiveSoakOptions): Promise<LiveSoakFigures> {
  const log = o.log ?? (() => undefined);
  const url = socketUrlOf(`${o.baseUrl}/info`);
  if (!url) throw new Error(`no WebSocket address for ${o.baseUrl}`);
  const before = resources();
  const socket = new HyperliquidSocket({ url, backoffBaseMs: 200, backoffMaxMs: 2_000, drawMs: 50 });
  const sent = new Map<number, { user: string; at: number; live: boolean }>();
  const seen = new Map<number, number>();
  const lastTid = new Map<string, number>();
  const latencies: number[] = [];
  let outOfOrder = 0;
  let caughtUp = 0;
  socket.onUpdate((updates: LiveUserUpdate[]) => {
    const now = performance.now();
    for (const u of updates) {
      for (const f of u.fills) {
        seen.set(f.tid, (seen.get(f.tid) ?? 0) + 1);
        const s = sent.get(f.tid);
        if (!s) continue; // not one of ours (none expected: the node makes fills only when asked)
        if (f.tid < (lastTid.get(u.user) ?? -1)) outOfOrder++;
        lastTid.set(u.user, Math.max(f.tid, lastTid.get(u.user) ?? -1));
        if (u.caughtUp && !s.live) caughtUp++;
        else if (s.live) latencies.push(now - s.at);
      }
    }
  });
  let heapStart: number | undefined;
  let drops = 0;
  let downs = 0;
  try {
    for (const w of o.wallets) if (!socket.watch(w, [''])) throw new Error(`the client refused to watch ${w}`);
    const liveBy = Date.now() + 30_000;
    while (!o.wallets.every((w) => socket.isLive(w))) {
      if (Date.now() > liveBy) throw new Error('the wallets did not go live within 30 s');
      await sleep(50);
    }
    heapStart = heap();
    const start = Date.now();
    let nextDrop = start + o.dropEveryMs;
    let i = 0;
    while (Date.now() - start < o.durationMs) {
      if (Date.now() >= nextDrop) {
        drops++;
        if (drops % 3 === 0) {
          downs++;
          await control(o.baseUrl, 'down');
          await sleep(o.downMs ?? 3_000);
          await control(o.baseUrl, 'up');
        } else {
          await control(o.baseUrl, 'drop');
        }
        nextDrop += o.dropEveryMs;
        log(
          `drop ${drops}${drops % 3 === 0 ? ' (down for a while)' : ''} at ${((Date.now() - start) / 1000).toFixed(0)} s; ${sent.size} fills sent, ${seen.size} delivered`,
        );
      }
      const user = o.wallets[i++ % o.wallets.length]!;
      const live = socket.isLive(user);
      const at = performance.now();
      const tid = await control(o.baseUrl, 'fill', user);
      if (tid === undefined) throw new Error('the demo node gave no fill id');
      sent.set(tid, { user: user.toLowerCase(), at, live });
      await sleep(o.fillEveryMs);
    }
    // What was sent last, or while away, arrives once every wallet is live again (the snapshot fills the gap).
    const settleBy = Date.now() + 30_000;
    while (Date.now() < settleBy && ![...sent.keys()].every((tid) => seen.has(tid))) await sleep(100);
    const durationMs = Date.now() - start;
    const delivered = [...sent.keys()].filter((tid) => seen.has(tid)).length;
    const sortedLatency = [...latencies].sort((a, b) => a - b);
    const heapEnd = heap();
    const connects = socket.connects;
    socket.close();
    await sleep(200); // the closed socket's handle goes
    const after = resources();
    return {
      durationMs,
      sent: sent.size,
      delivered,
      duplicates: [...seen.values()].reduce((n, c) => n + (c > 1 ? c - 1 : 0), 0),
      lost: sent.size - delivered,
      outOfOrder,
      drops,
      downs,
      connects,
      latencyMs: { median: percentile(sortedLatency, 0.5), p95: percentile(sortedLatency, 0.95), samples: sortedLatency.length },
      caughtUp,
      heapStart,
      heapEnd,
      socketsStart: before.sockets,
      socketsEnd: after.sockets,
      timersStart: before.timers,
      timersEnd: after.timers,
    };
  } finally {
    socket.close();
  }
}

/** What is wrong with a run's figures; empty when it passed. */
export function liveSoakProblems(f: LiveSoakFigures, heapGrowthBytes = 10 * 1024 * 1024): string[] {
  const problems: string[] = [];
  if (f.sent === 0) problems.push('no fill was sent');
  if (f.lost > 0) problems.push(`${f.lost} of ${f.sent} fills never reached the client`);
  if (f.duplicates > 0) problems.push(`${f.duplicates} fills were handed out twice`);
  if (f.outOfOrder > 0) problems.push(`${f.outOfOrder} fills came out of order`);
  if (f.drops > 0 && f.connects < 2) problems.push('the connection was dropped but never opened again');
  if (f.socketsEnd > f.socketsStart) problems.push(`sockets ${f.socketsStart} → ${f.socketsEnd} after close`);
  if (f.timersEnd > f.timersStart) problems.push(`timers ${f.timersStart} → ${f.timersEnd} after close`);
  if (f.heapStart !== undefined && f.heapEnd !== undefined && f.heapEnd - f.heapStart > heapGrowthBytes) {
    problems.push(`heap grew by ${((f.heapEnd - f.heapStart) / 1024 / 1024).toFixed(1)} MB`);
  }
  return problems;
}
