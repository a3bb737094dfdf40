/**
 * The figures of a position and an account, exact until shown, and the one rule that shows them.
 *
 * The rule: every figure is computed from the answer's decimal strings with exact decimals
 * (`core/exactDecimal.ts`: no floats), and rounded once, when it is shown, half away from zero:
 * - amounts in a dex's collateral unit (PnL, margin, account value, withdrawable, funding): 2 decimals;
 * - percentages (return on equity, distance to liquidation): 2 decimals;
 * - prices (entry, mark, liquidation): 6 significant digits, whole digits never dropped;
 * - sizes and balances: not rounded (as Hyperliquid sends them; they have the coin's own decimals).
 * Tooltips show the exact values as sent. No `vscode` import.
 */
import { abs, dec, decText, fixedText, mul, ratio, round, roundRatio, roundRatioSignificant, shift, sign, sub, type Dec } from '../core/exactDecimal';
import type { PerpPosition } from '../core/model';
import { groupThousands } from '../core/units';

export const AMOUNT_DIGITS = 2;
export const PERCENT_DIGITS = 2;
export const PRICE_SIGNIFICANT = 6;
/** A position closer than this to its liquidation price (in percent of the mark) is marked. */
export const NEAR_LIQUIDATION_PERCENT = 5;

export type PositionSide = 'long' | 'short';

/** What a position row shows, computed once. */
export interface PositionFigures {
  side: PositionSide;
  /** |szi|, exact, as a display decimal (`0.5`, `1,250`). */
  size: string;
  /** |szi| exactly (for sums of stop sizes). */
  sizeDec: Dec;
  /** positionValue ÷ |szi|: the mark the answer implies (it carries none of its own), shown by the price rule. */
  mark: string;
  entry: string;
  /** Signed, 2 decimals: `+1,370.00`, `−0.08`. */
  pnl: string;
  /** Return on equity in percent, signed, 2 decimals. */
  roe: string;
  margin: string;
  liquidation?: string;
  /** |liquidation − mark| ÷ mark in percent, 2 decimals; undefined without a liquidation price. */
  liquidationDistance?: string;
  nearLiquidation: boolean;
  /** Funding since the position was opened, signed, 2 decimals, as Hyperliquid counts it; undefined when not sent. */
  fundingSinceOpen?: string;
}

/** `1234.5` → `1,234.5`; the sign as a real minus (`−`), and `+` when `signed`. */
function grouped(text: string, signed = false): string {
  const negative = text.startsWith('-');
  const body = groupThousands(negative ? text.slice(1) : text);
  if (negative) return `−${body}`;
  return signed && /[1-9]/.test(body) ? `+${body}` : body;
}

/** An amount by the rule: 2 decimals, grouped (`1,182.31`, `−0.08`); `signed` adds `+` to a positive one. */
export function showAmount(text: string | Dec, signed = false): string {
  const d = typeof text === 'string' ? dec(text) : text;
  return grouped(fixedText(round(d, AMOUNT_DIGITS), AMOUNT_DIGITS), signed);
}

/** A fraction (`0.27817`) as a percentage by the rule: `+27.82`. */
export function showFractionAsPercent(fraction: string, signed = true): string {
  return grouped(fixedText(round(shift(dec(fraction), 2), PERCENT_DIGITS), PERCENT_DIGITS), signed);
}

/** A price by the rule: 6 significant digits, whole digits kept, grouped (`173,199`, `0.000123457`). */
export function showPrice(price: string | Dec): string {
  const d = typeof price === 'string' ? dec(price) : price;
  return grouped(decText(roundRatioSignificant({ num: d.n, den: 10n ** BigInt(d.scale) }, PRICE_SIGNIFICANT)));
}

/** A size or balance: exact, grouped, trailing zeros dropped. */
export function showSize(size: string | Dec): string {
  return grouped(decText(typeof size === 'string' ? dec(size) : size));
}

/** The exact value as sent, grouped (tooltips). */
export function showExact(text: string): string {
  return grouped(decText(dec(text)));
}

/** Everything a position row shows, from the answer's strings. */
export function positionFigures(p: PerpPosition): PositionFigures {
  const szi = dec(p.szi);
  const size = abs(szi);
  const value = dec(p.positionValue);
  const markRatio = ratio(value, size); // size is never zero: such positions are dropped when read
  const figures: PositionFigures = {
    side: sign(szi) < 0 ? 'short' : 'long',
    size: showSize(size),
    sizeDec: size,
    mark: markRatio ? grouped(decText(roundRatioSignificant(markRatio, PRICE_SIGNIFICANT))) : '—',
    entry: showPrice(p.entryPx),
    pnl: showAmount(p.unrealizedPnl, true),
    roe: showFractionAsPercent(p.returnOnEquity),
    margin: showAmount(p.marginUsed),
    nearLiquidation: false,
    fundingSinceOpen: p.cumFunding && showAmount(p.cumFunding.sinceOpen, true),
  };
  if (p.liquidationPx !== undefined) {
    figures.liquidation = showPrice(p.liquidationPx);
    // |liq − value/size| ÷ (value/size) = |liq·size − value| ÷ value, exact until rounded once.
    const gap = abs(sub(mul(dec(p.liquidationPx), size), value));
    const distance = ratio(shift(gap, 2), value);
    if (distance) {
      const rounded = roundRatio(distance, PERCENT_DIGITS);
      figures.liquidationDistance = grouped(fixedText(rounded, PERCENT_DIGITS));
      // Compared exactly, not by the rounded text.
      figures.nearLiquidation = distance.num < BigInt(NEAR_LIQUIDATION_PERCENT) * distance.den;
    }
  }
  return figures;
}
