/**
 * The VS Code side of the workspace's contracts: which files to read (every folder of the workspace,
 * through `workspace.fs`, so remote and virtual folders work too), a file watcher that keeps the index
 * current, the trust and the setting that allow it, and the connected chain's id (asked once per
 * connection). Made on first use (a transaction page, a hover, Look Up): nothing is read or watched at
 * activation. The index and decoding themselves are pure (`contractIndex.ts`, `decode.ts`).
 */
import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import type { ProviderClients } from '../core/provider';
import type { TransactionBundle } from '../core/transactionLoad';
import type { Address } from '../core/model';
import { Settings, settingId } from '../ids';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { sourceFileOf } from './artifactFiles';
import { confineTo } from './confine';
import { ContractIndex, type FileRef, type KnownAbi } from './contractIndex';
import { WorkspaceDecoder, type OwnContracts } from './decode';
import { loadContractDecoding, loadDecoding, type ContractDecoding, type TransactionDecoding } from './transactionDecoding';
import { CONTRACT_LIMITS, WorkspaceIndexer, type FileAccess, type IndexLimits, type IndexReport } from './workspaceIndexer';

/** What may hold contracts; `classifyPath` decides for each file found. */
const INCLUDE =
  '{**/out/*.sol/*.json,**/broadcast/**/run-latest.json,**/artifacts/**/*.json,**/deployed_addresses.json,**/deployments/*/*.json,**/deployments/*/.chainId,**/.openzeppelin/*.json,**/*.abi.json}';
const EXCLUDE = '{**/node_modules/**,**/.git/**,**/build-info/**,**/*.dbg.json}';
/** Changes are read in batches: a build writes hundreds of files at once. */
const SETTLE_MS = 300;

/**
 * The workspace folders' files, through VS Code's file system. File search and the watcher follow
 * symbolic links, so each file is checked before it is read: on disk (`file:`) by its real path against
 * the folders' real paths; elsewhere (remote, virtual) no part of its path below its folder may be a link.
 */
function vscodeFiles(): FileAccess {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const onDisk = confineTo(folders.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
  const links = new Map<string, Promise<boolean>>();
  const isLink = (uri: vscode.Uri) => {
    const key = uri.toString();
    let known = links.get(key);
    if (!known) {
      known = Promise.resolve(vscode.workspace.fs.stat(uri)).then(
        (s) => (s.type & vscode.FileType.SymbolicLink) !== 0,
        () => true,
      );
      links.set(key, known);
    }
    return known;
  };
  return {
    async list(limit) {
      const uris = await vscode.workspace.findFiles(INCLUDE, EXCLUDE, limit);
      return uris.flatMap((uri) => {
        const ref = refOf(uri);
        return ref ? [ref] : [];
      });
    },
    async size(uri) {
      const stat = await vscode.workspace.fs.stat(vscode.Uri.parse(uri));
      return stat.type & vscode.FileType.File ? stat.size : undefined;
    },
    read: (uri) => Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.parse(uri))),
    async inside(text) {
      const uri = vscode.Uri.parse(text);
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) return false;
      if (uri.scheme === 'file' && folder.uri.scheme === 'file') return onDisk.inside(uri.fsPath);
      const parts = uri.path.slice(folder.uri.path.length).split('/').filter(Boolean);
      for (let i = 1; i <= parts.length; i++) if (await isLink(vscode.Uri.joinPath(folder.uri, ...parts.slice(0, i)))) return false;
      return true;
    },
  };
}

function refOf(uri: vscode.Uri): FileRef | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const path = uri.path.slice(folder.uri.path.length).replace(/^\/+/, '');
  return { uri: uri.toString(), folder: folder.name, path };
}

export class WorkspaceContracts implements vscode.Disposable {
  private indexer?: WorkspaceIndexer;
  private ready?: Promise<ContractIndex>;
  private watcher?: vscode.Disposable;
  private readonly pending = new Map<string, vscode.Uri | 'deleted'>();
  private timer?: ReturnType<typeof setTimeout>;
  private readonly subscriptions: vscode.Disposable[];
  private readonly chainIds: PerConnection<{ id?: Promise<number | undefined> }>;

  constructor(private readonly services: Services) {
    this.chainIds = new PerConnection(services.connection, () => ({}));
    this.subscriptions = [
      this.chainIds,
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(settingId(Settings.contractsEnabled)) && this.reset()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.reset()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.reset()),
    ];
  }

  /** Whether the workspace's contracts may be read now: the setting is on, the workspace trusted and not empty. */
  get enabled(): boolean {
    return settings.contractsEnabled() && vscode.workspace.isTrusted && (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  }

  /** The index, read on the first call (and kept current after); undefined when reading is not allowed. */
  async index(): Promise<ContractIndex | undefined> {
    if (!this.enabled) return undefined;
    this.ready ??= this.build();
    return this.ready;
  }

  /**
   * What the workspace's own deployments say on the connected chain: their names, and the methods of their
   * own ABIs (hovers, the block and address pages, Look Up by name). Unlike `decoder`, it does not wait
   * for every selector of every ABI to be hashed, which only guesses need: in a workspace of 1,600
   * ABIs that was ~0.9 s (bench/contracts.bench.ts) the first hover or block page waited after indexing.
   */
  ownContracts(clients: ProviderClients, signal?: AbortSignal): Promise<OwnContracts | undefined> {
    return this.decoderOn(clients, false, signal);
  }

  /** The decoder for the connected chain, guesses included (no proxy reads). */
  decoder(clients: ProviderClients, signal?: AbortSignal): Promise<WorkspaceDecoder | undefined> {
    return this.decoderOn(clients, true, signal);
  }

  private async decoderOn(clients: ProviderClients, guesses: boolean, signal?: AbortSignal): Promise<WorkspaceDecoder | undefined> {
    const index = await this.index();
    if (!index) return undefined;
    // Guesses look up every selector: the table is built in slices first, never at once on the thread.
    const [chainId] = await Promise.all([this.chainId(clients, signal), guesses ? index.prepareKeys(signal) : undefined]);
    return new WorkspaceDecoder(index, chainId ?? -1);
  }

  /** What the transaction page decodes with; undefined when reading the workspace is not allowed. */
  async decoding(clients: ProviderClients, bundle: TransactionBundle, signal?: AbortSignal): Promise<TransactionDecoding | undefined> {
    const index = await this.index();
    if (!index) return undefined;
    const chainId = (await this.chainId(clients, signal)) ?? -1;
    return loadDecoding(clients.evm, index, chainId, bundle, signal);
  }

  /**
   * What Read & Simulate decodes `address`'s calls with: its ABIs (or those of `abiUri`, an artifact of
   * the index the user chose), the proxy's implementation; undefined when reading the workspace is not allowed.
   */
  async contractDecoding(clients: ProviderClients, address: Address, abiUri: string | undefined, signal?: AbortSignal): Promise<ContractDecoding | undefined> {
    const index = await this.index();
    if (!index) return undefined;
    const chainId = (await this.chainId(clients, signal)) ?? -1;
    const chosen = abiUri !== undefined ? index.abiAt(abiUri) : undefined;
    return loadContractDecoding(clients.evm, index, chainId, address, chosen, signal);
  }

  /** The ABI of an indexed artifact file (the explorer's context menu), and the addresses the workspace deployed it at on this chain. */
  async artifact(clients: ProviderClients, uri: string, signal?: AbortSignal): Promise<{ abi: KnownAbi; deployed: Address[] } | undefined> {
    const index = await this.index();
    const abi = index?.abiAt(uri);
    if (!index || !abi) return undefined;
    const chainId = (await this.chainId(clients, signal)) ?? -1;
    return {
      abi,
      deployed: index
        .deploymentsNamed(abi.name, chainId, 20)
        .filter((c) => c.name === abi.name)
        .map((c) => c.address),
    };
  }

  /** Opens an indexed file: the contract's source when the compiler named one and it exists, else the file itself. */
  async open(uri: unknown): Promise<boolean> {
    const index = typeof uri === 'string' ? await this.index() : undefined;
    if (!index || typeof uri !== 'string' || !index.has(uri)) return false;
    const abi = index.abiAt(uri);
    const source = await this.sourceOf(vscode.Uri.parse(uri), abi);
    const document = await vscode.workspace.openTextDocument(source ?? vscode.Uri.parse(uri));
    const editor = await vscode.window.showTextDocument(document, { preview: true });
    const line = abi ? declarationLine(document.getText(), abi.name) : -1;
    if (line >= 0) {
      const at = new vscode.Position(line, 0);
      editor.selection = new vscode.Selection(at, at);
      editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    return true;
  }

  dispose(): void {
    this.stopWatching();
    for (const s of this.subscriptions) s.dispose();
  }

  private async chainId(clients: ProviderClients, signal?: AbortSignal): Promise<number | undefined> {
    const cache = this.chainIds.for(clients);
    cache.id ??= clients.evm.getChainId(signal).catch((e: unknown) => {
      cache.id = undefined; // asked again next time
      if (isCancellation(e)) throw e;
      this.services.log.warn(`Workspace contracts: the node did not say which chain it serves (eth_chainId), so no address is named: ${describeError(e)}`);
      return undefined;
    });
    return cache.id;
  }

  private async sourceOf(artifact: vscode.Uri, abi: KnownAbi | undefined): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(artifact);
    const path = abi && sourceFileOf(abi.file.path, abi.source);
    if (!folder || !path) return undefined;
    const uri = vscode.Uri.joinPath(folder.uri, ...path.split('/'));
    try {
      await vscode.workspace.fs.stat(uri);
      return uri;
    } catch {
      return undefined;
    }
  }

  private async build(): Promise<ContractIndex> {
    const index = new ContractIndex();
    const indexer = new WorkspaceIndexer(vscodeFiles(), index);
    this.indexer = indexer;
    this.watch();
    const started = performance.now();
    const report = await indexer.indexAll();
    this.services.log.info(`Workspace contracts: ${describe(report)} in ${(performance.now() - started).toFixed(0)} ms.`);
    // The selectors for guesses, hashed in the background (a page that needs them first waits for them).
    void index.prepareKeys();
    return index;
  }

  private watch(): void {
    const watcher = vscode.workspace.createFileSystemWatcher(INCLUDE);
    const changed = (uri: vscode.Uri) => this.queue(uri.toString(), uri);
    // A deleted folder (`forge clean`) comes as one event for the folder: the glob does not match it.
    const folderWatcher = vscode.workspace.createFileSystemWatcher(
      '**/{out,out/*.sol,broadcast,artifacts,deployments,ignition,.openzeppelin}',
      true,
      true,
      false,
    );
    this.watcher = vscode.Disposable.from(
      watcher,
      folderWatcher,
      watcher.onDidCreate(changed),
      watcher.onDidChange(changed),
      watcher.onDidDelete((uri) => this.queue(uri.toString(), 'deleted')),
      folderWatcher.onDidDelete((uri) => this.queue(uri.toString(), 'deleted')),
    );
  }

  private queue(key: string, what: vscode.Uri | 'deleted'): void {
    this.pending.set(key, what);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), SETTLE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const indexer = this.indexer;
    await this.ready;
    if (!indexer || indexer !== this.indexer) return;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [key, what] of batch) {
      if (what === 'deleted') indexer.remove(key);
      else {
        const ref = refOf(what);
        const outcome = ref && (await indexer.update(ref));
        if (outcome === 'overEntries') {
          this.services.log.info(
            `Workspace contracts: ${ref!.path} left out, past the bound of ${CONTRACT_LIMITS.maxEntries.toLocaleString('en-US')} ABI entries.`,
          );
        } else if (outcome === 'outside') {
          this.services.log.info(`Workspace contracts: ${ref!.path} not read: its real path lies outside the workspace's folders.`);
        }
      }
    }
  }

  private reset(): void {
    this.stopWatching();
    this.ready = undefined;
    this.indexer = undefined;
  }

  private stopWatching(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.watcher?.dispose();
    this.watcher = undefined;
  }
}

export function describe(r: IndexReport, limits: IndexLimits = CONTRACT_LIMITS): string {
  const s = r.skipped;
  const left = s.tooLarge + s.overTotal + s.overCount + s.overEntries + s.broken;
  const why = left
    ? ` (${left} left out: ${s.tooLarge} too large, ${s.overTotal} past the total, ${s.overCount} past the file count, ` +
      `${s.overEntries} past the bound of ${limits.maxEntries.toLocaleString('en-US')} ABI entries, ${s.broken} unreadable)`
    : '';
  const outside = s.outside ? `; ${s.outside} found through a symbolic link out of the workspace's folders, not read` : '';
  return `${r.indexed} of ${r.files} files read, ${r.entries.toLocaleString('en-US')} ABI entries, ${(r.bytes / 1024 / 1024).toFixed(1)} MB${why}${outside}`;
}

/** The line that declares `contract Name` (or a library or interface), or -1. */
export function declarationLine(text: string, name: string): number {
  const re = new RegExp(`^\\s*(?:abstract\\s+)?(?:contract|library|interface)\\s+${name.replace(/\$/g, '\\$')}\\b`);
  return text.split('\n').findIndex((l) => re.test(l));
}

let contracts: WorkspaceContracts | undefined;

/** The one `WorkspaceContracts`, made on first use and disposed with the extension. */
export function workspaceContracts(services: Services): WorkspaceContracts {
  if (!contracts) {
    const made = new WorkspaceContracts(services);
    contracts = made;
    services.context.subscriptions.push(made, { dispose: () => contracts === made && (contracts = undefined) });
  }
  return contracts;
}
