import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Services } from '../platform/services';
import { lookUp } from './lookUp';

/** Hyperliquid: Look Up…: one search box for blocks, transaction hashes and addresses. */
export function registerLookUp(services: Services): void {
  services.context.subscriptions.push(vscode.commands.registerCommand(Commands.lookUp, (arg?: unknown) => lookUp(services, arg)));
}
