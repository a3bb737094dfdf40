/**
 * What a block hover says, as plain data, and its Markdown. Pure (no vscode): the strings go through an
 * injected `Translate` (vscode.l10n.t in the extension), and every value is escaped when rendered.
 */
import type { BlockDetails } from '../core/model';
import { groupThousands } from '../core/units';
import { commandUri, Commands, type CommandId, type CommandLink } from '../ids';
import { escapeMarkdown } from '../view/escape';
import { formatFees, gasPercent, oneLine, shortHash, timeAgo, utcTime, type Translate } from '../view/format';


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

/** A link under the hover: a command with arguments of the types that command takes (src/ids.ts). */
export interface HoverLink extends CommandLink {
  title: string;
}

export interface BlockHoverContent {
  /** Shown in bold on the first line. */
  title: string;
  /** Plain text, one per line. */
  lines: string[];
  links: HoverLink[];
}

/** A found block: number, time and age, transactions, gas use, fees, short hash, and the details link. */
export function blockHoverContent(block: BlockSummary, nowMs: number, t: Translate): BlockHoverContent {
  return {
    title: t('Block {0}', groupThousands(String(block.number))),
    lines: [
      t('Time: {0} ({1})', utcTime(block.timestamp), timeAgo(BigInt(Math.floor(nowMs / 1000)) - block.timestamp, t)),
      t('Transactions: {0}', groupThousands(String(block.transactionCount))),
      t('Gas used: {0} ({1} of {2})', gasPercent(block.gasUsed, block.gasLimit), groupThousands(block.gasUsed.toString()), groupThousands(block.gasLimit.toString())),
      t('Total fees: {0} HYPE', formatFees(block.totalFees)),
      t('Hash: {0}', shortHash(block.hash)),
    ],
    links: [{ title: t('Open block details'), command: Commands.lookUpBlock, args: [block.number] }],
  };
}

/** A block the node does not have, with the chain's latest block number when we could get it. */
export function notFoundHoverContent(blockNumber: number, latest: number | undefined, t: Translate): BlockHoverContent {
  const lines = [blockNumber > (latest ?? Infinity) ? t('No such block yet.') : t('No such block on this chain.')];
  if (latest !== undefined) lines.push(t('The latest block is {0}.', groupThousands(String(latest))));
  return { title: t('Block {0}', groupThousands(String(blockNumber))), lines, links: [] };
}

/** No API key and no demo data: say how to get going. No request has been made. */
export function noKeyHoverContent(t: Translate): BlockHoverContent {
  return {
    title: t('Hyperliquid block'),
    lines: [t('Set your node provider’s API key to see block details here, or explore with demo data.')],
    links: [
      { title: t('Set API Key'), command: Commands.setApiKey },
      { title: t('Try Demo Data'), command: Commands.tryDemo },
    ],
  };
}

/** A failure, as one line (the message comes from describeError: redacted, no stack). */
export function errorHoverContent(blockNumber: number, message: string, t: Translate): BlockHoverContent {
  return { title: t('Block {0}', groupThousands(String(blockNumber))), lines: [t('Could not load the block: {0}', oneLine(message))], links: [] };
}

/** The Markdown for a hover: escaped text, hard line breaks, command links with JSON arguments. */
export function hoverMarkdown(content: BlockHoverContent): string {
  const parts = [`**${escapeMarkdown(content.title)}**`, ...content.lines.map(escapeMarkdown)];
  let text = parts.join('  \n');
  if (content.links.length) text += `\n\n${content.links.map(linkMarkdown).join(' · ')}`;
  return text;
}

/** The commands a hover's links run: the only ones its MarkdownString trusts. */
export function linkedCommands(content: BlockHoverContent): CommandId[] {
  return [...new Set(content.links.map((l) => l.command))];
}

function linkMarkdown(link: HoverLink): string {
  return `[${escapeMarkdown(link.title)}](${commandUri(link.command, ...((link.args ?? []) as []))})`;
}
