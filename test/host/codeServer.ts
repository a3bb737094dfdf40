// Start/stop code-server on 127.0.0.1 with an isolated profile under .vscode-test/run-<name>-<pid>/.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { CACHE, CS_ENTRY, NODE24_BIN, NODE24_DIR, QUIET_SETTINGS, STALE_PATTERN, seconds } from './config';
import { tail } from './install';
import { isAlive, run, spawnTracked, waitFor, type Tracked } from './processes';
import { registerLanguagePacks } from './languagePack';

export interface CodeServerOptions {
  /** Short name for the run folder, e.g. `integration`, `ui`, `demo`. */
  name: string;
  /** Fixed port (else a free one is picked). A port in use is a clear error. */
  port?: number;
  /** Needed for `?payload=` (extensionDevelopmentPath/extensionTestsPath) to be honoured. */
  smokeTestDriver?: boolean;
  /** Extra environment for code-server and its extension host. */
  env?: Record<string, string>;
  /** Extra user settings on top of the quiet defaults. */
  settings?: Record<string, unknown>;
  /** .vsix files to install into the (fresh) extensions dir before starting. */
  vsix?: string[];
  /** Files to write into the scratch workspace folder before the workbench opens it. */
  files?: Record<string, string>;
  /** Extra Node options for code-server (its extension host inherits them, NODE_OPTIONS it does not). */
  nodeArgs?: string[];
  /** How long to wait for /healthz. */
  startTimeoutMs?: number;
  /** Display language (`--locale`); its language pack must be among `vsix` (test/host/languagePack.ts). */
  locale?: string;
}

export interface CodeServer {
  port: number;
  /** `127.0.0.1:<port>`, also the remote authority (vscode-remote://127.0.0.1:<port>/…). */
  authority: string;
  baseUrl: string;
  pid: number;
  runDir: string;
  workspace: string;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  /** Environment with HOME/XDG_* isolated under the run dir (also good for Chromium). */
  isolatedEnv: NodeJS.ProcessEnv;
  /** URL opening the scratch workspace; payload entries become `?payload=` (needs smokeTestDriver). */
  url(opts?: { folder?: string; payload?: [string, string][] }): string;
  /** `vscode-remote://` URI of a path on this machine, for payload entries. */
  remoteUri(absPath: string): string;
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

const log = (...a: unknown[]) => console.log('[host]', ...a);

/** A free TCP port on 127.0.0.1 (asks the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Rejects with a clear message when something already listens on 127.0.0.1:<port>. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${port} on 127.0.0.1 is already in use: stop whatever listens there or choose another port`
            : `cannot listen on 127.0.0.1:${port}: ${e.message}`,
        ),
      ),
    );
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}

/** Removes run folders (and other per-process scratch) left behind by runs whose process is gone. */
export function pruneStaleRuns(): void {
  if (!fs.existsSync(CACHE)) return;
  for (const d of fs.readdirSync(CACHE)) {
    const m = STALE_PATTERN.exec(d);
    if (m && Number(m[1]) !== process.pid && !isAlive(Number(m[1]))) {
      fs.rmSync(path.join(CACHE, d), { recursive: true, force: true });
    }
  }
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.resolve(dir, rel);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`file outside the workspace: ${rel}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

let runCounter = 0;

export async function startCodeServer(opts: CodeServerOptions): Promise<CodeServer> {
  if (process.env.HLX_NO_HOST) throw new Error(`not starting code-server: ${process.env.HLX_NO_HOST}`);
  if (!fs.existsSync(CS_ENTRY)) throw new Error(`code-server is not installed (${CS_ENTRY}); call ensureHost() first`);
  pruneStaleRuns();
  const runDir = path.join(CACHE, `run-${opts.name}${runCounter++ ? '-' + runCounter : ''}-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  const userDataDir = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  const workspace = path.join(runDir, 'workspace');
  const logFile = path.join(runDir, 'code-server.log');
  for (const d of [userDataDir + '/User', extensionsDir, workspace, runDir + '/home']) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...opts.settings }, null, 2));
  fs.writeFileSync(path.join(runDir, 'config.yaml'), 'auth: none\n');
  if (opts.files) writeFiles(workspace, opts.files);

  const isolatedEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: path.join(runDir, 'home'),
    XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(runDir, 'xdg-cache'),
    XDG_RUNTIME_DIR: path.join(runDir, 'xdg-runtime'),
  };
  const csEnv: NodeJS.ProcessEnv = {
    ...isolatedEnv,
    PATH: `${path.join(NODE24_DIR, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  // Not inherited (opts.env may set them): keep the caller's tooling out of the extension host.
  for (const k of ['NODE_OPTIONS', 'VSCODE_IPC_HOOK_CLI', 'ELECTRON_RUN_AS_NODE', 'TS_NODE_PROJECT']) delete csEnv[k];
  Object.assign(csEnv, opts.env);
  const common = ['--config', path.join(runDir, 'config.yaml'), '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];

  for (const vsix of opts.vsix ?? []) {
    const t0 = Date.now();
    await run(NODE24_BIN, [CS_ENTRY, ...common, '--install-extension', vsix], {
      name: `code-server --install-extension ${path.basename(vsix)}`,
      env: csEnv,
      timeoutMs: 120_000,
      quiet: true,
    });
    log(`installed ${path.basename(vsix)} into code-server (${seconds(t0)})`);
  }

  if (opts.locale && !registerLanguagePacks(userDataDir, extensionsDir).includes(opts.locale)) {
    throw new Error(`no language pack for --locale ${opts.locale} among the installed extensions`);
  }
  const port = opts.port ?? (await freePort());
  await assertPortFree(port);
  const authority = `127.0.0.1:${port}`;
  const args = [
    ...(opts.nodeArgs ?? []),
    CS_ENTRY,
    ...common,
    '--auth',
    'none',
    '--bind-addr',
    authority,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...(opts.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(opts.locale ? ['--locale', opts.locale] : []),
  ];
  const out = fs.openSync(logFile, 'w');
  const t0 = Date.now();
  let proc: Tracked;
  try {
    proc = spawnTracked(NODE24_BIN, args, { name: 'code-server', env: csEnv, stdio: ['ignore', out, out], cwd: workspace });
  } finally {
    fs.closeSync(out);
  }
  let exitCode: number | string | undefined;
  void proc.exited.then((c) => (exitCode = c));
  const logTail = (lines = 40) => tail(logFile, lines);
  const baseUrl = `http://${authority}`;
  try {
    await waitFor(
      async () => {
        try {
          const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
          return res.ok;
        } catch {
          return false;
        }
      },
      {
        timeoutMs: opts.startTimeoutMs ?? 60_000,
        intervalMs: 150,
        what: `code-server on ${authority} (log ${logFile})`,
        abort: () => (exitCode !== undefined ? `code-server exited with ${exitCode}` : undefined),
        detail: () => `--- last lines of ${logFile} ---\n${logTail()}`,
      },
    );
  } catch (e) {
    await proc.stop();
    const text = logTail();
    if (/EADDRINUSE/.test(text)) throw new Error(`port ${port} on 127.0.0.1 is already in use (code-server could not bind it)\n${text}`);
    throw e;
  }
  log(`code-server pid ${proc.pid} ready on ${baseUrl} after ${seconds(t0)}`);

  const remoteUri = (p: string) => `vscode-remote://${authority}${p.split(path.sep).map(encodeURIComponent).join('/')}`;
  return {
    port,
    authority,
    baseUrl,
    pid: proc.pid,
    runDir,
    workspace,
    userDataDir,
    extensionsDir,
    logFile,
    isolatedEnv,
    remoteUri,
    url: ({ folder = workspace, payload } = {}) =>
      `${baseUrl}/?folder=${encodeURIComponent(folder)}` + (payload ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''),
    logTail,
    stop: () => proc.stop(),
  };
}
