// What each bundle holds: what activation loads (dist/extension.js and the chunks it requires at once)
// without axios, the panels or Look Up; every module of ours in exactly one output file (one
// redaction registry, one set of error classes, one connection); the parts of axios our configuration
// never runs left out — checked on esbuild's own metafile, then by a real request through the bundled
// axios to a local server. The build's parts (the CommonJS pass, the stubs) have their own tests on small
// inputs: buildCommonJs.test.ts, buildStubs.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { builds } from '../../scripts/build/builds.mjs';

const ROOT = path.resolve(__dirname, '../..');

describe('bundles (scripts/build/builds.mjs, what esbuild.mjs builds)', function () {
  this.timeout(60_000);
  let out: string;
  const inputs: Record<string, string[]> = {};
  let outputs: esbuild.Metafile['outputs'] = {};

  before(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-bundle-'));
    for (const build of builds({ production: false }).filter((b) => (b.platform ?? 'browser') === 'node')) {
      const result = await esbuild.build({ ...build, absWorkingDir: ROOT, outdir: out, logLevel: 'silent', metafile: true, minify: true, sourcemap: false });
      outputs = { ...outputs, ...result.metafile.outputs };
      for (const [file, meta] of Object.entries(result.metafile.outputs)) inputs[path.relative(out, path.resolve(ROOT, file))] = Object.keys(meta.inputs);
    }
  });

  /** The files activation loads: the entry and, transitively, what it imports statically. */
  function loadedAtActivation(): string[] {
    const seen = new Set<string>();
    const stack = [path.join(path.relative(ROOT, out), 'extension.js')];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !outputs[file]) continue;
      seen.add(file);
      for (const i of outputs[file].imports) if (i.kind === 'import-statement') stack.push(i.path);
    }
    return [...seen];
  }

  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it('activation loads no axios, no client, no schema, no panel, no Look Up, no orders store and no hover provider: they are dynamic imports, loaded on first use', () => {
    const loaded = loadedAtActivation();
    assert.ok(loaded.length >= 1, 'extension.js was built');
    const held = loaded.flatMap((f) => Object.keys(outputs[f].inputs));
    assert.ok(held.includes('src/extension.ts') && held.includes('src/platform/connection.ts'), 'the walk reached what activation runs');
    for (const lazy of [
      'node_modules/axios/',
      'node_modules/valibot/',
      'src/core/transport.ts',
      'src/core/evmClient.ts',
      'src/core/infoClient.ts',
      'src/core/schemas.ts',
      'src/orders/ordersStore.ts',
      'src/orders/ordersTree.ts',
      'src/orders/walletCommands.ts',
      'src/hover/hoverProvider.ts',
      'src/blocks/blockPanel.ts',
      'src/transactions/transactionPanel.ts',
      'src/lookUp/lookUpCommand.ts',
      'src/platform/webviewPanel.ts',
      // The workspace's contracts and their decoder: loaded by the first page, hover or Look Up that needs them.
      'src/contracts/contractsHost.ts',
      'src/contracts/decode.ts',
      'node_modules/viem/',
      // What the key and network commands ask and do: loaded with the first of them.
      'src/platform/apiKeyActions.ts',
      'src/platform/keyStore.ts',
      'src/network/providerPicker.ts',
      'src/network/publicApiHost.ts',
      'src/network/providerAbilities.ts',
    ]) {
      assert.deepEqual(
        held.filter((i) => i.includes(lazy)),
        [],
        `${lazy} is loaded at activation`,
      );
    }
    const dynamic = Object.values(outputs)
      .flatMap((o) => o.imports)
      .filter((i) => i.kind === 'dynamic-import')
      .map((i) => path.basename(i.path));
    assert.ok(dynamic.includes('axios.js'), `axios is imported dynamically from its own file: ${dynamic.join(', ')}`);
    const staticAxios = Object.values(outputs).some((o) => o.imports.some((i) => i.kind === 'import-statement' && i.path.endsWith('axios.js')));
    assert.ok(!staticAxios, 'no file requires axios as it loads');
    assert.ok(
      inputs['axios.js']?.some((i) => i.includes('node_modules/axios/')),
      'axios.js holds axios',
    );
  });

  it('writes CommonJS (what VS Code loads fastest): the entry requires its chunks, and axios only when called', () => {
    const entry = fs.readFileSync(path.join(out, 'extension.js'), 'utf8');
    assert.doesNotMatch(entry, /^\s*(import|export)\b/m, 'no ES module syntax left');
    assert.match(entry, /require\("\.\/chunks\/chunk-[\w-]+\.js"\)/);
    // The clients (in a chunk of their own, loaded with the first clients) load axios with the first request.
    const chunks = fs.readdirSync(path.join(out, 'chunks')).map((f) => fs.readFileSync(path.join(out, 'chunks', f), 'utf8'));
    assert.ok(
      chunks.some((c) => /Promise\.resolve\(\)\.then\(\(\) => [\w$]+\(require\("\.\.\/axios\.js"\)\)\)/.test(c)),
      'axios is required when called, from a chunk',
    );
  });

  it('writes esbuild’s CommonJS helpers once, in chunks/cjs-runtime.js, which every converted file requires instead of a copy', () => {
    const files = [
      'extension.js',
      'axios.js',
      ...fs
        .readdirSync(path.join(out, 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `chunks/${f}`),
    ];
    const runtime = files.filter((f) => f === 'chunks/cjs-runtime.js');
    assert.equal(runtime.length, 1, 'one runtime');
    for (const f of files.filter((x) => x !== 'chunks/cjs-runtime.js')) {
      const code = fs.readFileSync(path.join(out, f), 'utf8');
      assert.doesNotMatch(code, /^var __(export|copyProps|toCommonJS|toESM) = /m, `${f} declares a helper of its own`);
      if (/\b__(export|toCommonJS|toESM)\(/.test(code)) {
        assert.match(code, /^var \{ [\w, ]+ \} = require\("\.{1,2}\/(chunks\/)?cjs-runtime\.js"\);$/m, `${f} uses helpers and requires the runtime`);
      }
    }
  });

  it('activation loads at most 40 KB minified, counted before the CommonJS step (120 KB before, 150 KB before the split of issue 16)', () => {
    // esbuild's count of the minified split, before the CommonJS step, which adds to each of the 17 files
    // the require of the helpers it uses from chunks/cjs-runtime.js (one more file, 0.7 KB): what VS Code
    // loads, 37.9 KB (44.4 KB while each file had its own copy of the helpers), is measured in
    // `npm run bench`, where the 40 KB target stays. Issue 28 reached 38 KB; the networks took it to 44.5 KB, until what the key
    // and network commands ask and do (apiKeyActions.ts, network/providerPicker.ts, network/publicApiHost.ts) loaded with
    // the first of them, and the panels' state readers came with the panels: 35.2 KB.
    const all = loadedAtActivation().reduce((sum, f) => sum + outputs[f].bytes, 0);
    assert.ok(all <= 40 * 1024, `activation loads ${(all / 1024).toFixed(1)} KB`);
  });

  it('puts each module of ours in exactly one output file: one redaction registry, one set of error classes, one connection', () => {
    const places = new Map<string, string[]>();
    // The demo node (dist/demoNode.js) is a program of its own, a server that also runs alone: its copies
    // of core modules serve its answers, never the extension's requests.
    for (const [file, meta] of Object.entries(outputs).filter(([f]) => !f.endsWith('demoNode.js'))) {
      for (const [input, used] of Object.entries(meta.inputs)) {
        if (!input.startsWith('src/') || used.bytesInOutput === 0) continue;
        places.set(input, [...(places.get(input) ?? []), path.basename(file)]);
      }
    }
    for (const must of ['src/core/redact.ts', 'src/core/errors.ts', 'src/platform/connection.ts']) assert.ok(places.has(must), `${must} is bundled`);
    const twice = [...places].filter(([, files]) => files.length > 1);
    assert.deepEqual(twice, [], 'modules bundled in more than one file');
  });

  it('leaves out what our configuration never runs: multipart, redirects, environment proxies, the fetch and xhr adapters', () => {
    const all = Object.values(inputs).flat();
    for (const left of [
      'node_modules/form-data/',
      'node_modules/mime-db/',
      'node_modules/follow-redirects/',
      'node_modules/proxy-from-env/',
      'node_modules/https-proxy-agent/',
      'node_modules/agent-base/',
      'adapters/fetch.js',
      'adapters/xhr.js',
    ]) {
      assert.deepEqual(
        all.filter((i) => i.includes(left)),
        [],
        `${left} is bundled`,
      );
    }
  });

  it('HyperCore decoding is loaded with the transaction page: activation loads neither it nor viem, and no hover ever loads it', () => {
    /** Every input of the files reachable from `from` (static imports; dynamic ones too when asked). */
    const reached = (from: string[], dynamic: boolean): string[] => {
      const seen = new Set<string>();
      const stack = [...from];
      while (stack.length) {
        const file = stack.pop()!;
        if (seen.has(file) || !outputs[file]) continue;
        seen.add(file);
        for (const i of outputs[file].imports) if (i.kind === 'import-statement' || (dynamic && i.kind === 'dynamic-import')) stack.push(i.path);
      }
      return [...seen].flatMap((f) => Object.keys(outputs[f].inputs));
    };
    const holding = (input: string) => Object.keys(outputs).filter((f) => Object.keys(outputs[f].inputs).some((i) => i.includes(input)));
    const hyperCore = ['src/hyperCore/coreWriter.ts', 'src/hyperCore/hyperCoreMeta.ts', 'src/hyperCore/readPrecompiles.ts', 'src/hyperCore/hyperCoreHost.ts'];
    const found = (inputs: string[], list: string[]) => inputs.filter((i) => list.some((h) => i.includes(h)));
    // The page's section host loads with the first section shown (hyperCore/api.ts imports it then).
    assert.ok(found(reached(holding('src/transactions/transactionPanel.ts'), true), ['src/hyperCore/hyperCoreHost.ts']).length, 'the page loads it');
    assert.deepEqual(found(reached(loadedAtActivation(), false), [...hyperCore, 'node_modules/viem/']), [], 'activation loads HyperCore decoding or viem');
    // Every file holding hover code (at activation, or loaded with the first hover) and all it requires.
    // (Followed through dynamic imports, it would reach every page: a hover's link can open one.)
    const hovers = Object.keys(outputs).filter((f) => Object.keys(outputs[f].inputs).some((i) => i.startsWith('src/hover/')));
    assert.deepEqual(found(reached(hovers, false), hyperCore), [], 'a hover loads HyperCore decoding');
  });

  it('leaves out the parts of viem the ABI coder never runs: CCIP-Read with the call action, WebSocket, signature recovery', () => {
    const all = Object.values(inputs).flat();
    // `ws` is ours (Hyperliquid's WebSocket, src/core/hyperliquidSocket.ts, and the demo node's /ws); viem's
    // WebSocket goes through isows, left out below.
    assert.deepEqual(
      Object.entries(inputs)
        .filter(([, i]) => i.some((x) => x.includes('node_modules/ws/')))
        // …or in a chunk our two socket clients share (src/core/headsSocket.ts is the other), with their schemas and pacing.
        .filter(([, i]) => !i.every((x) => x.includes('node_modules/ws/') || x.includes('src/core/socketSchemas.ts') || x.includes('src/core/socketPacing.ts')))
        .filter(
          ([, i]) =>
            !i.some((x) => x.includes('src/core/hyperliquidSocket.ts') || x.includes('src/core/headsSocket.ts') || x.includes('src/demo/liveSocket.ts')),
        )
        .map(([f]) => f),
      [],
      'ws is bundled only beside our socket code',
    );
    assert.ok(
      all.some((i) => i.includes('viem/_esm/utils/abi/decodeAbiParameters.js')),
      'the ABI decoder is bundled',
    );
    for (const left of ['viem/_esm/actions/public/call.js', 'viem/_esm/utils/ccip.js', 'node_modules/isows/', '@noble/curves/esm/secp256k1.js']) {
      assert.deepEqual(
        all.filter((i) => i.includes(left)),
        [],
        `${left} is bundled`,
      );
    }
  });

  it('the bundled axios posts JSON over plain http with our settings, and has no fetch adapter', async () => {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ method: req.method, contentType: req.headers['content-type'], echo: JSON.parse(body) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const axios = require(path.join(out, 'axios.js')).default as typeof import('axios').default;
      const client = axios.create({ adapter: 'http', maxRedirects: 0, proxy: false, responseType: 'text', transformResponse: [(d: unknown) => d] });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await client.post<string>(url, '{"a":1}', { headers: { 'Content-Type': 'application/json' } });
      assert.deepEqual(JSON.parse(response.data), { method: 'POST', contentType: 'application/json', echo: { a: 1 } });
      await assert.rejects(client.post(url, '{}', { adapter: 'fetch' }), /not available|not supported|adapter/i);
    } finally {
      server.close();
    }
  });
});
