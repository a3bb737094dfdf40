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

/**
 * A message made where no `Translate` is at hand (the core's errors and problems, a panic's meaning): its
 * English text with `{0}` placeholders and its arguments, translated where it is shown
 * (`translateMessage`). Made with `msg('…', …)`, whose literal text the key extraction reads
 * (scripts/l10nKeys.ts), as it reads `t('…', …)`.
 */
export interface Message {
  readonly message: string;
  readonly args: readonly MessageArg[];
}

/** An argument: a value shown as it is, or a message translated in turn. */
export type MessageArg = string | number | Message;

export const msg = (message: string, ...args: MessageArg[]): Message => ({ message, args });

/** The message in the user's language (`vscodeTranslate`), or in English (`untranslated`: logs, tests). */
export function translateMessage(m: Message, t: Translate): string {
  return t(m.message, ...m.args.map((a) => (typeof a === 'object' ? translateMessage(a, t) : a)));
}
