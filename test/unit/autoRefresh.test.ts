/** The Open Orders view's automatic refresh: its interval, pausing while hidden, and backing off on 429. */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import { AutoRefreshSchedule, budgetedIntervalSeconds, nextAutoRefreshSeconds, type Clock } from '../../src/orders/autoRefresh';

/** A clock whose time moves only when the test says so. */
class ManualClock implements Clock {
  private time = 1_000_000;
  private timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;

  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward second by second, running what falls due (and letting its promises settle). */
  async advance(seconds: number): Promise<void> {
    for (let s = 0; s < seconds; s++) {
      this.time += 1000;
      for (const [id, t] of [...this.timers]) {
        if (t.at <= this.time) {
          this.timers.delete(id);
          t.run();
        }
      }
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
  }
}

describe('open orders automatic refresh', () => {
  let clock: ManualClock;
  let runs: number[];
  let answer: () => unknown[];
  let schedule: AutoRefreshSchedule;

  beforeEach(() => {
    clock = new ManualClock();
    runs = [];
    answer = () => [];
    schedule = new AutoRefreshSchedule(async () => {
      runs.push(clock.now());
      return answer();
    }, clock);
  });
  afterEach(() => schedule.dispose());

  const secondsBetween = () => runs.slice(1).map((t, i) => (t - runs[i]) / 1000);

  it('stretches the interval when refreshes would spend more than half of the 1200-per-minute weight budget', async () => {
    // 3 wallets × 4 dexs × 20 = 240 weight per refresh: every 10 s would be 1440 a minute.
    assert.equal(budgetedIntervalSeconds(10, 240), 24);
    assert.equal(budgetedIntervalSeconds(30, 240), 30, 'within budget: as set');
    assert.equal(budgetedIntervalSeconds(0, 240), 0, 'off stays off');
    assert.equal(budgetedIntervalSeconds(5, 600), 60, 'a refresh weighing the whole share: once a minute, the longest stretch');
    schedule.update(10, true);
    schedule.setRefreshWeight(240);
    assert.equal(schedule.effectiveIntervalSeconds, 24);
    await clock.advance(100);
    assert.deepEqual(secondsBetween(), [24, 24, 24]);
  });

  it('pauses, instead of stretching to an hour, when one refresh alone weighs more than the share of a minute; resumes when it fits', async () => {
    // 10,001 order lists (a perpDexs answer of 10,000 dexs, before the cap): no interval makes that fit.
    assert.equal(budgetedIntervalSeconds(5, 10_001 * 20), Infinity);
    assert.equal(budgetedIntervalSeconds(5, 601), Infinity);
    schedule.update(5, true);
    schedule.setRefreshWeight(601);
    assert.equal(schedule.paused, true);
    assert.equal(schedule.scheduled, false, 'no refresh waits for its time');
    await clock.advance(7200);
    assert.deepEqual(runs, [], 'none in two hours');
    schedule.setRefreshWeight(200); // a wallet fewer
    assert.equal(schedule.paused, false);
    await clock.advance(30);
    assert.equal(runs.length, 1, 'runs again once a refresh fits');
    schedule.update(0, true);
    schedule.setRefreshWeight(10_000);
    assert.equal(schedule.paused, false, 'off is not paused');
  });

  it('a due refresh waits for room in the shared budget (spent by manual refreshes), then runs', async () => {
    let spentUntil = clock.now() + 45_000; // a manual refresh spent the share until then
    schedule.setRoomWait(() => Math.max(0, spentUntil - clock.now()));
    schedule.update(10, true);
    await clock.advance(44);
    assert.deepEqual(runs, [], 'no room yet');
    await clock.advance(2);
    assert.equal(runs.length, 1, 'ran once room came');
    spentUntil = 0;
    await clock.advance(10);
    assert.equal(runs.length, 2, 'then at the interval');
  });

  it('is off at 0 seconds', async () => {
    schedule.update(0, true);
    await clock.advance(600);
    assert.deepEqual(runs, []);
    assert.equal(schedule.scheduled, false);
  });

  it('refreshes every interval while the view is visible', async () => {
    schedule.update(30, true);
    await clock.advance(95);
    assert.equal(runs.length, 3);
    assert.deepEqual(secondsBetween(), [30, 30]);
  });

  it('a refresh that never ends does not stop the next ones (issue 13)', async () => {
    const stuck = new Promise<unknown[]>(() => undefined);
    let first = true;
    schedule.dispose();
    schedule = new AutoRefreshSchedule(async () => {
      runs.push(clock.now());
      if (first) {
        first = false;
        return stuck; // e.g. one wallet whose provider never answers
      }
      return [];
    }, clock);
    schedule.update(30, true);
    await clock.advance(125);
    assert.ok(runs.length >= 3, `only ${runs.length} refreshes in 125 s`);
  });

  it('pauses while hidden, and refreshes at once when shown after the interval has passed', async () => {
    schedule.update(30, true);
    await clock.advance(30);
    assert.equal(runs.length, 1);
    schedule.update(30, false); // hidden
    await clock.advance(300);
    assert.equal(runs.length, 1, 'no refresh while hidden');
    schedule.update(30, true); // shown again
    await clock.advance(1);
    assert.equal(runs.length, 2, 'the data is old: refreshed right away');
  });

  it('counts a manual refresh, so the next automatic one is a full interval later', async () => {
    schedule.update(30, true);
    await clock.advance(20);
    schedule.refreshed();
    await clock.advance(29);
    assert.equal(runs.length, 0);
    await clock.advance(1);
    assert.equal(runs.length, 1);
  });

  it('waits what Retry-After asks after a 429, then returns to the interval', async () => {
    answer = () => [new ProviderError('rateLimited', 'slow down', { retryAfterSeconds: 120 })];
    schedule.update(30, true);
    await clock.advance(30);
    answer = () => [];
    await clock.advance(200);
    assert.deepEqual(secondsBetween().slice(0, 2), [120, 30]);
  });

  it('doubles its wait on each 429 without Retry-After, and ignores other errors', async () => {
    answer = () => [new ProviderError('rateLimited', 'slow down')];
    schedule.update(10, true);
    await clock.advance(10 + 20 + 40 + 80);
    assert.deepEqual(secondsBetween(), [20, 40, 80]);
    answer = () => [new ProviderError('server', 'oops')];
    await clock.advance(160 + 10 + 10);
    assert.deepEqual(secondsBetween().slice(3), [160, 10, 10]);
  });

  it('starts over at the interval when the setting changes', async () => {
    answer = () => [new ProviderError('rateLimited', 'slow down')];
    schedule.update(10, true);
    await clock.advance(10 + 20);
    answer = () => [];
    schedule.update(15, true);
    const before = runs.length;
    await clock.advance(15);
    assert.equal(runs.length, before + 1);
  });

  it('computes the next wait from the outcome', () => {
    assert.equal(nextAutoRefreshSeconds(30, undefined, 30), 30);
    assert.equal(nextAutoRefreshSeconds(30, new ProviderError('server', 'x'), 120), 30);
    assert.equal(nextAutoRefreshSeconds(30, new ProviderError('rateLimited', 'x', { retryAfterSeconds: 90 }), 30), 90);
    assert.equal(nextAutoRefreshSeconds(30, new ProviderError('rateLimited', 'x', { retryAfterSeconds: 5 }), 30), 30);
    assert.equal(nextAutoRefreshSeconds(30, new ProviderError('rateLimited', 'x'), 60), 120);
    assert.equal(nextAutoRefreshSeconds(30, new ProviderError('rateLimited', 'x'), 3000), 3600);
  });
});
