import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareDecimals, formatUnits, groupThousands, multiplyDecimals, subtractDecimals, weiToGwei, weiToHype } from '../../src/core/units';

describe('exact units', () => {
  it('formats wei as HYPE and gwei exactly', () => {
    assert.equal(weiToHype(10n ** 18n), '1');
    assert.equal(weiToHype(1n), '0.000000000000000001');
    assert.equal(weiToHype(5_126_953_125_000_000n), '0.005126953125');
    assert.equal(weiToHype(123456789012345678901234567890n), '123456789012.34567890123456789');
    assert.equal(weiToGwei(1_500_000_000n), '1.5');
    assert.equal(weiToGwei(7n), '0.000000007');
    assert.equal(weiToGwei(0n), '0');
  });

  it('rounds half-up only when asked', () => {
    assert.equal(weiToHype(1_234_567_890_000_000_000n, 4), '1.2346');
    assert.equal(weiToHype(999_999_999_999_999_999n, 2), '1');
    assert.equal(weiToGwei(1_000_000_001n, 3), '1');
  });

  it('round-trips any amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 30 }), (v, d) => {
        const s = formatUnits(v, d);
        const [w, f = ''] = s.split('.');
        assert.equal(BigInt(w + f.padEnd(d, '0')), v);
      }),
    );
  });

  it('multiplies, subtracts and compares decimal strings exactly', () => {
    assert.equal(multiplyDecimals('0.1', '0.2'), '0.02');
    assert.equal(multiplyDecimals('208.7', '1.0357'), '216.15059');
    assert.equal(subtractDecimals('1.5', '0.25'), '1.25');
    assert.equal(subtractDecimals('0.3', '0.5'), '-0.2');
    assert.equal(compareDecimals('10.0', '9.99'), 1);
    assert.equal(compareDecimals('1.50', '1.5'), 0);
    assert.equal(groupThousands('1234567.891'), '1,234,567.891');
    assert.equal(groupThousands('-1000'), '-1,000');
  });

  it('multiplyDecimals agrees with bigint arithmetic (property)', () => {
    const dec = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 })).map(([v, d]) => ({ v, d, s: formatUnits(v, d) }));
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        assert.equal(multiplyDecimals(a.s, b.s), formatUnits(a.v * b.v, a.d + b.d));
      }),
    );
  });
});
