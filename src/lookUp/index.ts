import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Services } from '../platform/services';

/** Hyperliquid: Look Up…: one search box for blocks, transaction hashes and addresses (loaded on first use). */
export function registerLookUp(services: Services): void {
  services.context.subscriptions.push(vscode.commands.registerCommand(Commands.lookUp, async (arg?: unknown) => (await import('./lookUpCommand')).lookUp(services, arg)));
}
