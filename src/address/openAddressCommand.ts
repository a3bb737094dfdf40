import * as vscode from 'vscode';
import { apiKeyProblem } from '../core/endpoints';
import { isAddress } from '../core/hex';
import { translateMessage } from '../core/translate';
import { vscodeTranslate } from '../platform/translate';
import type { Address } from '../core/model';
import type { Services } from '../platform/services';
import { notify } from '../platform/notify';
import { AddressPanel, type AddressResult } from './addressPanel';

/** Open Address: the address page for the argument, or for one asked for. */
export async function openAddress(services: Services, arg: unknown): Promise<AddressResult | undefined> {
  let text = typeof arg === 'string' ? arg.trim() : undefined;
  if (text === undefined) {
    text = (
      await vscode.window.showInputBox({
        title: vscode.l10n.t('Hyperliquid: Open Address'),
        prompt: vscode.l10n.t('A HyperEVM address: 0x followed by 40 hex digits.'),
        placeHolder: '0x…',
        ignoreFocusOut: true,
        validateInput: (s) => (s.trim() === '' || isAddress(s.trim()) ? undefined : vscode.l10n.t('An address is 0x followed by 40 hex digits.')),
      })
    )?.trim();
    if (text === undefined) return undefined;
  }
  if (!isAddress(text)) {
    void notify('error', vscode.l10n.t('Cannot open that address: an address is 0x followed by 40 hex digits.'));
    return undefined;
  }
  return AddressPanel.createOrShow(services, text.toLowerCase() as Address);
}

/** The address page (Look Up, after it found the address). */
export function showAddressPage(services: Services, address: Address): Promise<AddressResult> {
  return AddressPanel.createOrShow(services, address);
}

/**
 * Set Etherscan API Key: asked hidden, kept in SecretStorage (never in settings or logs); an empty answer
 * clears it. Used only when `history.explorer` is `etherscan`.
 */
export async function setEtherscanApiKey(services: Services): Promise<boolean> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Hyperliquid: Set Etherscan API Key'),
    prompt: vscode.l10n.t('Your Etherscan API key (API v2), for an address’s transactions when Etherscan is the history explorer. Leave empty to remove it.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = value.trim() === '' ? undefined : apiKeyProblem(value.trim());
      return problem && translateMessage(problem, vscodeTranslate);
    },
  });
  if (typed === undefined) return false;
  const { storeEtherscanKey } = await import('../platform/keyStore');
  await storeEtherscanKey(services.context, typed.trim());
  void notify('info', typed.trim() === '' ? vscode.l10n.t('Etherscan API key removed.') : vscode.l10n.t('Etherscan API key saved.'));
  return true;
}
