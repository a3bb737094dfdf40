import * as vscode from 'vscode';
import { createProviderClients, type ProviderClients } from '../core/provider';
import { apiKeyProblem, baseUrlProblem } from '../core/endpoints';
import { forgetSecret } from '../core/redact';
import { describeError, ProviderError } from '../core/errors';
import type { Log } from './log';
import { settings, SECTION } from './settings';

const SECRET_KEY = 'hyperliquidExplorer.apiKey';
const DEMO_STATE_KEY = 'hyperliquidExplorer.demoActive';
/** Set by `npm run demo`: the base URL of a demo node already running beside VS Code. */
const DEMO_NODE_ENV = 'HYPERLIQUID_EXPLORER_DEMO_NODE';

export type ConnectionMode = 'none' | 'provider' | 'demo';

interface DemoServer {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Where requests go: the user's provider (base URL setting + key from SecretStorage) or the embedded
 * demo node. Hands out clients, rebuilt when the key, the settings or the mode change.
 */
export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private apiKey: string | undefined;
  private demoActive: boolean;
  private demoServer?: Promise<DemoServer>;
  private clientsPromise?: Promise<ProviderClients | undefined>;
  private readonly ready: Promise<void>;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: Log,
  ) {
    this.demoActive = Boolean(process.env[DEMO_NODE_ENV]) || context.globalState.get<boolean>(DEMO_STATE_KEY, false);
    this.ready = this.loadKey();
    this.disposables.push(
      context.secrets.onDidChange(async (e) => {
        if (e.key !== SECRET_KEY) return;
        await this.loadKey(); // another window may have set or cleared the key
        this.invalidate();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.baseUrl`) || e.affectsConfiguration(`${SECTION}.requestTimeoutSeconds`)) this.invalidate();
      }),
    );
  }

  get mode(): ConnectionMode {
    if (this.demoActive) return 'demo';
    return this.apiKey ? 'provider' : 'none';
  }

  get isDemo(): boolean {
    return this.demoActive;
  }

  /** Resolves once the key has been read from SecretStorage (activation does not wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Clients for the current mode, or undefined without a key. Starts the demo node on first use. */
  async clients(): Promise<ProviderClients | undefined> {
    await this.ready;
    this.clientsPromise ??= this.createClients();
    const clients = await this.clientsPromise.catch((e: unknown) => {
      this.clientsPromise = undefined;
      throw e;
    });
    return clients;
  }

  /**
   * Clients for a command that needs them; without a key, offers Set API Key or Try Demo Data and
   * returns undefined. A base URL that cannot be used is reported with its reason.
   */
  async requireClients(): Promise<ProviderClients | undefined> {
    try {
      const clients = await this.clients();
      if (clients) return clients;
    } catch (e) {
      const message = describeError(e);
      const open = vscode.l10n.t('Open Settings');
      const pick = await vscode.window.showErrorMessage(message, open);
      if (pick === open) await vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.baseUrl`);
      return undefined;
    }
    const setKey = vscode.l10n.t('Set API Key');
    const tryDemo = vscode.l10n.t('Try Demo Data');
    const pick = await vscode.window.showWarningMessage(
      vscode.l10n.t('Hyperliquid Explorer needs your node provider’s API key. Set it, or explore with demo data first.'),
      setKey,
      tryDemo,
    );
    if (pick === setKey) await vscode.commands.executeCommand('hyperliquidExplorer.setApiKey');
    if (pick === tryDemo) await vscode.commands.executeCommand('hyperliquidExplorer.tryDemo');
    return this.mode === 'none' ? undefined : this.clients();
  }

  /** Stores the key in SecretStorage (the only place it is kept). */
  async setApiKey(key: string): Promise<void> {
    const problem = apiKeyProblem(key);
    if (problem) throw new ProviderError('badInput', problem);
    await this.context.secrets.store(SECRET_KEY, key);
    if (this.apiKey && this.apiKey !== key) forgetSecret(this.apiKey);
    this.apiKey = key;
    this.invalidate();
  }

  async clearApiKey(): Promise<void> {
    await this.context.secrets.delete(SECRET_KEY);
    if (this.apiKey) forgetSecret(this.apiKey);
    this.apiKey = undefined;
    this.invalidate();
  }

  get hasApiKey(): boolean {
    return this.apiKey !== undefined;
  }

  async startDemo(): Promise<void> {
    this.demoActive = true;
    await this.context.globalState.update(DEMO_STATE_KEY, true);
    this.invalidate();
    await this.clients(); // start the node now, so the first view does not wait for it
  }

  async stopDemo(): Promise<void> {
    this.demoActive = false;
    await this.context.globalState.update(DEMO_STATE_KEY, false);
    const server = this.demoServer;
    this.demoServer = undefined;
    this.invalidate();
    await server?.then((s) => s.close()).catch(() => undefined);
  }

  private invalidate(): void {
    this.clientsPromise = undefined;
    void vscode.commands.executeCommand('setContext', 'hyperliquidExplorer.connected', this.mode !== 'none');
    void vscode.commands.executeCommand('setContext', 'hyperliquidExplorer.demoActive', this.demoActive);
    this.changed.fire();
  }

  private async loadKey(): Promise<void> {
    try {
      this.apiKey = (await this.context.secrets.get(SECRET_KEY)) || undefined;
    } catch (e) {
      this.log.error(`Could not read the API key from secret storage: ${describeError(e)}`);
      this.apiKey = undefined;
    }
    void vscode.commands.executeCommand('setContext', 'hyperliquidExplorer.connected', this.mode !== 'none');
    void vscode.commands.executeCommand('setContext', 'hyperliquidExplorer.demoActive', this.demoActive);
  }

  private async createClients(): Promise<ProviderClients | undefined> {
    const options = { timeoutMs: settings.requestTimeoutMs(), onRequest: (e: Parameters<Log['request']>[0]) => this.log.request(e) };
    if (this.demoActive) {
      const demo = await this.demoNode();
      return createProviderClients(demo.baseUrl, demo.apiKey, options);
    }
    if (!this.apiKey) return undefined;
    const baseUrl = settings.baseUrl();
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new ProviderError('config', `${problem} (setting hyperliquidExplorer.baseUrl)`);
    return createProviderClients(baseUrl, this.apiKey, options);
  }

  private demoNode(): Promise<DemoServer> {
    this.demoServer ??= (async () => {
      // dist/demoNode.js is built beside the extension and loaded only now, keeping activation light.
      const { startDemoNode, DEMO_API_KEY } = require(this.context.asAbsolutePath('dist/demoNode.js')) as typeof import('../demo/cli');
      const external = process.env[DEMO_NODE_ENV];
      if (external) {
        this.log.info(`Using the demo node started by npm run demo at ${external}`);
        return { baseUrl: external, apiKey: DEMO_API_KEY, close: async () => undefined };
      }
      const node = await startDemoNode();
      this.log.info(`Demo node listening on ${node.baseUrl}`);
      return node;
    })();
    this.demoServer.catch(() => (this.demoServer = undefined));
    return this.demoServer;
  }

  dispose(): void {
    void this.demoServer?.then((s) => s.close()).catch(() => undefined);
    for (const d of this.disposables) d.dispose();
  }
}
