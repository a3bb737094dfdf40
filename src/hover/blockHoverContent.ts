/** What a block hover says, as plain data (`hoverContent.ts` makes it Markdown). Pure (no vscode). */
import type { BlockDetails } from '../core/model';
import { groupThousands } from '../core/units';
import { Commands } from '../ids';
import { formatFees, gasPercent, shortHash, timeAgo, utcTime, type Translate } from '../view/format';
import { failedHoverContent, noKeyHoverContent, type HoverContent } from './hoverContent';

/** The few header fields a hover shows; what the cache keeps (not the block's transactions or raw JSON). */
export interface BlockSummary {
  number: number;
  hash: string;
  /** Seconds since the epoch. */
  timestamp: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
  transactionCount: number;
  /** Wei. */
  totalFees: bigint;
}

export function blockSummary(details: BlockDetails): BlockSummary {
  const b = details.block;
  return {
    number: Number(b.number),
    hash: b.hash,
    timestamp: b.timestamp,
    gasUsed: b.gasUsed,
    gasLimit: b.gasLimit,
    transactionCount: b.transactionCount,
    totalFees: details.totalFees,
  };
}

/** A found block: number, time and age, transactions, gas use, fees, short hash, and the details link. */
export function blockHoverContent(block: BlockSummary, nowMs: number, t: Translate): HoverContent {
  return {
    title: t('Block {0}', groupThousands(String(block.number))),
    lines: [
      t('Time: {0} ({1})', utcTime(block.timestamp), timeAgo(BigInt(Math.floor(nowMs / 1000)) - block.timestamp, t)),
      t('Transactions: {0}', groupThousands(String(block.transactionCount))),
      t(
        'Gas used: {0} ({1} of {2})',
        gasPercent(block.gasUsed, block.gasLimit),
        groupThousands(block.gasUsed.toString()),
        groupThousands(block.gasLimit.toString()),
      ),
      t('Total fees: {0} HYPE', formatFees(block.totalFees)),
      t('Hash: {0}', shortHash(block.hash)),
    ],
    links: [{ title: t('Open block details'), command: Commands.lookUpBlock, args: [block.number] }],
  };
}

/** A block the node does not have, with the chain's latest block number when we could get it. */
export function notFoundHoverContent(blockNumber: number, latest: number | undefined, t: Translate): HoverContent {
  const lines = [blockNumber > (latest ?? Infinity) ? t('No such block yet.') : t('No such block on this chain.')];
  if (latest !== undefined) lines.push(t('The latest block is {0}.', groupThousands(String(latest))));
  return { title: t('Block {0}', groupThousands(String(blockNumber))), lines, links: [] };
}

/** No API key and no demo data: say how to get going. No request has been made. */
export function noKeyBlockHoverContent(t: Translate): HoverContent {
  return noKeyHoverContent(t('Hyperliquid block'), t('Set your node provider’s API key to see block details here, or explore with demo data.'), t);
}

/** A failure, as one line (the message comes from describeError: redacted, no stack). */
export function errorHoverContent(blockNumber: number, message: string, t: Translate): HoverContent {
  return failedHoverContent(t('Block {0}', groupThousands(String(blockNumber))), (m) => t('Could not load the block: {0}', m), message);
}
