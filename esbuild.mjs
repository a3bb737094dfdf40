// Bundles the extension (Node, CommonJS, `vscode` external) and the webview scripts (browser).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * The panels' pages, one row each in src/webview/pages.json: `src/<page>/webview/main.ts` is bundled into
 * `dist/webview/<page>.js` (the host's PanelHost loads it, with the row's stylesheet).
 */
const pages = Object.keys(JSON.parse(fs.readFileSync(new URL('src/webview/pages.json', import.meta.url), 'utf8')));

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'info',
};

/**
 * Parts of axios our configuration never runs, left out of the bundle (test/unit/bundle.test.ts checks):
 * - `form-data` (and `mime-db`, ~140 KB): multipart uploads; we only post JSON;
 * - `follow-redirects`: we set `maxRedirects: 0` (a redirect would carry the key elsewhere), and then
 *   axios uses Node's own http/https;
 * - the `fetch` and `xhr` adapters: we set `adapter: 'http'`; the fetch adapter's module setup alone
 *   makes Node load its fetch implementation;
 * - `proxy-from-env` and `https-proxy-agent`: we set `proxy: false`; VS Code's proxy support routes
 *   requests made with Node's default agent (core/transport.ts).
 */
const stubs = [
  { filter: /^form-data$/, contents: 'module.exports = class FormData {};' },
  { filter: /^follow-redirects$/, contents: 'module.exports = { http: undefined, https: undefined };' },
  { filter: /^proxy-from-env$/, contents: "export function getProxyForUrl() { return ''; }" },
  { filter: /^https-proxy-agent$/, contents: "module.exports = class HttpsProxyAgent { constructor() { throw new Error('not bundled: proxy is false'); } };" },
  { filter: /^\.\/fetch\.js$/, importer: /axios[\\/]lib[\\/]adapters/, contents: 'export const getFetch = () => undefined; export default undefined;' },
  { filter: /^\.\/xhr\.js$/, importer: /axios[\\/]lib[\\/]adapters/, contents: 'export default false;' },
];
const withoutUnusedAxiosParts = {
  name: 'without-unused-axios-parts',
  setup(build) {
    stubs.forEach((stub, i) => {
      build.onResolve({ filter: stub.filter }, (args) =>
        !stub.importer || stub.importer.test(args.importer) ? { path: `stub-${i}`, namespace: 'stub' } : undefined,
      );
    });
    build.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => {
      const { contents } = stubs[Number(args.path.slice('stub-'.length))];
      return { contents, loader: 'js' };
    });
  },
};

/**
 * viem (the ABI coder the transaction page decodes with) reaches through its index files some modules it
 * imports only dynamically, which a split build must then emit as chunks of their own, with all they
 * import: CCIP-Read (offchain lookups of `eth_call`, which pulls in viem's whole `call` action), the
 * WebSocket transport (`isows` and `ws`) and signature recovery (`@noble/curves/secp256k1`). We only
 * decode and encode ABI data and hash signatures, so none of them ever runs; test/unit/bundle.test.ts
 * checks they stay out.
 */
const viemStubs = [
  {
    filter: /\/ccip\.js$/,
    contents:
      'export const offchainLookupSignature = "0x556f1830"; export const offchainLookup = undefined, offchainLookupAbiItem = undefined, ccipRequest = undefined;',
  },
  { filter: /^isows$/, contents: 'export const WebSocket = undefined;' },
  { filter: /^@noble\/curves\/secp256k1$/, contents: 'export const secp256k1 = undefined;' },
];
const withoutUnusedViemParts = {
  name: 'without-unused-viem-parts',
  setup(build) {
    viemStubs.forEach((stub, i) => {
      build.onResolve({ filter: stub.filter }, (args) =>
        /[\\/]node_modules[\\/]viem[\\/]/.test(args.importer) ? { path: `viem-stub-${i}`, namespace: 'viem-stub' } : undefined,
      );
    });
    build.onLoad({ filter: /.*/, namespace: 'viem-stub' }, (args) => ({
      contents: viemStubs[Number(args.path.slice('viem-stub-'.length))].contents,
      loader: 'js',
    }));
  },
};

/**
 * esbuild's CommonJS helpers (`__export`, `__toESM`, `__toCommonJS`…) at the top of a converted file:
 * each a `var __name = …` statement, a single line or several that end with a line at column 0.
 * Returns the statements by name, how many lines they took, and the rest of the file.
 */
export function splitHelpers(code) {
  const lines = code.split('\n');
  const helpers = new Map();
  let i = 0;
  for (let m; i < lines.length && (m = /^var (__\w+) = /.exec(lines[i]));) {
    let end = i;
    if (!lines[i].endsWith(';')) while (end + 1 < lines.length && !/^\S.*;$/.test(lines[++end]));
    helpers.set(m[1], lines.slice(i, end + 1).join('\n'));
    i = end + 1;
  }
  return { helpers, lines: i, rest: lines.slice(i).join('\n') };
}

const sameCode = (a, b) => a === b || esbuild.transformSync(a, { minify: true }).code === esbuild.transformSync(b, { minify: true }).code;

/** The file that holds every helper once, in dist/chunks: what the converted files require instead. */
export const CJS_RUNTIME = 'cjs-runtime.js';

/**
 * One CommonJS runtime for a set of converted files: each file's helpers are taken out and replaced by a
 * `require` of the ones its code uses (and blank lines, so that a source map of the file still holds);
 * the runtime is the helpers' own text as esbuild wrote them, each once. `files` are `{ path, code }`;
 * returns them changed, and the runtime's code (undefined when no file had helpers).
 */
export function shareHelpers(files, runtimePath) {
  const runtime = new Map();
  const changed = files.map((file) => {
    const { helpers, lines, rest } = splitHelpers(file.code);
    for (const [helper, text] of helpers) {
      // The same helper can differ in its parameters' names (renamed away from the file's own names):
      // compared minified, where those names are the minifier's.
      if (runtime.has(helper) && sameCode(runtime.get(helper), text)) continue;
      if (runtime.has(helper)) throw new Error(`${file.path}: esbuild's helper ${helper} differs from another file's; they cannot share one`);
      runtime.set(helper, text);
    }
    if (!lines) return file;
    const used = [...helpers.keys()].filter((helper) => new RegExp(`\\b${helper}\\b`).test(rest));
    const from = path.relative(path.dirname(file.path), runtimePath).replace(/\\/g, '/');
    const uses = used.length ? `var { ${used.join(', ')} } = require(${JSON.stringify(from.startsWith('.') ? from : `./${from}`)});` : '';
    return { ...file, code: `${uses}${'\n'.repeat(lines)}${rest}` };
  });
  const names = [...runtime.keys()];
  return { files: changed, runtime: names.length ? `${[...runtime.values()].join('\n')}\nmodule.exports = { ${names.join(', ')} };\n` : undefined };
}

/**
 * The second step of the extension's build: each ES module esbuild wrote (in memory) becomes a CommonJS
 * file, `import` → `require` of the same relative path and a dynamic `import()` → a `require` when it
 * runs. esbuild writes its CommonJS helpers into every file it converts (about half a KB each: 8 KB of
 * the 44 KB activation loaded); they move into one file, `dist/chunks/cjs-runtime.js`, which each file
 * requires (`shareHelpers`). Minified again in production; in a dev build the inline source map of the
 * first step is read and a linked one written, so that stack traces still point into src/.
 */
const toCommonJs = {
  name: 'esm-chunks-to-commonjs',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length || !result.outputFiles) return;
      const converted = await Promise.all(
        result.outputFiles
          .filter((f) => f.path.endsWith('.js'))
          .map(async (f) => {
            const name = path.basename(f.path);
            const out = await esbuild.transform(f.text, {
              format: 'cjs',
              platform: 'node',
              target: 'node20',
              legalComments: 'none',
              supported: { 'dynamic-import': false },
              sourcemap: production ? false : 'external',
              sourcefile: name,
              sourcesContent: false,
            });
            return { path: f.path, code: out.code, map: out.map || undefined };
          }),
      );
      const runtimePath = path.join(build.initialOptions.outdir, 'chunks', CJS_RUNTIME);
      const { files, runtime } = shareHelpers(converted, runtimePath);
      if (runtime) files.push({ path: runtimePath, code: runtime });
      await Promise.all(
        files.map(async (file) => {
          fs.mkdirSync(path.dirname(file.path), { recursive: true });
          if (production) {
            const min = await esbuild.transform(file.code, { minify: true, format: 'cjs', platform: 'node', target: 'node20', legalComments: 'none' });
            fs.writeFileSync(file.path, min.code);
          } else {
            const name = path.basename(file.path);
            fs.writeFileSync(file.path, file.map ? `${file.code}//# sourceMappingURL=${name}.map\n` : file.code);
            if (file.map) fs.writeFileSync(`${file.path}.map`, file.map);
          }
        }),
      );
    });
  },
};

const nodeCommon = {
  ...common,
  outdir: 'dist',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
};

/** Every bundle, for this script and for the test that checks what each one holds. */
export const builds = [
  {
    // The extension, split so that activation loads only what it runs: `dist/extension.js` and the
    // chunks it requires at once; the panels, Look Up and axios (`dist/axios.js`, its own entry so that
    // its name stays put) are dynamic imports, required on first use. esbuild splits only ES modules, so
    // the split is made as ESM and each file is then turned into CommonJS (`toCommonJs`): VS Code loads
    // CommonJS through Node's `require`, which is cheaper in its extension host than its ESM loader
    // (measured: docs/PERFORMANCE.md). A module that both sides use lands in one chunk, and `require`
    // caches by path, so there is one redaction registry, one set of error classes and one connection
    // (test/unit/bundle.test.ts checks).
    ...nodeCommon,
    format: 'esm',
    splitting: true,
    entryPoints: { extension: 'src/extension.ts', axios: 'src/core/axiosBundle.ts' },
    chunkNames: 'chunks/[name]-[hash]',
    external: ['vscode'],
    // Inline in the first step, so that the second (which reads them) maps back to our sources.
    sourcemap: production ? false : 'inline',
    write: false,
    // axios ships a browser build too; make sure the Node adapter is bundled.
    mainFields: ['module', 'main'],
    conditions: ['node'],
    plugins: [withoutUnusedAxiosParts, withoutUnusedViemParts, toCommonJs],
    // axios probes `navigator` to detect browsers; in Node 21+ that global exists and VS Code's extension
    // host warns about every extension that reads it. We are never in a browser here.
    define: { navigator: 'undefined' },
  },
  {
    // The demo node on its own: `node dist/demoNode.js [--port N] [--control]` (tests, `npm run demo`).
    ...nodeCommon,
    entryPoints: { demoNode: 'src/demo/cli.ts' },
  },
];
builds.push({
  ...common,
  entryPoints: pages.map((page) => ({ in: `src/${page}/webview/main.ts`, out: page })),
  outdir: 'dist/webview',
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
});

if (process.argv[1] !== fileURLToPath(import.meta.url)) {
  // imported (by the bundle test): build nothing
} else {
  // Chunk names carry a content hash: old ones would pile up in dist/chunks and ship in the .vsix.
  fs.rmSync(new URL('dist/chunks', import.meta.url), { recursive: true, force: true });
  if (watch) {
    const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    await Promise.all(builds.map((b) => esbuild.build(b)));
  }
}
