// `npm run test:ui`: packages the extension (.vsix), then runs the mocha UI suite test/ui/*.test.ts
// (Node + tsx) which drives Chromium against code-server with that .vsix installed (test/ui/workbench.ts),
// and the block panel's script in Chromium outside VS Code (test/ui/blockWebview.test.ts).
// `--host oldest` runs it in the oldest supported VS Code (test:ui:oldest); other arguments go to mocha,
// e.g. `npm run test:ui -- --grep "API key"`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageVsix } from './build';
import { ROOT, TEST_RESULTS, seconds, selectedHost, takeHostArgument } from './config';
import { ensureHost } from './install';
import { runMain, runMocha } from './runner';

runMain('ui', async () => {
  const t0 = Date.now();
  const args = takeHostArgument(process.argv.slice(2));
  const host = selectedHost();
  const suite = host.name === 'newest' ? 'ui' : `ui-${host.name}`;
  await ensureHost();
  console.log(`[${suite}] in code-server ${host.codeServer} (VS Code ${host.vscode}), ready after ${seconds(t0)}`);
  // HLX_VSIX: a .vsix packaged ahead (npm test packages one for every host suite); else this run's own.
  const given = process.env.HLX_VSIX && fs.existsSync(process.env.HLX_VSIX) ? process.env.HLX_VSIX : undefined;
  const vsix = given ?? (await packageVsix());
  const files = host.name === 'newest' ? allSuites() : workbenchSuites();
  const shards = split(files, Math.max(1, Math.min(4, Number(process.env.HLX_UI_SHARDS) || 1)));
  if (shards.length > 1)
    console.log(
      `[${suite}] ${shards.length} mocha processes side by side: ${shards.map((s) => s.map((f) => path.basename(f, '.test.ts')).join(' ')).join(' | ')}`,
    );
  // Each shard its own mocha process (its own code-servers and Chromiums); the first prints here, the
  // others into a log that is printed when they end.
  const logs = shards.map((_, i) => (i === 0 ? undefined : path.join(TEST_RESULTS, `${suite}-shard-${i + 1}.log`)));
  if (shards.length > 1) fs.mkdirSync(TEST_RESULTS, { recursive: true });
  const results = await Promise.all(
    shards.map((shardFiles, i) =>
      runMocha({
        suite: shards.length > 1 ? `${suite}-${i + 1}` : suite,
        files: shardFiles,
        timeoutMs: 60_000,
        slowMs: 10_000,
        // A real workbench driven under a loaded machine has moments no wait foresees (focus taken by a redraw,
        // a dialog slower than its own default): a failed test is tried once more, said loudly by the reporter.
        args: ['--retries', String(UI_RETRIES), ...args],
        env: { HLX_VSIX: vsix },
        logFile: logs[i],
      }),
    ),
  );
  for (const log of logs) if (log) console.log(`\n[${suite}] ${path.relative(ROOT, log)}:\n${fs.readFileSync(log, 'utf8')}`);
  const code = results.find((r) => r.code !== 0)?.code ?? 0;
  if (!given) fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
  console.log(
    `[${suite}] ${code === 0 ? 'passed' : `FAILED (mocha exit ${code}); screenshots in ${path.relative(ROOT, TEST_RESULTS)}/ui/`} after ${seconds(t0)}`,
  );
  return code === 0 ? 0 : 1;
});

/** How many times a failed UI test is tried again (`HLX_UI_RETRIES`, default 1; 0 for none). */
const UI_RETRIES = Math.max(0, Math.min(3, Number(process.env.HLX_UI_RETRIES ?? 1) || 0));

/**
 * What depends on VS Code's version, run again in the oldest host: each API family the extension uses, at
 * least once (the rest of the UI suite runs in the newest host only; the page scripts that run in Chromium
 * alone never depend on VS Code). `HLX_OLDEST_ALL=1` runs every workbench suite there instead.
 */
const OLDEST_UI_SUITES: Readonly<Record<string, string>> = {
  'orders.test.ts': 'tree view (items, inline actions, view title, progress), notifications, input boxes',
  'transactions.test.ts': 'webview panel (CSP, messages, theme), its revival',
  'hover.test.ts': 'hover provider (Markdown, trusted command links)',
  'networks.test.ts': 'status bar item, quick pick, modal and non-modal notifications, settings',
  'walkthrough.test.ts': 'walkthrough (getting started), context keys',
  'german.test.ts': 'l10n (runtime bundle and package.nls in a language pack)',
};

/** The suites that open a workbench (they import ./workbench), in the oldest host only those of OLDEST_UI_SUITES. */
function workbenchSuites(): string[] {
  const dir = path.join(ROOT, 'test', 'ui');
  const all = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts') && /from '\.\/workbench'/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
  const missing = Object.keys(OLDEST_UI_SUITES).filter((f) => !all.includes(f));
  if (missing.length) throw new Error(`OLDEST_UI_SUITES names suites that do not open a workbench: ${missing.join(', ')}`);
  const chosen = process.env.HLX_OLDEST_ALL === '1' ? all : all.filter((f) => f in OLDEST_UI_SUITES);
  return chosen.map((f) => path.join('test', 'ui', f));
}

/** Every UI suite (the newest host runs them all). */
function allSuites(): string[] {
  const dir = path.join(ROOT, 'test', 'ui');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('test', 'ui', f));
}

/**
 * `files` in `n` groups of about equal work, for mocha processes side by side (HLX_UI_SHARDS): a suite's
 * work counted as its tests plus four per workbench it opens (a workbench takes about as long as four tests).
 */
function split(files: string[], n: number): string[][] {
  if (n <= 1) return [files];
  const weight = (f: string) => {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    return (text.match(/^\s*it\(/gm)?.length ?? 0) + 4 * (text.match(/useWorkbench(OnDemoNode)?\(/g)?.length ?? 0);
  };
  const groups = Array.from({ length: n }, () => ({ files: [] as string[], work: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((a, b) => (b.work < a.work ? b : a));
    lightest.files.push(f);
    lightest.work += weight(f);
  }
  return groups.filter((g) => g.files.length).map((g) => g.files);
}
