/** The one request-weight ledger every Open Orders refresh spends from: Hyperliquid's weights, a sliding minute, room for a refresh. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ProviderError } from '../../src/core/errors';
import { infoRequestWeight } from '../../src/core/infoWeights';
import { PublicApiBudget } from '../../src/core/publicApi';
import { WeightLedger } from '../../src/core/weightLedger';
import { AUTO_REFRESH_BUDGET_SHARE, RequestTally } from '../../src/orders/requestTally';

describe('request weight ledger', () => {
  let now: number;
  let ledger: WeightLedger;
  beforeEach(() => {
    now = 1_000_000;
    ledger = new WeightLedger({ now: () => now });
  });

  it('weighs each info request as Hyperliquid does: 2 for mids and order status, 20 for order lists and market data', () => {
    for (const type of ['openOrders', 'frontendOpenOrders', 'meta', 'spotMeta', 'perpDexs']) assert.equal(infoRequestWeight(type), 20, type);
    for (const type of ['allMids', 'orderStatus', 'clearinghouseState']) assert.equal(infoRequestWeight(type), 2, type);
    assert.equal(infoRequestWeight('userRole'), 60);
  });

  it('a tally counts the requests of one refresh, apart the market data, and spends each as it is sent', () => {
    const spent: number[] = [];
    const tally = new RequestTally((type) => spent.push(infoRequestWeight(type)));
    for (const type of ['perpDexs', 'frontendOpenOrders', 'frontendOpenOrders', 'meta', 'allMids', 'orderStatus']) tally.add(type);
    assert.equal(tally.requests, 6);
    assert.equal(tally.weight, 20 + 20 + 20 + 20 + 2 + 2);
    assert.equal(tally.marketWeight, 40);
    assert.deepEqual(spent, [20, 20, 20, 20, 2, 2]);
  });

  it('forgets what was spent a minute ago', () => {
    ledger.spend(500);
    now += 30_000;
    ledger.spend(300);
    assert.equal(ledger.spent(), 800);
    now += 30_000;
    assert.equal(ledger.spent(), 300, 'the first spend left the window');
    now += 30_000;
    assert.equal(ledger.spent(), 0);
  });

  it('says when a refresh fits: now, once enough has left the window, or (heavier than the allowance) once the window is empty', () => {
    ledger.spend(700);
    now += 20_000;
    ledger.spend(400);
    assert.equal(ledger.waitMs(100), 0, '1100 + 100 fits in 1200');
    assert.equal(ledger.waitMs(200), 40_000, 'after the 700 leaves');
    assert.equal(ledger.waitMs(50, AUTO_REFRESH_BUDGET_SHARE), 40_000, 'half the budget: 400 + 50 fits in 600');
    assert.equal(ledger.waitMs(250, AUTO_REFRESH_BUDGET_SHARE), 60_000, 'half the budget: 400 + 250 does not');
    assert.equal(ledger.waitMs(5000), 60_000, 'heavier than the whole budget: alone');
    now += 60_000;
    assert.equal(ledger.waitMs(5000), 0, 'nothing spent: even that may run');
  });

  it('holds at most one entry per second of the window, however much is spent', () => {
    for (let i = 0; i < 100_000; i++) {
      ledger.spend(2);
      now += 7;
    }
    assert.ok(ledger.size <= 61, `${ledger.size} entries`);
    assert.equal(ledger.spent() > 0, true);
  });

  it('after waiting what it says, the refresh fits (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 600 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 1500 }),
        fc.constantFrom(1, 0.5),
        (spends, weight, share) => {
          now = 1_000_000;
          ledger = new WeightLedger({ now: () => now });
          for (const [after, w] of spends) {
            now += after;
            ledger.spend(w);
          }
          const wait = ledger.waitMs(weight, share);
          assert.ok(wait >= 0 && wait <= 60_000);
          if (wait > 0) {
            now += wait - 1;
            const before = ledger.spent();
            assert.ok(before > 0 && before + weight > 1200 * share, 'not a millisecond too late');
            now += 1;
          }
          const spent = ledger.spent();
          assert.ok(spent === 0 || spent + weight <= 1200 * share, `${spent} + ${weight} after ${wait} ms`);
        },
      ),
    );
  });
});

describe('the public API’s budget (a ledger of Hyperliquid’s weights)', () => {
  it('refuses a request past the minute’s weight before it is sent, saying when there is room again', () => {
    let now = 5_000_000;
    const budget = new PublicApiBudget(60, () => now);
    budget.spend('frontendOpenOrders'); // 20
    now += 30_000;
    budget.spend('perpDexs'); // 20
    budget.spend('spotMeta'); // 20: the minute's 60 are spent
    assert.equal(budget.used(), 60);
    assert.throws(
      () => budget.spend('allMids'),
      (e: ProviderError) => e.kind === 'rateLimited' && e.retryAfterSeconds === 30 && /allows 60 request weight a minute/.test(e.message),
    );
    assert.equal(budget.used(), 60, 'a refused request spends nothing');
    now += 30_000; // the first 20 left the minute
    budget.spend('allMids');
    assert.equal(budget.used(), 42);
  });
});
