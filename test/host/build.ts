// Builds what the suites run: the extension (esbuild.mjs), the integration tests, the .vsix.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { DIST_TEST, ROOT, TEST_VSIX, seconds } from './config';
import { run } from './processes';

const log = (...a: unknown[]) => console.log('[host]', ...a);

/** `node esbuild.mjs` (dev build with source maps, or `--production`). */
export async function buildExtension(production = false): Promise<void> {
  const t0 = Date.now();
  await run(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], {
    name: 'build the extension (esbuild.mjs)',
    cwd: ROOT,
    timeoutMs: 180_000,
    quiet: true,
  });
  if (!fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) throw new Error('esbuild.mjs did not produce dist/extension.js');
  log(`extension built${production ? ' (production)' : ''} in ${seconds(t0)}`);
}

/**
 * Compiles test/integration/index.ts (the runner) and every test/integration/*.test.ts into
 * .vscode-test/dist-test/integration/, one CommonJS file each; `vscode` and `mocha` stay external.
 * Returns the runner module path without `.js` (what extensionTestsPath wants).
 */
export async function buildIntegrationTests(): Promise<string> {
  const src = path.join(ROOT, 'test', 'integration');
  const outdir = path.join(DIST_TEST, 'integration');
  fs.rmSync(outdir, { recursive: true, force: true });
  const entries = fs
    .readdirSync(src)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(src, f));
  await esbuild.build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    external: ['vscode', 'mocha'],
    mainFields: ['module', 'main'],
    conditions: ['node'],
    logLevel: 'warning',
  });
  return path.join(outdir, 'index');
}

/**
 * `npm run package -- -o <out>`: production build + `vsce package --no-dependencies`; returns the
 * .vsix path (by default a per-process file under .vscode-test/, so parallel runs do not collide).
 */
export async function packageVsix(out = TEST_VSIX): Promise<string> {
  const t0 = Date.now();
  fs.rmSync(out, { force: true });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await run('npm', ['run', '--silent', 'package', '--', '-o', out], { name: 'npm run package', cwd: ROOT, timeoutMs: 300_000, quiet: true });
  if (!fs.existsSync(out)) throw new Error(`npm run package did not produce ${out}`);
  log(`packaged ${path.basename(out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB) in ${seconds(t0)}`);
  return out;
}
