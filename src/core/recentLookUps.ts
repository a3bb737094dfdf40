/**
 * The one list of recent lookups, kept by Look Up… and by the block page and offered by both pickers
 * (Look Up Block shows its blocks): the text each was typed as (`6699`, `latest`, a hash, an address),
 * newest first. Pure: the VS Code side is `platform/recentLookUpsStore.ts`.
 */
import { parseLookUp, type BlockQuery, type LookUpQuery } from './input';
import { untranslated } from './translate';

/** How many recent lookups are kept. */
export const MAX_RECENT_LOOKUPS = 10;

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

/** The recent list with `query` moved to the front, without duplicates, at most `max` long. */
export function rememberLookUp(recent: readonly LookUpQuery[], query: LookUpQuery, max = MAX_RECENT_LOOKUPS): string[] {
  const text = lookUpText(query);
  return [text, ...recent.map(lookUpText).filter((r) => r !== text)].slice(0, max);
}

/**
 * The recent list as stored, keeping only entries that still parse (the store is not trusted: anything
 * else, such as the numbers an older version kept, is passed over).
 */
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

/** The numbered blocks of the list, newest first (what Look Up Block offers; `latest` it offers anyway). */
export function recentBlocks(recent: readonly LookUpQuery[]): number[] {
  return recent.flatMap((q) => (q.kind === 'block' && q.query.kind === 'number' ? [q.query.number] : []));
}

/** A block page's block, as the list keeps it. */
export function blockLookUp(query: BlockQuery): LookUpQuery {
  return { kind: 'block', query };
}
