import * as vscode from 'vscode';
import { parseAddress, type Parsed } from '../core/input';
import { givenOrAsked } from '../platform/givenOrAsked';
import type { Services } from '../platform/services';
import { vscodeTranslate } from '../platform/translate';
import { DEFAULT_RANGE } from './protocol';
import { WalletHistoryPanel, type HistoryResult } from './walletHistoryPanel';

/** The wallet an argument names: its address, or a wallet's row of Open Orders (`{ kind: 'wallet', address }`). */
function walletOf(arg: unknown): Parsed<string> | undefined {
  if (typeof arg === 'string') return parseAddress(arg, vscodeTranslate);
  const node = arg as { kind?: unknown; address?: unknown } | null | undefined;
  if (node && typeof node === 'object' && node.kind === 'wallet' && typeof node.address === 'string') return parseAddress(node.address, vscodeTranslate);
  return undefined;
}

async function askForWallet(): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Hyperliquid: Show Wallet History'),
    prompt: vscode.l10n.t('The wallet’s address: 0x followed by 40 hex digits.'),
    placeHolder: '0x…',
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value.trim() === '') return undefined;
      const parsed = parseAddress(value, vscode.l10n.t);
      return parsed.ok ? undefined : parsed.error;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseAddress(text, vscode.l10n.t);
  return parsed.ok ? parsed.value : undefined;
}

/** Show Wallet History: the wallet from the argument (a tree row, an address) or asked, then its page. */
export async function showWalletHistory(services: Services, arg: unknown): Promise<HistoryResult | undefined> {
  const asked = await givenOrAsked(services, walletOf(arg), (error) => vscode.l10n.t('Cannot show that wallet’s history: {0}', error), askForWallet);
  return asked && WalletHistoryPanel.createOrShow(services, { wallet: asked.query.toLowerCase(), range: DEFAULT_RANGE });
}
