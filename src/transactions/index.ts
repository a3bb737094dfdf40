import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

/** The panel's module, loaded by the first transaction opened or restored (not at activation). */
let panels: typeof import('./transactionPanel') | undefined;
const loadPanels = async () => (panels ??= await import('./transactionPanel'));

/** Open Transaction: the command, and the transaction panels it opens (also restored after a window reload). */
export function registerTransactions(services: Services): void {
  registerCommands(services.context, {
    [Commands.openTransaction]: async (arg) => (await import('./openTransactionCommand')).openTransaction(services, arg),
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.transaction, {
      deserializeWebviewPanel: async (panel, state) =>
        (await loadPanels()).TransactionPanel.revive(services, panel, (await import('./protocol')).panelStateHash(state)),
    }),
    { dispose: () => panels?.TransactionPanel.disposeAll() },
  );
}
