/**
 * Where Open Orders keeps its market data across window reloads: VS Code's global state, one snapshot per
 * provider (its base URL, or the demo node), the few most recent only. What is kept is public market data
 * (dex names, spot pairs, collateral tokens) with its age; never a key or a wallet.
 */
import type * as vscode from 'vscode';
import { StorageKeys } from '../ids';
import type { MarketMemory, MarketSnapshot } from './marketCache';

/** Providers whose market data is kept; the one used longest ago goes first. */
const MAX_PROVIDERS = 4;

type Stored = Record<string, MarketSnapshot>;

/** The memory of one provider's market data (`provider`: its base URL, or `demo`). */
export function marketMemory(state: vscode.Memento, provider: string): MarketMemory {
  const all = (): Stored => {
    const stored = state.get<unknown>(StorageKeys.marketData);
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Stored) : {};
  };
  return {
    load: () => all()[provider],
    save: (snapshot) => {
      const others = Object.entries(all()).filter(([key]) => key !== provider);
      const kept = [...others.slice(-(MAX_PROVIDERS - 1)), [provider, snapshot] as const];
      void state.update(StorageKeys.marketData, Object.fromEntries(kept));
    },
  };
}
