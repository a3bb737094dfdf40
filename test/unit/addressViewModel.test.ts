// The address page's rows and filters, and their CSV (RFC 4180, exact decimals, ISO times in UTC).
import * as assert from 'node:assert/strict';
import type { HistoryTransaction } from '../../src/core/history';
import { csvRecord, CSV_HEADER, filterRows, methodsOf, NO_FILTER, toAddressView, toHistoryRow } from '../../src/address/addressViewModel';
import { csvField, toCsv } from '../../src/view/csv';
import { parseCsv } from '../support/csvParse';
import { untranslated } from '../../src/view/format';

const ME = '0x1111111111111111111111111111111111111111';
const YOU = '0x2222222222222222222222222222222222222222';
const base: HistoryTransaction = {
  hash: `0x${'ab'.repeat(32)}`,
  blockNumber: 100n,
  timestamp: 1_700_000_000n,
  from: ME,
  to: YOU,
  created: null,
  value: 1_000_000_000_000_000_001n,
  selector: '0xa9059cbb',
  fee: 2_100_000_000_000n,
  status: 'success',
  index: 0,
};

describe('address view-model', () => {
  it('the address part: code size grouped, a proxy’s implementation with the workspace’s name, none for an account', () => {
    const proxy = '0x' + 'ab'.repeat(20);
    const impl = '0x' + 'cd'.repeat(20);
    const v = toAddressView(
      { address: proxy as `0x${string}`, kind: 'contract', balance: 10n ** 18n, codeBytes: 12345 },
      { nonce: 1n, codeBytes: 12345, implementation: { address: impl, name: 'VaultV2' } },
    );
    assert.equal(v.codeBytes, '12,345');
    assert.equal(v.implementation, impl);
    assert.equal(v.implementationName, 'VaultV2');
    const account = toAddressView({ address: impl as `0x${string}`, kind: 'account', balance: 0n }, { nonce: null, codeBytes: null });
    assert.equal(account.implementation, null);
    assert.equal(account.codeBytes, null);
  });

  const rows = [
    toHistoryRow(base, ME, 1_700_000_060, untranslated, (to, sel) => (to === YOU && sel === '0xa9059cbb' ? 'transfer' : undefined)),
    toHistoryRow({ ...base, hash: `0x${'cd'.repeat(32)}`, from: YOU, to: ME, selector: '0x', status: 'reverted' }, ME, 1_700_000_060, untranslated),
    toHistoryRow({ ...base, hash: `0x${'ef'.repeat(32)}`, to: null, created: YOU, selector: '0x60806040' }, ME, 1_700_000_060, untranslated),
    toHistoryRow({ ...base, hash: `0x${'01'.repeat(32)}`, to: ME }, ME, 1_700_000_060, untranslated),
  ];

  it('says direction, counterparty, method (the workspace’s name first), exact HYPE and ISO time', () => {
    assert.deepEqual(
      rows.map((r) => [r.direction, r.counterparty, r.method, r.methodNamed]),
      [
        ['out', YOU, 'transfer', true],
        ['in', YOU, '', false],
        ['create', YOU, '0x60806040', false],
        ['self', ME, '0xa9059cbb', false],
      ],
    );
    assert.equal(rows[0]!.valueHype, '1.000000000000000001');
    assert.equal(rows[0]!.feeHype, '0.0000021');
    assert.equal(rows[0]!.timeIso, '2023-11-14T22:13:20Z');
    assert.equal(rows[0]!.timeAgo, '1 min ago');
  });

  it('filters by direction, failed ones and method', () => {
    const hashes = (f: Parameters<typeof filterRows>[1]) => filterRows(rows, f).map((r) => r.direction);
    assert.deepEqual(hashes({ ...NO_FILTER, direction: 'in' }), ['in', 'self']);
    assert.deepEqual(hashes({ ...NO_FILTER, direction: 'out' }), ['out', 'create', 'self']);
    assert.deepEqual(hashes({ ...NO_FILTER, failedOnly: true }), ['in']);
    assert.deepEqual(hashes({ ...NO_FILTER, method: '' }), ['in']);
    assert.deepEqual(methodsOf(rows), ['transfer', '', '0x60806040', '0xa9059cbb']);
  });

  it('writes CSV as RFC 4180 says, and reads back the same rows', () => {
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('=HYPERLINK("x")'), '"\'=HYPERLINK(""x"")"');
    assert.equal(csvField('-1.5'), '-1.5');
    const text = toCsv(CSV_HEADER, rows.map(csvRecord));
    assert.ok(text.endsWith('\r\n') && text.split('\r\n').length === rows.length + 2);
    const back = parseCsv(text);
    assert.deepEqual(back[0], [...CSV_HEADER]);
    assert.deepEqual(back.slice(1), rows.map(csvRecord));
    assert.equal(back[2]![8], 'failed');
    assert.equal(back[1]![6], '1.000000000000000001');
  });
});
