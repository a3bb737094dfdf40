/**
 * The account as VS Code shows it, set up at activation: the context keys that follow the connection (the
 * welcome view and menus read them), the demo status bar item, and the account commands (Set API Key, Clear
 * API Key, Try Demo Data, Use My Provider, Show Log), whose bodies (`accountCommands.ts`) are loaded on first use.
 */
import * as vscode from 'vscode';
import { Commands, ContextKeys, StatusBarItems } from '../ids';
import { registerCommands } from './commands';
import type { Services } from './services';

const commands = () => import('./accountCommands');

export function registerAccountCommands(services: Services): void {
  const { context, connection, log } = services;
  let status: vscode.StatusBarItem | undefined;
  const update = () => {
    void vscode.commands.executeCommand('setContext', ContextKeys.connected, connection.mode !== 'none');
    void vscode.commands.executeCommand('setContext', ContextKeys.demoActive, connection.isDemo);
    if (connection.isDemo) (status ??= demoStatusItem()).show();
    else status?.hide();
  };
  update();
  void connection.whenReady().then(update);

  context.subscriptions.push({ dispose: () => status?.dispose() }, connection.onDidChange(update));
  registerCommands(context, {
    [Commands.setApiKey]: async (keyArg) => (await commands()).setApiKey(services, keyArg),
    [Commands.clearApiKey]: async () => (await commands()).clearApiKey(services),
    [Commands.tryDemo]: async () => (await commands()).tryDemo(services),
    [Commands.useProvider]: async () => (await commands()).useProvider(services),
    [Commands.showLog]: () => log.show(),
  });
}

/** Shown while demo data is on; a click goes back to the user's provider. */
function demoStatusItem(): vscode.StatusBarItem {
  const status = vscode.window.createStatusBarItem(StatusBarItems.demo, vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('Hyperliquid Demo Data');
  status.text = `$(beaker) ${vscode.l10n.t('Hyperliquid: Demo Data')}`;
  status.tooltip = vscode.l10n.t('Hyperliquid Explorer is showing demo data from a built-in local node. Click to use your own provider.');
  status.command = Commands.useProvider;
  status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  return status;
}
