import * as vscode from 'vscode';
import type { Services } from '../platform/services';

// Placeholder until the feature lands: registers its commands so the manifest and the host agree.
export function registerOpenOrders({ context }: Services): void {
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.watchWallet', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.unwatchWallet', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.renameWallet', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.refreshOrders', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.refreshWallet', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.copyOrderId', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.copyOrderJson', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.copyAddress', () => vscode.window.showWarningMessage('Not available yet.')));
  context.subscriptions.push(vscode.commands.registerCommand('hyperliquidExplorer.openWalletOnHypurrscan', () => vscode.window.showWarningMessage('Not available yet.')));
}
