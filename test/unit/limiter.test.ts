// RatePacer: an explorer's own rate (Blockscout 5 a second, Etherscan's free plan 3): tasks start one at a
// time, at least 1/rate apart, in order; a cancelled wait gives its turn up.
import * as assert from 'node:assert/strict';
import { RatePacer } from '../../src/core/limiter';

describe('RatePacer', () => {
  it('starts tasks one at a time, in order, at least 1/rate apart', async () => {
    const pacer = new RatePacer(50); // 20 ms apart
    const started: number[] = [];
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        pacer.run(async () => {
          started.push(performance.now());
          order.push(i);
        }),
      ),
    );
    assert.deepEqual(order, [0, 1, 2, 3]);
    for (let i = 1; i < started.length; i++) assert.ok(started[i]! - started[i - 1]! >= 20, `gap ${started[i]! - started[i - 1]!} ms`);
  });

  it('a cancelled wait rejects and runs nothing; the next task still runs', async () => {
    const pacer = new RatePacer(5); // 200 ms apart
    await pacer.run(async () => undefined);
    const abort = new AbortController();
    let ran = false;
    const waiting = pacer.run(async () => void (ran = true), abort.signal);
    abort.abort(new Error('cancelled'));
    await assert.rejects(waiting, /cancelled/);
    assert.equal(ran, false);
    assert.equal(await pacer.run(async () => 'next'), 'next');
  });
});
