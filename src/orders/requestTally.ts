/**
 * What Open Orders spends at the provider it asks, as it goes: each refresh's tally of the requests it
 * sent (spent at once into the one ledger of that provider, `core/weightLedger.ts`, which every kind of
 * refresh shares), and the share of it automatic refreshes may use. No `vscode` import.
 */

import { infoRequestWeight, WEIGHT_PER_MINUTE } from '../core/infoWeights';
import type { LedgerUnit } from '../core/weightLedger';

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
