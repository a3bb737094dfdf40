import * as vscode from 'vscode';
import type { NetworkId } from '../core/networks';

/** "Mainnet" or "Testnet", as every page, hover, tree and the status bar name the network they show. */
export function networkLabel(network: NetworkId): string {
  return network === 'testnet' ? vscode.l10n.t('Testnet') : vscode.l10n.t('Mainnet');
}

/** The explorer's host, as a link's tooltip names where it goes. */
export function explorerHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
