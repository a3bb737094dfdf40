// Where a user far from the provider waits: each action through the code the extension runs (the block
// source, the transaction and address lookups, the orders store, the hovers' data), without VS Code,
// against the demo node (a child process) behind a latency proxy on loopback (test/support/latencyProxy.ts).
// Each action is measured at 0 ms and at 100 ms of added round-trip time, on a warm connection (the pool
// holds one open connection when it starts); the proxy counts the requests, the new connections and the
// sequential waves until the action is drawn, and after it (what follows the draw).
// Alone: `npx tsx bench/roundTrips.bench.ts` (needs dist/demoNode.js: `node esbuild.mjs`).
import { AddressHistory, nodeSource } from '../src/address/addressHistory';
import { BlockSource } from '../src/blocks/blockSource';
import { EIP1967_IMPLEMENTATION_SLOT } from '../src/contracts/transactionDecoding';
import { ROWS_CHUNK } from '../src/blocks/protocol';
import type { Address, Hash } from '../src/core/model';
import { ProviderAbilities } from '../src/core/abilities';
import { ProviderEndpoints } from '../src/core/endpoints';
import { connectProvider, type ProviderClients } from '../src/core/provider';
import { DEMO_CHAIN_ID, HYPE_SYSTEM_ADDRESS } from '../src/demo/chain';
import { demoHistoryCount, setDemoHistoryBlocks } from '../src/demo/addressSearch';
import { blockTimestamp, lookUpHash } from '../src/core/transactionLoad';
import { DEMO_BLOCKS, DEMO_WALLETS } from '../src/demo/demoNode';
import { DEMO_SAMPLES } from '../src/demo/samples';
import { HoverData } from '../src/hover/hoverData';
import { MIDS_SHARED_MS, OpenOrdersSource } from '../src/orders/openOrdersSource';
import { loadCallFrames } from '../src/transactions/callFrames';
import type { OrdersStore } from '../src/orders/ordersStore';
import { LatencyProxy } from '../test/support/latencyProxy';
import { listing, ordersStoreOver } from '../test/support/ordersHarness';
import { startDemoNodeProcess } from './demoNodeProcess';
import { stats, type BenchRow } from './types';
import { runAlone } from './report';

/** The added round trip of the second measurement (each way half of it). */
const RTT_MS = 100;
const ROUNDS_AT_ZERO = 5;
const ROUNDS_AT_RTT = 3;

const MAKER = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!.address;
/** An even block: the spec's shape, its transactions in the `ots_getBlockDetails` answer. */
const SPEC_BLOCK = DEMO_BLOCKS.smallBlock + 1;

/** What one run of an action tells: when it was drawn (`performance.now()`); undefined when that is its end. */
type Run = () => Promise<number | void>;

interface Action {
  name: string;
  /** Why it stays above one wave, when it must. */
  why?: string;
  /** Makes what must be cold for one run (new caches), and returns the run. */
  prepare: () => Run | Promise<Run>;
}

interface Sample {
  ms: number;
  /** The same action again at once, on the connections the first run left open. */
  warmPoolMs?: number;
  waves: number;
  wavesAfter: number;
  requests: number;
  calls: number;
  connections: number;
  perWave: string[][];
}

function actions(clients: ProviderClients, orders: OrdersBench): Action[] {
  const evm = clients.evm;
  return [
    { name: 'Look Up of a slim block (header + first rows)', prepare: () => () => blockPage(new BlockSource(evm), DEMO_BLOCKS.smallBlock) },
    { name: 'Look Up of a spec-shaped block (header + first rows)', prepare: () => () => blockPage(new BlockSource(evm), SPEC_BLOCK) },
    { name: 'Look Up of `latest` (header + first rows)', prepare: () => () => latestPage(new BlockSource(evm)) },
    { name: 'Look Up of a transaction hash → whole page (status, revert reason, logs, trace)', prepare: () => () => transactionPage(clients) },
    {
      name: 'Look Up of an address (contract or account, balance)',
      prepare: () => async () => void (await evm.getAddressSummary(DEMO_SAMPLES.contract as Address)),
    },
    {
      name: 'First rows of an address with 10,000 transactions (summary, nonce, proxy slot and the node’s first search page → rows)',
      why: 'the address page asks the history’s first page with the summary (src/address/addressPanel.ts)',
      prepare: () => () => addressFirstRows(evm, HYPE_SYSTEM_ADDRESS as Address),
    },
    { name: 'Refresh of a wallet on three dexs, with mids and fates → tree redrawn', prepare: () => orders.refreshRun() },
    { name: 'First draw of a newly watched wallet (dex list known)', prepare: () => orders.newWalletRun() },
    { name: 'Cold hover on a block number', prepare: () => hoverRun(clients, (d) => d.blocks.find(DEMO_BLOCKS.hoverBlock)) },
    { name: 'Cold hover on a transaction hash', prepare: () => hoverRun(clients, (d) => d.transactions.find(DEMO_SAMPLES.transferTx as Hash)) },
    { name: 'Cold hover on an address', prepare: () => hoverRun(clients, (d) => d.addresses.find(DEMO_SAMPLES.account as Address)) },
  ];
}

/** What the block page fetches before it draws the block with its first rows. */
async function blockPage(source: BlockSource, n: number): Promise<void> {
  const screen = await source.firstScreen(n);
  if (screen.rows.length === 0 && screen.details.block.transactionCount > 0) await source.transactions(screen.details, 0, ROWS_CHUNK);
}

async function latestPage(source: BlockSource): Promise<void> {
  const screen = await source.latestScreen();
  if (screen.rows.length === 0 && screen.details.block.transactionCount > 0) await source.transactions(screen.details, 0, ROWS_CHUNK);
}

/** What the address page asks before its first rows: the summary, the nonce and the first page of the node's search, at once. */
async function addressFirstRows(evm: ProviderClients['evm'], address: Address): Promise<void> {
  const history = new AddressHistory(nodeSource(evm, address));
  const [, , , page] = await Promise.all([
    evm.getAddressSummary(address),
    evm.getNonce(address),
    evm.getStorageAt(address, EIP1967_IMPLEMENTATION_SLOT as Hash),
    history.older(),
  ]);
  if (page.added.length === 0) throw new Error(`no transactions of ${address}`);
}

/** Look Up of a hash: what it is, with everything the transaction page shows; drawn, then the block's time. */
async function transactionPage({ evm }: ProviderClients): Promise<number> {
  const found = await lookUpHash(evm, DEMO_SAMPLES.failedTx as Hash);
  if (found.kind !== 'transaction') throw new Error('the sample transaction was not found');
  const drawn = performance.now();
  // What the page draws after: the block's time, and the node's call frames of a failed transaction.
  const source = new BlockSource(evm);
  await Promise.all([blockTimestamp(found.bundle.tx, (n, signal) => source.block(n, signal)), loadCallFrames(evm, found.bundle)]);
  return drawn;
}

function hoverRun(clients: ProviderClients, find: (data: HoverData) => Promise<unknown>): Run {
  const data = new HoverData(clients.evm, new BlockSource(clients.evm));
  return async () => {
    await find(data);
    data.dispose();
  };
}

/** The orders store over one source (its market data kept, as on a connection in use). */
class OrdersBench {
  readonly source: OpenOrdersSource;
  private readonly store: OrdersStore;

  /**
   * How far the source's clock runs ahead of the wall clock: moved on by `MIDS_SHARED_MS` where a refresh
   * must not share the last one's mids, instead of waiting that second out (28 s of a run).
   */
  private aheadMs = 0;

  constructor(private readonly clients: ProviderClients) {
    this.source = new OpenOrdersSource(clients.info, { now: () => Date.now() + this.aheadMs });
    this.store = this.newStore();
  }

  private newStore(): OrdersStore {
    const wallets = [listing(MAKER, 'maker')];
    return ordersStoreOver(this.source, { wallets: () => wallets });
  }

  /** Refresh of the market maker, whose orders were loaded before (so some are gone: their fates are looked up). */
  async refreshRun(): Promise<Run> {
    if (!this.store.wallet(MAKER)?.last) await this.store.refreshWallet(MAKER);
    // Mid prices are shared only by the wallets of one refresh: this one asks them again.
    this.aheadMs += MIDS_SHARED_MS + 1;
    return () => drawnBy(this.store, MAKER);
  }

  /** A store that has never shown the wallet, over the source in use (the dex list is known). */
  async newWalletRun(): Promise<Run> {
    if (!this.store.wallet(MAKER)?.last) await this.store.refreshWallet(MAKER);
    const store = this.newStore();
    this.aheadMs += MIDS_SHARED_MS + 1;
    return async () => {
      const drawn = await drawnBy(store, MAKER);
      store.dispose();
      return drawn;
    };
  }

  dispose(): void {
    this.store.dispose();
    this.source.dispose();
    void this.clients;
  }
}

/** Refreshes `address` in `store`; the time its tree was first redrawn with new orders. */
async function drawnBy(store: OrdersStore, address: string): Promise<number> {
  const before = store.wallet(address)?.last;
  let drawnAt: number | undefined;
  const subscription = store.onDidChange((a) => {
    if (drawnAt === undefined && (a === address || a === undefined) && store.wallet(address)?.last !== before) drawnAt = performance.now();
  });
  try {
    const outcome = await store.refreshWallet(address);
    if (!outcome.ok) throw new Error(`the refresh of ${address} failed: ${String(outcome.error)}`);
    return drawnAt ?? performance.now();
  } finally {
    subscription.dispose();
  }
}

/**
 * Runs `action` `rounds` times (after `warmup`), each on a warm connection: the pool holds exactly one open
 * connection when it starts. With `warmPool`, each is run once more at once, on the connections the first
 * run left open (as an action soon after another finds them): its time is `warmPoolMs`.
 */
async function measureAction(
  proxy: LatencyProxy,
  clients: ProviderClients,
  action: Action,
  rounds: number,
  warmup: number,
  warmPool = false,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const oneWayMs = proxy.oneWayMs;
  for (let i = 0; i < warmup + rounds; i++) {
    const run = await action.prepare();
    // The client is in this process: it sees the close in the next turn of its event loop. The proxy's
    // default wait of 20 ms (for a client elsewhere) cost 2.6 s of a run over its 130 rounds.
    await proxy.dropConnections(2);
    // The one warm connection is opened without the added delay (the proxy holds each request by the delay
    // set when it arrives): its set-up and request are not measured, and at 100 ms they cost 300 ms a round,
    // 10 s of a run.
    proxy.oneWayMs = 0;
    await clients.evm.getBlockNumber();
    proxy.oneWayMs = oneWayMs;
    proxy.reset();
    const t0 = performance.now();
    const drawnAt = (await run()) ?? performance.now();
    const done = proxy.tally();
    const drawn = proxy.tally(drawnAt);
    let warmPoolMs: number | undefined;
    if (warmPool) {
      const again = await action.prepare();
      const t1 = performance.now();
      warmPoolMs = ((await again()) ?? performance.now()) - t1;
    }
    if (i >= warmup) {
      samples.push({
        ms: drawnAt - t0,
        warmPoolMs,
        waves: drawn.waves,
        wavesAfter: done.waves - drawn.waves,
        requests: done.requests,
        calls: done.calls,
        connections: done.connections,
        perWave: done.perWave,
      });
    }
  }
  return samples;
}

function describeWaves(perWave: string[][], drawnWaves: number): string {
  return perWave.map((w, i) => `${i + 1}${i >= drawnWaves ? ' (after the draw)' : ''}: ${w.join(', ')}`).join('; ');
}

function row(action: Action, atZero: Sample[], atRtt: Sample[]): BenchRow {
  const last = atRtt[atRtt.length - 1]!;
  const waves = Math.max(...atRtt.map((s) => s.waves));
  return {
    group: 'network',
    name: action.name,
    unit: 'ms',
    ours: stats(atRtt.map((s) => s.ms)),
    target: '1 wave on the critical path',
    met: waves <= 1,
    note: `${describeWaves(last.perWave, last.waves)}${action.why ? `. ${action.why}` : ''}`,
    roundTrip: {
      rttMs: RTT_MS,
      waves,
      wavesAfter: last.wavesAfter,
      atZero: stats(atZero.map((s) => s.ms)),
      requests: last.requests,
      calls: last.calls,
      connections: last.connections,
      atRttWarmPool: stats(atRtt.map((s) => s.warmPoolMs ?? Number.NaN)),
    },
  };
}

export default async function run(): Promise<BenchRow[]> {
  const started = performance.now();
  // 10,000 blocks of address history: the HYPE system address has more than 10,000 transactions in them.
  const demo = await startDemoNodeProcess(['--no-failing-dex', '--history-blocks', '10000']);
  const proxy = new LatencyProxy({ target: demo.baseUrl, oneWayMs: 0 });
  const url = await proxy.start();
  // As the extension connects: the route checks the chain id and learns what the provider serves.
  const clients = connectProvider(
    { endpoints: new ProviderEndpoints(url, demo.apiKey), chainId: DEMO_CHAIN_ID, abilities: new ProviderAbilities() },
    { timeoutMs: 10_000 },
  );
  const orders = new OrdersBench(clients);
  setDemoHistoryBlocks(10_000);
  const busy = demoHistoryCount(HYPE_SYSTEM_ADDRESS);
  if (busy < 10_000) throw new Error(`the demo's busiest address has ${busy} transactions, not 10,000`);
  console.error(`[bench] round trips: set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const rows: BenchRow[] = [];
    for (const action of actions(clients, orders)) {
      const t = performance.now();
      proxy.oneWayMs = 0;
      const atZero = await measureAction(proxy, clients, action, ROUNDS_AT_ZERO, 1);
      const zeroSeconds = ((performance.now() - t) / 1000).toFixed(1);
      proxy.oneWayMs = RTT_MS / 2;
      const atRtt = await measureAction(proxy, clients, action, ROUNDS_AT_RTT, 0, true);
      rows.push(row(action, atZero, atRtt));
      console.error(
        `[bench] round trips: ${action.name}: ${rows[rows.length - 1]!.roundTrip!.waves} wave(s) (at 0 ms ${zeroSeconds} s, in all ${((performance.now() - t) / 1000).toFixed(1)} s)`,
      );
    }
    return rows;
  } finally {
    orders.dispose();
    await proxy.stop();
    await demo.stop();
  }
}

if (require.main === module) runAlone(run, { exit: true });
