import * as vscode from 'vscode';
import { HOVER_SAMPLE_VALUES } from './hoverSampleValues';
import { SAMPLE_SCHEME } from './walkthrough';

const SAMPLE_URI = vscode.Uri.from({ scheme: SAMPLE_SCHEME, path: '/block-hover-sample.py' });

/**
 * Opens the walkthrough's hover sample: Python, because VS Code has no built-in Python language service
 * whose hover would wait for a file it cannot read (TypeScript's shows "Loading…" under ours for documents
 * of this scheme).
 */
export async function openHoverSample(): Promise<void> {
  const document = await vscode.workspace.openTextDocument(SAMPLE_URI);
  // The hover is registered by language id; a custom scheme's language is not always guessed from `.py`.
  const typed = document.languageId === 'python' ? document : await vscode.languages.setTextDocumentLanguage(document, 'python');
  const editor = await vscode.window.showTextDocument(typed, { preview: false });
  const block = HOVER_SAMPLE_VALUES.block;
  const line = typed
    .getText()
    .split('\n')
    .findIndex((l) => l.includes(block));
  if (line >= 0) {
    const at = new vscode.Position(line, typed.lineAt(line).text.indexOf(block) + 2);
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

export function hoverSample(): string {
  return [
    `# ${vscode.l10n.t('Move the mouse over the hex block number below: the hover shows that HyperEVM block.')}`,
    `# ${vscode.l10n.t('No API key yet? Run “Hyperliquid: Try Demo Data” first: the demo chain has this block too.')}`,
    `DEPLOY_BLOCK = ${HOVER_SAMPLE_VALUES.block}`,
    '',
    `# ${vscode.l10n.t('A transaction hash shows its status, block, sender and recipient, value and fee, and opens its page.')}`,
    `TRANSFER_TX = "${HOVER_SAMPLE_VALUES.transaction}"`,
    '',
    `# ${vscode.l10n.t('An address shows whether it is a contract or an account and its HYPE balance, with Watch Wallet.')}`,
    `MARKET_MAKER = "${HOVER_SAMPLE_VALUES.address}"`,
    '',
  ].join('\n');
}
