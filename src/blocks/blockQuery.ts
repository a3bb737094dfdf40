/** What the Look Up Block command accepts, and how it writes a block. Pure: no `vscode`. */
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

/** "19,999,981" for display; "latest" stays a word. */
export function blockQueryText(query: BlockQuery): string {
  return query.kind === 'latest' ? 'latest' : groupThousands(String(query.number));
}
