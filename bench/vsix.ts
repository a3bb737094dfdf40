// The .vsix the userWaits bench installs, packaged from the production build `npm run bench` has just
// made: what `npm run package` (scripts/package.ts) does, without its second `esbuild.mjs --production`
// (~3 s). vsce runs in a staging copy without node_modules/ and .vscode-test/ (walking them costs ~30 s);
// .vscodeignore decides the contents exactly as in the project root.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CACHE, ROOT, TEST_VSIX } from '../test/host/config';
import { run } from '../test/host/processes';

/** Never copied to the staging folder: large, and all excluded by .vscodeignore anyway (as scripts/package.ts). */
const SKIP = new Set(['node_modules', '.vscode-test', '.git', 'test-results']);

export async function packageBuiltVsix(out = TEST_VSIX): Promise<string> {
  const bundle = path.join(ROOT, 'dist', 'extension.js');
  if (!fs.existsSync(bundle) || /\/\/# sourceMappingURL=/.test(fs.readFileSync(bundle, 'utf8'))) {
    throw new Error('dist/extension.js is missing or a dev build: run `node esbuild.mjs --production` first (npm run bench does)');
  }
  const stage = path.join(CACHE, `bench-package-stage-${process.pid}`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  fs.rmSync(out, { force: true });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  try {
    for (const entry of fs.readdirSync(ROOT)) {
      if (SKIP.has(entry) || entry.endsWith('.vsix')) continue;
      fs.cpSync(path.join(ROOT, entry), path.join(stage, entry), { recursive: true, verbatimSymlinks: true });
    }
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    await run(process.execPath, [vsce, 'package', '--no-dependencies', '-o', out], { name: 'vsce package', cwd: stage, timeoutMs: 300_000, quiet: true });
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
  if (!fs.existsSync(out)) throw new Error(`vsce did not produce ${out}`);
  return out;
}
