// A wallet's history to its totals: 10,000 fills (the most the info API lets a wallet reach), as five
// answers of 2,000, from the response texts to totals per coin (parse, validate, read, page by time with
// every fill once, exact sums), beside JSON.parse of the same texts. Alone: `npx tsx bench/walletHistory.bench.ts`.
import * as os from 'node:os';
import { readFills } from '../src/core/infoSchemas';
import type { Fill } from '../src/core/model';
import { demoHistory } from '../src/demo/history';
import { DEMO_WALLETS } from '../src/demo/wallets';
import { fillIdentity, TimePager } from '../src/walletHistory/historyPaging';
import { coinTotals } from '../src/walletHistory/historyTotals';
import { runAlone } from './report';
import { measure, stats, type BenchRow } from './types';

export default async function run(): Promise<BenchRow[]> {
  const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
  const base = demoHistory(maker.address, 1_780_000_000_000).fills;
  // 10,000 fills: the maker's, again and again a span later, each with a trade id of its own.
  const span = base.at(-1)!.time - base[0]!.time + 1;
  const fills = Array.from({ length: 10_000 }, (_, i) => {
    const f = base[i % base.length]!;
    return { ...f, time: f.time + Math.floor(i / base.length) * span, tid: f.tid + i * 1_000_000 };
  });
  const texts = Array.from({ length: 5 }, (_, i) => JSON.stringify(fills.slice(i * 2000, (i + 1) * 2000)));
  let totals = 0;
  const oursOnce = () => {
    const pager = new TimePager<Fill>(fillIdentity, 2000, 0, Number.MAX_SAFE_INTEGER);
    for (const text of texts) pager.add(readFills(JSON.parse(text), 'userFillsByTime'));
    totals = coinTotals(pager.rows, []).length;
  };
  const parseOnce = () => {
    for (const text of texts) JSON.parse(text);
  };
  // Alternated round by round, so that both see the same load (the machine is shared).
  const ours: number[] = [];
  const parseOnly: number[] = [];
  for (let i = 0; i < 25; i++) {
    const a = await measure(oursOnce, 1, 0);
    const b = await measure(parseOnce, 1, 0);
    if (i >= 5) {
      ours.push(...a);
      parseOnly.push(...b);
    }
  }
  if (totals !== 4) throw new Error(`expected 4 coins, got ${totals}`);
  const o = stats(ours);
  const b = stats(parseOnly);
  const kb = Math.round(texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024);
  return [
    {
      group: 'views',
      name: `Wallet history: 10,000 fills in five answers (${kb} KB) → totals per coin (parse, validate, read, page by time, exact sums)`,
      unit: 'ms',
      ours: o,
      baseline: { name: 'JSON.parse of the same answers', stats: b },
      target: '≤ 2× JSON.parse (median)',
      met: o.median <= 2 * b.median,
      note: `${(o.median / b.median).toFixed(2)}× at the median; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs during the run`,
    },
  ];
}

if (require.main === module) runAlone(run);
