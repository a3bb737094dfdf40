/**
 * Hyperliquid's public info API as a fallback where the provider falls short: which info types may go
 * there (and under which of the user's two permissions), and its own request-weight budget, 1,200 per
 * minute per IP (hyperliquid.gitbook.io, rate limits), kept apart from the provider's (whose plans count
 * requests per second). Pure: no `vscode`.
 */
import { ProviderError } from './errors';
import { infoAnswerWeight, infoRequestWeight, WEIGHT_PER_MINUTE } from './infoWeights';
import { msg } from './translate';

/** Market data carries no wallet; wallet data sends the wallet address (never a key). */
export type PublicDataKind = 'market' | 'wallet';

const PUBLIC_KINDS: Readonly<Record<string, PublicDataKind>> = {
  allMids: 'market',
  meta: 'market',
  spotMeta: 'market',
  perpDexs: 'market',
  orderStatus: 'wallet',
  historicalOrders: 'wallet',
  userFills: 'wallet',
  userFillsByTime: 'wallet',
  userFunding: 'wallet',
  userNonFundingLedgerUpdates: 'wallet',
  userTwapSliceFills: 'wallet',
};

/** Which permission an info type needs to go to the public API; undefined: it never goes there. */
export function publicDataKind(type: string): PublicDataKind | undefined {
  return PUBLIC_KINDS[type];
}

/**
 * The weight spent on the public API in the last minute. A request that would pass the limit is not
 * sent: it fails at once with a `rateLimited` error saying when there is room again. At most
 * limit / 2 entries are held, whatever is asked.
 */
export class PublicApiBudget {
  private readonly spent: { at: number; weight: number }[] = [];

  constructor(
    readonly limit = WEIGHT_PER_MINUTE,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  /** Spends the weight of one request of `type`, or throws when the minute's budget has no room for it. */
  spend(type: string): void {
    const weight = infoRequestWeight(type);
    const now = this.now();
    while (this.spent.length && this.spent[0]!.at + this.windowMs <= now) this.spent.shift();
    let total = this.spent.reduce((sum, s) => sum + s.weight, 0);
    if (total + weight > this.limit) {
      let i = 0;
      while (total + weight > this.limit && i < this.spent.length) total -= this.spent[i++]!.weight;
      const waitS = Math.max(1, Math.ceil((this.spent[i - 1]!.at + this.windowMs - now) / 1000));
      throw new ProviderError(
        'rateLimited',
        msg(
          'Hyperliquid’s public API allows {0} request weight a minute from your IP, and this minute’s is spent. Try again in {1} s.',
          this.limit.toLocaleString('en-US'),
          waitS,
        ),
        { endpoint: 'info', retryAfterSeconds: waitS },
      );
    }
    this.spent.push({ at: now, weight });
  }

  /**
   * What an answer of `type` adds once it came (the history types weigh more per 20 items): counted, never
   * refused, since it was already spent at Hyperliquid.
   */
  spendAnswer(type: string, answer: unknown): void {
    const weight = Array.isArray(answer) ? infoAnswerWeight(type, answer.length) : 0;
    if (weight > 0) this.spent.push({ at: this.now(), weight });
  }

  /** The weight spent within the last minute. */
  used(): number {
    const now = this.now();
    return this.spent.filter((s) => s.at + this.windowMs > now).reduce((sum, s) => sum + s.weight, 0);
  }
}
