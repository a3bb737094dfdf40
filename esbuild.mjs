// Builds the extension into dist/: `node esbuild.mjs [--production] [--watch]`. `--production` minifies
// and drops source maps; `--watch` rebuilds on change. What is built, and how, is in scripts/build/
// (builds.mjs: entry points and options; commonjs.mjs: the CommonJS pass; stubs.mjs: the parts of axios
// and viem left out); docs/BUILD.md explains it.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { builds } from './scripts/build/builds.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// Chunk names carry a content hash: old ones would pile up in dist/chunks and ship in the .vsix.
fs.rmSync(new URL('dist/chunks', import.meta.url), { recursive: true, force: true });
if (watch) {
  const contexts = await Promise.all(builds({ production }).map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds({ production }).map((b) => esbuild.build(b)));
}
