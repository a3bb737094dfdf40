/**
 * Everything the transaction page shows, loaded in one go: the transaction first (without it there is no
 * page), then its receipt and trace side by side, the revert reason only when the receipt says it
 * reverted, and the block's timestamp. Each of those extra requests fails on its own: the page shows
 * what came and says what did not.
 */
import type { EvmClient } from './evmClient';
import { isCancellation, ProviderError } from './errors';
import type { Hash, RevertReason, TraceEntry, TransactionDetails, TransactionReceipt } from './model';
import { decodeRevert } from './revert';

/** A request's result, or why it failed; `unsupported` when the node does not serve the method (-32601). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProviderError; unsupported: boolean };

export interface TransactionBundle {
  tx: TransactionDetails;
  /** null: the node has no receipt yet (pending). */
  receipt: Outcome<TransactionReceipt | null>;
  /** Asked only when the receipt says the transaction reverted. */
  revert?: Outcome<RevertReason>;
  trace: Outcome<TraceEntry[]>;
  /** Seconds since the epoch; absent for a pending transaction or when the block could not be read. */
  blockTimestamp?: bigint;
}

/**
 * The transaction with its receipt, revert reason, trace and block time; null when there is no such
 * transaction. `known` is the transaction when the caller has just fetched it (Look Up's `resolveHash`):
 * it is not asked for again.
 */
export async function loadTransaction(evm: EvmClient, hash: Hash, signal?: AbortSignal, known?: TransactionDetails): Promise<TransactionBundle | null> {
  const tx = known ?? (await evm.getTransaction(hash, signal));
  if (!tx) return null;
  const receiptAndRevert = outcome(evm.getTransactionReceipt(hash, signal)).then(async (receipt) => {
    const reverted = receipt.ok && receipt.value?.status === 'reverted';
    const revert = reverted ? await outcome(evm.getTransactionError(hash, signal).then(decodeRevert)) : undefined;
    return { receipt, revert };
  });
  const [{ receipt, revert }, trace, blockTimestamp] = await Promise.all([
    receiptAndRevert,
    outcome(evm.traceTransaction(hash, signal)),
    tx.blockNumber === null ? undefined : timestampOf(evm, tx.blockNumber, signal),
  ]);
  const bundle: TransactionBundle = { tx, receipt, trace };
  if (revert) bundle.revert = revert;
  if (blockTimestamp !== undefined) bundle.blockTimestamp = blockTimestamp;
  return bundle;
}

/** What a 64-hex value is on this chain: a transaction, else a block, else nothing. */
export async function resolveHash(
  evm: EvmClient,
  hash: Hash,
  signal?: AbortSignal,
): Promise<{ kind: 'transaction'; tx: TransactionDetails } | { kind: 'block'; number: bigint } | { kind: 'notFound' }> {
  const tx = await evm.getTransaction(hash, signal);
  if (tx) return { kind: 'transaction', tx };
  const number = await evm.getBlockNumberByHash(hash, signal);
  if (number !== null) return { kind: 'block', number };
  return { kind: 'notFound' };
}

/** The settled request; a cancellation is no outcome (it ends the whole load), nor is a bug. */
export async function outcome<T>(request: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await request };
  } catch (e) {
    if (!(e instanceof ProviderError) || isCancellation(e)) throw e;
    return { ok: false, error: e, unsupported: e.kind === 'rpc' && e.rpcCode === -32601 };
  }
}

/** The block's timestamp from `ots_getBlockDetails` (the request the block page makes too); undefined when it fails. */
async function timestampOf(evm: EvmClient, blockNumber: bigint, signal?: AbortSignal): Promise<bigint | undefined> {
  if (blockNumber > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const details = await outcome(evm.getBlockDetails(Number(blockNumber), signal));
  return details.ok && details.value.block.number === blockNumber ? details.value.block.timestamp : undefined;
}
