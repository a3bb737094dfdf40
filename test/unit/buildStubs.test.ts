// The build's stand-ins for parts of axios and viem (scripts/build/stubs.mjs), on small builds: an import
// matching a stub gets its contents, only from the importers it names, and the real lists load. That the
// parts stay out of the real bundles is bundle.test.ts's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { axiosStubs, stubModules, viemStubs } from '../../scripts/build/stubs.mjs';

describe('build: stubs for what axios and viem never run here (scripts/build/stubs.mjs)', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-stub-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Writes `files` into the temp folder, bundles `entry` (CommonJS, Node) with `plugins`, and returns what it exports. */
  async function bundle(files: Record<string, string>, entry: string, plugins: esbuild.Plugin[]): Promise<Record<string, unknown>> {
    for (const [name, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), code);
    }
    const result = await esbuild.build({
      absWorkingDir: dir,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'silent' as const,
      plugins,
    });
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, require);
    return module.exports;
  }

  it('an import that matches a stub gets its contents: the module need not exist, and nothing of it is read', async () => {
    const exported = await bundle({ 'main.js': 'import { x } from "not-installed"; export const got = x;' }, 'main.js', [
      stubModules('t', [{ filter: /^not-installed$/, contents: 'export const x = "stub";' }]),
    ]);
    assert.equal(exported.got, 'stub');
  });

  it('a stub with an importer replaces the module only for the files it names; other importers get the real one', async () => {
    const exported = await bundle(
      {
        'lib/adapters/a.js': 'export { v as a } from "./dep.js";',
        'lib/adapters/dep.js': 'export const v = "real, adapters";',
        'other/b.js': 'export { v as b } from "./dep.js";',
        'other/dep.js': 'export const v = "real, other";',
        'main.js': 'export { a } from "./lib/adapters/a.js"; export { b } from "./other/b.js";',
      },
      'main.js',
      [stubModules('t', [{ filter: /^\.\/dep\.js$/, importer: /[\\/]lib[\\/]adapters[\\/]/, contents: 'export const v = "stub";' }])],
    );
    assert.deepEqual({ a: exported.a, b: exported.b }, { a: 'stub', b: 'real, other' });
  });

  it('an import that matches no stub resolves as usual', async () => {
    const exported = await bundle({ 'main.js': 'export { v } from "./dep.js";', 'dep.js': 'export const v = "real";' }, 'main.js', [
      stubModules('t', [{ filter: /^other$/, contents: 'export const v = "stub";' }]),
    ]);
    assert.equal(exported.v, 'real');
  });

  it('every stub of axios and viem loads, with the names its importers take from it', async () => {
    const uses: [RegExp, string][] = [
      [/^form-data$/, 'typeof m === "function"'],
      [/^follow-redirects$/, '"http" in m && "https" in m'],
      [/^proxy-from-env$/, 'm.getProxyForUrl("http://x") === ""'],
      [/^https-proxy-agent$/, 'typeof m === "function"'],
      [/^\.\/fetch\.js$/, 'm.getFetch() === undefined'],
      [/^\.\/xhr\.js$/, 'ns.default === false'],
      [/\/ccip\.js$/, 'm.offchainLookupSignature === "0x556f1830" && "offchainLookup" in m && "ccipRequest" in m'],
      [/^isows$/, '"WebSocket" in m'],
      [/^@noble\/curves\/secp256k1$/, '"secp256k1" in m'],
    ];
    const stubs = [...axiosStubs, ...viemStubs];
    assert.deepEqual(
      stubs.map((s) => String(s.filter)),
      uses.map(([f]) => String(f)),
      'a check for each stub',
    );
    for (const [i, stub] of stubs.entries()) {
      const check = uses[i]![1];
      const exported = await bundle({ 'main.js': `import * as ns from "wanted"; const m = ns.default ?? ns; export const ok = ${check};` }, 'main.js', [
        stubModules('t', [{ filter: /^wanted$/, contents: stub.contents }]),
      ]);
      assert.equal(exported.ok, true, `${String(stub.filter)}: ${check}`);
    }
  });
});
