/**
 * One ledger of the request weight Open Orders spends on Hyperliquid's info API, which allows 1200 per
 * minute per IP. Every kind of refresh spends from it (automatic ones, the user's, Reload Markets, first
 * loads), so none of them can spend what another already did. No `vscode` import.
 */

/** Hyperliquid's request-weight budget: 1200 per minute per IP. */
export const WEIGHT_PER_MINUTE = 1200;
/** The share of it automatic refreshes may use: manual refreshes, other tools and wallets share the IP. */
export const AUTO_REFRESH_BUDGET_SHARE = 0.5;
/** The most one automatic refresh may weigh: its share of one minute's budget. */
export const AUTO_REFRESH_ALLOWANCE = WEIGHT_PER_MINUTE * AUTO_REFRESH_BUDGET_SHARE;

/** Info types Hyperliquid weighs 2 (rate-limits-and-user-limits); 60 for `userRole`, 20 for the rest. */
const LIGHT_TYPES = new Set(['allMids', 'l2Book', 'clearinghouseState', 'orderStatus', 'spotClearinghouseState', 'exchangeStatus']);
/**
 * Asked once and kept, not part of every refresh: what every wallet of a connection shares (cached for a
 * while by the source), and what a wallet is (`userRole`, asked once per address).
 */
const MARKET_DATA_TYPES = new Set(['perpDexs', 'spotMeta', 'meta', 'userRole']);

/** The weight Hyperliquid counts for one info request of `type`. */
export function infoRequestWeight(type: string): number {
  if (LIGHT_TYPES.has(type)) return 2;
  return type === 'userRole' ? 60 : 20;
}

/** The requests one refresh sent, by Hyperliquid's weights; each is spent at once (e.g. into a ledger). */
export class RequestTally {
  requests = 0;
  weight = 0;
  /** The part of `weight` spent on what is kept across refreshes (`perpDexs`, `spotMeta`, `meta`, `userRole`). */
  marketWeight = 0;

  constructor(private readonly onSent?: (weight: number) => void) {}

  /** One request of `type` is being sent. */
  add(type: string): void {
    const weight = infoRequestWeight(type);
    this.requests += 1;
    this.weight += weight;
    if (MARKET_DATA_TYPES.has(type)) this.marketWeight += weight;
    this.onSent?.(weight);
  }
}

export interface WeightLedgerOptions {
  /** Weight allowed per window (default 1200). */
  limit?: number;
  /** Default one minute. */
  windowMs?: number;
  now?: () => number;
}

/** Spends within this many ms of a bucket's first spend share its entry: at most window / bucket entries. */
const BUCKET_MS = 1000;

interface Entry {
  first: number;
  /** When the bucket's last spend leaves the window. */
  until: number;
  weight: number;
}

/** Weight spent over a sliding window, bounded in memory whatever is spent. */
export class WeightLedger {
  readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly entries: Entry[] = [];

  constructor(options: WeightLedgerOptions = {}) {
    this.limit = options.limit ?? WEIGHT_PER_MINUTE;
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? (() => Date.now());
  }

  spend(weight: number): void {
    if (!(weight > 0)) return;
    const now = this.now();
    this.prune(now);
    const last = this.entries.at(-1);
    if (last && now - last.first < BUCKET_MS) {
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
