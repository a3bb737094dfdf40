// Market data kept with its age: fresh for a while, one load shared by every caller, an old value still at
// hand while a new one loads, Reload Markets; and the snapshot kept across window reloads, read back
// tolerantly (anything not as written is left out, and then asked again).
import * as assert from 'node:assert/strict';
import { RequestCache } from '../../src/core/cache';
import { readSnapshot, spotFromJson, spotToJson } from '../../src/orders/marketCache';

/** Market data as Open Orders keeps it: one key, fresh for ten minutes, stale values kept. */
function kept<V>(now: () => number, onKept?: () => void) {
  const cache = new RequestCache<'k', V>({ capacity: 1, keepMs: () => 600_000, keepStale: true, now });
  if (onKept) cache.onDidKeep(onKept);
  return cache;
}

describe('market data kept with its age (the one cache, keepStale)', () => {
  it('is fresh for its age limit, then old: still at hand, but asked again (one load for every caller)', async () => {
    let now = 1_000;
    let saved = 0;
    const cache = kept<string[]>(
      () => now,
      () => (saved += 1),
    );
    let loads = 0;
    const load = async () => {
      loads += 1;
      return ['xyz'];
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    assert.deepEqual([a, b, loads, saved], [['xyz'], ['xyz'], 1, 1]);
    now += 599_999;
    assert.deepEqual(cache.peek('k'), ['xyz']);
    await cache.get('k', load);
    assert.equal(loads, 1, 'fresh: not asked');
    now += 1;
    assert.equal(cache.peek('k'), undefined);
    assert.deepEqual(cache.stale('k'), ['xyz'], 'old, still at hand');
    await cache.get('k', load);
    assert.equal(loads, 2);
  });

  it('Reload Markets expires it at once; a failed load keeps the old value and is asked again', async () => {
    const cache = kept<number>(() => 0);
    await cache.get('k', async () => 1);
    cache.expire();
    assert.equal(cache.peek('k'), undefined);
    assert.equal(cache.stale('k'), 1);
    await assert.rejects(
      cache.get('k', async () => {
        throw new Error('down');
      }),
    );
    assert.equal(cache.stale('k'), 1);
    assert.equal(await cache.get('k', async () => 2), 2);
    assert.equal(cache.peek('k'), 2);
  });

  it('a value from an earlier window serves with its own age', () => {
    let now = 10_000_000;
    const cache = kept<number>(() => now);
    cache.restore('k', 7, now - 60_000);
    assert.equal(cache.peek('k'), 7);
    now += 540_000;
    assert.equal(cache.peek('k'), undefined, 'ten minutes after it was fetched, not after the window started');
    assert.equal(cache.stale('k'), 7);
  });

  it('the snapshot round-trips spot pairs, dexs and units', () => {
    const spot = spotFromJson({
      tokens: [
        { name: 'USDC', index: 0, szDecimals: 8, weiDecimals: 8 },
        { name: 'HYPE', index: 150, szDecimals: 2, weiDecimals: 8 },
      ],
      pairs: [{ name: '@107', index: 107, base: 'HYPE', quote: 'USDC', baseToken: 150, quoteToken: 0 }],
    });
    const snapshot = {
      dexs: { value: [{ name: 'xyz', fullName: 'XYZ' }], at: 5 },
      spot: { value: spotToJson(spot), at: 6 },
      metas: { flx: { value: { collateralToken: 360 }, at: 7 } },
    };
    const back = readSnapshot(JSON.parse(JSON.stringify(snapshot)));
    assert.deepEqual(back, snapshot);
    assert.equal(spotFromJson(back.spot!.value).pairsByIndex.get(107)?.base, 'HYPE');
  });

  it('reads back only what has the shape it was written in', () => {
    for (const garbage of [null, 'x', [], 42, { dexs: 'all' }, { dexs: { value: [{ name: 1 }], at: 1 } }, { spot: { value: {}, at: 'now' } }]) {
      const back = readSnapshot(garbage);
      assert.equal(back.dexs, undefined, JSON.stringify(garbage));
      assert.equal(back.spot, undefined);
    }
    const back = readSnapshot({
      spot: {
        value: { tokens: [{ name: 'A', index: 1, evmContract: { address: 'javascript:alert(1)' } }, { name: 2 }], pairs: [{ name: '@1' }] },
        at: 1,
      },
      metas: { flx: { value: { collateralToken: -1 }, at: 1 }, xyz: { value: {}, at: 2 } },
    });
    assert.deepEqual(back.spot?.value, { tokens: [{ name: 'A', index: 1 }], pairs: [] }, 'only names, indexes and decimals are read');
    assert.deepEqual(back.metas, { xyz: { value: {}, at: 2 } });
  });
});
