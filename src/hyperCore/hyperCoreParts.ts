/**
 * What a loaded transaction holds of HyperCore: the CoreWriter actions it sent (or tried to), the
 * HyperCore → HyperEVM transfer it is, and the read precompiles it called. First found without names
 * (`hyperCoreParts`), which says which metadata is worth asking (`metaNeeds`); then named by the view-model
 * with a `HyperCoreDirectory`. Pure; bounded by MAX_ACTIONS and MAX_READS.
 */
import type { Address } from '../core/model';
import type { TransactionBundle } from '../core/transactionLoad';
import type { HyperCoreActionState } from './protocol';
import { CORE_WRITER_ADDRESS, decodeCoreAction, MAX_ACTION_BYTES, rawActionOf, sendRawActionData, type CoreActionResult } from './coreWriter';
import { decodePrecompileCall, type PrecompileCall } from './readPrecompiles';
import { HYPE_SYSTEM_ADDRESS, systemTokenIndex } from './systemTransfers';

/** Actions decoded per transaction (a contract may send many in one); the rest are counted. */
export const MAX_ACTIONS = 50;
/** Read precompile calls decoded per transaction; the rest are counted. */
export const MAX_READS = 100;

export interface SentAction {
  state: HyperCoreActionState;
  /** The account it acts for (the RawAction log's `user`: the caller of CoreWriter), when known. */
  user?: Address;
  result: CoreActionResult;
}

export interface HyperCoreParts {
  actions: SentAction[];
  actionsNotShown: number;
  /** Whether the transaction may be a HyperCore → HyperEVM transfer (decided with names: `systemTransferOf`). */
  maybeSystemTransfer: boolean;
  reads: PrecompileCall[];
  readsNotShown: number;
}

/** The HyperCore parts of a loaded transaction, without names. */
export function hyperCoreParts(bundle: TransactionBundle): HyperCoreParts {
  const { actions, notShown } = actionsOf(bundle);
  const reads: PrecompileCall[] = [];
  let readsFound = 0;
  if (bundle.trace.ok) {
    for (const e of bundle.trace.value) {
      const call = decodePrecompileCall(e.to, e.input, e.output);
      if (!call) continue;
      readsFound++;
      if (reads.length < MAX_READS) reads.push(call);
    }
  }
  const from = bundle.tx.from.toLowerCase();
  const maybeSystemTransfer = from === HYPE_SYSTEM_ADDRESS || systemTokenIndex(from) !== undefined || bundle.tx.gasPrice === 0n;
  return { actions, actionsNotShown: notShown, maybeSystemTransfer, reads, readsNotShown: readsFound - reads.length };
}

/** Whether there is anything to show at all. */
export function hasHyperCore(parts: HyperCoreParts): boolean {
  return parts.actions.length > 0 || parts.maybeSystemTransfer || parts.reads.length > 0;
}

/** Which metadata names these parts: spot (tokens, pairs, EVM links) and the first dex's perps. */
export function metaNeeds(parts: HyperCoreParts): { spot: boolean; perps: boolean } {
  const assets = parts.actions.some((a) => a.result.ok && 'asset' in a.result.action);
  const perpReads = parts.reads.some((r) => r.precompile.inputs?.some((i) => i.role === 'perp' || i.role === 'asset'));
  return { spot: hasHyperCore(parts), perps: assets || perpReads };
}

/**
 * The actions: CoreWriter's RawAction logs when the receipt has them (what was really emitted, from any
 * depth of calls); otherwise the calls to CoreWriter, from the trace or the transaction itself, with what
 * the receipt says of them.
 */
function actionsOf(bundle: TransactionBundle): { actions: SentAction[]; notShown: number } {
  const receipt = bundle.receipt.ok ? bundle.receipt.value : undefined;
  const found: { user?: Address; data?: string; logData?: string }[] = [];
  if (receipt) {
    for (const log of receipt.logs) {
      const raw = rawActionOf(log);
      if (raw) found.push({ ...raw, logData: log.data });
    }
  }
  let state: HyperCoreActionState = 'sent';
  if (found.length === 0) {
    // A block holds it but the node sent no receipt (null): not pending, and whether CoreWriter logged it is not known.
    state = bundle.tx.blockNumber === null ? 'pending' : receipt === undefined || receipt === null ? 'unknown' : 'reverted';
    // A successful receipt without RawAction logs sent nothing, whatever the input says.
    if (receipt && receipt.status !== 'reverted') return { actions: [], notShown: 0 };
    for (const data of callsToCoreWriter(bundle)) found.push({ data });
  }
  const actions = found.slice(0, MAX_ACTIONS).map((f) => ({ state, ...(f.user ? { user: f.user } : {}), result: resultOf(f) }));
  return { actions, notShown: found.length - actions.length };
}

/** Reads one found action; a RawAction log whose data is no `bytes` is a problem of its own. */
function resultOf(f: { data?: string; logData?: string }): CoreActionResult {
  if (f.data !== undefined) return decodeCoreAction(f.data);
  const data = (f.logData ?? '').slice(0, 2 + 2 * MAX_ACTION_BYTES);
  return { ok: false, problem: 'badLog', data };
}

/** The action data of every `sendRawAction` call to CoreWriter: the trace's, else the transaction's own. */
function callsToCoreWriter(bundle: TransactionBundle): string[] {
  const datas: string[] = [];
  if (bundle.trace.ok && bundle.trace.value.length > 0) {
    for (const e of bundle.trace.value) {
      if (e.to?.toLowerCase() !== CORE_WRITER_ADDRESS || e.type.toUpperCase() === 'DELEGATECALL') continue;
      const data = sendRawActionData(e.input);
      if (data !== undefined) datas.push(data);
    }
    return datas;
  }
  const data = bundle.tx.to?.toLowerCase() === CORE_WRITER_ADDRESS ? sendRawActionData(bundle.tx.input) : undefined;
  return data !== undefined ? [data] : [];
}
