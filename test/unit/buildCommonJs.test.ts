// The CommonJS pass of the build (scripts/build/commonjs.mjs), each part on small inputs: one ES module made
// CommonJS, esbuild's helpers found, shared in one runtime and written, and the plugin on a tiny split build.
// What the real bundles hold is bundle.test.ts's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { CJS_RUNTIME, esmToCommonJs, sameHelper, shareHelpers, splitHelpers, toCommonJs, writeCommonJs } from '../../scripts/build/commonjs.mjs';

/** A fresh temporary folder for `body`, removed after. */
async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-cjs-'));
  try {
    await body(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cjs = async (code: string) => (await toCommonJs(code, { name: 'x.js', production: true })).code;

describe('build: the CommonJS pass (scripts/build/commonjs.mjs)', function () {
  this.timeout(20_000);

  it('toCommonJs: import → require of the same path, import() → a require when it runs, exports on module.exports', async () => {
    const { code, map } = await toCommonJs('import { a } from "./chunks/a.js"; export const b = () => import("./b.js").then((m) => m.c + a);', {
      name: 'entry.js',
      production: false,
    });
    assert.doesNotMatch(code, /^\s*(import|export)\b/m, 'no ES module syntax left');
    assert.doesNotMatch(code, /\bimport\(/, 'no dynamic import left');
    assert.match(code, /require\("\.\/chunks\/a\.js"\)/);
    assert.match(code, /Promise\.resolve\(\)\.then\(\(\) => [\w$]+\(require\("\.\/b\.js"\)\)\)/);
    assert.match(code, /module\.exports = __toCommonJS\(/);
    assert.equal(JSON.parse(map!).sources[0], 'entry.js', 'a source map in a dev build');
    assert.equal((await toCommonJs('export const x = 1;', { name: 'x.js', production: true })).map, undefined, 'none in production');
  });

  it('splitHelpers: the helpers at the top of a converted file, one-line and several-line, by name; the rest untouched', async () => {
    const code = await cjs('import d from "./a.js"; export const x = d;');
    const { helpers, lines, rest } = splitHelpers(code);
    for (const name of ['__defProp', '__copyProps', '__toESM', '__toCommonJS', '__export']) assert.ok(helpers.has(name), `${name} found`);
    assert.match(helpers.get('__copyProps')!, /\n};?$/, 'a helper of several lines, to its last line');
    assert.equal(code.split('\n').slice(0, lines).join('\n'), [...helpers.values()].join('\n'), 'the helpers are the first lines');
    assert.equal(rest, code.split('\n').slice(lines).join('\n'));
    assert.doesNotMatch(rest, /^var __\w+ = /m);
    assert.deepEqual(splitHelpers('"use strict";\nvar __x = 1;'), { helpers: new Map(), lines: 0, rest: '"use strict";\nvar __x = 1;' }, 'only at the top');
  });

  it('sameHelper: the same helper with renamed parameters is one; a different body is not', () => {
    assert.ok(sameHelper('var __export = (target, all) => target;', 'var __export = (target2, all2) => target2;'));
    assert.ok(!sameHelper('var __export = (t, all) => t;', 'var __export = (t, all) => all;'));
  });

  it('shareHelpers: the files, with their helpers moved to the runtime, still run as before: exports, live bindings, default and namespace imports', async () => {
    await inTempDir(async (dir) => {
      const files = [
        {
          path: path.join(dir, 'entry.js'),
          code: await cjs(
            'import * as p from "node:path"; import d, { count, bump } from "./chunks/a.js"; export const read = () => [d, count, p.sep]; export { bump };',
          ),
        },
        { path: path.join(dir, 'chunks', 'a.js'), code: await cjs('export let count = 0; export function bump() { count++; } export default "d";') },
        { path: path.join(dir, 'chunks', 'plain.js'), code: '"use strict";\nmodule.exports = 1;\n' },
      ];
      const runtimePath = path.join(dir, 'chunks', CJS_RUNTIME);
      const { files: shared, runtime } = shareHelpers(files, runtimePath);
      assert.ok(runtime, 'a runtime');
      for (const name of ['__export', '__toCommonJS', '__toESM']) assert.equal(runtime.split(`var ${name} = `).length, 2, `${name} once in the runtime`);
      assert.match(shared[0]!.code, /^var \{ [\w, ]+ \} = require\("\.\/chunks\/cjs-runtime\.js"\);$/m, 'the entry requires the runtime by its relative path');
      assert.match(shared[1]!.code, /^var \{ [\w, ]+ \} = require\("\.\/cjs-runtime\.js"\);$/m, 'a chunk beside it too');
      assert.equal(shared[2], files[2], 'a file without helpers is left as it was');
      shared.forEach((f, i) => {
        assert.doesNotMatch(f.code, /^var __\w+ = /m, 'no helper left in the file');
        assert.equal(f.code.split('\n').length, files[i]!.code.split('\n').length, 'as many lines as before (its source map holds)');
      });
      for (const f of [...shared, { path: runtimePath, code: runtime }]) {
        fs.mkdirSync(path.dirname(f.path), { recursive: true });
        fs.writeFileSync(f.path, f.code);
      }
      const entry = require(path.join(dir, 'entry.js')) as { read(): unknown[]; bump(): void };
      assert.deepEqual(entry.read(), ['d', 0, path.sep]);
      entry.bump();
      assert.deepEqual(entry.read(), ['d', 1, path.sep], 'a live binding across files');
      assert.equal(shareHelpers([files[2]!], runtimePath).runtime, undefined, 'no runtime when no file has helpers');
    });
  });

  it('shareHelpers: refuses two helpers of one name that do different things, and takes the same helper with renamed parameters as one', () => {
    const file = (name: string, helper: string) => ({ path: `/x/${name}.js`, code: `${helper}\nmodule.exports = __export;\n` });
    assert.throws(
      () => shareHelpers([file('a', 'var __export = (t, all) => t;'), file('b', 'var __export = (t, all) => all;')], '/x/cjs-runtime.js'),
      /b\.js: esbuild's helper __export differs/,
    );
    const { runtime } = shareHelpers([file('a', 'var __export = (t, all) => t;'), file('b', 'var __export = (t, all2) => t;')], '/x/cjs-runtime.js');
    assert.equal(runtime?.split('var __export = ').length, 2);
  });

  it('writeCommonJs: minified in production; otherwise with a linked source map beside the file', async () => {
    await inTempDir(async (dir) => {
      const code = 'var longName = 1;\nmodule.exports = { longName };\n';
      await writeCommonJs({ path: path.join(dir, 'p', 'a.js'), code, map: '{}' }, { production: true });
      assert.equal(fs.readFileSync(path.join(dir, 'p', 'a.js'), 'utf8'), 'var a=1;module.exports={longName:a};\n');
      assert.ok(!fs.existsSync(path.join(dir, 'p', 'a.js.map')), 'no map in production');
      await writeCommonJs({ path: path.join(dir, 'd', 'a.js'), code, map: '{"version":3}' }, { production: false });
      assert.equal(fs.readFileSync(path.join(dir, 'd', 'a.js'), 'utf8'), `${code}//# sourceMappingURL=a.js.map\n`);
      assert.equal(fs.readFileSync(path.join(dir, 'd', 'a.js.map'), 'utf8'), '{"version":3}');
      await writeCommonJs({ path: path.join(dir, 'd', 'runtime.js'), code }, { production: false });
      assert.equal(fs.readFileSync(path.join(dir, 'd', 'runtime.js'), 'utf8'), code, 'a file without a map as it is');
    });
  });

  it('esmToCommonJs: a split build written as CommonJS, the helpers in chunks/cjs-runtime.js, one instance of a shared module across a dynamic import', async () => {
    await inTempDir(async (dir) => {
      fs.writeFileSync(path.join(dir, 'shared.ts'), 'export let count = 0; export const bump = () => ++count;');
      fs.writeFileSync(path.join(dir, 'lazy.ts'), 'import { bump } from "./shared"; export const again = () => bump();');
      fs.writeFileSync(
        path.join(dir, 'main.ts'),
        'import { bump } from "./shared"; export const run = async () => [bump(), (await import("./lazy")).again()];',
      );
      const out = path.join(dir, 'out');
      await esbuild.build({
        absWorkingDir: dir,
        entryPoints: { main: 'main.ts' },
        outdir: out,
        bundle: true,
        platform: 'node',
        format: 'esm',
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        write: false,
        logLevel: 'silent',
        plugins: [esmToCommonJs({ production: true })],
      });
      const chunks = fs.readdirSync(path.join(out, 'chunks'));
      assert.ok(chunks.includes(CJS_RUNTIME), `the runtime is written: ${chunks.join(', ')}`);
      for (const f of ['main.js', ...chunks.map((c) => `chunks/${c}`)]) {
        const code = fs.readFileSync(path.join(out, f), 'utf8');
        assert.doesNotMatch(code, /^\s*(import|export)\b|\bimport\(/m, `${f} is CommonJS`);
        assert.doesNotMatch(code, /var __(export|toESM|toCommonJS)\s*=/, `${f} has no helper of its own`);
      }
      const main = require(path.join(out, 'main.js')) as { run(): Promise<number[]> };
      assert.deepEqual(await main.run(), [1, 2], 'the lazily required file counts on the same module');
    });
  });
});
