/**
 * Everything the transaction page shows, asked at once: the transaction, its receipt, its revert reason
 * and its trace go out together (one JSON-RPC batch: one round trip), none waiting for another. The
 * revert reason is asked before the receipt says whether the transaction reverted (a node answers `0x`
 * or null for one that did not), and used only when it did. Each part but the transaction fails on its
 * own: the page shows what came and says what did not. The block's time needs the block number, which
 * only the transaction says: it is asked after the page is drawn (`blockTimestamp`).
 *
 * A `null` receipt for a transaction that a block holds is not "pending": a provider whose `/evm` leaves
 * system transactions (HyperCore → HyperEVM transfers) out answers so for them (Chainstack's node docs).
 * Where the provider has a path that includes them (Chainstack's `/nanoreth`), the transaction is asked
 * there again, in one more round trip; so is a hash `/evm` does not know at all.
 */
import type { EvmClient } from './evmClient';
import type { SystemTxCoverage } from './providerRoute';
import type { Hash, RevertReason, TraceEntry, TransactionDetails, TransactionReceipt } from './model';
import { decodeRevert } from './revert';
import { outcome, type Outcome } from './settled';

export interface TransactionBundle {
  tx: TransactionDetails;
  /** null: the node has no receipt yet (pending). */
  receipt: Outcome<TransactionReceipt | null>;
  /** Only when the receipt says the transaction reverted (asked with the rest, before that was known). */
  revert?: Outcome<RevertReason>;
  trace: Outcome<TraceEntry[]>;
  /** Seconds since the epoch; absent for a pending transaction or when the block could not be read. */
  blockTimestamp?: bigint;
  /** `systemTxPath`: `/evm` had no receipt (or no transaction), the provider's path with system transactions had. */
  from?: 'systemTxPath';
  /** The receipt is missing because this provider leaves system transactions out and has no path with them. */
  providerLeavesSystemTxsOut?: boolean;
}

/** Where to ask again for a transaction `/evm` holds without a receipt (`ProviderClients`' members of that name). */
export interface SystemTxRoute {
  systemTxEvm?(): EvmClient | undefined;
  systemTxCoverage?(): SystemTxCoverage;
}

/** In a block, with a `null` receipt: not pending (a block holds it), but the node sent no receipt. */
export function heldWithoutReceipt(bundle: Pick<TransactionBundle, 'tx' | 'receipt'>): boolean {
  return bundle.tx.blockNumber !== null && bundle.receipt.ok && bundle.receipt.value === null;
}

/** What a transaction's parts are, asked at once; a part that fails is an outcome, the transaction's own failure throws. */
function askParts(evm: EvmClient, hash: Hash, signal?: AbortSignal) {
  return [
    evm.getTransaction(hash, signal),
    outcome(evm.getTransactionReceipt(hash, signal)),
    outcome(evm.getTransactionError(hash, signal).then(decodeRevert)),
    outcome(evm.traceTransaction(hash, signal)),
  ] as const;
}

/** The bundle of what came; null when there is no such transaction. */
function bundleOf(
  tx: TransactionDetails | null,
  receipt: Outcome<TransactionReceipt | null>,
  revert: Outcome<RevertReason>,
  trace: Outcome<TraceEntry[]>,
): TransactionBundle | null {
  if (!tx) return null;
  const bundle: TransactionBundle = { tx, receipt, trace };
  if (receipt.ok && receipt.value?.status === 'reverted') bundle.revert = revert;
  return bundle;
}

/**
 * The transaction with its receipt, revert reason and trace, in one round trip; null when there is no
 * such transaction. Asked again on the path with system transactions when `/evm` has no receipt of a
 * transaction a block holds, or does not know the hash (`route`).
 */
export async function loadTransaction(evm: EvmClient, hash: Hash, signal?: AbortSignal, route?: SystemTxRoute): Promise<TransactionBundle | null> {
  return withSystemTxs(bundleOf(...(await Promise.all(askParts(evm, hash, signal)))), hash, signal, route);
}

/** `bundle`, or the same transaction as the path with system transactions has it when `/evm` fell short. */
async function withSystemTxs(bundle: TransactionBundle | null, hash: Hash, signal?: AbortSignal, route?: SystemTxRoute): Promise<TransactionBundle | null> {
  if (bundle && !heldWithoutReceipt(bundle)) return bundle;
  const other = route?.systemTxEvm?.();
  if (other) {
    // The path that should have them may fail: what `/evm` said then stands (and says what is missing).
    const again = await outcome(Promise.all(askParts(other, hash, signal)).then((parts) => bundleOf(...parts)));
    if (again.ok && again.value && (bundle === null || !heldWithoutReceipt(again.value))) return { ...again.value, from: 'systemTxPath' };
  }
  if (bundle && route?.systemTxCoverage?.() === 'leftOut') return { ...bundle, providerLeavesSystemTxsOut: true };
  return bundle;
}

/** What Look Up found for a 64-hex value. */
export type HashLookUp = { kind: 'transaction'; bundle: TransactionBundle } | { kind: 'block'; number: bigint } | { kind: 'notFound' };

/**
 * What a 64-hex value is on this chain: a transaction (with everything its page shows), else a block,
 * else nothing. The block with that hash is asked together with the transaction's parts: one round trip
 * whichever it is.
 */
export async function lookUpHash(evm: EvmClient, hash: Hash, signal?: AbortSignal, route?: SystemTxRoute): Promise<HashLookUp> {
  const [tx, receipt, revert, trace, block] = await Promise.all([...askParts(evm, hash, signal), outcome(evm.getBlockNumberByHash(hash, signal))]);
  const found = bundleOf(tx, receipt, revert, trace);
  if (found || !block.ok || block.value === null) {
    // A block hash is never a transaction's: only a hash that is neither is asked on the other path.
    const bundle = await withSystemTxs(found, hash, signal, route);
    if (bundle) return { kind: 'transaction', bundle };
  }
  if (!block.ok) throw block.error;
  return block.value === null ? { kind: 'notFound' } : { kind: 'block', number: block.value };
}

/**
 * The time of the transaction's block, from `block(n)` (the block source's `ots_getBlockDetails`, which
 * the block page shares); undefined for a pending transaction or when the block could not be read.
 */
export async function blockTimestamp(
  tx: TransactionDetails,
  block: (n: number, signal?: AbortSignal) => Promise<{ block: { number: bigint; timestamp: bigint } }>,
  signal?: AbortSignal,
): Promise<bigint | undefined> {
  if (tx.blockNumber === null || tx.blockNumber > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const details = await outcome(block(Number(tx.blockNumber), signal));
  return details.ok && details.value.block.number === tx.blockNumber ? details.value.block.timestamp : undefined;
}
