/** One line of the `npm run bench` table: ours and the baseline measured in the same run. */
export interface Stats {
  median: number;
  p95: number;
  samples: number;
}

/** What a user far from the provider waits for one action (bench/roundTrips.bench.ts). */
export interface RoundTrip {
  /** The added round-trip time of `ours` (the other measurement is at 0 ms). */
  rttMs: number;
  /** Sequential waves until the action is drawn, as the latency proxy counts them. */
  waves: number;
  /** Waves that follow the draw (details looked up after it). */
  wavesAfter: number;
  /** The time at 0 ms added. */
  atZero: Stats;
  /** HTTP requests, the calls in them (a JSON-RPC batch is one request of several calls), connections opened. */
  requests: number;
  calls: number;
  connections: number;
  /** The time at the added round trip when the pool already holds the connections the action needs (run again at once). */
  atRttWarmPool?: Stats;
}

export interface BenchRow {
  group: 'client' | 'decode' | 'views' | 'extension' | 'network';
  name: string;
  unit: 'ms' | 'µs' | 'KB' | 'MB' | 'requests' | 'connections';
  ours: Stats;
  /** What a user could use instead, measured in the same run (absent for absolute targets). */
  baseline?: { name: string; stats: Stats };
  /** The target, in words, e.g. "≤ 250 ms" or "≤ 1.10× baseline". */
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  met?: boolean;
  note?: string;
  /** A round-trip row: printed in its own table, 0 ms beside 100 ms. */
  roundTrip?: RoundTrip;
}

/** Median and 95th percentile of samples (any unit). */
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { median: at(0.5), p95: at(0.95), samples: s.length };
}

/** Runs `fn` `warmup` times unmeasured, then `rounds` times, returning the durations in ms. */
export async function measure(fn: () => unknown, rounds = 30, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Runs each of `fns` once per round, in turn (after `warmup` such rounds unmeasured), returning each one's
 * durations in ms: a ratio between them then holds while the machine's load changes during the run.
 */
export async function measureInterleaved(fns: readonly (() => unknown)[], rounds = 30, warmup = 5): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  for (let r = 0; r < warmup + rounds; r++) {
    for (let i = 0; i < fns.length; i++) {
      const t = performance.now();
      await fns[i]!();
      if (r >= warmup) out[i]!.push(performance.now() - t);
    }
  }
  return out;
}

/** What `getTreeItem` hands VS Code, as plain data (the orders and account benchmarks draw the tree). */
export interface TreeItemShape {
  id: string;
  label: string;
  description: string;
  iconPath: { id: string; color?: string };
  contextValue: string;
  collapsibleState: 0 | 1 | 2;
}

/**
 * The end of the workspace folder's name in the extension bench's window loads that look blocks up too
 * (the slim one at 100 ms, the large one's memory), after activation (bench/extension.bench.ts →
 * bench/extensionHost.ts, which runs in the extension host).
 */
export const LOOKUPS_FOLDER_SUFFIX = '-lookups';
