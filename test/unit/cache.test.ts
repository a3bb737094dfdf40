import * as assert from 'node:assert/strict';
import { RequestCache } from '../../src/core/cache';
import { isCancellation } from '../../src/core/errors';

describe('RequestCache', () => {
  it('shares one load among callers while it runs', async () => {
    const cache = new RequestCache<number, string>(10);
    let loads = 0;
    const load = () => new Promise<string>((r) => setTimeout(() => r(`v${++loads}`), 10));
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get(1, load)));
    assert.equal(loads, 1);
    assert.ok(all.every((v) => v === 'v1'));
    assert.equal(await cache.get(1, load), 'v1');
    assert.equal(loads, 1);
  });

  it('evicts the least recently used beyond its capacity', async () => {
    const cache = new RequestCache<number, number>(2);
    await cache.get(1, async () => 1);
    await cache.get(2, async () => 2);
    cache.peek(1); // 1 is now the most recent
    await cache.get(3, async () => 3);
    assert.equal(cache.peek(2), undefined);
    assert.equal(cache.peek(1), 1);
    assert.equal(cache.size, 2);
  });

  it('does not keep failures or values it is told not to keep', async () => {
    const cache = new RequestCache<string, number>(5);
    await assert.rejects(cache.get('x', async () => Promise.reject(new Error('boom'))));
    assert.equal(await cache.get('x', async () => 7), 7);
    const positive = new RequestCache<string, number>({ capacity: 5, keepMs: (v) => (v > 0 ? Infinity : 0) });
    assert.equal(await positive.get('y', async () => 0), 0);
    assert.equal(positive.peek('y'), undefined);
    assert.equal(await positive.get('z', async () => 1), 1);
    assert.equal(positive.peek('z'), 1);
  });

  it('serves a value for as long as keepMs says, then loads it again', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new RequestCache<string, number>({ capacity: 5, keepMs: (v) => v * 100, now: () => now });
    const load = async () => ++loads;
    assert.equal(await cache.get('k', load), 1); // kept 100 ms
    now += 99;
    assert.equal(await cache.get('k', load), 1);
    now += 1;
    assert.equal(cache.peek('k'), undefined, 'past its age');
    assert.equal(cache.size, 0, 'an expired value is dropped when seen');
    assert.equal(await cache.get('k', load), 2); // kept 200 ms
    now += 199;
    assert.equal(cache.peek('k'), 2);
  });

  describe('a shared load and its callers’ signals (issue 13, finding 8)', () => {
    /** A load that resolves after `ms` unless its own signal aborts first; records what it saw. */
    function slowLoad(ms: number, seen: { aborted: boolean; signals: AbortSignal[] }) {
      return (signal: AbortSignal) => {
        seen.signals.push(signal);
        return new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => resolve('value'), ms);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            seen.aborted = true;
            reject(new Error('load aborted'));
          });
        });
      };
    }

    it('a second caller does not inherit the first caller’s cancellation', async () => {
      const cache = new RequestCache<number, string>(4);
      const seen = { aborted: false, signals: [] as AbortSignal[] };
      const first = new AbortController();
      const second = new AbortController();
      const a = cache.get(1, slowLoad(60, seen), first.signal);
      const b = cache.get(1, slowLoad(60, seen), second.signal);
      first.abort();
      await assert.rejects(a, (e: unknown) => isCancellation(e));
      assert.equal(await b, 'value');
      assert.equal(seen.signals.length, 1, 'one load for both');
      assert.equal(seen.aborted, false);
      assert.equal(cache.peek(1), 'value');
    });

    it('the load is aborted once every caller has left, and nothing is cached', async () => {
      const cache = new RequestCache<number, string>(4);
      const seen = { aborted: false, signals: [] as AbortSignal[] };
      const callers = [new AbortController(), new AbortController()];
      const pending = callers.map((c) => cache.get(1, slowLoad(60, seen), c.signal));
      callers[0]!.abort();
      assert.equal(seen.aborted, false);
      callers[1]!.abort();
      await Promise.allSettled(pending);
      assert.equal(seen.aborted, true);
      assert.equal(cache.peek(1), undefined);
      // A caller after that starts a new load.
      assert.equal(await cache.get(1, slowLoad(5, seen)), 'value');
      assert.equal(seen.signals.length, 2);
    });

    it('a caller without a signal keeps the load alive', async () => {
      const cache = new RequestCache<number, string>(4);
      const seen = { aborted: false, signals: [] as AbortSignal[] };
      const c = new AbortController();
      const a = cache.get(1, slowLoad(30, seen), c.signal);
      const b = cache.get(1, slowLoad(30, seen));
      c.abort();
      await assert.rejects(a);
      assert.equal(await b, 'value');
    });
  });

  describe('bounded by weight (issue 13, finding 3)', () => {
    it('evicts the least recently used until the total weight fits', async () => {
      const cache = new RequestCache<number, string>({ capacity: 100, maxWeight: 10, weigh: (v) => v.length });
      cache.set(1, 'aaaa');
      cache.set(2, 'bbbb');
      cache.peek(1);
      cache.set(3, 'cccc'); // 12 > 10: 2 goes
      assert.equal(cache.peek(2), undefined);
      assert.equal(cache.peek(1), 'aaaa');
      assert.equal(cache.weight, 8);
      cache.set(1, 'a'); // replacing a value replaces its weight
      assert.equal(cache.weight, 5);
    });

    it('does not keep a value heavier than the whole budget, and still returns it', async () => {
      const cache = new RequestCache<number, string>({ capacity: 100, maxWeight: 10, weigh: (v) => v.length });
      cache.set(1, 'small');
      assert.equal(await cache.get(2, async () => 'x'.repeat(11)), 'x'.repeat(11));
      assert.equal(cache.peek(2), undefined);
      assert.equal(cache.peek(1), 'small');
      assert.equal(cache.weight, 5);
    });
  });
});
