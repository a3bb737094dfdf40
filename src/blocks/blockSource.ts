/**
 * Where the block page and the block hovers get their data: block details (cached: HyperEVM blocks are
 * final once made), the chain head, and the transactions of a block in either shape. No `vscode`, and
 * nothing of the view: it hands on the core's model, and the page turns it into rows, the hover into a
 * summary. One per set of clients (`blockSourceHost.ts`).
 *
 * The page's first screen costs one round trip: the block's details and its first page of transactions
 * are asked at once (one JSON-RPC batch), the page before it is known whether the block is slim; `latest`
 * asks the head, the latest block and its first page at once where the node takes the tag.
 */
import { BlockTransactionPages } from '../core/blockTransactions';
import { RequestCache } from '../core/cache';
import { isCancellation } from '../core/errors';
import { outcome } from '../core/settled';
import { checkAnswerFor, MAX_TRANSACTIONS_PAGE_SIZE, type EvmClient } from '../core/evmClient';
import type { BlockDetails, BlockTransaction, TransactionPage } from '../core/model';
import { FIRST_ROWS } from './protocol';

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

/** What the block page draws first: the block, and its first transactions when they are at hand. */
export interface FirstScreen {
  details: BlockDetails;
  /** Transactions 0, 1, … (up to `FIRST_ROWS`), or none when they need another request (the page asks for them). */
  rows: BlockTransaction[];
}

export class BlockSource {
  /** Bounded by count and by size: the raw JSON of a few large blocks can be hundreds of MB. */
  private readonly details: RequestCache<number, BlockDetails>;
  private readonly pages = new RequestCache<number, BlockTransactionPages>(8);
  /** Page 0 of blocks whose details were asked with it (before their transaction count was known). */
  private readonly firstPages = new RequestCache<number, TransactionPage>(8);
  /** Whether the node takes `latest` for a block number (newer reth and Erigon do, older nanoreth not). */
  private latestTag: 'unknown' | 'yes' | 'no' = 'unknown';

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
   * Block `n` and the rows of its first screen, in one round trip: its details and page 0 of its
   * transactions are asked at once. Page 0 holds the first transactions on nodes that page from the
   * start, and all of them in a block of up to 100; a node paging from the end needs another request
   * for a bigger block's first rows, which the page then asks for.
   */
  async firstScreen(n: number, signal?: AbortSignal): Promise<FirstScreen> {
    const kept = this.details.peek(n);
    const page = kept?.transactions || this.pages.peek(n)?.atHand(0, 1) ? undefined : this.firstPage(n, signal);
    const [details] = await Promise.all([this.block(n, signal), page]);
    return { details, rows: await this.rowsAtHand(details, signal) };
  }

  /**
   * The latest block and its first screen: where the node takes the `latest` tag, the head, the latest
   * block's details and its first page go out together (one round trip); a node that refuses the tag is
   * asked the head first from then on (two).
   */
  async latestScreen(signal?: AbortSignal): Promise<FirstScreen> {
    if (this.latestTag === 'no') return this.firstScreen(await this.latest(signal), signal);
    const [head, details, page] = await Promise.all([
      outcome(this.latest(signal)),
      outcome(this.evm.getBlockDetails('latest', signal)),
      outcome(this.evm.getBlockTransactions('latest', 0, MAX_TRANSACTIONS_PAGE_SIZE, signal)),
    ]);
    if (details.ok) {
      this.latestTag = 'yes';
      const n = Number(details.value.block.number);
      this.details.set(n, details.value);
      // The head may have moved between the two answers: a page of another block is not this one's.
      if (page.ok && page.value.blockNumber === details.value.block.number) this.firstPages.set(n, page.value);
      return { details: details.value, rows: await this.rowsAtHand(details.value, signal) };
    }
    if (details.error.kind !== 'rpc') throw details.error;
    this.latestTag = 'no';
    if (!head.ok) throw head.error;
    return this.firstScreen(head.value, signal);
  }

  /** Page 0 of block `n`, asked with its details; a failure costs only the rows (the page asks for them again). */
  private firstPage(n: number, signal?: AbortSignal): Promise<TransactionPage | undefined> {
    return this.firstPages
      .get(
        n,
        async (shared) => {
          const page = await this.evm.getBlockTransactions(n, 0, MAX_TRANSACTIONS_PAGE_SIZE, shared);
          checkAnswerFor(n, page.blockNumber, 'ots_getBlockTransactions');
          return page;
        },
        signal,
      )
      .catch((e: unknown) => {
        if (isCancellation(e)) throw e;
        return undefined;
      });
  }

  /** The first rows, when no request is needed for them. */
  private async rowsAtHand(details: BlockDetails, signal?: AbortSignal): Promise<BlockTransaction[]> {
    const count = details.block.transactionCount;
    if (details.transactions) return this.transactions(details, 0, FIRST_ROWS, signal);
    const pages = this.pagesOf(details);
    const end = Math.min(count, pages.pageSize);
    return pages.atHand(0, end) ? pages.range(0, end, signal) : [];
  }

  /** The pages of a slim block, with its page 0 when it was asked with the details. */
  private pagesOf(details: BlockDetails): BlockTransactionPages {
    const block = Number(details.block.number);
    const count = details.block.transactionCount;
    let pages = this.pages.peek(block);
    if (!pages || pages.transactionCount !== count) {
      pages = new BlockTransactionPages(this.evm, block, count);
      this.pages.set(block, pages);
    }
    const first = this.firstPages.peek(block);
    if (first) pages.seedFirstPage(first);
    return pages;
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
    return this.pagesOf(details).range(start, to, signal);
  }
}
