/** The account rows: positions with their TP/SL, the account per dex, spot balances, and what changed since the last refresh. */
import * as assert from 'node:assert/strict';
import type { OpenOrder, PerpAccount, PerpPosition, SpotBalance } from '../../src/core/model';
import { diffPositions, isStopLoss, positionKey, type AccountSnapshot } from '../../src/account/accountViewModel';
import { buildAccountView } from '../../src/orders/walletAccountView';
import { buildWalletView, type WalletOrder } from '../../src/orders/ordersViewModel';
import { untranslated as t } from '../../src/view/format';
import { btcPosition } from '../support/accounts';

const ADDRESS = '0x3217cce5d8c320717e50df51e36008fef107018c';

const position = btcPosition;

const account = (positions: PerpPosition[], over: Partial<PerpAccount> = {}): PerpAccount => ({
  positions,
  accountValue: '25000.5',
  totalMarginUsed: '5062.0',
  totalNtlPos: '50620.0',
  withdrawable: '19938.5',
  ...over,
});

let oid = 1;
const order = (over: Partial<OpenOrder>): OpenOrder => ({
  coin: 'BTC',
  limitPx: '100000.0',
  oid: oid++,
  side: 'B',
  sz: '0.1',
  timestamp: 1_700_000_000_000,
  raw: {},
  ...over,
});
const stop = (over: Partial<OpenOrder> = {}) =>
  order({
    side: 'A',
    sz: '0.25',
    limitPx: '95000.0',
    reduceOnly: true,
    isTrigger: true,
    triggerPx: '96000.0',
    orderType: 'Stop Market',
    triggerCondition: 'Price below 96000',
    ...over,
  });

function view(orders: WalletOrder[], snapshot: AccountSnapshot, more: Partial<Parameters<typeof buildAccountView>[0]> = {}) {
  const w = buildWalletView({ address: ADDRESS, orders, t });
  return buildAccountView({ address: ADDRESS, view: w, account: snapshot, rich: true, units: new Map([['flx', 'USDH']]), t, ...more });
}

const rowsOf = (v: ReturnType<typeof view>, dex = '') => v.dexs.get(dex)!.positions;

describe('account view', () => {
  it('shows a position with size, entry, mark, PnL, leverage, liquidation and its distance, each figure with its unit', () => {
    const v = view([], { perps: new Map([['', account([position()])]]) });
    const [btc] = rowsOf(v);
    assert.equal(btc!.label, 'BTC');
    assert.equal(
      btc!.description,
      'Long 0.5 BTC · entry 98,500 · mark 101,240 USDC · PnL +1,370.00 USDC (ROE +27.82%) · 10× cross · liq 88,120.4 USDC (12.96% away) · no stop-loss',
    );
    assert.equal(btc!.id, `position:${ADDRESS}::BTC`);
    assert.equal(v.dexs.get('')!.account!.description, 'value 25,000.50 USDC · margin used 5,062.00 USDC · withdrawable 19,938.50 USDC');
    assert.equal(v.positionCount, 1);
    const perps = v.groups.find((g) => g.groupKind === 'perps' && g.dex === '')!;
    assert.equal(perps.description, '1 position · 0 orders');
  });

  it('moves a position’s stop and reduce-only orders under it, still counted among the dex’s orders, and says how much the stop covers', () => {
    const sl = stop();
    const reduce = order({ side: 'A', sz: '0.1', limitPx: '110000.0', reduceOnly: true });
    const entry = order({ side: 'B', sz: '0.2', limitPx: '95000.0' }); // adds to the long: stays with the orders
    const otherCoin = stop({ coin: 'ETH' });
    const v = view(
      [sl, reduce, entry, otherCoin].map((o) => ({ dex: '', order: o })),
      { perps: new Map([['', account([position()])]]) },
    );
    const [btc] = rowsOf(v);
    assert.deepEqual(btc!.orders.map((r) => r.order.oid).sort(), [sl.oid, reduce.oid].sort());
    assert.equal(btc!.protection, 'stop');
    assert.match(btc!.description, / · SL 96,000 for 0\.25 of 0\.5$/);
    const group = v.groups.find((g) => g.groupKind === 'perps' && g.dex === '')!;
    assert.deepEqual(group.orders.map((r) => r.order.oid).sort(), [entry.oid, otherCoin.oid].sort());
    assert.equal(group.description, '1 position · 4 orders', 'moved orders are still counted');
  });

  it('says “no stop-loss” for a position with only a take profit, and nothing about stops when the provider lists no triggers', () => {
    const tp = order({
      coin: 'ETH',
      side: 'A',
      sz: '0.0',
      isPositionTpsl: true,
      reduceOnly: true,
      isTrigger: true,
      triggerPx: '3750.0',
      orderType: 'Take Profit Market',
    });
    const eth = position({ coin: 'ETH', szi: '4.0', entryPx: '3310.5', positionValue: '13650.0', liquidationPx: null as never });
    eth.liquidationPx = undefined;
    const v = view([{ dex: '', order: tp }], { perps: new Map([['', account([eth])]]) });
    assert.match(rowsOf(v)[0]!.description, / · no liquidation price · TP 3,750 · no stop-loss$/);
    assert.equal(rowsOf(v)[0]!.protection, 'none');
    const plain = view([], { perps: new Map([['', account([position()])]]) }, { rich: false });
    assert.equal(rowsOf(plain)[0]!.protection, 'unknown');
    assert.doesNotMatch(rowsOf(plain)[0]!.description, /stop/);
  });

  it('takes a whole-position stop as covering all of it, and tells a stop from a take profit by its trigger when untyped', () => {
    const whole = stop({ sz: '0.0', isPositionTpsl: true, orderType: undefined, triggerPx: '90000.0' });
    assert.match(rowsOf(view([{ dex: '', order: whole }], { perps: new Map([['', account([position()])]]) }))[0]!.description, / · SL 90,000$/);
    const long = position();
    const short = position({ szi: '-0.5' });
    const below = order({ isTrigger: true, triggerPx: '90000.0' });
    const above = order({ isTrigger: true, triggerPx: '110000.0' });
    assert.equal(isStopLoss(below, long), true);
    assert.equal(isStopLoss(above, long), false);
    assert.equal(isStopLoss(above, short), true);
    assert.equal(isStopLoss(below, short), false);
  });

  it('shows a dex with positions but no orders in its unit, in dex order, and a near-liquidation position with a warning', () => {
    const tsla = position({
      coin: 'flx:TSLA',
      szi: '20',
      entryPx: '445.1',
      positionValue: '8702.4',
      unrealizedPnl: '-199.6',
      returnOnEquity: '-0.4484',
      liquidationPx: '428.9',
      leverage: { type: 'cross', value: 20 },
      marginUsed: '435.12',
    });
    const v = view([], {
      perps: new Map([
        ['flx', account([tsla], { accountValue: '640.2' })],
        ['', account([position()])],
      ]),
    });
    assert.deepEqual(
      v.groups.map((g) => g.label),
      ['Perps', 'flx'],
    );
    const [row] = rowsOf(v, 'flx');
    assert.equal(row!.label, 'TSLA');
    assert.match(
      row!.description,
      /^Long 20 TSLA · entry 445.1 · mark 435.12 USDH · PnL −199.60 USDH \(ROE −44.84%\) · 20× cross · liq 428.9 USDH \(1.43% away: near liquidation\)/,
    );
    assert.deepEqual(row!.icon, { id: 'warning', color: 'list.warningForeground' });
    assert.match(v.dexs.get('flx')!.account!.description, /^value 640.20 USDH/);
  });

  it('lists spot balances with what is on hold, naming @N tokens from spotMeta, in their own group after spot orders', () => {
    const spot: SpotBalance[] = [
      { coin: 'USDC', token: 0, total: '10500.25', hold: '0.0' },
      { coin: 'HYPE', token: 150, total: '1250.5', hold: '40.0' },
      { coin: '@268', token: 268, total: '5.0', hold: '0.0' },
      { coin: 'PURR', token: 1, total: '0.0', hold: '0.0' },
    ];
    const spotMeta = { tokens: [{ name: 'USDT0', index: 268 }], pairsByIndex: new Map(), pairsByName: new Map() };
    const v = view([{ dex: '', order: order({ coin: '@107' }) }], { perps: new Map(), spot }, { spotMeta });
    assert.deepEqual(
      v.balances.map((b) => [b.label, b.description]),
      [
        ['HYPE', '1,250.5 HYPE · 40 HYPE on hold'],
        ['USDC', '10,500.25 USDC'],
        ['USDT0', '5 USDT0'],
      ],
    );
    assert.deepEqual(
      v.groups.map((g) => `${g.label} ${g.description}`),
      ['Spot 1 order', 'Spot balances 3 tokens'],
    );
  });

  it('shows an outcome share (no token) as such, and negative balances with their sign', () => {
    const spot: SpotBalance[] = [
      { coin: 'USDC', token: 0, total: '-1523.75', hold: '0.0', entryNtl: '-0.5' },
      { coin: '+1230', total: '25.0', hold: '5.0' },
      { coin: 'o42', total: '3', hold: '0' },
    ];
    const v = view([], { perps: new Map(), spot });
    assert.deepEqual(
      v.balances.map((b) => [b.label, b.description]),
      [
        ['+1230', 'outcome share · 25 · 5 on hold'],
        ['o42', 'outcome share · 3'],
        ['USDC', '−1,523.75 USDC'],
      ],
    );
    assert.equal(new Set(v.balances.map((b) => b.id)).size, 3, 'a balance without a token still has its own id');
    const share = v.balances[0]!.tooltip();
    assert.equal(share.title, 'Outcome share: +1230');
    assert.deepEqual(share.lines[0], ['Token', '+1230 (an outcome market’s share: no token index)']);
    const usdc = v.balances[2]!.tooltip();
    assert.deepEqual(usdc.lines[1], ['Total', '−1,523.75 USDC']);
    assert.match(usdc.note ?? '', /portfolio margin/);
    assert.equal(v.groups.find((g) => g.groupKind === 'balances')!.description, '3 tokens');
  });

  it('shows a row for each item that could not be read, saying why, beside the ones that could', () => {
    const v = view(
      [],
      {
        perps: new Map([
          ['', { ...account([position()]), unreadable: [{ index: 1, coin: 'ETH', problem: 'position.szi: expected a signed decimal number as a string' }] }],
        ]),
        spot: [{ coin: 'HYPE', token: 150, total: '2', hold: '0' }],
        spotUnreadable: [{ index: 0, problem: 'coin: Invalid key: Expected "coin"' }],
      },
      {},
    );
    assert.deepEqual(
      v.dexs.get('')!.unreadable.map((r) => [r.label, r.description]),
      [['ETH', 'this position could not be read: position.szi: expected a signed decimal number as a string']],
    );
    assert.equal(v.dexs.get('')!.positions.length, 1, 'the readable position is shown');
    assert.deepEqual(
      v.unreadableBalances.map((r) => [r.label, r.description]),
      [['Balance 1', 'this balance could not be read: coin: Invalid key: Expected "coin"']],
    );
    assert.deepEqual(v.unreadableBalances[0]!.tooltip().lines[0], ['Place in the answer', 'balances.0']);
    const balances = v.groups.find((g) => g.groupKind === 'balances')!;
    assert.equal(balances.description, '1 token · 1 could not be read');
    assert.match(v.groups.find((g) => g.groupKind === 'perps')!.description, /1 could not be read$/);
  });

  it('keeps a failed part apart: an error on its dex or on the balances, the rest shown', () => {
    const v = view([], { perps: new Map([['', account([position()])]]) }, { dexErrors: new Map([['xyz', 'server error (HTTP 500)']]), spotError: 'timed out' });
    assert.equal(v.dexs.get('xyz')!.error, 'server error (HTTP 500)');
    assert.equal(v.dexs.get('')!.positions.length, 1);
    const balances = v.groups.find((g) => g.groupKind === 'balances')!;
    assert.equal(balances.error, 'timed out');
    assert.ok(v.groups.some((g) => g.groupKind === 'perps' && g.dex === 'xyz'));
  });

  it('marks what changed since the last refresh: opened, closed, flipped, grown, reduced', () => {
    const before: AccountSnapshot = {
      perps: new Map([
        ['', account([position(), position({ coin: 'ETH', szi: '4.0' }), position({ coin: 'SOL', szi: '10' }), position({ coin: 'HYPE', szi: '-300' })])],
        ['xyz', account([position({ coin: 'xyz:XYZ100', szi: '-2.0' })])],
      ]),
    };
    const after: AccountSnapshot = {
      perps: new Map([
        [
          '',
          account([
            position({ szi: '0.8' }),
            position({ coin: 'ETH', szi: '-1.5' }),
            position({ coin: 'SOL', szi: '4' }),
            position({ coin: 'DOGE', szi: '1000' }),
          ]),
        ],
        ['xyz', account([])],
      ]),
    };
    const changes = diffPositions(before, after, new Set(['', 'xyz']));
    assert.deepEqual(changes.changed.get(positionKey('', 'BTC')), { kind: 'grown', from: '0.5' });
    assert.deepEqual(changes.changed.get(positionKey('', 'ETH')), { kind: 'flipped', from: '4.0' });
    assert.deepEqual(changes.changed.get(positionKey('', 'SOL')), { kind: 'reduced', from: '10' });
    assert.deepEqual(changes.changed.get(positionKey('', 'DOGE')), { kind: 'opened' });
    assert.deepEqual(
      changes.closed.map((c) => `${c.dex}:${c.position.coin}`),
      [':HYPE', 'xyz:xyz:XYZ100'],
    );
    const v = view([], after, { changes });
    const texts = [...v.dexs.values()].flatMap((d) => d.positions.map((r) => `${r.label} ${r.description}`));
    assert.ok(
      texts.some((x) => /^BTC Long 0\.5 → 0\.8 BTC · .* · grown$/.test(x)),
      texts.join('\n'),
    );
    assert.ok(
      texts.some((x) => /^ETH Long 4 → short 1\.5 ETH · .* · flipped$/.test(x)),
      texts.join('\n'),
    );
    assert.ok(texts.some((x) => /^SOL Long 10 → 4 SOL · .* · reduced$/.test(x)));
    assert.ok(texts.some((x) => /^DOGE Long 1,000 DOGE · .* · opened$/.test(x)));
    assert.ok(texts.some((x) => x === 'HYPE closed since the last refresh · was short 300 HYPE · entry 98,500'));
    assert.ok(texts.some((x) => x === 'XYZ100 closed since the last refresh · was short 2 XYZ100 · entry 98,500'));
    // No marks on a first load, nor for a dex that did not answer this time.
    assert.equal(diffPositions(undefined, after, new Set([''])).changed.size, 0);
    assert.equal(diffPositions(before, after, new Set(['xyz'])).changed.size, 0);
  });

  it('gives every row an id unique in the wallet, also for coins that look alike on two dexs', () => {
    const v = view([], {
      perps: new Map([
        ['', account([position({ coin: 'NVDA' })])],
        ['xyz', account([position({ coin: 'xyz:NVDA' })])],
      ]),
    });
    const ids = [...v.dexs.values()].flatMap((d) => [d.account!.id, ...d.positions.map((p) => p.id)]);
    assert.equal(new Set(ids).size, ids.length);
  });
});
