import * as vscode from 'vscode';
import { parseHash } from '../core/input';
import type { Hash } from '../core/model';
import type { TransactionBundle } from '../core/transactionLoad';
import { givenOrAsked } from '../platform/givenOrAsked';
import type { Services } from '../platform/services';
import { escapeLinksAndIcons } from '../view/escape';
import { transactionHashFromArgument } from './transactionHash';
import { TransactionPanel, type TransactionResult } from './transactionPanel';

/**
 * Open Transaction: takes the hash from the argument or asks for it (checked as it is typed, so nothing
 * is sent for a hash that cannot be one), and shows the transaction page. Resolves to what the page ended
 * up showing, or undefined when nothing was opened.
 */
export async function openTransaction(services: Services, arg: unknown): Promise<TransactionResult | undefined> {
  const asked = await givenOrAsked(
    services,
    transactionHashFromArgument(arg, vscode.l10n.t),
    (error) => vscode.l10n.t('Cannot open that transaction: {0}', error),
    askForHash,
  );
  return asked && TransactionPanel.createOrShow(services, asked.query);
}

/** The transaction page for `hash`, given what the caller has just fetched of it (not asked again). */
export function showTransaction(services: Services, hash: Hash, known?: TransactionBundle): Promise<TransactionResult> {
  return TransactionPanel.createOrShow(services, hash, known);
}

async function askForHash(): Promise<Hash | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Hyperliquid: Open Transaction'),
    prompt: vscode.l10n.t('A HyperEVM transaction hash: 0x followed by 64 hex digits.'),
    placeHolder: '0x…',
    ignoreFocusOut: true,
    validateInput: (text) => {
      if (text.trim() === '') return undefined; // nothing typed yet: the prompt says what to type
      const parsed = parseHash(text, vscode.l10n.t);
      return parsed.ok ? undefined : { message: escapeLinksAndIcons(parsed.error), severity: vscode.InputBoxValidationSeverity.Error };
    },
  });
  if (typed === undefined) return undefined;
  const parsed = parseHash(typed, vscode.l10n.t);
  return parsed.ok ? parsed.value : undefined;
}
