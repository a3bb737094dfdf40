// `npm run test:hostile`: the hostile suite, in two parts, then its figures.
//   1. Node: mocha on test/hostile/node/*.test.ts — the clients, the features' view-models, the real Open
//      Orders tree and commands (with a `vscode` stand-in), the block panel's script in Chromium — against
//      the demo node's fault modes and a hostile proxy. Well under a minute.
//   2. Host: test/hostile/host/*.ui.ts — the packaged extension in code-server, driven in Chromium (one
//      code-server start).
// Each part writes what it counted to test-results/hostile/figures-<part>.json; this script adds them up,
// prints them, and with `--record` (`npm run test:hostile -- --record`) writes them into docs/RELIABILITY.md
// (between its figures markers); without it, as in `npm test`, the work tree is left as it was.
// HLX_HOSTILE_NODE_ONLY=1 runs part 1 only, HLX_HOSTILE_HOST_ONLY=1 part 2 only (`npm test` runs them apart:
// part 1 beside the hosts' install); either way the figures table is left as it is;
// HLX_HOSTILE_NODE_FILES=<glob> runs only those files of part 1 (and implies it).
// The workspace index's measured figures (node/workspaceIndex.test.ts) are written into their own block of
// docs/RELIABILITY.md by any run with `--record` that ran that file, the Node part alone included:
//   HLX_HOSTILE_NODE_FILES=test/hostile/node/workspaceIndex.test.ts npm run test:hostile -- --record
// The generated inputs (fast-check) come from one seed, printed at the start: fixed by default, so two runs
// of one commit try the same inputs; `npm run test:hostile -- --seed 1234` or HLX_SEED=1234 picks another,
// `--seed random` (HLX_SEED=random) a random one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countsLine } from '../support/countingReporter';
import { packageVsix } from '../host/build';
import { ROOT, seconds } from '../host/config';
import { ensureHost } from '../host/install';
import { commit, runMain, runMocha, type MochaResult } from '../host/runner';
import { emptyFigures, FIGURE_NAMES, figuresFile, MUST_BE_ZERO, RESULTS_DIR, type Figures, type FiguresReport } from './support/figures';
import { WORKSPACE_INDEX_FIGURES, type WorkspaceIndexFigures } from './support/workspaceIndexFigures';

const DOC = path.join(ROOT, 'docs', 'RELIABILITY.md');
/** The fast-check seed of a run when none is asked for. */
const DEFAULT_SEED = 20_261_122;

/** `--seed <n|random>`, else HLX_SEED, else the fixed default. */
function chooseSeed(argv: string[], env: NodeJS.ProcessEnv): { seed: number; source: string } {
  const i = argv.indexOf('--seed');
  const asked = i >= 0 ? argv[i + 1] : env.HLX_SEED;
  const source = i >= 0 ? '--seed' : env.HLX_SEED ? 'HLX_SEED' : 'default';
  if (asked === undefined || asked === '') return { seed: DEFAULT_SEED, source };
  if (asked === 'random') return { seed: Math.floor(Math.random() * 2 ** 31), source: `${source} random` };
  if (!/^-?\d+$/.test(asked) || !Number.isSafeInteger(Number(asked))) throw new Error(`the seed must be an integer or "random", not ${JSON.stringify(asked)}`);
  return { seed: Number(asked), source };
}

const START = '<!-- figures:start (written by npm run test:hostile) -->';
const END = '<!-- figures:end -->';

const LABELS: Record<keyof Figures, string> = {
  badInputs: 'bad inputs tried',
  faultsInjected: 'faults injected (faulty answers served)',
  responsesMutated: 'responses mutated or crafted',
  textsSearched: 'texts searched for the key and URL',
  staleChecks: 'checks that the last data survived',
  crashes: 'crashes',
  leaks: 'leaks of the key or URL',
  dataLost: 'data lost',
  markupRendered: 'markup rendered as markup',
};

async function part(name: 'node' | 'host', files: string, seed: number, extraEnv: Record<string, string> = {}, timeoutMs = 30_000): Promise<MochaResult> {
  fs.rmSync(figuresFile(name), { force: true });
  return runMocha({
    suite: `hostile ${name}`,
    files: [files],
    require: ['test/hostile/setup.ts'],
    timeoutMs,
    slowMs: 5000,
    env: { ...extraEnv, HLX_HOSTILE_PART: name, HLX_SEED: String(seed) },
  });
}

/** CPU, cores, memory and OS of this machine, for the record of a run. */
function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()})`;
}

function readReport(name: string): FiguresReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(figuresFile(name), 'utf8')) as FiguresReport;
  } catch {
    return undefined;
  }
}

function table(reports: FiguresReport[]): string {
  const total = emptyFigures();
  for (const r of reports) for (const k of FIGURE_NAMES) total[k] += r.figures[k];
  const parts = reports.map((r) => r.part);
  const head = `| figure | ${parts.map((p) => (p === 'node' ? 'Node part' : 'in the host')).join(' | ')} | total | must be |`;
  const rule = `|---|${parts.map(() => '---:').join('|')}|---:|---|`;
  const rows = FIGURE_NAMES.map((k) => {
    const must = MUST_BE_ZERO.includes(k) ? (total[k] === 0 ? '0 ✔' : '0 ✘') : '';
    return `| ${LABELS[k]} | ${reports.map((r) => r.figures[k].toLocaleString('en-US')).join(' | ')} | **${total[k].toLocaleString('en-US')}** | ${must} |`;
  });
  const tests = reports.map((r) => `${r.part}: ${r.tests.passed} passed, ${r.tests.failed} failed in ${(r.ms / 1000).toFixed(1)} s`).join('; ');
  return [head, rule, ...rows, '', `Tests: ${tests}.`].join('\n');
}

function printFigures(reports: FiguresReport[]): void {
  const total = emptyFigures();
  for (const r of reports) for (const k of FIGURE_NAMES) total[k] += r.figures[k];
  console.log('\nHostile suite figures (counted by this run):');
  for (const k of FIGURE_NAMES) {
    const mark = MUST_BE_ZERO.includes(k) ? (total[k] === 0 ? '  ✔ (must be 0)' : '  ✘ (must be 0)') : '';
    console.log(`  ${LABELS[k].padEnd(42)} ${total[k].toLocaleString('en-US').padStart(9)}${mark}`);
  }
  for (const r of reports) for (const i of r.incidents) console.log(`  ! ${r.part}: ${i}`);
}

function writeDoc(reports: FiguresReport[], passed: boolean, seed: { seed: number; source: string }): void {
  const reproduce = seed.seed === DEFAULT_SEED ? '`npm run test:hostile`' : `\`npm run test:hostile -- --seed ${seed.seed}\``;
  const block = [
    START,
    `Last run: **${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}**, ${passed ? 'all tests passed' : '**tests FAILED**'}.`,
    '',
    `- Commit: \`${commit()}\``,
    `- Machine: ${machine()}; load average before the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
    `- Node ${process.version} (suite), fast-check seed **${seed.seed}** (${seed.source === 'default' ? 'the fixed default' : seed.source})`,
    `- Reproduce: ${reproduce} (also part of \`npm test\`, with the default seed; \`-- --record\` writes these figures)`,
    '',
    table(reports),
    END,
  ].join('\n');
  const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : `# Reliability\n\n${START}\n${END}\n`;
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${path.relative(ROOT, DOC)} has no figures markers`);
  fs.writeFileSync(DOC, current.slice(0, from) + block + current.slice(to + END.length));
  console.log(`[hostile] figures written to ${path.relative(ROOT, DOC)}`);
}

const INDEX_START = '<!-- workspace-index:start (written by npm run test:hostile -- --record) -->';
const INDEX_END = '<!-- workspace-index:end -->';

/** The workspace index's hostile workspaces, as node/workspaceIndex.test.ts measured them in this run. */
function writeWorkspaceIndexDoc(passed: boolean): void {
  const measured = JSON.parse(fs.readFileSync(WORKSPACE_INDEX_FIGURES, 'utf8')) as WorkspaceIndexFigures;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const block = [
    INDEX_START,
    `Last run: **${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}**, ${passed ? 'all tests passed' : '**tests FAILED**'}; commit \`${commit()}\`; ${machine()}; load average before the run ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}; Node ${measured.node}.`,
    '',
    '| hostile workspace | files inside the folders | size | what happened | first guess, whole | event loop held, CPU (wall) | heap kept after GC |',
    '|---|---:|---:|---|---:|---:|---:|',
    ...measured.rows.map(
      (r) =>
        `| ${r.workspace} | ${r.files.toLocaleString('en-US')} | ${r.bytes ? `${(r.bytes / 1024 / 1024).toFixed(1)} MB` : ''} | ${r.outcome} | ${(r.ms / 1000).toFixed(1)} s | ${ms(r.busyMs)} (${ms(r.blockedMs)}) | ${Math.max(0, r.heapMb).toFixed(0)} MB |`,
    ),
    INDEX_END,
  ].join('\n');
  const current = fs.readFileSync(DOC, 'utf8');
  const from = current.indexOf(INDEX_START);
  const to = current.indexOf(INDEX_END);
  if (from < 0 || to < from) throw new Error(`${path.relative(ROOT, DOC)} has no workspace-index markers`);
  fs.writeFileSync(DOC, current.slice(0, from) + block + current.slice(to + INDEX_END.length));
  console.log(`[hostile] workspace index figures written to ${path.relative(ROOT, DOC)}`);
}

runMain('hostile', async () => {
  const t0 = Date.now();
  const seed = chooseSeed(process.argv.slice(2), process.env);
  console.log(
    `[hostile] fast-check seed: ${seed.seed} (${seed.source === 'default' ? 'fixed default; --seed <n|random> or HLX_SEED to change' : seed.source})`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const nodeFiles = process.env.HLX_HOSTILE_NODE_FILES || undefined;
  const nodeOnly = process.env.HLX_HOSTILE_NODE_ONLY === '1' || nodeFiles !== undefined;
  const hostOnly = !nodeOnly && process.env.HLX_HOSTILE_HOST_ONLY === '1';
  const parts: ('node' | 'host')[] = nodeOnly ? ['node'] : hostOnly ? ['host'] : ['node', 'host'];
  // Part 1 drives the block panel script in Chromium; part 2 needs code-server too.
  if (!nodeFiles || /blockPanel|\*/.test(nodeFiles)) await ensureHost({ chromium: true, codeServer: !nodeOnly });
  const results: MochaResult[] = [];
  if (!hostOnly) {
    console.log('[hostile] part 1: Node (clients, view-models, the real tree, the panel script) against the demo node and a hostile proxy');
    fs.rmSync(WORKSPACE_INDEX_FIGURES, { force: true });
    results.push(await part('node', nodeFiles ?? 'test/hostile/node/**/*.test.ts', seed.seed));
  }
  if (!nodeOnly) {
    console.log('[hostile] part 2: the packaged extension in code-server');
    const vsix = (process.env.HLX_VSIX && fs.existsSync(process.env.HLX_VSIX) ? process.env.HLX_VSIX : undefined) ?? (await packageVsix());
    results.push(await part('host', 'test/hostile/host/*.ui.ts', seed.seed, { HLX_VSIX: vsix }, 90_000));
  }
  const reports = parts.map((p) => readReport(p)).filter((r): r is FiguresReport => r !== undefined);
  const complete = reports.length === parts.length && results.every((r) => r.counts);
  const passed = results.every((r) => r.code === 0) && complete && reports.every((r) => r.tests.failed === 0 && MUST_BE_ZERO.every((k) => r.figures[k] === 0));
  printFigures(reports);
  if (complete && parts.length === 2 && process.argv.includes('--record')) writeDoc(reports, passed, seed);
  if (process.argv.includes('--record') && !hostOnly && fs.existsSync(WORKSPACE_INDEX_FIGURES)) writeWorkspaceIndexDoc(results[0]?.code === 0);
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { counts } of results) for (const k of ['passed', 'failed', 'skipped'] as const) total[k] += counts?.[k] ?? 0;
  console.log(`[hostile] ${passed ? 'passed' : 'FAILED'} after ${seconds(t0)} (seed ${seed.seed})`);
  console.log(`[hostile] ${countsLine(total)}${complete ? '' : ' (a part did not report its counts)'}`);
  return passed ? 0 : 1;
});
