import * as assert from 'node:assert/strict';
import { RequestCache } from '../../src/core/cache';

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
    assert.equal(await cache.get('y', async () => 0, (v) => v > 0), 0);
    assert.equal(cache.peek('y'), undefined);
  });
});
