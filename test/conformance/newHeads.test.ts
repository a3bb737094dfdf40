// Conformance: the new-blocks client (`core/headsSocket.ts`) against a real node's `eth_subscribe`
// `newHeads` (Foundry's anvil, over the WebSocket form of the provider-shaped gateway's `/<key>/evm`):
// heads arrive in order, each once, with the node's own hashes, and none is missed across a connection
// the gateway cuts (what was mined meanwhile is fetched after the reconnect).
import * as assert from 'node:assert/strict';
import { evmSocketUrlOf } from '../../src/core/provider';
import { HeadsSocket, type Head, type HeadsState } from '../../src/core/headsSocket';
import { startAnvil, type AnvilNode } from './anvil';

function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => (ok() ? resolve() : Date.now() > deadline ? reject(new Error(`timed out waiting for ${what}`)) : setTimeout(tick, 10));
    tick();
  });
}

describe('conformance: eth_subscribe newHeads from anvil, through a gateway that can cut the connection', function () {
  this.timeout(60_000);
  let node: AnvilNode;
  let socket: HeadsSocket | undefined;
  before(async () => {
    node = await startAnvil();
  });
  after(async () => {
    socket?.close();
    await node?.close();
  });

  it('receives the heads in order, with the node’s hashes, none missed or doubled across a cut connection', async () => {
    const url = evmSocketUrlOf(`${node.baseUrl}/${node.key}/evm`)!;
    assert.match(url, /^ws:\/\/127\.0\.0\.1:\d+\/conformance-key\/evm$/);
    socket = new HeadsSocket({ url, drawMs: 20, backoffBaseMs: 50, backoffMaxMs: 200 });
    const heads: Head[] = [];
    const states: HeadsState[] = [];
    let overflow = false;
    socket.onHeads((b) => {
      heads.push(...b.heads);
      overflow ||= b.overflow;
    });
    socket.onState((s) => states.push(s));
    socket.start();
    await until('live', () => socket!.state === 'live');
    const start = Number.parseInt(await node.rpc<string>('eth_blockNumber'), 16);

    await node.rpc('anvil_mine', ['0x3']);
    await until('3 heads', () => heads.length >= 3);

    node.cutSockets();
    await until('reconnecting', () => states.includes('reconnecting'));
    await node.rpc('anvil_mine', ['0x4']); // mined while away: fetched after the reconnect
    await until('live again', () => socket!.state === 'live' && node.upgrades >= 2);
    await node.rpc('anvil_mine', ['0x2']);
    await until('9 heads', () => heads.length >= 9).catch((e: Error) =>
      assert.fail(`${e.message}: ${heads.map((h) => h.number).join()} (states ${states.join()})`),
    );
    await new Promise((r) => setTimeout(r, 100)); // nothing more comes (no head twice)

    assert.deepEqual(
      heads.map((h) => h.number),
      Array.from({ length: 9 }, (_, i) => start + 1 + i),
    );
    assert.equal(overflow, false);
    for (const h of heads) {
      const block = await node.rpc<{ hash: string; parentHash: string }>('eth_getBlockByNumber', [`0x${h.number.toString(16)}`, false]);
      assert.equal(h.hash, block.hash.toLowerCase());
      assert.equal(h.parentHash, block.parentHash.toLowerCase());
    }
    assert.ok(socket.connects >= 2);
  });

  it('an address that answers HTTP instead of a WebSocket is "unsupported" (noSocket), and is not tried again', async () => {
    const s = new HeadsSocket({ url: evmSocketUrlOf(`${node.baseUrl}/${node.key}/info`)!, backoffBaseMs: 50 });
    s.start();
    await until('unsupported', () => s.state === 'unsupported');
    assert.equal(s.why, 'noSocket');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(s.connects, 1);
    s.close();
  });
});
