/** What the Look Up Block command accepts, and the recent lookups it offers. Pure: no `vscode`. */
import { parseBlockNumber, parseBlockQuery, type BlockQuery, type Parsed } from '../core/input';
import { groupThousands } from '../core/units';
import type { Translate } from '../view/format';

/**
 * The command's argument, from the hover, a test or a keybinding: a number, a decimal or 0x hex string,
 * or `latest`, refused with the same messages as typed text. `undefined` means "no argument: ask the
 * user" — also for objects a menu passes along.
 */
export function blockQueryFromArgument(arg: unknown, t: Translate): Parsed<BlockQuery> | undefined {
  if (typeof arg === 'number') return parseBlockNumber(arg, t);
  if (typeof arg === 'bigint') return parseBlockQuery(arg.toString(), t);
  if (typeof arg === 'string') return parseBlockQuery(arg, t);
  return undefined;
}

/** How many recent lookups are kept. */
export const MAX_RECENT_BLOCKS = 10;

/** The recent list with `n` moved to the front, without duplicates, at most `max` long. */
export function rememberBlock(recent: readonly number[], n: number, max = MAX_RECENT_BLOCKS): number[] {
  return [n, ...recent.filter((r) => r !== n)].slice(0, max);
}

/** The recent list as stored in globalState, keeping only valid block numbers (the store is not trusted). */
export function readRecentBlocks(stored: unknown): number[] {
  if (!Array.isArray(stored)) return [];
  const valid = stored.filter((n): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0);
  return [...new Set(valid)].slice(0, MAX_RECENT_BLOCKS);
}

/** "19,999,981" for display; "latest" stays a word. */
export function blockQueryText(query: BlockQuery): string {
  return query.kind === 'latest' ? 'latest' : groupThousands(String(query.number));
}
