/**
 * Reads the workspace's contract files into a `ContractIndex`, within bounds: how many files, how large
 * one file may be, how many bytes all of them together, and how many ABI entries the whole workspace
 * gives. Of each file only the members its layout is read for (`abi`, `transactions`, …) are scanned
 * (`core/jsonLimits.ts`) and parsed, within a budget of values; the rest (a compiler's AST) is walked
 * over, never parsed. A file that is broken, too deep, too large or of the wrong shape adds nothing, and
 * stops nothing else; a file whose real path lies outside the workspace's folders (a symbolic link out
 * of it) is not read at all. Pure: the file system comes in as `FileAccess` (VS Code's in the extension,
 * Node's in tests and the bench).
 */
import { jsonProblem, pickJsonSliced } from '../core/jsonLimits';
import { classifyPath, readFile, type FileContents } from './artifactFiles';
import type { ContractIndex, FileRef } from './contractIndex';

export interface FileAccess {
  /** The files that may hold contracts (at most `limit`), in every folder of the workspace. */
  list(limit: number): Promise<FileRef[]>;
  /** Bytes, or undefined when the file is gone. */
  size(uri: string): Promise<number | undefined>;
  read(uri: string): Promise<Uint8Array>;
  /**
   * Whether the file's real path (symbolic links resolved) lies inside a folder of the workspace; asked
   * before a file is read. Without it every file listed is taken as inside (a virtual file system).
   */
  inside?(uri: string): Promise<boolean>;
}

export interface IndexLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  /** ABI entries (functions, events, errors) of all files together; a file that would pass it is left out. */
  maxEntries: number;
}

const MB = 1024 * 1024;

/**
 * A Foundry artifact carries the compiler's AST: a large contract's is a few MB. 5,000 files and 256 MB
 * hold a large monorepo's build output; past them the rest is left out and the log says so. 50,000 ABI
 * entries are ~300 large contracts' (OpenZeppelin's largest have ~150 entries): what every guess hashes
 * and searches, and what the index holds in memory (400,000 entries held +460 MB and 3.2 s on the first
 * guess before this bound).
 */
export const CONTRACT_LIMITS: IndexLimits = { maxFiles: 5000, maxFileBytes: 16 * MB, maxTotalBytes: 256 * MB, maxEntries: 50_000 };

/**
 * What is parsed of one file: only the members its layout is read for, at most 100,000 values in all
 * (2,000 entries of 50 values each; a real ABI of 150 entries has ~5,000), nested at most 64 deep (an
 * ABI's tuples nest 8) with at most 4,096 distinct field names. A compiler's AST around them (hundreds
 * of thousands of values, up to 4 million in a 16 MB file) is walked over without being parsed.
 */
export const PARSED_JSON_LIMITS = { maxDepth: 64, maxKeys: 4096, maxValues: 100_000 };

/** The members read of each layout's files (see `readFile`); absent: the whole file (an array or a map). */
const MEMBERS: Partial<Record<FileKindName, readonly string[]>> = {
  foundryArtifact: ['abi', 'metadata.settings.compilationTarget', 'ast.absolutePath'],
  hardhatArtifact: ['abi', 'contractName', 'sourceName'],
  foundryBroadcast: ['transactions'],
  hardhatDeploy: ['address', 'abi', 'implementation'],
  openZeppelin: ['proxies'],
};
type FileKindName = NonNullable<ReturnType<typeof classifyPath>>['kind'];

/** What an indexing run did, for the log and the bench. */
export interface IndexReport {
  files: number;
  indexed: number;
  bytes: number;
  /** ABI entries indexed (at most `IndexLimits.maxEntries`). */
  entries: number;
  /** Files left out, by reason (`outside`: a real path outside the workspace's folders, not read). */
  skipped: { tooLarge: number; overTotal: number; overCount: number; overEntries: number; broken: number; outside: number };
}

export type UpdateOutcome = 'indexed' | 'gone' | 'outside' | keyof Omit<IndexReport['skipped'], 'outside'>;

const READS_AT_ONCE = 4;

/**
 * The longest stretch of work between two turns of the event loop. A file system that answers at once
 * (or from a cache) lets the readers run on promises alone, which never let the loop turn: the indexer
 * yields on its own between files.
 */
const SLICE_MS = 10;

export class WorkspaceIndexer {
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private readonly entryCounts = new Map<string, number>();
  private entryTotal = 0;
  /** Files left out by the entry bound (for the transaction page's note). */
  private readonly overEntries = new Set<string>();
  private sliceStarted = performance.now();

  constructor(
    private readonly access: FileAccess,
    readonly index: ContractIndex,
    private readonly limits: IndexLimits = CONTRACT_LIMITS,
  ) {}

  /** Reads every file again from scratch. */
  async indexAll(signal?: AbortSignal): Promise<IndexReport> {
    this.index.clear();
    this.sizes.clear();
    this.total = 0;
    this.entryCounts.clear();
    this.entryTotal = 0;
    this.overEntries.clear();
    this.index.entryBound = undefined;
    const listed = await this.access.list(this.limits.maxFiles + 1);
    const classified = listed.filter((f) => classifyPath(f.path));
    const inside = await this.insideOf(classified, signal);
    const files = classified.filter((_, i) => inside[i]).sort((a, b) => (a.uri < b.uri ? -1 : 1));
    const report: IndexReport = {
      files: files.length,
      indexed: 0,
      bytes: 0,
      entries: 0,
      skipped: { tooLarge: 0, overTotal: 0, overCount: 0, overEntries: 0, broken: 0, outside: classified.length - files.length },
    };
    if (files.length > this.limits.maxFiles) report.skipped.overCount = files.length - this.limits.maxFiles;
    const queue = files.slice(0, this.limits.maxFiles);
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        await this.breathe();
        if (signal?.aborted) return;
        const outcome = await this.update(f);
        if (outcome === 'indexed') report.indexed++;
        else if (outcome !== 'gone') report.skipped[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
    report.bytes = this.total;
    report.entries = this.entryTotal;
    return report;
  }

  /** Reads one file again (created or changed); what it said before is replaced. */
  async update(ref: FileRef): Promise<UpdateOutcome> {
    const kind = classifyPath(ref.path);
    if (!kind) return 'gone';
    this.forget(ref.uri);
    if (!this.index.has(ref.uri) && this.index.fileCount >= this.limits.maxFiles) return 'overCount';
    if (this.access.inside) {
      const inside = await this.access.inside(ref.uri).catch(() => false);
      if (!inside) return this.drop(ref, 'outside');
    }
    let size: number | undefined;
    try {
      size = await this.access.size(ref.uri);
    } catch {
      size = undefined;
    }
    if (size === undefined) return this.drop(ref, 'gone');
    if (size > this.limits.maxFileBytes) return this.drop(ref, 'tooLarge');
    if (this.total + size > this.limits.maxTotalBytes) return this.drop(ref, 'overTotal');
    let bytes: Uint8Array;
    try {
      bytes = await this.access.read(ref.uri);
    } catch {
      return this.drop(ref, 'gone');
    }
    if (bytes.length > this.limits.maxFileBytes) return this.drop(ref, 'tooLarge');
    if (this.total + bytes.length > this.limits.maxTotalBytes) return this.drop(ref, 'overTotal');
    const contents = await parse(kind, bytes);
    if (!contents) return this.drop(ref, 'broken');
    const entries = entriesOf(contents);
    if (this.entryTotal + entries > this.limits.maxEntries) {
      this.overEntries.add(ref.uri);
      this.noteEntryBound();
      return this.drop(ref, 'overEntries');
    }
    this.sizes.set(ref.uri, bytes.length);
    this.total += bytes.length;
    this.entryCounts.set(ref.uri, entries);
    this.entryTotal += entries;
    this.index.setFile(ref, contents);
    return 'indexed';
  }

  /** ABI entries held by the index. */
  get entries(): number {
    return this.entryTotal;
  }

  /** Whether each file lies inside the workspace's folders, asked a few at a time. */
  private async insideOf(files: readonly FileRef[], signal?: AbortSignal): Promise<boolean[]> {
    const inside = this.access.inside?.bind(this.access);
    if (!inside) return files.map(() => true);
    const out = files.map(() => false);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < files.length && !signal?.aborted; i = next++) {
        await this.breathe();
        out[i] = await inside(files[i]!.uri).catch(() => false);
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
    return out;
  }

  /** A file or folder deleted. */
  remove(uri: string): void {
    const prefix = `${uri}/`;
    for (const key of [...this.sizes.keys()]) if (key === uri || key.startsWith(prefix)) this.forget(key);
    this.index.removeUnder(uri);
  }

  get bytes(): number {
    return this.total;
  }

  /** Lets the event loop turn when this slice of work has run `SLICE_MS`. */
  private async breathe(): Promise<void> {
    if (performance.now() - this.sliceStarted < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }

  private forget(uri: string): void {
    this.total -= this.sizes.get(uri) ?? 0;
    this.sizes.delete(uri);
    this.entryTotal -= this.entryCounts.get(uri) ?? 0;
    this.entryCounts.delete(uri);
    if (this.overEntries.delete(uri)) this.noteEntryBound();
  }

  private noteEntryBound(): void {
    this.index.entryBound = this.overEntries.size ? { max: this.limits.maxEntries, filesLeftOut: this.overEntries.size } : undefined;
  }

  private drop<R>(ref: FileRef, reason: R): R {
    this.index.setFile(ref, undefined);
    return reason;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The ABI entries a file's records give the index. */
export function entriesOf(contents: FileContents): number {
  let n = 0;
  for (const a of contents.artifacts) n += a.abi.length;
  for (const d of contents.deployments) n += d.abi?.length ?? 0;
  return n;
}

/**
 * The file's records, or undefined when it is not JSON, or what is read of it passes the bounds of
 * `PARSED_JSON_LIMITS`.
 */
export async function parse(kind: NonNullable<ReturnType<typeof classifyPath>>, bytes: Uint8Array): Promise<FileContents | undefined> {
  if (kind.kind === 'hardhatDeployChainId') return bytes.length > 64 ? undefined : readFile(kind, utf8.decode(bytes));
  const members = MEMBERS[kind.kind];
  if (members) {
    const picked = await pickJsonSliced(bytes, members, PARSED_JSON_LIMITS, SLICE_MS);
    return 'value' in picked ? readFile(kind, picked.value) : undefined;
  }
  if (jsonProblem(bytes, PARSED_JSON_LIMITS)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
  return readFile(kind, json);
}
