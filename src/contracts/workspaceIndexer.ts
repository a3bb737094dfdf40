/**
 * Reads the workspace's contract files into a `ContractIndex`, within bounds: how many files, how large
 * one file may be, and how many bytes all of them together. Each file is checked by a scan of its bytes
 * (`core/jsonLimits.ts`) before `JSON.parse` sees it, and a file that is broken, too deep, too large or of
 * the wrong shape adds nothing, and stops nothing else. Pure: the file system comes in as `FileAccess`
 * (VS Code's in the extension, Node's in tests and the bench).
 */
import { jsonProblem } from '../core/jsonLimits';
import { classifyPath, readFile, type FileContents } from './artifactFiles';
import type { ContractIndex, FileRef } from './contractIndex';

export interface FileAccess {
  /** The files that may hold contracts (at most `limit`), in every folder of the workspace. */
  list(limit: number): Promise<FileRef[]>;
  /** Bytes, or undefined when the file is gone. */
  size(uri: string): Promise<number | undefined>;
  read(uri: string): Promise<Uint8Array>;
}

export interface IndexLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

const MB = 1024 * 1024;

/**
 * A Foundry artifact carries the compiler's AST: a large contract's is a few MB. 5,000 files and 256 MB
 * hold a large monorepo's build output; past them the rest is left out and the log says so.
 */
export const CONTRACT_LIMITS: IndexLimits = { maxFiles: 5000, maxFileBytes: 16 * MB, maxTotalBytes: 256 * MB };

/**
 * What a compiler's JSON holds: the AST nests deeper than any node answer (each expression a level) and
 * has hundreds of thousands of values; field names are a fixed vocabulary plus the method identifiers.
 */
const ARTIFACT_JSON_LIMITS = { maxDepth: 1024, maxKeys: 50_000, maxValues: 4_000_000 };

/** What an indexing run did, for the log and the bench. */
export interface IndexReport {
  files: number;
  indexed: number;
  bytes: number;
  /** Files left out, by reason. */
  skipped: { tooLarge: number; overTotal: number; overCount: number; broken: number };
}

const READS_AT_ONCE = 4;

export class WorkspaceIndexer {
  private readonly sizes = new Map<string, number>();
  private total = 0;

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
    const listed = await this.access.list(this.limits.maxFiles + 1);
    const files = listed.filter((f) => classifyPath(f.path)).sort((a, b) => (a.uri < b.uri ? -1 : 1));
    const report: IndexReport = { files: files.length, indexed: 0, bytes: 0, skipped: { tooLarge: 0, overTotal: 0, overCount: 0, broken: 0 } };
    if (files.length > this.limits.maxFiles) report.skipped.overCount = files.length - this.limits.maxFiles;
    const queue = files.slice(0, this.limits.maxFiles);
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        if (signal?.aborted) return;
        const outcome = await this.update(f);
        if (outcome === 'indexed') report.indexed++;
        else if (outcome !== 'gone') report.skipped[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
    report.bytes = this.total;
    return report;
  }

  /** Reads one file again (created or changed); what it said before is replaced. */
  async update(ref: FileRef): Promise<'indexed' | 'gone' | 'tooLarge' | 'overTotal' | 'overCount' | 'broken'> {
    const kind = classifyPath(ref.path);
    if (!kind) return 'gone';
    this.forget(ref.uri);
    if (!this.index.has(ref.uri) && this.index.fileCount >= this.limits.maxFiles) return 'overCount';
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
    const contents = parse(kind, bytes);
    if (!contents) return this.drop(ref, 'broken');
    this.sizes.set(ref.uri, bytes.length);
    this.total += bytes.length;
    this.index.setFile(ref, contents);
    return 'indexed';
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

  private forget(uri: string): void {
    this.total -= this.sizes.get(uri) ?? 0;
    this.sizes.delete(uri);
  }

  private drop<R>(ref: FileRef, reason: R): R {
    this.index.setFile(ref, undefined);
    return reason;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The file's records, or undefined when it is not JSON, or past the bounds of what a compiler writes. */
export function parse(kind: NonNullable<ReturnType<typeof classifyPath>>, bytes: Uint8Array): FileContents | undefined {
  if (kind.kind === 'hardhatDeployChainId') return bytes.length > 64 ? undefined : readFile(kind, utf8.decode(bytes));
  if (jsonProblem(bytes, ARTIFACT_JSON_LIMITS)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
  return readFile(kind, json);
}
