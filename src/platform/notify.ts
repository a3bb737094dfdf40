/**
 * The one way to show a notification. A notification renders `[label](command:…)` as a link that runs
 * the command with its arguments, and `$(name)` as an icon; any part of a message may hold text from
 * outside (a node's error, a wallet label, a coin name), so every message, detail and button label is
 * escaped here, always. Lint refuses `vscode.window.show*Message` anywhere else.
 */
import * as vscode from 'vscode';
import { escapeLinksAndIcons } from '../view/escape';

export type Severity = 'info' | 'warning' | 'error';

const METHOD = { info: 'showInformationMessage', warning: 'showWarningMessage', error: 'showErrorMessage' } as const;

/** Looked up on each call, so that a test's stand-in for `vscode.window` is what runs. */
function show(severity: Severity, message: string, ...rest: (string | vscode.MessageOptions)[]): Thenable<string | undefined> {
  return (vscode.window[METHOD[severity]] as (m: string, ...r: (string | vscode.MessageOptions)[]) => Thenable<string | undefined>)(message, ...rest);
}

/**
 * A notification with optional buttons; resolves to the button picked (as passed in), or undefined.
 * Callers need not escape what they put in: this does it.
 */
export async function notify<T extends string>(severity: Severity, message: string, ...buttons: T[]): Promise<T | undefined> {
  return pick(await show(severity, escapeLinksAndIcons(message), ...buttons.map(escapeLinksAndIcons)), buttons);
}

/** A modal question with a detail line; resolves to the button picked (as passed in), or undefined when dismissed. */
export async function confirm<T extends string>(severity: Severity, message: string, detail: string, ...buttons: T[]): Promise<T | undefined> {
  const options: vscode.MessageOptions = { modal: true, detail: escapeLinksAndIcons(detail) };
  return pick(await show(severity, escapeLinksAndIcons(message), options, ...buttons.map(escapeLinksAndIcons)), buttons);
}

function pick<T extends string>(shown: string | undefined, buttons: readonly T[]): T | undefined {
  return shown === undefined ? undefined : buttons.find((b) => escapeLinksAndIcons(b) === shown);
}
