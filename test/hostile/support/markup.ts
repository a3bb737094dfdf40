/**
 * Markup and script a hostile provider (or a user) can put in any free-text field, and the checks that
 * it stays text: rendered Markdown (tooltips, hovers) must hold no element the payload asked for, and
 * must still show the payload's words.
 */
import { incident } from './figures';

/** One string that tries everything at once: HTML, script, Markdown links and images, theme icons, autolinks. */
export const MARKUP = `<img src=x onerror="document.title='pwned'"><script>window.__hostile=1</script>[run](command:workbench.action.terminal.new) ![i](https://evil.example/i.png) **b** $(zap) https://evil.example/x`;

/** Payloads one by one, each at most 200 characters (the longest coin or token name the schemas accept). */
export const MARKUP_PAYLOADS: readonly string[] = [
  MARKUP,
  `<img src=x onerror="document.title='pwned';window.__hostile=2">`,
  `<script>document.title='pwned';window.__hostile=3</script>`,
  `<svg/onload=window.__hostile=4><iframe src="javascript:window.__hostile=5"></iframe>`,
  `"><b onmouseover=window.__hostile=6>x</b><a href="javascript:window.__hostile=7">link</a>`,
  `[click](command:workbench.action.openSettings) [site](https://evil.example/x) <https://evil.example/y>`,
  `![pixel](https://evil.example/p.png) **bold** _it_ \`code\` # head > quote`,
  `$(alert) $(zap~spin) &lt;b&gt; &amp; &#60;i&#62;`,
  `https://evil.example/phish www.evil.example mail@evil.example`,
  `\u202eevil\u202c zero\u200bwidth tab\there`,
];

/** The words a payload must still show (markup characters aside), to tell "escaped" from "dropped". */
export function visibleWords(payload: string): string[] {
  return [...new Set(payload.match(/[A-Za-z]{4,}/g) ?? [])].filter((w) => !['https', 'javascript'].includes(w));
}

// markdown-it (a dev dependency; @vscode/vsce uses it too). It renders CommonMark like VS Code's renderer;
// `html: false` is VS Code's `supportHtml: false` (raw HTML shown as text), `linkify` its GFM autolinks.
const MarkdownIt = require('markdown-it') as new (options: object) => { render(text: string): string };
const markdown = new MarkdownIt({ html: false, linkify: true });

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

/** Elements a Markdown tooltip or hover of ours may contain. */
const ALLOWED_TAGS = new Set(['p', 'strong', 'em', 'br', 'h4', 'code']);

/**
 * The elements in rendered Markdown that neither we nor VS Code put there: any tag beyond plain
 * formatting, and links other than `allowedLinks` (the command links the extension makes itself).
 */
export function injectedElements(html: string, allowedLinks: readonly RegExp[] = []): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = m[1]!.toLowerCase();
    if (ALLOWED_TAGS.has(tag) && !/\son\w+=/i.test(m[2]!)) continue;
    if (tag === 'a') {
      const href = /href="([^"]*)"/.exec(m[2]!)?.[1] ?? '';
      if (allowedLinks.some((r) => r.test(href))) continue;
    }
    found.push(m[0]);
  }
  return found;
}

/**
 * Checks that Markdown made from untrusted text renders without injected elements. Counts a failure
 * as markup rendered, and throws.
 */
export function assertMarkdownIsText(where: string, markdownText: string, allowedLinks: readonly RegExp[] = []): string {
  const html = renderMarkdown(markdownText);
  const injected = injectedElements(html, allowedLinks);
  if (injected.length) {
    incident('markupRendered', `${where}: ${injected.join(' ')}`);
    throw new Error(`markup in ${where} rendered as elements: ${injected.join(' ')}\nMarkdown: ${markdownText}`);
  }
  return html;
}

/** Plain text of rendered HTML (tags dropped, entities decoded), to check the payload's words are shown. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
