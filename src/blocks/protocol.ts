/**
 * The messages between the block panel (extension host) and its webview script. Both sides import this
 * file, so a message that one side sends and the other does not understand fails to type-check.
 * Everything in here is plain data: strings made for display by the view-model, never HTML.
 */
import { isHash, isWebviewMessageOf, isWhole, type CommonProblemKind, type HostMessageOf, type PageLabels, type WebviewMessageOf } from '../view/panelMessages';

/** A block, ready to show: every value already formatted (exact units, grouped digits). */
export interface BlockView {
  number: number;
  numberText: string;
  numberHex: string;
  hash: string;
  parentHash: string;
  /** The parent's number, for "open the parent"; null for block 0. */
  parentNumber: number | null;
  timeUtc: string;
  timeRelative: string;
  miner: string;
  gasUsed: string;
  gasLimit: string;
  gasPercent: string;
  /** Null before London (HyperEVM always has a base fee). */
  baseFeeGwei: string | null;
  size: 'small' | 'big';
  transactionCount: number;
  transactionCountText: string;
  totalFeesHype: string;
  totalFeesWei: string;
  /** Burnt fees: on HyperEVM all of the total fees (base and priority fees are both burnt). */
  burntFeesHype: string;
  burntFeesWei: string;
  blockRewardHype: string;
  uncleRewardHype: string;
  issuanceHype: string;
  /** The header's `extraData` when the node sends one (free text as far as we know: shown as text). */
  extraData: string | null;
  /** `spec`: the node sent every transaction with the block; `slim`: they are loaded page by page. */
  shape: 'spec' | 'slim';
  /** The provider leaves HyperCore transfers (system transactions) out of its blocks and has no path with them. */
  systemTxsLeftOut?: boolean;
}

/**
 * One transaction as sent to the webview: amounts as exact decimal strings of wei, unformatted. The
 * webview formats only the rows in view (`toTransactionRow`), so a 10,000-transaction block costs the
 * host no formatting at all.
 */
export interface TransactionData {
  /** Position in the block (transactionIndex). */
  index: number;
  hash: string;
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  /** Wei, decimal. */
  value: string;
  /** Gas limit of the transaction, decimal. */
  gas: string;
  /** Wei per gas, decimal (the effective price when a receipt came); null when the node does not send one. */
  gasPrice: string | null;
  /** From the receipt; null when the node sends no receipts (the spec's shape). */
  status: 'success' | 'reverted' | null;
  /** Gas used, decimal, from the receipt. */
  gasUsed: string | null;
  /** Fee paid in wei (gasUsed × effective gas price), decimal, from the receipt. */
  fee: string | null;
  /** The calldata's start: `0x` for none, else its 4-byte selector (`0x` + 8 hex); null when not sent. */
  input: string | null;
  /** The method's name in the ABI of the workspace's contract it calls (when the workspace deployed it). */
  workspaceMethod?: string;
}

/** Why a block could not be shown; drives the title and the actions of the error state. */
export type ProblemKind = CommonProblemKind | 'pruned';

export type BlockPanelView =
  | { kind: 'loading'; blockText: string }
  /**
   * `firstRows`: the block's first transactions when the host has them at hand (the spec's shape); the
   * rest, and all of a slim block's, the webview asks for as they come into view (`needRows`).
   */
  | { kind: 'block'; block: BlockView; firstRows: TransactionData[] }
  | {
      kind: 'problem';
      problem: ProblemKind;
      /** The block asked for, as text (`19,999,981` or `latest`). */
      blockText: string;
      /** The block number asked for, when known (for previous/next). */
      blockNumber: number | null;
      message: string;
      /** For `notFound`: the chain's latest block, when it could be fetched. */
      latestText: string | null;
      latestNumber: number | null;
    };

/** Every word the webview shows, localized by the host (the webview has no `vscode.l10n`). */
export interface BlockLabels extends PageLabels {
  blockNavigation: string;
  previousBlock: string;
  nextBlock: string;
  blockTitle: string;
  smallBlock: string;
  bigBlock: string;
  number: string;
  hash: string;
  parentHash: string;
  openParent: string;
  time: string;
  miner: string;
  gasUsed: string;
  gasUsedOf: string;
  baseFee: string;
  blockSize: string;
  transactionCount: string;
  totalFees: string;
  burntFees: string;
  burntFeesNote: string;
  blockReward: string;
  uncleReward: string;
  issuance: string;
  extraData: string;
  transactions: string;
  noTransactions: string;
  systemTxsLeftOut: string;
  columnIndex: string;
  columnHash: string;
  columnFrom: string;
  columnTo: string;
  columnValue: string;
  columnGas: string;
  columnGasPrice: string;
  columnStatus: string;
  columnMethod: string;
  columnGasUsed: string;
  columnFee: string;
  statusFailed: string;
  statusFailedLabel: string;
  statusSuccessLabel: string;
  gasLimitTooltip: string;
  valueTransfer: string;
  failedCount: string;
  systemCount: string;
  summaryLoaded: string;
  hideSystem: string;
  contractCreation: string;
  system: string;
  systemTooltip: string;
  loadingRow: string;
  rowsFailed: string;
  problemPruned: string;
  latestBlock: string;
  openLatest: string;
  transactionsTable: string;
  openTransaction: string;
  followLatest: string;
  followLatestTitle: string;
}

/** Follow latest as the page shows it: the toggle, and what it says of how new blocks come (made by the host). */
export interface FollowView {
  on: boolean;
  /** How new blocks come (pushed, polled and why, reconnecting); null while off. */
  note: string | null;
  /** Blocks are polled, not pushed: the note is a warning. */
  polled: boolean;
}

/** The block page's protocol (see `PageProtocol`): besides `show`, the host sends rows on request. */
export interface BlockProtocol {
  labels: BlockLabels;
  view: BlockPanelView;
  host:
    /** Rows `start…start+rows.length-1` of block `blockNumber` (slim blocks, on request). */
    | { type: 'rows'; blockNumber: number; start: number; rows: TransactionData[] }
    | { type: 'rowsFailed'; blockNumber: number; start: number; end: number; message: string }
    /** Follow latest turned on or off, or how new blocks come changed. */
    | { type: 'follow'; follow: FollowView };
  webview:
    | { type: 'openBlock'; number: number }
    | { type: 'needRows'; blockNumber: number; start: number; end: number }
    /** A transaction row's hash: its transaction page. */
    | { type: 'openTransaction'; hash: string }
    /** The Follow latest toggle. */
    | { type: 'setFollow'; on: boolean };
  /** The block number only. */
  state: { blockNumber: number };
}

export type BlockHostMessage = HostMessageOf<BlockProtocol>;
export type BlockWebviewMessage = WebviewMessageOf<BlockProtocol>;

/** Transactions asked for at once by the webview: one `ots_getBlockTransactions` page. */
export const ROWS_CHUNK = 100;

/** Transactions sent with the block: more than a first screen, a small message even for 10,000. */
export const FIRST_ROWS = 2 * ROWS_CHUNK;

/** Checks a message from the webview before the host acts on it (the webview is the less trusted side). */
export function isBlockWebviewMessage(value: unknown): value is BlockWebviewMessage {
  return isWebviewMessageOf<BlockProtocol>(value, (m) => {
    switch (m.type) {
      case 'openBlock':
        return isWhole(m.number);
      case 'needRows':
        return isWhole(m.blockNumber) && isWhole(m.start) && isWhole(m.end) && m.end > m.start;
      case 'openTransaction':
        return isHash(m.hash);
      case 'setFollow':
        return typeof m.on === 'boolean';
      default:
        return false;
    }
  });
}

/** Reads the state a revived panel carries (`BlockProtocol['state']`); anything else is ignored. */
export function panelStateBlockNumber(state: unknown): number | undefined {
  const n = (state as Partial<BlockProtocol['state']> | null | undefined)?.blockNumber;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
