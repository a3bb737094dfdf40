/**
 * Totals per coin of what a wallet's history page shows: volume (Σ price × size), fees (Σ fee, in each
 * fee's token), realized PnL (Σ closed PnL) and funding (Σ payments), in exact decimals (no float ever
 * touches them). Pure.
 */
import { add, dec, decText, mul, ZERO, type Dec } from '../core/exactDecimal';
import type { Fill, FundingPayment } from '../core/model';

export interface CoinTotals {
  coin: string;
  fills: number;
  /** Exact decimal strings. */
  volume: string;
  fees: string;
  /** The tokens the fees were paid in ("USDC"; two when they differ). */
  feeTokens: string[];
  realizedPnl: string;
  funding: string;
}

interface Sums {
  fills: number;
  volume: Dec;
  fees: Dec;
  feeTokens: Set<string>;
  pnl: Dec;
  funding: Dec;
}

/** One row per coin that has a fill or a funding payment, by coin name. */
export function coinTotals(fills: readonly Fill[], funding: readonly FundingPayment[]): CoinTotals[] {
  const byCoin = new Map<string, Sums>();
  const sums = (coin: string): Sums => {
    let s = byCoin.get(coin);
    if (!s) byCoin.set(coin, (s = { fills: 0, volume: ZERO, fees: ZERO, feeTokens: new Set(), pnl: ZERO, funding: ZERO }));
    return s;
  };
  for (const f of fills) {
    const s = sums(f.coin);
    s.fills += 1;
    s.volume = add(s.volume, mul(dec(f.px), dec(f.sz)));
    s.fees = add(s.fees, dec(f.fee));
    s.feeTokens.add(f.feeToken);
    s.pnl = add(s.pnl, dec(f.closedPnl));
  }
  for (const p of funding) {
    const s = sums(p.coin);
    s.funding = add(s.funding, dec(p.usdc));
  }
  return [...byCoin.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coin, s]) => ({
      coin,
      fills: s.fills,
      volume: decText(s.volume),
      fees: decText(s.fees),
      feeTokens: [...s.feeTokens].sort(),
      realizedPnl: decText(s.pnl),
      funding: decText(s.funding),
    }));
}
