import * as vscode from 'vscode';
import { Settings, settingId } from '../ids';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { ChainHoverProvider } from './hoverProvider';

/**
 * The hovers on hex block numbers, transaction hashes and addresses, in the languages of
 * `hover.languages` while `hover.enabled` is on; registered again when either setting changes.
 */
export function registerHovers(services: Services): void {
  const { context, connection, log } = services;
  const provider = new ChainHoverProvider(connection, log, async (clients, signal) => {
    // The contracts feature, loaded with the first hover that could show a name (not at activation).
    const { workspaceContracts, nameLookup } = await import('../contracts/api');
    const decoder = await workspaceContracts(services).decoder(clients, signal);
    return decoder && nameLookup(decoder);
  });
  let registration: vscode.Disposable | undefined;
  const register = () => {
    registration?.dispose();
    registration = undefined;
    const languages = settings.hoverLanguages().filter((l) => typeof l === 'string' && l.length > 0);
    if (!settings.hoverEnabled() || languages.length === 0) return;
    registration = vscode.languages.registerHoverProvider(
      languages.map((language) => ({ language })),
      provider,
    );
  };
  register();
  context.subscriptions.push(
    provider,
    { dispose: () => registration?.dispose() },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(settingId(Settings.hover))) register();
    }),
  );
}
