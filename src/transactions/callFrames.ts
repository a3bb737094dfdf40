/**
 * Which calls of a failed transaction failed, as the node says: `debug_traceTransaction` with the
 * `callTracer`, asked only for a failed transaction whose trace has calls below the top one (for a
 * successful one, or a single call, there is nothing to place). Many providers refuse the `debug_`
 * methods: the outcome says so, and the page infers the frame instead. Pure.
 */
import type { CallFrameStatus } from '../core/callTracer';
import type { Hash } from '../core/model';
import { outcome, type Outcome } from '../core/settled';
import type { TransactionBundle } from '../core/transactionLoad';

export interface CallFrameReader {
  traceCallFrames(hash: Hash, signal?: AbortSignal): Promise<CallFrameStatus[]>;
}

export async function loadCallFrames(evm: CallFrameReader, bundle: TransactionBundle, signal?: AbortSignal): Promise<Outcome<CallFrameStatus[]> | undefined> {
  const failed = bundle.receipt.ok && bundle.receipt.value?.status === 'reverted';
  if (!failed || !bundle.trace.ok || bundle.trace.value.length < 2) return undefined;
  return outcome(evm.traceCallFrames(bundle.tx.hash, signal));
}
