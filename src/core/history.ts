/**
 * An address's transactions on HyperEVM, as the history sources send them: the node's Otterscan search
 * (`ots_searchTransactionsBefore/After`, docs/FACTS.md#history) and the explorers' Etherscan-compatible
 * `module=account&action=txlist` (Blockscout at hyperscan.com, Etherscan API v2). Schemas (valibot) and
 * the one shape both become. Pure: no `vscode`.
 */
import * as v from 'valibot';
import { ADDRESS, HEX_BYTES } from './hex';
import type { Address, Hash } from './model';
import { address, hash, quantity } from './schemas';

/** One transaction of an address's history, whatever source it came from. */
export interface HistoryTransaction {
  hash: Hash;
  blockNumber: bigint;
  /** Seconds since the epoch; null when the source did not say. */
  timestamp: bigint | null;
  from: Address;
  /** Null for a contract creation. */
  to: Address | null;
  /** The contract a creation made, when the source says. */
  created: Address | null;
  value: bigint;
  /** `0x` for no calldata, else its selector (0x + 8 hex digits, lowercase). */
  selector: string;
  /** Wei paid (gas used × effective price); null when the source did not say. */
  fee: bigint | null;
  status: 'success' | 'reverted' | null;
  /** The position in its block, when known (orders transactions of one block). */
  index: number | null;
}

/** One page of an address's history, newest first. */
export interface HistoryPage {
  transactions: HistoryTransaction[];
  /** The source says there is nothing older. */
  oldest: boolean;
}

/** The most transactions a page may ask for: Otterscan's own UI asks 25; explorers take up to 10,000 but answer slower. */
export const MAX_HISTORY_PAGE_SIZE = 100;

/**
 * The most transactions one answer may hold: a node includes whole blocks, so a page may hold more than
 * asked (every transaction of the last block reached); more than this is not an answer to the question.
 */
export const MAX_HISTORY_ANSWER = 5000;

const input = v.pipe(v.string(), v.regex(HEX_BYTES, 'expected 0x hex bytes'));

const otsTransaction = v.looseObject({
  hash,
  blockNumber: quantity,
  transactionIndex: v.optional(v.nullable(quantity)),
  from: address,
  to: v.nullable(address),
  value: quantity,
  input: v.optional(input),
});

const otsReceipt = v.looseObject({
  transactionHash: hash,
  status: v.optional(v.nullable(quantity)),
  gasUsed: v.optional(v.nullable(quantity)),
  effectiveGasPrice: v.optional(v.nullable(quantity)),
  contractAddress: v.optional(v.nullable(address)),
  timestamp: v.optional(v.nullable(quantity)),
});

/** `ots_searchTransactionsBefore/After`'s result: the transactions, their receipts (with the block's timestamp), and where the pages end. */
export const otsSearchResult = v.pipe(
  v.looseObject({
    txs: v.pipe(v.array(otsTransaction), v.maxLength(MAX_HISTORY_ANSWER, `more than ${MAX_HISTORY_ANSWER} transactions`)),
    receipts: v.array(otsReceipt),
    firstPage: v.boolean(),
    lastPage: v.boolean(),
  }),
  v.check((r) => r.receipts.length === r.txs.length, 'receipts do not match txs one for one'),
);

export type OtsSearchResult = v.InferOutput<typeof otsSearchResult>;

/** The search's answer as history transactions; a receipt for another transaction than its partner is refused. */
export function fromOtsSearch(r: OtsSearchResult): { transactions: HistoryTransaction[]; newest: boolean; oldest: boolean } | string {
  const transactions: HistoryTransaction[] = [];
  for (let i = 0; i < r.txs.length; i++) {
    const tx = r.txs[i]!;
    const receipt = r.receipts[i]!;
    if (receipt.transactionHash !== tx.hash) return `receipts[${i}] is for another transaction than txs[${i}]`;
    const fee = typeof receipt.gasUsed === 'bigint' && typeof receipt.effectiveGasPrice === 'bigint' ? receipt.gasUsed * receipt.effectiveGasPrice : null;
    transactions.push({
      hash: tx.hash,
      blockNumber: tx.blockNumber,
      timestamp: receipt.timestamp ?? null,
      from: tx.from,
      to: tx.to,
      created: receipt.contractAddress ?? null,
      value: tx.value,
      selector: selectorOf(tx.input),
      fee,
      status: typeof receipt.status !== 'bigint' ? null : receipt.status === 1n ? 'success' : 'reverted',
      index: typeof tx.transactionIndex === 'bigint' && tx.transactionIndex <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(tx.transactionIndex) : null,
    });
  }
  // Otterscan's wire: `firstPage` is the newest page, `lastPage` the oldest.
  return { transactions, newest: r.firstPage, oldest: r.lastPage };
}

function selectorOf(data: string | undefined): string {
  if (data === undefined || data.length < 10) return '0x';
  return data.slice(0, 10).toLowerCase();
}

// ---- the explorers' Etherscan-compatible txlist ----

const decimal = v.pipe(
  v.string(),
  v.regex(/^\d{1,78}$/, 'expected a decimal number as a string'),
  v.transform((s) => BigInt(s)),
);
const optionalAddress = v.pipe(
  v.string(),
  v.check((s) => s === '' || ADDRESS.test(s), 'expected a 0x address or nothing'),
  v.transform((s) => (s === '' ? null : (s.toLowerCase() as Address))),
);

const explorerTransaction = v.looseObject({
  blockNumber: decimal,
  timeStamp: v.optional(decimal),
  hash,
  transactionIndex: v.optional(decimal),
  from: address,
  to: v.optional(v.nullable(optionalAddress)),
  contractAddress: v.optional(v.nullable(optionalAddress)),
  value: decimal,
  gasUsed: v.optional(decimal),
  gasPrice: v.optional(decimal),
  isError: v.optional(v.picklist(['0', '1'])),
  txreceipt_status: v.optional(v.string()),
  input: v.optional(v.string()),
});

/** The explorers' answer: status `1` with a list, or `0` with a message (and a list that is empty, or an error text in `result`). */
export const explorerTxListAnswer = v.looseObject({
  status: v.picklist(['0', '1']),
  message: v.pipe(v.string(), v.maxLength(2000)),
  result: v.union([
    v.pipe(v.array(v.unknown()), v.maxLength(MAX_HISTORY_ANSWER, `more than ${MAX_HISTORY_ANSWER} transactions`)),
    v.pipe(v.string(), v.maxLength(4000)),
  ]),
});

export { explorerTransaction };

/** One explorer row, validated, as a history transaction. */
export function fromExplorerRow(t: v.InferOutput<typeof explorerTransaction>): HistoryTransaction {
  const failed = t.isError === '1' || t.txreceipt_status === '0';
  const succeeded = t.isError === '0' || t.txreceipt_status === '1';
  return {
    hash: t.hash,
    blockNumber: t.blockNumber,
    timestamp: t.timeStamp ?? null,
    from: t.from,
    to: t.to ?? null,
    created: t.contractAddress ?? null,
    value: t.value,
    selector: t.input !== undefined && HEX_BYTES.test(t.input) ? selectorOf(t.input) : '0x',
    fee: t.gasUsed !== undefined && t.gasPrice !== undefined ? t.gasUsed * t.gasPrice : null,
    status: failed ? 'reverted' : succeeded ? 'success' : null,
    index: t.transactionIndex !== undefined && t.transactionIndex <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(t.transactionIndex) : null,
  };
}

/** Newest first: by block, then by position in the block (unknown positions last within their block). */
export function compareNewestFirst(a: HistoryTransaction, b: HistoryTransaction): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  return (b.index ?? -1) - (a.index ?? -1);
}

// ---- the explorers' token transfers (`tokentx`) and internal transfers (`txlistinternal`) ----

/** A token's name or symbol as an explorer writes it: any text, bounded (it is shown with textContent only). */
const tokenText = v.pipe(v.string(), v.maxLength(200));

export const explorerTokenTransfer = v.looseObject({
  blockNumber: decimal,
  timeStamp: v.optional(decimal),
  hash,
  from: address,
  to: optionalAddress,
  contractAddress: address,
  value: decimal,
  tokenName: v.optional(tokenText),
  tokenSymbol: v.optional(tokenText),
  tokenDecimal: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'expected a number of decimals'))),
});

export const explorerInternalTransfer = v.looseObject({
  blockNumber: decimal,
  timeStamp: v.optional(decimal),
  hash,
  from: address,
  to: v.optional(optionalAddress),
  contractAddress: v.optional(optionalAddress),
  value: decimal,
  type: v.optional(v.pipe(v.string(), v.maxLength(40))),
  isError: v.optional(v.picklist(['0', '1'])),
});

/** An ERC-20 (or other token) transfer touching an address, from an explorer. */
export interface TokenTransfer {
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint | null;
  from: Address;
  to: Address | null;
  token: Address;
  /** As the explorer names the token; undefined when it does not say. */
  symbol?: string;
  name?: string;
  /** The token's decimals as the explorer says (undefined: the raw amount is shown). */
  decimals?: number;
  /** In the token's smallest unit. */
  value: bigint;
}

/** A value moved by a call inside a transaction (not the transaction itself), from an explorer. */
export interface InternalTransfer {
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint | null;
  from: Address;
  /** The recipient, or the contract created; null when the explorer says neither. */
  to: Address | null;
  /** Wei. */
  value: bigint;
  type: string | null;
  failed: boolean;
}

export function fromExplorerTokenTransfer(t: v.InferOutput<typeof explorerTokenTransfer>): TokenTransfer {
  return {
    hash: t.hash,
    blockNumber: t.blockNumber,
    timestamp: t.timeStamp ?? null,
    from: t.from,
    to: t.to,
    token: t.contractAddress,
    symbol: t.tokenSymbol,
    name: t.tokenName,
    decimals: t.tokenDecimal === undefined ? undefined : Number(t.tokenDecimal),
    value: t.value,
  };
}

export function fromExplorerInternalTransfer(t: v.InferOutput<typeof explorerInternalTransfer>): InternalTransfer {
  return {
    hash: t.hash,
    blockNumber: t.blockNumber,
    timestamp: t.timeStamp ?? null,
    from: t.from,
    to: t.to ?? t.contractAddress ?? null,
    value: t.value,
    type: t.type ?? null,
    failed: t.isError === '1',
  };
}
