/**
 * Networks and providers, as the user meets them: the network status item (which network is shown, and in
 * its tooltip what the provider serves; click to switch), Switch Network, Choose Provider (the walkthrough's
 * first question) and Show What the Provider Serves (the one place that lists it, with what each missing
 * ability costs and, where Hyperliquid's public API could serve it, a way to allow that).
 */
import * as vscode from 'vscode';
import { NETWORKS, type NetworkId } from '../core/networks';
import type { PublicDataKind } from '../core/publicApi';
import { Commands, StatusBarItems } from '../ids';
import { registerCommands } from '../platform/commands';
import { networkLabel } from '../platform/networkWords';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';

export function registerNetworkCommands(services: Services): void {
  const { context, connection } = services;
  const status = vscode.window.createStatusBarItem(StatusBarItems.network, vscode.StatusBarAlignment.Left, 49);
  status.name = vscode.l10n.t('Hyperliquid Network');
  status.command = Commands.switchNetwork;
  let drawn = 0;
  const update = () => {
    status.text = `$(globe) ${vscode.l10n.t('Hyperliquid: {0}', networkLabel(connection.network))}`;
    status.show();
    // The tooltip's rows (what the provider serves) load after activation, not with it; the newest wins.
    const draw = ++drawn;
    void import('./providerRowsHost').then((rows) => {
      if (draw === drawn) status.tooltip = statusTooltip(services, rows);
    });
  };
  update();
  context.subscriptions.push(status, connection.onDidChange(update), connection.onDidChangeAbilities(update));
  registerPublicApiQuestion(services);
  // The commands' module (quick picks, input boxes) loads with the first of them.
  const actions = () => import('./providerPicker');
  registerCommands(context, {
    [Commands.switchNetwork]: async (network) => (await actions()).switchNetwork(services, network),
    [Commands.chooseProvider]: async (preset) => (await actions()).chooseProvider(services, preset),
    [Commands.showProvider]: async () => (await actions()).showProvider(services),
  });
}

/** What the provider serves, for the status item's tooltip. */
function statusTooltip(services: Services, { providerName, rowsOf }: typeof import('./providerRowsHost')): vscode.MarkdownString {
  const { connection } = services;
  const network = connection.network;
  const head = vscode.l10n.t(
    'Hyperliquid Explorer shows {0} (chain {1}) from {2}. Click to switch networks.',
    networkLabel(network),
    NETWORKS[network].chainId,
    providerName(services),
  );
  const rows = rowsOf(services).map((r) => `${r.mark} ${r.label}`);
  const tooltip = new vscode.MarkdownString([head, '', ...rows.map((r) => `- ${r}`)].join('\n'));
  tooltip.isTrusted = false;
  tooltip.supportThemeIcons = false;
  return tooltip;
}

/** Asks about the public API the first time the provider falls short, per window, network and kind of data (the question's module loads then). */
function registerPublicApiQuestion({ context, connection, log }: Services): void {
  const asked = new Set<`${NetworkId}|${PublicDataKind}`>(); // each network is asked for itself, naming its own host
  context.subscriptions.push(
    connection.onDidWantPublicApi((wish) => {
      if (asked.has(`${wish.network}|${wish.kind}`) || settings.publicPermission(wish.kind, wish.network) !== 'ask') return;
      asked.add(`${wish.network}|${wish.kind}`);
      log.info(`${wish.provider} does not serve ${wish.type}; asking whether Hyperliquid's public API may be used for ${wish.kind} data.`);
      void import('./publicApiHost').then((q) => q.askPublicApi(wish));
    }),
  );
}
