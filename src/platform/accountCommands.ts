import * as vscode from 'vscode';
import { apiKeyProblem } from '../core/endpoints';
import { describeError } from '../core/errors';
import type { Services } from './services';

/** Set API Key, Clear API Key, Try Demo Data, Use My Provider, Show Log; and the demo status bar item. */
export function registerAccountCommands({ context, connection, log }: Services): void {
  const status = vscode.window.createStatusBarItem('hyperliquidExplorer.demo', vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('Hyperliquid Demo Data');
  status.text = `$(beaker) ${vscode.l10n.t('Hyperliquid: Demo Data')}`;
  status.tooltip = vscode.l10n.t('Hyperliquid Explorer is showing demo data from a built-in local node. Click to use your own provider.');
  status.command = 'hyperliquidExplorer.useProvider';
  status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  const updateStatus = () => (connection.isDemo ? status.show() : status.hide());
  updateStatus();

  context.subscriptions.push(
    status,
    connection.onDidChange(updateStatus),
    vscode.commands.registerCommand('hyperliquidExplorer.setApiKey', async (keyArg?: unknown) => {
      let key = typeof keyArg === 'string' ? keyArg.trim() : undefined;
      if (key !== undefined) {
        const problem = apiKeyProblem(key);
        if (problem) {
          void vscode.window.showErrorMessage(problem);
          return false;
        }
      } else {
        key = await vscode.window.showInputBox({
          title: vscode.l10n.t('Hyperliquid: Set API Key'),
          prompt: vscode.l10n.t('Your node provider’s API key (the part of the endpoint URL after the host). It is kept in VS Code’s secret storage.'),
          placeHolder: vscode.l10n.t('Paste the key only, not the whole URL'),
          password: true,
          ignoreFocusOut: true,
          validateInput: (value) => (value.length === 0 ? undefined : apiKeyProblem(value.trim())),
        });
        key = key?.trim();
        if (!key) return false; // cancelled, or nothing typed: nothing changes
        const problem = apiKeyProblem(key);
        if (problem) {
          void vscode.window.showErrorMessage(problem);
          return false;
        }
      }
      await connection.setApiKey(key);
      const wasDemo = connection.isDemo;
      if (wasDemo) await connection.stopDemo();
      log.info('API key saved in secret storage.');
      void vscode.window.showInformationMessage(
        wasDemo
          ? vscode.l10n.t('API key saved in VS Code’s secret storage. Demo data is off; using your provider.')
          : vscode.l10n.t('API key saved in VS Code’s secret storage.'),
      );
      return true;
    }),
    vscode.commands.registerCommand('hyperliquidExplorer.clearApiKey', async () => {
      await connection.clearApiKey();
      log.info('API key removed from secret storage.');
      void vscode.window.showInformationMessage(vscode.l10n.t('API key removed from VS Code’s secret storage.'));
    }),
    vscode.commands.registerCommand('hyperliquidExplorer.tryDemo', async () => {
      try {
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the Hyperliquid demo node…') },
          () => connection.startDemo(),
        );
      } catch (e) {
        await connection.stopDemo(); // no status bar saying "Demo Data" for a node that is not there
        log.error(`The demo node did not start: ${describeError(e)}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('The demo node did not start: {0}', describeError(e)));
        return;
      }
      const lookUp = vscode.l10n.t('Look Up Latest Block');
      // Not awaited: the command is done once demo data is on, whether or not the message is dismissed
      // (a lookup that offered Try Demo Data goes on at once).
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t('Demo data is on: Hyperliquid Explorer now shows made-up blocks and orders from a built-in local node. Nothing is sent to your provider.'),
          lookUp,
        )
        .then((pick) => (pick === lookUp ? vscode.commands.executeCommand('hyperliquidExplorer.lookUpBlock', 'latest') : undefined));
    }),
    vscode.commands.registerCommand('hyperliquidExplorer.useProvider', async () => {
      await connection.stopDemo();
      if (connection.hasApiKey) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Demo data is off; using your provider.'));
        return;
      }
      const setKey = vscode.l10n.t('Set API Key');
      const pick = await vscode.window.showInformationMessage(vscode.l10n.t('Demo data is off. Set your provider’s API key to continue.'), setKey);
      if (pick === setKey) await vscode.commands.executeCommand('hyperliquidExplorer.setApiKey');
    }),
    vscode.commands.registerCommand('hyperliquidExplorer.showLog', () => log.show()),
  );
}
