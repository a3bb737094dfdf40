/**
 * What a block hover says, as plain data, and its Markdown. Pure (no vscode): the strings go through an
 * injected `Translate` (vscode.l10n.t in the extension), and every value is escaped when rendered.
 */
import type { BlockDetails } from '../core/model';
import { groupThousands, weiToHype } from '../core/units';
import { escapeMarkdown } from '../platform/markdownText';

export { escapeMarkdown };

export const LOOK_UP_BLOCK_COMMAND = 'hyperliquidExplorer.lookUpBlock';
export const SET_API_KEY_COMMAND = 'hyperliquidExplorer.setApiKey';
export const TRY_DEMO_COMMAND = 'hyperliquidExplorer.tryDemo';

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

/** vscode.l10n.t's shape: a message with `{0}`-style placeholders and its arguments. */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** The messages as written (for tests and the benchmark, which run without VS Code). */
export const untranslated: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : whole));

export interface HoverLink {
  title: string;
  command: string;
  args?: unknown[];
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
      t('Time: {0} ({1})', utcTime(block.timestamp), formatAge(Number(block.timestamp) - nowMs / 1000, t)),
      t('Transactions: {0}', groupThousands(String(block.transactionCount))),
      t('Gas used: {0} ({1} of {2})', gasPercent(block.gasUsed, block.gasLimit), groupThousands(block.gasUsed.toString()), groupThousands(block.gasLimit.toString())),
      t('Total fees: {0} HYPE', formatFees(block.totalFees)),
      t('Hash: {0}', shortHash(block.hash)),
    ],
    links: [{ title: t('Open block details'), command: LOOK_UP_BLOCK_COMMAND, args: [block.number] }],
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
      { title: t('Set API Key'), command: SET_API_KEY_COMMAND },
      { title: t('Try Demo Data'), command: TRY_DEMO_COMMAND },
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
export function linkedCommands(content: BlockHoverContent): string[] {
  return [...new Set(content.links.map((l) => l.command))];
}

function linkMarkdown(link: HoverLink): string {
  const query = link.args ? `?${encodeURIComponent(JSON.stringify(link.args))}` : '';
  return `[${escapeMarkdown(link.title)}](command:${link.command}${query})`;
}

/** `2025-09-12 08:00:00 UTC`; the raw seconds when the timestamp is out of Date's range. */
export function utcTime(seconds: bigint): string {
  const ms = Number(seconds) * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return `${seconds} s`;
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** How long ago, from the block's offset to now in seconds (negative = in the past). */
export function formatAge(offsetSeconds: number, t: Translate): string {
  const ago = Math.floor(-offsetSeconds);
  if (ago < -5) return t('in the future'); // the node's clock is ahead of ours
  if (ago < 5) return t('just now');
  if (ago < 60) return t('{0} s ago', ago);
  if (ago < 3600) return t('{0} min ago', Math.floor(ago / 60));
  if (ago < 86_400) return t('{0} h ago', Math.floor(ago / 3600));
  const days = Math.floor(ago / 86_400);
  return days === 1 ? t('1 day ago') : t('{0} days ago', groupThousands(String(days)));
}

/** Gas used as a percentage of the gas limit, two decimals, rounded half up, exact. */
export function gasPercent(gasUsed: bigint, gasLimit: bigint): string {
  if (gasLimit <= 0n) return '—';
  const hundredths = (gasUsed * 20_000n + gasLimit) / (2n * gasLimit);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${groupThousands(whole.toString())}.${fraction}%`;
}

/** Fees in HYPE to 8 decimals; a non-zero amount below that says so instead of showing 0. */
export function formatFees(wei: bigint): string {
  const hype = weiToHype(wei, 8);
  if (hype === '0' && wei > 0n) return '< 0.00000001';
  return groupThousands(hype);
}

/** `0x12345678…9abcdef0`. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
