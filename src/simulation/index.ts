import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands, WebviewTypes } from '../ids';

/** Read & Simulate: its commands, and its pages (also restored after a window reload); the page loads on first use. */
export function registerSimulation(services: Services): void {
  registerCommands(services.context, {
    [Commands.readAndSimulate]: async (arg) => (await import('./simulationCommands')).readAndSimulate(services, arg),
    [Commands.simulateScript]: async (file, pick) => (await import('./scriptCommands')).simulateScript(services, file, pick),
  });
  services.context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.simulation, {
      deserializeWebviewPanel: async (panel, state) => (await import('./simulationCommands')).revive(services, panel, state),
    }),
  );
}
