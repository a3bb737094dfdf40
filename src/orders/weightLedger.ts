/**
 * One ledger of what Open Orders spends at the provider it asks. Every kind of refresh spends from it
 * (automatic ones, the user's, Reload Markets, first loads), so none of them can spend what another
 * already did. What it counts follows the provider: on Hyperliquid's public API, its request weights
 * (1,200 a minute per IP); on the user's own provider (Chainstack, QuickNode, a custom node, the demo
 * node), requests per second, the rate of the provider's plan (`providerLedger`). No `vscode` import.
 */

import { infoRequestWeight, WEIGHT_PER_MINUTE } from '../core/infoWeights';

export { infoRequestWeight, WEIGHT_PER_MINUTE };
/** The share of it automatic refreshes may use: manual refreshes, other tools and wallets share the IP. */
export const AUTO_REFRESH_BUDGET_SHARE = 0.5;
/** The most one automatic refresh may weigh: its share of one minute's budget. */
export const AUTO_REFRESH_ALLOWANCE = WEIGHT_PER_MINUTE * AUTO_REFRESH_BUDGET_SHARE;

/**
 * Asked once and kept, not part of every refresh: what every wallet of a connection shares (cached for a
 * while by the source), and what a wallet is (`userRole`, asked once per address).
 */
const MARKET_DATA_TYPES = new Set(['perpDexs', 'spotMeta', 'meta', 'userRole']);

/** The requests one refresh sent, by count and by Hyperliquid's weights; each is spent at once (e.g. into a ledger). */
export class RequestTally {
  requests = 0;
  weight = 0;
  /** The part of `weight` spent on what is kept across refreshes (`perpDexs`, `spotMeta`, `meta`, `userRole`). */
  marketWeight = 0;
  /** The part of `requests` sent for what is kept across refreshes. */
  marketRequests = 0;

  constructor(private readonly onSent?: (type: string) => void) {}

  /** One request of `type` is being sent. */
  add(type: string): void {
    const weight = infoRequestWeight(type);
    this.requests += 1;
    this.weight += weight;
    if (MARKET_DATA_TYPES.has(type)) {
      this.marketWeight += weight;
      this.marketRequests += 1;
    }
    this.onSent?.(type);
  }

  /** What the requests cost in a ledger's `unit`, all of them or without the market data. */
  cost(unit: LedgerUnit, withMarket = true): number {
    if (unit === 'requests') return this.requests - (withMarket ? 0 : this.marketRequests);
    return this.weight - (withMarket ? 0 : this.marketWeight);
  }
}

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
