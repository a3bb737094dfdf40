/**
 * The messages between the address panel (extension host) and its webview script. Both sides import this
 * file. Everything in here is plain data, strings made for display by the view-model, never HTML.
 */
import { isAddress, isHash } from '../core/hex';
import { isWebviewMessageOf, type CountLabel, type HostMessageOf, type PageLabels, type WebviewMessageOf } from '../view/panelMessages';

/** The address itself, ready to show. */
export interface AddressView {
  address: string;
  kind: 'contract' | 'account';
  /** HYPE, exact, grouped. */
  balanceHype: string;
  /** Transactions sent (the account nonce), grouped; null when it could not be read. */
  nonce: string | null;
  /** The code's size in bytes, grouped; null for an account. */
  codeBytes: string | null;
  /** The workspace's name for the contract, and the file it came from. */
  workspaceName: string | null;
  workspaceFile: string | null;
  /** An EIP-1967 proxy's implementation (its slot read with eth_getStorageAt), and the workspace's name for it. */
  implementation?: string | null;
  implementationName?: string | null;
}

/** Where the transactions come from, said on the page. */
export type HistorySourceKind = 'node' | 'blockscout' | 'etherscan';

/** One transaction row. Amounts exact; the webview formats nothing but counts. */
export interface HistoryRow {
  hash: string;
  blockNumber: number;
  /** ISO 8601 in UTC (`2025-11-21T16:20:05Z`); null when the source did not say. */
  timeIso: string | null;
  /** Relative to when the row was made (`3 min ago`). */
  timeAgo: string | null;
  direction: 'in' | 'out' | 'self' | 'create';
  /** The other side: `to` of an outgoing one, `from` of an incoming one; null for a creation with no address. */
  counterparty: string | null;
  /** The method: its name from the workspace's ABIs, else its selector; `''` for a plain transfer. */
  method: string;
  /** The method's name came from the workspace's ABIs. */
  methodNamed: boolean;
  /** HYPE, exact decimal (no grouping: what the CSV holds). */
  valueHype: string;
  /** HYPE, exact decimal; null when the source did not say. */
  feeHype: string | null;
  status: 'success' | 'reverted' | null;
}

/** How far the history is loaded, and from where. */
export interface HistoryStatus {
  /** Null while no source could be used (see `note`). */
  source: HistorySourceKind | null;
  /** The explorer's host, for an explorer source. */
  host: string | null;
  /** Every transaction is loaded. */
  complete: boolean;
  /** A page is being loaded. */
  loading: boolean;
  /** What stopped the history, or why there is none (shown under the table), or null. */
  note: string | null;
  /** The explorer's host whose use the user may allow with a button (the question was not answered). */
  allowHost: string | null;
}

/** A token transfer touching the address, as the page shows it. */
export interface TokenTransferRow {
  hash: string;
  timeIso: string | null;
  direction: 'in' | 'out' | 'self';
  counterparty: string | null;
  /** The token's symbol (or name) as the explorer says, else its address. */
  token: string;
  tokenAddress: string;
  /** In the token's units when the explorer says its decimals, exact; else the raw amount. */
  amount: string;
}

/** A value moved by a call inside a transaction, touching the address. */
export interface InternalTransferRow {
  hash: string;
  timeIso: string | null;
  direction: 'in' | 'out' | 'self';
  counterparty: string | null;
  /** HYPE, exact. */
  valueHype: string;
  type: string | null;
  failed: boolean;
}

/** The transfers loaded so far, from the explorer the history uses; `note`: why there are none or no more. */
export interface TransfersState {
  tokens: TokenTransferRow[];
  internal: InternalTransferRow[];
  loading: boolean;
  complete: boolean;
  note: string | null;
}

/** HyperCore's view of the same address: its spot balances and the first perp dex's account value. */
export type HyperCoreView =
  | { kind: 'loading' }
  | {
      kind: 'user';
      /** The first perp dex's account value, exact, with its unit; null without a perp account. */
      accountValue: string | null;
      /** Open positions on the first perp dex. */
      positions: number;
      /** Non-zero balances, by token name; at most `MAX_HYPERCORE_BALANCES` (see `more`). */
      balances: { coin: string; total: string; hold: string }[];
      more: number;
    }
  | { kind: 'none' }
  /** Neither answer came (refused, not allowed to go to the public API, failed): why, redacted. */
  | { kind: 'unavailable'; note: string };

/** The most balances the page lists (the rest are counted). */
export const MAX_HYPERCORE_BALANCES = 50;

export type AddressPanelView =
  | { kind: 'loading'; addressText: string }
  | { kind: 'address'; address: AddressView; rows: HistoryRow[]; history: HistoryStatus; hyperCore?: HyperCoreView; transfers?: TransfersState }
  | { kind: 'problem'; problem: string; address: string; message: string };

export interface AddressLabels extends PageLabels {
  navigation: string;
  titleContract: string;
  titleAccount: string;
  address: string;
  kind: string;
  contract: string;
  account: string;
  balance: string;
  nonce: string;
  code: string;
  codeBytes: string;
  workspaceName: string;
  implementation: string;
  transactions: string;
  sourceNode: string;
  sourceExplorer: string;
  sourceNone: string;
  allowExplorer: string;
  older: string;
  olderHint: string;
  loadingOlder: string;
  allLoaded: string;
  exportCsv: string;
  filterDirection: string;
  filterAll: string;
  filterIn: string;
  filterOut: string;
  filterFailed: string;
  filterMethod: string;
  filterMethodAll: string;
  noTransactions: string;
  noMatches: string;
  shownOf: string;
  columnTime: string;
  columnDirection: string;
  columnCounterparty: string;
  columnMethod: string;
  columnValue: string;
  columnFee: string;
  columnStatus: string;
  columnHash: string;
  directionIn: string;
  directionOut: string;
  directionSelf: string;
  directionCreate: string;
  transfer: string;
  statusSuccess: string;
  statusFailed: string;
  statusUnknown: string;
  openTransaction: string;
  openAddress: string;
  rowsCount: CountLabel;
  transactionsTable: string;
  hyperCore: string;
  hyperCoreLoading: string;
  hyperCoreNone: string;
  accountValue: string;
  positions: string;
  spotBalances: string;
  noSpotBalances: string;
  columnToken: string;
  columnTotal: string;
  columnHold: string;
  moreBalances: string;
  watchWallet: string;
  readAndSimulate: string;
  transfers: string;
  transfersHint: string;
  loadTransfers: string;
  moreTransfers: string;
  tokenTransfers: string;
  internalTransfers: string;
  noTokenTransfers: string;
  noInternalTransfers: string;
  columnAmount: string;
  columnType: string;
}

export interface AddressProtocol {
  labels: AddressLabels;
  view: AddressPanelView;
  host:
    | { type: 'history'; rows: HistoryRow[]; history: HistoryStatus }
    | { type: 'hyperCore'; hyperCore: HyperCoreView }
    | { type: 'transfers'; transfers: TransfersState };
  webview:
    | { type: 'older' }
    | { type: 'openTransaction'; hash: string }
    | { type: 'openAddress'; address: string }
    /** The rows shown (their hashes, in the order shown) as a CSV file. */
    | { type: 'exportCsv'; hashes: string[] }
    | { type: 'allowExplorer' }
    /** Watch this address in Open Orders (the Watch Wallet command with it). */
    | { type: 'watchWallet' }
    /** Read & Simulate this contract. */
    | { type: 'readAndSimulate' }
    /** The next page of token and internal transfers (from the explorer the history uses). */
    | { type: 'transfers' };
  state: { address: string };
}

export type AddressHostMessage = HostMessageOf<AddressProtocol>;
export type AddressWebviewMessage = WebviewMessageOf<AddressProtocol>;

/** The most rows one export names (the history pages without limit, but a message has a bound). */
export const MAX_EXPORT_ROWS = 1_000_000;

export function isAddressWebviewMessage(value: unknown): value is AddressWebviewMessage {
  return isWebviewMessageOf<AddressProtocol>(value, (m) => {
    switch (m.type) {
      case 'older':
      case 'allowExplorer':
      case 'watchWallet':
      case 'readAndSimulate':
      case 'transfers':
        return true;
      case 'openTransaction':
        return isHash(m.hash);
      case 'openAddress':
        return isAddress(m.address);
      case 'exportCsv':
        return Array.isArray(m.hashes) && m.hashes.length <= MAX_EXPORT_ROWS && m.hashes.every(isHash);
      default:
        return false;
    }
  });
}

/** Reads the state a revived panel carries; anything else is ignored. */
export function panelStateAddress(state: unknown): `0x${string}` | undefined {
  const address = (state as Partial<AddressProtocol['state']> | null | undefined)?.address;
  return isAddress(address) ? (address.toLowerCase() as `0x${string}`) : undefined;
}
