// Bundles the extension (Node, CommonJS, `vscode` external) and the webview scripts (browser).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Webview entry points, one per panel. */
const webviewEntries = ['src/blocks/webview/main.ts'];

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'info',
};

/**
 * axios' Node build imports `form-data` for multipart uploads, and with it `mime-db` (~140 KB minified).
 * We only ever post JSON, so the extension gets a one-line stand-in and stays small.
 */
const withoutFormData = {
  name: 'without-form-data',
  setup(build) {
    build.onResolve({ filter: /^form-data$/ }, () => ({ path: 'form-data', namespace: 'stub' }));
    build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'module.exports = class FormData {};', loader: 'js' }));
  },
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
    plugins: [withoutFormData],
    // axios probes `navigator` to detect browsers; in Node 21+ that global exists and VS Code's extension
    // host warns about every extension that reads it. We are never in a browser here.
    define: { navigator: 'undefined' },
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
builds.push({
  ...common,
  entryPoints: webviewEntries.map((f) => ({ in: f, out: f.split('/')[1] })),
  outdir: 'dist/webview',
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
});

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
