/**
 * The one question before an address goes to a third party. Apart from `notify.ts` so that activation,
 * which shows notifications, does not load it.
 */
import * as vscode from 'vscode';
import { notify } from './notify';

/**
 * The one question before something is sent to a third party (Hyperliquid's public API or WebSocket, a block
 * explorer): `question` names what goes where; Allow or Never Ask is kept through `keep` (a setting, per
 * network where it is one), and dismissing it decides nothing. True when allowed.
 */
export async function askPermission(question: string, keep: (answer: 'allow' | 'never') => Thenable<void> | Promise<void>): Promise<boolean> {
  const allow = vscode.l10n.t('Allow');
  const never = vscode.l10n.t('Never Ask');
  const picked = await notify('info', question, allow, never);
  if (picked === allow) await keep('allow');
  if (picked === never) await keep('never');
  return picked === allow;
}
