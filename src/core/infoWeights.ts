/**
 * The request weight Hyperliquid's info API counts, 1,200 a minute per IP (hyperliquid.gitbook.io, rate
 * limits and user limits): one table for the Open Orders ledger and the public API's budget. Pure.
 */

/** Hyperliquid's request-weight budget: 1,200 per minute per IP. */
export const WEIGHT_PER_MINUTE = 1200;

/** Info types Hyperliquid weighs 2; `userRole` weighs 60, the rest 20. */
const LIGHT_TYPES = new Set(['allMids', 'l2Book', 'clearinghouseState', 'orderStatus', 'spotClearinghouseState', 'exchangeStatus']);

/** The weight Hyperliquid counts for one info request of `type`. */
export function infoRequestWeight(type: string): number {
  if (LIGHT_TYPES.has(type)) return 2;
  return type === 'userRole' ? 60 : 20;
}

/**
 * The history types, which Hyperliquid weighs 1 more per 20 items of the answer
 * (docs/FACTS.md#weights-and-rate-limits): known only once the answer came.
 */
const PER_ITEM_TYPES = new Set(['historicalOrders', 'userFills', 'userFillsByTime', 'userFunding', 'userTwapSliceFills', 'userNonFundingLedgerUpdates']);

/** The weight an answer of `items` items adds to its request's (0 for a type not weighed by items). */
export function infoAnswerWeight(type: string, items: number): number {
  return PER_ITEM_TYPES.has(type) ? Math.ceil(Math.max(0, items) / 20) : 0;
}
