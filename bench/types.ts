/** One line of the `npm run bench` table: ours and the baseline measured in the same run. */
export interface Stats {
  median: number;
  p95: number;
  samples: number;
}

export interface BenchRow {
  group: 'client' | 'decode' | 'views' | 'extension';
  name: string;
  unit: 'ms' | 'µs' | 'KB' | 'MB' | 'requests';
  ours: Stats;
  /** What a user could use instead, measured in the same run (absent for absolute targets). */
  baseline?: { name: string; stats: Stats };
  /** The target, in words, e.g. "≤ 250 ms" or "≤ 1.10× baseline". */
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  met?: boolean;
  note?: string;
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
