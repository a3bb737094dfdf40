// The wallet history page's view: the API's limits said, what was loaded counted, Load More only where
// there is more, a failed section's reason beside what it kept, and totals over what was loaded.
import { strict as assert } from 'node:assert';
import { untranslated } from '../../src/core/translate';
import type { Fill } from '../../src/core/model';
import { WalletHistory, type HistoryClient } from '../../src/walletHistory/historySource';
import { toHistoryView } from '../../src/walletHistory/historyViewModel';

const WALLET = '0x' + 'ab'.repeat(20);
const fill = (i: number): Fill => ({
  coin: 'BTC',
  px: '100.5',
  sz: '0.1',
  side: 'B',
  time: 1_000 + i,
  dir: 'Open Long',
  closedPnl: '0',
  fee: '0.01',
  feeToken: 'USDC',
  startPosition: '0',
  hash: '0x' + '00'.repeat(32),
  oid: i,
  tid: i,
  crossed: true,
});

/** A history source answering from memory, as the info client would (2,000 fills an answer). */
const client = (fills: Fill[], failing = new Set<string>()): HistoryClient => ({
  userFillsByTime: async (_u, start) => fills.filter((f) => f.time >= start).slice(0, 2000),
  userFunding: async () => {
    if (failing.has('funding')) throw new Error('the funding answer timed out');
    return [{ time: 1_500, hash: '0x', coin: 'BTC', usdc: '-2.5', szi: '1', fundingRate: '0.0001' }];
  },
  userNonFundingLedgerUpdates: async () => [],
  historicalOrders: async () => [],
  userTwapSliceFills: async () => [],
});

describe('wallet history view', () => {
  it('states the limits, counts what was loaded, offers Load More past 2,000 fills, sums what was loaded', async () => {
    const history = new WalletHistory(client(Array.from({ length: 2500 }, (_, i) => fill(i))), WALLET, 0, 1_000_000);
    await history.loadFirst();
    const view = toHistoryView({ history, range: '90d', source: 'QuickNode', describe: String }, untranslated);
    assert.equal(view.kind, 'history');
    if (view.kind !== 'history') return;
    const fills = view.sections.find((s) => s.id === 'fills')!;
    assert.equal(fills.rows.length, 2000);
    assert.equal(fills.summary, '2,000 rows loaded; more can be loaded.');
    assert.match(fills.limit, /at most 2,000 fills an answer, and only a wallet’s 10,000 newest/);
    assert.ok(fills.more);
    assert.deepEqual(view.totals.rows, [['BTC', '2000', '20100', '20 USDC', '0', '-2.5']]);
    assert.equal(view.source, 'QuickNode');
    assert.equal(fills.rows[0]![0], '1970-01-01T00:00:01.000Z', 'ISO time in UTC');
    await history.more('fills');
    const after = toHistoryView({ history, range: '90d', source: 'QuickNode', describe: String }, untranslated);
    if (after.kind !== 'history') return;
    assert.equal(after.sections[0]!.summary, '2,500 rows loaded');
    assert.ok(!after.sections[0]!.more);
  });

  it('a failed section says why beside the others, and offers to ask again', async () => {
    const history = new WalletHistory(client([fill(1)], new Set(['funding'])), WALLET, 0, 1_000_000);
    await history.loadFirst();
    const view = toHistoryView({ history, range: '7d', source: 'x', describe: (e) => (e as Error).message }, untranslated);
    if (view.kind !== 'history') return assert.fail(view.kind);
    const funding = view.sections.find((s) => s.id === 'funding')!;
    assert.equal(funding.error, 'the funding answer timed out');
    assert.ok(funding.more);
    assert.equal(view.sections.find((s) => s.id === 'fills')!.rows.length, 1);
  });
});
