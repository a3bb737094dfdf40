import * as vscode from 'vscode';
import type { Services } from '../platform/services';

// Placeholder until the feature lands: registers its commands so the manifest and the host agree.
export function registerBlocks({ context }: Services): void {
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.lookUpBlock', () => vscode.window.showWarningMessage('Not available yet.')));
}
