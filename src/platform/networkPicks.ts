/**
 * What the network commands run, loaded by the first of them (or right after activation, for the status
 * item's tooltip): the tooltip (what the provider serves), Switch Network, Choose Provider (the
 * walkthrough's first question) and Show What the Provider Serves (the one place that lists it, with what
 * each missing ability costs and, where Hyperliquid's public API could serve it, a way to allow that).
 */
import * as vscode from 'vscode';
import { baseUrlProblem } from '../core/endpoints';
import { isNetworkId, NETWORKS, type NetworkId } from '../core/networks';
import { translateMessage } from '../core/translate';
import { isPresetId, PRESET_IDS, PRESETS, type PresetId } from '../core/presets';
import { Commands } from '../ids';
import { abilityRows, type AbilityRow } from '../view/providerAbilities';
import { runCommand } from './commands';
import { explorerHost, networkLabel } from './networkWords';
import { notify } from './notify';
import { askPublicApi } from './publicApiQuestion';
import type { Services } from './services';
import { settings } from './settings';
import { vscodeTranslate } from './translate';

/** What the provider serves, for the status item's tooltip. */
export function statusTooltip(services: Services): vscode.MarkdownString {
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

function providerName({ connection }: Services): string {
  if (connection.isDemo) return vscode.l10n.t('the demo node');
  return connection.preset().id === 'custom' ? vscode.l10n.t('your provider') : connection.preset().name;
}

function rowsOf(services: Services): AbilityRow[] {
  const { connection } = services;
  const network = connection.network;
  const isPublic = !connection.isDemo && connection.preset().id === 'public';
  return abilityRows(
    connection.abilities(network),
    {
      provider: providerName(services),
      publicAllowed: { market: settings.publicPermission('market') === 'allow', wallet: settings.publicPermission('wallet') === 'allow' },
      publicHost: connection.isDemo || isPublic ? undefined : explorerHost(settings.of(network).publicInfoUrl()),
    },
    vscodeTranslate,
  );
}

export async function switchNetwork({ connection }: Services, given: unknown): Promise<void> {
  let network: NetworkId | undefined = isNetworkId(given) ? given : undefined;
  if (!network) {
    const items = (['mainnet', 'testnet'] as const).map((id) => ({
      id,
      label: networkLabel(id),
      description: vscode.l10n.t('chain {0}', NETWORKS[id].chainId),
      detail: id === connection.network ? vscode.l10n.t('Shown now') : undefined,
    }));
    network = (
      await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Hyperliquid: Switch Network'), placeHolder: vscode.l10n.t('The network to show') })
    )?.id;
  }
  if (!network || network === connection.network) return;
  await connection.switchNetwork(network);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Hyperliquid Explorer now shows {0}. Pages already open keep their network.', networkLabel(network)), 4000);
}

export async function chooseProvider(services: Services, given: unknown): Promise<void> {
  const network = services.connection.network;
  const preset = isPresetId(given) ? given : await pickPreset(network);
  if (!preset) return;
  const baseUrl = preset === 'chainstack' || preset === 'public' ? PRESETS[preset].baseUrl[network] : await askBaseUrl(preset, network);
  if (baseUrl === undefined) return;
  await settings.setProvider(network, preset, baseUrl);
  if (!PRESETS[preset].needsKey) {
    void notify(
      'info',
      vscode.l10n.t(
        '{0} uses Hyperliquid’s public endpoints, without a key. They serve no blocks (no ots_* methods); transactions, addresses and open orders work.',
        networkLabel(network),
      ),
    );
    return;
  }
  if (!services.connection.hasApiKey) await runCommand(Commands.setApiKey);
}

async function pickPreset(network: NetworkId): Promise<PresetId | undefined> {
  const details: Record<PresetId, string> = {
    chainstack: vscode.l10n.t('Its /info does not serve allMids and orderStatus: Hyperliquid’s public API can fill in, if you allow it.'),
    quicknode: vscode.l10n.t('Serves every info type; older blocks and traces come from its nanoreth archive path by themselves.'),
    public: vscode.l10n.t('No key; no blocks (no ots_* methods); limited per IP.'),
    custom: vscode.l10n.t('Another provider with the {baseUrl}/<key>/evm and /info layout: what it serves is learnt as it answers.'),
  };
  const items = PRESET_IDS.map((id) => ({
    id,
    label: id === 'custom' ? vscode.l10n.t('Custom') : PRESETS[id].name,
    description: PRESETS[id].baseUrl[network],
    detail: details[id],
  }));
  const title = vscode.l10n.t('Hyperliquid: Choose Provider ({0})', networkLabel(network));
  return (await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Which node provider do you have?') }))?.id;
}

async function askBaseUrl(preset: PresetId, network: NetworkId): Promise<string | undefined> {
  const shape = PRESETS[preset].baseUrl[network];
  const current = settings.of(network).baseUrl();
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Hyperliquid: Choose Provider ({0})', networkLabel(network)),
    prompt: vscode.l10n.t('The provider’s base URL, without the key.'),
    placeHolder: shape || 'https://',
    value: preset === 'quicknode' && !/quiknode\.pro/.test(current) ? undefined : current,
    ignoreFocusOut: true,
    validateInput: (v) => {
      const problem = v.trim() === '' ? undefined : baseUrlProblem(v.trim());
      return problem && translateMessage(problem, vscodeTranslate);
    },
  });
  return value?.trim() || undefined;
}

export async function showProvider(services: Services): Promise<void> {
  const { connection } = services;
  const network = connection.network;
  const rows = rowsOf(services);
  const items = rows.map((r) => ({ row: r, label: `${r.mark} ${r.label}`, detail: r.detail }));
  const title = vscode.l10n.t('What {0} serves on {1}', providerName(services), networkLabel(network));
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Pick a missing one to see how to get it') });
  const kind = picked?.row.publicKind;
  const type = { mids: 'allMids', markets: 'meta', fates: 'orderStatus' }[picked?.row.ability as string] ?? 'allMids';
  if (kind) await askPublicApi({ kind, type, provider: providerName(services), network });
}
