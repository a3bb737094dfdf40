/**
 * Transactions for hovers, through one provider connection, in the hovers' shared answers: a mined
 * transaction is kept (it never changes); a 64-hex value that is no transaction here (often a storage
 * slot or a block hash) is kept as such for a while, so hovering it again asks nothing. EVM only. Pure.
 */
import { isCancellation } from '../core/errors';
import type { Address, Hash, TransactionDetails, TransactionReceipt } from '../core/model';
import { SharedAnswers, type SharedAnswersOptions } from './sharedAnswers';

/** What it needs from the EVM client. */
export interface TransactionReader {
  getTransaction(hash: Hash, signal?: AbortSignal): Promise<TransactionDetails | null>;
  getTransactionReceipt(hash: Hash, signal?: AbortSignal): Promise<TransactionReceipt | null>;
}

/** The few fields a transaction hover shows; what the cache keeps. */
export interface TransactionSummary {
  hash: Hash;
  /** null while pending. */
  blockNumber: bigint | null;
  transactionIndex: number | null;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  /** The contract a creation made, from the receipt. */
  created?: Address;
  /** Wei. */
  value: bigint;
  /** 'pending' before it is mined; undefined when the receipt could not be had or says neither. */
  status?: 'success' | 'reverted' | 'pending';
  /** Wei: gas used × effective gas price, when the receipt gives them. */
  fee?: bigint;
}

export function transactionSummary(tx: TransactionDetails, receipt: TransactionReceipt | null | undefined): TransactionSummary {
  const price = receipt?.effectiveGasPrice ?? tx.gasPrice;
  return {
    hash: tx.hash,
    blockNumber: tx.blockNumber,
    transactionIndex: tx.transactionIndex,
    from: tx.from,
    to: tx.to,
    ...(receipt?.contractAddress ? { created: receipt.contractAddress } : {}),
    value: tx.value,
    status: tx.blockNumber === null ? 'pending' : receipt?.status,
    ...(receipt && price !== undefined ? { fee: receipt.gasUsed * price } : {}),
  };
}

/** How long answers are kept: a mined transaction with its receipt for good, the others a while. */
export const TRANSACTION_KEEP_MS = {
  /** No such transaction: most 64-hex values in code are not transactions; they may become one later. */
  notFound: 5 * 60_000,
  /** Pending, or mined without a receipt we could read: the rest comes soon. */
  unsettled: 5_000,
};

export class HoverTransactions {
  private readonly transactions: SharedAnswers<Hash, TransactionSummary | null>;

  constructor(
    readonly source: TransactionReader,
    options: Omit<SharedAnswersOptions<TransactionSummary | null>, 'keepMs'> = {},
  ) {
    this.transactions = new SharedAnswers((hash, signal) => this.load(hash, signal), {
      ...options,
      keepMs: (v) => (v === null ? TRANSACTION_KEEP_MS.notFound : v.status === 'success' || v.status === 'reverted' ? Infinity : TRANSACTION_KEEP_MS.unsettled),
    });
  }

  /** A kept answer without any request: a summary, null (no such transaction), or undefined (not asked yet). */
  peek(hash: Hash): TransactionSummary | null | undefined {
    return this.transactions.peek(hash);
  }

  get cached(): number {
    return this.transactions.size;
  }

  /** The transaction, or null when there is none with this hash on this chain. */
  find(hash: Hash, signal?: AbortSignal): Promise<TransactionSummary | null> {
    return this.transactions.find(hash, signal);
  }

  dispose(): void {
    this.transactions.dispose();
  }

  /** The transaction and its receipt at once (a cold hover waits for one round trip, not two). */
  private async load(hash: Hash, signal: AbortSignal): Promise<TransactionSummary | null> {
    const receipt = this.source.getTransactionReceipt(hash, signal).then(
      (r) => r,
      // The status and fee are a part of the hover; without them the rest still shows.
      (e: unknown) => {
        if (isCancellation(e) || signal.aborted) throw e;
        return undefined;
      },
    );
    const tx = await this.source.getTransaction(hash, signal).catch((e: unknown) => {
      receipt.catch(() => undefined);
      throw e;
    });
    if (!tx) {
      receipt.catch(() => undefined);
      return null;
    }
    return transactionSummary(tx, await receipt);
  }
}
