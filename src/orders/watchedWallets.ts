/**
 * The one owner of the watched wallet list (the `hyperliquidExplorer.wallets` setting): reads it,
 * keeps what is valid, and saves changes, through the setting it is given (pure). One label limit for typed and hand-edited labels.
 */
import { isAddress } from '../core/hex';
import { DEX_NAME, MAX_DEXS_PER_WALLET } from './openOrdersSource';

/** Labels longer than this are refused when typed and cut when hand-edited into settings.json. */
export const MAX_WALLET_LABEL = 60;
/**
 * Dexs kept from a wallet's hand-edited `dexes`; the rest is dropped. Only the first
 * `MAX_DEXS_PER_WALLET - 1` are asked anyway (the first dex is always asked).
 */
export const MAX_WALLET_DEXES = 4 * MAX_DEXS_PER_WALLET;

export interface WatchedWallet {
  /** Lowercase `0x` + 40 hex. */
  address: string;
  label?: string;
  /** Perp dexs to ask first, before the ones `perpDexs` lists: valid names, no repeats, at most `MAX_WALLET_DEXES`. */
  dexes?: string[];
}

/** One entry of the setting as stored: a text address and only the fields of the right type. */
interface StoredWallet {
  address: string;
  label?: string;
  dexes?: string[];
}

export interface WalletListReading {
  /** Valid, lowercase, without repeats, labels trimmed and cut to `MAX_WALLET_LABEL`. */
  wallets: WatchedWallet[];
  /** Addresses typed by hand that are not wallet addresses (skipped). */
  invalid: string[];
  /** Entries of `dexes` that are no dex name the API accepts, or over `MAX_WALLET_DEXES` (skipped; a few shown). */
  invalidDexes: string[];
}

/** A hand-edited `dexes` list: the names the API accepts (trimmed), without repeats or the first dex (""). */
export function readDexes(raw: readonly string[]): { dexes: string[]; dropped: string[] } {
  const dexes: string[] = [];
  const dropped: string[] = [];
  for (const typed of raw) {
    if (dexes.length >= MAX_WALLET_DEXES && dropped.length >= 10) break;
    const name = typed.trim();
    if (name === '' || dexes.includes(name)) continue; // the first dex is always asked; repeats cost nothing
    if (DEX_NAME.test(name) && dexes.length < MAX_WALLET_DEXES) dexes.push(name);
    else if (dropped.length < 10) dropped.push(typed);
  }
  return { dexes, dropped };
}

/** The stored entries of a setting value that may hold anything (it can be hand-edited). */
function storedEntries(raw: unknown): StoredWallet[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((w: unknown) => {
    const entry = w as Partial<Record<keyof StoredWallet, unknown>> | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.address !== 'string') return [];
    const wallet: StoredWallet = { address: entry.address };
    if (typeof entry.label === 'string') wallet.label = entry.label;
    if (Array.isArray(entry.dexes)) wallet.dexes = entry.dexes.filter((d): d is string => typeof d === 'string');
    return [wallet];
  });
}

/** The watched wallets in a setting value. Pure. */
export function readWatchedWallets(raw: unknown): WalletListReading {
  const wallets: WatchedWallet[] = [];
  const invalid: string[] = [];
  const invalidDexes: string[] = [];
  const seen = new Set<string>();
  for (const w of storedEntries(raw)) {
    const address = w.address.trim().toLowerCase();
    if (!isAddress(address)) {
      invalid.push(w.address);
      continue;
    }
    if (seen.has(address)) continue;
    seen.add(address);
    const wallet: WatchedWallet = { address };
    const label = cutLabel(w.label ?? '');
    if (label) wallet.label = label;
    if (w.dexes) {
      const { dexes, dropped } = readDexes(w.dexes);
      if (dexes.length > 0) wallet.dexes = dexes;
      invalidDexes.push(...dropped);
    }
    wallets.push(wallet);
  }
  return { wallets, invalid, invalidDexes };
}

/** A label as stored: trimmed, at most `MAX_WALLET_LABEL` characters; undefined when empty. */
export function cutLabel(label: string): string | undefined {
  return label.trim().slice(0, MAX_WALLET_LABEL) || undefined;
}

/** Whether a typed label is too long (the input boxes refuse it rather than cut it). */
export function labelTooLong(label: string): boolean {
  return label.trim().length > MAX_WALLET_LABEL;
}

const sameAddress = (w: StoredWallet, address: string) => w.address.trim().toLowerCase() === address;

/** Where the list is kept: the setting's raw value, read and written (`watchedWalletsHost.ts` binds VS Code's). */
export interface WalletSetting {
  get(): unknown;
  set(wallets: unknown[]): Promise<void>;
}

/** The list, read and written through `setting`. Changes keep the other entries as the user stored them. */
export function watchedWalletList(setting: WalletSetting) {
  return {
    read(): WalletListReading {
      return readWatchedWallets(setting.get());
    },
    list(): WatchedWallet[] {
      return this.read().wallets;
    },
    find(address: string): WatchedWallet | undefined {
      return this.list().find((w) => w.address === address);
    },
    async add(address: string, label?: string): Promise<void> {
      const cut = cutLabel(label ?? '');
      await setting.set([...storedEntries(setting.get()), cut ? { address, label: cut } : { address }]);
    },
    async remove(address: string): Promise<void> {
      await setting.set(storedEntries(setting.get()).filter((w) => !sameAddress(w, address)));
    },
    /** An empty label removes it (the address is shown). */
    async rename(address: string, label: string): Promise<void> {
      const cut = cutLabel(label);
      await setting.set(
        storedEntries(setting.get()).map((w) => {
          if (!sameAddress(w, address)) return w;
          const { label: _old, ...rest } = w;
          return cut ? { ...rest, label: cut } : rest;
        }),
      );
    },
  };
}
