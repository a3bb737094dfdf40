import { ProviderError } from './errors';
import { msg } from './translate';
import type { EvmClient } from './evmClient';
import { checkAnswerFor, MAX_TRANSACTIONS_PAGE_SIZE } from './evmClient';
import type { BlockTransaction, TransactionPage } from './model';
import { RequestCache } from './cache';

export type PageDirection = 'first' | 'last';

/** A page that does not hold exactly the transactions its number and the direction say it should. */
class PageMismatch extends Error {}

/**
 * The transactions of a slim block, loaded page by page with `ots_getBlockTransactions` as they are
 * needed. Nodes disagree on which end page 0 starts from, so the direction is read off page 0's
 * `transactionIndex` values, and every range is returned in `transactionIndex` order.
 *
 * Every page must cover exactly the index range it should. A provider that balances requests across
 * node versions can mix both directions; when a page does not fit, the direction is read again once
 * (with fresh pages), and a second misfit fails loudly instead of leaving rows out.
 */
export class BlockTransactionPages {
  private pages: RequestCache<number, TransactionPage>;
  private redetected = false;

  constructor(
    private readonly evm: EvmClient,
    readonly blockNumber: number,
    readonly transactionCount: number,
    readonly pageSize = MAX_TRANSACTIONS_PAGE_SIZE,
  ) {
    this.pages = this.newPageCache();
  }

  private newPageCache(): RequestCache<number, TransactionPage> {
    return new RequestCache(Math.max(1, Math.ceil(this.transactionCount / this.pageSize)));
  }

  /** Which end of the block page 0 holds. */
  async direction(signal?: AbortSignal): Promise<PageDirection> {
    // Page 0 is shared and cached by `page`; each caller waits on it with its own signal.
    return this.directionOf(await this.page(0, signal));
  }

  private directionOf(first: TransactionPage): PageDirection {
    const indexes = new Set(first.transactions.map((t) => t.transactionIndex));
    if (indexes.has(0)) return 'first';
    if (indexes.has(this.transactionCount - 1)) return 'last';
    const message = msg('The node’s first page of transactions holds neither the first nor the last transaction of the block.');
    throw new ProviderError('invalidResponse', message, { endpoint: 'evm' });
  }

  /** Page 0, asked before this block's transaction count was known (with the block's details): kept as if asked here. */
  seedFirstPage(page: TransactionPage): void {
    if (page.blockNumber === BigInt(this.blockNumber) && !this.pages.peek(0)) this.pages.set(0, page);
  }

  /** Whether `range(start, end)` can answer from the pages kept, without a request. */
  atHand(start: number, end: number): boolean {
    const from = Math.max(0, start);
    const to = Math.min(this.transactionCount, end);
    if (from >= to) return true;
    const first = this.pages.peek(0);
    if (!first) return false;
    let direction: PageDirection;
    try {
      direction = this.directionOf(first);
    } catch {
      return false;
    }
    const a = pageOf(from, direction, this.transactionCount, this.pageSize);
    const b = pageOf(to - 1, direction, this.transactionCount, this.pageSize);
    for (let p = Math.min(a, b); p <= Math.max(a, b); p++) if (!this.pages.peek(p)) return false;
    return true;
  }

  /** Transactions with `start <= transactionIndex < end`, in order. */
  async range(start: number, end: number, signal?: AbortSignal): Promise<BlockTransaction[]> {
    try {
      return await this.rangeOnce(start, end, signal);
    } catch (e) {
      if (!(e instanceof PageMismatch)) throw e;
      if (this.redetected) throw mixedPages(this.blockNumber, e.message);
      // Once: forget the pages (the direction is read from page 0), and read them again.
      this.redetected = true;
      this.pages = this.newPageCache();
      try {
        return await this.rangeOnce(start, end, signal);
      } catch (again) {
        throw again instanceof PageMismatch ? mixedPages(this.blockNumber, again.message) : again;
      }
    }
  }

  private async rangeOnce(start: number, end: number, signal?: AbortSignal): Promise<BlockTransaction[]> {
    const from = Math.max(0, start);
    const to = Math.min(this.transactionCount, end);
    if (from >= to) return [];
    const direction = await this.direction(signal);
    const first = pageOf(from, direction, this.transactionCount, this.pageSize);
    const last = pageOf(to - 1, direction, this.transactionCount, this.pageSize);
    const numbers: number[] = [];
    for (let p = Math.min(first, last); p <= Math.max(first, last); p++) numbers.push(p);
    const pages = await Promise.all(numbers.map((p) => this.page(p, signal)));
    pages.forEach((page, i) => this.checkCoverage(numbers[i] as number, page, direction));
    return pages
      .flatMap((p) => p.transactions)
      .filter((t) => t.transactionIndex !== undefined && t.transactionIndex >= from && t.transactionIndex < to)
      .sort((a, b) => (a.transactionIndex ?? 0) - (b.transactionIndex ?? 0));
  }

  /** Throws PageMismatch unless page `n` holds exactly the indexes `pageRange` says, each once. */
  private checkCoverage(n: number, page: TransactionPage, direction: PageDirection): void {
    const [start, end] = pageRange(n, direction, this.transactionCount, this.pageSize);
    const expected = `${start}–${end - 1}`;
    // Not `page.transactionCount`: anvil sets it to the page's length, Erigon and reth to the block's.
    const seen = new Set<number>();
    for (const t of page.transactions) {
      const i = t.transactionIndex ?? -1;
      if (i < start || i >= end || seen.has(i)) throw new PageMismatch(`page ${n} holds transaction ${i}, expected ${expected}`);
      seen.add(i);
    }
    if (seen.size !== end - start) throw new PageMismatch(`page ${n} holds ${seen.size} transactions, expected ${expected}`);
  }

  private page(n: number, signal?: AbortSignal): Promise<TransactionPage> {
    return this.pages.get(
      n,
      async (shared) => {
        const page = await this.evm.getBlockTransactions(this.blockNumber, n, this.pageSize, shared);
        checkAnswerFor(this.blockNumber, page.blockNumber, 'ots_getBlockTransactions');
        return page;
      },
      signal,
    );
  }
}

/** The page that holds transaction `index`, for a node paging from the given end. */
export function pageOf(index: number, direction: PageDirection, count: number, pageSize: number): number {
  return direction === 'first' ? Math.floor(index / pageSize) : Math.floor((count - 1 - index) / pageSize);
}

/** The indexes `[start, end)` page `n` holds, for a node paging from the given end. */
export function pageRange(n: number, direction: PageDirection, count: number, pageSize: number): [number, number] {
  if (direction === 'first') return [Math.min(count, n * pageSize), Math.min(count, (n + 1) * pageSize)];
  return [Math.max(0, count - (n + 1) * pageSize), Math.max(0, count - n * pageSize)];
}

function mixedPages(blockNumber: number, detail: string): ProviderError {
  return new ProviderError(
    'invalidResponse',
    msg(
      'The node’s pages of block {0}’s transactions do not fit together ({1}), even after reading them again. A provider that mixes node versions paging in different directions can do this; try again later.',
      blockNumber.toLocaleString('en-US'),
      detail,
    ),
    { endpoint: 'evm' },
  );
}
