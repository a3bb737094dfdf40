// The history schemas: the fills fast path accepts exactly what the schema accepts, and the ledger's
// kinds read into one shape with their direction (nktkas/hyperliquid's answer shapes).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as v from 'valibot';
import { isFillItem, readFills, toFills, toLedgerUpdates, userFillsResult, userNonFundingLedgerUpdatesResult, validateFills } from '../../src/core/infoSchemas';
import { demoHistory } from '../../src/demo/history';
import { DEMO_WALLETS } from '../../src/demo/demoNode';

const MAKER = DEMO_WALLETS[0]!.address;
const OTHER = '0x' + 'b2'.repeat(20);
const HASH = '0x' + '1f'.repeat(32);
const FIELDS = [
  'coin',
  'px',
  'sz',
  'side',
  'time',
  'startPosition',
  'dir',
  'closedPnl',
  'hash',
  'oid',
  'crossed',
  'fee',
  'builderFee',
  'tid',
  'feeToken',
  'twapId',
];
const schemaSays = (f: unknown) => v.safeParse(userFillsResult, [f]).success;

const edgy = fc.oneof(
  fc.constantFrom('', '0', '-0.5', '1.', '.5', '1e5', '-', '12.345', 'A', 'B', 'C', HASH, HASH.slice(0, 40), 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(201)),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.NaN, null, true, false, [], {}),
  fc.string(),
);

describe('history schemas', () => {
  const fills = demoHistory(MAKER, 1_780_000_000_000).fills.slice(0, 50) as unknown as Record<string, unknown>[];

  it('the fills fast path accepts the demo fills, and agrees with the schema on any one field changed or removed (property)', () => {
    for (const f of fills) assert.ok(isFillItem(f) && schemaSays(f));
    fc.assert(
      fc.property(fc.nat(fills.length - 1), fc.constantFrom(...FIELDS), edgy, fc.boolean(), (i, field, value, remove) => {
        const f = structuredClone(fills[i]!);
        if (remove) delete f[field];
        else f[field] = value;
        assert.equal(isFillItem(f), schemaSays(f), `${field} = ${JSON.stringify(value)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an answer of more than 2,000 fills, and says what is wrong in the schema’s words', () => {
    assert.throws(() =>
      validateFills(
        Array.from({ length: 2001 }, () => fills[0]),
        'userFills',
      ),
    );
    assert.throws(() => validateFills([{ ...fills[0], px: '1e5' }], 'userFills'), /px/);
  });

  it('reading fills in one walk gives what validating then reading gives, and refuses what the schema refuses', () => {
    const withExtras = fills.map((f, i) => ({ ...f, extra: '<b>x</b>', ...(i % 2 ? { builderFee: '0.1', twapId: 7 } : {}) }));
    const read = readFills(withExtras, 'userFills');
    assert.deepEqual(read, toFills(validateFills(withExtras, 'userFills')));
    assert.ok(
      read.every((f) => !('extra' in f)),
      'what the schema does not name is not kept',
    );
    assert.throws(() => readFills([...fills, { ...fills[0], px: '1e5' }], 'userFills'), /px/);
    assert.throws(() =>
      readFills(
        Array.from({ length: 2001 }, () => fills[0]),
        'userFills',
      ),
    );
  });

  it('reads each ledger kind’s amount, token, fee, direction and counterparty', () => {
    const raw = [
      { type: 'deposit', usdc: '100.5' },
      { type: 'withdraw', usdc: '20', nonce: 1, fee: '1' },
      {
        type: 'send',
        user: OTHER,
        destination: MAKER,
        sourceDex: '',
        destinationDex: 'spot',
        token: 'USDC',
        amount: '5',
        usdcValue: '5',
        fee: '0',
        nativeTokenFee: '0',
        nonce: 1,
        feeToken: '',
      },
      {
        type: 'spotTransfer',
        token: 'PURR',
        amount: '7',
        usdcValue: '1',
        user: MAKER,
        destination: OTHER,
        fee: '0',
        nativeTokenFee: '0',
        nonce: null,
        feeToken: '',
      },
      { type: 'vaultDeposit', vault: OTHER, usdc: '3' },
      { type: 'somethingNew', usdc: '9' },
    ].map((delta, i) => ({ time: i, hash: HASH, delta }));
    const updates = toLedgerUpdates(v.parse(userNonFundingLedgerUpdatesResult, raw), MAKER);
    assert.deepEqual(
      updates.map((u) => [u.kind, u.amount, u.token, u.direction, u.counterparty ?? '', u.fee ?? '']),
      [
        ['deposit', '100.5', 'USDC', 'in', '', ''],
        ['withdraw', '20', 'USDC', 'out', '', '1'],
        ['send', '5', 'USDC', 'in', OTHER, '0'],
        ['spotTransfer', '7', 'PURR', 'out', OTHER, '0'],
        ['vaultDeposit', '3', 'USDC', 'out', OTHER, ''],
        ['somethingNew', '9', 'USDC', 'none', '', ''],
      ],
    );
  });
});
