/**
 * The workspace's contracts, indexed: each file's records (`artifactFiles.ts`) kept by the file's URI,
 * so that a changed or deleted file replaces or drops only what it said; the lookups (address → deployed
 * contract, selector → functions and errors, topic → events, name → deployments) are rebuilt from them
 * on the first question after a change. Pure: no `vscode`, no file system.
 */
import { keccak256, stringToBytes } from 'viem';
import type { Address } from '../core/model';
import { signatureOf, type AbiEntry } from './abi';
import type { DeploymentRecord, FileContents } from './artifactFiles';

/** Where a record came from: the file's URI (a key, and what a link opens) and its path in its workspace folder. */
export interface FileRef {
  uri: string;
  /** The workspace folder's name (a multi-root workspace has several). */
  folder: string;
  /** Relative to the folder, `/`-separated. */
  path: string;
}

/** An ABI with where it came from. Its entries' selectors and topics are hashed when first asked (`keysOf`). */
export interface KnownAbi {
  name: string;
  file: FileRef;
  entries: AbiEntry[];
  /** The source file the compiler names, relative to the artifact's workspace folder. */
  source?: string;
  /** `keys[i]`: entry i's 4-byte selector, or an event's 32-byte topic, lowercase 0x hex; made by `keysOf`. */
  keys?: string[];
}

/**
 * Each entry's selector or topic. Hashing is what indexing would spend most on (keccak-256 in
 * JavaScript: tens of µs an entry), so it is done for an ABI when it is first consulted, and the whole
 * workspace's only when a guess needs every selector (see `candidates`); names and hovers never hash.
 */
export function keysOf(abi: KnownAbi): string[] {
  // Filled in order (by `prepareKeys`, an entry at a time), so a short array lacks only its tail.
  const keys = (abi.keys ??= []);
  for (let i = keys.length; i < abi.entries.length; i++) keys[i] = keyOf(abi.entries[i]!);
  return keys;
}

/** A contract deployed at an address on a chain, as the workspace's deployment records say. */
export interface WorkspaceContract {
  address: Address;
  name: string;
  /** The deployment record. */
  deployment: FileRef;
  /** The ABI it decodes with: the record's own (hardhat-deploy) or the artifact of its name. */
  abi?: KnownAbi;
  /** hardhat-deploy's implementation of a proxy. */
  implementation?: Address;
  /** An OpenZeppelin proxy (its implementation is read from the chain). */
  proxy?: 'erc1967' | 'beacon';
  /** Other names other records give the same address (a conflict: the name is not sure). */
  alsoNamed: string[];
}

/** An entry of some ABI, found by selector or topic. */
export interface Candidate<E extends AbiEntry = AbiEntry> {
  entry: E;
  abi: KnownAbi;
}

interface IndexedFile {
  ref: FileRef;
  contents: FileContents;
  abis: KnownAbi[];
  deploymentAbis: Map<DeploymentRecord, KnownAbi>;
}

interface Lookups {
  deployments: Map<string, Array<{ record: DeploymentRecord; ref: FileRef; abi?: KnownAbi }>>;
  artifacts: Map<string, KnownAbi[]>;
  /** Every ABI, in the index's order (for the selector lookup, made on its first use). */
  abis: KnownAbi[];
  byKey?: Map<string, Candidate[]>;
  /** `prepareKeys` building `byKey`, a slice at a time. */
  preparing?: Promise<void>;
  contracts: number;
}

export class ContractIndex {
  private readonly files = new Map<string, IndexedFile>();
  private lookups?: Lookups;
  /** Set while files are left out because their ABI entries would pass the workspace's bound (`IndexLimits.maxEntries`). */
  entryBound?: { max: number; filesLeftOut: number };

  /** Replaces what `ref`'s file said (nothing: `contents` undefined, as for a deleted file). */
  setFile(ref: FileRef, contents: FileContents | undefined): void {
    if (!contents || (!contents.artifacts.length && !contents.deployments.length && !contents.networkChainId)) {
      if (this.files.delete(ref.uri)) this.lookups = undefined;
      return;
    }
    const abis = contents.artifacts.map((a) => knownAbi(a.name, ref, a.abi, a.source));
    const deploymentAbis = new Map<DeploymentRecord, KnownAbi>();
    for (const d of contents.deployments) if (d.abi) deploymentAbis.set(d, knownAbi(d.name, ref, d.abi));
    this.files.set(ref.uri, { ref, contents, abis, deploymentAbis });
    this.lookups = undefined;
  }

  /** Drops every file whose URI is `uri` or lies below it (a deleted folder). */
  removeUnder(uri: string): void {
    const prefix = uri.endsWith('/') ? uri : `${uri}/`;
    for (const key of [...this.files.keys()]) if (key === uri || key.startsWith(prefix)) this.files.delete(key);
    this.lookups = undefined;
  }

  clear(): void {
    this.files.clear();
    this.lookups = undefined;
  }

  has(uri: string): boolean {
    return this.files.has(uri);
  }

  /** The first ABI the file at `uri` holds (an artifact's, or a hardhat-deploy record's). */
  abiAt(uri: string): KnownAbi | undefined {
    const f = this.files.get(uri);
    return f && (f.abis[0] ?? [...f.deploymentAbis.values()][0]);
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** How many ABIs the index holds (for the page's note and the log). */
  get contractCount(): number {
    return this.built().contracts;
  }

  /** The contract the workspace deployed at `address` on chain `chainId`. */
  contractAt(chainId: number, address: string): WorkspaceContract | undefined {
    const found = this.built().deployments.get(deploymentKey(chainId, address.toLowerCase()));
    if (!found?.length) return undefined;
    const first = found.find((d) => d.abi ?? this.artifactFor(d.record, d.ref)) ?? found[0]!;
    const { record, ref } = first;
    const contract: WorkspaceContract = {
      address: record.address,
      name: record.name,
      deployment: ref,
      alsoNamed: [...new Set(found.map((d) => d.record.name).filter((n) => n !== record.name))],
    };
    const abi = first.abi ?? this.artifactFor(record, ref);
    if (abi) contract.abi = abi;
    const implementation = found.find((d) => d.record.implementation)?.record.implementation;
    if (implementation) contract.implementation = implementation;
    const proxy = found.find((d) => d.record.proxy)?.record.proxy;
    if (proxy) contract.proxy = proxy;
    return contract;
  }

  /** The ABI built for contract `name` (the one in the same workspace folder as `near`, if several). */
  abiNamed(name: string, near?: FileRef): KnownAbi | undefined {
    const all = this.built().artifacts.get(name);
    if (!all?.length) return undefined;
    return (near && all.find((a) => a.file.folder === near.folder)) ?? all[0];
  }

  /**
   * Every entry of any ABI with this selector (4 bytes) or event topic (32 bytes), one per distinct entry.
   * Built at once when `prepareKeys` has not built it yet (callers that guess await `prepareKeys` first).
   */
  candidates(key: string): readonly Candidate[] {
    const lookups = this.built();
    if (!lookups.byKey) {
      const table = new KeyTable();
      for (const abi of lookups.abis) for (let i = 0; i < abi.entries.length; i++) table.add(abi, i);
      lookups.byKey = table.byKey;
    }
    return lookups.byKey.get(key.toLowerCase()) ?? [];
  }

  /**
   * Hashes every entry's selector or topic and builds the selector table for guesses ahead of the first
   * guess, an entry at a time, yielding to the event loop every `SLICE_MS`: a large workspace never holds
   * the extension host's thread for the seconds it takes at once. Callers at the same time share one run.
   */
  prepareKeys(signal?: AbortSignal): Promise<void> {
    const lookups = this.built();
    if (lookups.byKey) return Promise.resolve();
    lookups.preparing ??= this.buildKeys(lookups).finally(() => (lookups.preparing = undefined));
    const run = lookups.preparing;
    if (!signal) return run;
    // A caller that leaves does not stop the run the others wait for.
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason ?? new Error('aborted'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      run.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  private async buildKeys(lookups: Lookups): Promise<void> {
    const table = new KeyTable();
    let slice = performance.now();
    for (const abi of lookups.abis) {
      for (let i = 0; i < abi.entries.length; i++) {
        if (this.lookups !== lookups) return; // the index changed: the next question starts again
        table.add(abi, i);
        if (performance.now() - slice > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
    }
    if (this.lookups === lookups) lookups.byKey ??= table.byKey;
  }

  /** Deployments on `chainId` whose contract name contains `query` (any case), names that start with it first. */
  deploymentsNamed(query: string, chainId: number, max = 50): WorkspaceContract[] {
    const q = query.toLowerCase();
    const out: WorkspaceContract[] = [];
    for (const [key, list] of this.built().deployments) {
      if (!key.startsWith(`${chainId}:`)) continue;
      if (!list.some((d) => d.record.name.toLowerCase().includes(q))) continue;
      const c = this.contractAt(chainId, list[0]!.record.address);
      if (c) out.push(c);
    }
    const rank = (c: WorkspaceContract) => (c.name.toLowerCase() === q ? 0 : c.name.toLowerCase().startsWith(q) ? 1 : 2);
    return out.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name)).slice(0, max);
  }

  private artifactFor(record: DeploymentRecord, ref: FileRef): KnownAbi | undefined {
    return (record.artifact && this.abiNamed(record.artifact, ref)) || this.abiNamed(record.name, ref);
  }

  private built(): Lookups {
    return (this.lookups ??= this.build());
  }

  private build(): Lookups {
    const lookups: Lookups = { deployments: new Map(), artifacts: new Map(), abis: [], contracts: 0 };
    const networkChainIds = new Map<string, number>();
    for (const f of this.files.values()) if (f.contents.networkChainId) networkChainIds.set(dirOf(f.ref.uri), f.contents.networkChainId.chainId);
    // In a fixed order (by URI), so that which of two records or ABIs comes first does not depend on when a file changed.
    for (const f of [...this.files.values()].sort((a, b) => (a.ref.uri < b.ref.uri ? -1 : a.ref.uri > b.ref.uri ? 1 : 0))) {
      for (const abi of [...f.abis, ...f.deploymentAbis.values()]) {
        lookups.contracts++;
        lookups.abis.push(abi);
        push(lookups.artifacts, abi.name, abi);
      }
      for (const a of f.contents.artifacts) for (const alias of a.aliases) push(lookups.artifacts, alias, f.abis[f.contents.artifacts.indexOf(a)]!);
      for (const record of f.contents.deployments) {
        const chainId = record.chainId ?? networkChainIds.get(dirOf(f.ref.uri));
        if (chainId === undefined) continue;
        const abi = f.deploymentAbis.get(record);
        push(lookups.deployments, deploymentKey(chainId, record.address), abi ? { record, ref: f.ref, abi } : { record, ref: f.ref });
      }
    }
    return lookups;
  }
}

/** Selector or topic → one candidate per distinct entry (the first ABI that has it), filled an entry at a time. */
class KeyTable {
  readonly byKey = new Map<string, Candidate[]>();
  private readonly seen = new Set<string>();

  add(abi: KnownAbi, i: number): void {
    const keys = (abi.keys ??= []);
    const entry = abi.entries[i]!;
    const key = (keys[i] ??= keyOf(entry));
    const distinct = `${key}|${JSON.stringify(entry)}`;
    if (this.seen.has(distinct)) return;
    this.seen.add(distinct);
    push(this.byKey, key, { entry, abi });
  }
}

function knownAbi(name: string, file: FileRef, entries: AbiEntry[], source?: string): KnownAbi {
  return source ? { name, file, entries, source } : { name, file, entries };
}

/** The longest stretch of hashing between two turns of the event loop. */
const SLICE_MS = 10;

/** Signatures already hashed: the same entry (ERC-20's `transfer`, `Ownable`'s events) is in many artifacts. */
const hashed = new Map<string, string>();
const MAX_HASHED = 200_000;

/** An entry's selector (functions and errors: 4 bytes) or topic (events: 32 bytes). */
export function keyOf(entry: AbiEntry): string {
  const signature = signatureOf(entry);
  let hash = hashed.get(signature);
  if (hash === undefined) {
    hash = keccak256(stringToBytes(signature));
    if (hashed.size >= MAX_HASHED) hashed.clear();
    hashed.set(signature, hash);
  }
  return entry.type === 'event' ? hash : hash.slice(0, 10);
}

function deploymentKey(chainId: number, address: string): string {
  return `${chainId}:${address}`;
}

function dirOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/'));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
