import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { Commands, Settings, settingId, WebviewTypes } from '../ids';

/** The panel's module, loaded by the first lookup or restored panel (not at activation). */
let panels: typeof import('./blockPanel') | undefined;
const loadPanels = async () => (panels ??= await import('./blockPanel'));

/** Look Up Block: the command, and the block panels it opens (also restored after a window reload). */
export function registerBlocks(services: Services): void {
  registerCommands(services.context, {
    [Commands.lookUpBlock]: async (arg) => (await import('./lookUpBlockCommand')).lookUpBlock(services, arg),
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.block, {
      deserializeWebviewPanel: async (panel, state) =>
        (await loadPanels()).BlockPanel.revive(services, panel, (await import('./protocol')).panelStateBlockNumber(state)),
    }),
    { dispose: () => panels?.BlockPanel.disposeAll() },
  );
  // The latest block in the status bar: its module loads once the setting is on, then follows the setting itself.
  const statusBar = () => settings.blocksStatusBar() && void import('./latestBlockHost').then((m) => m.showLatestBlock(services));
  statusBar();
  services.context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(settingId(Settings.blocksStatusBar)) && statusBar()),
  );
}
