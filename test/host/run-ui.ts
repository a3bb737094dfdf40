// `npm run test:ui`: packages the extension (.vsix), then runs the mocha UI suite test/ui/*.test.ts
// (Node + tsx) which drives Chromium against code-server with that .vsix installed (test/ui/workbench.ts).
// Extra arguments go to mocha, e.g. `npm run test:ui -- --grep "API key"`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageVsix } from './build';
import { ROOT, TEST_RESULTS, seconds } from './config';
import { ensureHost } from './install';
import { runCleanups, spawnTracked } from './processes';

async function main(): Promise<number> {
  const t0 = Date.now();
  await ensureHost();
  const vsix = await packageVsix();
  const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [
    '--import',
    'tsx',
    mocha,
    '--no-config',
    '--no-package',
    '--reporter',
    'spec',
    '--timeout',
    '60000',
    '--slow',
    '10000',
    ...(process.argv.length > 2 ? process.argv.slice(2) : []),
    'test/ui/**/*.test.ts',
  ];
  // Own process group: Ctrl-C here stops it with SIGTERM, and its handlers stop code-server and Chromium.
  const child = spawnTracked(process.execPath, args, {
    name: 'mocha (UI suite)',
    graceMs: 20_000,
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, HLX_VSIX: vsix },
  });
  const code = await child.exited;
  await child.stop(15_000);
  fs.rmSync(path.dirname(vsix), { recursive: true, force: true });
  console.log(`[ui] ${code === 0 ? 'passed' : `FAILED (mocha exit ${code}); screenshots in ${path.relative(ROOT, TEST_RESULTS)}/ui/`} after ${seconds(t0)}`);
  return code === 0 ? 0 : 1;
}

main()
  .then(
    (code) => code,
    (e: Error) => {
      console.error('[ui] ERROR:', e.message);
      return 2;
    },
  )
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
