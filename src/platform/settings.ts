import * as vscode from 'vscode';
import { isNetworkId, NETWORKS, type NetworkId } from '../core/networks';
import { isPresetId, type PresetId } from '../core/presets';
import type { PublicDataKind } from '../core/publicApi';
import { NetworkSettings, SECTION, Settings } from '../ids';

/** What the user said of sending a kind of data to Hyperliquid's public API. */
export type PublicPermission = 'ask' | 'allow' | 'never';

/** One network's own settings (mainnet's are the unprefixed ones; testnet's are under `testnet.`). */
export interface NetworkSettingsReader {
  /** The preset set for this network, or `auto` (recognized from the base URL). */
  provider(): PresetId | 'auto';
  baseUrl(): string;
  /** The path after the key for JSON-RPC (`evm`; `nanoreth` for QuickNode's archive). Checked where it is used. */
  evmPath(): string;
  explorerUrl(): string;
  publicInfoUrl(): string;
  publicEvmUrl(): string;
}

const DEFAULT_BASE_URL: Record<NetworkId, string> = {
  mainnet: 'https://hyperliquid-mainnet.core.chainstack.com',
  testnet: 'https://hyperliquid-testnet.core.chainstack.com',
};

/** Blockscout at hyperscan.com, listed in Hyperliquid's docs (docs/FACTS.md#history): its Etherscan-compatible API. */
export const DEFAULT_BLOCKSCOUT_API = 'https://www.hyperscan.com/api';

/**
 * The section's configuration while `watchSettings` holds it: `getConfiguration` merges every scope's
 * values each time it is called (1–2 ms in a code-server host), and a refresh reads a dozen settings.
 */
let cached: vscode.WorkspaceConfiguration | undefined;
let watching = false;

/**
 * Keeps the configuration read once until a setting changes. Called first in `activate`, so that its
 * listener runs before any other's (VS Code calls them in the order they were added) and no listener
 * reads a value from before the change.
 */
export function watchSettings(): vscode.Disposable {
  watching = true;
  const changes = vscode.workspace.onDidChangeConfiguration(() => (cached = undefined));
  return new vscode.Disposable(() => {
    changes.dispose();
    watching = false;
    cached = undefined;
  });
}

function sectionConfig(): vscode.WorkspaceConfiguration {
  if (!watching) return vscode.workspace.getConfiguration(SECTION);
  return (cached ??= vscode.workspace.getConfiguration(SECTION));
}

/** Writes one of the section's settings (user scope); the next read sees the new value. */
async function write(name: string, value: unknown): Promise<void> {
  try {
    await vscode.workspace.getConfiguration(SECTION).update(name, value, vscode.ConfigurationTarget.Global);
  } finally {
    cached = undefined;
  }
}

/** Typed access to the extension's settings, with the manifest's defaults as fallbacks. */
export const settings = {
  get config(): vscode.WorkspaceConfiguration {
    return sectionConfig();
  },
  /** The network shown (mainnet unless set otherwise). */
  network(): NetworkId {
    const value = this.config.get<string>(Settings.network, 'mainnet');
    return isNetworkId(value) ? value : 'mainnet';
  },
  async setNetwork(network: NetworkId): Promise<void> {
    await write(Settings.network, network);
  },
  /** The settings of `network` (default: the one shown). */
  of(shown?: NetworkId): NetworkSettingsReader {
    const network = shown ?? this.network();
    const names = NetworkSettings[network];
    const config = sectionConfig;
    const text = (name: string, fallback: string) => (config().get<string>(name, fallback) ?? fallback).trim();
    return {
      provider: () => {
        const value = config().get<string>(names.provider, 'auto');
        return isPresetId(value) ? value : 'auto';
      },
      baseUrl: () => text(names.baseUrl, DEFAULT_BASE_URL[network]),
      evmPath: () => text(names.evmPath, 'evm'),
      explorerUrl: () => {
        const url = text(names.explorerUrl, NETWORKS[network].explorerUrl).replace(/\/+$/, '');
        return /^https:\/\/[^\s/]+/.test(url) ? url : NETWORKS[network].explorerUrl;
      },
      publicInfoUrl: () => text(names.publicInfoUrl, NETWORKS[network].publicInfoUrl),
      publicEvmUrl: () => text(names.publicEvmUrl, NETWORKS[network].publicEvmUrl),
    };
  },
  /** Sets `network`'s provider preset and base URL together (Choose Provider). */
  async setProvider(network: NetworkId, preset: PresetId, baseUrl?: string): Promise<void> {
    const names = NetworkSettings[network];
    await write(names.provider, preset);
    if (baseUrl !== undefined) await write(names.baseUrl, baseUrl);
  },
  /** Mainnet's provider base URL (the network shown's: `settings.of().baseUrl()`). */
  baseUrl(): string {
    return this.of('mainnet').baseUrl();
  },
  /** The explorer of `network` (default: the one shown). */
  explorerUrl(network?: NetworkId): string {
    return this.of(network).explorerUrl();
  },
  /**
   * Whether the user allowed `kind` of data of `network` (the one shown by default) to go to Hyperliquid's
   * public API where the provider falls short: each network asks for itself, naming its own host.
   */
  publicPermission(kind: PublicDataKind, network: NetworkId = settings.network()): PublicPermission {
    const names = NetworkSettings[network];
    const value = this.config.get<string>(kind === 'market' ? names.publicMarketData : names.publicWalletData, 'ask');
    return value === 'allow' || value === 'never' ? value : 'ask';
  },
  async setPublicPermission(kind: PublicDataKind, value: PublicPermission, network: NetworkId = settings.network()): Promise<void> {
    const names = NetworkSettings[network];
    await write(kind === 'market' ? names.publicMarketData : names.publicWalletData, value);
  },
  requestTimeoutMs(): number {
    const s = this.config.get<number>(Settings.requestTimeoutSeconds, 10);
    return Math.min(120, Math.max(1, Number.isFinite(s) ? s : 10)) * 1000;
  },
  keepConnectionsWarm(): boolean {
    return this.config.get<boolean>(Settings.keepConnectionsWarm, true) !== false;
  },
  autoRefreshSeconds(): number {
    const s = this.config.get<number>(Settings.autoRefreshSeconds, 0);
    return Number.isFinite(s) && s > 0 ? Math.max(5, s) : 0;
  },
  /** The provider's requests per second the user set; undefined: the preset's default (0 or unset). */
  providerRequestsPerSecond(): number | undefined {
    const s = this.config.get<number>(Settings.providerRequestsPerSecond, 0);
    return typeof s === 'number' && Number.isFinite(s) && s >= 1 ? Math.min(10_000, Math.floor(s)) : undefined;
  },
  /** Each order's distance from the mid price (one `allMids` request per dex with orders and refresh). */
  ordersShowDistanceFromMid(): boolean {
    return this.config.get<boolean>(Settings.ordersShowDistanceFromMid, true) !== false;
  },
  /** A notification when a gone order turns out to have been filled (off by default). */
  ordersNotifyOnFill(): boolean {
    return this.config.get<boolean>(Settings.ordersNotifyOnFill, false) === true;
  },
  ordersLiveUpdates(): boolean {
    return this.config.get<boolean>(Settings.ordersLiveUpdates, true) !== false;
  },
  /** Which events of a live wallet notify: `liquidations` (the default), `fills`; an empty list: none. */
  ordersLiveNotifications(): ('liquidations' | 'fills')[] {
    const value = this.config.get<unknown>(Settings.ordersLiveNotifications, ['liquidations']);
    if (!Array.isArray(value)) return ['liquidations'];
    return (['liquidations', 'fills'] as const).filter((n) => value.includes(n));
  },
  hoverEnabled(): boolean {
    return this.config.get<boolean>(Settings.hoverEnabled, true);
  },
  /** The transaction page's HyperCore section (CoreWriter actions, system transfers, read precompiles; asks `spotMeta` and `meta`). */
  transactionsDecodeHyperCore(): boolean {
    return this.config.get<boolean>(Settings.transactionsDecodeHyperCore, true) !== false;
  },
  /** Reading the workspace's contracts (names and ABIs); a trusted workspace is needed besides. */
  contractsEnabled(): boolean {
    return this.config.get<boolean>(Settings.contractsEnabled, true) !== false;
  },
  /** The status bar item with the latest block (off by default). */
  blocksStatusBar(): boolean {
    return this.config.get<boolean>(Settings.blocksStatusBar, false) === true;
  },
  /** Whether VS Code's `http.proxy` is set: a WebSocket (`ws`) would not go through it. */
  httpProxySet(): boolean {
    const proxy = vscode.workspace.getConfiguration('http').get<string>('proxy', '');
    return typeof proxy === 'string' && proxy.trim() !== '';
  },
  /** The explorer API an address's history comes from where the node has no Otterscan search. */
  historyExplorer(): 'blockscout' | 'etherscan' | 'off' {
    const value = this.config.get<string>(Settings.historyExplorer, 'blockscout');
    return value === 'etherscan' || value === 'off' ? value : 'blockscout';
  },
  /** Blockscout's Etherscan-compatible API (checked where the endpoint is made). */
  historyBlockscoutUrl(): string {
    return (this.config.get<string>(Settings.historyBlockscoutUrl, DEFAULT_BLOCKSCOUT_API) ?? DEFAULT_BLOCKSCOUT_API).trim() || DEFAULT_BLOCKSCOUT_API;
  },
  historyExplorerPermission(): PublicPermission {
    const value = this.config.get<string>(Settings.historyExplorerPermission, 'ask');
    return value === 'allow' || value === 'never' ? value : 'ask';
  },
  async setHistoryExplorerPermission(value: PublicPermission): Promise<void> {
    await write(Settings.historyExplorerPermission, value);
  },
  hoverLanguages(): string[] {
    return this.config.get<string[]>(Settings.hoverLanguages, []);
  },
  /**
   * The raw wallets value of the network shown (it can be hand-edited): `src/orders/watchedWallets.ts`
   * reads and validates it. Each network has its own list; mainnet's is the `wallets` setting.
   */
  walletsSetting(): unknown {
    return this.config.get<unknown>(NetworkSettings[this.network()].wallets, []);
  },
  async setWalletsSetting(wallets: unknown[]): Promise<void> {
    await write(NetworkSettings[this.network()].wallets, wallets);
  },
};
