import * as vscode from 'vscode';

export const RAW_JSON_SCHEME = 'hyperliquid-raw';

/**
 * Show Raw JSON's documents: the node's result, untouched, in a read-only JSON editor. A virtual document
 * rather than an untitled one, so that closing it never asks to save. Contents live until the tab is
 * closed. Registered at activation (a tab restored after a reload asks for its contents); showing one is
 * `rawJsonShow.ts`, loaded with the pages.
 */
export class RawJsonDocuments implements vscode.TextDocumentContentProvider {
  /** By document URI. */
  readonly contents = new Map<string, string>();

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(RAW_JSON_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme === RAW_JSON_SCHEME) this.contents.delete(d.uri.toString());
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    // After a window reload the tab comes back but its contents do not: say what to do, as valid JSON.
    return this.contents.get(uri.toString()) ?? JSON.stringify(vscode.l10n.t('Open the page again and choose Show Raw JSON.'));
  }
}

export const rawJsonDocuments = new RawJsonDocuments();
