/**
 * Escapes for untrusted text (a provider's answer, what a user typed) in the places VS Code renders
 * markup: Markdown in hovers and tooltips, `$(name)` icons in quick picks, links in notifications. Pure.
 */

/**
 * Text that Markdown shows as written: every ASCII punctuation character backslash-escaped (CommonMark
 * allows that for all of them), control characters and line breaks folded into spaces, so nothing from
 * the network can become a link (GFM autolinks included), an image, HTML, a theme icon or a new
 * paragraph. The one escape for untrusted text in hovers and tooltips.
 */
export function escapeMarkdown(text: string): string {
  return revealInvisibles(
    text
      // eslint-disable-next-line no-control-regex -- control characters are what this folds away
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' '),
  ).replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '\\$&');
}

/**
 * Characters that show nothing or change how the text around them is shown: Unicode format characters
 * (bidirectional overrides and isolates, zero-width spaces and joiners, the BOM, invisible operators,
 * tag characters), line and paragraph separators, and the invisible fillers (Hangul fillers, the
 * combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0]|\u034f/gu;

/**
 * Untrusted text with every invisible or direction-changing character shown as a visible escape
 * (`[U+202E]`), so that text from the network cannot make one thing look like another (a reversed coin
 * name, an address with a hidden character). For every place node text is shown: tree labels and
 * descriptions, tooltips and hovers (through `escapeMarkdown`), the block page.
 */
export function revealInvisibles(text: string): string {
  return text.replace(INVISIBLE, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}

/**
 * Text for places where VS Code renders `$(name)` as an icon (quick pick labels and descriptions): what
 * a user typed or a provider sent stays as written. The escape is VS Code's own (`\$(name)`).
 */
export function escapeIcons(text: string): string {
  return text.replace(/(\\)?\$\([a-z0-9-]+(?:~[a-z]+)?\)/gi, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}

/**
 * Text for notifications and input box messages, which also turn `[label](https://…)` or
 * `[label](command:…)` into a link and have no escape for it: a zero-width space between `]` and `(`
 * keeps such text as it reads.
 */
export function escapeLinksAndIcons(text: string): string {
  return escapeIcons(text).replace(/\]\(/g, ']\u200b(');
}
