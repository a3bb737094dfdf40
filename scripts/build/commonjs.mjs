// The CommonJS pass of the extension's build. esbuild splits only ES modules (`splitting` needs
// `format: 'esm'`), but VS Code loads an extension through Node's `require`, which measured cheaper in its
// extension host than its ESM loading (docs/PERFORMANCE.md). So the extension is split as ESM, in memory,
// and this pass turns each file into CommonJS and writes it. esbuild puts its CommonJS helpers
// (`__export`, `__toESM`, `__toCommonJS`…, half a KB) into every file it converts; they are moved into one
// file that the others require (`shareHelpers`), which keeps activation within its 40 KB (docs/BUILD.md).
// test/unit/buildCommonJs.test.ts checks each part on small inputs.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file that holds every helper once, in dist/chunks: what the converted files require instead. */
export const CJS_RUNTIME = 'cjs-runtime.js';

/**
 * One ES module, as esbuild wrote it, made CommonJS: `import` → `require` of the same relative path, a
 * dynamic `import()` → `Promise.resolve().then(() => require(…))`. `name` is the file's name, for its
 * source map (an external one, asked for when `production` is false: it maps onto the inline map the
 * split wrote, so back to src/).
 * @param {string} code
 * @param {{ name: string, production: boolean }} options
 * @returns {Promise<{ code: string, map: string | undefined }>}
 */
export async function toCommonJs(code, { name, production }) {
  const out = await esbuild.transform(code, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    legalComments: 'none',
    supported: { 'dynamic-import': false },
    sourcemap: production ? false : 'external',
    sourcefile: name,
    sourcesContent: false,
  });
  return { code: out.code, map: out.map || undefined };
}

/**
 * esbuild's CommonJS helpers at the top of a converted file: each a `var __name = …` statement, a single
 * line or several that end with a line at column 0 ending in `;`. Returns the statements by name, how many
 * lines they took, and the rest of the file.
 * @param {string} code
 * @returns {{ helpers: Map<string, string>, lines: number, rest: string }}
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

/**
 * Whether two texts of one helper do the same: esbuild can rename a helper's parameters away from the
 * file's own names, so they are compared minified, where the names are the minifier's.
 * @param {string} a
 * @param {string} b
 */
export function sameHelper(a, b) {
  return a === b || esbuild.transformSync(a, { minify: true }).code === esbuild.transformSync(b, { minify: true }).code;
}

/**
 * One CommonJS runtime for a set of converted files: each file's helpers are taken out and replaced by a
 * `require` of the ones its code uses, followed by as many blank lines as the helpers took, so that the
 * file's source map still holds. The runtime is the helpers' own text as esbuild wrote them, each once.
 * Throws when two files hold different helpers of one name (a new esbuild could do that).
 * @template {{ path: string, code: string }} F
 * @param {F[]} files
 * @param {string} runtimePath where the runtime will be written (the `require`s are relative to it)
 * @returns {{ files: F[], runtime: string | undefined }} the runtime is undefined when no file had helpers
 */
export function shareHelpers(files, runtimePath) {
  const runtime = new Map();
  const changed = files.map((file) => {
    const { helpers, lines, rest } = splitHelpers(file.code);
    for (const [helper, text] of helpers) {
      if (runtime.has(helper) && sameHelper(runtime.get(helper), text)) continue;
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
 * Writes one converted file: minified in production; otherwise with its linked source map beside it.
 * @param {{ path: string, code: string, map?: string }} file
 * @param {{ production: boolean }} options
 */
export async function writeCommonJs(file, { production }) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  if (production) {
    const min = await esbuild.transform(file.code, { minify: true, format: 'cjs', platform: 'node', target: 'node20', legalComments: 'none' });
    fs.writeFileSync(file.path, min.code);
  } else if (file.map) {
    fs.writeFileSync(file.path, `${file.code}//# sourceMappingURL=${path.basename(file.path)}.map\n`);
    fs.writeFileSync(`${file.path}.map`, file.map);
  } else {
    fs.writeFileSync(file.path, file.code);
  }
}

/**
 * The esbuild plugin that runs the pass on a build made with `format: 'esm'`, `splitting: true` and
 * `write: false`: converts each .js file esbuild wrote in memory (`toCommonJs`), moves the helpers into
 * `<outdir>/chunks/cjs-runtime.js` (`shareHelpers`) and writes them all (`writeCommonJs`).
 * @param {{ production: boolean }} options
 * @returns {import('esbuild').Plugin}
 */
export function esmToCommonJs({ production }) {
  return {
    name: 'esm-to-commonjs',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length || !result.outputFiles) return;
        const converted = await Promise.all(
          result.outputFiles
            .filter((f) => f.path.endsWith('.js'))
            .map(async (f) => ({ path: f.path, ...(await toCommonJs(f.text, { name: path.basename(f.path), production })) })),
        );
        const runtimePath = path.join(build.initialOptions.outdir, 'chunks', CJS_RUNTIME);
        const { files, runtime } = shareHelpers(converted, runtimePath);
        if (runtime) files.push({ path: runtimePath, code: runtime });
        await Promise.all(files.map((file) => writeCommonJs(file, { production })));
      });
    },
  };
}
