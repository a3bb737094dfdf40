import * as vscode from 'vscode';
import { notify } from './notify';

const SCHEME = 'hyperliquid-raw';

/**
 * Show Raw JSON: the node's result, untouched, in a read-only JSON editor. A virtual document rather
 * than an untitled one, so that closing it never asks to save. Contents live until the tab is closed.
 */
export class RawJsonDocuments implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme === SCHEME) this.contents.delete(d.uri.toString());
      }),
    );
  }

  /** Shows `raw` as `name`.json; `what` names it in an error ("block 12", "transaction 0x12…"). */
  async show(name: string, raw: unknown, what: string): Promise<void> {
    let text: string;
    try {
      text = JSON.stringify(raw, null, 2);
    } catch {
      // An unknown field nested deeper than the stack (a hostile node can send 100,000 levels) cannot be written out.
      void notify('error', vscode.l10n.t('The node’s answer for {0} is nested too deeply to show as JSON.', what));
      return;
    }
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}.json` });
    this.contents.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    // After a window reload the tab comes back but its contents do not: say what to do, as valid JSON.
    return this.contents.get(uri.toString()) ?? JSON.stringify(vscode.l10n.t('Open the page again and choose Show Raw JSON.'));
  }
}

export const rawJsonDocuments = new RawJsonDocuments();
