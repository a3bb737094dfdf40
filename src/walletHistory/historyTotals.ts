/**
 * Totals per coin of what a wallet's history page shows: volume (Σ price × size), fees (Σ fee, in each
 * fee's token), realized PnL (Σ closed PnL) and funding (Σ payments), in exact decimals (no float ever
 * touches them). Pure.
 */
import { add, decText, ZERO, type Dec } from '../core/exactDecimal';
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

/**
 * A sum kept per scale (digits after the point): adding integers of one scale is all the loop does; the
 * scales meet once, at the end (10,000 fills: a few ms rather than an aligned product per fill).
 */
type ScaledSum = Map<number, bigint>;

interface Sums {
  fills: number;
  volume: ScaledSum;
  fees: ScaledSum;
  feeTokens: Set<string>;
  pnl: ScaledSum;
  funding: ScaledSum;
}

/** The integer and scale of a decimal string the schema already checked (`-12.50` → -1250n, 2). */
function addText(sum: ScaledSum, text: string): void {
  const dot = text.indexOf('.');
  if (dot < 0) {
    if (text !== '0') sum.set(0, (sum.get(0) ?? 0n) + BigInt(text));
    return;
  }
  const scale = text.length - dot - 1;
  sum.set(scale, (sum.get(scale) ?? 0n) + BigInt(text.slice(0, dot) + text.slice(dot + 1)));
}

function addProduct(sum: ScaledSum, a: string, b: string): void {
  const da = a.indexOf('.');
  const db = b.indexOf('.');
  const na = BigInt(da < 0 ? a : a.slice(0, da) + a.slice(da + 1));
  const nb = BigInt(db < 0 ? b : b.slice(0, db) + b.slice(db + 1));
  const scale = (da < 0 ? 0 : a.length - da - 1) + (db < 0 ? 0 : b.length - db - 1);
  sum.set(scale, (sum.get(scale) ?? 0n) + na * nb);
}

function total(sum: ScaledSum): string {
  let d: Dec = ZERO;
  for (const [scale, n] of sum) d = add(d, { n, scale });
  return decText(d);
}

/** One row per coin that has a fill or a funding payment, by coin name. */
export function coinTotals(fills: readonly Fill[], funding: readonly FundingPayment[]): CoinTotals[] {
  const byCoin = new Map<string, Sums>();
  const sums = (coin: string): Sums => {
    let s = byCoin.get(coin);
    if (!s) byCoin.set(coin, (s = { fills: 0, volume: new Map(), fees: new Map(), feeTokens: new Set(), pnl: new Map(), funding: new Map() }));
    return s;
  };
  for (const f of fills) {
    const s = sums(f.coin);
    s.fills += 1;
    addProduct(s.volume, f.px, f.sz);
    addText(s.fees, f.fee);
    s.feeTokens.add(f.feeToken);
    addText(s.pnl, f.closedPnl);
  }
  for (const p of funding) addText(sums(p.coin).funding, p.usdc);
  return [...byCoin.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coin, s]) => ({
      coin,
      fills: s.fills,
      volume: total(s.volume),
      fees: total(s.fees),
      feeTokens: [...s.feeTokens].sort(),
      realizedPnl: total(s.pnl),
      funding: total(s.funding),
    }));
}
