import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

let panels: typeof import('./addressPanel') | undefined;
const loadPanels = async () => (panels ??= await import('./addressPanel'));

/** Open Address: the command, and the address pages it opens (also restored after a window reload). */
export function registerAddress(services: Services): void {
  registerCommands(services.context, {
    [Commands.openAddress]: async (arg) => (await import('./openAddressCommand')).openAddress(services, arg),
    [Commands.setEtherscanApiKey]: async () => (await import('./openAddressCommand')).setEtherscanApiKey(services),
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.address, {
      deserializeWebviewPanel: async (panel, state) =>
        (await loadPanels()).AddressPanel.revive(services, panel, (await import('./protocol')).panelStateAddress(state)),
    }),
    { dispose: () => panels?.AddressPanel.disposeAll() },
  );
}
