/**
 * Switch Network, Choose Provider and Show Provider: the questions behind the network status item,
 * loaded with the first of them (registered in networkCommands.ts).
 */
import * as vscode from 'vscode';
import { baseUrlProblem } from '../core/endpoints';
import { isNetworkId, NETWORKS, type NetworkId } from '../core/networks';
import { translateMessage } from '../core/translate';
import { isPresetId, PRESET_IDS, PRESETS, type PresetId } from '../core/presets';
import { providerName, rowsOf } from './providerRowsHost';
import { explorerHost, networkLabel } from '../platform/networkWords';
import { confirm, notify } from '../platform/notify';
import { askPublicApi } from './publicApiHost';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { vscodeTranslate } from '../platform/translate';

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
  const { connection } = services;
  const network = connection.network;
  const fromArgument = given !== undefined;
  if (fromArgument && !isPresetId(given)) return; // an argument that names no provider changes nothing
  const preset = isPresetId(given) ? given : await pickPreset(network);
  if (!preset) return;
  const baseUrl = preset === 'chainstack' || preset === 'public' ? PRESETS[preset].baseUrl[network] : await askBaseUrl(preset, network);
  if (baseUrl === undefined) return;
  // A provider named by an argument came from another extension or a command link, not from the user:
  // nothing changes until the user says so, told what would change (and, for the public endpoints, that
  // the watched wallets' addresses would go to Hyperliquid).
  if (fromArgument && !(await confirmProviderFromArgument(network, preset, baseUrl))) return;
  const previousOrigin = connection.keyOrigin(network);
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
  await connection.whenKeyRead(network); // the new origin's key, if one was set for it before
  if (!connection.hasKeyFor(network)) await (await import('../platform/apiKeyActions')).keyForNewOrigin(services, previousOrigin);
}

/** A modal naming what a Choose Provider run by a command would change; true when the user allows it. */
async function confirmProviderFromArgument(network: NetworkId, preset: PresetId, baseUrl: string): Promise<boolean> {
  const change = vscode.l10n.t('Change Provider');
  const current = settings.of(network).baseUrl();
  const name = preset === 'custom' ? vscode.l10n.t('Custom') : PRESETS[preset].name;
  const detail = [
    vscode.l10n.t('Another extension or a link asked for this. Continue only if you started it yourself.'),
    vscode.l10n.t('Base URL: {0} → {1}', current, baseUrl),
    PRESETS[preset].needsKey
      ? vscode.l10n.t('Your key is not sent to another address: a provider at another address asks for its own key.')
      : vscode.l10n.t(
          'The addresses of your watched wallets would then go to Hyperliquid’s public API at {0}, with your IP address.',
          explorerHost(settings.of(network).publicInfoUrl()),
        ),
  ].join('\n');
  const pick = await confirm('warning', vscode.l10n.t('Change the {0} provider to {1}?', networkLabel(network), name), detail, change);
  return pick === change;
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
