/**
 * Networks and providers, as the user meets them: the network status item (which network is shown, and in
 * its tooltip what the provider serves; click to switch), Switch Network, Choose Provider and Show What the
 * Provider Serves, and the question whether Hyperliquid's public API may fill in. Registered at activation;
 * what they run (`networkPicks.ts`, `publicApiQuestion.ts`) is loaded on first use, the tooltip's words
 * right after activation.
 */
import * as vscode from 'vscode';
import { Commands, StatusBarItems } from '../ids';
import { registerCommands } from './commands';
import { networkLabel } from './networkWords';
import type { Services } from './services';

let picks: Promise<typeof import('./networkPicks')> | undefined;
const loadPicks = () => (picks ??= import('./networkPicks'));

export function registerNetworkCommands(services: Services): void {
  const { context, connection } = services;
  const status = vscode.window.createStatusBarItem(StatusBarItems.network, vscode.StatusBarAlignment.Left, 49);
  status.name = vscode.l10n.t('Hyperliquid Network');
  status.command = Commands.switchNetwork;
  const update = () => {
    status.text = `$(globe) ${vscode.l10n.t('Hyperliquid: {0}', networkLabel(connection.network))}`;
    status.show();
    void loadPicks().then((m) => (status.tooltip = m.statusTooltip(services)));
  };
  update();
  context.subscriptions.push(
    status,
    connection.onDidChange(update),
    connection.onDidChangeAbilities(update),
    // Asked once per kind of data, when a provider does not serve what a feature needs.
    connection.onDidWantPublicApi((wish) => void import('./publicApiQuestion').then((m) => m.onPublicApiWish(services, wish))),
  );
  registerCommands(context, {
    [Commands.switchNetwork]: async (network) => (await loadPicks()).switchNetwork(services, network),
    [Commands.chooseProvider]: async (preset) => (await loadPicks()).chooseProvider(services, preset),
    [Commands.showProvider]: async () => (await loadPicks()).showProvider(services),
  });
}
