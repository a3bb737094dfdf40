// Live wallets (issue 34): the work per 1,000 WebSocket messages — the frame cap, the pre-parse scan,
// JSON.parse, the schemas (the same as the info answers'), the merge, and the store's apply with the
// wallet's view and account view drawn again — beside JSON.parse of the same frames; and the requests
// and weight a minute that five live wallets no longer spend on automatic refreshes. The messages are
// what the demo node's /ws sends (each dex's account, mids, order lists), handed to the client in turn
// as its connection does (`receive`), over a connection to the demo node that is live. And the time from
// the demo node sending a change of the account (its market moves a step) to the store holding it and
// saying so (what the tree redraws from), in this process, beside a bare `ws` client receiving the same
// message: the transport's own floor. (The real host's "sent → tree drawn" is not measured here.)
// Alone: `npx tsx bench/live.bench.ts`.
import * as os from 'node:os';
import { WebSocket } from 'ws';
import { createProviderClients } from '../src/core/provider';
import { HyperliquidSocket } from '../src/core/hyperliquidSocket';
import { DEMO_WALLETS, startDemoNode } from '../src/demo/demoNode';
import { demoClearinghouseState } from '../src/demo/accounts';
import { demoAllMids } from '../src/demo/markets';
import { OpenOrdersSource } from '../src/orders/openOrdersSource';
import { listing, ordersStoreOver } from '../test/support/ordersHarness';
import { runAlone } from './report';
import { measureInterleaved, stats, type BenchRow } from './types';

const MESSAGES = 1_000;
/** An automatic refresh every 30 s (the setting's default is 0: refreshes only on demand, nothing to save). */
const AUTO_REFRESH_SECONDS = 30;
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

export default async function run(): Promise<BenchRow[]> {
  let since = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    console.error(`[bench] live: ${what} in ${((now - since) / 1000).toFixed(1)} s`);
    since = now;
  };
  const node = await startDemoNode();
  let requests = 0;
  const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0, onRequest: () => (requests += 1) });
  // Five wallets: the demo's (with orders, positions and balances) and fresh addresses (empty accounts).
  const five = [...DEMO_WALLETS.map((w) => w.address), ...Array.from({ length: 5 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, 'c')}`)].slice(0, 5);
  const store = ordersStoreOver(new OpenOrdersSource(clients.info), { wallets: () => five.map((a) => listing(a)) });
  const socket = new HyperliquidSocket({ url: node.socketUrl, drawMs: 60_000 });
  try {
    await store.refreshAll();
    // ---- requests a minute saved ----
    const live = new Set<string>();
    store.setLiveCheck((a) => live.has(a));
    const ledger = store.ledger;
    const polledWeight = store.refreshWeight;
    let before = requests;
    await store.refreshAll({ automatic: true });
    const polledRequests = requests - before;
    for (const a of five) live.add(a);
    const liveWeight = store.refreshWeight;
    before = requests;
    await store.refreshAll({ automatic: true });
    const liveRequests = requests - before;
    const perMinute = 60 / AUTO_REFRESH_SECONDS;
    step('requests a minute counted');

    // ---- event sent → store changed, beside a bare ws client ----
    const latency = await sentToStore(node, five.slice(0, 1), clients);
    step('sent → store measured');

    // ---- CPU per 1,000 messages ----
    socket.onUpdate((updates) => {
      for (const u of updates) store.applyLive(u.user, u);
    });
    socket.onMids((mids) => store.applyLiveMids(mids));
    const dexes = ['', 'xyz', 'flx'];
    socket.watch(maker.address, dexes);
    for (let i = 0; i < 200 && !socket.isLive(maker.address); i++) await new Promise((r) => setTimeout(r, 25));
    if (!socket.isLive(maker.address)) throw new Error('the socket did not go live');
    socket.flush();
    const orders = (await (
      await fetch(`${node.baseUrl}/${node.apiKey}/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'frontendOpenOrders', user: maker.address, dex: '' }),
      })
    ).json()) as unknown[];
    // The mix a live wallet gets: mids most often, then its account, now and then its order list.
    const frames = Array.from({ length: MESSAGES }, (_, i) => {
      const dex = dexes[i % dexes.length]!;
      const step = Math.floor(i / 6) % 8;
      const kind = i % 10 < 6 ? 'allMids' : i % 10 < 9 ? 'clearinghouseState' : 'openOrders';
      const data =
        kind === 'allMids'
          ? { dex, mids: demoAllMids(dex, step) }
          : kind === 'clearinghouseState'
            ? { user: maker.address, dex, clearinghouseState: demoClearinghouseState(maker.address, dex, 0, 1_764_000_000_000, step) }
            : { user: maker.address, dex: '', orders };
      return Buffer.from(JSON.stringify({ channel: kind, data }));
    });
    step('socket live, frames made');
    let problems = 0;
    socket.onProblem(() => (problems += 1));
    // 15 rounds after 2: 20 after 3 gave medians of 77 / 80 ms and p95 of 133 / 136 ms in two runs (the
    // target: p95 ≤ 300 ms), JSON.parse alone 12 / 14 ms.
    const [ours, parsed] = await measureInterleaved(
      [
        () => {
          for (const f of frames) socket.receive(f);
          socket.flush(); // merged: one apply to the store, the views drawn again
        },
        () => {
          for (const f of frames) JSON.parse(f.toString('utf8'));
        },
      ],
      15,
      2,
    );
    step('1,000 messages measured');
    if (problems > 0) throw new Error(`${problems} frames refused`);
    const kb = Math.round(frames.reduce((n, f) => n + f.length, 0) / 1024);
    const note = `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs during the run`;
    const cpu = stats(ours!);
    const base = stats(parsed!);
    const sent = stats(latency.ours);
    const bare = stats(latency.bare);
    return [
      {
        group: 'views',
        name: 'Live wallets: the demo node sends a change of the account → the store holds it and says so (in-process, the default 250 ms draw pace)',
        unit: 'ms',
        ours: sent,
        baseline: { name: 'a bare ws client receiving the same message (JSON.parse only)', stats: bare },
        // The target for the tree drawn in the real host is ≤ 100 ms; the store's part must be well within it.
        target: '≤ 50 ms (p95)',
        met: sent.p95 <= 50,
        note: `${note}; each change after a quiet spell, as events come; the tree's own draw in the real host is not in this row`,
      },
      {
        group: 'views',
        name: `Live wallets: 1,000 WebSocket messages (${kb} KB: mids, accounts, order lists) → validated, merged, applied to the store and drawn`,
        unit: 'ms',
        ours: cpu,
        baseline: { name: 'JSON.parse of the same 1,000 frames alone', stats: base },
        // At the exchange's cap of 2,000 messages a minute, 300 ms per 1,000 is 1% of one core.
        target: '≤ 300 ms (p95): 2,000 messages a minute within 1% of a core',
        met: cpu.p95 <= 300,
        note: `${note}; ${(cpu.median / base.median).toFixed(1)}× JSON.parse alone; merged into one draw, as the client draws at most every 250 ms`,
      },
      {
        group: 'network',
        name: `Live wallets: requests a minute of automatic refreshes for five wallets, polled → live (every ${AUTO_REFRESH_SECONDS} s)`,
        unit: 'requests',
        ours: stats([liveRequests * perMinute]),
        baseline: { name: 'the same five wallets polled', stats: stats([polledRequests * perMinute]) },
        target: '0 (live wallets are not polled)',
        met: liveRequests === 0 && liveWeight === 0,
        note:
          `saved ${polledRequests * perMinute} requests a minute, ${polledWeight * perMinute} of the ledger's ${ledger.unit} a minute ` +
          `(${polledWeight} a refresh, from the store's ledger); the default auto-refresh is 0 (on demand), where nothing is polled either way`,
      },
    ];
  } finally {
    socket.close();
    store.dispose();
    await node.close();
  }
}

/**
 * `rounds` market steps of the demo node, each after a quiet spell: the time from the step (the node sends
 * `clearinghouseState` at once) to the store's change event with the new account, and to a bare client's message.
 */
async function sentToStore(
  node: Awaited<ReturnType<typeof startDemoNode>>,
  [address]: string[],
  clients: ReturnType<typeof createProviderClients>,
  // 15 changes, each after a 300 ms quiet spell: 25 gave medians of 4.6 / 3.9 ms and p95 of 20 / 9 ms in
  // two runs, far within the 50 ms target; each round costs the quiet spell, 3 s of a run for the 10 more.
  rounds = 15,
): Promise<{ ours: number[]; bare: number[] }> {
  const user = address!;
  const store = ordersStoreOver(new OpenOrdersSource(clients.info), { wallets: () => [listing(user)] });
  const socket = new HyperliquidSocket({ url: node.socketUrl }); // the default draw pace (250 ms)
  const raw = new WebSocket(node.socketUrl);
  const rawOpen = new Promise<void>((resolve, reject) => {
    raw.once('open', () => resolve());
    raw.once('error', reject);
  });
  try {
    await store.refreshAll();
    socket.onUpdate((updates) => {
      for (const u of updates) store.applyLive(u.user, u);
    });
    socket.watch(user, ['']);
    await rawOpen;
    raw.send(JSON.stringify({ method: 'subscribe', subscription: { type: 'clearinghouseState', user, dex: '' } }));
    for (let i = 0; i < 200 && !socket.isLive(user); i++) await new Promise((r) => setTimeout(r, 25));
    if (!socket.isLive(user)) throw new Error('the socket did not go live');
    // The bare client's acknowledgement and first state come in during the first round's quiet spell (no
    // listener yet): a quiet spell of its own before it measured nothing.
    const ours: number[] = [];
    const bare: number[] = [];
    const valueOf = () => store.wallet(user)?.last?.account.perps.get('')?.accountValue;
    for (let i = 0; i < rounds; i++) {
      await new Promise((r) => setTimeout(r, 300)); // quiet: past the draw pace
      const before = valueOf();
      const gotBare = new Promise<number>((resolve) =>
        raw.once('message', (data) => {
          JSON.parse(String(data));
          resolve(performance.now());
        }),
      );
      const gotOurs = new Promise<number>((resolve) => {
        const sub = store.onDidChange((a) => {
          if (a === user && valueOf() !== before) {
            sub.dispose();
            resolve(performance.now());
          }
        });
      });
      const at = performance.now();
      node.live.tick();
      const [o, b] = await Promise.all([gotOurs, gotBare]);
      ours.push(o - at);
      bare.push(b - at);
    }
    return { ours, bare };
  } finally {
    raw.terminate();
    socket.close();
    store.dispose();
  }
}

if (require.main === module) runAlone(run, { exit: true });
