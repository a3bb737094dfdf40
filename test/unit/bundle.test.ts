// What each bundle holds: axios in its own file (loaded by the first request, not at activation), and
// the parts of axios our configuration never runs left out — checked on esbuild's own list of inputs,
// then by a real request through the bundled axios to a local server.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

describe('bundles (esbuild.mjs)', function () {
  this.timeout(60_000);
  let out: string;
  const inputs: Record<string, string[]> = {};

  before(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-bundle-'));
    const { builds } = (await import(path.join(ROOT, 'esbuild.mjs'))) as { builds: esbuild.BuildOptions[] };
    for (const build of builds.filter((b) => (b.platform ?? 'browser') === 'node')) {
      const result = await esbuild.build({ ...build, absWorkingDir: ROOT, outdir: out, logLevel: 'silent', metafile: true, minify: true, sourcemap: false });
      for (const [file, meta] of Object.entries(result.metafile.outputs)) inputs[path.basename(file)] = Object.keys(meta.inputs);
    }
  });

  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it('keeps axios out of the extension: it is loaded from ./axios.js by the first request', () => {
    const ext = inputs['extension.js'];
    assert.ok(ext, 'extension.js was built');
    assert.deepEqual(ext.filter((i) => /node_modules\/(axios|proxy-from-env|follow-redirects|form-data)\//.test(i)), [], 'extension.js bundles no part of axios');
    assert.match(fs.readFileSync(path.join(out, 'extension.js'), 'utf8'), /require\("\.\/axios\.js"\)/);
    assert.ok(inputs['axios.js']?.some((i) => i.includes('node_modules/axios/')), 'axios.js holds axios');
  });

  it('leaves out what our configuration never runs: multipart, redirects, environment proxies, the fetch and xhr adapters', () => {
    const all = Object.values(inputs).flat();
    for (const left of ['node_modules/form-data/', 'node_modules/mime-db/', 'node_modules/follow-redirects/', 'node_modules/proxy-from-env/', 'node_modules/https-proxy-agent/', 'node_modules/agent-base/', 'adapters/fetch.js', 'adapters/xhr.js']) {
      assert.deepEqual(all.filter((i) => i.includes(left)), [], `${left} is bundled`);
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
