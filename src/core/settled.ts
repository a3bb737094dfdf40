/**
 * The one way to settle a request asked beside others (one of a `Promise.all`), so that its failure costs
 * only its own part. Decided once, for every caller:
 * - a cancellation is no outcome: it ends the whole load, so it is rethrown (the caller's `Promise.all`
 *   rejects with it, and nothing is drawn from a load the user stopped);
 * - an error that is not a `ProviderError` is a bug, not the provider's answer: it is rethrown too;
 * - any other failure is the outcome, with `unsupported` when the node said it does not serve the method
 *   (JSON-RPC -32601).
 * A caller that starts an outcome and awaits it later (after other awaits) must handle its rejection
 * meanwhile (`.catch(() => undefined)` beside it), as for any promise. Pure.
 */
import { isCancellation, ProviderError } from './errors';

/** A request's result, or why it failed; `unsupported` when the node does not serve the method (-32601). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProviderError; unsupported: boolean };

/** The settled request; a cancellation is no outcome (it ends the whole load), nor is a bug. */
export async function outcome<T>(request: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await request };
  } catch (e) {
    if (!(e instanceof ProviderError) || isCancellation(e)) throw e;
    return { ok: false, error: e, unsupported: e.kind === 'rpc' && e.rpcCode === -32601 };
  }
}
