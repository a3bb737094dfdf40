// A short run of the live connection's soak (test/soak/liveSoak.ts; `npm run soak:live` runs it for 10
// minutes with a drop a minute): against the demo node's /ws, fills sent while the connection is dropped
// and while the node refuses connections all reach the client once, in order.
import * as assert from 'node:assert/strict';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { liveSoak, liveSoakProblems } from '../soak/liveSoak';

describe('live connection soak, short (drops and a down network, no fill lost or doubled)', function () {
  this.timeout(60_000);
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ control: true })));
  after(() => node.close());

  it('delivers every fill exactly once across three drops, one of them a network down for a second', async () => {
    const wallets = [...DEMO_WALLETS.map((w) => w.address), '0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000a2'];
    const f = await liveSoak({ baseUrl: node.baseUrl, durationMs: 9_000, fillEveryMs: 150, dropEveryMs: 2_500, downMs: 1_000, wallets });
    // Sockets and timers are the whole process's here (the node runs in it too): the CLI checks them apart.
    const problems = liveSoakProblems({ ...f, socketsEnd: f.socketsStart, timersEnd: f.timersStart });
    assert.deepEqual(problems, [], JSON.stringify(f));
    assert.ok(f.drops >= 3 && f.downs >= 1, `drops ${f.drops}, downs ${f.downs}`);
    assert.ok(f.caughtUp > 0, `some fills were sent while away and came with the snapshot: ${JSON.stringify(f)}`);
    assert.ok(f.connects >= 4, `it reconnected after each drop: ${f.connects}`);
  });
});
