// What every runner script (test/host/run-*.ts, test/hostile/run.ts, bench/run.ts, scripts/*.ts) shares:
// the main() wrapper that turns errors into an exit code and always stops what the run started, and
// mocha in a child process (own process group, the counting reporter).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Counts } from '../support/countingReporter';
import { ROOT } from './config';
import { runCleanups, spawnTracked } from './processes';

/**
 * Runs `main` as the whole program: its number is the exit code (void = 0); an error prints
 * `[tag] ERROR: …` and exits 2. Everything registered with onCleanup() is stopped first.
 */
export function runMain(tag: string, main: () => Promise<number | void>): void {
  main()
    .then(
      (code) => code ?? 0,
      (e: unknown) => {
        console.error(`[${tag}] ERROR:`, e instanceof Error ? e.message : e);
        return 2;
      },
    )
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    });
}

export interface MochaRun {
  /** Suite name in the final counts line (`[ui] N passed, …`). */
  suite: string;
  /** Spec globs or files. */
  files: string[];
  timeoutMs: number;
  slowMs: number;
  /** Modules for mocha's --require (root hooks). */
  require?: string[];
  env?: NodeJS.ProcessEnv;
  /** Extra mocha arguments (e.g. `--grep …`). */
  args?: string[];
  /** A file for mocha's output instead of this process's (a suite run beside another). */
  logFile?: string;
}

export interface MochaResult {
  code: number | string;
  /** What the counting reporter counted; undefined when mocha died before it reported. */
  counts?: Counts;
}

/**
 * Mocha (under tsx) in a child process with its own process group: Ctrl-C here stops it with SIGTERM,
 * and its own handlers stop code-server and Chromium. The counting reporter prints and returns the counts.
 */
export async function runMocha(opts: MochaRun): Promise<MochaResult> {
  const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const countsFile = path.join(os.tmpdir(), `hlx-counts-${opts.suite}-${process.pid}.json`);
  fs.rmSync(countsFile, { force: true });
  const args = [
    '--import',
    'tsx',
    mocha,
    '--no-config',
    '--no-package',
    ...(opts.require ?? []).flatMap((r) => ['--require', r]),
    '--reporter',
    path.join(ROOT, 'test', 'support', 'countingReporter.ts'),
    '--reporter-option',
    `suite=${opts.suite}`,
    '--timeout',
    String(opts.timeoutMs),
    '--slow',
    String(opts.slowMs),
    ...(opts.args ?? []),
    ...opts.files,
  ];
  const log = opts.logFile ? fs.openSync(opts.logFile, 'w') : undefined;
  const child = spawnTracked(process.execPath, args, {
    name: `mocha (${opts.suite})`,
    graceMs: 20_000,
    cwd: ROOT,
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, ...opts.env, HLX_COUNTS_FILE: countsFile },
  });
  const code = await child.exited;
  await child.stop(15_000);
  if (log !== undefined) fs.closeSync(log);
  let counts: Counts | undefined;
  try {
    counts = JSON.parse(fs.readFileSync(countsFile, 'utf8')) as Counts;
  } catch {
    counts = undefined;
  }
  fs.rmSync(countsFile, { force: true });
  return { code, counts };
}

/** Commit (with `+ changes` when the tree differs from it), for the record of a run. */
export function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${sha} + uncommitted changes` : sha;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
