/**
 * What was spent at a provider over a sliding window, in its own unit: Hyperliquid's request weights
 * (1,200 a minute per IP on its public API) or requests (the rate of a provider's plan, per second).
 * Bounded in memory whatever is spent. The one ledger: Open Orders spends from one per provider, and the
 * public API's budget (`publicApi.ts`) is one. Pure: no `vscode`.
 */
import { infoRequestWeight, WEIGHT_PER_MINUTE } from './infoWeights';

/** What a ledger counts: Hyperliquid's request weight (its public API) or requests (the user's provider). */
export type LedgerUnit = 'weight' | 'requests';

export interface WeightLedgerOptions {
  /** What is allowed per window, in `unit` (default 1200: Hyperliquid's weight a minute). */
  limit?: number;
  /** What it counts (default `weight`). */
  unit?: LedgerUnit;
  /** Default one minute. */
  windowMs?: number;
  now?: () => number;
}

/** Spends within this many ms of a bucket's first spend share its entry: at most window / bucket entries. */
const BUCKET_MS = 1000;
/** A short window (a provider's second) is kept in at least this many buckets. */
const MIN_BUCKETS = 10;

interface Entry {
  first: number;
  /** When the bucket's last spend leaves the window. */
  until: number;
  weight: number;
}

/** What was spent over a sliding window (weight or requests), bounded in memory whatever is spent. */
export class WeightLedger {
  readonly limit: number;
  readonly unit: LedgerUnit;
  readonly windowMs: number;
  private readonly bucketMs: number;
  private readonly now: () => number;
  private readonly entries: Entry[] = [];

  constructor(options: WeightLedgerOptions = {}) {
    this.limit = options.limit ?? WEIGHT_PER_MINUTE;
    this.unit = options.unit ?? 'weight';
    this.windowMs = options.windowMs ?? 60_000;
    this.bucketMs = Math.min(BUCKET_MS, this.windowMs / MIN_BUCKETS);
    this.now = options.now ?? (() => Date.now());
  }

  /** What one request of `type` costs here: its weight, or 1 (a request). */
  cost(type: string): number {
    return this.unit === 'requests' ? 1 : infoRequestWeight(type);
  }

  /** What is allowed in a minute, in `unit`. */
  get perMinute(): number {
    return (this.limit * 60_000) / this.windowMs;
  }

  /** One request of `type` is being sent. */
  spendRequest(type: string): void {
    this.spend(this.cost(type));
  }

  spend(weight: number): void {
    if (!(weight > 0)) return;
    const now = this.now();
    this.prune(now);
    const last = this.entries.at(-1);
    if (last && now - last.first < this.bucketMs) {
      last.weight += weight;
      last.until = now + this.windowMs;
    } else this.entries.push({ first: now, until: now + this.windowMs, weight });
  }

  /** The weight spent within the window. */
  spent(): number {
    this.prune(this.now());
    return this.entries.reduce((sum, e) => sum + e.weight, 0);
  }

  /** Entries held (for tests: bounded by the window, not by what was spent). */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Milliseconds until `weight` more fits within `share` of the limit (0: now). A weight above the whole
   * allowance fits only once nothing is left in the window, so that it runs alone.
   */
  waitMs(weight: number, share = 1): number {
    const now = this.now();
    this.prune(now);
    const allowance = this.limit * share;
    let spent = this.entries.reduce((sum, e) => sum + e.weight, 0);
    if (spent === 0 || spent + weight <= allowance) return 0;
    for (const e of this.entries) {
      spent -= e.weight;
      if (spent === 0 || spent + weight <= allowance) return e.until - now;
    }
    return 0; // not reached: the last entry empties the window
  }

  private prune(now: number): void {
    let gone = 0;
    while (gone < this.entries.length && this.entries[gone]!.until <= now) gone++;
    if (gone > 0) this.entries.splice(0, gone);
  }
}

/**
 * The ledger of the user's own provider: requests per second, its plan's rate (a setting, with the preset's
 * default). Hyperliquid's request weights are not the provider's limit and are not counted here.
 */
export function providerLedger(requestsPerSecond: number, now?: () => number): WeightLedger {
  return new WeightLedger({ unit: 'requests', limit: Math.max(1, Math.floor(requestsPerSecond)), windowMs: 1000, now });
}
