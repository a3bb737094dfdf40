/**
 * Where the block panel gets its data: block details (cached: HyperEVM blocks are final once made),
 * the chain head, and the transactions of a block in either shape. No `vscode`, and nothing of the
 * view: it hands on the core's model, and the panel turns it into rows. One per set of clients.
 */
import { BlockTransactionPages } from '../core/blockTransactions';
import { RequestCache } from '../core/cache';
import { checkAnswerFor, type EvmClient } from '../core/evmClient';
import type { BlockDetails, BlockTransaction } from '../core/model';

/** The most rows one request from the webview may ask for. */
export const MAX_ROWS_PER_REQUEST = 500;

export class BlockSource {
  private readonly details = new RequestCache<number, BlockDetails>(16);
  private readonly pages = new RequestCache<number, BlockTransactionPages>(8);

  constructor(private readonly evm: EvmClient) {}

  block(n: number, signal?: AbortSignal): Promise<BlockDetails> {
    return this.details.get(n, async () => {
      const details = await this.evm.getBlockDetails(n, signal);
      checkAnswerFor(n, details.block.number, 'ots_getBlockDetails');
      return details;
    });
  }

  latest(signal?: AbortSignal): Promise<number> {
    return this.evm.getBlockNumber(signal);
  }

  /**
   * The transactions at positions `start…end-1` of a block (at most MAX_ROWS_PER_REQUEST), in block
   * order, each with its `transactionIndex`. The spec's shape has them at hand; a slim block's are
   * loaded page by page.
   */
  async transactions(details: BlockDetails, start: number, end: number, signal?: AbortSignal): Promise<BlockTransaction[]> {
    const count = details.block.transactionCount;
    const to = Math.min(end, start + MAX_ROWS_PER_REQUEST, count);
    if (details.transactions) {
      // The spec's shape lists transactions in block order; its transactions may lack a transactionIndex.
      return details.transactions.slice(start, to).map((tx, i) => (tx.transactionIndex === undefined ? { ...tx, transactionIndex: start + i } : tx));
    }
    const block = Number(details.block.number);
    let pages = this.pages.peek(block);
    if (!pages || pages.transactionCount !== count) {
      pages = new BlockTransactionPages(this.evm, block, count);
      this.pages.set(block, pages);
    }
    return pages.range(start, to, signal);
  }
}
