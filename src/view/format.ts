/**
 * One home for how values read on screen: times, ages, gas use, fees, short hashes. Pure (no `vscode`):
 * words come through the `Translate` function the host hands in (vscode.l10n.t), so view-models, tests
 * and the benchmark use the same code.
 */
import type { Translate } from '../core/translate';
import { groupThousands, weiToHype } from '../core/units';

// The words' type lives in core (its parsers speak to the user too); view-models import it from here.
export { untranslated, type Translate } from '../core/translate';

const MAX_DATE_MS = 8_640_000_000_000_000n;

/** Seconds since the epoch as `2025-11-21 16:20:05 UTC`; a value no Date can hold is shown as it is. */
export function utcTime(seconds: bigint): string {
  const ms = seconds * 1000n;
  if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) return `${seconds} s`;
  return new Date(Number(ms))
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** Milliseconds since the epoch as ISO 8601 (what a tooltip shows beside the age). */
export function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

/**
 * How long ago, from the seconds elapsed (negative: not yet): "just now", "45 s ago", "3 min ago",
 * "2 h 5 min ago", "4 d 3 h ago"; a few seconds ahead counts as now (clocks differ), more is "in the future".
 */
export function timeAgo(elapsedSeconds: bigint | number, t: Translate): string {
  if (typeof elapsedSeconds === 'number') {
    if (!Number.isFinite(elapsedSeconds)) return '';
    elapsedSeconds = BigInt(Math.floor(elapsedSeconds));
  }
  const s = elapsedSeconds;
  if (s < -5n) return t('in the future');
  if (s < 5n) return t('just now');
  if (s < 60n) return t('{0} s ago', Number(s));
  const min = s / 60n;
  if (min < 60n) return t('{0} min ago', Number(min));
  const h = min / 60n;
  if (h < 48n) return t('{0} h {1} min ago', Number(h), Number(min % 60n));
  return t('{0} d {1} h ago', groupThousands((h / 24n).toString()), Number(h % 24n));
}

/** Gas used as a percentage of the gas limit, two decimals, rounded half up, exact: "41.15%"; "—" without a limit. */
export function gasPercent(gasUsed: bigint, gasLimit: bigint): string {
  if (gasLimit <= 0n) return '—';
  const hundredths = (gasUsed * 20_000n + gasLimit) / (2n * gasLimit);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${groupThousands(whole.toString())}.${fraction}%`;
}

/** Fees in HYPE to 8 decimals; a non-zero amount below that says so instead of showing 0. */
export function formatFees(wei: bigint): string {
  const hype = weiToHype(wei, 8);
  if (hype === '0' && wei > 0n) return '< 0.00000001';
  return groupThousands(hype);
}

/** `0x12345678…9abcdef0`. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

/** `0x1234…abcd`, for addresses in labels. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** One line of at most `max` characters: white space folded, the rest cut with an ellipsis. */
export function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
