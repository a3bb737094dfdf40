import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatFees, gasPercent, oneLine, shortAddress, shortHash, timeAgo, untranslated as t, utcTime, type Translate } from '../../src/view/format';

describe('formatting (one home for every view)', () => {
  it('gives the age in whole units, compound past an hour', () => {
    assert.equal(timeAgo(2, t), 'just now');
    assert.equal(timeAgo(-4n, t), 'just now'); // clocks differ by a few seconds
    assert.equal(timeAgo(42, t), '42 s ago');
    assert.equal(timeAgo(125n, t), '2 min ago');
    assert.equal(timeAgo(7300, t), '2 h 1 min ago');
    assert.equal(timeAgo(86_400n, t), '24 h 0 min ago');
    assert.equal(timeAgo(231n * 86_400n + 5n * 3600n, t), '231 d 5 h ago');
    assert.equal(timeAgo(-3600, t), 'in the future');
  });

  it('gives an age for any bigint, and nothing for a number that is no time', () => {
    assert.equal(timeAgo(10n ** 30n, t), `${(10n ** 30n / 86_400n).toLocaleString('en-US')} d ${(10n ** 30n / 3600n) % 24n} h ago`);
    assert.equal(timeAgo(Number.NaN, t), '');
  });

  it('passes every word through the translate function', () => {
    const upper: Translate = (m, ...a) => t(m, ...a).toUpperCase();
    assert.equal(timeAgo(60, upper), '1 MIN AGO');
  });

  it('gives gas use as an exact percentage, two decimals, rounded half up', () => {
    assert.equal(gasPercent(0n, 3_000_000n), '0.00%');
    assert.equal(gasPercent(3_000_000n, 3_000_000n), '100.00%');
    assert.equal(gasPercent(1n, 3n), '33.33%');
    assert.equal(gasPercent(2n, 3n), '66.67%');
    assert.equal(gasPercent(1n, 8n), '12.50%');
    assert.equal(gasPercent(1n, 20_000n), '0.01%'); // 0.005% rounds up
    assert.equal(gasPercent(1n, 200_000n), '0.00%'); // 0.0005% rounds down
    assert.equal(gasPercent(1n, 0n), '—');
  });

  it('gas percentage agrees with exact rational arithmetic (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (used, limit) => {
        const shown = gasPercent(used, limit).replace(/[,%]/g, '');
        const hundredths = BigInt(shown.replace('.', ''));
        // |shown − exact| ≤ half a hundredth: 2·|hundredths·limit − 10000·used| ≤ limit
        const diff = hundredths * limit - 10_000n * used;
        assert.ok(2n * (diff < 0n ? -diff : diff) <= limit, `${used}/${limit} → ${shown}`);
      }),
    );
  });

  it('gives fees in HYPE to 8 decimals, never a bare 0 for a non-zero amount', () => {
    assert.equal(formatFees(0n), '0');
    assert.equal(formatFees(1n), '< 0.00000001');
    assert.equal(formatFees(10n ** 18n * 1234n + 5n * 10n ** 17n), '1,234.5');
    assert.equal(formatFees(123_456_789_000_000n), '0.00012346');
  });

  it('gives UTC time, and the raw seconds when Date cannot hold them', () => {
    assert.equal(utcTime(0n), '1970-01-01 00:00:00 UTC');
    assert.equal(utcTime(1_700_000_000n), '2023-11-14 22:13:20 UTC');
    assert.equal(utcTime(10n ** 30n), `${10n ** 30n} s`);
    assert.equal(utcTime(-(10n ** 30n)), `${-(10n ** 30n)} s`);
  });

  it('shortens hashes and addresses, and folds text to one line', () => {
    assert.equal(shortHash(`0x${'ab'.repeat(32)}`), '0xabababab…abababab');
    assert.equal(shortHash('0x1234'), '0x1234');
    assert.equal(shortAddress(`0x1234${'0'.repeat(32)}abcd`), '0x1234…abcd');
    assert.equal(oneLine('a\n\n b\tc'), 'a b c');
    assert.equal(oneLine('x'.repeat(300)).length, 200);
  });
});
