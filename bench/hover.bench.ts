// Hovers: the cost of a hover on a cached block and on a cached transaction, a cold transaction hover,
// and how many requests 1,000 block hovers send.
// Runs against the real demo node over HTTP. Alone: `npx tsx bench/hover.bench.ts`.
import { createProviderClients } from '../src/core/provider';
import { startDemoNode, DEMO_BLOCKS } from '../src/demo/demoNode';
import { DEMO_SAMPLES } from '../src/demo/samples';
import type { Hash } from '../src/core/model';
import { blockHoverContent, blockSummary } from '../src/hover/blockHoverContent';
import { hoverMarkdown } from '../src/hover/hoverContent';
import { HoverData } from '../src/hover/hoverData';
import { untranslated } from '../src/view/format';
import { HoverBlocks } from '../src/hover/hoverBlocks';
import { BlockSource } from '../src/blocks/blockSource';
import { hoverAt } from '../src/hover/hoverAt';
import { transactionHoverContent } from '../src/hover/transactionHoverContent';
import { HoverTransactions, transactionSummary } from '../src/hover/hoverTransactions';
import { measure, stats, type BenchRow, type Stats } from './types';
import { runAlone } from './report';

const LINE = `  const block = 0x1a2b; // from the deployment log`;
const AT = LINE.indexOf('0x1a2b') + 2;
const EXPLORER = 'https://hyperevmscan.io';
const TX_LINE = `  const deployTx = '${DEMO_SAMPLES.transferTx}'; // the deployment`;
const TX_AT = TX_LINE.indexOf('0x') + 20;

export default async function run(): Promise<BenchRow[]> {
  const node = await startDemoNode();
  try {
    const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });

    // 1. A hover on a cached block, and on a cached transaction: the provider's synchronous path (token
    // check + cache hit + Markdown). Baselines: the same hovers without a cache, requests each time.
    const lookups = new HoverData(clients.evm, new BlockSource(clients.evm));
    await lookups.blocks.find(DEMO_BLOCKS.hoverBlock);
    const hash = DEMO_SAMPLES.transferTx as Hash;
    await lookups.transactions.find(hash);
    const cachedStats = await cachedHover(lookups, LINE, AT);
    const txCached = await cachedHover(lookups, TX_LINE, TX_AT);
    const uncached = await requested(async () => {
      const details = await clients.evm.getBlockDetails(DEMO_BLOCKS.hoverBlock);
      return hoverMarkdown(blockHoverContent(blockSummary(details), Date.now(), untranslated));
    });
    const txUncachedStats = stats(
      await requested(async () => {
        const tx = await clients.evm.getTransaction(hash);
        const receipt = await clients.evm.getTransactionReceipt(hash);
        return hoverMarkdown(transactionHoverContent(transactionSummary(tx!, receipt), untranslated));
      }),
    );
    // 2. A cold transaction hover (a new lookup each time: the transaction and its receipt asked at once).
    const txColdStats = stats(
      await requested(async () => {
        const summary = await new HoverTransactions(clients.evm).find(hash);
        return hoverMarkdown(transactionHoverContent(summary!, untranslated));
      }),
    );

    // 3. 1,000 hovers over 50 distinct numbers, in bursts of 100 at once (a mouse moving over a log file).
    const numbers = Array.from({ length: 50 }, (_, i) => 1_000_000 + i * 997);
    const hovers = shuffled(Array.from({ length: 1_000 }, (_, i) => numbers[i % numbers.length]));
    const counted = new HoverBlocks(new BlockSource(clients.evm));
    const ours = await requestsSent(node, () => inBursts(hovers, 100, (n) => counted.find(n)));
    // Baseline: a hover provider without cache or de-duplication, one request per hover.
    const naive = await requestsSent(node, () => inBursts(hovers, 100, (n) => clients.evm.getBlockDetails(n)));

    return [
      cachedHoverRow('Block hover on a cached block (token check + cache hit + Markdown)', cachedStats, 'request to the local demo node', stats(uncached)),
      cachedHoverRow(
        'Transaction hover on a cached transaction (token check + cache hit + Markdown)',
        txCached,
        'transaction, then receipt, from the local demo node',
        txUncachedStats,
      ),
      {
        group: 'extension',
        name: 'Transaction hover, cold (not cached): transaction and receipt asked at once',
        unit: 'ms',
        ours: txColdStats,
        baseline: { name: 'the transaction, then its receipt (two round trips)', stats: txUncachedStats },
        target: '≤ 1.00× baseline (median)',
        met: txColdStats.median <= txUncachedStats.median,
        note: 'local demo node in-process; on a remote node the saving is one round trip',
      },
      {
        group: 'extension',
        name: '1,000 hovers over 50 distinct block numbers: requests sent',
        unit: 'requests',
        ours: stats([ours]),
        baseline: { name: 'no cache, no de-duplication', stats: stats([naive]) },
        target: '≤ 50 (one per distinct block at most)',
        met: ours <= 50,
        note: 'HTTP requests counted at the demo node; bursts of 100 concurrent hovers. Calls made at once go as JSON-RPC batches of up to 20: the baseline’s 1,000 calls and our 50 (one per distinct block) travel in fewer requests than calls',
      },
    ];
  } finally {
    await node.close();
  }
}

/** A cached hover's row: ≤ 1 ms at p95, beside the same hover without a cache (`how` it asks). */
function cachedHoverRow(name: string, ours: Stats, how: string, uncached: Stats): BenchRow {
  return {
    group: 'extension',
    name,
    unit: 'ms',
    ours,
    baseline: { name: `the same hover without a cache (${how})`, stats: uncached },
    target: '≤ 1 ms (p95)',
    met: ours.p95 <= 1,
  };
}

/** The synchronous path of a hover whose answer is cached, 2,000 rounds after 200. */
async function cachedHover(lookups: HoverData, line: string, at: number): Promise<Stats> {
  const samples = await measure(
    () => {
      const hover = hoverAt(line, at, lookups, { nowMs: Date.now(), t: untranslated, explorerUrl: EXPLORER });
      if (!hover?.content) throw new Error(`expected a cached hover on ${line.trim()}`);
      return hoverMarkdown(hover.content);
    },
    2_000,
    200,
  );
  return stats(samples);
}

/** A hover that asks the node: 100 rounds after 10. */
function requested(hover: () => Promise<string>): Promise<number[]> {
  return measure(hover, 100, 10);
}

async function requestsSent(node: { requests: number }, fn: () => Promise<void>): Promise<number> {
  const before = node.requests;
  await fn();
  return node.requests - before;
}

async function inBursts(items: number[], size: number, hover: (n: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(hover));
}

/** A fixed shuffle (same order every run, so both sides see the same sequence). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

if (require.main === module) runAlone(run);
