import type { Message } from './translate';

/** Validated data as the core hands it on: hex quantities as bigint, decimals as strings. */

export type Address = `0x${string}`;
export type Hash = `0x${string}`;

export interface BlockHeader {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  /** Seconds since the epoch. */
  timestamp: bigint;
  miner: Address;
  gasUsed: bigint;
  gasLimit: bigint;
  /** Absent before London; HyperEVM always has it. */
  baseFeePerGas?: bigint;
  transactionCount: number;
}

export interface BlockTransaction {
  hash: Hash;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  gas: bigint;
  /** Effective gas price in wei, when the node sends it. */
  gasPrice?: bigint;
  /** Position in the block, when the node sends it (always with ots_getBlockTransactions). */
  transactionIndex?: number;
  /** Method selector or calldata prefix, when sent. */
  input?: string;
  /** From the receipt, when the node sends one: whether the transaction succeeded or reverted. */
  status?: 'success' | 'reverted';
  /** Gas used, from the receipt. */
  gasUsed?: bigint;
  /** Fee paid in wei (gasUsed × effectiveGasPrice), when the receipt gives both. */
  fee?: bigint;
}

export interface Issuance {
  blockReward: bigint;
  uncleReward: bigint;
  issuance: bigint;
}

/**
 * The transactions a spec-shaped block came with, validated and decoded by the range read: `slice`
 * throws an `invalidResponse` error naming the first malformed field in the range (an array of
 * transactions is one too).
 */
export interface BlockTransactionList {
  readonly length: number;
  slice(start?: number, end?: number): BlockTransaction[];
}

export interface BlockDetails {
  block: BlockHeader;
  /** Present only in the product spec's shape; real nodes send a slim block without transactions. */
  transactions?: BlockTransactionList;
  issuance: Issuance;
  /** Sum of gasUsed × effectiveGasPrice over the block's transactions, in wei. */
  totalFees: bigint;
  /** The node's `result`, untouched, for Show Raw JSON. */
  raw: unknown;
}

export interface TransactionPage {
  blockNumber: bigint;
  /** Ordered by transactionIndex, whatever the node's page direction. */
  transactions: BlockTransaction[];
  /** `fullblock.transactionCount`: the whole block's on Erigon and reth, the page's on anvil. Not relied on. */
  transactionCount: number;
}

export type OrderSide = 'A' | 'B';

export interface OpenOrder {
  coin: string;
  limitPx: string;
  oid: number;
  side: OrderSide;
  /** Remaining size. */
  sz: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  origSz?: string;
  cloid?: string;
  reduceOnly?: boolean;
  // The fields `frontendOpenOrders` adds (absent when the provider only serves `openOrders`).
  /** "Limit", "Stop Market", "Take Profit Limit", … */
  orderType?: string;
  /** "Gtc", "Ioc", "Alo"; absent for triggers (the API sends null). */
  tif?: string;
  isTrigger?: boolean;
  triggerPx?: string;
  /** The API's own words: "Price above 10.004", "N/A". */
  triggerCondition?: string;
  /** A TP/SL on the whole position (its `sz` is "0"). */
  isPositionTpsl?: boolean;
  /** TP/SL orders attached to this one (they also come as orders of their own). */
  children?: OpenOrder[];
  /** The node's item, untouched (for Copy as JSON). */
  raw: Record<string, unknown>;
}

/** What became of an order, from `orderStatus`: "filled", "canceled", "triggered", "marginCanceled", … */
export interface OrderFate {
  status: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface SpotToken {
  name: string;
  index: number;
  szDecimals?: number;
  weiDecimals?: number;
  /** The ERC-20 on HyperEVM linked to this token, when there is one (HYPE has none: it is the native coin). */
  evmContract?: EvmContract;
}

/** A spot token's contract on HyperEVM: its amounts there have `weiDecimals + evmExtraWeiDecimals` decimals. */
export interface EvmContract {
  address: Address;
  /** −2 to 18 in practice (docs: "in the range [-2, 18]"). */
  evmExtraWeiDecimals: number;
}

export interface SpotPair {
  /** `@107` or `PURR/USDC`. */
  name: string;
  index: number;
  base: string;
  quote: string;
  /** The base and quote tokens' indexes. */
  baseToken: number;
  quoteToken: number;
}

export interface SpotMeta {
  tokens: SpotToken[];
  /** Pairs keyed by their `index` (never by array position). */
  pairsByIndex: Map<number, SpotPair>;
  pairsByName: Map<string, SpotPair>;
}

/** A perp dex's `meta`: what its notionals are counted in. */
export interface PerpDexMeta {
  /** The spot token index of the dex's collateral (0 = USDC). */
  collateralToken?: number;
}

/** A perp of a dex's `meta` universe; its place in the list is its index (its asset id on the first dex). */
export interface PerpAsset {
  name: string;
  szDecimals?: number;
}

export interface PerpDex {
  name: string;
  fullName?: string;
  deployer?: string;
}

// ---- The account behind the orders (issue 25): `clearinghouseState`, `spotClearinghouseState`, `userRole`. ----

/** One open perp position. Decimals as the API sent them; amounts in the dex's collateral unit. */
export interface PerpPosition {
  /** As sent: `BTC`, `xyz:XYZ100`. */
  coin: string;
  /** Signed size in the coin: > 0 long, < 0 short (never zero: such entries are dropped). */
  szi: string;
  entryPx: string;
  /** |szi| × mark, in the collateral unit (the answer carries no mark of its own). */
  positionValue: string;
  unrealizedPnl: string;
  /** A fraction: `0.0104` = 1.04 %. */
  returnOnEquity: string;
  /** Undefined when the API sends `null`: no liquidation price (e.g. margin enough for any price). */
  liquidationPx?: string;
  leverage: { type: 'cross' | 'isolated'; value: number; rawUsd?: string };
  marginUsed: string;
  maxLeverage?: number;
  /** Funding paid or received, as Hyperliquid counts it; absent in older answers. */
  cumFunding?: { allTime: string; sinceOpen: string; sinceChange: string };
  /** The node's `position` object, untouched (for Copy as JSON). */
  raw: Record<string, unknown>;
}

/** A wallet's perp account on one dex. */
export interface PerpAccount {
  positions: PerpPosition[];
  /** Positions the answer holds that could not be read (each costs only itself; the rest are shown). */
  unreadable?: UnreadableItem[];
  /** `marginSummary`, in the dex's collateral unit. */
  accountValue: string;
  totalMarginUsed: string;
  totalNtlPos: string;
  withdrawable: string;
  crossMaintenanceMarginUsed?: string;
  /** Milliseconds since the epoch, when the API sends it. */
  time?: number;
}

/** One spot token balance. */
export interface SpotBalance {
  /** The token's name as sent (`USDC`, `HYPE`); an outcome share's coin (`+12`, `o12`). */
  coin: string;
  /** The spot token index; undefined for an outcome market's share, which Hyperliquid sends without one. */
  token?: number;
  /** Signed: under portfolio margin a balance can be negative (borrowed). */
  total: string;
  /** In open orders; signed, like `total`. */
  hold: string;
  entryNtl?: string;
}

/** An item of a list in an answer that could not be read: where it was, what it names (if it says), and why. */
export interface UnreadableItem {
  /** Its place in the list as sent (0-based). */
  index: number;
  /** Its `coin`, when that much is readable (a short text; untrusted). */
  coin?: string;
  /** Why, in the schema's words (`total: expected a signed decimal number as a string`). */
  problem: string;
}

/** `spotClearinghouseState`: the balances that could be read, and those that could not. */
export interface SpotState {
  balances: SpotBalance[];
  unreadable: UnreadableItem[];
}

/** What `userRole` says an address is; `agent` and `subAccount` name their master. */
export type UserRole = { role: 'missing' | 'user' | 'vault' } | { role: 'agent'; master: string } | { role: 'subAccount'; master: string };

// ---- Transactions and addresses (issue 17). The client methods that fill these are in `evmClient.ts`. ----

/** A transaction as `eth_getTransactionByHash` sends it. */
export interface TransactionDetails {
  hash: Hash;
  /** null while the transaction is pending. */
  blockNumber: bigint | null;
  blockHash: Hash | null;
  transactionIndex: number | null;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  /** Gas limit. */
  gas: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce: bigint;
  /** 0 legacy, 1 access list, 2 EIP-1559, 3 blob, 4 EIP-7702; absent on very old nodes. */
  type?: number;
  /** Calldata, 0x hex (lowercase). */
  input: string;
  /** The node's `result`, untouched (Copy as JSON). */
  raw: unknown;
}

/** One log of a receipt. */
export interface LogEntry {
  address: Address;
  /** 0 to 4 topics, lowercase. */
  topics: Hash[];
  /** 0x hex, lowercase. */
  data: string;
  logIndex?: number;
}

/** A transaction's receipt, as `eth_getTransactionReceipt` sends it. */
export interface TransactionReceipt {
  /** undefined for a pre-Byzantium receipt (a `root` instead of a `status`). */
  status?: 'success' | 'reverted';
  gasUsed: bigint;
  effectiveGasPrice?: bigint;
  /** The created contract, for a contract creation. */
  contractAddress: Address | null;
  logs: LogEntry[];
  raw: unknown;
}

/** Why a transaction failed, from `ots_getTransactionError`'s revert data. */
export type RevertReason =
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'panic'; code: bigint; meaning?: Message }
  /** A custom error or undecodable data: the selector (4 bytes) and the whole data, 0x hex. */
  | { kind: 'custom'; selector: string; data: string };

/** A log we know how to read (ERC-20 and ERC-721 `Transfer` and `Approval`). */
export type DecodedLog =
  | { kind: 'erc20Transfer'; from: Address; to: Address; amount: bigint }
  | { kind: 'erc721Transfer'; from: Address; to: Address; tokenId: bigint }
  | { kind: 'erc20Approval'; owner: Address; spender: Address; amount: bigint }
  | { kind: 'erc721Approval'; owner: Address; approved: Address; tokenId: bigint };

/** One entry of `ots_traceTransaction`: a call, create or self-destruct inside the transaction. */
export interface TraceEntry {
  /** "CALL", "DELEGATECALL", "STATICCALL", "CALLCODE", "CREATE", "CREATE2", "SELFDESTRUCT", … as the node says. */
  type: string;
  depth: number;
  from: Address;
  to: Address | null;
  /** null for calls that carry no value (STATICCALL, DELEGATECALL). */
  value: bigint | null;
  input?: string;
  output?: string;
}

/** What a look-up of an address shows (no HyperCore request: EVM only). */
export interface AddressSummary {
  address: Address;
  kind: 'contract' | 'account';
  /** HYPE balance in wei at the latest block. */
  balance: bigint;
  /** A contract's code size in bytes (absent for an account). */
  codeBytes?: number;
}

// ---- a wallet's history on HyperCore (info API: fills, funding, ledger, historical orders, TWAP slices) ----

/** One fill of `userFills` / `userFillsByTime`: amounts as the API's exact decimal strings. */
export interface Fill {
  coin: string;
  px: string;
  sz: string;
  side: 'A' | 'B';
  /** ms since the epoch. */
  time: number;
  /** "Open Long", "Close Short", "Buy", "Sell", …: as the API says it. */
  dir: string;
  /** Signed. */
  closedPnl: string;
  /** Signed (a rebate is negative). */
  fee: string;
  feeToken: string;
  builderFee?: string;
  startPosition: string;
  hash: string;
  oid: number;
  tid: number;
  crossed: boolean;
  twapId?: number;
}

/** One funding payment of `userFunding` (`usdc` signed: negative = paid). */
export interface FundingPayment {
  time: number;
  hash: string;
  coin: string;
  usdc: string;
  szi: string;
  fundingRate: string;
}

/**
 * One update of `userNonFundingLedgerUpdates`, read into the columns every kind shares: deposits,
 * withdrawals, transfers (USDC class, spot, sub-account, send), vault moves, liquidations, and kinds the
 * API adds later (their amount unknown, kept with their name).
 */
export interface LedgerUpdate {
  time: number;
  hash: string;
  /** The API's `delta.type` ("deposit", "withdraw", "spotTransfer", …). */
  kind: string;
  /** What moved, unsigned, as the API says it; undefined when the kind carries no single amount. */
  amount?: string;
  /** USDC unless the update names a token. */
  token: string;
  /** The fee the update names, if any. */
  fee?: string;
  /** Into the wallet, out of it, or within it / unknown. */
  direction: 'in' | 'out' | 'none';
  /** The other address (sender or destination, vault), when the update names one. */
  counterparty?: string;
}

/** One order of `historicalOrders` with its fate. */
export interface HistoricalOrder {
  coin: string;
  side: 'A' | 'B';
  limitPx: string;
  sz: string;
  origSz?: string;
  oid: number;
  /** When the order was placed (ms). */
  timestamp: number;
  orderType?: string;
  /** "filled", "canceled", "open", "rejected", "marginCanceled", …: as the API says it. */
  status: string;
  statusTimestamp: number;
}

/** One slice fill of a TWAP order (`userTwapSliceFills`). */
export interface TwapSliceFill {
  twapId: number;
  fill: Fill;
}
