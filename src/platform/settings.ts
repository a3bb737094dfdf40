import * as vscode from 'vscode';
import { SECTION, Settings } from '../ids';

/** Typed access to the extension's settings, with the manifest's defaults as fallbacks. */
export const settings = {
  get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  },
  baseUrl(): string {
    return this.config.get<string>(Settings.baseUrl, 'https://hyperliquid-mainnet.core.chainstack.com').trim();
  },
  /** The path after the key for JSON-RPC (`evm`; `nanoreth` for QuickNode's archive). Checked where it is used. */
  evmPath(): string {
    return this.config.get<string>(Settings.evmPath, 'evm').trim();
  },
  explorerUrl(): string {
    const url = this.config.get<string>(Settings.explorerUrl, 'https://hyperevmscan.io').trim().replace(/\/+$/, '');
    return /^https:\/\/[^\s/]+/.test(url) ? url : 'https://hyperevmscan.io';
  },
  requestTimeoutMs(): number {
    const s = this.config.get<number>(Settings.requestTimeoutSeconds, 10);
    return Math.min(120, Math.max(1, Number.isFinite(s) ? s : 10)) * 1000;
  },
  autoRefreshSeconds(): number {
    const s = this.config.get<number>(Settings.autoRefreshSeconds, 0);
    return Number.isFinite(s) && s > 0 ? Math.max(5, s) : 0;
  },
  /** Each order's distance from the mid price (one `allMids` request per dex with orders and refresh). */
  ordersShowDistanceFromMid(): boolean {
    return this.config.get<boolean>(Settings.ordersShowDistanceFromMid, true) !== false;
  },
  /** A notification when a gone order turns out to have been filled (off by default). */
  ordersNotifyOnFill(): boolean {
    return this.config.get<boolean>(Settings.ordersNotifyOnFill, false) === true;
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
  hoverLanguages(): string[] {
    return this.config.get<string[]>(Settings.hoverLanguages, []);
  },
  /** The raw `wallets` value (it can be hand-edited): `src/orders/watchedWallets.ts` reads and validates it. */
  walletsSetting(): unknown {
    return this.config.get<unknown>(Settings.wallets, []);
  },
  async setWalletsSetting(wallets: unknown[]): Promise<void> {
    await this.config.update(Settings.wallets, wallets, vscode.ConfigurationTarget.Global);
  },
};
