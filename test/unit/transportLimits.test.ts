/**
 * Issue 13, findings 2 and 3, over real HTTP: the request timeout is a wall-clock deadline (a server
 * trickling bytes cannot keep a request alive), and an answer over the size cap is refused on its
 * declared length at once, or as soon as the bytes read pass the cap.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderClients } from '../../src/core/provider';
import { isProviderError } from '../../src/core/errors';

/** A raw server whose handler gets the response and a counter of body bytes it managed to write. */
async function rawServer(handler: (res: http.ServerResponse, sent: { bytes: number }) => void) {
  const sent = { bytes: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(res, sent));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Writes 64 KB chunks as fast as the client reads them (honouring backpressure), until the socket closes. */
function flood(res: http.ServerResponse, sent: { bytes: number }): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const pump = () => {
    while (!res.destroyed && !res.writableEnded) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  res.on('close', () => undefined);
  pump();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('transport: a deadline, not an idle timeout (issue 13, finding 2)', () => {
  it('a server trickling one byte every 100 ms cannot keep a 1 s request alive', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x10' });
    let stopped = false;
    const server = await rawServer(async (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      for (const ch of body) {
        if (stopped || res.destroyed) return;
        res.write(ch);
        await sleep(100); // 33 bytes: the whole answer would take 3.3 s
      }
      res.end();
    });
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-deadline-test', { timeoutMs: 1000, maxRetries: 0 });
      const started = performance.now();
      await assert.rejects(clients.evm.getBlockNumber(), (e: unknown) => isProviderError(e) && e.kind === 'timeout' && /within 1 s/.test(e.message));
      const ms = performance.now() - started;
      assert.ok(ms >= 950 && ms < 2000, `the request ended after ${ms.toFixed(0)} ms, not at its 1 s deadline`);
    } finally {
      stopped = true;
      await server.stop();
    }
  });

  it('headers that come slowly count against the same deadline as the body', async () => {
    const server = await rawServer(async (res) => {
      await sleep(700);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (let i = 0; i < 10 && !res.destroyed; i++) {
        res.write(' ');
        await sleep(100);
      }
      res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    });
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-deadline-test', { timeoutMs: 1000, maxRetries: 0 });
      const started = performance.now();
      await assert.rejects(clients.evm.getBlockNumber(), (e: unknown) => isProviderError(e) && e.kind === 'timeout');
      assert.ok(performance.now() - started < 1500);
    } finally {
      await server.stop();
    }
  });

  it('the caller’s cancellation still ends the request at once, reported as a cancellation', async () => {
    const server = await rawServer(() => undefined);
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-deadline-test', { timeoutMs: 5000, maxRetries: 0 });
      await clients.evm.getBlockNumber(AbortSignal.timeout(1)).catch(() => undefined); // axios loaded
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = performance.now();
      await assert.rejects(clients.evm.getBlockNumber(controller.signal), (e: unknown) => isProviderError(e) && e.kind === 'cancelled');
      assert.ok(performance.now() - started < 500);
    } finally {
      await server.stop();
    }
  });
});

describe('transport: the size cap (issue 13, finding 3)', () => {
  const CAP = 1024 * 1024;

  it('refuses a declared Content-Length of 2 GB before reading the body', async () => {
    const server = await rawServer((res, sent) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 ** 3) });
      flood(res, sent);
    });
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-size-test', { timeoutMs: 10_000, maxRetries: 0, maxResponseBytes: 32 * CAP });
      // The transport's own cap: a request that asks for no smaller one (eth_blockNumber asks for 64 KB).
      await assert.rejects(
        clients.transport.postJson('evm', '{}', 'test'),
        (e: unknown) => isProviderError(e) && e.kind === 'tooLarge' && /32 MB limit/.test(e.message),
      );
      await sleep(100);
      // Before the fix the client read up to its 32 MB cap; what gets through now is what the sockets buffer.
      assert.ok(server.sent.bytes < 8 * CAP, `the server sent ${(server.sent.bytes / CAP).toFixed(1)} MB before the refusal`);
    } finally {
      await server.stop();
    }
  });

  it('stops reading at the cap when no length is declared', async () => {
    const server = await rawServer((res, sent) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }); // chunked
      flood(res, sent);
    });
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-size-test', { timeoutMs: 10_000, maxRetries: 0, maxResponseBytes: 4 * CAP });
      await assert.rejects(clients.evm.getBlockNumber(), (e: unknown) => isProviderError(e) && e.kind === 'tooLarge');
      await sleep(100);
      assert.ok(server.sent.bytes < 4 * CAP + 8 * CAP, `the server sent ${(server.sent.bytes / CAP).toFixed(1)} MB`);
    } finally {
      await server.stop();
    }
  });

  it('takes an answer of exactly the cap', async () => {
    const head = '{"jsonrpc":"2.0","id":1,"result":"0x2a"}';
    const body = head + ' '.repeat(CAP - head.length);
    const server = await rawServer((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
      res.end(body);
    });
    try {
      const clients = createProviderClients(server.baseUrl, 'sk-size-test', { timeoutMs: 10_000, maxRetries: 0, maxResponseBytes: CAP });
      assert.deepEqual(await clients.transport.postJson('evm', '{}', 'test'), { jsonrpc: '2.0', id: 1, result: '0x2a' });
    } finally {
      await server.stop();
    }
  });
});
