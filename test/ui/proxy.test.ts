// Issue 13, finding 5: requests honour VS Code's proxy settings. code-server with `http.proxy` set to a
// real forwarding proxy on loopback (the npm package `proxy`, TooTallNate's) and `http.proxySupport`
// "on" and "override": the proxy sees the extension's requests, and Look Up Block still works.
//
// VS Code never proxies 127.0.0.1/localhost/::1, so the "provider" is reached as https://127.0.0.2:<port>
// (loopback on Linux, but not a name VS Code exempts): a TLS endpoint with a certificate made here for
// that address (trusted through NODE_EXTRA_CA_CERTS), in front of the demo node. Through the proxy goes a
// CONNECT to 127.0.0.2:<port> and then TLS, so the proxy itself never sees the key.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { DEMO_BLOCKS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const PROVIDER_HOST = '127.0.0.2';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * A self-signed certificate for 127.0.0.2, made with openssl in a temporary folder. It also names
 * `localhost`: VS Code's proxy agent opens the TLS connection inside the tunnel without a server name for
 * an IP address, and Node then checks the certificate against "localhost" (seen here: "Host: localhost. is
 * not cert's CN: 127.0.0.2"). A real provider has a host name, which this does not affect.
 */
function certificate(): { dir: string; key: Buffer; cert: Buffer; certFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-proxy-test-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      `/CN=${PROVIDER_HOST}`,
      '-addext',
      `subjectAltName=IP:${PROVIDER_HOST},DNS:localhost`,
    ],
    { stdio: 'ignore' },
  );
  return { dir, key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile), certFile };
}

interface Setup {
  node: DemoNode;
  tlsServer: tls.Server;
  proxyServer: http.Server;
  sockets: Set<Socket>;
  /** CONNECT targets and plain request URLs the proxy handled. */
  proxied: string[];
  cert: ReturnType<typeof certificate>;
}

async function listen(server: net.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

for (const proxySupport of ['on', 'override'] as const) {
  describe(`UI: through an HTTP proxy (http.proxySupport "${proxySupport}", packaged extension in code-server)`, function () {
    this.timeout(120_000);
    let setup: Setup | undefined;
    const options: WorkbenchOptions = { name: `ui-proxy-${proxySupport}` };
    // Registered before useWorkbench's hooks: everything listens before the workbench reads its settings.
    before(async () => {
      const { createProxy } = (await import('proxy')) as typeof import('proxy');
      const cert = certificate();
      const node = await startDemoNode();
      const sockets = new Set<Socket>();
      const track = (s: Socket) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      };
      const tlsServer = tls.createServer({ key: cert.key, cert: cert.cert }, (clear) => {
        const upstream = net.connect(new URL(node.baseUrl).port as unknown as number, '127.0.0.1');
        track(upstream);
        clear.pipe(upstream).pipe(clear);
        clear.on('error', () => upstream.destroy());
        upstream.on('error', () => clear.destroy());
      });
      tlsServer.on('connection', track);
      const tlsPort = await listen(tlsServer, PROVIDER_HOST);
      const proxied: string[] = [];
      const proxyServer = createProxy(http.createServer());
      proxyServer.on('connect', (req: http.IncomingMessage) => proxied.push(`CONNECT ${req.url}`));
      proxyServer.on('request', (req: http.IncomingMessage) => proxied.push(`${req.method} ${req.url}`));
      proxyServer.on('connection', track);
      const proxyPort = await listen(proxyServer, '127.0.0.1');
      setup = { node, tlsServer, proxyServer, sockets, proxied, cert };
      options.settings = {
        'hyperliquidExplorer.baseUrl': `https://${PROVIDER_HOST}:${tlsPort}`,
        'http.proxy': `http://127.0.0.1:${proxyPort}`,
        'http.proxySupport': proxySupport,
        // The certificate is trusted through NODE_EXTRA_CA_CERTS (Node's own store), not the OS store.
        'http.systemCertificates': false,
      };
      options.env = { NODE_EXTRA_CA_CERTS: cert.certFile };
    });
    after(async () => {
      if (!setup) return;
      for (const s of setup.sockets) s.destroy();
      await new Promise((r) => setup!.proxyServer.close(r));
      await new Promise((r) => setup!.tlsServer.close(r));
      await setup.node.close();
      fs.rmSync(setup.cert.dir, { recursive: true, force: true });
    });
    const wb = useWorkbench(options);

    it('Look Up Block works, and its requests went through the proxy', async () => {
      const s = setup!;
      await wb().runCommand('Hyperliquid: Set API Key');
      await wb().fillInputBox(s.node.apiKey);
      await wb().waitForNotification('API key saved');
      await wb().clearNotifications();
      const before = s.node.requests;
      const n = DEMO_BLOCKS.smallBlock;
      await wb().runCommand('Hyperliquid: Look Up Block…');
      await wb().fillInputBox(String(n));
      const numberField = wb().webview().locator('[data-field="number"]');
      await numberField.waitFor({ timeout: 30_000 });
      assert.equal((await numberField.textContent())?.trim(), n.toLocaleString('en-US'));
      assert.ok(s.node.requests > before, 'the demo node got no request');
      const port = new URL(String(options.settings?.['hyperliquidExplorer.baseUrl'])).port;
      assert.ok(
        s.proxied.some((p) => p === `CONNECT ${PROVIDER_HOST}:${port}`),
        `the proxy saw no CONNECT to the provider; it saw: ${JSON.stringify(s.proxied)}`,
      );
      // The proxy sees host and port only: the key travels inside TLS.
      assert.ok(!s.proxied.some((p) => p.includes(s.node.apiKey)), JSON.stringify(s.proxied));
    });

    if (proxySupport === 'override') {
      // What README.md says about VS Code's own logs, checked: at the default level no log file holds the
      // key; at Trace, VS Code's proxy resolver writes each request URL (with the key) into the extension
      // host's log, and only there: our own log channel still holds none.
      it('VS Code’s logs hold no key at the default level; at Trace its proxy resolver logs request URLs (README claim)', async () => {
        const logs = path.join(wb().server.runDir, 'user-data', 'logs');
        const withKey = () => filesUnder(logs).filter((f) => fs.readFileSync(f, 'utf8').includes(setup!.node.apiKey));
        assert.deepEqual(withKey(), [], 'at the default log level');
        await wb().runCommand('Developer: Set Log Level...');
        const first = wb().page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
        await first.waitFor();
        assert.match(await first.innerText(), /Trace/);
        await wb().page.keyboard.press('Enter'); // Trace, for all loggers
        await wb().runCommand('Hyperliquid: Look Up Block…');
        await wb().fillInputBox(String(DEMO_BLOCKS.smallBlock + 2));
        await wb().webview().locator('[data-field="number"]').waitFor({ timeout: 30_000 });
        let found: string[] = [];
        for (let i = 0; i < 20 && found.length === 0; i++) {
          await wb().page.waitForTimeout(500); // log files are flushed shortly after
          found = withKey();
        }
        assert.ok(found.length > 0, 'VS Code no longer logs request URLs at Trace: update README.md');
        for (const file of found) {
          assert.match(path.basename(file), /exthost/i, `${file} holds the key`);
          const lines = fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .filter((l) => l.includes(setup!.node.apiKey));
          for (const line of lines) assert.match(line, /\[(debug|trace)\] ProxyResolver#/, line);
        }
      });
    }
  });
}
