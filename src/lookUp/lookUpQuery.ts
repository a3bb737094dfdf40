/** What Look Up… accepts, how it says what it understood, and the recent lookups it offers. Pure: no `vscode`. */
import { parseLookUp, type LookUpQuery, type Parsed } from '../core/input';
import { groupThousands, toHex } from '../core/units';
import { shortAddress, shortHash, untranslated, type Translate } from '../view/format';

/** The command's argument (from a hover, a test, a keybinding): a string to parse; anything else means "ask". */
export function lookUpFromArgument(arg: unknown, t: Translate): Parsed<LookUpQuery> | undefined {
  return typeof arg === 'string' ? parseLookUp(arg, t) : undefined;
}

/** What the pick says it understood, as a person reads it: "Block 1,234", "Transaction or block hash", "Address". */
export function understood(query: LookUpQuery, t: Translate): { label: string; description: string; detail: string } {
  switch (query.kind) {
    case 'block':
      return query.query.kind === 'latest'
        ? { label: t('Latest block'), description: 'latest', detail: t('Opens the newest block on the chain.') }
        : {
            label: t('Block {0}', groupThousands(String(query.query.number))),
            description: toHex(query.query.number),
            detail: t('Opens the block page.'),
          };
    case 'hash':
      return { label: t('Transaction or block hash'), description: shortHash(query.hash), detail: t('Looks for a transaction with this hash, then a block.') };
    case 'address':
      return { label: t('Address'), description: shortAddress(query.address), detail: t('Shows whether it is a contract or an account, its HYPE balance, and what you can do with it.') };
  }
}

/** The text a lookup is remembered by (and typed again as): `6699`, `latest`, a hash, an address. */
export function lookUpText(query: LookUpQuery): string {
  switch (query.kind) {
    case 'block':
      return query.query.kind === 'latest' ? 'latest' : String(query.query.number);
    case 'hash':
      return query.hash;
    case 'address':
      return query.address;
  }
}

/** How many recent lookups are kept. */
export const MAX_RECENT_LOOKUPS = 10;

/** The recent list with `query` moved to the front, without duplicates, at most `max` long. */
export function rememberLookUp(recent: readonly LookUpQuery[], query: LookUpQuery, max = MAX_RECENT_LOOKUPS): string[] {
  const text = lookUpText(query);
  return [text, ...recent.map(lookUpText).filter((r) => r !== text)].slice(0, max);
}

/** The recent list as stored in globalState, keeping only entries that still parse (the store is not trusted). */
export function readRecentLookUps(stored: unknown): LookUpQuery[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const out: LookUpQuery[] = [];
  for (const entry of stored) {
    if (typeof entry !== 'string' || entry.length > 100) continue;
    const parsed = parseLookUp(entry, untranslated); // only whether it parses matters: no message is shown
    if (!parsed.ok || seen.has(lookUpText(parsed.value))) continue;
    seen.add(lookUpText(parsed.value));
    out.push(parsed.value);
    if (out.length === MAX_RECENT_LOOKUPS) break;
  }
  return out;
}
