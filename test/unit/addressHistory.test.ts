// The address page's history: page after page, every transaction once, in order (newest first), however a
// source repeats, overlaps, reorders or loops its pages; what was loaded stays when a page fails.
import * as assert from 'node:assert/strict';
import type { HistoryTransaction } from '../../src/core/history';
import { AddressHistory, MAX_PAGES_WITHOUT_NEW, type HistorySource } from '../../src/address/addressHistory';

const tx = (n: number, block = n): HistoryTransaction => ({
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  blockNumber: BigInt(block),
  timestamp: null,
  from: '0x1111111111111111111111111111111111111111',
  to: null,
  created: null,
  value: 0n,
  selector: '0x',
  fee: null,
  status: null,
  index: 0,
});

/** A source that answers with the scripted pages in turn (cursor = page number). */
function scripted(
  pages: (HistoryTransaction[] | Error)[],
  next: (i: number) => number | null = (i) => (i + 1 < pages.length ? i + 1 : null),
): HistorySource<number> {
  return {
    kind: 'node',
    host: null,
    async older(cursor) {
      const i = cursor ?? 0;
      const page = pages[i]!;
      if (page instanceof Error) throw page;
      return { transactions: page, next: next(i) };
    },
  };
}

const numbers = (h: AddressHistory) => h.transactions.map((t) => Number(t.blockNumber));

describe('AddressHistory', () => {
  it('appends older pages and drops what a page repeats', async () => {
    const h = new AddressHistory(scripted([[tx(9), tx(8)], [tx(8), tx(7)], [tx(6)]]));
    assert.deepEqual((await h.older()).from, 0);
    assert.deepEqual((await h.older()).from, 2);
    const last = await h.older();
    assert.deepEqual(numbers(h), [9, 8, 7, 6]);
    assert.ok(last.complete && h.complete);
  });

  it('sorts in a page that came out of order, and says where the list changed', async () => {
    const h = new AddressHistory(
      scripted([
        [tx(9), tx(5)],
        [tx(7), tx(3)],
      ]),
    );
    await h.older();
    const second = await h.older();
    assert.deepEqual(numbers(h), [9, 7, 5, 3]);
    assert.equal(second.from, 1);
  });

  it('stops a source that keeps sending nothing new, or leads back to a page it sent', async () => {
    const same = new AddressHistory(scripted([[tx(1)]], () => 0));
    let result;
    for (let i = 0; i < 10 && !same.complete; i++) result = await same.older();
    assert.ok(result?.repeating && same.complete);
    assert.equal(same.transactions.length, 1);
    const fruitless = new AddressHistory(scripted([[tx(3)], [], [], [], [], []]));
    for (let i = 0; i < 10 && !fruitless.complete; i++) await fruitless.older();
    assert.ok(fruitless.complete);
    assert.equal(MAX_PAGES_WITHOUT_NEW, 3);
  });

  it('keeps what was loaded when a page fails, and the next try goes on from there', async () => {
    let fail = true;
    const source: HistorySource<number> = {
      kind: 'node',
      host: null,
      async older(cursor) {
        if (cursor === 1 && fail) {
          fail = false;
          throw new Error('timed out');
        }
        return cursor === undefined ? { transactions: [tx(5)], next: 1 } : { transactions: [tx(4)], next: null };
      },
    };
    const h = new AddressHistory(source);
    await h.older();
    await assert.rejects(h.older(), /timed out/);
    assert.deepEqual(numbers(h), [5]);
    await h.older();
    assert.deepEqual(numbers(h), [5, 4]);
  });

  it('asks one page at a time: a second Older while one loads waits for the same page', async () => {
    let asked = 0;
    const h = new AddressHistory({ kind: 'node', host: null, older: async () => (asked++, { transactions: [tx(1)], next: null }) });
    await Promise.all([h.older(), h.older()]);
    assert.equal(asked, 1);
    assert.equal(h.transactions.length, 1);
  });
});
