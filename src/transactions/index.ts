import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';
import { openTransaction } from './openTransaction';
import { panelStateHash } from './protocol';
import { TransactionPanel } from './transactionPanel';

/** Open Transaction: the command, and the transaction panels it opens (also restored after a window reload). */
export function registerTransactions(services: Services): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.openTransaction, (arg?: unknown) => openTransaction(services, arg)),
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.transaction, {
      deserializeWebviewPanel: async (panel, state) => TransactionPanel.revive(services, panel, panelStateHash(state)),
    }),
    { dispose: () => TransactionPanel.disposeAll() },
  );
}
