/**
 * A loaded transaction (TransactionBundle) → strings for the transaction panel. Pure (no `vscode`): exact
 * units through core/units, so a wei is never rounded away; words through the `t` the host hands in.
 */
import type { CallFrameStatus } from '../core/callTracer';
import { decodeLog } from '../core/logs';
import type { TransactionDecoding } from '../contracts/api';
import { callTreeView } from './callTreeViewModel';
import { workspaceView } from './workspaceViewModel';
import type { DecodedLog, LogEntry, RevertReason, TraceEntry, TransactionReceipt } from '../core/model';
import { methodName, selectorOf } from '../core/selectors';
import type { Outcome } from '../core/settled';
import type { TransactionBundle } from '../core/transactionLoad';
import { translateMessage } from '../core/translate';
import { groupThousands, toHex, weiToGwei, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import { gasPercent, timeAgo, utcTime, type Translate } from '../view/format';
import {
  MAX_INPUT_SHOWN,
  MAX_LOGS_SHOWN,
  MAX_TRANSFERS_SHOWN,
  type DecodedLogView,
  type InternalTransferView,
  type LogView,
  type PartFailure,
  type RevertView,
  type TraceView,
  type TransactionView,
} from './protocol';

/** The names of the transaction types (EIP-2718). */
const TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [0, 'legacy'],
  [1, 'EIP-2930'],
  [2, 'EIP-1559'],
  [3, 'EIP-4844'],
  [4, 'EIP-7702'],
]);

/** What the page asked beyond the bundle: the workspace's decoding, and which call frames failed (debug_traceTransaction). */
export interface PageExtras {
  decoding?: TransactionDecoding;
  frames?: Outcome<CallFrameStatus[]>;
  /** Name HyperCore's read precompiles and CoreWriter in the call tree (the HyperCore decoding setting). */
  hyperCore?: boolean;
}

/** The page's view of a transaction. `nowSeconds` is passed in so that tests can pin the relative time. */
export function toTransactionView(bundle: TransactionBundle, nowSeconds: number, t: Translate, extras: PageExtras = {}): TransactionView {
  const { tx } = bundle;
  const receipt = bundle.receipt.ok ? bundle.receipt.value : null;
  const price = receipt?.effectiveGasPrice ?? tx.gasPrice;
  const fee = receipt && receipt.effectiveGasPrice !== undefined ? receipt.gasUsed * receipt.effectiveGasPrice : null;
  const inputBytes = Math.max(0, (tx.input.length - 2) >> 1);
  const blockNumber = tx.blockNumber !== null && tx.blockNumber <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(tx.blockNumber) : null;
  const status = statusOf(bundle, receipt);
  return {
    hash: tx.hash,
    status,
    revert: status === 'failed' ? revertView(bundle.revert, t) : null,
    blockNumber,
    blockNumberText: tx.blockNumber !== null ? groupThousands(tx.blockNumber.toString()) : null,
    position: tx.transactionIndex !== null ? groupThousands(String(tx.transactionIndex)) : null,
    timeUtc: bundle.blockTimestamp !== undefined ? utcTime(bundle.blockTimestamp) : null,
    timeRelative: bundle.blockTimestamp !== undefined ? timeAgo(BigInt(Math.floor(nowSeconds)) - bundle.blockTimestamp, t) : null,
    from: tx.from,
    to: tx.to,
    createdAddress: tx.to === null ? (receipt?.contractAddress ?? null) : null,
    valueHype: groupThousands(weiToHype(tx.value)),
    valueWei: groupThousands(tx.value.toString()),
    feeHype: fee !== null ? groupThousands(weiToHype(fee)) : null,
    feeWei: fee !== null ? groupThousands(fee.toString()) : null,
    gasUsed: receipt ? groupThousands(receipt.gasUsed.toString()) : null,
    gasLimit: groupThousands(tx.gas.toString()),
    gasPercent: receipt ? gasPercent(receipt.gasUsed, tx.gas) : null,
    gasPriceGwei: price !== undefined ? groupThousands(weiToGwei(price)) : null,
    nonce: groupThousands(tx.nonce.toString()),
    type: tx.type === undefined ? null : TYPE_NAMES.has(tx.type) ? `${tx.type} (${TYPE_NAMES.get(tx.type)})` : String(tx.type),
    method: methodOf(tx.to, tx.input),
    input: tx.input.length > MAX_INPUT_SHOWN ? tx.input.slice(0, MAX_INPUT_SHOWN) : tx.input,
    inputBytes: groupThousands(String(inputBytes)),
    inputCut: tx.input.length > MAX_INPUT_SHOWN,
    receiptFailure: bundle.receipt.ok ? null : failure(bundle.receipt, t),
    systemTxsLeftOut: bundle.providerLeavesSystemTxsOut === true,
    logs: receipt ? receipt.logs.slice(0, MAX_LOGS_SHOWN).map(logView) : null,
    logsNotShown: receipt ? Math.max(0, receipt.logs.length - MAX_LOGS_SHOWN) : 0,
    trace: traceView(bundle.trace, t),
    callTree: callTreeView(bundle, extras.frames, extras.decoding?.decoder, t, extras.hyperCore),
    workspace: extras.decoding ? workspaceView(bundle, extras.decoding, t) : null,
  };
}

function statusOf(bundle: TransactionBundle, receipt: TransactionReceipt | null): TransactionView['status'] {
  if (bundle.tx.blockNumber === null) return 'pending';
  if (!bundle.receipt.ok) return 'unknown';
  // A block holds it, yet the node sent no receipt: a provider that leaves system transactions out (Chainstack's
  // `/evm`), or a node that lags. Never "pending": it is in a block.
  if (receipt === null) return 'noReceipt';
  // A pre-Byzantium receipt without a status.
  if (receipt.status === undefined) return 'unknown';
  return receipt.status === 'reverted' ? 'failed' : 'success';
}

function failure(outcome: Extract<Outcome<unknown>, { ok: false }>, t: Translate): PartFailure {
  return { unsupported: outcome.unsupported, message: revealInvisibles(outcome.error.say(t)) };
}

/** The revert reason; `undefined` (never asked) reads as not available. */
export function revertView(outcome: Outcome<RevertReason> | undefined, t: Translate): RevertView {
  if (outcome === undefined) return { kind: 'failed', unsupported: false, message: t('The revert reason was not asked for.') };
  if (!outcome.ok) return { kind: 'failed', ...failure(outcome, t) };
  const reason = outcome.value;
  switch (reason.kind) {
    case 'error':
      return { kind: 'error', message: revealInvisibles(reason.message) };
    case 'panic':
      return { kind: 'panic', code: toHex(reason.code), meaning: reason.meaning ? translateMessage(reason.meaning, t) : null };
    case 'custom':
      return { kind: 'custom', selector: reason.selector, data: reason.data };
    case 'none':
      return { kind: 'none' };
  }
}

function methodOf(to: string | null, input: string): TransactionView['method'] {
  if (to === null) return { kind: 'creation' };
  const selector = selectorOf(input);
  if (selector === null) return { kind: 'transfer' };
  return { kind: 'call', selector, name: methodName(selector) ?? null };
}

export function logView(log: LogEntry, position: number): LogView {
  const decoded = decodeLog(log);
  return {
    index: groupThousands(String(log.logIndex ?? position)),
    address: log.address,
    topics: [...log.topics],
    data: log.data,
    decoded: decoded ? decodedView(decoded) : null,
  };
}

function decodedView(d: DecodedLog): DecodedLogView {
  switch (d.kind) {
    case 'erc20Transfer':
      return { event: 'Transfer', standard: 'ERC-20', from: d.from, to: d.to, amount: groupThousands(d.amount.toString()), tokenId: null };
    case 'erc721Transfer':
      return { event: 'Transfer', standard: 'ERC-721', from: d.from, to: d.to, amount: null, tokenId: d.tokenId.toString() };
    case 'erc20Approval':
      return { event: 'Approval', standard: 'ERC-20', from: d.owner, to: d.spender, amount: groupThousands(d.amount.toString()), tokenId: null };
    case 'erc721Approval':
      return { event: 'Approval', standard: 'ERC-721', from: d.owner, to: d.approved, amount: null, tokenId: d.tokenId.toString() };
  }
}

/**
 * Internal value transfers: the trace's entries below the top-level call (depth 0, the transaction
 * itself) that moved value.
 */
export function traceView(outcome: Outcome<TraceEntry[]>, t: Translate): TraceView {
  if (!outcome.ok) return { state: outcome.unsupported ? 'unsupported' : 'failed', ...failure(outcome, t) };
  const moved = outcome.value.filter((e) => e.depth > 0 && e.value !== null && e.value > 0n);
  return {
    state: 'ok',
    transfers: moved.slice(0, MAX_TRANSFERS_SHOWN).map(transferView),
    notShown: Math.max(0, moved.length - MAX_TRANSFERS_SHOWN),
    calls: outcome.value.length,
  };
}

function transferView(e: TraceEntry): InternalTransferView {
  const value = e.value ?? 0n;
  return {
    type: revealInvisibles(e.type),
    depth: e.depth,
    from: e.from,
    to: e.to,
    valueHype: groupThousands(weiToHype(value)),
    valueWei: groupThousands(value.toString()),
  };
}
