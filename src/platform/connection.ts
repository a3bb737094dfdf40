import * as vscode from 'vscode';
import { createProviderClients, type ProviderClients } from '../core/provider';
import { apiKeyProblem, baseUrlProblem, evmPathProblem } from '../core/endpoints';
import { describeError, ProviderError } from '../core/errors';
import { forgetSecret } from '../core/redact';
import { msg } from '../core/translate';
import { DEMO_WALLETS, type DemoWallet } from '../demo/wallets';
import { Settings, settingId, StorageKeys } from '../ids';
import type { Log } from './log';
import { settings } from './settings';

/** Set by `npm run demo`: the base URL of a demo node already running beside VS Code… */
const DEMO_NODE_ENV = 'HYPERLIQUID_EXPLORER_DEMO_NODE';
/** …and the key it printed when it started (a fresh one each start). */
const DEMO_KEY_ENV = 'HYPERLIQUID_EXPLORER_DEMO_KEY';

export type ConnectionMode = 'none' | 'provider' | 'demo';

interface DemoServer {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Where requests go: the user's provider (base URL setting + key from SecretStorage) or the embedded
 * demo node. State only: it hands out clients, rebuilt when the key, the settings or the mode change, and
 * says when they do. It shows no UI; the prompts for a key live with the account commands.
 */
export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the mode, the key or a setting the clients depend on changes. */
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
    this.demoActive = Boolean(process.env[DEMO_NODE_ENV]) || context.globalState.get<boolean>(StorageKeys.demoActive, false);
    this.ready = this.loadKey();
    this.disposables.push(
      context.secrets.onDidChange(async (e) => {
        if (e.key !== StorageKeys.apiKey) return;
        await this.loadKey(); // another window may have set or cleared the key
        this.invalidate();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if ([Settings.baseUrl, Settings.evmPath, Settings.requestTimeoutSeconds].some((name) => e.affectsConfiguration(settingId(name)))) this.invalidate();
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

  /** The demo node's wallets while demo data is on (features list them without importing the demo). */
  get demoWallets(): readonly DemoWallet[] {
    return this.demoActive ? DEMO_WALLETS : [];
  }

  get hasApiKey(): boolean {
    return this.apiKey !== undefined;
  }

  /** Resolves once the key has been read from SecretStorage (activation does not wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /**
   * Clients for the current mode, or undefined without a key. Starts the demo node on first use. Throws a
   * ProviderError ('config') when the base URL setting cannot be used.
   */
  async clients(): Promise<ProviderClients | undefined> {
    await this.ready;
    this.clientsPromise ??= this.createClients();
    return this.clientsPromise.catch((e: unknown) => {
      this.clientsPromise = undefined;
      throw e;
    });
  }

  /** Stores the key in SecretStorage (the only place it is kept). */
  async setApiKey(key: string): Promise<void> {
    const problem = apiKeyProblem(key);
    if (problem) throw new ProviderError('badInput', problem);
    await this.context.secrets.store(StorageKeys.apiKey, key);
    if (this.apiKey && this.apiKey !== key) forgetSecret(this.apiKey);
    this.apiKey = key;
    this.invalidate();
  }

  async clearApiKey(): Promise<void> {
    await this.context.secrets.delete(StorageKeys.apiKey);
    if (this.apiKey) forgetSecret(this.apiKey);
    this.apiKey = undefined;
    this.invalidate();
  }

  async startDemo(): Promise<void> {
    this.demoActive = true;
    await this.context.globalState.update(StorageKeys.demoActive, true);
    this.invalidate();
    await this.clients(); // start the node now, so the first view does not wait for it
  }

  async stopDemo(): Promise<void> {
    this.demoActive = false;
    await this.context.globalState.update(StorageKeys.demoActive, false);
    const server = this.demoServer;
    this.demoServer = undefined;
    this.invalidate();
    await server?.then((s) => s.close()).catch(() => undefined);
  }

  private invalidate(): void {
    this.clientsPromise = undefined;
    this.changed.fire();
  }

  private async loadKey(): Promise<void> {
    try {
      this.apiKey = (await this.context.secrets.get(StorageKeys.apiKey)) || undefined;
    } catch (e) {
      this.log.error(`Could not read the API key from secret storage: ${describeError(e)}`);
      this.apiKey = undefined;
    }
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
    if (problem) throw new ProviderError('config', msg('{0} (setting {1})', problem, settingId(Settings.baseUrl)));
    const evmPath = settings.evmPath();
    const pathProblem = evmPathProblem(evmPath);
    if (pathProblem) throw new ProviderError('config', msg('{0} (setting {1})', pathProblem, settingId(Settings.evmPath)));
    return createProviderClients(baseUrl, this.apiKey, options, evmPath);
  }

  private demoNode(): Promise<DemoServer> {
    this.demoServer ??= (async () => {
      // dist/demoNode.js is built beside the extension and loaded only now, keeping activation light.
      const { startDemoNode } = require(this.context.asAbsolutePath('dist/demoNode.js')) as typeof import('../demo/cli');
      const external = process.env[DEMO_NODE_ENV];
      if (external) {
        const apiKey = process.env[DEMO_KEY_ENV];
        if (!apiKey) throw new ProviderError('config', `${DEMO_NODE_ENV} is set without ${DEMO_KEY_ENV} (the key the demo node printed when it started).`);
        this.log.info(`Using the demo node started by npm run demo at ${external}`);
        return { baseUrl: external, apiKey, close: async () => undefined };
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
