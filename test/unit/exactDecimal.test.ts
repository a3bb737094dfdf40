/** Signed exact decimals: arithmetic checked against BigInt references, and the one rounding rule (half away from zero). */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  abs,
  add,
  cmp,
  dec,
  decText,
  fixedText,
  isSignedDecimal,
  mul,
  neg,
  ratio,
  round,
  roundHalfAway,
  roundRatio,
  roundRatioSignificant,
  shift,
  sign,
  sub,
  type Dec,
} from '../../src/core/exactDecimal';
import { multiplyDecimals } from '../../src/core/units';

/** A signed decimal string as the info API writes them: `-0.00785`, `173198.69592357`, `20`, `1.0`. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), fc.boolean())
  .map(([negative, digits, scale, trailingZero]) => {
    let s = digits.toString().padStart(scale + 1, '0');
    if (scale > 0) s = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
    if (trailingZero) s += scale > 0 ? '0' : '.0';
    return negative ? `-${s}` : s;
  });
const decimal = decimalText.map(dec);
/** The value of `d` times 10^k as a rational `[num, den]`, for references. */
const asRational = (d: Dec): [bigint, bigint] => [d.n, 10n ** BigInt(d.scale)];

describe('exact decimals', () => {
  it('reads what the info API writes and writes it back without trailing zeros', () => {
    assert.deepEqual(dec('-0.00785'), { n: -785n, scale: 5 });
    assert.equal(decText(dec('26951.0')), '26951');
    assert.equal(decText(dec('-0.0')), '0');
    assert.equal(decText(dec('173198.69592357')), '173198.69592357');
    for (const bad of ['', '-', '1.', '.5', '1e3', ' 1', '+1', '0x1', '1,000', 'NaN']) {
      assert.equal(isSignedDecimal(bad), false, bad);
      assert.throws(() => dec(bad), RangeError);
    }
  });

  it('round-trips every decimal string exactly', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const d = dec(text);
        assert.equal(cmp(dec(decText(d)), d), 0);
        // The written form is canonical: no trailing fraction zeros, no "-0".
        assert.doesNotMatch(decText(d), /\.\d*0$|^-0$|\.$/);
      }),
    );
  });

  it('adds, subtracts and multiplies exactly (checked against BigInt rationals)', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const [an, ad] = asRational(a);
        const [bn, bd] = asRational(b);
        const same = (d: Dec, num: bigint, den: bigint) => assert.equal(d.n * den, num * 10n ** BigInt(d.scale));
        same(add(a, b), an * bd + bn * ad, ad * bd);
        same(sub(a, b), an * bd - bn * ad, ad * bd);
        same(mul(a, b), an * bn, ad * bd);
        assert.equal(cmp(sub(add(a, b), b), a), 0);
        assert.equal(cmp(neg(neg(a)), a), 0);
        assert.equal(sign(abs(a)) >= 0, true);
        assert.equal(cmp(a, b), -cmp(b, a));
      }),
    );
  });

  it('multiplies non-negative decimals as the orders’ multiplyDecimals does', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (x, y) => {
        const a = x.replace('-', '');
        const b = y.replace('-', '');
        assert.equal(cmp(mul(dec(a), dec(b)), dec(multiplyDecimals(a, b))), 0);
      }),
    );
  });

  it('has none of the float errors: 0.1 + 0.2 is 0.3, and digits beyond 2^53 stay', () => {
    assert.equal(decText(add(dec('0.1'), dec('0.2'))), '0.3');
    assert.equal(decText(sub(dec('9007199254740993.000000001'), dec('0.000000001'))), '9007199254740993');
    assert.equal(decText(mul(dec('-1.1'), dec('1.1'))), '-1.21');
    assert.equal(decText(shift(dec('-0.00756643'), 2)), '-0.756643');
    assert.equal(decText(shift(dec('5'), 2)), '500');
  });

  it('rounds a quotient once, half away from zero, within half a unit of the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        (num, den, digits) => {
          const r = roundRatio({ num, den }, digits);
          assert.equal(r.scale, digits);
          // |num/den × 10^digits − r.n| ≤ 1/2  ⇔  |2·num·10^digits − 2·r.n·den| ≤ den
          const scaled = num * 10n ** BigInt(digits);
          const gap = 2n * scaled - 2n * r.n * den;
          assert.ok((gap < 0n ? -gap : gap) <= den);
          // A tie goes away from zero: the rounded magnitude is the larger one.
          if ((gap < 0n ? -gap : gap) === den) assert.ok((r.n < 0n ? -r.n : r.n) * den > (scaled < 0n ? -scaled : scaled));
          // Symmetric around zero.
          assert.equal(roundRatio({ num: -num, den }, digits).n, -r.n);
        },
      ),
    );
    assert.equal(roundHalfAway(5n, 2n), 3n);
    assert.equal(roundHalfAway(-5n, 2n), -3n);
    assert.equal(roundHalfAway(-4n, 3n), -1n);
    assert.equal(fixedText(round(dec('2.345'), 2), 2), '2.35');
    assert.equal(fixedText(round(dec('-2.345'), 2), 2), '-2.35');
    assert.equal(fixedText(round(dec('-0.004'), 2), 2), '0.00');
    assert.equal(fixedText(round(dec('7'), 2), 2), '7.00');
  });

  it('rounds to significant digits without dropping whole digits', () => {
    const sig = (a: string, b: string, n: number) => decText(roundRatioSignificant(ratio(dec(a), dec(b))!, n));
    assert.equal(sig('211.64542', '0.00785', 6), '26961.2');
    assert.equal(sig('173198.69592357', '1', 6), '173199');
    assert.equal(sig('173198.69592357', '1', 3), '173199');
    assert.equal(sig('0.000123456789', '1', 6), '0.000123457');
    assert.equal(sig('-2', '3', 6), '-0.666667');
    assert.equal(sig('0', '3', 6), '0');
    fc.assert(
      fc.property(decimal, decimal, fc.integer({ min: 1, max: 10 }), (a, b, n) => {
        const r = ratio(a, b);
        if (!r) return assert.equal(b.n, 0n);
        const d = roundRatioSignificant(r, n);
        // Significant digits of the value (a carry can leave a trailing zero: 9.97e-11 at 1 digit is 10e-11).
        const digits = (d.n < 0n ? -d.n : d.n).toString().replace(/^0+/, '').replace(/0+$/, '');
        const whole = decText(abs(d)).split('.')[0]!.replace(/^0+/, '').length;
        assert.ok(digits.length <= Math.max(n, whole) || d.scale === 0, `${decText(d)} has more than ${n} significant digits`);
        // Within half a unit in its last place of the exact quotient.
        const gap = 2n * r.num * 10n ** BigInt(d.scale) - 2n * d.n * r.den;
        assert.ok((gap < 0n ? -gap : gap) <= r.den);
      }),
    );
  });

  it('divides by zero to nothing, and keeps the sign in the numerator', () => {
    assert.equal(ratio(dec('1'), dec('0.000')), undefined);
    assert.deepEqual(ratio(dec('1'), dec('-0.5')), { num: -10n, den: 5n });
  });
});
