/**
 * Paging a wallet's history by time, to the info API's own limits (docs/FACTS.md#history): an answer
 * holds at most `perAnswer` items from `startTime` on, oldest first; the next answer starts at the last
 * item's time (inclusive, so that items sharing that millisecond are not lost) and what came twice is
 * dropped. A source that repeats a page, sends pages out of order or overlapping, or items outside the
 * range, never duplicates a row and never loops: the next start only moves forward. Pure.
 */

/** The most rows a section keeps, whatever a source sends (the 10,000 reachable fills, with room). */
export const MAX_SECTION_ROWS = 20_000;

export interface Paged {
  /** When it holds: ms since the epoch. */
  time: number;
}

/**
 * What makes a row the same row, read without building a string per row: a number that most rows hold
 * alone (a fill's trade id) and, for rows sharing it, the rest compared field by field.
 */
export interface Identity<T> {
  bucket(row: T): number;
  same(a: T, b: T): boolean;
}

export class TimePager<T extends Paged> {
  private readonly seen = new Set<string>();
  private readonly buckets = new Map<number, T | T[]>();
  private pendingKey = '';
  private pendingBucket = 0;
  private pendingHeld: T | T[] | undefined;
  private readonly held: T[] = [];
  private start: number;
  private finished = false;
  /** Rows were left out: the section reached `maxRows`. */
  capped = false;
  /**
   * Milliseconds at which a full answer held nothing newer: the rest of that millisecond, if any, could not
   * be reached (the API pages by time only), and the next answer starts a millisecond later.
   */
  readonly gaps: number[] = [];

  constructor(
    private readonly key: ((row: T) => string) | Identity<T>,
    readonly perAnswer: number,
    readonly from: number,
    readonly to: number,
    private readonly maxRows = MAX_SECTION_ROWS,
  ) {
    this.start = from;
  }

  /** The rows so far, oldest first, each once. */
  get rows(): readonly T[] {
    return this.held;
  }

  /** Where the next answer starts; undefined when there is nothing more to ask. */
  get next(): number | undefined {
    return this.finished ? undefined : this.start;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Whether `row` came before; when not, `remember` keeps it (the bucket looked up once for both). */
  private has(row: T): boolean {
    const key = this.key;
    if (typeof key === 'function') {
      this.pendingKey = key(row);
      return this.seen.has(this.pendingKey);
    }
    const b = key.bucket(row);
    const held = this.buckets.get(b);
    this.pendingBucket = b;
    this.pendingHeld = held;
    if (held === undefined) return false;
    return Array.isArray(held) ? held.some((h) => key.same(h, row)) : key.same(held, row);
  }

  /** Keeps `row` as seen: right after `has(row)` said no. */
  private remember(row: T): void {
    if (typeof this.key === 'function') {
      this.seen.add(this.pendingKey);
      return;
    }
    const held = this.pendingHeld;
    if (held === undefined) this.buckets.set(this.pendingBucket, row);
    else if (Array.isArray(held)) held.push(row);
    else this.buckets.set(this.pendingBucket, [held, row]);
  }

  /** Takes one answer (to a request from `next`); returns how many rows were new. */
  add(page: readonly T[]): number {
    if (this.finished) return 0;
    let added = 0;
    let newest = -1;
    let outOfOrder = false;
    for (const row of page) {
      if (row.time > newest) newest = row.time;
      if (row.time < this.from || row.time > this.to) continue;
      if (this.has(row)) continue;
      if (this.held.length >= this.maxRows) {
        this.capped = true;
        break;
      }
      this.remember(row);
      const last = this.held.at(-1);
      if (last && row.time < last.time) outOfOrder = true;
      this.held.push(row);
      added += 1;
    }
    if (outOfOrder) this.held.sort((a, b) => a.time - b.time);
    if (this.capped || page.length < this.perAnswer || newest >= this.to) {
      this.finished = true;
    } else if (newest > this.start) {
      this.start = newest;
    } else {
      // A full answer with nothing after its start: one millisecond on, or it would come again forever.
      this.gaps.push(this.start);
      this.start += 1;
      if (this.start > this.to) this.finished = true;
    }
    return added;
  }
}

/** One history request from `start` to `end`. */
export type PageFetch<T> = (start: number, end: number, signal?: AbortSignal) => Promise<T[]>;

/** Asks the next answer of `pager`; returns how many rows were new (0 when it was done). */
export async function loadNext<T extends Paged>(pager: TimePager<T>, fetch: PageFetch<T>, signal?: AbortSignal): Promise<number> {
  const start = pager.next;
  if (start === undefined) return 0;
  return pager.add(await fetch(start, pager.to, signal));
}

/** Keys: what makes a row the same row when an answer brings it again. */
export const fillKey = (f: { tid: number; oid: number; side: string; coin: string }): string => `${f.tid}|${f.oid}|${f.side}|${f.coin}`;
type FillIdentity = { tid: number; oid: number; side: string; coin: string };
/** The same identity as `fillKey`, by trade id first: no string per fill (10,000 fills a page). */
export const fillIdentity: Identity<FillIdentity & Paged> = {
  bucket: (f) => f.tid,
  same: (a, b) => a.tid === b.tid && a.oid === b.oid && a.side === b.side && a.coin === b.coin,
};
export const fundingKey = (f: { time: number; coin: string; hash: string }): string => `${f.time}|${f.coin}|${f.hash}`;
export const ledgerKey = (u: { time: number; hash: string; kind: string; amount?: string; counterparty?: string }): string =>
  `${u.time}|${u.hash}|${u.kind}|${u.amount ?? ''}|${u.counterparty ?? ''}`;
