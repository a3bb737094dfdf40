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
