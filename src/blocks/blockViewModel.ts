/**
 * BlockDetails → strings for the block panel. Pure (no `vscode`): exact units through core/units, so a
 * wei is never rounded away, and words through the `t` function the host hands in (vscode.l10n.t).
 */
import type { BlockDetails, BlockTransaction } from '../core/model';
import { groupThousands, toHex, weiToGwei, weiToHype } from '../core/units';
import { gasPercent, timeAgo, utcTime, type Translate } from '../view/format';
import type { BlockView, ExplorerTarget, TransactionData } from './protocol';

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
  return a === HYPE_SYSTEM_ADDRESS || /^0x200{22}[0-9a-f]{16}$/.test(a);
}

/** The panel's view of a block. `nowSeconds` is passed in so that tests can pin the relative time. */
export function toBlockView(details: BlockDetails, nowSeconds: number, t: Translate): BlockView {
  const b = details.block;
  const number = Number(b.number);
  const burnt = b.baseFeePerGas !== undefined ? b.baseFeePerGas * b.gasUsed : undefined;
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
    burntFeesHype: burnt !== undefined ? groupThousands(weiToHype(burnt)) : null,
    burntFeesWei: burnt !== undefined ? groupThousands(burnt.toString()) : null,
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
  return value.length > MAX_EXTRA_DATA ? `${value.slice(0, MAX_EXTRA_DATA - 1)}…` : value;
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
  /** A HyperCore → HyperEVM system transaction (from 0x2222…2222 or 0x2000…00XX). */
  system: boolean;
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
    system: isSystemSender(tx.from),
  };
}

/** A decimal string of wei back to bigint; anything else (it never should be) reads as 0. */
function wei(decimal: string): bigint {
  return /^\d{1,80}$/.test(decimal) ? BigInt(decimal) : 0n;
}

/** The explorer page for a block, transaction or address (the target was checked on arrival). */
export function explorerUrl(base: string, target: ExplorerTarget): string {
  switch (target.kind) {
    case 'block':
      return `${base}/block/${target.number}`;
    case 'tx':
      return `${base}/tx/${target.hash.toLowerCase()}`;
    case 'address':
      return `${base}/address/${target.address.toLowerCase()}`;
  }
}
