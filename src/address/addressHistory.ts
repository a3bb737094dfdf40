/**
 * An address's history as the page loads it: page after page of the one source chosen, newest first,
 * without limit, every transaction once. A source that repeats pages, sends them out of order or overlapping
 * cannot duplicate a row; one that keeps sending nothing new is stopped after a few pages; what was loaded
 * stays when a page fails. Pure: no `vscode`.
 */
import type { EvmClient } from '../core/evmClient';
import type { ExplorerHistoryClient } from '../core/explorerHistory';
import { compareNewestFirst, type HistoryTransaction } from '../core/history';
import type { Address } from '../core/model';
import type { HistorySourceKind } from './protocol';

/** One page from a source, and where the next (older) one starts; null: nothing older. */
export interface SourcePage<Cursor> {
  transactions: HistoryTransaction[];
  next: Cursor | null;
}

/** Where an address's transactions come from. */
export interface HistorySource<Cursor = unknown> {
  readonly kind: HistorySourceKind;
  /** The explorer's host; null for the node. */
  readonly host: string | null;
  /** The page after `cursor` (undefined: the newest). */
  older(cursor: Cursor | undefined, signal?: AbortSignal): Promise<SourcePage<Cursor>>;
}

/** Transactions asked for per page. */
export const HISTORY_PAGE_SIZE = 25;

/** The node's Otterscan search: before a block (0: from the newest); the page's oldest block is the next cursor. */
export function nodeSource(evm: Pick<EvmClient, 'searchTransactions'>, address: Address, pageSize = HISTORY_PAGE_SIZE): HistorySource<number> {
  return {
    kind: 'node',
    host: null,
    async older(cursor, signal) {
      const page = await evm.searchTransactions('before', address, cursor ?? 0, pageSize, signal);
      const oldest = lowestBlock(page.transactions);
      // A node includes whole blocks: the page's oldest block is done, the next page starts below it.
      const next = page.oldest || oldest === null || oldest === 0n ? null : Number(oldest);
      return { transactions: page.transactions, next };
    },
  };
}

/** An explorer's cursor: at or below `endBlock` (none: from the newest), page `page` of that range. */
export interface ExplorerCursor {
  endBlock?: number;
  page: number;
}

/**
 * An explorer's txlist, newest first. The next page starts at the page's oldest block (whose other
 * transactions may not all have fit; the ones seen come again and are dropped), or, when the whole page
 * was that one block, at the next page of it.
 */
export function explorerSource(
  client: Pick<ExplorerHistoryClient, 'txList' | 'host'>,
  kind: 'blockscout' | 'etherscan',
  address: Address,
  pageSize = HISTORY_PAGE_SIZE,
): HistorySource<ExplorerCursor> {
  return {
    kind,
    host: client.host,
    async older(cursor, signal) {
      const at = cursor ?? { page: 1 };
      const transactions = await client.txList(address, at.endBlock, at.page, pageSize, signal);
      const oldest = lowestBlock(transactions);
      if (transactions.length < pageSize || oldest === null) return { transactions, next: null };
      const sameBlock = at.endBlock !== undefined && oldest === BigInt(at.endBlock);
      return { transactions, next: sameBlock ? { endBlock: at.endBlock, page: at.page + 1 } : { endBlock: Number(oldest), page: 1 } };
    },
  };
}

function lowestBlock(transactions: readonly HistoryTransaction[]): bigint | null {
  let low: bigint | null = null;
  for (const t of transactions) if (low === null || t.blockNumber < low) low = t.blockNumber;
  return low;
}

/** Pages in a row that brought nothing new before the source is taken to repeat itself. */
export const MAX_PAGES_WITHOUT_NEW = 3;

/** What a page added. */
export interface PageResult {
  /** The transactions not seen before, newest first. */
  added: HistoryTransaction[];
  /** Where the list changed: from here on, `transactions` is new (the old length when the page was all older). */
  from: number;
  complete: boolean;
  /** The source kept sending what was already loaded: the history stops there. */
  repeating: boolean;
}

/** The transactions loaded so far, from one source. */
export class AddressHistory<Cursor = unknown> {
  private readonly seen = new Set<string>();
  private readonly loaded: HistoryTransaction[] = [];
  private cursor: Cursor | undefined;
  private done = false;
  private repeating = false;
  private fruitless = 0;
  private cursorsSeen = new Set<string>();
  private inFlight?: Promise<PageResult>;

  constructor(readonly source: HistorySource<Cursor>) {}

  /** Every transaction loaded, newest first. */
  get transactions(): readonly HistoryTransaction[] {
    return this.loaded;
  }

  get complete(): boolean {
    return this.done;
  }

  /** The next older page; asked again while one is under way, the same page is awaited (never two at once). */
  older(signal?: AbortSignal): Promise<PageResult> {
    if (this.done) return Promise.resolve({ added: [], from: this.loaded.length, complete: true, repeating: this.repeating });
    this.inFlight ??= this.load(signal).finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async load(signal?: AbortSignal): Promise<PageResult> {
    const page = await this.source.older(this.cursor, signal);
    const added: HistoryTransaction[] = [];
    for (const t of page.transactions) {
      if (this.seen.has(t.hash)) continue;
      this.seen.add(t.hash);
      added.push(t);
    }
    added.sort(compareNewestFirst);
    const from = this.merge(added);
    this.fruitless = added.length === 0 ? this.fruitless + 1 : 0;
    // A cursor met before means the source leads back to a page already read: it would loop.
    const key = page.next === null ? null : JSON.stringify(page.next);
    const loops = key !== null && this.cursorsSeen.has(key);
    if (key !== null) this.cursorsSeen.add(key);
    if (this.fruitless >= MAX_PAGES_WITHOUT_NEW || loops) this.repeating = true;
    this.cursor = page.next ?? undefined;
    this.done = page.next === null || this.repeating;
    return { added, from, complete: this.done, repeating: this.repeating };
  }

  /** Adds `added` (newest first) to the list, in order: at the end when all are older (the usual case), else sorted in. */
  private merge(added: HistoryTransaction[]): number {
    const length = this.loaded.length;
    if (added.length === 0) return length;
    const last = this.loaded[length - 1];
    for (const t of added) this.loaded.push(t);
    if (!last || compareNewestFirst(last, added[0]!) <= 0) return length;
    // Out of order: sorted in; the list changed from the first place an added one went.
    this.loaded.sort(compareNewestFirst);
    const first = new Set(added.map((t) => t.hash));
    return Math.max(
      0,
      this.loaded.findIndex((t) => first.has(t.hash)),
    );
  }
}
