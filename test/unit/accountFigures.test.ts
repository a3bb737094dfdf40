/** A position's figures by the one display rule: exact until shown, rounded once, half away from zero; never floats. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { abs, dec, decText, fixedText, mul, ratio, roundRatio, shift, sub } from '../../src/core/exactDecimal';
import type { PerpPosition } from '../../src/core/model';
import { positionFigures, showAmount, showFractionAsPercent, showPrice, showSize } from '../../src/account/accountFigures';
import { btcPosition } from '../support/accounts';
import { fixture } from '../support/fixtures';

// 3.255 since open: a tie at 2 decimals.
const position = (over: Partial<PerpPosition> = {}): PerpPosition =>
  btcPosition({ cumFunding: { allTime: '12.5', sinceOpen: '3.255', sinceChange: '-0.5' }, ...over });

/** Decimal strings as the API sends them, up to 30 digits: beyond what a double holds. */
const positiveText = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 })).map(([digits, scale]) => {
  const s = digits.toString().padStart(scale + 1, '0');
  return scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
});

describe('account figures', () => {
  it('reads a long: size, entry, mark from positionValue ÷ |size|, PnL, ROE, liquidation distance, funding', () => {
    const f = positionFigures(position());
    assert.equal(f.side, 'long');
    assert.equal(f.size, '0.5');
    assert.equal(f.entry, '98,500');
    assert.equal(f.mark, '101,240');
    assert.equal(f.pnl, '+1,370.00');
    assert.equal(f.roe, '+27.82');
    assert.equal(f.margin, '5,062.00');
    assert.equal(f.liquidation, '88,120.4');
    // |88120.4 − 101240| ÷ 101240 = 12.9589…% → 12.96
    assert.equal(f.liquidationDistance, '12.96');
    assert.equal(f.nearLiquidation, false);
    // 3.255 is a tie at 2 decimals: away from zero.
    assert.equal(f.fundingSinceOpen, '+3.26');
  });

  it('reads a short from the real capture: negative size, a liquidation above the mark, and none when null', () => {
    const [btc, eth] = fixture('hyperliquid_clearinghouseState_response_2023-03-27.json').response.assetPositions.map(
      (a: { position: Record<string, unknown> }) => ({ ...a.position, liquidationPx: a.position.liquidationPx ?? undefined, raw: a.position }) as PerpPosition,
    );
    const f = positionFigures(btc);
    assert.equal(f.side, 'short');
    assert.equal(f.size, '0.00785');
    assert.equal(f.mark, '26,961.2'); // 211.64542 ÷ 0.00785, exactly 26961.2
    assert.equal(f.pnl, '−0.08');
    assert.equal(f.roe, '−0.76');
    assert.equal(f.liquidation, '173,199');
    // (173198.69592357 − 26961.2) ÷ 26961.2 = 542.3998…%
    assert.equal(f.liquidationDistance, '542.40');
    assert.equal(f.fundingSinceOpen, undefined, 'no funding is made up for an answer without it');
    const e = positionFigures(eth);
    assert.equal(e.liquidation, undefined);
    assert.equal(e.liquidationDistance, undefined);
    assert.equal(e.nearLiquidation, false);
  });

  it('marks a position within 5 % of its liquidation price, compared exactly', () => {
    // mark 38.512, liquidation 38.95: 1.137…% away.
    const near = positionFigures(position({ coin: 'HYPE', szi: '-300', positionValue: '11553.6', liquidationPx: '38.95' }));
    assert.equal(near.liquidationDistance, '1.14');
    assert.equal(near.nearLiquidation, true);
    // Exactly 5 % is not "within": 105 vs mark 100.
    assert.equal(positionFigures(position({ szi: '1', positionValue: '100', liquidationPx: '105' })).nearLiquidation, false);
    assert.equal(positionFigures(position({ szi: '1', positionValue: '100', liquidationPx: '104.99999999' })).nearLiquidation, true);
  });

  it('shows amounts to 2 decimals, percentages to 2, prices to 6 significant digits, sizes exactly', () => {
    assert.equal(showAmount('1182.312496'), '1,182.31');
    assert.equal(showAmount('-0.005', true), '−0.01');
    assert.equal(showAmount('0.004', true), '0.00');
    assert.equal(showAmount('12', true), '+12.00');
    assert.equal(showFractionAsPercent('-0.00756643'), '−0.76');
    assert.equal(showPrice('173198.69592357'), '173,199');
    assert.equal(showPrice('2.36808'), '2.36808');
    assert.equal(showPrice('0.0000123456789'), '0.0000123457');
    assert.equal(showSize('1250.50000'), '1,250.5');
    assert.equal(showSize('123456789012345678901234567890.123456789'), '123,456,789,012,345,678,901,234,567,890.123456789');
  });

  it('is exact where floats are not: the mark and the distance of 30-digit figures match exact references', () => {
    fc.assert(
      fc.property(positiveText, positiveText, positiveText, fc.boolean(), (size, value, liq, short) => {
        const p = position({ szi: short ? `-${size}` : size, positionValue: value, liquidationPx: liq });
        const f = positionFigures(p);
        assert.equal(f.side, short ? 'short' : 'long');
        // The distance: |liq·size − value| ÷ value × 100, rounded half away from zero to 2 decimals.
        const exact = ratio(shift(abs(sub(mul(dec(liq), dec(size)), dec(value))), 2), dec(value))!;
        assert.equal(f.liquidationDistance!.replace(/,/g, ''), fixedText(roundRatio(exact, 2), 2));
        // The mark times the size is the value, within the mark's rounding (6 significant digits).
        const mark = dec(f.mark.replace(/,/g, ''));
        const back = mul(mark, dec(size));
        const gap = abs(sub(back, dec(value)));
        // |mark − value/size| ≤ half a unit in the 6th significant digit of the mark: relative error ≤ 5e-6 (×1.000001 slack).
        assert.ok(decText(gap) === '0' || ratio(gap, dec(value))!.num * 1_000_000n <= ratio(gap, dec(value))!.den * 6n, `${f.mark} × ${size} vs ${value}`);
      }),
    );
  });
});
