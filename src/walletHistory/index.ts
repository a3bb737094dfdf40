import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

/** The panel's module, loaded by the first use (not at activation). */
let panels: typeof import('./walletHistoryPanel') | undefined;
const loadPanels = async () => (panels ??= await import('./walletHistoryPanel'));

/** Show Wallet History: the command (on a wallet's row of Open Orders, and in the palette) and its pages, restored after a window reload. */
export function registerWalletHistory(services: Services): void {
  registerCommands(services.context, {
    [Commands.showWalletHistory]: async (arg) => {
      await loadPanels();
      return (await import('./walletHistoryCommand')).showWalletHistory(services, arg);
    },
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.walletHistory, {
      deserializeWebviewPanel: async (panel, state) =>
        (await loadPanels()).WalletHistoryPanel.revive(services, panel, (await import('./protocol')).panelState(state)),
    }),
    { dispose: () => panels?.WalletHistoryPanel.disposeAll() },
  );
}
