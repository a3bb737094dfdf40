// Totals per coin in exact decimals, against a sum done apart with BigInt over scaled integers.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { coinTotals } from '../../src/walletHistory/historyTotals';
import type { Fill, FundingPayment } from '../../src/core/model';

/** `text` × 10^scale as a BigInt (the test's own reading of a decimal string). */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const n = BigInt(whole! + fraction.padEnd(scale, '0'));
  return negative ? -n : n;
}

const decimalText = (units: bigint, scale: number): string => {
  const negative = units < 0n;
  const s = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

const fillOf = (coin: string, px: string, sz: string, fee: string, closedPnl: string): Fill => ({
  coin,
  px,
  sz,
  fee,
  closedPnl,
  side: 'B',
  time: 0,
  dir: 'Open Long',
  feeToken: 'USDC',
  startPosition: '0',
  hash: '0x' + '0'.repeat(64),
  oid: 1,
  tid: 1,
  crossed: true,
});

describe('history totals per coin', () => {
  it('sums volume, fees, realized PnL and funding exactly (0.1 + 0.2 is 0.3)', () => {
    const totals = coinTotals(
      [fillOf('BTC', '0.1', '1', '0.1', '0.1'), fillOf('BTC', '0.2', '1', '0.2', '-0.3'), fillOf('ETH', '3000.5', '0.01', '-0.001', '0')],
      [{ time: 0, hash: '0x', coin: 'BTC', usdc: '-1.5', szi: '1', fundingRate: '0.0001' }],
    );
    assert.deepEqual(totals, [
      { coin: 'BTC', fills: 2, volume: '0.3', fees: '0.3', feeTokens: ['USDC'], realizedPnl: '-0.2', funding: '-1.5' },
      { coin: 'ETH', fills: 1, volume: '30.005', fees: '-0.001', feeTokens: ['USDC'], realizedPnl: '0', funding: '0' },
    ]);
  });

  it('property: equal to a BigInt sum of the same strings at a fixed scale', () => {
    const amount = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
    const positive = fc.bigInt({ min: 0n, max: 10n ** 10n });
    const row = fc.record({ coin: fc.constantFrom('BTC', 'ETH', '@107'), px: positive, sz: positive, fee: amount, pnl: amount });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 60 }),
        fc.array(fc.record({ coin: fc.constantFrom('BTC', 'ETH'), usdc: amount }), { maxLength: 30 }),
        (rows, pays) => {
          const fills = rows.map((r) => fillOf(r.coin, decimalText(r.px, 4), decimalText(r.sz, 3), decimalText(r.fee, 6), decimalText(r.pnl, 6)));
          const funding: FundingPayment[] = pays.map((p) => ({ time: 0, hash: '0x', coin: p.coin, usdc: decimalText(p.usdc, 6), szi: '0', fundingRate: '0' }));
          for (const t of coinTotals(fills, funding)) {
            const mine = rows.filter((r) => r.coin === t.coin);
            assert.equal(
              scaled(t.volume, 7),
              mine.reduce((s, r) => s + r.px * r.sz, 0n),
              `volume of ${t.coin}`,
            );
            assert.equal(
              scaled(t.fees, 6),
              mine.reduce((s, r) => s + r.fee, 0n),
            );
            assert.equal(
              scaled(t.realizedPnl, 6),
              mine.reduce((s, r) => s + r.pnl, 0n),
            );
            assert.equal(
              scaled(t.funding, 6),
              pays.filter((p) => p.coin === t.coin).reduce((s, p) => s + p.usdc, 0n),
            );
            assert.equal(t.fills, mine.length);
          }
        },
      ),
    );
  });

  it('property: exact where a double would not be (sums past 2^53, decimals of more than 15 digits, 40-digit fractions)', () => {
    const huge = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
    // 15 digits: read as doubles; a few of them add past 2^53.
    const near = fc.bigInt({ min: 9n * 10n ** 14n, max: 10n ** 15n - 1n });
    const amount = fc.oneof(huge, near, fc.bigInt({ min: -99n, max: 99n }));
    const positive = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 25n }), near);
    const scale = fc.constantFrom(0, 1, 6, 18, 40);
    fc.assert(
      fc.property(
        fc.array(fc.record({ px: positive, pxScale: scale, sz: positive, szScale: scale, fee: amount, feeScale: scale }), { minLength: 1, maxLength: 40 }),
        (rows) => {
          const text = (n: bigint, s: number) => (s === 0 ? n.toString() : decimalText(n, s));
          const fills = rows.map((r) => fillOf('BTC', text(r.px, r.pxScale), text(r.sz, r.szScale), text(r.fee, r.feeScale), '0'));
          // And one sum sure to pass 2^53 at one scale: ten 15-digit fees, then an odd one.
          fills.push(...Array.from({ length: 10 }, () => fillOf('ETH', '1', '1', '99999999999999.9', '0')), fillOf('ETH', '1', '1', '0.1', '0'));
          assert.equal(coinTotals(fills, [])[1]!.fees, '999999999999999.1');
          const [t] = coinTotals(fills, []);
          assert.equal(
            scaled(t!.volume, 80),
            rows.reduce((s, r) => s + r.px * r.sz * 10n ** BigInt(80 - r.pxScale - r.szScale), 0n),
          );
          assert.equal(
            scaled(t!.fees, 40),
            rows.reduce((s, r) => s + r.fee * 10n ** BigInt(40 - r.feeScale), 0n),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
