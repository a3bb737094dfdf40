// `npm test`: every suite, in the order that keeps a fresh clone's run short on two cores without losing a
// check. Chromium and the newest test host (code-server 4.139.1: `npm run setup -- --host newest`) install
// while the steps that need neither, or Chromium alone, run beside them in two lanes (typecheck, lint,
// packaging the one .vsix every host suite installs, conformance | unit, the hostile suite's Node part); the
// suites that drive code-server and Chromium then run one after the other, since each of them wants both
// cores, while the oldest host (4.99.4) installs at a low priority beside the newest host's suites; last,
// the oldest host's suites beside the newest host's hostile part and soak, which mostly wait. It
// stops at the first step that fails (the others would only wait longer for the same answer) and prints
// how long each step took. Each step is an npm script, so any one can be run alone.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, TEST_RESULTS } from './config';
import { runMain } from './runner';

interface Step {
  script: string;
  /** What this step is called in the summary when the script runs more than once with another `env`. */
  label?: string;
  env?: Record<string, string>;
  /** Arguments after `--`. */
  args?: string[];
  /** Run at this `nice` level (lower priority), for work that should take only the cores others leave. */
  nice?: number;
  ms?: number;
  code?: number;
}

/** Runs `npm run <script>`; its output goes to this process's, or to `logFile` when given. */
function npmRun(step: Step, logFile?: string): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
    const npm = ['npm', 'run', '--silent', step.script, ...(step.args ? ['--', ...step.args] : [])];
    const [command, ...args] = step.nice ? ['nice', '-n', String(step.nice), ...npm] : npm;
    const child = spawn(command!, args, {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...step.env },
    });
    child.on('exit', (code, signal) => {
      if (typeof out === 'number') fs.closeSync(out);
      step.ms = Date.now() - t0;
      step.code = code ?? (signal ? 1 : 0);
      resolve(step.code);
    });
  });
}

/**
 * Runs `steps` one after the other, up to the first that fails; its exit code (0: all passed). With
 * `logDir`, each step's output goes to a file there and is printed whole when the step ends, so that two
 * lanes side by side do not interleave their lines.
 */
async function lane(steps: Step[], logDir?: string): Promise<number> {
  for (const step of steps) {
    const log = logDir && path.join(logDir, `${step.script.replace(/[^\w.-]+/g, '-')}${step.label ? '-' + step.label.replace(/\W+/g, '-') : ''}.log`);
    console.log(`\n[test] ▶ ${name(step)}${log ? ` (its output when it ends: ${path.relative(ROOT, log)})` : ''}`);
    const code = await npmRun(step, log);
    if (log) console.log(`\n[test] ${name(step)}:\n${fs.readFileSync(log, 'utf8')}`);
    console.log(`[test] ${code === 0 ? '✔' : '✘'} ${name(step)} (${((step.ms ?? 0) / 1000).toFixed(1)} s)`);
    if (code !== 0) return code;
  }
  return 0;
}

const name = (step: Step) => `npm run ${step.script}${step.label ? ` (${step.label})` : ''}`;

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

runMain('test', async () => {
  const t0 = Date.now();
  // The UI suites in two mocha processes side by side (their code-servers and Chromiums wait on each
  // other's pauses more than on the cores): 380 s where one process took 610 s. HLX_UI_SHARDS=1 runs one.
  process.env.HLX_UI_SHARDS ??= '2';
  fs.mkdirSync(TEST_RESULTS, { recursive: true });
  const setupLog = path.join(TEST_RESULTS, 'setup.log');
  const setup: Step = { script: 'setup', label: 'Chromium, newest host', args: ['--host', 'newest'] };
  const setupOldestLog = path.join(TEST_RESULTS, 'setup-oldest.log');
  const setupOldest: Step = { script: 'setup', label: "oldest host, beside the newest host's suites", args: ['--host', 'oldest'], nice: 15 };
  // The hostile suite's Node part needs Chromium only, which setup installs first (seconds): it runs in
  // the checks' lane; its host part runs with the other host suites. The .vsix is packaged once, there
  // too, and every host suite installs that one (HLX_VSIX) instead of packaging its own.
  const vsix = path.join(TEST_RESULTS, 'vsix', 'hyperliquid-explorer.vsix');
  // Two lanes beside the install, so that the cores it leaves idle (downloads, and after it ends) are used.
  // Conformance (anvil, solc: neither host nor Chromium) in the first lane: with it in the second, that lane
  // ran 292 s against setup's 219 s and the first 191 s, and the host suites waited for it.
  const checks: Step[] = [
    ...['typecheck', 'lint'].map((script) => ({ script })),
    { script: 'package', label: 'the .vsix every host suite installs', args: ['-o', vsix] },
    { script: 'test:conformance' },
  ];
  const suites: Step[] = [{ script: 'test:unit' }, { script: 'test:hostile', label: 'Node part', env: { HLX_HOSTILE_NODE_ONLY: '1' } }];
  fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(vsix), { recursive: true });
  const newest: Step[] = ['test:integration', 'test:ui'].map((script) => ({ script, env: { HLX_VSIX: vsix } }));
  // The newest host's hostile part and the soak wait more than they compute (a minute of paced actions):
  // they run beside the oldest host's suites, in a lane of their own.
  const newestTail: Step[] = [
    { script: 'test:hostile', label: 'host part', env: { HLX_HOSTILE_HOST_ONLY: '1', HLX_VSIX: vsix } },
    { script: 'test:soak', env: { HLX_VSIX: vsix } },
  ];
  const oldest: Step[] = ['test:integration:oldest', 'test:ui:oldest'].map((script) => ({ script, env: { HLX_VSIX: vsix } }));

  console.log(`[test] installing the test hosts beside the suites that need none (its log: ${path.relative(ROOT, setupLog)})`);
  const installed = npmRun(setup, setupLog).then((code) => {
    console.log(`[test] ${code === 0 ? '✔' : '✘'} npm run setup (${((setup.ms ?? 0) / 1000).toFixed(1)} s, beside the checks)`);
    if (code !== 0) console.log(fs.readFileSync(setupLog, 'utf8').split('\n').slice(-30).join('\n'));
    return code;
  });
  const [checked, tested] = await Promise.all([lane(checks), lane(suites, TEST_RESULTS)]);
  const setupCode = await installed;
  const code = checked !== 0 ? checked : tested !== 0 ? tested : setupCode !== 0 ? setupCode : await hostSuites();

  async function hostSuites(): Promise<number> {
    console.log(`[test] installing the oldest host beside the newest host's suites (its log: ${path.relative(ROOT, setupOldestLog)})`);
    const oldestInstalled = npmRun(setupOldest, setupOldestLog).then((code) => {
      console.log(
        `[test] ${code === 0 ? '✔' : '✘'} npm run setup -- --host oldest (${((setupOldest.ms ?? 0) / 1000).toFixed(1)} s, beside the newest host's suites)`,
      );
      if (code !== 0) console.log(fs.readFileSync(setupOldestLog, 'utf8').split('\n').slice(-30).join('\n'));
      return code;
    });
    const first = await lane(newest);
    const installedCode = await oldestInstalled;
    if (first !== 0 || installedCode !== 0) return first !== 0 ? first : installedCode;
    const [tail, old] = await Promise.all([lane(newestTail, TEST_RESULTS), lane(oldest, TEST_RESULTS)]);
    return tail !== 0 ? tail : old;
  }

  const all = [setup, ...checks, ...suites, ...newest, setupOldest, ...newestTail, ...oldest].filter((s) => s.ms !== undefined);
  console.log(
    `\n[test] steps (setup ran beside two lanes: typecheck, lint, package, conformance | unit, hostile Node part; the oldest host installed beside the newest host's suites; then the hostile host part and the soak beside the oldest host's suites):`,
  );
  for (const s of all)
    console.log(`  ${s.code === 0 ? '✔' : '✘'} ${(s.script + (s.label ? ` (${s.label})` : '')).padEnd(48)} ${((s.ms ?? 0) / 1000).toFixed(1).padStart(7)} s`);
  console.log(`[test] ${code === 0 ? 'all passed' : 'FAILED'} in ${minutes(Date.now() - t0)}`);
  return code;
});
