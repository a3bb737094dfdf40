// Paging by time to the info API's limits: every row once, in order, past any number of full answers,
// whatever a source does (repeat a page, overlap, go back, send rows outside the range, loop forever).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { fillIdentity, fillKey, loadNext, TimePager, type PageFetch } from '../../src/walletHistory/historyPaging';

interface Row {
  time: number;
  id: number;
}
const key = (r: Row) => String(r.id);

/** The API's rule over `all` (sorted by time): from `start` to `end`, oldest first, at most `per`. */
const honest =
  (all: Row[], per: number): PageFetch<Row> =>
  async (start, end) =>
    all.filter((r) => r.time >= start && r.time <= end).slice(0, per);

async function drain(pager: TimePager<Row>, fetch: PageFetch<Row>, maxCalls = 10_000): Promise<number> {
  let calls = 0;
  while (!pager.done) {
    if (++calls > maxCalls) throw new Error('the pager loops');
    await loadNext(pager, fetch);
  }
  return calls;
}

describe('history paging by time', () => {
  it('pages past 2,000 rows, rows sharing a millisecond at a page’s edge neither lost nor repeated', async () => {
    // 4,500 rows, three per millisecond: page edges fall inside a millisecond.
    const all = Array.from({ length: 4500 }, (_, i) => ({ time: 1_000 + Math.floor(i / 3), id: i }));
    const pager = new TimePager<Row>(key, 2000, 0, 10_000);
    const calls = await drain(pager, honest(all, 2000));
    assert.deepEqual(
      pager.rows.map((r) => r.id),
      all.map((r) => r.id),
    );
    assert.equal(calls, 3);
    assert.deepEqual(pager.gaps, []);
  });

  it('property: with an honest source, exactly the rows in range, once, oldest first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 400 }),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 0, max: 150 }),
        async (times, per, from) => {
          const all = times.sort((a, b) => a - b).map((time, id) => ({ time, id }));
          const to = from + 100;
          const pager = new TimePager<Row>(key, per, from, to);
          await drain(pager, honest(all, per));
          const want = all.filter((r) => r.time >= from && r.time <= to);
          // More rows at one millisecond than an answer holds cannot all be reached: said as a gap.
          const reachable = want.filter((r) => !pager.gaps.includes(r.time));
          const got = new Set(pager.rows.map((r) => r.id));
          assert.equal(got.size, pager.rows.length, 'no row twice');
          for (const r of reachable) assert.ok(got.has(r.id), `row ${r.id} at ${r.time} lost`);
          for (let i = 1; i < pager.rows.length; i++) assert.ok(pager.rows[i]!.time >= pager.rows[i - 1]!.time);
        },
      ),
    );
  });

  it('a hostile source: the same full page forever, pages going back, rows outside the range, a million rows', async () => {
    const same = Array.from({ length: 10 }, (_, i) => ({ time: 50, id: i }));
    const looping = new TimePager<Row>(key, 10, 0, 100);
    await drain(looping, async () => same);
    assert.equal(looping.rows.length, 10, 'never duplicated');

    const back = new TimePager<Row>(key, 5, 0, 1_000);
    let n = 0;
    await drain(back, async () => Array.from({ length: 5 }, () => ({ time: 1_000 - n, id: n++ })));
    const ids = back.rows.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (let i = 1; i < back.rows.length; i++) assert.ok(back.rows[i]!.time >= back.rows[i - 1]!.time, 'kept oldest first');

    const outside = new TimePager<Row>(key, 3, 100, 200);
    outside.add([
      { time: 5, id: 1 },
      { time: 150, id: 2 },
      { time: 999, id: 3 },
    ]);
    assert.deepEqual(
      outside.rows.map((r) => r.id),
      [2],
    );
    assert.ok(outside.done, 'a row past the end ends the range');

    const huge = new TimePager<Row>(key, 1_000_000, 0, 2_000_000, 20_000);
    huge.add(Array.from({ length: 1_000_000 }, (_, i) => ({ time: i, id: i })));
    assert.equal(huge.rows.length, 20_000);
    assert.ok(huge.capped && huge.done);
  });

  it('keeps what was loaded when an answer fails midway', async () => {
    const all = Array.from({ length: 30 }, (_, i) => ({ time: i, id: i }));
    const pager = new TimePager<Row>(key, 10, 0, 100);
    await loadNext(pager, honest(all, 10));
    await assert.rejects(loadNext(pager, () => Promise.reject(new Error('timed out'))));
    assert.equal(pager.rows.length, 10);
    await drain(pager, honest(all, 10));
    assert.equal(pager.rows.length, 30);
  });

  it('property: fills by trade id then the rest (no string per fill) keep exactly the rows the string key keeps', () => {
    const fill = fc.record({
      time: fc.nat(20),
      tid: fc.nat(5),
      oid: fc.nat(3),
      side: fc.constantFrom('A', 'B'),
      coin: fc.constantFrom('BTC', 'ETH'),
    });
    fc.assert(
      fc.property(fc.array(fc.array(fill, { maxLength: 12 }), { maxLength: 6 }), (pages) => {
        const byKey = new TimePager<(typeof pages)[0][0]>(fillKey, 12, 0, 100);
        const byIdentity = new TimePager<(typeof pages)[0][0]>(fillIdentity, 12, 0, 100);
        for (const page of pages) assert.equal(byIdentity.add(page), byKey.add(page));
        assert.deepEqual(byIdentity.rows, byKey.rows);
      }),
      { numRuns: 500 },
    );
  });
});
