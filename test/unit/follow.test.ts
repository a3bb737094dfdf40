// Follow latest's drawing (src/blocks/follow.ts): only newer blocks, the newest of a flood, one draw at a
// time, and no two draws closer than the gap.
import { strict as assert } from 'node:assert';
import { Follow } from '../../src/blocks/follow';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Follow (the block page following new blocks)', () => {
  it('draws a flood of heads as a few draws, ending on the newest, never two at once, with the gap between starts', async () => {
    const starts: { n: number; at: number }[] = [];
    let running = 0;
    let most = 0;
    const follow = new Follow(
      {
        minGapMs: 50,
        draw: async (n) => {
          starts.push({ n, at: Date.now() });
          most = Math.max(most, ++running);
          await sleep(10);
          running--;
        },
      },
      100,
    );
    for (let n = 90; n <= 300; n++) follow.offer(n); // older ones first, then 200 new heads at once
    await sleep(20);
    for (let n = 301; n <= 400; n++) follow.offer(n);
    await sleep(250);
    follow.stop();
    assert.equal(most, 1, 'one draw at a time');
    assert.equal(starts[0]!.n, 101, 'the first newer head is drawn at once');
    assert.equal(starts[starts.length - 1]!.n, 400, 'the newest is drawn last');
    assert.ok(starts.length <= 4, `a flood of 300 heads is ${starts.length} draws`);
    for (let i = 1; i < starts.length; i++) {
      assert.ok(starts[i]!.n > starts[i - 1]!.n, 'always forward');
      assert.ok(starts[i]!.at - starts[i - 1]!.at >= 45, 'the gap between two draws');
    }
  });

  it('a failed draw is said, and the next head is drawn; stop() ends it', async () => {
    const drawn: number[] = [];
    const failed: number[] = [];
    const follow = new Follow({
      minGapMs: 0,
      draw: async (n) => {
        if (n === 5) throw new Error('no');
        drawn.push(n);
      },
      failed: (n) => failed.push(n),
    });
    follow.offer(5);
    await sleep(5);
    follow.offer(6);
    await sleep(5);
    follow.stop();
    follow.offer(7);
    await sleep(5);
    assert.deepEqual(failed, [5]);
    assert.deepEqual(drawn, [6]);
  });
});
