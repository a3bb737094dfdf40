// `npm run package`: production build, then `vsce package --no-dependencies` → hyperliquid-explorer.vsix.
// vsce globs every file under its working directory before applying .vscodeignore, and walking
// .vscode-test/ (code-server, ~100k files) and node_modules/ costs ~30 s. So vsce runs in a staging
// copy of the project without those folders; .vscodeignore decides the contents exactly as in the
// project root (check with `npx vsce ls --no-dependencies`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CACHE, ROOT, VSIX, seconds } from '../test/host/config';
import { run } from '../test/host/processes';
import { runMain } from '../test/host/runner';

/** Never copied to the staging folder: large, and all excluded by .vscodeignore anyway. */
const SKIP = new Set(['node_modules', '.vscode-test', '.git', 'test-results']);

async function main(): Promise<void> {
  const t0 = Date.now();
  await run(process.execPath, ['esbuild.mjs', '--production'], { name: 'node esbuild.mjs --production', cwd: ROOT, timeoutMs: 180_000 });
  const stage = path.join(CACHE, `package-stage-${process.pid}`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  for (const entry of fs.readdirSync(ROOT)) {
    if (SKIP.has(entry) || entry.endsWith('.vsix')) continue;
    fs.cpSync(path.join(ROOT, entry), path.join(stage, entry), { recursive: true, verbatimSymlinks: true });
  }
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const out = process.argv.includes('-o') ? path.resolve(process.argv[process.argv.indexOf('-o') + 1]) : VSIX;
  try {
    await run(process.execPath, [vsce, 'package', '--no-dependencies', '-o', out], { name: 'vsce package', cwd: stage, timeoutMs: 300_000 });
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
  console.log(`packaged ${path.relative(process.cwd(), out) || out} in ${seconds(t0)}`);
}

runMain('package', main);
