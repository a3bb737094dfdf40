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
  const vsix = await packageVsix();
  const { code } = await runMocha({
    suite,
    files: host.name === 'newest' ? ['test/ui/**/*.test.ts'] : workbenchSuites(),
    timeoutMs: 60_000,
    slowMs: 10_000,
    args,
    env: { HLX_VSIX: vsix },
  });
  fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
  console.log(
    `[${suite}] ${code === 0 ? 'passed' : `FAILED (mocha exit ${code}); screenshots in ${path.relative(ROOT, TEST_RESULTS)}/ui/`} after ${seconds(t0)}`,
  );
  return code === 0 ? 0 : 1;
});

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
