/**
 * What a hover says, as plain data, and its Markdown: one shape for the block, transaction and address
 * hovers. Pure (no vscode): the strings go through an injected `Translate` (vscode.l10n.t in the
 * extension), and every value is escaped when rendered.
 */
import { commandLinkUri, Commands, type CommandId, type CommandLink } from '../ids';
import { escapeMarkdown } from '../view/escape';
import { oneLine, type Translate } from '../view/format';

/**
 * A link under the hover: a command with arguments of the types that command takes (src/ids.ts), or a
 * web page (the block explorer: an https URL built from the setting and a validated hex value).
 */
export type HoverLink = { title: string } & (CommandLink | { url: string });

export interface HoverContent {
  /** Shown in bold on the first line. */
  title: string;
  /** Plain text, one per line. */
  lines: string[];
  links: HoverLink[];
}

/** No API key and no demo data: say how to get going (`line`, translated). No request has been made. */
export function noKeyHoverContent(title: string, line: string, t: Translate): HoverContent {
  return {
    title,
    lines: [line],
    links: [
      { title: t('Set API Key'), command: Commands.setApiKey },
      { title: t('Try Demo Data'), command: Commands.tryDemo },
    ],
  };
}

/**
 * A failure, as one line: `line` is a translated message with `{0}` for the error (from describeError:
 * redacted, no stack), folded to one line here.
 */
export function failedHoverContent(title: string, line: (message: string) => string, message: string): HoverContent {
  return { title, lines: [line(oneLine(message))], links: [] };
}

/** The Markdown for a hover: escaped text, hard line breaks, command links with JSON arguments. */
export function hoverMarkdown(content: HoverContent): string {
  const parts = [`**${escapeMarkdown(content.title)}**`, ...content.lines.map(escapeMarkdown)];
  let text = parts.join('  \n');
  if (content.links.length) text += `\n\n${content.links.map(linkMarkdown).join(' · ')}`;
  return text;
}

/** The commands a hover's links run: the only ones its MarkdownString trusts. */
export function linkedCommands(content: HoverContent): CommandId[] {
  return [...new Set(content.links.flatMap((l) => ('command' in l ? [l.command] : [])))];
}

function linkMarkdown(link: HoverLink): string {
  const target = 'command' in link ? commandLinkUri(link) : safeUrl(link.url);
  return `[${escapeMarkdown(link.title)}](${target})`;
}

/**
 * An https URL that stays one Markdown link target whatever the setting holds: every character outside
 * the URL's plain set (spaces, parentheses, brackets, quotes, backslashes, non-ASCII, a lone surrogate)
 * percent-encoded.
 */
function safeUrl(url: string): string {
  if (!/^https:\/\//.test(url)) throw new Error('a hover links only to https pages');
  return url.replace(/[^A-Za-z0-9\-._~:/?#@$&+,;=%]/gu, (c) => {
    if (c.length === 1 && c.charCodeAt(0) < 0x80) return `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: no character to encode
    }
  });
}
