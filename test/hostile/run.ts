// `npm run test:hostile`: the hostile suite, in two parts, then its figures.
//   1. Node: mocha on test/hostile/node/*.test.ts — the clients, the features' view-models, the real Open
//      Orders tree and commands (with a `vscode` stand-in), the block panel's script in Chromium — against
//      the demo node's fault modes and a hostile proxy. Well under a minute.
//   2. Host: test/hostile/host/*.ui.ts — the packaged extension in code-server, driven in Chromium (one
//      code-server start).
// Each part writes what it counted to test-results/hostile/figures-<part>.json; this script adds them up,
// prints them, and writes them into docs/RELIABILITY.md (between its figures markers).
// HLX_HOSTILE_NODE_ONLY=1 runs part 1 only (then the document is left as it is).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageVsix } from '../host/build';
import { ROOT, seconds } from '../host/config';
import { ensureHost } from '../host/install';
import { runCleanups, spawnTracked } from '../host/processes';
import { emptyFigures, FIGURE_NAMES, figuresFile, MUST_BE_ZERO, RESULTS_DIR, type Figures, type FiguresReport } from './support/figures';

const DOC = path.join(ROOT, 'docs', 'RELIABILITY.md');
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

async function part(name: 'node' | 'host', files: string, extraEnv: Record<string, string> = {}, timeoutMs = 30_000): Promise<number | string> {
  fs.rmSync(figuresFile(name), { force: true });
  const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', mocha, '--no-config', '--no-package', '--require', 'test/hostile/setup.ts', '--reporter', 'spec', '--timeout', String(timeoutMs), '--slow', '5000', files],
    { name: `mocha (hostile ${name})`, cwd: ROOT, stdio: 'inherit', graceMs: 20_000, env: { ...process.env, ...extraEnv, HLX_HOSTILE_PART: name } },
  );
  const code = await child.exited;
  await child.stop(15_000);
  return code;
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

function writeDoc(reports: FiguresReport[], passed: boolean): void {
  const date = new Date().toISOString().slice(0, 10);
  const block = [
    START,
    `Last run: **${date}**, ${passed ? 'all tests passed' : '**tests FAILED**'} (Node ${process.version}, ${process.platform}/${process.arch}). Reproduce with \`npm run test:hostile\` (also part of \`npm test\`).`,
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

async function main(): Promise<number> {
  const t0 = Date.now();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  console.log('[hostile] part 1: Node (clients, view-models, the real tree, the panel script) against the demo node and a hostile proxy');
  const nodeCode = await part('node', 'test/hostile/node/**/*.test.ts');
  const nodeOnly = process.env.HLX_HOSTILE_NODE_ONLY === '1';
  let hostCode: number | string = 0;
  if (!nodeOnly) {
    console.log('[hostile] part 2: the packaged extension in code-server');
    await ensureHost();
    const vsix = process.env.HLX_VSIX || (await packageVsix());
    hostCode = await part('host', 'test/hostile/host/*.ui.ts', { HLX_VSIX: vsix }, 90_000);
  }
  const reports = (nodeOnly ? ['node'] : ['node', 'host']).map((p) => readReport(p)).filter((r): r is FiguresReport => r !== undefined);
  const complete = reports.length === (nodeOnly ? 1 : 2);
  const passed = nodeCode === 0 && hostCode === 0 && complete && reports.every((r) => r.tests.failed === 0 && MUST_BE_ZERO.every((k) => r.figures[k] === 0));
  printFigures(reports);
  if (complete && !nodeOnly) writeDoc(reports, passed);
  console.log(`[hostile] ${passed ? 'passed' : 'FAILED'} after ${seconds(t0)}`);
  return passed ? 0 : 1;
}

main()
  .then(
    (code) => code,
    (e: Error) => {
      console.error('[hostile] ERROR:', e.message);
      return 2;
    },
  )
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
