/** The Open Orders view-model: grouping, spot naming, sorting, the diff between refreshes, exact notionals. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { OpenOrder, SpotMeta } from '../../src/core/model';
import { frontendOpenOrdersResult, openOrdersResult, spotMetaResult, toOpenOrders, toSpotMeta, validate } from '../../src/core/infoSchemas';
import { compareDecimals, displayDecimal, formatUnits, multiplyDecimals, roundedProduct, trimDecimal } from '../../src/core/units';

/** The reference rounding: a decimal string rounded half-up to `digits` fraction digits, with bigint. */
function roundDecimal(decimal: string, digits: number): string {
  const [whole, fraction = ''] = decimal.split('.');
  return formatUnits(BigInt(whole + fraction), fraction.length, digits);
}
import {
  buildWalletView,
  comparePrices,
  copyGroup,
  dropEntries,
  entryRows,
  groupEntries,
  groupOrderCount,
  diffOrders,
  fateText,
  isSpotCoin,
  marketOf,
  distanceFromMid,
  notionalOf,
  type OrderRow,
  type WalletOrder,
} from '../../src/orders/ordersViewModel';
import { isOutcomeCoin } from '../../src/view/coinNames';
import { untranslated } from '../../src/view/format';
import { fixture } from '../support/fixtures';

const ADDR = '0x3217cce5d8c320717e50df51e36008fef107018c';

function realSpotMeta(): SpotMeta {
  const f = fixture('hyperliquid_spotMeta_2025-11-09.json');
  return toSpotMeta(validate(spotMetaResult, f.response, 'spotMeta'));
}

let nextOid = 1000;
function order(coin: string, side: 'A' | 'B', limitPx: string, sz: string, extra: Partial<OpenOrder> = {}): OpenOrder {
  const oid = extra.oid ?? nextOid++;
  const raw = { coin, limitPx, oid, side, sz, timestamp: 1_700_000_000_000 };
  return { ...raw, raw, ...extra };
}

const on = (dex: string, o: OpenOrder): WalletOrder => ({ dex, order: o });

describe('open orders view-model', () => {
  describe('spot pair names', () => {
    const meta = realSpotMeta();

    it('resolves @107 to HYPE/USDC by the pair index, not the array position', () => {
      const market = marketOf('@107', '', meta);
      assert.deepEqual(market, { kind: 'spot', dex: '', name: 'HYPE/USDC', rawCoin: '@107', quote: 'USDC' });
      // At array position 107 of the same snapshot sits another pair: indexing by position would be wrong.
      const f = fixture('hyperliquid_spotMeta_2025-11-09.json');
      assert.notEqual(f.response.universe[107].index, 107);
    });

    it('takes the quote from the pair: HYPE/USDT0 and HYPE/USDH are not USDC', () => {
      assert.equal(marketOf('@207', '', meta).name, 'HYPE/USDT0');
      assert.equal(marketOf('@207', '', meta).quote, 'USDT0');
      assert.equal(marketOf('@232', '', meta).quote, 'USDH');
    });

    it('keeps canonical names and quotes (PURR/USDC), and unknown pairs raw without a quote', () => {
      assert.equal(marketOf('PURR/USDC', '', meta).name, 'PURR/USDC');
      assert.equal(marketOf('PURR/USDC', '', meta).quote, 'USDC');
      assert.deepEqual(marketOf('@99999', '', meta), { kind: 'spot', dex: '', name: '@99999', rawCoin: '@99999', quote: undefined });
      assert.equal(marketOf('@107', '', undefined).name, '@107'); // spotMeta unavailable: raw name
    });

    it('tells spot coins from perps', () => {
      assert.ok(isSpotCoin('@0'));
      assert.ok(isSpotCoin('PURR/USDC'));
      assert.ok(!isSpotCoin('BTC'));
      assert.ok(!isSpotCoin('@'));
      assert.ok(!isSpotCoin('xyz:XYZ100'));
      assert.equal(marketOf('BTC', '', meta).kind, 'perps');
      assert.equal(marketOf('BTC', '', meta).quote, 'USDC');
    });

    it('drops the dex prefix of HIP-3 coins under their dex, keeping the raw coin', () => {
      assert.deepEqual(marketOf('xyz:XYZ100', 'xyz', meta, new Map([['xyz', 'USDC']])), {
        kind: 'perps',
        dex: 'xyz',
        name: 'XYZ100',
        rawCoin: 'xyz:XYZ100',
        quote: 'USDC',
      });
      assert.equal(marketOf('abc:FOO', 'xyz', meta).name, 'abc:FOO'); // a prefix of another dex stays
    });

    it('counts a HIP-3 dex in its own collateral (USDH, USDT0, …), and in no unit when it is not known', () => {
      const units = new Map([['flx', 'USDH']]);
      assert.equal(marketOf('flx:TSLA', 'flx', meta, units).quote, 'USDH');
      assert.equal(marketOf('xyz:XYZ100', 'xyz', meta, units).quote, undefined, 'not USDC by default');
      assert.equal(marketOf('BTC', '', meta, units).quote, 'USDC', 'the first perp dex settles in USDC');
    });

    it('puts outcome coins (#…) in their own market kind, without a guessed unit', () => {
      assert.ok(isOutcomeCoin('#1'));
      assert.ok(!isOutcomeCoin('BTC'));
      assert.deepEqual(marketOf('#1', '', meta), { kind: 'outcome', dex: '', name: '#1', rawCoin: '#1' });
    });
  });

  describe('grouping', () => {
    it('makes Perps, one group per other dex with orders, then Spot, with stable ids', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', order('@107', 'B', '38.5', '2', { oid: 1 })),
          on('', order('BTC', 'B', '101000', '0.01', { oid: 2 })),
          on('zzz', order('zzz:FOO', 'A', '1', '1', { oid: 3 })),
          on('xyz', order('xyz:XYZ100', 'A', '25432', '0.5', { oid: 4 })),
          on('', order('PURR/USDC', 'A', '0.12345', '1000', { oid: 5 })),
        ],
        spotMeta: realSpotMeta(),
        dexs: [{ name: 'xyz', fullName: 'XYZ' }],
        t: untranslated,
      });
      assert.deepEqual(
        view.groups.map((g) => [g.id, g.label, g.description, g.orders.map((o) => o.id)]),
        [
          [`group:${ADDR}:`, 'Perps', '1 order', [`order:${ADDR}:2`]],
          [`group:${ADDR}:xyz`, 'xyz', '1 order', [`order:${ADDR}:4`]],
          [`group:${ADDR}:zzz`, 'zzz', '1 order', [`order:${ADDR}:3`]],
          [`group:${ADDR}:spot`, 'Spot', '2 orders', [`order:${ADDR}:1`, `order:${ADDR}:5`]],
        ],
      );
      assert.equal(view.orderCount, 5);
      assert.equal(view.groups[1].fullName, 'XYZ');
      assert.ok(view.groups.every((g) => g.contextValue === 'group'));
      assert.ok(view.groups.flatMap((g) => g.orders).every((o) => o.contextValue === 'order'));
    });

    it('has no groups for a wallet without orders', () => {
      const view = buildWalletView({ address: ADDR, orders: [], t: untranslated });
      assert.deepEqual(view, { groups: [], orderCount: 0 });
    });

    it('keeps ids unique when an answer repeats an oid', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [on('', order('BTC', 'B', '1', '1', { oid: 7 })), on('', order('ETH', 'B', '1', '1', { oid: 7 }))],
        t: untranslated,
      });
      const ids = view.groups[0].orders.map((o) => o.id);
      assert.equal(new Set(ids).size, 2);
      assert.ok(ids.includes(`order:${ADDR}:7`));
    });
  });

  describe('rows', () => {
    it('builds a group’s rows when they are first read, once, shared with copies whose orders are taken', () => {
      const asked: string[] = [];
      const t: typeof untranslated = (message, ...args) => (asked.push(message), untranslated(message, ...args));
      const stops = [1, 2, 3].map((oid) =>
        on(
          '',
          order('BTC', 'A', '95000', '0.25', { oid, orderType: 'Stop Market', isTrigger: true, triggerPx: '96000', triggerCondition: 'Price below 96000' }),
        ),
      );
      const view = buildWalletView({ address: ADDR, orders: stops, t });
      const [group] = view.groups;
      const triggers = () => asked.filter((m) => m.startsWith('trigger')).length;
      // Counted and copied without a row: only a row's text asks for "trigger ≤ {0}".
      assert.equal(groupOrderCount(group), 3);
      const copy = copyGroup(group);
      const [, second] = groupEntries(copy);
      const [moved] = entryRows(copy, [second]);
      assert.equal(triggers(), 1, 'one row built: the one taken');
      dropEntries(copy, new Set([second]));
      assert.deepEqual(
        copy.orders.map((r) => r.order.oid),
        [1, 3],
      );
      assert.deepEqual(
        group.orders.map((r) => r.order.oid),
        [1, 2, 3],
        'the original keeps its orders',
      );
      assert.equal(group.orders[1], moved, 'the row taken is the one the original shows');
      assert.equal(group.orders[0], copy.orders[0], 'rows built once, shared');
      assert.equal(triggers(), 3);
      assert.equal(groupOrderCount(copy), 2);
      const [first, , third] = groupEntries(group);
      assert.deepEqual(
        entryRows(group, [third, first]).map((r) => r.order.oid),
        [1, 3],
        'rows taken come in the group’s order',
      );
    });

    it('shows coin, side icon, size @ price and the notional in the quote', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [on('', order('BTC', 'B', '101240.0', '0.50000')), on('', order('@107', 'A', '38.512', '12.5'))],
        spotMeta: realSpotMeta(),
        t: untranslated,
      });
      const [btc] = view.groups[0].orders;
      assert.equal(btc.label, 'BTC');
      assert.equal(btc.description, '0.5 @ 101,240 · 50,620 USDC');
      assert.deepEqual(btc.icon, { id: 'arrow-up', color: 'charts.green' });
      const [hype] = view.groups[1].orders;
      assert.equal(hype.label, 'HYPE/USDC');
      assert.equal(hype.market.rawCoin, '@107');
      assert.equal(notionalOf(hype.order), '481.4');
      assert.equal(hype.description, '12.5 @ 38.512 · 481.4 USDC');
      assert.deepEqual(hype.icon, { id: 'arrow-down', color: 'charts.red' });
    });

    it('computes notionals exactly, where floats would not', () => {
      assert.equal(0.1 * 0.2 === 0.02, false); // the float trap this avoids
      assert.equal(notionalOf({ sz: '0.1', limitPx: '0.2' }), '0.02');
      assert.equal(notionalOf({ sz: '123456789.123456789', limitPx: '987654321.987654321' }), '121932631356500531.347203169112635269');
      assert.equal(notionalOf({ sz: '0.303', limitPx: '306.75' }), '92.94525');
      assert.equal(roundDecimal('92.94525', 2), '92.95');
      assert.equal(roundDecimal('0.004', 2), '0');
      assert.equal(trimDecimal('101240.0'), '101240');
      assert.equal(trimDecimal('0.000'), '0');
      assert.equal(trimDecimal('100'), '100');
      assert.equal(roundedProduct('0.303', '306.75', 2), '92.95');
      assert.equal(roundedProduct('123456789.123456789', '987654321.987654321', 2), '121,932,631,356,500,531.35');
      assert.equal(roundedProduct('0.1', '0.2', 2), '0.02');
      assert.equal(roundedProduct('0.001', '0.004', 2), '0');
      assert.equal(roundedProduct('10', '3', 2), '30');
      assert.equal(roundedProduct('0.125', '1', 2), '0.13'); // half-up
      assert.equal(roundedProduct('94906265.62425156', '1', 2), '94,906,265.62');
    });

    it('rounds products exactly, on the fast and the big-integer path alike (property)', () => {
      const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 20 })).map(([n, scale]) => {
        const text = n.toString().padStart(scale + 1, '0');
        return scale ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
      });
      fc.assert(
        fc.property(decimal, decimal, fc.nat({ max: 4 }), (a, b, digits) => {
          assert.equal(roundedProduct(a, b, digits), displayDecimal(roundDecimal(multiplyDecimals(a, b), digits)));
        }),
        { numRuns: 2000 },
      );
      // Mostly the double fast path: at most 15 digits each, as real prices and sizes are.
      const short = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.nat({ max: 15 })).map(([n, scale]) => {
        const text = n.toString().padStart(scale + 1, '0');
        const decimal = scale ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
        return decimal.replace(/^0+(?=\d)/, '').length > 16 ? '1' : decimal;
      });
      fc.assert(
        fc.property(short, short, fc.nat({ max: 8 }), (a, b, digits) => {
          assert.equal(roundedProduct(a, b, digits), displayDecimal(roundDecimal(multiplyDecimals(a, b), digits)));
        }),
        { numRuns: 5000 },
      );
    });
  });

  describe('display of decimals', () => {
    it('drops trailing zeros and groups thousands, exactly as the string says', () => {
      assert.equal(displayDecimal('101240.0'), '101,240');
      assert.equal(displayDecimal('1234567.8900'), '1,234,567.89');
      assert.equal(displayDecimal('123'), '123');
      assert.equal(displayDecimal('0.00611'), '0.00611');
      assert.equal(displayDecimal('-1234.5'), '-1,234.5');
      assert.equal(displayDecimal('100000000000000000000000.000000000000000000001'), '100,000,000,000,000,000,000,000.000000000000000000001');
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 12 }), (n, scale) => {
          const text = n.toString().padStart(scale + 1, '0');
          const decimal = scale ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
          assert.equal(displayDecimal(decimal).replace(/,/g, ''), trimDecimal(decimal));
          assert.equal(compareDecimals(displayDecimal(decimal).replace(/,/g, ''), decimal), 0);
        }),
      );
    });
  });

  describe('sorting', () => {
    it('sorts by coin, bids before asks, bids from the highest price and asks from the lowest', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', order('ETH', 'A', '3500', '1')),
          on('', order('BTC', 'A', '101300', '1')),
          on('', order('BTC', 'B', '99.5', '1')),
          on('', order('BTC', 'A', '101250.5', '1')),
          on('', order('BTC', 'B', '100000', '1')),
          on('', order('BTC', 'B', '100000.25', '1')),
          on('', order('ETH', 'B', '3400', '1')),
        ],
        t: untranslated,
      });
      const rows = view.groups[0].orders.map((o: OrderRow) => `${o.label} ${o.order.side} ${o.order.limitPx}`);
      assert.deepEqual(rows, ['BTC B 100000.25', 'BTC B 100000', 'BTC B 99.5', 'BTC A 101250.5', 'BTC A 101300', 'ETH B 3400', 'ETH A 3500']);
    });

    it('compares prices exactly, even where doubles are equal', () => {
      const decimal = fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 40n - 1n }), fc.option(fc.stringMatching(/^\d{1,40}$/), { nil: undefined }))
        .map(([w, f]) => (f === undefined ? `${w}` : `${w}.${f}`));
      const cmp = (a: string, b: string) => comparePrices(a, Number(a), b, Number(b));
      fc.assert(fc.property(decimal, decimal, (a, b) => assert.equal(cmp(a, b), compareDecimals(a, b))));
      assert.equal(Number('0.1000000000000000001'), Number('0.1')); // a double cannot tell them apart…
      assert.equal(cmp('0.1000000000000000001', '0.1'), 1); // …the comparison can
      assert.equal(cmp('10', '9.99999'), 1);
      assert.equal(cmp('1.50', '1.5'), 0);
    });
  });

  describe('what changed since the last refresh', () => {
    const a = on('', order('BTC', 'B', '100000', '0.5', { oid: 1 }));
    const b = on('', order('ETH', 'A', '3500', '2', { oid: 2 }));
    const c = on('xyz', order('xyz:NVDA', 'B', '188.45', '10', { oid: 3 }));

    it('marks nothing on the first load', () => {
      const changes = diffOrders(undefined, [a, b]);
      assert.equal(changes.added.size, 0);
      assert.equal(changes.resized.size, 0);
      assert.equal(changes.gone.length, 0);
    });

    it('finds new, gone and partially filled orders', () => {
      const filled = on('', { ...a.order, sz: '0.3' });
      const changes = diffOrders([a, b], [filled, c]);
      assert.deepEqual([...changes.added], [c]);
      assert.deepEqual([...changes.resized], [[filled, { from: '0.5', to: '0.3' }]]);
      assert.deepEqual(changes.gone, [b]);
    });

    it('does not take a differently written equal size for a fill', () => {
      const same = on('', { ...a.order, sz: '0.50' });
      assert.equal(diffOrders([a], [same]).resized.size, 0);
    });

    it('tells the same oid on two dexs apart', () => {
      const other = on('xyz', { ...a.order });
      const changes = diffOrders([a], [other]);
      assert.equal(changes.added.size, 1);
      assert.equal(changes.gone.length, 1);
    });

    it('shows the marks in the rows and lists gone orders in their own group', () => {
      const filled = on('', { ...a.order, sz: '0.3' });
      const changes = diffOrders([a, b], [filled, c]);
      const view = buildWalletView({ address: ADDR, orders: [filled, c], changes, t: untranslated });
      assert.deepEqual(
        view.groups.map((g) => g.label),
        ['Perps', 'xyz', 'Gone since last refresh (1)'],
      );
      assert.equal(view.groups[0].orders[0].description, '0.5 → 0.3 @ 100,000 · 30,000 USDC');
      assert.equal(view.groups[1].orders[0].description, '10 @ 188.45 · 1,884.5 · new'); // xyz's unit is not known here
      const gone = view.groups[2];
      assert.equal(gone.id, `group:${ADDR}:gone`);
      assert.equal(gone.contextValue, 'groupGone');
      assert.equal(gone.orders[0].id, `gone:${ADDR}:2`);
      assert.equal(gone.orders[0].contextValue, 'orderGone');
      assert.deepEqual(gone.orders[0].icon, { id: 'arrow-down', color: 'disabledForeground' });
      assert.equal(view.orderCount, 2); // gone orders are not counted as open
    });
  });

  describe('the real openOrders answers', () => {
    it('reads the 2023 openOrders capture (no origSz) into one Perps group', () => {
      const f = fixture('hyperliquid_openOrders_response_2023-03-27.json');
      const orders = toOpenOrders(validate(openOrdersResult, f.response, 'openOrders'), f.response);
      assert.ok(orders.every((o) => o.origSz === undefined));
      const view = buildWalletView({ address: ADDR, orders: orders.map((o) => on('', o)), t: untranslated });
      assert.equal(view.groups.length, 1);
      assert.equal(view.groups[0].label, 'Perps');
      assert.equal(view.orderCount, f.response.length);
      const matic = view.groups[0].orders.find((o) => o.label === 'MATIC')!;
      assert.equal(notionalOf(matic.order), '216.15059'); // 208.7 × 1.0357
      assert.equal(matic.description, '208.7 @ 1.0357 · 216.15 USDC');
      assert.deepEqual(
        matic.order.raw,
        f.response.find((o: { coin: string }) => o.coin === 'MATIC'),
      );
    });

    it('keeps origSz and reduceOnly of the frontendOpenOrders capture, and its extra fields in raw', () => {
      const f = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json');
      const orders = toOpenOrders(validate(frontendOpenOrdersResult, f.response, 'frontendOpenOrders'), f.response);
      assert.ok(orders.every((o) => o.origSz !== undefined));
      assert.equal(orders[0].origSz, '12.5');
      assert.equal(orders[0].reduceOnly, true);
      assert.equal(orders[0].raw.orderType, 'Take Profit Market');
      // The TP and the SL come alone and again as children of the limit order: shown once, under it.
      const view = buildWalletView({ address: ADDR, orders: orders.map((o) => on('', o)), t: untranslated });
      assert.equal(view.orderCount, 3, 'each order once');
      assert.equal(view.groups[0].orders.length, 1, 'one row at the top: the TP and SL are under their parent');
      const [parent] = view.groups[0].orders;
      assert.equal(parent.order.oid, 3184595905);
      assert.equal(parent.description, '12.5 @ 10 · 125 USDC');
      assert.deepEqual(
        parent.children!.map((c) => c.description),
        ['Stop Market · 12.5 · trigger ≤ 9.995 · 124.94 USDC', 'Take Profit Market · 12.5 · trigger ≥ 10.004 · 125.05 USDC'],
      );
      assert.deepEqual(
        parent.children!.map((c) => c.id),
        [`child:${ADDR}:3184595905:3184595906`, `child:${ADDR}:3184595905:3184595907`],
      );
    });

    it('reads every frontend field of the capture: type, trigger, condition, tif null, TP/SL flags', () => {
      const f = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json');
      const [tp, sl, limit] = toOpenOrders(validate(frontendOpenOrdersResult, f.response, 'frontendOpenOrders'), f.response);
      assert.deepEqual(
        {
          orderType: tp.orderType,
          isTrigger: tp.isTrigger,
          triggerPx: tp.triggerPx,
          triggerCondition: tp.triggerCondition,
          tif: tp.tif,
          isPositionTpsl: tp.isPositionTpsl,
        },
        {
          orderType: 'Take Profit Market',
          isTrigger: true,
          triggerPx: '10.004',
          triggerCondition: 'Price above 10.004',
          tif: undefined,
          isPositionTpsl: false,
        },
      );
      assert.equal(sl.orderType, 'Stop Market');
      assert.equal(limit.tif, 'Gtc');
      assert.deepEqual(
        limit.children!.map((c) => c.oid),
        [3184595906, 3184595907],
      );
      assert.equal(limit.children![0].raw, (f.response[2].children as unknown[])[0]);
    });
  });

  describe('trigger orders, TP/SL, outcomes, units, mids, fates and failed dexs', () => {
    const trig = (extra: Partial<OpenOrder>) =>
      order('BTC', 'A', '95000', '0.25', {
        orderType: 'Stop Market',
        isTrigger: true,
        triggerPx: '96000',
        triggerCondition: 'Price below 96000',
        reduceOnly: true,
        ...extra,
      });

    it('shows a stop with its type and trigger price, and a trigger limit with its limit too', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', trig({ oid: 1 })),
          on('', trig({ oid: 2, orderType: 'Take Profit Limit', triggerPx: '99000', triggerCondition: 'Price above 99000', limitPx: '99500' })),
        ],
        t: untranslated,
      });
      assert.deepEqual(
        view.groups[0].orders.map((o) => o.description),
        ['Stop Market · 0.25 · trigger ≤ 96,000 · 24,000 USDC', 'Take Profit Limit · 0.25 · trigger ≥ 99,000 → 99,500 · 24,750 USDC'],
      );
    });

    it('shows a position TP/SL (size 0) as the entire position, without a notional', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', trig({ oid: 1, sz: '0.0', isPositionTpsl: true, orderType: 'Take Profit Market', triggerPx: '3750', triggerCondition: 'Price above 3750' })),
        ],
        t: untranslated,
      });
      assert.equal(view.groups[0].orders[0].description, 'Take Profit Market · entire position · trigger ≥ 3,750');
    });

    it('says reduce only and a time in force other than Gtc where they matter', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', order('ETH', 'B', '3000', '1', { oid: 1, orderType: 'Limit', tif: 'Alo', reduceOnly: true })),
          on('', order('ETH', 'B', '2900', '1', { oid: 2, orderType: 'Limit', tif: 'Gtc' })),
        ],
        t: untranslated,
      });
      assert.deepEqual(
        view.groups[0].orders.map((o) => o.description),
        ['1 @ 3,000 · 3,000 USDC · Alo · reduce only', '1 @ 2,900 · 2,900 USDC'],
      );
    });

    it('puts outcome coins in their own group after Spot', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [
          on('', order('#1', 'B', '0.58', '150', { oid: 1 })),
          on('', order('@107', 'B', '38', '1', { oid: 2 })),
          on('', order('BTC', 'B', '1', '1', { oid: 3 })),
        ],
        t: untranslated,
      });
      assert.deepEqual(
        view.groups.map((g) => [g.label, g.groupKind, g.id]),
        [
          ['Perps', 'perps', `group:${ADDR}:`],
          ['Spot', 'spot', `group:${ADDR}:spot`],
          ['Outcomes', 'outcome', `group:${ADDR}:outcome`],
        ],
      );
      assert.equal(view.groups[2].orders[0].description, '150 @ 0.58 · 87');
    });

    it('labels each dex’s notionals in its own unit', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [on('flx', order('flx:TSLA', 'B', '435', '2', { oid: 1 }))],
        units: new Map([['flx', 'USDH']]),
        t: untranslated,
      });
      assert.equal(view.groups[0].orders[0].description, '2 @ 435 · 870 USDH');
    });

    it('adds the distance from the mid (limit price, or trigger price for triggers), only where a mid is known', () => {
      const mids = new Map([['', new Map([['BTC', '100000']])]]);
      const view = buildWalletView({
        address: ADDR,
        orders: [on('', order('BTC', 'B', '99000', '1', { oid: 1 })), on('', trig({ oid: 2 })), on('', order('ETH', 'B', '1', '1', { oid: 3 }))],
        mids,
        t: untranslated,
      });
      const byOid = new Map(view.groups[0].orders.map((o) => [o.order.oid, o]));
      assert.match(byOid.get(1)!.description, / · −1\.00% from mid$/);
      assert.match(byOid.get(2)!.description, / · −4\.00% from mid$/);
      assert.doesNotMatch(byOid.get(3)!.description, /from mid/);
      assert.equal(distanceFromMid('101', '100'), '+1.00');
      assert.equal(distanceFromMid('100', '100'), '0.00');
      assert.equal(distanceFromMid('1', '0'), undefined);
      assert.equal(distanceFromMid('1', 'junk'), undefined);
    });

    it('says what became of gone orders: filled, cancelled, triggered, rejected, with the reason', () => {
      const gone = [1, 2, 3, 4, 5].map((oid) => on('', order('BTC', 'B', String(100 + oid), '1', { oid })));
      const changes = diffOrders(gone, []);
      // Order 5 was not looked up (or not answered): no word rather than a guess.
      const fates = new Map(['filled', 'canceled', 'triggered', 'rejected'].map((status, i) => [i + 1, { status, at: 1 }]));
      const view = buildWalletView({ address: ADDR, orders: [], changes, fates, t: untranslated });
      const rows = view.groups[0].orders;
      assert.deepEqual(
        rows.map((r) => r.description.split(' · ').slice(2).join(' · ')),
        ['', 'rejected', 'triggered', 'cancelled', 'filled'], // bids high → low: oids 5, 4, 3, 2, 1
      );
      assert.equal(fateText('marginCanceled', untranslated), 'cancelled: not enough margin');
      assert.equal(fateText('someNewReason', untranslated), 'someNewReason');
    });

    it('gives a failed dex its group with the error, even without orders', () => {
      const view = buildWalletView({
        address: ADDR,
        orders: [on('', order('BTC', 'B', '1', '1', { oid: 1 }))],
        dexErrors: new Map([['outage', 'The provider had a server error (HTTP 500).']]),
        t: untranslated,
      });
      const failed = view.groups.find((g) => g.dex === 'outage')!;
      assert.equal(failed.error, 'The provider had a server error (HTTP 500).');
      assert.equal(failed.orders.length, 0);
      assert.equal(view.groups[0].error, undefined);
    });
  });
});
