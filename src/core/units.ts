/** Exact formatting of integer amounts (wei, gwei). No floats anywhere. */

export const WEI_PER_HYPE_DECIMALS = 18;
export const GWEI_DECIMALS = 9;

/**
 * `value / 10^decimals` as an exact decimal string, trailing zeros removed.
 * `maxFractionDigits` rounds half-up for display; leave it out for the exact value.
 */
export function formatUnits(value: bigint, decimals: number, maxFractionDigits?: number): string {
  const negative = value < 0n;
  let abs = negative ? -value : value;
  let digits = decimals;
  if (maxFractionDigits !== undefined && maxFractionDigits < decimals) {
    const drop = 10n ** BigInt(decimals - maxFractionDigits);
    abs = (abs + drop / 2n) / drop;
    digits = maxFractionDigits;
  }
  const scale = 10n ** BigInt(digits);
  const whole = abs / scale;
  const fraction = digits > 0 ? (abs % scale).toString().padStart(digits, '0').replace(/0+$/, '') : '';
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Wei as HYPE, exactly (18 decimals). */
export function weiToHype(wei: bigint, maxFractionDigits?: number): string {
  return formatUnits(wei, WEI_PER_HYPE_DECIMALS, maxFractionDigits);
}

/** Wei as gwei, exactly (9 decimals). */
export function weiToGwei(wei: bigint, maxFractionDigits?: number): string {
  return formatUnits(wei, GWEI_DECIMALS, maxFractionDigits);
}

/** Groups the integer part of a decimal string in thousands: 1234567.89 → 1,234,567.89. */
export function groupThousands(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction !== undefined ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/** 0x-hex of a non-negative integer. */
export function toHex(n: bigint | number): string {
  return `0x${BigInt(n).toString(16)}`;
}

/** Exact product of two decimal strings (prices × sizes), as a decimal string. */
export function multiplyDecimals(a: string, b: string): string {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const product = BigInt(ai + af) * BigInt(bi + bf);
  return formatUnits(product, af.length + bf.length);
}

/** Exact difference a − b of two decimal strings. */
export function subtractDecimals(a: string, b: string): string {
  const [, af = ''] = a.split('.');
  const [, bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const toInt = (s: string, f: string) => BigInt(s.replace('.', '') + '0'.repeat(scale - f.length));
  return formatUnits(toInt(a, af) - toInt(b, bf), scale);
}

/** Compares two non-negative decimal strings numerically, exactly. */
export function compareDecimals(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(scale, '0'));
  const y = BigInt(bi + bf.padEnd(scale, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
