/**
 * Where the block panel gets its data: block details (cached: HyperEVM blocks are final once made),
 * the chain head, and the transactions of slim blocks page by page. No `vscode`: one per set of clients.
 */
import { BlockTransactionPages } from '../core/blockTransactions';
import { RequestCache } from '../core/cache';
import type { EvmClient } from '../core/evmClient';
import type { BlockDetails } from '../core/model';
import { toTransactionData } from './blockViewModel';
import type { TransactionData } from './protocol';

/** The most rows one request from the webview may ask for. */
export const MAX_ROWS_PER_REQUEST = 500;

export class BlockSource {
  private readonly details = new RequestCache<number, BlockDetails>(16);
  private readonly pages = new RequestCache<number, BlockTransactionPages>(8);

  constructor(private readonly evm: EvmClient) {}

  block(n: number, signal?: AbortSignal): Promise<BlockDetails> {
    return this.details.get(n, () => this.evm.getBlockDetails(n, signal));
  }

  latest(signal?: AbortSignal): Promise<number> {
    return this.evm.getBlockNumber(signal);
  }

  /** Rows `start…end-1` of a slim block, in transactionIndex order. */
  async rows(block: number, transactionCount: number, start: number, end: number, signal?: AbortSignal): Promise<TransactionData[]> {
    const to = Math.min(end, start + MAX_ROWS_PER_REQUEST, transactionCount);
    let pages = this.pages.peek(block);
    if (!pages || pages.transactionCount !== transactionCount) {
      pages = new BlockTransactionPages(this.evm, block, transactionCount);
      this.pages.set(block, pages);
    }
    const txs = await pages.range(start, to, signal);
    return txs.map((tx, i) => toTransactionData(tx, start + i));
  }
}
