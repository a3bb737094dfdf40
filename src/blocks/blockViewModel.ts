/**
 * BlockDetails → strings for the block panel. Pure (no `vscode`): exact units through core/units, so a
 * wei is never rounded away, and words through the `t` function the host hands in (vscode.l10n.t).
 */
import { SYSTEM_TOKEN_ADDRESS } from '../core/hex';
import type { BlockDetails, BlockTransaction } from '../core/model';
import { methodName, selectorOf } from '../core/selectors';
import { groupThousands, toHex, weiToGwei, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import { gasPercent, timeAgo, utcTime, type Translate } from '../view/format';
import type { BlockView, TransactionData } from './protocol';

/**
 * HyperEVM's dual blocks: small ones have a 3M gas limit (2M until spring 2026), big ones 30M. The line
 * sits between the two so that a change of either limit does not flip the class.
 */
export const BIG_BLOCK_MIN_GAS_LIMIT = 10_000_000n;

export const HYPE_SYSTEM_ADDRESS = '0x2222222222222222222222222222222222222222';

export function blockSize(gasLimit: bigint): 'small' | 'big' {
  return gasLimit >= BIG_BLOCK_MIN_GAS_LIMIT ? 'big' : 'small';
}

/**
 * HyperCore → HyperEVM transfers come from 0x2222…2222 (HYPE) or from 0x20 followed by the token index,
 * big-endian (0x2000…00XX). Token indexes are small, so most of those 19 bytes are zeros: requiring that
 * keeps an ordinary address that merely starts with 0x20 from being marked.
 */
export function isSystemSender(from: string): boolean {
  const a = from.toLowerCase();
  return a === HYPE_SYSTEM_ADDRESS || SYSTEM_TOKEN_ADDRESS.test(a);
}

/** The panel's view of a block. `nowSeconds` is passed in so that tests can pin the relative time. */
export function toBlockView(details: BlockDetails, nowSeconds: number, t: Translate): BlockView {
  const b = details.block;
  const number = Number(b.number);
  // HyperEVM burns the base fee and the priority fee alike (docs/FACTS.md#fees-are-burnt): every fee paid is burnt.
  const burnt = details.totalFees;
  return {
    number,
    numberText: groupThousands(b.number.toString()),
    numberHex: toHex(b.number),
    hash: b.hash,
    parentHash: b.parentHash,
    parentNumber: number > 0 ? number - 1 : null,
    timeUtc: utcTime(b.timestamp),
    timeRelative: timeAgo(BigInt(Math.floor(nowSeconds)) - b.timestamp, t),
    miner: b.miner,
    gasUsed: groupThousands(b.gasUsed.toString()),
    gasLimit: groupThousands(b.gasLimit.toString()),
    gasPercent: gasPercent(b.gasUsed, b.gasLimit),
    baseFeeGwei: b.baseFeePerGas !== undefined ? groupThousands(weiToGwei(b.baseFeePerGas)) : null,
    size: blockSize(b.gasLimit),
    transactionCount: b.transactionCount,
    transactionCountText: groupThousands(String(b.transactionCount)),
    totalFeesHype: groupThousands(weiToHype(details.totalFees)),
    totalFeesWei: groupThousands(details.totalFees.toString()),
    burntFeesHype: groupThousands(weiToHype(burnt)),
    burntFeesWei: groupThousands(burnt.toString()),
    blockRewardHype: groupThousands(weiToHype(details.issuance.blockReward)),
    uncleRewardHype: groupThousands(weiToHype(details.issuance.uncleReward)),
    issuanceHype: groupThousands(weiToHype(details.issuance.issuance)),
    extraData: extraDataOf(details.raw),
    shape: details.transactions ? 'spec' : 'slim',
  };
}

/** The longest extraData shown; the raw JSON has all of it. */
const MAX_EXTRA_DATA = 200;

/** The header's `extraData` from the untouched result, when it is a non-empty string. */
export function extraDataOf(raw: unknown): string | null {
  const value = (raw as { block?: { extraData?: unknown } } | null | undefined)?.block?.extraData;
  if (typeof value !== 'string' || value === '' || value === '0x') return null;
  return revealInvisibles(value.length > MAX_EXTRA_DATA ? `${value.slice(0, MAX_EXTRA_DATA - 1)}…` : value);
}

/** A transaction for the wire; `position` is its place in the block when the node sends no transactionIndex. */
export function toTransactionData(tx: BlockTransaction, position: number): TransactionData {
  return {
    index: tx.transactionIndex ?? position,
    hash: tx.hash,
    from: tx.from,
    to: tx.to,
    value: tx.value.toString(),
    gas: tx.gas.toString(),
    gasPrice: tx.gasPrice !== undefined ? tx.gasPrice.toString() : null,
    status: tx.status ?? null,
    gasUsed: tx.gasUsed !== undefined ? tx.gasUsed.toString() : null,
    fee: tx.fee !== undefined ? tx.fee.toString() : null,
    input: tx.input === undefined ? null : tx.input === '0x' || tx.input === '' ? '0x' : selectorOf(tx.input),
  };
}

/** The transactions of a block that came with them (the spec's shape), in block order. */
export function toTransactionsData(transactions: readonly BlockTransaction[]): TransactionData[] {
  return transactions.map(toTransactionData).sort((a, b) => a.index - b.index);
}

/** One row of the transaction table, ready to show. */
export interface TransactionRow {
  index: number;
  hash: string;
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  valueHype: string;
  gas: string;
  /** Null when the node does not send a gas price. */
  gasPriceGwei: string | null;
  /** A HyperCore → HyperEVM system transaction (from 0x2222…2222 or 0x2000…00XX, or a gas price of 0). */
  system: boolean;
  /** True for a reverted transaction, false for a successful one, null when the node sent no receipt. */
  failed: boolean | null;
  /** Gas used (grouped), when a receipt came. */
  gasUsed: string | null;
  /** Fee paid in HYPE, when a receipt came. */
  feeHype: string | null;
  /** What it called: a contract creation, a plain transfer, a named method, a bare selector, or unknown. */
  method: { kind: 'creation' } | { kind: 'transfer' } | { kind: 'call'; selector: string; name: string | null } | { kind: 'unknown' };
}

/** Formats one transaction for display; the webview calls it for the rows in view only. */
export function toTransactionRow(tx: TransactionData): TransactionRow {
  return {
    index: tx.index,
    hash: tx.hash,
    from: tx.from,
    to: tx.to,
    valueHype: groupThousands(weiToHype(wei(tx.value))),
    gas: groupThousands(wei(tx.gas).toString()),
    gasPriceGwei: tx.gasPrice !== null ? groupThousands(weiToGwei(wei(tx.gasPrice))) : null,
    system: isSystemTransaction(tx),
    failed: tx.status === null ? null : tx.status === 'reverted',
    gasUsed: tx.gasUsed !== null ? groupThousands(wei(tx.gasUsed).toString()) : null,
    feeHype: tx.fee !== null ? groupThousands(weiToHype(wei(tx.fee))) : null,
    method: methodOf(tx),
  };
}

/**
 * HyperCore → HyperEVM transfers: from a system address, or with a gas price of 0 (nanoreth's own test;
 * the sender comes from hl-node and is not always a system address). No ordinary transaction has a zero
 * effective gas price on a chain with a base fee.
 */
export function isSystemTransaction(tx: Pick<TransactionData, 'from' | 'gasPrice'>): boolean {
  return isSystemSender(tx.from) || tx.gasPrice === '0';
}

function methodOf(tx: TransactionData): TransactionRow['method'] {
  if (tx.to === null) return { kind: 'creation' };
  if (tx.input === null) return { kind: 'unknown' };
  if (tx.input === '0x') return { kind: 'transfer' };
  return { kind: 'call', selector: tx.input, name: tx.workspaceMethod ?? methodName(tx.input) ?? null };
}

/** Counts over the rows a table has: how many are loaded, failed, and system transactions. */
export interface RowSummary {
  loaded: number;
  failed: number;
  system: number;
}

export function summarizeRows(rows: ReadonlyArray<TransactionData | undefined>): RowSummary {
  const summary: RowSummary = { loaded: 0, failed: 0, system: 0 };
  for (const row of rows) {
    if (!row) continue;
    summary.loaded++;
    if (row.status === 'reverted') summary.failed++;
    if (isSystemTransaction(row)) summary.system++;
  }
  return summary;
}

/** A decimal string of wei back to bigint; anything else (it never should be) reads as 0. */
function wei(decimal: string): bigint {
  return /^\d{1,80}$/.test(decimal) ? BigInt(decimal) : 0n;
}
