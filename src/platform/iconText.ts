/**
 * Text for places where VS Code renders `$(name)` as an icon (quick pick labels and descriptions): what
 * a user typed or a provider sent stays as written. The escape is VS Code's own (`\$(name)`).
 */
export function escapeIcons(text: string): string {
  return text.replace(/(\\)?\$\([a-z0-9-]+(?:~[a-z]+)?\)/gi, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}
