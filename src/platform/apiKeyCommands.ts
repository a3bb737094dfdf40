import * as vscode from 'vscode';
import { Commands, ContextKeys, StatusBarItems } from '../ids';
import { registerCommands } from './commands';
import type { Services } from './services';

/**
 * Set API Key, Clear API Key, Try Demo Data, Use My Provider, Show Log; the demo status bar item; the
 * context keys that follow the connection. What the commands ask and do is in apiKeyActions.ts, loaded
 * with the first of them.
 */
export function registerApiKeyCommands(services: Services): void {
  const { context, connection, log } = services;
  const status = demoStatusItem();
  const update = () => {
    void vscode.commands.executeCommand('setContext', ContextKeys.connected, connection.mode !== 'none');
    void vscode.commands.executeCommand('setContext', ContextKeys.demoActive, connection.isDemo);
    if (connection.isDemo) status.show();
    else status.hide();
  };
  update();
  void connection.whenReady().then(update);

  context.subscriptions.push(status, connection.onDidChange(update));
  // What they ask and do loads with the first of them.
  const keys = () => import('./apiKeyActions');
  registerCommands(context, {
    [Commands.setApiKey]: async (keyArg) => (await keys()).setApiKey(services, keyArg),
    [Commands.clearApiKey]: async () => (await keys()).clearApiKey(services),
    [Commands.tryDemo]: async () => (await keys()).tryDemo(services),
    [Commands.useProvider]: async () => (await keys()).useProvider(services),
    [Commands.showLog]: () => log.show(),
  });
}

function demoStatusItem(): vscode.StatusBarItem {
  const status = vscode.window.createStatusBarItem(StatusBarItems.demo, vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('Hyperliquid Demo Data');
  status.text = `$(beaker) ${vscode.l10n.t('Hyperliquid: Demo Data')}`;
  status.tooltip = vscode.l10n.t('Hyperliquid Explorer is showing demo data from a built-in local node. Click to use your own provider.');
  status.command = Commands.useProvider;
  status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  return status;
}
