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
 * scales meet once, at the end. Each scale's integers are added as doubles while the sum stays a safe
 * integer (exact: a double sum of safe integers that lands within ±(2^53 − 1) is the exact sum, since
 * rounding is monotonic and 2^53 is a double), and move to a BigInt when it would not; a decimal of more
 * than 15 digits goes to the BigInt at once. No float ever holds a fraction.
 */
const MAX_SCALE = 81;

class ScaledSum {
  private readonly small = new Float64Array(MAX_SCALE);
  private readonly big: (bigint | undefined)[] = [];

  addInt(scale: number, n: number): void {
    if (scale >= MAX_SCALE) return this.addBig(scale, BigInt(n));
    const s = this.small[scale]! + n;
    if (s <= Number.MAX_SAFE_INTEGER && s >= -Number.MAX_SAFE_INTEGER) this.small[scale] = s;
    else {
      this.addBig(scale, BigInt(this.small[scale]!) + BigInt(n));
      this.small[scale] = 0;
    }
  }

  addBig(scale: number, n: bigint): void {
    this.big[scale] = (this.big[scale] ?? 0n) + n;
  }

  total(): string {
    let d: Dec = ZERO;
    for (let scale = 0; scale < Math.max(MAX_SCALE, this.big.length); scale++) {
      const n = BigInt(this.small[scale] ?? 0) + (this.big[scale] ?? 0n);
      if (n !== 0n) d = add(d, { n, scale });
    }
    return decText(d);
  }
}

// The last decimal read by `read`: its digits as an integer (a double when at most 15 digits, else
// undefined and `readBig` gives it) and its scale. Module state, to allocate nothing per field.
let readN = 0;
let readScale = 0;
let readLong = false;

/** Reads a decimal string the schema already checked (`-12.50` → -1250, scale 2) into `readN`/`readScale`. */
function read(text: string): void {
  const negative = text.charCodeAt(0) === 45;
  let n = 0;
  let scale = 0;
  let digits = 0;
  const len = text.length;
  for (let i = negative ? 1 : 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) scale = len - i - 1;
    else {
      n = n * 10 + (c - 48);
      digits++;
    }
  }
  readLong = digits > 15;
  readN = negative ? -n : n;
  readScale = scale;
}

function readBig(text: string): bigint {
  const dot = text.indexOf('.');
  return BigInt(dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1));
}

function addText(sum: ScaledSum, text: string): void {
  read(text);
  if (readLong) sum.addBig(readScale, readBig(text));
  else if (readN !== 0) sum.addInt(readScale, readN);
}

function addProduct(sum: ScaledSum, a: string, b: string): void {
  read(a);
  const na = readN;
  const sa = readScale;
  const longA = readLong;
  read(b);
  const scale = sa + readScale;
  if (!longA && !readLong) {
    const p = na * readN;
    if (Number.isSafeInteger(p)) {
      sum.addInt(scale, p);
      return;
    }
  }
  sum.addBig(scale, readBig(a) * readBig(b));
}

interface Sums {
  fills: number;
  volume: ScaledSum;
  fees: ScaledSum;
  feeTokens: Set<string>;
  pnl: ScaledSum;
  funding: ScaledSum;
}

function total(sum: ScaledSum): string {
  return sum.total();
}

/** One row per coin that has a fill or a funding payment, by coin name. */
export function coinTotals(fills: readonly Fill[], funding: readonly FundingPayment[]): CoinTotals[] {
  const byCoin = new Map<string, Sums>();
  const sums = (coin: string): Sums => {
    let s = byCoin.get(coin);
    if (!s)
      byCoin.set(
        coin,
        (s = { fills: 0, volume: new ScaledSum(), fees: new ScaledSum(), feeTokens: new Set(), pnl: new ScaledSum(), funding: new ScaledSum() }),
      );
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
