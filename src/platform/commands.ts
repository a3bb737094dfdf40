/**
 * The one way to register the extension's commands and to run them from code. A handler takes its
 * arguments as `unknown`: a command can be run by anyone (the palette, another extension, a `command:`
 * link), so each checks what it gets. Running one of ours goes through `CommandArgs`, so the arguments
 * are type-checked against what the command takes. Lint refuses `registerCommand` elsewhere.
 */
import * as vscode from 'vscode';
import type { CommandArgs, CommandId } from '../ids';

export type CommandHandler = (...args: unknown[]) => unknown;

/** Registers each handler under its command id; disposed with the extension. */
export function registerCommands(context: vscode.ExtensionContext, handlers: { readonly [C in CommandId]?: CommandHandler }): void {
  for (const [id, run] of Object.entries(handlers)) {
    if (run) context.subscriptions.push(vscode.commands.registerCommand(id, run));
  }
}

/** Runs one of our commands with arguments of the types it takes. */
export function runCommand<C extends CommandId>(command: C, ...args: CommandArgs[C]): Thenable<unknown> {
  return vscode.commands.executeCommand(command, ...args);
}
