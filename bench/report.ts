// The one table of `npm run bench`: each row ours vs its baseline, medians and p95, with the ratios.
import type { BenchRow, Stats } from './types';

export function formatValue(n: number, unit: BenchRow['unit']): string {
  if (unit === 'requests' || unit === 'connections') return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : abs >= 0.1 ? 3 : 4;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(a: number, b: number): string {
  if (b === 0) return a === 0 ? '1.00×' : '–';
  const r = a / b;
  return `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function pair(s: Stats, unit: BenchRow['unit']): string {
  if (s.samples === 0 || Number.isNaN(s.median)) return '–';
  if (s.samples === 1) return `${formatValue(s.median, unit)} ${unit}`;
  return `${formatValue(s.median, unit)} / ${formatValue(s.p95, unit)} ${unit}`;
}

export function result(row: BenchRow): string {
  if (row.met === undefined) return row.note ? `– (${row.note})` : '–';
  if (row.met) return row.note ? `met (${row.note})` : 'met';
  return `**missed**${row.note ? `: ${row.note}` : ''}`;
}

/** A Markdown table; "median / p95" in one cell, n = rounds measured after the warm-up. */
export function markdownTable(all: readonly BenchRow[]): string {
  const rows = all.filter((r) => !r.roundTrip);
  const head = ['Group', 'What', 'Ours (median / p95)', 'n', 'Baseline', 'Baseline (median / p95)', 'Ratio (median, p95)', 'Target', 'Result'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const b = r.baseline;
    lines.push(
      '| ' +
        [
          r.group,
          r.name,
          pair(r.ours, r.unit),
          String(r.ours.samples),
          b ? b.name : '–',
          b ? pair(b.stats, r.unit) : '–',
          b ? `${ratio(r.ours.median, b.stats.median)}, ${ratio(r.ours.p95, b.stats.p95)}` : '–',
          r.target ?? '–',
          result(r),
        ]
          .map(cell)
          .join(' | ') +
        ' |',
    );
  }
  return lines.join('\n');
}

/** The round-trip rows: waves, the time at 0 ms beside the time at the added round trip, requests and connections. */
export function roundTripTable(rows: readonly BenchRow[]): string {
  const trips = rows.filter((r) => r.roundTrip);
  const rtt = trips[0]?.roundTrip?.rttMs ?? 100;
  const head = [
    'Action',
    'Waves (drawn + after)',
    'At 0 ms (median / p95)',
    `At ${rtt} ms RTT (median / p95)`,
    `At ${rtt} ms, connections already open`,
    'Requests (calls)',
    'New connections',
    'Target',
    'Result',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of trips) {
    const t = r.roundTrip!;
    const cells = [
      r.name,
      `**${t.waves}**${t.wavesAfter ? ` + ${t.wavesAfter}` : ''}`,
      pair(t.atZero, 'ms'),
      pair(r.ours, 'ms'),
      t.atRttWarmPool ? pair(t.atRttWarmPool, 'ms') : '–',
      `${t.requests} (${t.calls})`,
      String(t.connections),
      r.target ?? '–',
      result(r),
    ];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

export function printRows(rows: readonly BenchRow[]): void {
  console.log(markdownTable(rows));
  if (rows.some((r) => r.roundTrip)) console.log(`\n${roundTripTable(rows)}`);
}

/**
 * A bench file run on its own (`node --import tsx bench/<name>.bench.ts`): its rows as `npm run bench` shows
 * them, then `after` (say, the machine). `exit`: end the process then, for benches that leave a host or
 * a socket behind.
 */
export function runAlone(run: () => Promise<readonly BenchRow[]>, options: { after?: () => void; exit?: boolean } = {}): void {
  run().then(
    (rows) => {
      printRows(rows);
      options.after?.();
      if (options.exit) process.exit(0);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
