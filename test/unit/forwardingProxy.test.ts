/** The one forwarding proxy of the tests (test/support/forwardingProxy.ts), in front of a real local server. */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { ForwardingProxy, type Done, type ForwardedRequest, type ForwardingProxyOptions } from '../support/forwardingProxy';

type Upstream = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

interface Sent {
  status?: number;
  headers?: http.IncomingHttpHeaders;
  body?: string;
  error?: string;
}

function send(base: string, path: string, body: string, agent: http.Agent | false = false): Promise<Sent> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ status: res.statusCode, error: e.code ?? e.message }));
      res.on('aborted', () => resolve({ status: res.statusCode, error: 'aborted' }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    req.end(body);
  });
}

describe('forwarding proxy (test support)', () => {
  let upstream: http.Server;
  let answer: Upstream;
  let asked: { url: string; body: string }[];
  let proxy: ForwardingProxy | undefined;
  let seen: ForwardedRequest[];
  let done: Done[];

  before(async () => {
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        asked.push({ url: req.url ?? '', body });
        answer(req, body, res);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
  beforeEach(() => {
    asked = [];
    seen = [];
    done = [];
    answer = (_req, body, res) => res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '7' }).end(body);
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    upstream.closeAllConnections();
  });

  const start = async (options: Omit<ForwardingProxyOptions, 'target'> = {}) => {
    proxy = new ForwardingProxy({
      target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      onRequest: (r) => seen.push(r),
      onDone: (_r, d) => done.push(d),
      ...options,
    });
    return proxy.start();
  };

  it('forwards the body and passes the answer on; describes JSON-RPC batches and info requests', async () => {
    const base = await start();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 7, method: 'eth_getCode' },
      { jsonrpc: '2.0', id: 8, method: 'eth_getBalance' },
    ]);
    const got = await send(base, '/key/evm', batch);
    assert.equal(got.status, 200);
    assert.equal(got.body, batch, 'the ids and bodies as the upstream sent them');
    assert.equal(got.headers?.['retry-after'], '7');
    await send(base, '/key/info?x=1', JSON.stringify({ type: 'openOrders', user: '0xABC', dex: 'xyz' }));
    await send(base, '/key/info', 'not json');
    assert.deepEqual(
      seen.map((r) => [r.endpoint, r.path, r.methods, r.calls, r.info]),
      [
        ['evm', '/key/evm', ['eth_getCode', 'eth_getBalance'], ['eth_getCode', 'eth_getBalance'], undefined],
        ['info', '/key/info', ['openOrders'], ['openOrders'], { type: 'openOrders', user: '0xabc', dex: 'xyz' }],
        ['info', '/key/info', [], ['?'], { type: '(not JSON)' }],
      ],
    );
    assert.deepEqual(
      asked.map((a) => a.url),
      ['/key/evm', '/key/info?x=1', '/key/info'],
    );
    assert.deepEqual(
      done.map((d) => d.kind),
      ['answered', 'answered', 'answered'],
    );
    assert.equal(proxy!.inFlight, 0);
  });

  it('routes: a path it knows goes to the upstream path, any other is a 404 that forwards nothing', async () => {
    const base = await start({ route: (r) => (r.method === 'POST' && r.url === '/k/evm' ? '/' : undefined) });
    assert.equal((await send(base, '/k/evm', '{}')).status, 200);
    const other = await send(base, '/other/evm', '{}');
    assert.equal(other.status, 404);
    assert.equal(other.body, 'not found');
    assert.deepEqual(
      asked.map((a) => a.url),
      ['/'],
    );
    assert.equal(seen.length, 1, 'only what it forwards is a request');
  });

  it('an answer of its own: the upstream is asked only when the rule asks it, once', async () => {
    let calls = 0;
    const base = await start({
      answer: async (req, up) => {
        if (req.endpoint === 'info') return { status: 418, headers: { 'content-type': 'text/plain' }, body: 'made up' };
        calls += 1;
        const a = await up();
        await up();
        return { status: a.status, headers: { 'content-type': 'application/json' }, body: a.body.toString('utf8').toUpperCase() };
      },
    });
    const own = await send(base, '/info', '{"type":"meta"}');
    assert.equal(own.status, 418);
    assert.equal(own.body, 'made up');
    assert.equal(asked.length, 0, 'not forwarded');
    const rewritten = await send(base, '/evm', '{"id":1}');
    assert.equal(rewritten.body, '{"ID":1}');
    assert.equal(rewritten.headers?.['content-length'], '8');
    assert.equal(calls, 1);
    assert.equal(asked.length, 1);
  });

  it('stream mode: a body the upstream cuts in the middle is cut for the client; a reset before the answer resets the client', async () => {
    const base = await start({ mode: 'stream', failure: 'reset' });
    answer = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: only a cut connection tells it is short
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const cut = await send(base, '/evm', '{}');
    assert.equal(cut.status, 200, 'the headers came');
    assert.ok(cut.error, `the body did not complete: ${JSON.stringify(cut)}`);
    answer = (req) => (req.socket as Socket).resetAndDestroy();
    const reset = await send(base, '/evm', '{}');
    assert.equal(reset.error, 'read ECONNRESET', 'reset, not closed (that is "socket hang up")');
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      done.map((d) => d.kind),
      ['cut', 'reset'],
    );
  });

  it('buffer mode, failure "badGateway": no answer from the upstream is an HTTP 502', async () => {
    const base = await start({ failure: 'badGateway' });
    answer = (req) => (req.socket as Socket).destroy();
    assert.equal((await send(base, '/evm', '{}')).status, 502);
  });

  it('holds each way, and the first request of a connection is known', async () => {
    const base = await start({ holdRequest: (r) => (r.newConnection ? 150 : 50), holdAnswer: () => 50 });
    const agent = new http.Agent({ keepAlive: true });
    try {
      let t = performance.now();
      await send(base, '/evm', '{}', agent);
      const first = performance.now() - t;
      t = performance.now();
      await send(base, '/evm', '{}', agent);
      const second = performance.now() - t;
      assert.ok(first >= 195, `first ${first} ms`);
      assert.ok(second >= 95 && second < 190, `second ${second} ms`);
      assert.deepEqual(
        seen.map((r) => [r.connection, r.newConnection]),
        [
          [1, true],
          [1, false],
        ],
      );
    } finally {
      agent.destroy();
    }
  });

  it('closes an idle client connection after its keep-alive time', async () => {
    const base = await start({ keepAliveTimeoutMs: 300 });
    // A raw connection: an HTTP agent would close it on its own, by the server's keep-alive hint.
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    let received = '';
    const closed = new Promise<number>((resolve) => {
      let answeredAt = 0;
      socket.on('data', (c: Buffer) => {
        received += c.toString('utf8');
        answeredAt ||= performance.now();
      });
      socket.on('close', () => resolve(performance.now() - answeredAt));
    });
    socket.write('POST /evm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    const closedAfter = await closed;
    assert.match(received, /^HTTP\/1\.1 200/);
    // Node keeps the socket up to a second longer than it tells the client (its keep-alive timeout buffer).
    assert.ok(closedAfter >= 250 && closedAfter < 2_500, `closed ${closedAfter} ms after the answer`);
  });
});
