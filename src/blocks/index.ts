import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

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
}
