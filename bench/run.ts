// `npm run bench` (after `node esbuild.mjs --production`): runs every bench/*.bench.ts one after the other,
// prints one table and writes it, with the machine, the versions and the date, to docs/PERFORMANCE.md.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHROMIUM } from '../test/host/config';
import { ensureHost } from '../test/host/install';
import { spawnTracked } from '../test/host/processes';
import { runMain } from '../test/host/runner';
import { markdownTable, result, roundTripTable } from './report';
import type { BenchRow } from './types';

const ROOT = path.resolve(__dirname, '..');
const DOC = path.join(ROOT, 'docs', 'PERFORMANCE.md');
/** Run order; bench files not named here run after these, alphabetically. */
const ORDER = ['client', 'decode', 'blocks', 'orders', 'hover', 'roundTrips', 'eventLoop', 'extension'];
const GROUPS: BenchRow['group'][] = ['client', 'decode', 'views', 'extension', 'network'];
const BUDGET_SECONDS = 180;

interface BenchModule {
  default: () => Promise<BenchRow[]>;
  environment?: Record<string, string | undefined>;
}

interface BenchRun {
  name: string;
  seconds: number;
  rows: BenchRow[];
  error?: string;
}

/**
 * This script's own file and how Node runs it: the bundle scripts/build/bench.mjs makes for `npm run bench`
 * (`.cjs`, plain Node, with a bundle of each bench beside it), or the TypeScript source through tsx.
 */
const SELF = path.resolve(process.argv[1] ?? __filename);
const BUNDLED = SELF.endsWith('.cjs');
const nodeArgs = (...args: string[]) => (BUNDLED ? [SELF, ...args] : ['--import', 'tsx', SELF, ...args]);
const benchModule = (name: string) => (BUNDLED ? path.join(path.dirname(SELF), `${name}.bench.cjs`) : path.join(__dirname, `${name}.bench.ts`));

function benchFiles(): string[] {
  const names = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length));
  const rank = (n: string) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

function chromiumVersion(): string | undefined {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Commit (with `+ uncommitted changes` when the tree differs from it), for the record of a run. */
function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const sha = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${sha} + uncommitted changes` : sha;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function failedRow(name: string, message: string): BenchRow {
  return {
    group:
      name === 'client'
        ? 'client'
        : name === 'decode'
          ? 'decode'
          : name === 'extension' || name === 'hover' || name === 'eventLoop'
            ? 'extension'
            : name === 'roundTrips'
              ? 'network'
              : 'views',
    name: `bench/${name}.bench.ts`,
    unit: 'ms',
    ours: { median: Number.NaN, p95: Number.NaN, samples: 0 },
    met: false,
    note: `failed: ${message.split('\n')[0]}`,
  };
}

function document(
  runs: BenchRun[],
  rows: BenchRow[],
  environment: Record<string, string | undefined>,
  started: Date,
  loadBefore: string,
  totalSeconds: number,
): string {
  const cpus = os.cpus();
  const misses = rows.filter((r) => r.met === false);
  const lines = [
    '# Performance',
    '',
    'Written by `npm run bench` (`node esbuild.mjs --production`, then bench/run.ts bundled with the benches by scripts/build/bench.mjs); do not edit by hand.',
    'Every row compares ours with what a user could use instead, measured in the same run on the same machine,',
    'on loopback against the demo node. Times are medians and 95th percentiles over the rounds measured after a warm-up',
    '(n = rounds); ratios are ours ÷ baseline. Each "Real host: …" row of the views group has for baseline the same action of a minimal extension',
    "(test/host/fixtures/floor-extension) loaded in the same code-server window and timed the same way in the same run: the host's own floor.",
    '',
    '## Run',
    '',
    `- Commit: \`${commit()}\``,
    `- Date: ${started.toISOString()}`,
    `- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()})`,
    `- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}. The machine may be shared: a load far above the core count makes every wall time, ours and the baselines alike, slower and noisier.`,
    `- Bench processes: Node ${process.version}, one process per bench file (no group measures in the heap another left)`,
    `- Real host: code-server ${environment.codeServer ?? '?'} (VS Code ${environment.vscode ?? '?'}), extension host Node ${environment.hostNode ?? '?'}, Chromium ${environment.chromium ?? chromiumVersion() ?? '?'}`,
    `- Demo node: in a child process (\`node dist/demoNode.js\`) for the client, decode, event-loop, extension and real-host (userWaits) benches, so that it shares neither event loop nor much CPU with the client measured (before issue 37 the real-host rows ran it inside the extension host); the feature benches (blocks, orders, hover) start it in-process. Its data is deterministic (fixed seeds in \`src/demo/\`), so every run measures the same blocks and orders; the benches draw nothing at random.`,
    `- Duration: ${totalSeconds.toFixed(0)} s (target ≤ ${BUDGET_SECONDS} s): ${runs.map((r) => `${r.name} ${r.seconds.toFixed(0)} s${r.error ? ' (failed)' : ''}`).join(', ')}`,
    ...(environment.userWaitsPhases ? [`- Real-host rows (userWaits): ${environment.userWaitsPhases}`] : []),
    '',
    '## Results',
    '',
    markdownTable(rows),
    '',
    '## Round trips: what a user far from the provider waits for',
    '',
    `Each action through the code the extension runs, without VS Code, against the demo node behind a latency proxy on loopback (\`test/support/latencyProxy.ts\`): 0 ms added, then ${ROUND_TRIP_NOTE}. A wave is a set of requests sent at once; one that needs an earlier answer is in a later wave. "drawn + after": waves until the action is drawn, and those that follow the draw (details looked up after it). Times are medians / p95 until drawn.`,
    '',
    roundTripTable(rows),
    '',
    ...(environment.userWaitsProfiles
      ? [
          '## Where the time goes: profiles of the real-host actions',
          '',
          "One run of each action after its measured runs, with V8's CPU profiler on in the extension host (its inspector) and in the workbench's renderer (a DevTools session on the page); the three largest self-time costs of each, by function and file. Webviews paint in their own renderer process, which the page's session does not see. Profiling slows what it watches: these runs are not samples of the rows above.",
          '',
          ...environment.userWaitsProfiles.split('\n').map((line) => `- ${line}`),
          '',
        ]
      : []),
    '## Targets missed',
    '',
    ...(misses.length ? misses.map((r) => `- ${r.name}: ${result(r).replace(/\*\*/g, '')}`) : ['None.']),
    '',
  ];
  return lines.join('\n');
}

/** How the round-trip rows are measured (bench/roundTrips.bench.ts), for the document. */
const ROUND_TRIP_NOTE =
  '100 ms added round-trip time (50 ms each way, on every request; a new connection first pays 2 round trips more, as TCP + TLS 1.3 to an https provider do), on a warm connection (one open connection in the pool when the action starts)';

/** The Node major of the extension host (code-server's Node 24): the pure benches run under it too. */
const HOST_NODE_MAJOR = 24;

/** What one bench file hands back from its own process. */
interface ApartResult {
  rows: BenchRow[];
  environment?: Record<string, string | undefined>;
}

/**
 * Runs one bench file in a Node process of its own (this script with `--one NAME FILE`), so that no group
 * measures in a heap, JIT state or event loop another group left behind (the 5,000-order rows' p95 was
 * twice as high after the client benches' garbage as alone).
 */
async function runApart(name: string): Promise<ApartResult> {
  const out = path.join(os.tmpdir(), `hlx-bench-${process.pid}-${name}.json`);
  fs.rmSync(out, { force: true });
  try {
    const child = spawnTracked(process.execPath, nodeArgs('--one', name, out), { name: `bench ${name}`, cwd: ROOT, stdio: 'inherit' });
    const code = await child.exited;
    if (code !== 0) throw new Error(`its process ended with ${code}`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as ApartResult;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** In the process `runApart` started: one bench file, its rows written to `out`. */
async function runOne(name: string, out: string): Promise<number> {
  // A bundle is CommonJS, which `import()` hands over as the default export: its own exports are in it.
  const loaded = (await import(benchModule(name))) as BenchModule | { default: BenchModule };
  const mod = typeof loaded.default === 'function' ? (loaded as BenchModule) : (loaded.default as BenchModule);
  const rows = await mod.default();
  fs.writeFileSync(out, JSON.stringify({ rows, environment: mod.environment } satisfies ApartResult));
  return 0;
}

runMain('bench', async () => {
  const one = process.argv.indexOf('--one');
  if (one >= 0) return runOne(process.argv[one + 1], process.argv[one + 2]);
  // The views and extension rows need Chromium and code-server: installed first, not found missing midway.
  const host = await ensureHost();
  if (Number(process.versions.node.split('.')[0]) !== HOST_NODE_MAJOR && !process.env.HLX_BENCH_ANY_NODE) {
    // Measure what the extension host runs: again under the host's Node, installed with the test host.
    log(`Node ${process.version} here; running the benches under the extension host's Node (${host.node})`);
    const child = spawnTracked(host.node, nodeArgs(...process.argv.slice(2)), {
      name: 'bench (Node 24)',
      cwd: ROOT,
      stdio: 'inherit',
    });
    const code = await child.exited;
    return typeof code === 'number' ? code : 1;
  }
  const started = new Date();
  const loadBefore = loadAverage();
  const t0 = performance.now();
  const runs: BenchRun[] = [];
  const environment: Record<string, string | undefined> = {};
  for (const name of benchFiles()) {
    log(`${name}…`);
    const t = performance.now();
    try {
      const result = await runApart(name);
      Object.assign(environment, result.environment);
      runs.push({ name, seconds: (performance.now() - t) / 1000, rows: result.rows });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log(`${name} failed: ${message}`);
      runs.push({ name, seconds: (performance.now() - t) / 1000, rows: [failedRow(name, message)], error: message });
    }
    log(`${name} done in ${runs[runs.length - 1].seconds.toFixed(1)} s`);
  }
  const totalSeconds = (performance.now() - t0) / 1000;
  const rows = runs.flatMap((r) => r.rows).sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));

  console.log(markdownTable(rows));
  console.log(`\n${roundTripTable(rows)}`);
  const misses = rows.filter((r) => r.met === false).length;
  console.log(
    `\n${rows.length} rows, ${misses} missed; ${totalSeconds.toFixed(0)} s (target ≤ ${BUDGET_SECONDS} s); load average before: ${loadBefore}, after: ${loadAverage()}`,
  );
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, document(runs, rows, environment, started, loadBefore, totalSeconds));
  console.log(`written to ${path.relative(process.cwd(), DOC)}`);
  return runs.some((r) => r.error) ? 1 : 0;
});
