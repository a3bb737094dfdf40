// Bundles the extension (Node, CommonJS, `vscode` external) and the webview scripts (browser).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Webview entry points, one per panel; each is optional until its feature lands. */
const webviewEntries = ['src/blocks/webview/main.ts'].filter((f) => existsSync(f));

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'info',
};

const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    // axios ships a browser build too; make sure the Node adapter is bundled.
    mainFields: ['module', 'main'],
    conditions: ['node'],
  },
  {
    // The demo node on its own: `node dist/demoNode.js [--port N] [--control]` (tests, `npm run demo`).
    ...common,
    entryPoints: { demoNode: 'src/demo/cli.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
];
if (webviewEntries.length) {
  builds.push({
    ...common,
    entryPoints: webviewEntries.map((f) => ({ in: f, out: f.split('/')[1] })),
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
