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
  toSpotState,
  toUserRole,
  userRoleResult,
  validate,
} from '../../src/core/infoSchemas';
import { fixture } from '../support/fixtures';
import { BTC_POSITION_FIELDS } from '../support/accounts';

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

/** Why the one position of `json` could not be read, as `assetPositions.<index>.<path>: <message>` (it must be the only one, and not shown). */
const unreadable = (json: unknown) => {
  const a = account(json);
  assert.equal(a.positions.length, 0, 'an unreadable position is not shown');
  assert.equal(a.unreadable?.length, 1, 'one unreadable position');
  const u = a.unreadable[0]!;
  return `assetPositions.${u.index}.${u.problem}`;
};

/** A position as today's API sends it (nktkas/hyperliquid's live-tested type), for the fields the 2023 capture lacks. */
function position(over: Record<string, unknown> = {}): Json {
  return {
    type: 'oneWay',
    position: {
      ...BTC_POSITION_FIELDS,
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

  it('leaves out a position missing any field it needs, naming the field, and shows the others', () => {
    for (const field of ['coin', 'szi', 'entryPx', 'positionValue', 'unrealizedPnl', 'returnOnEquity', 'liquidationPx', 'leverage', 'marginUsed']) {
      const p = position();
      delete p.position[field];
      assert.match(unreadable(state([p])), new RegExp(`assetPositions\\.0\\.position\\.${field}: `), field);
      // The neighbours stay: one bad item costs only itself.
      const mixed = account(state([position({ coin: 'ETH' }), p, position({ coin: 'SOL' })]));
      assert.deepEqual(
        mixed.positions.map((x) => x.coin),
        ['ETH', 'SOL'],
        field,
      );
      assert.equal(mixed.unreadable?.[0]?.index, 1, field);
      assert.equal(mixed.unreadable?.[0]?.coin, field === 'coin' ? undefined : 'BTC', field);
    }
    // A missing liquidation price must never read as "no liquidation price".
    const p = position();
    delete p.position.liquidationPx;
    assert.match(unreadable(state([p])), /liquidationPx/);
  });

  it('leaves out a position with negative amounts that cannot be negative, or numbers that are not decimal strings', () => {
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
      assert.match(unreadable(state([position({ [field]: value })])), new RegExp(`position\\.${field}: `), `${field}=${String(value)}`);
    }
    assert.match(unreadable(state([position({ leverage: { type: 'cross', value: -2 } })])), /leverage\.value/);
    assert.match(unreadable(state([position({ leverage: { type: 'hedged', value: 2 } })])), /leverage\.type/);
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
  const spot = (json: unknown) => toSpotState(validate(spotClearinghouseStateResult, json, 'spotClearinghouseState'));
  const balances = (json: unknown) => spot(json).balances;
  /** Why the one balance of `json` could not be read, as `balances.<index>.<path>: <message>`. */
  const unreadable = (json: unknown) => {
    const s = spot(json);
    assert.equal(s.balances.length, 0, 'an unreadable balance is not shown');
    assert.equal(s.unreadable.length, 1);
    return `balances.${s.unreadable[0]!.index}.${s.unreadable[0]!.problem}`;
  };

  it('reads token, total and what is on hold', () => {
    assert.deepEqual(balances({ balances: [balance(), balance({ coin: 'USDC', token: 0, total: '10.0', hold: '0.0', entryNtl: undefined })] }), [
      { coin: 'HYPE', token: 150, total: '1250.5', hold: '40.0', entryNtl: '45000.0' },
      { coin: 'USDC', token: 0, total: '10.0', hold: '0.0', entryNtl: undefined },
    ]);
    assert.deepEqual(spot({ balances: [] }), { balances: [], unreadable: [] });
  });

  it('reads an outcome share without a token, and negative amounts under portfolio margin, with their sign', () => {
    // nktkas/hyperliquid's spotClearinghouseState: outcome balances (`+N`, `oN`) carry no `token`; under
    // portfolio margin total, hold and entryNtl can be below zero.
    const s = spot({
      balances: [
        { coin: '+1230', total: '25.0', hold: '0.0', entryNtl: '12.5' },
        balance({ coin: 'USDC', token: 0, total: '-1523.75', hold: '-10.0', entryNtl: '-0.5' }),
      ],
    });
    assert.deepEqual(s.unreadable, []);
    assert.deepEqual(s.balances, [
      { coin: '+1230', total: '25.0', hold: '0.0', entryNtl: '12.5' },
      { coin: 'USDC', token: 0, total: '-1523.75', hold: '-10.0', entryNtl: '-0.5' },
    ]);
    assert.ok(!('token' in s.balances[0]!), 'no token is invented for an outcome share');
  });

  it('leaves out a balance it cannot read, saying where and why, and keeps its neighbours', () => {
    for (const field of ['coin', 'total', 'hold']) {
      const b: Json = balance();
      delete b[field];
      assert.match(unreadable({ balances: [b] }), new RegExp(`balances\\.0\\.${field}: `), field);
    }
    assert.match(unreadable({ balances: [balance({ total: '1e3' })] }), /balances\.0\.total: expected a signed decimal/);
    assert.match(unreadable({ balances: [balance({ hold: -0.5 })] }), /balances\.0\.hold/);
    assert.match(unreadable({ balances: [balance({ token: -1 })] }), /balances\.0\.token/);
    assert.match(unreadable({ balances: [balance({ token: 1.5 })] }), /balances\.0\.token/);
    assert.match(unreadable({ balances: ['HYPE'] }), /balances\.0\./);
    const s = spot({ balances: [balance({ coin: 'USDC', token: 0 }), balance({ total: 'lots' }), balance({ coin: 'PURR', token: 1 })] });
    assert.deepEqual(
      s.balances.map((b) => b.coin),
      ['USDC', 'PURR'],
    );
    assert.deepEqual(s.unreadable, [{ index: 1, coin: 'HYPE', problem: 'total: expected a signed decimal number as a string' }]);
  });

  it('refuses an answer without a list of balances, and more balances than tokens exist', () => {
    assert.match(refusal({}, spotClearinghouseStateResult), /^answer: balances: /);
    assert.match(refusal({ balances: 'none' }, spotClearinghouseStateResult), /^answer: balances: /);
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
