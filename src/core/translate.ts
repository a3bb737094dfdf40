/**
 * How words reach the user: every message shown is passed through a `Translate` the caller hands in
 * (`vscode.l10n.t` in the extension), so the core, the view-models, tests and the benchmark share one
 * code path without `vscode`.
 */

/** `vscode.l10n.t`'s shape: a message with `{0}`-style placeholders and its arguments. */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** The messages as written (for tests and the benchmark, which run without VS Code). */
export const untranslated: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : whole));
