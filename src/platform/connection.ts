import * as vscode from 'vscode';
import { ProviderAbilities } from '../core/abilities';
import { ProviderEndpoints, socketUrlOf } from '../core/endpoints';
import { describeError, ProviderError } from '../core/errors';
import { NETWORK_IDS, NETWORKS, type NetworkId } from '../core/networks';
import type { Preset } from '../core/presets';
import type { ProviderClients, ProviderConfig } from '../core/provider';
import type { PublicApiBudget, PublicDataKind } from '../core/publicApi';
import { keyOrigin, keyStorageId, parseKeyStorageId } from '../core/keyOrigin';
import { DEMO_WALLETS, type DemoWallet } from '../demo/wallets';
import { NetworkSettings, Settings, settingId, StorageKeys } from '../ids';
import type { KeySlots } from './keyStore';
import type { Log } from './log';
import { connectionKey, presetOf, providerEndpoints, publicApiUrls } from './providerConfig';
import { settings } from './settings';

/** Set by `npm run demo`: the base URL of a demo node already running beside VS Code (mainnet's)… */
const DEMO_NODE_ENV = 'HYPERLIQUID_EXPLORER_DEMO_NODE';
/** …and the key it printed when it started (a fresh one each start). */
const DEMO_KEY_ENV = 'HYPERLIQUID_EXPLORER_DEMO_KEY';

export type ConnectionMode = 'none' | 'provider' | 'demo';

interface DemoServer {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

/** The provider fell short where Hyperliquid's public API could help, and the user has not allowed it. */
export interface PublicApiWish {
  kind: PublicDataKind;
  type: string;
  network: NetworkId;
  provider: string;
}

/** Where a network's one key was kept before keys were bound to an origin (moved to the base URL's origin on first read). */
const LEGACY_KEY_STORAGE: Record<NetworkId, string> = { mainnet: StorageKeys.apiKey, testnet: StorageKeys.testnetApiKey };

/**
 * Where requests go: for each network (mainnet, testnet), the user's provider (its settings + its own key
 * from SecretStorage) or the embedded demo node. State only: it hands out clients per network, rebuilt
 * when a key, a setting or the mode changes, and says when they do; it keeps what each provider was seen
 * to serve (per network and provider address) and the public API's weight budget. It shows no UI; the
 * prompts live with the account commands.
 */
export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the network, the mode, a key or a setting the clients depend on changes. */
  readonly onDidChange = this.changed.event;
  private readonly abilitiesChanged = new vscode.EventEmitter<void>();
  /** Fires when what a provider is known to serve changes. */
  readonly onDidChangeAbilities = this.abilitiesChanged.event;
  private readonly publicWish = new vscode.EventEmitter<PublicApiWish>();
  /** Fires when the provider refused what the public API could give and the user has not allowed it. */
  readonly onDidWantPublicApi = this.publicWish.event;
  private readonly disposables: vscode.Disposable[] = [this.changed, this.abilitiesChanged, this.publicWish];
  /** Keys read from SecretStorage, by `keyStorageId(network, origin)`: a key is only ever used at its own origin. */
  private readonly keys = new Map<string, string | undefined>();
  private demoActive: boolean;
  private readonly demoServers = new Map<NetworkId, Promise<DemoServer>>();
  private readonly clientsPromises = new Map<NetworkId, Promise<ProviderClients | undefined>>();
  /** What each provider was seen to serve, by network and address (kept when the clients are rebuilt). */
  private readonly abilitiesByProvider = new Map<string, ProviderAbilities>();
  /** Hyperliquid counts per IP: one budget for every connection of this window. */
  /** The public API's weight budget, one for every network (one IP); made with the first clients. */
  private publicBudget?: PublicApiBudget;
  private readonly ready: Promise<void>;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: Log,
  ) {
    this.demoActive = Boolean(process.env[DEMO_NODE_ENV]) || context.globalState.get<boolean>(StorageKeys.demoActive, false);
    this.ready = Promise.all(NETWORK_IDS.map((n) => this.migrateLegacyKey(n))).then(() =>
      Promise.all(NETWORK_IDS.map((n) => this.keyAt(n, this.keyOrigin(n)))).then(() => undefined),
    );
    this.disposables.push(
      context.secrets.onDidChange(async (e) => {
        const slot = parseKeyStorageId(e.key);
        if (!slot) return;
        this.keys.delete(e.key);
        await this.keyAt(slot.network, slot.origin); // another window may have set or cleared the key
        this.invalidate(slot.network);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => this.settingsChanged(e)),
    );
  }

  /** The network shown. */
  get network(): NetworkId {
    return settings.network();
  }

  get mode(): ConnectionMode {
    if (this.demoActive) return 'demo';
    return this.hasApiKey || !this.preset().needsKey ? 'provider' : 'none';
  }

  get isDemo(): boolean {
    return this.demoActive;
  }

  /** The demo node's wallets while demo data is on (features list them without importing the demo). */
  get demoWallets(): readonly DemoWallet[] {
    return this.demoActive ? DEMO_WALLETS : [];
  }

  /**
   * Hyperliquid's WebSocket on `network`: the demo node's `/ws` while demo data is on, else the one beside
   * the public `/info` (`wss://api.hyperliquid.xyz/ws`, or the loopback stand-in a setting names); undefined
   * when that address is not usable.
   */
  async liveSocketUrl(network: NetworkId = this.network): Promise<string | undefined> {
    if (this.demoActive) return socketUrlOf(`${(await this.demoNode(network)).baseUrl}/info`);
    const urls = publicApiUrls(network);
    return 'problem' in urls ? undefined : socketUrlOf(urls.infoUrl);
  }

  /** Resolves once the key of `network`'s provider origin now has been read from SecretStorage. */
  async whenKeyRead(network: NetworkId = this.network): Promise<void> {
    await this.ready;
    await this.keyAt(network, this.keyOrigin(network));
  }

  /** Whether the network shown has a key for its provider's origin. */
  get hasApiKey(): boolean {
    return this.hasKeyFor(this.network);
  }

  /** Whether `network` has a key for the origin its provider's base URL names now. */
  hasKeyFor(network: NetworkId): boolean {
    const origin = this.keyOrigin(network);
    return origin !== undefined && this.keys.get(keyStorageId(network, origin)) !== undefined;
  }

  /** The origin `network`'s key belongs to: its base URL's, or undefined for a key-less preset or a base URL that is not one. */
  keyOrigin(network: NetworkId = this.network): string | undefined {
    return this.preset(network).needsKey ? keyOrigin(settings.of(network).baseUrl()) : undefined;
  }

  /** The provider preset of `network` (the one shown by default). */
  preset(network: NetworkId = this.network): Preset {
    return presetOf(network);
  }

  /** What the provider of `network` is known to serve (the demo node's while demo data is on). */
  abilities(network: NetworkId = this.network): ProviderAbilities {
    return this.demoActive
      ? this.abilitiesFor(`demo|${network}`, {})
      : this.abilitiesFor(connectionKey(network, this.preset(network).id), this.preset(network).known[network]);
  }

  /** Resolves once the keys have been read from SecretStorage (activation does not wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /**
   * Clients for `network` (the one shown by default) in the current mode, or undefined without a key.
   * Starts the demo node on first use. Throws a ProviderError ('config') when a setting cannot be used.
   */
  async clients(network: NetworkId = this.network): Promise<ProviderClients | undefined> {
    await this.ready;
    let promise = this.clientsPromises.get(network);
    if (!promise) this.clientsPromises.set(network, (promise = this.createClients(network)));
    return promise.catch((e: unknown) => {
      if (this.clientsPromises.get(network) === promise) this.clientsPromises.delete(network);
      throw e;
    });
  }

  /** Shows `network` from now on (pages already open keep theirs). */
  async switchNetwork(network: NetworkId): Promise<void> {
    if (network === this.network) return;
    await settings.setNetwork(network); // the configuration event tells everyone
  }

  /**
   * Stores `key` in SecretStorage (the only place it is kept) for `network` and `origin`, by default the
   * shown network's provider origin. Throws when the key or the origin cannot be used.
   */
  async setApiKey(key: string, network: NetworkId = this.network, origin = this.keyOrigin(network)): Promise<void> {
    await (await import('./keyStore')).setApiKey(this.slots, key, network, origin);
  }

  /** Stores the key kept for `from` as `network`'s key at its provider's origin now (the user said so, naming both). */
  async reuseKey(from: string, network: NetworkId = this.network): Promise<boolean> {
    const key = await this.keyAt(network, from);
    if (!key) return false;
    await this.setApiKey(key, network);
    return true;
  }

  /** Removes the key of `network` at its provider's origin now (keys of other origins stay). */
  async clearApiKey(network: NetworkId = this.network): Promise<void> {
    await (await import('./keyStore')).clearApiKey(this.slots, network, this.keyOrigin(network));
  }

  /** The other origins of `network` that hold a key (newest first): what a changed base URL may offer to reuse. */
  async otherKeyOrigins(network: NetworkId = this.network): Promise<string[]> {
    const here = this.keyOrigin(network);
    return (await import('./keyStore')).storedOrigins(this.slots, network).filter((o) => o !== here);
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
    const servers = [...this.demoServers.values()];
    this.demoServers.clear();
    this.invalidate();
    await Promise.all(servers.map((server) => server.then((s) => s.close()).catch(() => undefined)));
  }

  private settingsChanged(e: vscode.ConfigurationChangeEvent): void {
    const affects = (name: Parameters<typeof settingId>[0]) => e.affectsConfiguration(settingId(name));
    if (affects(Settings.requestTimeoutSeconds)) return this.invalidate();
    for (const network of NETWORK_IDS) {
      const names = NetworkSettings[network];
      if ([names.provider, names.baseUrl, names.evmPath, names.publicInfoUrl, names.publicEvmUrl].some(affects)) {
        this.invalidate(network);
        // Another origin has its own key (or none): read it, then say so again (hasApiKey answers from it).
        if ([names.provider, names.baseUrl].some(affects)) void this.keyAt(network, this.keyOrigin(network)).then(() => this.changed.fire());
      }
    }
    // Switching networks, or allowing the public API, needs no new clients; what was made for them is
    // made again (a refused request type is asked again).
    const consent = NETWORK_IDS.flatMap((n) => [NetworkSettings[n].publicMarketData, NetworkSettings[n].publicWalletData]);
    if ([Settings.network, ...consent].some(affects)) this.changed.fire();
  }

  /** Drops the clients of `network` (of both when not given) and says so. */
  private invalidate(network?: NetworkId): void {
    if (network) this.clientsPromises.delete(network);
    else this.clientsPromises.clear();
    this.changed.fire();
  }

  /** The key stored for `network` at `origin` (read once from SecretStorage, then kept), or undefined. */
  private async keyAt(network: NetworkId, origin: string | undefined): Promise<string | undefined> {
    if (!origin) return undefined;
    const id = keyStorageId(network, origin);
    if (this.keys.has(id)) return this.keys.get(id);
    let key: string | undefined;
    try {
      key = (await this.context.secrets.get(id)) || undefined;
    } catch (e) {
      this.log.error(`Could not read the ${network} API key from secret storage: ${describeError(e)}`);
    }
    this.keys.set(id, key);
    return key;
  }

  /**
   * A key stored before keys were bound to an origin is moved to one (keyStore.ts, loaded only then). Once
   * looked for, it is not looked for again: activation reads SecretStorage only for the keys in use.
   */
  private async migrateLegacyKey(network: NetworkId): Promise<void> {
    const looked = this.context.globalState.get<NetworkId[]>(StorageKeys.legacyKeysLookedFor, []);
    if (Array.isArray(looked) && looked.includes(network)) return;
    try {
      if (await this.context.secrets.get(LEGACY_KEY_STORAGE[network]))
        await (await import('./keyStore')).migrateLegacyKey(this.slots, network, LEGACY_KEY_STORAGE[network]);
      await this.context.globalState.update(StorageKeys.legacyKeysLookedFor, [...(Array.isArray(looked) ? looked : []), network]);
    } catch (e) {
      this.log.error(`Could not move the ${network} API key to its provider: ${describeError(e)}`);
    }
  }

  /** What keyStore.ts works on: the keys read, where they are stored, and the clients to drop when one changes. */
  private get slots(): KeySlots {
    return { context: this.context, log: this.log, keys: this.keys, invalidate: (network) => this.invalidate(network) };
  }

  private abilitiesFor(key: string, known: Preset['known'][NetworkId]): ProviderAbilities {
    let abilities = this.abilitiesByProvider.get(key);
    if (!abilities) {
      abilities = new ProviderAbilities(known);
      abilities.onDidChange(() => this.abilitiesChanged.fire());
      this.abilitiesByProvider.set(key, abilities);
    }
    return abilities;
  }

  private async createClients(network: NetworkId): Promise<ProviderClients | undefined> {
    // The clients' code (axios apart, which the first request loads) is loaded with the first clients, not at activation.
    const [{ connectProvider }, { PublicApiBudget }] = await Promise.all([import('../core/provider'), import('../core/publicApi')]);
    this.publicBudget ??= new PublicApiBudget();
    const options = { timeoutMs: settings.requestTimeoutMs(), onRequest: (e: Parameters<Log['request']>[0]) => this.log.request(e) };
    const chainId = NETWORKS[network].chainId;
    if (this.demoActive) {
      const demo = await this.demoNode(network);
      return connectProvider(
        { endpoints: new ProviderEndpoints(demo.baseUrl, demo.apiKey), chainId, abilities: this.abilities(network), providerName: 'The demo node' },
        options,
      );
    }
    const preset = this.preset(network);
    // The key is the one stored for the origin of the base URL these endpoints are built from, and
    // nowhere else: a base URL changed to another host has no key until the user gives one for it.
    const origin = this.keyOrigin(network);
    const endpoints = providerEndpoints(network, preset, await this.keyAt(network, origin), origin);
    if (!endpoints) return undefined;
    const config: ProviderConfig = {
      ...endpoints,
      chainId,
      abilities: this.abilities(network),
      providerName: preset.name,
      publicApi: this.publicApi(network, preset, this.publicBudget),
    };
    return connectProvider(config, options);
  }

  /** Hyperliquid's public info API as the fallback of `network`'s provider (not for the public preset: it is the provider). */
  private publicApi(network: NetworkId, preset: Preset, budget: PublicApiBudget): ProviderConfig['publicApi'] {
    if (preset.id === 'public') return undefined;
    const urls = publicApiUrls(network);
    if ('problem' in urls) {
      this.log.warn(`Hyperliquid's public API is not used: ${urls.problem}`);
      return undefined;
    }
    return {
      ...urls,
      budget,
      allowed: (kind) => settings.publicPermission(kind, network) === 'allow',
      wanted: (kind, type) => this.publicWish.fire({ kind, type, network, provider: preset.id === 'custom' ? vscode.l10n.t('Your provider') : preset.name }),
    };
  }

  private demoNode(network: NetworkId): Promise<DemoServer> {
    let server = this.demoServers.get(network);
    if (server) return server;
    server = (async () => {
      // dist/demoNode.js is built beside the extension and loaded only now, keeping activation light.
      const { startDemoNode } = require(this.context.asAbsolutePath('dist/demoNode.js')) as typeof import('../demo/cli');
      const external = process.env[DEMO_NODE_ENV];
      if (external && network === 'mainnet') {
        const apiKey = process.env[DEMO_KEY_ENV];
        if (!apiKey) throw new ProviderError('config', `${DEMO_NODE_ENV} is set without ${DEMO_KEY_ENV} (the key the demo node printed when it started).`);
        this.log.info(`Using the demo node started by npm run demo at ${external}`);
        return { baseUrl: external, apiKey, close: async () => undefined };
      }
      const node = await startDemoNode({ chainId: NETWORKS[network].chainId });
      this.log.info(`Demo node (${network}) listening on ${node.baseUrl}`);
      return node;
    })();
    this.demoServers.set(network, server);
    server.catch(() => {
      if (this.demoServers.get(network) === server) this.demoServers.delete(network);
    });
    return server;
  }

  dispose(): void {
    for (const server of this.demoServers.values()) void server.then((s) => s.close()).catch(() => undefined);
    for (const d of this.disposables) d.dispose();
  }
}
