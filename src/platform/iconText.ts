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
