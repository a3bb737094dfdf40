/** The one recent-lookups list in the extension's global state (the list itself: `core/recentLookUps.ts`). */
import type * as vscode from 'vscode';
import type { LookUpQuery } from '../core/input';
import { readRecentLookUps, rememberLookUp } from '../core/recentLookUps';
import { StorageKeys } from '../ids';

/** The recent lookups, newest first (only entries that parse). */
export function recentLookUps(state: vscode.Memento): LookUpQuery[] {
  return readRecentLookUps(state.get(StorageKeys.recentLookUps));
}

/** Puts `query` first in the list. */
export function rememberRecentLookUp(state: vscode.Memento, query: LookUpQuery): Thenable<void> {
  return state.update(StorageKeys.recentLookUps, rememberLookUp(recentLookUps(state), query));
}
