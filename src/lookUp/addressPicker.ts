import * as vscode from 'vscode';
import type { AddressSummary } from '../core/model';
import { groupThousands, weiToHype } from '../core/units';
import { explorerUrl } from '../view/panelMessages';
import { Commands } from '../ids';
import { settings } from '../platform/settings';
import { vscodeTranslate as t } from '../platform/translate';
import { shortAddress } from '../view/format';
import { runCommand } from '../platform/commands';

type AddressAction = 'page' | 'explorer' | 'watch' | 'copy';

/** What the user did with the address, for tests: the action run, or undefined when the pick was closed. */
export type AddressOutcome = { kind: 'address'; summary: AddressSummary; action?: AddressAction };

/**
 * What an address is (contract or account, its HYPE balance), said in the pick's title, and what can
 * be done with it: open its page (its transactions), open it in the block explorer, watch it in Open Orders, copy it.
 */
export async function showAddress(summary: AddressSummary): Promise<AddressOutcome> {
  const balance = groupThousands(weiToHype(summary.balance));
  const items: Array<vscode.QuickPickItem & { action: AddressAction }> = [
    { label: `$(history) ${t('Open Address Page')}`, description: t('its balance, nonce, code and transactions'), action: 'page' },
    { label: `$(link-external) ${t('Open in Explorer')}`, description: explorerHost(), action: 'explorer' },
    { label: `$(eye) ${t('Watch Wallet')}`, description: t('its open orders in the Open Orders view'), action: 'watch' },
    { label: `$(copy) ${t('Copy Address')}`, action: 'copy' },
  ];
  const chosen = await vscode.window.showQuickPick(items, {
    title:
      summary.kind === 'contract'
        ? t('Contract {0} · balance {1} HYPE', shortAddress(summary.address), balance)
        : t('Account {0} · balance {1} HYPE', shortAddress(summary.address), balance),
    placeHolder:
      summary.kind === 'contract'
        ? t('{0} is a contract (it has code). What would you like to do?', summary.address)
        : t('{0} is an account (no code). What would you like to do?', summary.address),
  });
  if (!chosen) return { kind: 'address', summary };
  switch (chosen.action) {
    case 'page':
      await runCommand(Commands.openAddress, summary.address);
      break;
    case 'explorer':
      await vscode.env.openExternal(vscode.Uri.parse(explorerUrl(settings.explorerUrl(), { kind: 'address', address: summary.address })));
      break;
    case 'watch':
      await runCommand(Commands.watchWallet, summary.address);
      break;
    case 'copy':
      await vscode.env.clipboard.writeText(summary.address);
      vscode.window.setStatusBarMessage(t('Address {0} copied.', shortAddress(summary.address)), 3000);
      break;
  }
  return { kind: 'address', summary, action: chosen.action };
}

/** The explorer's host name, to say where Open in Explorer goes (the setting is checked, not trusted to parse). */
function explorerHost(): string {
  try {
    return new URL(settings.explorerUrl()).host;
  } catch {
    return settings.explorerUrl();
  }
}
