import * as vscode from 'vscode';
import { Settings, settingId } from '../ids';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { ChainHoverProvider } from './hoverProvider';

/**
 * The hovers on hex block numbers, transaction hashes and addresses, in the languages of
 * `hover.languages` while `hover.enabled` is on; registered again when either setting changes. The
 * provider's module is loaded by the first hover, not at activation.
 */
export function registerHovers(services: Services): void {
  const { context, connection, log } = services;
  const provider = new LazyHoverProvider(
    async () =>
      new (await import('./hoverProvider')).ChainHoverProvider(connection, log, async (clients, signal) => {
        // The contracts feature, loaded with the first hover that could show a name (not at activation).
        const { workspaceContracts, nameLookup } = await import('../contracts/api');
        const own = await workspaceContracts(services).ownContracts(clients, signal);
        return own && nameLookup(own);
      }),
  );
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

/** Loads the hover provider with the first hover; from then on answers through it (cached hovers at once). */
class LazyHoverProvider implements vscode.HoverProvider, vscode.Disposable {
  private real?: ChainHoverProvider;
  private loading?: Promise<ChainHoverProvider>;
  private disposed = false;

  constructor(private readonly make: () => Promise<ChainHoverProvider>) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): vscode.ProviderResult<vscode.Hover> {
    if (this.real) return this.real.provideHover(document, position, token);
    this.loading ??= this.make().then((p) => {
      if (this.disposed) p.dispose();
      return (this.real = p);
    });
    return this.loading.then((p) => (token.isCancellationRequested || this.disposed ? undefined : p.provideHover(document, position, token)));
  }

  dispose(): void {
    this.disposed = true;
    this.real?.dispose();
  }
}
