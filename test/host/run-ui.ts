// `npm run test:ui`: packages the extension (.vsix), then runs the mocha UI suite test/ui/*.test.ts
// (Node + tsx) which drives Chromium against code-server with that .vsix installed (test/ui/workbench.ts),
// and the block panel's script in Chromium outside VS Code (test/ui/blockWebview.test.ts).
// Extra arguments go to mocha, e.g. `npm run test:ui -- --grep "API key"`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageVsix } from './build';
import { ROOT, TEST_RESULTS, seconds } from './config';
import { ensureHost } from './install';
import { runMain, runMocha } from './runner';

runMain('ui', async () => {
  const t0 = Date.now();
  await ensureHost();
  const vsix = await packageVsix();
  const { code } = await runMocha({
    suite: 'ui',
    files: ['test/ui/**/*.test.ts'],
    timeoutMs: 60_000,
    slowMs: 10_000,
    args: process.argv.slice(2),
    env: { HLX_VSIX: vsix },
  });
  fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
  console.log(`[ui] ${code === 0 ? 'passed' : `FAILED (mocha exit ${code}); screenshots in ${path.relative(ROOT, TEST_RESULTS)}/ui/`} after ${seconds(t0)}`);
  return code === 0 ? 0 : 1;
});
