/**
 * The messages between the transaction panel (extension host) and its webview script. Both sides import
 * this file. Everything in here is plain data: strings made for display by the view-model, never HTML.
 */
import { isAddress, isHash, lowerHex } from '../core/hex';
import {
  isWebviewMessageOf,
  isWhole,
  type CommonProblemKind,
  type CountLabel,
  type HostMessageOf,
  type PageLabels,
  type WebviewMessageOf,
} from '../view/panelMessages';
import type { HyperCoreLabels, HyperCoreView } from '../hyperCore/protocol';

/** What a part of the page that loads on its own (receipt, revert reason, trace) came to when it did not. */
export interface PartFailure {
  /** The node does not serve the method (JSON-RPC -32601): Retry would not help. */
  unsupported: boolean;
  message: string;
}

/** Why a failed transaction reverted, ready to show. */
export type RevertView =
  | { kind: 'error'; message: string }
  | { kind: 'panic'; code: string; meaning: string | null }
  | { kind: 'custom'; selector: string; data: string }
  | { kind: 'none' }
  | ({ kind: 'failed' } & PartFailure);

/** An ERC-20/721 Transfer or Approval, read from a log. */
export interface DecodedLogView {
  event: 'Transfer' | 'Approval';
  standard: 'ERC-20' | 'ERC-721';
  /** Transfer: from; Approval: owner. */
  from: string;
  /** Transfer: to; Approval: spender (ERC-20) or approved (ERC-721). */
  to: string;
  /** ERC-20: the amount in the token's smallest unit (its decimals are not known here), grouped. */
  amount: string | null;
  /** ERC-721: the token id, decimal. */
  tokenId: string | null;
}

export interface LogView {
  /** The log's index in the block, when the node sends it, else its place in the receipt. */
  index: string;
  address: string;
  topics: string[];
  data: string;
  decoded: DecodedLogView | null;
}

/** A value moved inside the transaction (from `ots_traceTransaction`). */
export interface InternalTransferView {
  /** CALL, CREATE, SELFDESTRUCT, … as the node says. */
  type: string;
  depth: number;
  from: string;
  /** Null when the node gives no target (a failed CREATE). */
  to: string | null;
  valueHype: string;
  valueWei: string;
}

export type TraceView =
  /** `notShown`: transfers beyond MAX_TRANSFERS_SHOWN; `calls`: every entry of the trace. */
  | { state: 'ok'; transfers: InternalTransferView[]; notShown: number; calls: number }
  | ({ state: 'unsupported' } & PartFailure)
  | ({ state: 'failed' } & PartFailure);

/** A decoded value: a scalar's text, or an array's or tuple's items. */
export interface ArgView {
  name: string;
  type: string;
  text: string;
  items?: ArgView[];
  /** Text or items were cut. */
  cut?: boolean;
}

/** A call, custom error or event decoded with an ABI of the workspace. */
export interface DecodedView {
  name: string;
  /** `transfer(address,uint256)`. */
  signature: string;
  args: ArgView[];
  /** Decoded with some ABI of the workspace that has this selector or topic, not the contract's own. */
  guess: boolean;
  /** The contract whose ABI decoded it, and its file (relative to its workspace folder). */
  abiName: string;
  abiPath: string;
  /** Other signatures of the workspace the same data fits (a selector collision). */
  alternatives: string[];
}

/** An address the workspace deployed, named. */
export interface ContractNameView {
  /** Lowercase. */
  address: string;
  name: string;
  /** The deployment record, relative to its workspace folder. */
  path: string;
  /** Other records give it another name: shown as uncertain. */
  uncertain: boolean;
}

/** What the workspace's contracts add to the page; null when reading them is off (or not allowed). */
export interface WorkspaceDecodedView {
  method: DecodedView | null;
  /** A custom error, by name. */
  error: DecodedView | null;
  /** For `logs[i]`. */
  logs: Array<DecodedView | null>;
  names: ContractNameView[];
  /** How many ABIs the workspace has, and how many proxies could not be read. */
  note: string;
}

/** One call frame (from `ots_traceTransaction`), decoded. */
export interface CallFrameView {
  /** Its place in the trace (0: the transaction itself). */
  index: number;
  depth: number;
  type: string;
  from: string;
  to: string | null;
  /** Null when the call carries no value (or none is known). */
  valueHype: string | null;
  /** The calldata's selector, its standard method name, or its decoding. */
  selector: string | null;
  method: string | null;
  call: DecodedView | null;
  returned: ArgView[] | null;
  /** This frame failed: as the node says (`debug_traceTransaction`) or inferred from the revert data. */
  failed: 'node' | 'inferred' | null;
  /** The frame the revert started in. */
  origin: boolean;
  /** Frames right below it. */
  children: number;
  /** What the frame the revert started in reverted with, by name ("InsufficientBalance(available: 500, required: 10000)"), when known (simulations). */
  revertedWith?: string | null;
  /** What `to` is on HyperCore's side ("HyperCore read: oracle price", CoreWriter); null for any other address or with HyperCore decoding off. */
  hyperCore: string | null;
}

export type CallTreeView =
  | {
      state: 'ok';
      frames: CallFrameView[];
      /** Frames beyond MAX_FRAMES_SHOWN. */
      notShown: number;
      /** Where the failed frames come from; null for a transaction that did not fail. */
      failedFrom: 'node' | 'inferred' | null;
      /** Why the node's word is missing (debug_traceTransaction refused or failed), when asked. */
      nodeFailure: PartFailure | null;
    }
  | { state: 'none' };

/** A transaction, ready to show: every value already formatted (exact units, grouped digits). */
export interface TransactionView {
  hash: string;
  /** `unknown`: the receipt could not be read; `noReceipt`: a block holds it, but the node sent no receipt. */
  status: 'success' | 'failed' | 'pending' | 'unknown' | 'noReceipt';
  /** Only for a failed transaction. */
  revert: RevertView | null;
  /** Null while pending. */
  blockNumber: number | null;
  blockNumberText: string | null;
  /** Position in the block (transactionIndex), grouped. */
  position: string | null;
  timeUtc: string | null;
  timeRelative: string | null;
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  /** The created contract (from the receipt), for a creation. */
  createdAddress: string | null;
  valueHype: string;
  valueWei: string;
  /** gasUsed × effective gas price, from the receipt. */
  feeHype: string | null;
  feeWei: string | null;
  gasUsed: string | null;
  gasLimit: string;
  gasPercent: string | null;
  /** The receipt's effective gas price, else the transaction's gas price. */
  gasPriceGwei: string | null;
  nonce: string;
  /** `2 (EIP-1559)`; null when the node sends no type. */
  type: string | null;
  method: { kind: 'creation' } | { kind: 'transfer' } | { kind: 'call'; selector: string; name: string | null };
  /** The calldata (0x hex), cut to MAX_INPUT_SHOWN characters; Copy copies all of it from the host. */
  input: string;
  inputBytes: string;
  inputCut: boolean;
  /** The receipt's failure, when it could not be read; the logs are then null. */
  receiptFailure: PartFailure | null;
  /** No receipt because this provider leaves HyperCore transfers (system transactions) out, and has no path with them. */
  systemTxsLeftOut: boolean;
  logs: LogView[] | null;
  /** Logs left out beyond MAX_LOGS_SHOWN. */
  logsNotShown: number;
  trace: TraceView;
  /** The HyperCore section (hyperCore/protocol.ts); absent or null when decoding is off or there is nothing of HyperCore. */
  hyperCore?: HyperCoreView | null;
  /** The call tree; `none` when the trace could not be read (`trace` says why). */
  callTree: CallTreeView;
  workspace: WorkspaceDecodedView | null;
}

/** Frames of the call tree shown on the page. */
export const MAX_FRAMES_SHOWN = 2000;

/** Calldata shown on the page; more is there through Copy and Show Raw JSON. */
export const MAX_INPUT_SHOWN = 100_000;
/** Logs shown on the page; more are there through Show Raw JSON. */
export const MAX_LOGS_SHOWN = 500;
/** Internal transfers shown on the page. */
export const MAX_TRANSFERS_SHOWN = 500;

export type TransactionPanelView =
  | { kind: 'loading'; hash: string }
  /** `retrying`: a part is being loaded again; what is shown stays until it comes. */
  | { kind: 'transaction'; tx: TransactionView; retrying: boolean }
  | { kind: 'problem'; problem: CommonProblemKind; hash: string; message: string };

/** Every word the webview shows, localized by the host (the webview has no `vscode.l10n`). */
export interface TransactionLabels extends PageLabels, HyperCoreLabels {
  navigation: string;
  title: string;
  hash: string;
  status: string;
  statusSuccess: string;
  statusFailed: string;
  statusPending: string;
  statusUnknown: string;
  statusNoReceipt: string;
  systemTxsLeftOut: string;
  revertReason: string;
  revertError: string;
  revertPanic: string;
  revertCustom: string;
  revertNone: string;
  revertFailed: string;
  revertUnsupported: string;
  block: string;
  blockAndPosition: string;
  openBlock: string;
  time: string;
  from: string;
  to: string;
  contractCreation: string;
  createdContract: string;
  value: string;
  fee: string;
  gasUsed: string;
  gasUsedOf: string;
  gasLimit: string;
  gasPrice: string;
  nonce: string;
  type: string;
  method: string;
  valueTransfer: string;
  inputData: string;
  inputBytes: CountLabel;
  inputCut: string;
  copyInput: string;
  receiptFailed: string;
  logs: string;
  noLogs: string;
  logsNotShown: CountLabel;
  logAddress: string;
  topics: string;
  data: string;
  decoded: string;
  amount: string;
  tokenId: string;
  owner: string;
  spender: string;
  approved: string;
  internalTransfers: string;
  noInternalTransfers: string;
  traceCalls: CountLabel;
  traceUnsupported: string;
  traceFailed: string;
  transfersNotShown: CountLabel;
  retrying: string;
  callTree: string;
  showRevertingFrame: string;
  expand: string;
  collapse: string;
  failedByNode: string;
  failedInferred: string;
  revertOrigin: string;
  treeInferredNote: string;
  treeNodeNote: string;
  framesNotShown: CountLabel;
  returned: string;
  decodedGuess: string;
  decodedFrom: string;
  alsoFits: string;
  workspaceContract: string;
  openContract: string;
  arguments: string;
}

/** The transaction page's protocol (see `PageProtocol`): the host sends only `show`. */
export interface TransactionProtocol {
  labels: TransactionLabels;
  view: TransactionPanelView;
  host: never;
  webview:
    /** The block page of this number (Look Up Block). */
    | { type: 'openBlock'; number: number }
    /** The whole calldata, copied by the host from what it holds (it can be long). */
    | { type: 'copyInput' }
    /** The workspace file a name came from (an index into the names and ABIs the host sent). */
    | { type: 'openContract'; address: string };
  /** The hash only. */
  state: { hash: string };
}

export type TransactionHostMessage = HostMessageOf<TransactionProtocol>;
export type TransactionWebviewMessage = WebviewMessageOf<TransactionProtocol>;

/** Checks a message from the webview before the host acts on it (the webview is the less trusted side). */
export function isTransactionWebviewMessage(value: unknown): value is TransactionWebviewMessage {
  return isWebviewMessageOf<TransactionProtocol>(value, (m) =>
    m.type === 'openBlock' ? isWhole(m.number) : m.type === 'openContract' ? isAddress(m.address) : m.type === 'copyInput',
  );
}

/** Reads the state a revived panel carries (`TransactionProtocol['state']`); anything else is ignored. */
export function panelStateHash(state: unknown): `0x${string}` | undefined {
  const hash = (state as Partial<TransactionProtocol['state']> | null | undefined)?.hash;
  return isHash(hash) ? lowerHex(hash) : undefined;
}
