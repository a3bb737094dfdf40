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
 * The suites that open a workbench (they import ./workbench): in another host, the ones that run a page's
 * script in Chromium alone (blockWebview, transactionWebview, figures) would only repeat themselves.
 */
function workbenchSuites(): string[] {
  const dir = path.join(ROOT, 'test', 'ui');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts') && /from '\.\/workbench'/.test(fs.readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => path.join('test', 'ui', f));
}
