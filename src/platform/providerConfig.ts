import { msg, type Message } from '../core/translate';
import { apiKeyProblem, baseUrlProblem, endpointUrlProblem, evmPathProblem, KeylessEndpoints, ProviderEndpoints } from '../core/endpoints';
import { ProviderError } from '../core/errors';
import { sameOrigin } from '../core/keyOrigin';
import { NETWORKS, type NetworkId } from '../core/networks';
import { detectPreset, PRESETS, type Preset, type PresetId } from '../core/presets';
import type { ProviderConfig } from '../core/provider';
import { NetworkSettings, settingId } from '../ids';
import { settings } from './settings';

/** The preset `network` uses: the one set, or the one its base URL belongs to. */
export function presetOf(network: NetworkId): Preset {
  const reader = settings.of(network);
  const set = reader.provider();
  return PRESETS[set === 'auto' ? detectPreset(reader.baseUrl()) : set];
}

/** Where `network`'s requests go, as a key for what is learnt of that provider (never the key itself). */
export function connectionKey(network: NetworkId, preset: PresetId): string {
  const reader = settings.of(network);
  return preset === 'public'
    ? `${network}|public|${reader.publicEvmUrl()}|${reader.publicInfoUrl()}`
    : `${network}|${preset}|${reader.baseUrl()}|${reader.evmPath()}`;
}

/**
 * The endpoints of `network`'s provider from its settings and key: `{baseUrl}/<key>/evm|info` (and the
 * preset's archive path), or the public preset's key-less addresses. Undefined when a key is needed and
 * there is none; a `config` ProviderError naming the setting when one cannot be used.
 */
export function providerEndpoints(
  network: NetworkId,
  preset: Preset,
  apiKey: string | undefined,
  keyOrigin: string | undefined,
): Pick<ProviderConfig, 'endpoints' | 'archive' | 'systemTx' | 'evmLeavesSystemTxsOut'> | undefined {
  const reader = settings.of(network);
  const names = NetworkSettings[network];
  if (!preset.needsKey) {
    check(endpointUrlProblem(reader.publicEvmUrl()), names.publicEvmUrl);
    check(endpointUrlProblem(reader.publicInfoUrl()), names.publicInfoUrl);
    return { endpoints: new KeylessEndpoints(reader.publicEvmUrl(), reader.publicInfoUrl()), evmLeavesSystemTxsOut: preset.evmLeavesSystemTxsOut };
  }
  if (!apiKey || !keyOrigin) return undefined;
  const baseUrl = reader.baseUrl();
  check(baseUrlProblem(baseUrl), names.baseUrl);
  // The last check before a keyed URL exists: the key goes only to the origin it was stored for.
  if (!sameOrigin(baseUrl, keyOrigin)) return undefined;
  const evmPath = reader.evmPath();
  check(evmPathProblem(evmPath), names.evmPath);
  check(apiKeyProblem(apiKey));
  const { archivePath, systemTxPath } = preset;
  // A user whose EVM path is already the one with system transactions needs no other.
  const systemTx = systemTxPath !== undefined && systemTxPath !== evmPath;
  return {
    endpoints: new ProviderEndpoints(baseUrl, apiKey, evmPath),
    archive: archivePath && archivePath !== evmPath ? new ProviderEndpoints(baseUrl, apiKey, archivePath) : undefined,
    systemTx: systemTx ? new ProviderEndpoints(baseUrl, apiKey, systemTxPath) : undefined,
    evmLeavesSystemTxsOut: evmPath === systemTxPath ? false : preset.evmLeavesSystemTxsOut,
  };
}

/** The public API's addresses for `network`, or why they cannot be used. */
export function publicApiUrls(network: NetworkId): { evmUrl: string; infoUrl: string } | { problem: string } {
  const reader = settings.of(network);
  const names = NetworkSettings[network];
  const infoUrl = reader.publicInfoUrl();
  const problem = endpointUrlProblem(infoUrl);
  if (problem) return { problem: `${problem} (setting ${settingId(names.publicInfoUrl)})` }; // for the log only
  const evmUrl = reader.publicEvmUrl();
  return { evmUrl: endpointUrlProblem(evmUrl) ? NETWORKS[network].publicEvmUrl : evmUrl, infoUrl };
}

function check(problem: string | Message | undefined, setting?: Parameters<typeof settingId>[0]): void {
  if (problem) throw new ProviderError('config', setting ? msg('{0} (setting {1})', problem, settingId(setting)) : problem);
}
