/**
 * Where the block page and the block hovers get their data: block details (cached: HyperEVM blocks are
 * final once made), the chain head, and the transactions of a block in either shape. No `vscode`, and
 * nothing of the view: it hands on the core's model, and the page turns it into rows, the hover into a
 * summary. One per set of clients (`blockSourceHost.ts`).
 */
import { BlockTransactionPages } from '../core/blockTransactions';
import { RequestCache } from '../core/cache';
import { checkAnswerFor, type EvmClient } from '../core/evmClient';
import type { BlockDetails, BlockTransaction } from '../core/model';

/** The most rows one request from the webview may ask for. */
export const MAX_ROWS_PER_REQUEST = 500;

/** The most memory the cached blocks may hold, measured as the length of their JSON. */
export const MAX_CACHED_BLOCK_BYTES = 32 * 1024 * 1024;

/**
 * The most blocks kept: enough for a file full of hovered block numbers (the page and the hovers share
 * this cache); the weight bound above is what really limits it.
 */
export const MAX_CACHED_BLOCKS = 512;

/** Roughly how many bytes a decoded block holds: the length of its raw JSON. */
export function approximateBytes(details: BlockDetails): number {
  return jsonLength(details.raw);
}

/**
 * The length `JSON.stringify(value)` would have, give or take escapes, counted without writing it (for a
 * 10,000-transaction block, writing it cost more than parsing it). A loop with its own stack: hostile
 * answers nest 100,000 deep.
 */
export function jsonLength(value: unknown): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        total += v.length + 2;
        break;
      case 'number':
      case 'bigint':
        total += String(v).length;
        break;
      case 'boolean':
        total += v ? 4 : 5;
        break;
      case 'object':
        if (v === null) total += 4;
        else if (Array.isArray(v)) {
          total += 2 + Math.max(0, v.length - 1);
          for (const item of v) stack.push(item);
        } else {
          const keys = Object.keys(v);
          total += 2 + Math.max(0, keys.length - 1);
          for (const k of keys) {
            total += k.length + 3;
            stack.push((v as Record<string, unknown>)[k]);
          }
        }
        break;
      default:
        total += 4; // undefined and functions are left out or written as null: near enough
    }
  }
  return total;
}

export class BlockSource {
  /** Bounded by count and by size: the raw JSON of a few large blocks can be hundreds of MB. */
  private readonly details: RequestCache<number, BlockDetails>;
  private readonly pages = new RequestCache<number, BlockTransactionPages>(8);

  constructor(
    private readonly evm: EvmClient,
    maxCachedBytes = MAX_CACHED_BLOCK_BYTES,
    maxCachedBlocks = MAX_CACHED_BLOCKS,
  ) {
    this.details = new RequestCache({ capacity: maxCachedBlocks, maxWeight: maxCachedBytes, weigh: approximateBytes });
  }

  /** Roughly how many bytes the cached blocks hold. */
  get cachedBytes(): number {
    return this.details.weight;
  }

  /** How many blocks are kept. */
  get cachedBlocks(): number {
    return this.details.size;
  }

  /** A kept block, without any request (the synchronous fast path of a hover). */
  peekBlock(n: number): BlockDetails | undefined {
    return this.details.peek(n);
  }

  /**
   * Block `n`: kept, joined to a request in flight, or asked for. A caller whose `signal` aborts stops
   * waiting; the request itself is aborted only when nobody waits for it any more.
   */
  block(n: number, signal?: AbortSignal): Promise<BlockDetails> {
    return this.details.get(
      n,
      async (shared) => {
        const details = await this.evm.getBlockDetails(n, shared);
        checkAnswerFor(n, details.block.number, 'ots_getBlockDetails');
        return details;
      },
      signal,
    );
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
