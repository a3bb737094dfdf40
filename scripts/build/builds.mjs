// Every bundle the extension ships, as esbuild options: what esbuild.mjs builds, and what
// test/unit/bundle.test.ts builds to check what each one holds. docs/BUILD.md explains the whole.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esmToCommonJs } from './commonjs.mjs';
import { axiosStubs, stubModules, viemStubs } from './stubs.mjs';

/** The repository's root: entry points and output folders are relative to it. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The panels' pages, one row each in src/webview/pages.json: `src/<page>/webview/main.ts` is bundled into
 * `dist/webview/<page>.js` (the host's PanelHost loads it, with the row's stylesheet).
 */
const pages = Object.keys(JSON.parse(fs.readFileSync(new URL('../../src/webview/pages.json', import.meta.url), 'utf8')));

/**
 * The three builds: the extension (split, then made CommonJS), the demo node, the webview scripts.
 * `production` minifies and drops source maps.
 * @param {{ production: boolean }} options
 * @returns {import('esbuild').BuildOptions[]}
 */
export function builds({ production }) {
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    minify: production,
    sourcemap: production ? false : 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'info',
  };
  const node = { ...common, outdir: 'dist', platform: 'node', format: 'cjs', target: 'node20' };
  return [
    {
      // The extension, split so that activation loads only what it runs: `dist/extension.js` and the
      // chunks it requires at once; the panels, Look Up and axios (`dist/axios.js`, its own entry so that
      // its name stays put) are dynamic imports, required on first use. esbuild splits only ES modules, so
      // the split is made as ESM in memory and each file is then written as CommonJS (`esmToCommonJs`). A
      // module that both sides use lands in one chunk, and `require` caches by path, so there is one
      // redaction registry, one set of error classes and one connection (test/unit/bundle.test.ts checks).
      ...node,
      format: 'esm',
      splitting: true,
      entryPoints: { extension: 'src/extension.ts', axios: 'src/core/axiosBundle.ts' },
      chunkNames: 'chunks/[name]-[hash]',
      external: ['vscode'],
      // Inline in the split, so that the CommonJS pass (which reads them) maps back to our sources.
      sourcemap: production ? false : 'inline',
      write: false,
      // axios ships a browser build too; make sure the Node adapter is bundled.
      mainFields: ['module', 'main'],
      conditions: ['node'],
      plugins: [stubModules('axios-stub', axiosStubs), stubModules('viem-stub', viemStubs), esmToCommonJs({ production })],
      // axios probes `navigator` to detect browsers; in Node 21+ that global exists and VS Code's extension
      // host warns about every extension that reads it. We are never in a browser here.
      define: { navigator: 'undefined' },
    },
    {
      // The demo node on its own: `node dist/demoNode.js [--port N] [--control]` (tests, `npm run demo`).
      ...node,
      entryPoints: { demoNode: 'src/demo/cli.ts' },
    },
    {
      ...common,
      entryPoints: pages.map((page) => ({ in: `src/${page}/webview/main.ts`, out: page })),
      outdir: 'dist/webview',
      platform: 'browser',
      format: 'iife',
      target: 'chrome120',
    },
  ];
}
