import * as vscode from 'vscode';
import { SECTION, Settings } from '../ids';

export interface WatchedWallet {
  address: string;
  label?: string;
  dexes?: string[];
}

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
    return this.config.get<string>('evmPath', 'evm').trim();
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
  hoverEnabled(): boolean {
    return this.config.get<boolean>(Settings.hoverEnabled, true);
  },
  hoverLanguages(): string[] {
    return this.config.get<string[]>(Settings.hoverLanguages, []);
  },
  wallets(): WatchedWallet[] {
    const raw = this.config.get<unknown>(Settings.wallets, []);
    if (!Array.isArray(raw)) return [];
    // A hand-edited setting may hold anything: keep entries with a text address, and only fields of the right type.
    return raw.flatMap((w: unknown) => {
      const entry = w as Partial<Record<keyof WatchedWallet, unknown>> | null;
      if (typeof entry !== 'object' || entry === null || typeof entry.address !== 'string') return [];
      const wallet: WatchedWallet = { address: entry.address };
      if (typeof entry.label === 'string') wallet.label = entry.label;
      if (Array.isArray(entry.dexes)) wallet.dexes = entry.dexes.filter((d): d is string => typeof d === 'string');
      return [wallet];
    });
  },
  async setWallets(wallets: WatchedWallet[]): Promise<void> {
    await this.config.update(Settings.wallets, wallets, vscode.ConfigurationTarget.Global);
  },
};
