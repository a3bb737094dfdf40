/**
 * Writing keys: the one write to SecretStorage, the list of origins that hold a key, and moving a key from
 * before keys had an origin. Loaded with the first key command (or a key to move), not at activation; the
 * connection reads keys itself and keeps them in `slots.keys`.
 */
import type * as vscode from 'vscode';
import { apiKeyProblem } from '../core/endpoints';
import { ProviderError } from '../core/errors';
import { keyOrigin, keyStorageId, withOrigin } from '../core/keyOrigin';
import type { NetworkId } from '../core/networks';
import { forgetSecret } from '../core/redact';
import { msg } from '../core/translate';
import { StorageKeys } from '../ids';
import type { Log } from './log';
import { settings } from './settings';

/** The connection's keys as this module works on them. */
export interface KeySlots {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  /** Keys read from SecretStorage, by `keyStorageId(network, origin)`. */
  readonly keys: Map<string, string | undefined>;
  /** Drops `network`'s clients and says so. */
  invalidate(network: NetworkId): void;
}

export async function setApiKey(slots: KeySlots, key: string, network: NetworkId, origin: string | undefined): Promise<void> {
  const problem = apiKeyProblem(key);
  if (problem) throw new ProviderError('badInput', problem);
  if (!origin) throw new ProviderError('config', msg('The provider’s base URL is not a URL: set it first, then its key.'));
  const id = await storeKey(slots, network, origin, key);
  const old = slots.keys.get(id);
  if (old && old !== key && !keyInUse(slots, old, id)) forgetSecret(old);
  slots.keys.set(id, key);
  slots.invalidate(network);
}

export async function clearApiKey(slots: KeySlots, network: NetworkId, origin: string | undefined): Promise<void> {
  if (!origin) return;
  const id = keyStorageId(network, origin);
  await slots.context.secrets.delete(id);
  const old = slots.keys.get(id);
  slots.keys.set(id, undefined);
  if (old && !keyInUse(slots, old, id)) forgetSecret(old);
  await rememberOrigin(slots, network, origin, false);
  slots.invalidate(network);
}

/**
 * A key stored before keys were bound to an origin belongs to the base URL set when it is first read
 * after the update (the provider it was last used with): it moves there, and the old entry goes.
 */
export async function migrateLegacyKey(slots: KeySlots, network: NetworkId, legacyId: string): Promise<void> {
  const legacy = (await slots.context.secrets.get(legacyId)) || undefined;
  if (!legacy) return;
  const origin = keyOrigin(settings.of(network).baseUrl());
  if (origin && !(await slots.context.secrets.get(keyStorageId(network, origin)))) {
    await storeKey(slots, network, origin, legacy);
    slots.log.info(`The ${network} API key is now kept for ${origin}, the provider it was set for; another provider asks for its own.`);
  }
  await slots.context.secrets.delete(legacyId);
}

/** The origins of `network` that hold a key, newest first (kept beside the keys: where keys are, never a key). */
export function storedOrigins(slots: KeySlots, network: NetworkId): string[] {
  const all = slots.context.globalState.get<Partial<Record<NetworkId, unknown>>>(StorageKeys.keyOrigins, {});
  const list = all?.[network];
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string' && keyOrigin(o) === o) : [];
}

/** `key` for `network` at `origin` (and the origin noted as holding one). */
async function storeKey(slots: KeySlots, network: NetworkId, origin: string, key: string): Promise<string> {
  const id = keyStorageId(network, origin);
  await writeSecret(slots.context, id, key);
  await rememberOrigin(slots, network, origin, true);
  return id;
}

/**
 * The Etherscan API v2 key (an address page's history, when Etherscan is the explorer chosen), checked as
 * the provider's is; empty clears it.
 */
export async function storeEtherscanKey(context: vscode.ExtensionContext, key: string): Promise<void> {
  if (key === '') return context.secrets.delete(StorageKeys.etherscanApiKey);
  const problem = apiKeyProblem(key);
  if (problem) throw new ProviderError('badInput', problem);
  await writeSecret(context, StorageKeys.etherscanApiKey, key);
}

/** The one write to SecretStorage. */
async function writeSecret(context: vscode.ExtensionContext, id: string, key: string): Promise<void> {
  await context.secrets.store(id, key);
}

/** Whether another slot holds the same key (it stays registered with the redactor while any does). */
function keyInUse(slots: KeySlots, key: string, except: string): boolean {
  return [...slots.keys].some(([id, k]) => id !== except && k === key);
}

async function rememberOrigin(slots: KeySlots, network: NetworkId, origin: string, present: boolean): Promise<void> {
  const all = slots.context.globalState.get<Partial<Record<NetworkId, unknown>>>(StorageKeys.keyOrigins, {}) ?? {};
  await slots.context.globalState.update(StorageKeys.keyOrigins, { ...all, [network]: withOrigin(storedOrigins(slots, network), origin, present) });
}
