// The new-blocks feed (src/blocks/headsFeed.ts) and its socket (src/core/headsSocket.ts) against small local
// WebSocket servers: a connection only while someone follows; polling, said, where eth_subscribe is not
// served (method refused, connection refused) or a proxy is set; hostile frames refused; the schemas.
import { strict as assert } from 'node:assert';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { WebSocketServer, type WebSocket } from 'ws';
import { HeadsFeed, type FeedStatus, type HeadsFeedDeps } from '../../src/blocks/headsFeed';
import { followNote } from '../../src/blocks/labels';
import { evmSocketUrlOf } from '../../src/core/provider';
import { HeadsSocket } from '../../src/core/headsSocket';
import { redact, registerSecret } from '../../src/core/redact';
import { newHead } from '../../src/core/socketSchemas';
import { untranslated } from '../../src/core/translate';
import { demoHead, resetDemoHead } from '../../src/demo/chain';
import { DEMO_HEAD, startDemoNode } from '../../src/demo/demoNode';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HASH = `0x${'ab'.repeat(32)}`;
const head = (n: number) => ({ number: `0x${n.toString(16)}`, hash: HASH, parentHash: HASH, timestamp: '0x1' });

async function until(ok: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

/** A node's WebSocket: answers eth_subscribe (or refuses it), and sends heads on demand. */
async function node(options: { refuse?: boolean } = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const clients = new Set<WebSocket>();
  let connections = 0;
  server.on('connection', (ws) => {
    connections++;
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { id: number; method: string };
      if (m.method === 'eth_subscribe')
        ws.send(
          JSON.stringify(
            options.refuse
              ? { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'the method eth_subscribe does not exist' } }
              : { jsonrpc: '2.0', id: m.id, result: '0x1' },
          ),
        );
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get open() {
      return clients.size;
    },
    get connections() {
      return connections;
    },
    send(payload: unknown) {
      for (const c of clients) c.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
    },
    head(n: number) {
      this.send({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x1', result: head(n) } });
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of clients) c.terminate();
        server.close(() => r());
      }),
  };
}

function feed(deps: Partial<HeadsFeedDeps> & { url?: string }) {
  const learnt: boolean[] = [];
  let asked = 0;
  const f = new HeadsFeed({
    socketUrl: () => deps.url,
    proxy: () => false,
    served: () => undefined,
    learn: (s) => learnt.push(s),
    latest: async () => 100 + asked++,
    pollMs: 20,
    socketOptions: { drawMs: 5, backoffBaseMs: 20 },
    ...deps,
  });
  return { f, learnt, asked: () => asked };
}

describe('new blocks: the feed and its socket', () => {
  it('opens one connection while someone follows, hands on each newer block, and closes when the last one stops', async () => {
    const n = await node();
    const { f, learnt } = feed({ url: n.url });
    const a: number[] = [];
    const b: number[] = [];
    const sa = f.follow((x) => a.push(x));
    const sb = f.follow((x) => b.push(x));
    await until(() => f.status.kind === 'live');
    assert.equal(n.connections, 1);
    await until(() => a.includes(100)); // the head by request, first
    n.head(101);
    await until(() => a.includes(101));
    n.head(101); // again: given once
    n.head(102);
    n.head(103); // with 102 in one hand-out: merged, the newest given
    await until(() => a.includes(103));
    assert.deepEqual(a, [100, 101, 103]);
    assert.deepEqual(b, a);
    assert.deepEqual(learnt, [true]);
    sa.dispose();
    await sleep(20);
    assert.equal(n.open, 1, 'one still follows');
    sb.dispose();
    await until(() => n.open === 0);
    assert.equal(f.status.kind, 'off');
    f.dispose();
    await n.close();
  });

  it('a provider that refuses eth_subscribe: learnt as not served, said, and the head polled', async () => {
    const n = await node({ refuse: true });
    const { f, learnt, asked } = feed({ url: n.url });
    const got: number[] = [];
    const s = f.follow((x) => got.push(x));
    await until(() => f.status.kind === 'polled');
    assert.deepEqual(f.status, { kind: 'polled', why: 'notServed', detail: 'method' });
    assert.deepEqual(learnt, [false]);
    await until(() => asked() >= 3);
    assert.deepEqual(got.slice(0, 3), [100, 101, 102]);
    assert.equal(n.connections, 1, 'not tried again');
    assert.match(followNote(f.status, 'Chainstack', untranslated).note ?? '', /^Chainstack does not serve eth_subscribe over WebSocket/);
    s.dispose();
    f.dispose();
    await n.close();
  });

  it('a refused connection is "not served"; a proxy or a provider known not to serve it means no connection at all', async () => {
    const n = await node();
    const url = n.url;
    await n.close();
    const refused = feed({ url });
    const s1 = refused.f.follow(() => undefined);
    await until(() => refused.f.status.kind === 'polled');
    assert.deepEqual(refused.f.status, { kind: 'polled', why: 'notServed', detail: 'refused' });
    s1.dispose();

    const other = await node();
    const proxied = feed({ url: other.url, proxy: () => true });
    const s2 = proxied.f.follow(() => undefined);
    assert.deepEqual(proxied.f.status, { kind: 'polled', why: 'proxy' });
    assert.match(followNote(proxied.f.status, 'X', untranslated).note ?? '', /http\.proxy/);
    const known = feed({ url: other.url, served: () => false });
    const s3 = known.f.follow(() => undefined);
    assert.deepEqual(known.f.status, { kind: 'polled', why: 'notServed' });
    await sleep(50);
    assert.equal(other.connections, 0);
    s2.dispose();
    s3.dispose();
    await other.close();
  });

  it('refuses oversize, binary, non-JSON and misshapen frames, keeps the connection, and takes the next good head', async () => {
    const n = await node();
    const socket = new HeadsSocket({ url: n.url, drawMs: 5, maxFrameBytes: 4096 });
    const problems: string[] = [];
    const heads: number[] = [];
    socket.onProblem((p) => problems.push(p.kind));
    socket.onHeads((b) => heads.push(...b.heads.map((h) => h.number)));
    socket.start();
    await until(() => socket.state === 'live');
    n.send('x'.repeat(10_000)); // over the frame cap: ws closes the connection
    await until(() => problems.includes('frame'));
    await until(() => socket.state === 'live' && n.open === 1, 5000);
    n.send('not json');
    n.send({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x1', result: { ...head(7), hash: '0x12' } } });
    n.send({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: '0x1', result: { number: '0x' + '1'.repeat(20), hash: HASH, parentHash: HASH } },
    });
    n.head(8);
    await until(() => heads.length === 1);
    assert.deepEqual(heads, [8]);
    assert.deepEqual(problems, ['frame', 'json', 'shape', 'shape']);
    socket.close();
    await n.close();
  });

  it('the schema takes a head with extra fields and lowercases its hashes; the WebSocket address keeps the key, which redaction removes', () => {
    const parsed = v.parse(newHead, { ...head(255), hash: HASH.toUpperCase().replace('0X', '0x'), logsBloom: '0x00', miner: '0x' });
    assert.equal(parsed.number, 255);
    assert.equal(parsed.hash, HASH);
    assert.equal(
      evmSocketUrlOf('https://hyperliquid-mainnet.core.chainstack.com/s3cr3t-key-1/evm'),
      'wss://hyperliquid-mainnet.core.chainstack.com/s3cr3t-key-1/evm',
    );
    assert.equal(evmSocketUrlOf('http://127.0.0.1:8545/k/evm'), 'ws://127.0.0.1:8545/k/evm');
    assert.equal(evmSocketUrlOf('ftp://x/evm'), undefined);
    registerSecret('s3cr3t-key-1');
    const text = redact('failed: wss://hyperliquid-mainnet.core.chainstack.com/s3cr3t-key-1/evm (and ws://127.0.0.1:1/abc/evm)');
    assert.ok(!text.includes('s3cr3t') && !text.includes('/abc/'), text);
  });

  it('the demo node serves eth_subscribe newHeads on its /evm WebSocket (its head), and none where it stands for QuickNode', async () => {
    const demo = await startDemoNode();
    const socket = new HeadsSocket({ url: evmSocketUrlOf(`${demo.baseUrl}/${demo.apiKey}/evm`)!, drawMs: 5 });
    const heads: number[] = [];
    socket.onHeads((b) => heads.push(...b.heads.map((h) => h.number)));
    socket.start();
    await until(() => heads.length === 1);
    assert.equal(socket.state, 'live');
    assert.deepEqual(heads, [DEMO_HEAD]);
    socket.close();
    await demo.close();
    const quick = await startDemoNode({ provider: 'quicknode' });
    const refused = new HeadsSocket({ url: evmSocketUrlOf(`${quick.baseUrl}/${quick.apiKey}/evm`)! });
    refused.start();
    await until(() => refused.state === 'unsupported');
    assert.equal(refused.why, 'noSocket');
    refused.close();
    await quick.close();
  });

  it('the demo node with blockMs mints a block every so often: a subscriber sees the new head, eth_blockNumber and the block follow', async () => {
    const demo = await startDemoNode({ blockMs: 100 });
    const socket = new HeadsSocket({ url: evmSocketUrlOf(`${demo.baseUrl}/${demo.apiKey}/evm`)!, drawMs: 5 });
    const heads: { number: number; hash: string; parentHash: string }[] = [];
    socket.onHeads((b) => heads.push(...b.heads));
    try {
      socket.start();
      await until(() => heads.some((h) => h.number >= DEMO_HEAD + 2), 5000);
      const minted = heads.at(-1)!;
      assert.ok(
        heads.every((h, i) => i === 0 || h.number > heads[i - 1]!.number),
        'each head newer than the one before',
      );
      const rpc = async (method: string, params: unknown[]) =>
        (
          (await (
            await fetch(`${demo.baseUrl}/${demo.apiKey}/evm`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
            })
          ).json()) as { result: any }
        ).result;
      assert.ok(Number(await rpc('eth_blockNumber', [])) >= minted.number);
      const details = await rpc('ots_getBlockDetails', [`0x${minted.number.toString(16)}`]);
      assert.equal(details.block.hash, minted.hash, 'the minted block is served');
      const parent = await rpc('ots_getBlockDetails', [`0x${(minted.number - 1).toString(16)}`]);
      assert.equal(minted.parentHash, parent.block.hash, 'on top of the chain');
    } finally {
      socket.close();
      await demo.close();
      resetDemoHead();
    }
    assert.equal(demoHead(), DEMO_HEAD, 'the next test finds the chain as it was');
  });

  it('says what each status means', () => {
    const note = (s: FeedStatus) => followNote(s, 'P', untranslated);
    assert.deepEqual(note({ kind: 'off' }), { note: null, polled: false });
    assert.equal(note({ kind: 'live' }).polled, false);
    assert.equal(note({ kind: 'reconnecting' }).polled, true);
  });
});
