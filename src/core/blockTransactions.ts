import { ProviderError } from './errors';
import type { EvmClient } from './evmClient';
import { MAX_TRANSACTIONS_PAGE_SIZE } from './evmClient';
import type { BlockTransaction, TransactionPage } from './model';
import { RequestCache } from './cache';

export type PageDirection = 'first' | 'last';

/**
 * The transactions of a slim block, loaded page by page with `ots_getBlockTransactions` as they are
 * needed. Nodes disagree on which end page 0 starts from, so the direction is read off page 0's
 * `transactionIndex` values, and every range is returned in `transactionIndex` order.
 */
export class BlockTransactionPages {
  private readonly pages: RequestCache<number, TransactionPage>;

  constructor(
    private readonly evm: EvmClient,
    readonly blockNumber: number,
    readonly transactionCount: number,
    readonly pageSize = MAX_TRANSACTIONS_PAGE_SIZE,
  ) {
    this.pages = new RequestCache(Math.max(1, Math.ceil(transactionCount / pageSize)));
  }

  /** Which end of the block page 0 holds. */
  async direction(signal?: AbortSignal): Promise<PageDirection> {
    // Page 0 is shared and cached by `page`; each caller waits on it with its own signal.
    const first = await this.page(0, signal);
    const indexes = new Set(first.transactions.map((t) => t.transactionIndex));
    if (indexes.has(0)) return 'first';
    if (indexes.has(this.transactionCount - 1)) return 'last';
    throw new ProviderError('invalidResponse', 'The node’s first page of transactions holds neither the first nor the last transaction of the block.', {
      endpoint: 'evm',
    });
  }

  /** Transactions with `start <= transactionIndex < end`, in order. */
  async range(start: number, end: number, signal?: AbortSignal): Promise<BlockTransaction[]> {
    const from = Math.max(0, start);
    const to = Math.min(this.transactionCount, end);
    if (from >= to) return [];
    const direction = await this.direction(signal);
    const first = pageOf(from, direction, this.transactionCount, this.pageSize);
    const last = pageOf(to - 1, direction, this.transactionCount, this.pageSize);
    const numbers: number[] = [];
    for (let p = Math.min(first, last); p <= Math.max(first, last); p++) numbers.push(p);
    const pages = await Promise.all(numbers.map((p) => this.page(p, signal)));
    return pages
      .flatMap((p) => p.transactions)
      .filter((t) => t.transactionIndex !== undefined && t.transactionIndex >= from && t.transactionIndex < to)
      .sort((a, b) => (a.transactionIndex ?? 0) - (b.transactionIndex ?? 0));
  }

  private page(n: number, signal?: AbortSignal): Promise<TransactionPage> {
    return this.pages.get(n, (shared) => this.evm.getBlockTransactions(this.blockNumber, n, this.pageSize, shared), undefined, signal);
  }
}

/** The page that holds transaction `index`, for a node paging from the given end. */
export function pageOf(index: number, direction: PageDirection, count: number, pageSize: number): number {
  return direction === 'first' ? Math.floor(index / pageSize) : Math.floor((count - 1 - index) / pageSize);
}
