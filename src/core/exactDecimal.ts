/**
 * Signed exact decimals for the account figures (positions, margins, balances): the decimal strings the
 * info API sends become integers with a scale, and every sum, product and quotient is exact until it is
 * shown. Display rounds once, by one rule (`roundHalfAway`): half away from zero, to a figure's precision.
 * No floats anywhere (`units.ts` holds the unsigned helpers the orders use).
 */

/** `n × 10^-scale`: `-12.50` is `{ n: -1250n, scale: 2 }`. */
export interface Dec {
  readonly n: bigint;
  readonly scale: number;
}

/** A quotient kept exact until it is rounded for display: `num / den`, `den > 0`. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

export const ZERO: Dec = { n: 0n, scale: 0 };

const POW10: bigint[] = [1n];
function pow10(k: number): bigint {
  for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[k]!;
}

/** Whether `text` is a signed decimal string (`-0.5`, `12`, `3.0`): what `dec` takes. */
export function isSignedDecimal(text: string): boolean {
  return SIGNED_DECIMAL.test(text);
}

/** The exact value of a decimal string; throws on anything else (callers pass validated strings). */
export function dec(text: string): Dec {
  if (!SIGNED_DECIMAL.test(text)) throw new RangeError(`not a decimal: ${text.slice(0, 40)}`);
  const dot = text.indexOf('.');
  if (dot < 0) return { n: BigInt(text), scale: 0 };
  return { n: BigInt(text.slice(0, dot) + text.slice(dot + 1)), scale: text.length - dot - 1 };
}

function aligned(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.n, b.n, a.scale];
  return a.scale > b.scale ? [a.n, b.n * pow10(a.scale - b.scale), a.scale] : [a.n * pow10(b.scale - a.scale), b.n, b.scale];
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, scale] = aligned(a, b);
  return { n: x + y, scale };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = aligned(a, b);
  return { n: x - y, scale };
}

export function mul(a: Dec, b: Dec): Dec {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

export function neg(a: Dec): Dec {
  return { n: -a.n, scale: a.scale };
}

export function abs(a: Dec): Dec {
  return a.n < 0n ? neg(a) : a;
}

export function sign(a: Dec): -1 | 0 | 1 {
  return a.n < 0n ? -1 : a.n > 0n ? 1 : 0;
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `a × 10^k` (k ≥ 0), exactly: percentages are fractions × 100. */
export function shift(a: Dec, k: number): Dec {
  return a.scale >= k ? { n: a.n, scale: a.scale - k } : { n: a.n * pow10(k - a.scale), scale: 0 };
}

/** `a / b`, kept exact; undefined when `b` is zero. */
export function ratio(a: Dec, b: Dec): Ratio | undefined {
  if (b.n === 0n) return undefined;
  // a.n·10^-as / (b.n·10^-bs) = a.n·10^bs / (b.n·10^as)
  let num = a.n * pow10(b.scale);
  let den = b.n * pow10(a.scale);
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  return { num, den };
}

/** `num / den` to an integer, half away from zero: the one rounding rule of the account figures. */
export function roundHalfAway(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** A ratio rounded to `digits` fraction digits (half away from zero). */
export function roundRatio(r: Ratio, digits: number): Dec {
  return { n: roundHalfAway(r.num * pow10(digits), r.den), scale: digits };
}

/** A decimal rounded to `digits` fraction digits (half away from zero); unchanged when it has no more. */
export function round(a: Dec, digits: number): Dec {
  if (a.scale <= digits) return a;
  return { n: roundHalfAway(a.n, pow10(a.scale - digits)), scale: digits };
}

/** How many digits the whole part of |num / den| has (0 below 1). */
function wholeDigits(num: bigint, den: bigint): number {
  const q = (num < 0n ? -num : num) / den;
  return q === 0n ? 0 : q.toString().length;
}

/** For 0 < |num / den| < 1: how many zeros follow the point before the first significant digit. */
function leadingZeros(num: bigint, den: bigint): number {
  const n = num < 0n ? -num : num;
  // A first guess from the digit counts, off by at most one, then checked exactly.
  let zeros = Math.max(0, den.toString().length - n.toString().length - 1);
  while (n * pow10(zeros + 1) < den) zeros++;
  while (zeros > 0 && n * pow10(zeros) >= den) zeros--;
  return zeros;
}

/**
 * A ratio rounded to `significant` digits (half away from zero); whole digits are never dropped
 * (`173198.7` at 6 → `173199`, at 3 → `173199`). Zero stays zero.
 */
export function roundRatioSignificant(r: Ratio, significant: number): Dec {
  if (r.num === 0n) return ZERO;
  const whole = wholeDigits(r.num, r.den);
  if (whole > 0) return roundRatio(r, Math.max(0, significant - whole));
  return roundRatio(r, leadingZeros(r.num, r.den) + significant);
}

/** A decimal rounded to `significant` digits, whole digits kept (see `roundRatioSignificant`). */
export function roundSignificant(a: Dec, significant: number): Dec {
  return roundRatioSignificant({ num: a.n, den: pow10(a.scale) }, significant);
}

/** The exact decimal string, trailing fraction zeros dropped: `-12.5`, `0`, `3`. */
export function decText(a: Dec): string {
  return fixedText(a, undefined);
}

/**
 * The decimal string with exactly `digits` fraction digits when given (the value must already have at
 * most that many: round first), else trimmed. A `-` sign; zero has none.
 */
export function fixedText(a: Dec, digits: number | undefined): string {
  const negative = a.n < 0n;
  const digitsText = (negative ? -a.n : a.n).toString().padStart(a.scale + 1, '0');
  const whole = digitsText.slice(0, digitsText.length - a.scale);
  let fraction = digitsText.slice(digitsText.length - a.scale);
  if (digits === undefined) fraction = fraction.replace(/0+$/, '');
  else fraction = fraction.length >= digits ? fraction.slice(0, digits) : fraction.padEnd(digits, '0');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}
