import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

/** The panel's module, loaded by the first page opened or restored (not at activation). */
let panels: typeof import('./simulationPanel') | undefined;
const loadPanels = async () => (panels ??= await import('./simulationPanel'));

/** Read & Simulate: the command, and the pages it opens (also restored after a window reload). */
export function registerSimulation(services: Services): void {
  registerCommands(services.context, {
    [Commands.readAndSimulate]: async (arg) => (await import('./simulationCommands')).readAndSimulate(services, arg),
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.simulation, {
      deserializeWebviewPanel: async (panel, state) =>
        (await loadPanels()).SimulationPanel.revive(services, panel, (await import('./protocol')).panelStateTarget(state)),
    }),
    { dispose: () => panels?.SimulationPanel.disposeAll() },
  );
}
