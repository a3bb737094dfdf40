/**
 * The account's answers (`clearinghouseState`, `spotClearinghouseState`, `userRole`): a real capture is
 * read as sent, and every shape that cannot be shown truthfully is refused with the field it is about.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  clearinghouseStateResult,
  InvalidShapeError,
  MAX_POSITIONS,
  MAX_SPOT_BALANCES,
  spotClearinghouseStateResult,
  toPerpAccount,
  toSpotBalances,
  toUserRole,
  userRoleResult,
  validate,
} from '../../src/core/infoSchemas';
import { fixture } from '../support/fixtures';

type Json = any;

const capture = () => structuredClone(fixture('hyperliquid_clearinghouseState_response_2023-03-27.json').response) as Json;
const account = (json: unknown) => toPerpAccount(validate(clearinghouseStateResult, json, 'clearinghouseState'), json);
const refusal = (json: unknown, schema: Parameters<typeof validate>[0] = clearinghouseStateResult) => {
  try {
    validate(schema, json, 'answer');
  } catch (e) {
    assert.ok(e instanceof InvalidShapeError);
    return e.message;
  }
  assert.fail('accepted');
};

/** A position as today's API sends it (nktkas/hyperliquid's live-tested type), for the fields the 2023 capture lacks. */
function position(over: Record<string, unknown> = {}): Json {
  return {
    type: 'oneWay',
    position: {
      coin: 'BTC',
      szi: '0.5',
      entryPx: '98500.0',
      positionValue: '50620.0',
      unrealizedPnl: '1370.0',
      returnOnEquity: '0.27817',
      liquidationPx: '88120.4',
      leverage: { type: 'cross', value: 10 },
      marginUsed: '5062.0',
      maxLeverage: 40,
      cumFunding: { allTime: '12.5', sinceOpen: '3.25', sinceChange: '-0.5' },
      ...over,
    },
  };
}

function state(positions: Json[]): Json {
  const summary = { accountValue: '10000.0', totalNtlPos: '50620.0', totalRawUsd: '-40620.0', totalMarginUsed: '5062.0' };
  return {
    assetPositions: positions,
    marginSummary: summary,
    crossMarginSummary: summary,
    crossMaintenanceMarginUsed: '1265.5',
    withdrawable: '4938.0',
    time: 1_764_000_000_000,
  };
}

describe('account answers: clearinghouseState', () => {
  it('reads the real 2023 capture: 12 positions, longs and shorts, liquidation prices where there are any', () => {
    const a = account(capture());
    assert.equal(a.positions.length, 12);
    assert.equal(a.accountValue, '1182.312496');
    assert.equal(a.totalMarginUsed, '171.740766');
    assert.equal(a.withdrawable, '1010.57173');
    const btc = a.positions[0]!;
    assert.deepEqual(
      [btc.coin, btc.szi, btc.entryPx, btc.positionValue, btc.liquidationPx, btc.leverage],
      ['BTC', '-0.00785', '26951.0', '211.64542', '173198.69592357', { type: 'cross', value: 20 }],
    );
    // `liquidationPx: null` is a position without a liquidation price, not a missing field.
    const eth = a.positions[1]!;
    assert.equal(eth.liquidationPx, undefined);
    assert.equal(a.positions.filter((p) => p.liquidationPx === undefined).length, 7);
    // Older answers carry no funding: none is made up.
    assert.equal(btc.cumFunding, undefined);
    assert.equal(btc.raw.maxTradeSzs !== undefined, true, 'the untouched item is kept for Copy as JSON');
  });

  it('reads today’s fields: funding, max leverage, isolated margin, the maintenance margin and the time', () => {
    const a = account(state([position(), position({ coin: 'HYPE', szi: '-300.0', leverage: { type: 'isolated', value: 5, rawUsd: '13200.5' } })]));
    assert.deepEqual(a.positions[0]!.cumFunding, { allTime: '12.5', sinceOpen: '3.25', sinceChange: '-0.5' });
    assert.equal(a.positions[0]!.maxLeverage, 40);
    assert.deepEqual(a.positions[1]!.leverage, { type: 'isolated', value: 5, rawUsd: '13200.5' });
    assert.equal(a.crossMaintenanceMarginUsed, '1265.5');
    assert.equal(a.time, 1_764_000_000_000);
  });

  it('takes a short (negative size) and leaves out a position of size zero', () => {
    const a = account(state([position({ szi: '-0.5' }), position({ coin: 'ETH', szi: '0.0' }), position({ coin: 'SOL', szi: '-0' })]));
    assert.deepEqual(
      a.positions.map((p) => [p.coin, p.szi]),
      [['BTC', '-0.5']],
    );
  });

  it('refuses a position missing any field it needs, naming the field', () => {
    for (const field of ['coin', 'szi', 'entryPx', 'positionValue', 'unrealizedPnl', 'returnOnEquity', 'liquidationPx', 'leverage', 'marginUsed']) {
      const p = position();
      delete p.position[field];
      assert.match(refusal(state([p])), new RegExp(`assetPositions\\.0\\.position\\.${field}: `), field);
    }
    // A missing liquidation price must never read as "no liquidation price".
    const p = position();
    delete p.position.liquidationPx;
    assert.match(refusal(state([p])), /liquidationPx/);
  });

  it('refuses negative amounts that cannot be negative, and numbers that are not decimal strings', () => {
    for (const [field, value] of [
      ['positionValue', '-1.0'],
      ['entryPx', '-98500.0'],
      ['marginUsed', '-5.0'],
      ['liquidationPx', '-1.0'],
      ['szi', 0.5],
      ['szi', '5e-1'],
      ['szi', ''],
      ['unrealizedPnl', 'NaN'],
      ['returnOnEquity', null],
    ] as const) {
      assert.match(refusal(state([position({ [field]: value })])), new RegExp(`position\\.${field}: `), `${field}=${String(value)}`);
    }
    assert.match(refusal(state([position({ leverage: { type: 'cross', value: -2 } })])), /leverage\.value/);
    assert.match(refusal(state([position({ leverage: { type: 'hedged', value: 2 } })])), /leverage\.type/);
    assert.match(refusal({ ...state([]), withdrawable: '-1' }), /withdrawable/);
  });

  it('refuses missing summaries, the same coin twice, and more positions than any dex lists', () => {
    for (const field of ['assetPositions', 'marginSummary', 'withdrawable']) {
      const s = state([position()]);
      delete s[field];
      assert.match(refusal(s), new RegExp(`^answer: ${field}: `), field);
    }
    const s = state([position()]);
    delete s.marginSummary.accountValue;
    assert.match(refusal(s), /marginSummary\.accountValue/);
    assert.match(refusal(state([position(), position()])), /assetPositions: the same coin twice/);
    const many = Array.from({ length: MAX_POSITIONS + 1 }, (_, i) => position({ coin: `C${i}` }));
    assert.match(refusal(state(many)), /assetPositions: more than 2,000 positions/);
    assert.equal(account(state(many.slice(0, MAX_POSITIONS))).positions.length, MAX_POSITIONS);
  });

  it('takes an account under water (negative value) and unknown extra fields', () => {
    const s = state([position({ somethingNew: [1, 2] })]);
    s.marginSummary.accountValue = '-12.5';
    s.anotherNewField = { x: 1 };
    assert.equal(account(s).accountValue, '-12.5');
  });

  it('whatever the JSON, either refuses it or gives positions with non-zero signed sizes', () => {
    const anyPosition = fc.record({
      coin: fc.oneof(fc.string(), fc.constant('BTC')),
      szi: fc.oneof(fc.string(), fc.constantFrom('0', '-0.0', '1.5', '-2', '0.00000001')),
      entryPx: fc.oneof(fc.string(), fc.constant('1.0')),
      positionValue: fc.constant('1.0'),
      unrealizedPnl: fc.constant('-1.0'),
      returnOnEquity: fc.constant('0.1'),
      liquidationPx: fc.oneof(fc.constant(null), fc.constant('2.0'), fc.anything()),
      leverage: fc.constant({ type: 'cross', value: 3 }),
      marginUsed: fc.constant('1.0'),
    });
    fc.assert(
      fc.property(fc.array(anyPosition, { maxLength: 5 }), (ps) => {
        const json = state(ps.map((p) => ({ type: 'oneWay', position: p })));
        let a;
        try {
          a = account(json);
        } catch (e) {
          assert.ok(e instanceof InvalidShapeError);
          return;
        }
        for (const p of a.positions) {
          assert.match(p.szi, /^-?\d+(\.\d+)?$/);
          assert.doesNotMatch(p.szi, /^-?0+(\.0+)?$/);
        }
      }),
    );
  });
});

describe('account answers: spotClearinghouseState', () => {
  const balance = (over: Record<string, unknown> = {}) => ({ coin: 'HYPE', token: 150, total: '1250.5', hold: '40.0', entryNtl: '45000.0', ...over });
  const balances = (json: unknown) => toSpotBalances(validate(spotClearinghouseStateResult, json, 'spotClearinghouseState'));

  it('reads token, total and what is on hold', () => {
    assert.deepEqual(balances({ balances: [balance(), balance({ coin: 'USDC', token: 0, total: '10.0', hold: '0.0', entryNtl: undefined })] }), [
      { coin: 'HYPE', token: 150, total: '1250.5', hold: '40.0', entryNtl: '45000.0' },
      { coin: 'USDC', token: 0, total: '10.0', hold: '0.0', entryNtl: undefined },
    ]);
    assert.deepEqual(balances({ balances: [] }), []);
  });

  it('refuses missing fields, negative balances, a token that is no index, and more balances than tokens exist', () => {
    for (const field of ['coin', 'token', 'total', 'hold']) {
      const b: Json = balance();
      delete b[field];
      assert.match(refusal({ balances: [b] }, spotClearinghouseStateResult), new RegExp(`balances\\.0\\.${field}: `), field);
    }
    assert.match(refusal({ balances: [balance({ total: '-1.0' })] }, spotClearinghouseStateResult), /balances\.0\.total/);
    assert.match(refusal({ balances: [balance({ hold: '-0.5' })] }, spotClearinghouseStateResult), /balances\.0\.hold/);
    assert.match(refusal({ balances: [balance({ token: -1 })] }, spotClearinghouseStateResult), /balances\.0\.token/);
    assert.match(refusal({ balances: [balance({ token: 1.5 })] }, spotClearinghouseStateResult), /balances\.0\.token/);
    assert.match(refusal({}, spotClearinghouseStateResult), /^answer: balances: /);
    const many = Array.from({ length: MAX_SPOT_BALANCES + 1 }, (_, i) => balance({ token: i }));
    assert.match(refusal({ balances: many }, spotClearinghouseStateResult), /more than 5,000 balances/);
  });
});

describe('account answers: userRole', () => {
  const role = (json: unknown) => toUserRole(validate(userRoleResult, json, 'userRole'));
  const MASTER = '0x3217CCE5D8C320717E50DF51E36008FEF107018C';

  it('reads the real vault answer, and the agent and sub-account shapes with their master (lowercased)', () => {
    assert.deepEqual(role(fixture('hyperliquid_userRole_vault_response_2025-08-22.json').response), { role: 'vault' });
    assert.deepEqual(role({ role: 'user' }), { role: 'user' });
    assert.deepEqual(role({ role: 'missing' }), { role: 'missing' });
    assert.deepEqual(role({ role: 'agent', data: { user: MASTER } }), { role: 'agent', master: MASTER.toLowerCase() });
    assert.deepEqual(role({ role: 'subAccount', data: { master: MASTER } }), { role: 'subAccount', master: MASTER.toLowerCase() });
  });

  it('refuses an agent without its master, a master that is no address, and roles it does not know', () => {
    assert.match(refusal({ role: 'agent' }, userRoleResult), /data/);
    assert.match(refusal({ role: 'agent', data: { master: MASTER } }, userRoleResult), /data\.user/);
    assert.match(refusal({ role: 'subAccount', data: { master: '0x1234' } }, userRoleResult), /data\.master: expected an address/);
    assert.match(refusal({ role: 'admin' }, userRoleResult), /role/);
    assert.match(refusal({}, userRoleResult), /role/);
    assert.match(refusal([], userRoleResult), /^answer: /);
  });
});
