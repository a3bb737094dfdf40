/**
 * One wallet's history over one time range, section by section, as the page loads it: fills, funding and
 * ledger updates paged by time (`TimePager`), historical orders and TWAP slices from their one answer (the
 * 2,000 newest), kept to the range. A section that fails keeps what it loaded and says why; the others go
 * on. Pure: the info client is handed in.
 */
import type { InfoClient } from '../core/infoClient';
import type { Fill, FundingPayment, HistoricalOrder, LedgerUpdate, TwapSliceFill } from '../core/model';
import { fillIdentity, fundingKey, ledgerKey, loadNext, TimePager } from './historyPaging';
import type { SectionId } from './historyRows';

/** The info API's limits (docs/FACTS.md#history), which the page states. */
export const FILLS_PER_ANSWER = 2_000;
export const FILLS_REACHABLE = 10_000;
export const LEDGER_PER_PAGE = 500;
export const NEWEST_ORDERS = 2_000;

export type HistoryClient = Pick<InfoClient, 'userFillsByTime' | 'userFunding' | 'userNonFundingLedgerUpdates' | 'historicalOrders' | 'userTwapSliceFills'>;

export class WalletHistory {
  readonly fills: TimePager<Fill>;
  readonly funding: TimePager<FundingPayment>;
  readonly ledger: TimePager<LedgerUpdate>;
  orders: HistoricalOrder[] = [];
  twap: TwapSliceFill[] = [];
  /** Whether the one-answer sections were asked. */
  private onceLoaded = { orders: false, twap: false };
  /** Why a section's last request failed (cleared by its next success). */
  readonly errors = new Map<SectionId, unknown>();

  constructor(
    private readonly client: HistoryClient,
    readonly wallet: string,
    readonly from: number,
    readonly to: number,
  ) {
    this.fills = new TimePager<Fill>(fillIdentity, FILLS_PER_ANSWER, from, to);
    this.funding = new TimePager<FundingPayment>(fundingKey, LEDGER_PER_PAGE, from, to);
    this.ledger = new TimePager<LedgerUpdate>(ledgerKey, LEDGER_PER_PAGE, from, to);
  }

  /** The first answer of every section, side by side. Throws only when every section failed (the first error). */
  async loadFirst(signal?: AbortSignal): Promise<void> {
    const sections: SectionId[] = ['fills', 'funding', 'transfers', 'orders', 'twap'];
    await Promise.all(sections.map((s) => this.more(s, signal)));
    if (this.errors.size === sections.length) throw this.errors.get('fills');
  }

  /** Whether `section` has more to ask. */
  hasMore(section: SectionId): boolean {
    switch (section) {
      case 'fills':
        return !this.fills.done;
      case 'funding':
        return !this.funding.done;
      case 'transfers':
        return !this.ledger.done;
      case 'orders':
        return !this.onceLoaded.orders;
      case 'twap':
        return !this.onceLoaded.twap;
    }
  }

  /** The next answer of `section`; a failure is kept in `errors` (a cancellation is thrown). */
  async more(section: SectionId, signal?: AbortSignal): Promise<void> {
    const w = this.wallet;
    const c = this.client;
    try {
      switch (section) {
        case 'fills':
          await loadNext(this.fills, (s, e, sig) => c.userFillsByTime(w, s, e, sig), signal);
          break;
        case 'funding':
          await loadNext(this.funding, (s, e, sig) => c.userFunding(w, s, e, sig), signal);
          break;
        case 'transfers':
          await loadNext(this.ledger, (s, e, sig) => c.userNonFundingLedgerUpdates(w, s, e, sig), signal);
          break;
        case 'orders':
          this.orders = (await c.historicalOrders(w, signal)).filter((o) => this.inRange(o.timestamp) || this.inRange(o.statusTimestamp));
          this.onceLoaded.orders = true;
          break;
        case 'twap':
          this.twap = (await c.userTwapSliceFills(w, signal)).filter((s) => this.inRange(s.fill.time));
          this.onceLoaded.twap = true;
          break;
      }
      this.errors.delete(section);
    } catch (e) {
      if (signal?.aborted) throw e;
      this.errors.set(section, e);
    }
  }

  private inRange(t: number): boolean {
    return t >= this.from && t <= this.to;
  }
}
