/**
 * The soak's record: printed at the end of a run and written into docs/RELIABILITY.md, section "Soak",
 * between markers, one block for the last run of the default length or longer (`long`) and one for the
 * last shorter run (`short`, e.g. the minute of `npm test`), so that a short run never replaces a long one.
 */
import { commit } from '../host/runner';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from '../host/config';
import type { ActorFigures } from './actor';
import { median, type BudgetEffect, type Check, type Checkpoint } from './checks';

const DOC = path.join(ROOT, 'docs', 'RELIABILITY.md');
const SECTION = '## Soak';

export interface SoakRecord {
  minutes: number;
  /** When the run ended. */
  endedAt: Date;
  /** The whole run, setup included (ms). */
  wallMs: number;
  /** The measured part, after the warm-up (ms). */
  measuredMs: number;
  loadBefore: number[];
  loadAfter: number[];
  seed: number;
  hostNode: string;
  checks: Check[];
  checkpoints: Checkpoint[];
  budget: BudgetEffect;
  autoRefreshSetting: number;
  observedIntervals: number[];
  /** Info requests of the measured part; the peak minute counts from the first request. */
  weight: { total: number; perMinute: number; peakMinute: number; requests: number; perRefresh?: number };
  outcomes: Record<string, number>;
  evmRequests: number;
  actor: ActorFigures;
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()})`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
const minutesText = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

function budgetText(r: SoakRecord): string {
  const observed = median(r.observedIntervals);
  const atNode =
    observed === undefined
      ? 'no two refreshes seen at the node'
      : `median ${observed} s between refreshes at the node (${r.observedIntervals.length} interval${r.observedIntervals.length === 1 ? '' : 's'}, ${Math.min(...r.observedIntervals)}–${Math.max(...r.observedIntervals)} s; longer after a 429)`;
  const set = `setting ${r.autoRefreshSetting} s (the shortest the extension takes: it reads 1 s as 5 s)`;
  switch (r.budget.kind) {
    case 'none':
      return `${set}, not stretched by the budget; ${atNode}`;
    case 'paused':
      return `${set}, paused by the budget (one refresh weighs ${r.budget.weight}); ${atNode}`;
    case 'stretched':
      return `${set}, stretched by the budget to **${r.budget.toSeconds} s** (weight ${r.budget.weight} per refresh by the extension's count; announced ${r.budget.steps.length} time(s): ${r.budget.steps.map((x) => `${x} s`).join(', ')}); ${atNode}`;
  }
}

function actionsText(a: ActorFigures): string {
  return Object.entries(a.actions)
    .map(([name, o]) => `${name}s ${o.content + o.problem + o.stuck} (${o.content} shown, ${o.problem} showed a problem, ${o.stuck} stuck)`)
    .join('; ');
}

function outcomesText(o: Record<string, number>): string {
  const order = ['ok', 'slow', 'HTTP 429', 'HTTP 500', 'reset', 'malformed', 'cut', 'client gave up'];
  const keys = [
    ...order.filter((k) => k in o),
    ...Object.keys(o)
      .filter((k) => !order.includes(k))
      .sort(),
  ];
  return keys.map((k) => `${k} ${o[k]}`).join(', ');
}

/** The block written between the markers. */
export function recordBlock(r: SoakRecord): string {
  const passed = r.checks.every((c) => c.ok);
  return [
    `Last run: **${r.endedAt.toISOString().replace(/\.\d+Z$/, 'Z')}**, ${minutesText(r.measuredMs)} measured (${r.minutes} asked; ${minutesText(r.wallMs)} with setup and checks), ${passed ? 'all checks passed' : '**checks FAILED**'}.`,
    '',
    `- Commit: \`${commit()}\``,
    `- Machine: ${machine()}; load average before: ${loads(r.loadBefore)}, after: ${loads(r.loadAfter)}`,
    `- Node ${r.hostNode} (extension host), ${process.version} (soak); fault seed ${r.seed}`,
    `- Auto-refresh: ${budgetText(r)}`,
    `- Request weight (info, counted at the node's side, measured part): ${r.weight.total.toLocaleString('en-US')} in ${r.weight.requests} requests, ${Math.round(r.weight.perMinute)} per minute, a refresh with its retries ${r.weight.perRefresh ?? '–'} (median)${r.budget.kind === 'stretched' ? ` where the extension counts ${r.budget.weight}` : ''}; peak ${r.weight.peakMinute} in one minute from the first request on; ${r.evmRequests.toLocaleString('en-US')} JSON-RPC requests in the whole run`,
    `- Answers in the measured part (counted at the wire; the demo's \`outage\` dex answers the maker 500 by design): ${outcomesText(r.outcomes)}`,
    `- UI: ${actionsText(r.actor)}`,
    `- Heap after GC: ${r.checkpoints.map((c) => `${c.label} ${mb(c.heapUsed)}`).join(', ')}`,
    '',
    '| check | measured | verdict |',
    '|---|---|---|',
    ...r.checks.map((c) => `| ${c.name} | ${c.detail.replace(/\|/g, '\\|')} | ${c.ok ? '✔' : '✘'} |`),
  ].join('\n');
}

export function printRecord(r: SoakRecord): void {
  console.log(`\n[soak] ${recordBlock(r).replace(/\*\*/g, '').replace(/\n/g, '\n[soak] ')}`);
}

const markers = (kind: 'long' | 'short') => ({
  start: `<!-- soak:${kind}:start (written by npm run ${kind === 'long' ? 'soak' : 'test:soak'}) -->`,
  end: `<!-- soak:${kind}:end -->`,
});

/** Writes the record into its block of the "Soak" section (made at the end of the document if missing). */
export function writeRecord(r: SoakRecord, kind: 'long' | 'short'): void {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Reliability\n';
  if (!doc.includes(SECTION)) doc = `${doc.trimEnd()}\n\n${SECTION}\n`;
  const { start, end } = markers(kind);
  if (!doc.includes(start)) {
    const title = kind === 'long' ? '### The last long run' : '### The last short run';
    doc = `${doc.trimEnd()}\n\n${title}\n\n${start}\n${end}\n`;
  }
  const from = doc.indexOf(start);
  const to = doc.indexOf(end, from);
  fs.writeFileSync(DOC, `${doc.slice(0, from + start.length)}\n${recordBlock(r)}\n${doc.slice(to)}`);
  console.log(`[soak] figures written to ${path.relative(ROOT, DOC)} (${kind} run)`);
}
