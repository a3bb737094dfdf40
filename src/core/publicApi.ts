/**
 * Hyperliquid's public info API as a fallback where the provider falls short: which info types may go
 * there (and under which of the user's two permissions), and its own request-weight budget, 1,200 per
 * minute per IP (hyperliquid.gitbook.io, rate limits), kept apart from the provider's (whose plans count
 * requests per second). Pure: no `vscode`.
 */
import { ProviderError } from './errors';
import { infoAnswerWeight, WEIGHT_PER_MINUTE } from './infoWeights';
import { msg } from './translate';
import { WeightLedger } from './weightLedger';

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
 * The weight spent on the public API in the last minute (a `WeightLedger` of Hyperliquid's weights). A
 * request that would pass the limit is not sent: it fails at once with a `rateLimited` error saying when
 * there is room again.
 */
export class PublicApiBudget {
  private readonly ledger: WeightLedger;

  constructor(
    readonly limit = WEIGHT_PER_MINUTE,
    now: () => number = Date.now,
    windowMs = 60_000,
  ) {
    this.ledger = new WeightLedger({ limit, unit: 'weight', windowMs, now });
  }

  /** Spends the weight of one request of `type`, or throws when the minute's budget has no room for it. */
  spend(type: string): void {
    const weight = this.ledger.cost(type);
    const waitMs = this.ledger.waitMs(weight);
    if (waitMs > 0) {
      const waitS = Math.max(1, Math.ceil(waitMs / 1000));
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
    this.ledger.spend(weight);
  }

  /**
   * What an answer of `type` adds once it came (the history types weigh more per 20 items): counted, never
   * refused, since it was already spent at Hyperliquid.
   */
  spendAnswer(type: string, answer: unknown): void {
    const weight = Array.isArray(answer) ? infoAnswerWeight(type, answer.length) : 0;
    if (weight > 0) this.ledger.spend(weight);
  }

  /** The weight spent within the last minute. */
  used(): number {
    return this.ledger.spent();
  }
}
