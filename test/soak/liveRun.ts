// `npm run soak:live`: the live connection's soak (liveSoak.ts) for 10 minutes (`-- --minutes N`), against
// the demo node in a process of its own (`node dist/demoNode.js --control`), so that the heap, sockets and
// timers measured are the client's alone: five wallets, two fills a second, a drop a minute (every third a
// network down for 5 s). A run of 10 minutes or more (or one given `--record`) writes its figures into
// docs/RELIABILITY.md, section "Soak", "The live connection"; it fails on any fill lost or doubled.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startDemoNodeProcess } from '../../bench/demoNodeProcess';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { runMain } from '../host/runner';
import { liveSoak, liveSoakProblems, type LiveSoakFigures } from './liveSoak';

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'RELIABILITY.md');
const START = '<!-- live-soak:start (written by npm run soak:live) -->';
const END = '<!-- live-soak:end -->';
const log = (m: string) => console.log(`[live soak] ${m}`);

function minutesAsked(argv: string[]): number {
  const i = argv.indexOf('--minutes');
  const n = i >= 0 ? Number(argv[i + 1]) : 10;
  if (!Number.isFinite(n) || n <= 0 || n > 24 * 60) throw new Error(`--minutes must be a number above 0 (at most a day), not ${JSON.stringify(argv[i + 1])}`);
  return n;
}

const mb = (b: number | undefined) => (b === undefined ? 'not measured' : `${(b / 1024 / 1024).toFixed(1)} MB`);

function block(f: LiveSoakFigures, minutes: number, problems: string[], load: number[]): string {
  return [
    `Last run: ${new Date().toISOString().slice(0, 19)}Z, ${minutes} min asked (${(f.durationMs / 60_000).toFixed(1)} min with the last fills' arrival), ${problems.length ? 'FAILED: ' + problems.join('; ') : 'all checks passed'}.`,
    '',
    `- Machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores; Node ${process.version}; load average before: ${load.map((l) => l.toFixed(2)).join(', ')}, after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
    '',
    '| figure | measured | check |',
    '|---|---|---|',
    `| fills sent / delivered | ${f.sent} / ${f.delivered} | ${f.lost === 0 ? '✔ 0 lost' : `✘ ${f.lost} lost`} |`,
    `| fills handed out twice | ${f.duplicates} | ${f.duplicates === 0 ? '✔' : '✘'} |`,
    `| fills out of order (per wallet) | ${f.outOfOrder} | ${f.outOfOrder === 0 ? '✔' : '✘'} |`,
    `| fills sent while away, caught up by the snapshot after reconnecting | ${f.caughtUp} | – |`,
    `| drops (of them, network down 5 s) | ${f.drops} (${f.downs}) | – |`,
    `| connections opened | ${f.connects} | ${f.drops === 0 || f.connects >= 2 ? '✔' : '✘'} |`,
    `| node → client while live (median / p95, ${f.latencyMs.samples} fills) | ${f.latencyMs.median.toFixed(0)} / ${f.latencyMs.p95.toFixed(0)} ms | – (updates are merged and handed out every 50 ms here; the extension's default is a few a second) |`,
    `| heap after GC, start → end | ${mb(f.heapStart)} → ${mb(f.heapEnd)} | ${f.heapStart !== undefined && f.heapEnd !== undefined && f.heapEnd - f.heapStart <= 10 * 1024 * 1024 ? '✔ at most +10 MB' : '✘'} |`,
    `| sockets, start → after close | ${f.socketsStart} → ${f.socketsEnd} | ${f.socketsEnd <= f.socketsStart ? '✔' : '✘'} |`,
    `| timers, start → after close | ${f.timersStart} → ${f.timersEnd} | ${f.timersEnd <= f.timersStart ? '✔' : '✘'} |`,
  ].join('\n');
}

function write(text: string): void {
  let doc = fs.readFileSync(DOC, 'utf8');
  if (!doc.includes(START)) doc = `${doc.trimEnd()}\n\n### The live connection (npm run soak:live)\n\n${START}\n${END}\n`;
  const from = doc.indexOf(START);
  const to = doc.indexOf(END, from);
  fs.writeFileSync(DOC, `${doc.slice(0, from + START.length)}\n${text}\n${doc.slice(to)}`);
  log(`figures written to ${path.relative(ROOT, DOC)}`);
}

runMain('live soak', async () => {
  const minutes = minutesAsked(process.argv.slice(2));
  const load = os.loadavg();
  if (!(globalThis as { gc?: unknown }).gc) log('no --expose-gc: the heap is not measured');
  const node = await startDemoNodeProcess(['--control']);
  try {
    const wallets = [...DEMO_WALLETS.map((w) => w.address), '0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000a2'];
    log(`${minutes} min, ${wallets.length} wallets, two fills a second, a drop a minute`);
    const f = await liveSoak({ baseUrl: node.baseUrl, durationMs: minutes * 60_000, fillEveryMs: 500, dropEveryMs: 60_000, downMs: 5_000, wallets, log });
    const problems = liveSoakProblems(f);
    const text = block(f, minutes, problems, load);
    console.log(text);
    if (minutes >= 10 || process.argv.includes('--record')) write(text);
    return problems.length ? 1 : 0;
  } finally {
    await node.stop();
  }
});
