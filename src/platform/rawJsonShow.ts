import * as vscode from 'vscode';
import { notify } from './notify';
import { RAW_JSON_SCHEME, rawJsonDocuments } from './rawJson';

/** Shows `raw` as `name`.json beside the page; `what` names it in an error ("block 12", "transaction 0x12…"). */
export async function showRawJson(name: string, raw: unknown, what: string): Promise<void> {
  let text: string;
  try {
    text = JSON.stringify(raw, null, 2);
  } catch {
    // An unknown field nested deeper than the stack (a hostile node can send 100,000 levels) cannot be written out.
    void notify('error', vscode.l10n.t('The node’s answer for {0} is nested too deeply to show as JSON.', what));
    return;
  }
  const uri = vscode.Uri.from({ scheme: RAW_JSON_SCHEME, path: `/${name}.json` });
  rawJsonDocuments.contents.set(uri.toString(), text);
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
}
