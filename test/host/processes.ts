// Process bookkeeping for the harness: every process we start is tracked by PID and stopped
// (its whole process group) in `finally` blocks, on SIGINT/SIGTERM/SIGHUP and, as a last resort,
// synchronously on exit. Every wait has a timeout.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();
/** Process groups still alive: killed with SIGKILL on exit if nothing stopped them before. */
const liveGroups = new Set<number>();
let handlersInstalled = false;
let exiting = false;

/** Registers an async cleanup run on SIGINT/SIGTERM/SIGHUP; returns a function that unregisters it. */
export function onCleanup(fn: Cleanup): () => void {
  installHandlers();
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** True once a signal or runCleanups() started stopping everything. */
export function shuttingDown(): boolean {
  return exiting;
}

export async function runCleanups(): Promise<void> {
  exiting = true;
  const all = [...cleanups].reverse();
  cleanups.clear();
  for (const fn of all) {
    try {
      await withTimeout(Promise.resolve().then(fn), 15_000, 'cleanup');
    } catch (e) {
      console.error('[host] cleanup failed:', (e as Error).message);
    }
  }
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    if (signalled) return;
    signalled = true;
    console.error(`\n[host] ${signal}: stopping everything this run started…`);
    void runCleanups().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => onSignal('SIGINT', 130));
  process.on('SIGTERM', () => onSignal('SIGTERM', 143));
  process.on('SIGHUP', () => onSignal('SIGHUP', 129));
  process.on('exit', () => {
    for (const pgid of liveGroups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface Tracked {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM to the process group, SIGKILL after `graceMs`; resolves once the group is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawns a process in its own process group (detached) so that it and everything it forks can be
 * stopped together by PID. The group is killed on exit of this process if nobody stopped it.
 */
export function spawnTracked(cmd: string, args: string[], options: SpawnOptions & { name: string; graceMs?: number }): Tracked {
  installHandlers();
  if (exiting) throw new Error(`not starting ${options.name}: shutting down`);
  const { name: _name, graceMs: _grace, ...spawnOptions } = options;
  const child = spawn(cmd, args, { ...spawnOptions, detached: true });
  if (child.pid === undefined) {
    throw new Error(`could not start ${options.name} (${cmd})`);
  }
  const pid = child.pid;
  liveGroups.add(pid);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (err) => resolve(`error: ${err.message}`));
  });
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = options.graceMs ?? 5000) =>
    (stopping ??= (async () => {
      const signalGroup = (sig: NodeJS.Signals) => {
        try {
          process.kill(-pid, sig);
        } catch {
          /* gone */
        }
      };
      if (groupAlive(pid)) {
        signalGroup('SIGTERM');
        const end = Date.now() + graceMs;
        while (groupAlive(pid) && Date.now() < end) await sleep(100);
        if (groupAlive(pid)) signalGroup('SIGKILL');
        const end2 = Date.now() + 3000;
        while (groupAlive(pid) && Date.now() < end2) await sleep(50);
      }
      liveGroups.delete(pid);
    })());
  const unregister = onCleanup(() => stop());
  void exited.then(() => {
    // The leader is gone; children of the group may live on, so keep the group until stop().
    if (!groupAlive(pid)) {
      liveGroups.delete(pid);
      unregister();
    }
  });
  return { child, pid, exited, stop };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s: ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until it returns a truthy value; throws `what` (plus `detail()`) after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { timeoutMs: number; intervalMs?: number; what: string; detail?: () => string; abort?: () => string | undefined },
): Promise<T> {
  const end = Date.now() + opts.timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    const aborted = opts.abort?.();
    if (aborted) throw new Error(`${opts.what}: ${aborted}${opts.detail ? '\n' + opts.detail() : ''}`);
    if (Date.now() > end) {
      throw new Error(`timed out after ${opts.timeoutMs / 1000} s waiting for ${opts.what}${opts.detail ? '\n' + opts.detail() : ''}`);
    }
    await sleep(opts.intervalMs ?? 200);
  }
}

/** Runs a command to completion (own process group, killed on timeout/signal); rejects on non-zero exit. */
export async function run(
  cmd: string,
  args: string[],
  opts: SpawnOptions & { name: string; timeoutMs: number; quiet?: boolean },
): Promise<{ stdout: string; stderr: string }> {
  const t = spawnTracked(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  let stdout = '';
  let stderr = '';
  t.child.stdout?.on('data', (d: Buffer) => {
    stdout += d;
    if (!opts.quiet) process.stdout.write(d);
  });
  t.child.stderr?.on('data', (d: Buffer) => {
    stderr += d;
    if (!opts.quiet) process.stderr.write(d);
  });
  let code: number | string;
  try {
    code = await withTimeout(t.exited, opts.timeoutMs, `${opts.name} (${cmd} ${args.join(' ')})`);
  } finally {
    await t.stop();
  }
  if (code !== 0) {
    const tail = (stdout + stderr).split('\n').slice(-30).join('\n');
    throw new Error(`${opts.name} failed (exit ${code}): ${cmd} ${args.join(' ')}${opts.quiet ? '\n' + tail : ''}`);
  }
  return { stdout, stderr };
}
