import * as vscode from 'vscode';
import type { Hash } from '../core/model';
import type { ProviderClients } from '../core/provider';
import { blockTimestamp, loadTransaction, type TransactionBundle } from '../core/transactionLoad';
import { blockSourceFor } from '../blocks/api';
import { Commands, WebviewTypes } from '../ids';
import { showRawJson } from '../platform/rawJsonShow';
import { settings } from '../platform/settings';
import type { Services } from '../platform/services';
import { copyToClipboard, OpenPanels, PanelHost, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { shortHash } from '../view/format';
import type { CommonProblemKind } from '../view/panelMessages';
import { transactionLabels } from './labels';
import { isTransactionWebviewMessage, type TransactionProtocol, type TransactionView } from './protocol';
import { toTransactionView, type PageExtras } from './transactionViewModel';
import { hyperCoreSection, type HyperCoreView } from '../hyperCore/api';
import { notify } from '../platform/notify';
import { runCommand } from '../platform/commands';
import { describeError, isCancellation } from '../core/errors';
import { workspaceContracts, type TransactionDecoding } from '../contracts/api';
import { loadCallFrames } from './callFrames';
import { touchedAddresses } from './workspaceViewModel';

/** What Open Transaction ended with; the command returns it, so tests (and links) can tell. */
export interface TransactionResult {
  hash: string;
  shown: 'transaction' | 'loading' | CommonProblemKind;
  /** For a transaction shown: its status, and whether its trace was served. */
  status?: TransactionView['status'];
  trace?: TransactionView['trace']['state'];
}

/** The transaction page as the shared host knows it. */
const page: PanelPage<TransactionProtocol, Hash> = {
  name: 'transactions',
  viewType: WebviewTypes.transaction,
  title: titleFor,
  loadingText: (hash) => vscode.l10n.t('Loading transaction {0}…', hash),
  same: (a, b) => a === b,
  isMessage: isTransactionWebviewMessage,
  labels: transactionLabels,
};

/**
 * One transaction in a webview panel: its status (with the revert reason), block, addresses, value, fee,
 * gas, input, logs and internal transfers. A part that fails (receipt, revert reason, trace) says so on
 * its own; the rest stays. Each load cancels the one before, and closing the panel cancels it.
 */
export class TransactionPanel extends PanelHost<TransactionProtocol, Hash, TransactionResult> {
  private static readonly panels = new OpenPanels(page, (services, panel, hash: Hash) => new TransactionPanel(services, panel, hash));

  /** Transactions the caller has just fetched (Look Up), taken by the first load of the panel opened for them. */
  private static readonly known = new Map<Hash, TransactionBundle>();

  /** What is on show, for Copy (the whole calldata) and Show Raw JSON. */
  private shown?: TransactionBundle;
  /** The workspace files behind the names on show, for Open (the webview names only the address). */
  private names = new Map<string, string>();

  /**
   * Shows `hash`: reveals the panel that already shows it, or opens a new one and loads it. `known` is what
   * the caller has fetched already (Look Up): the first load does not ask for it again.
   */
  static async createOrShow(services: Services, hash: Hash, known?: TransactionBundle): Promise<TransactionResult> {
    if (known) TransactionPanel.known.set(hash, known);
    try {
      return await TransactionPanel.panels.show(services, hash);
    } finally {
      TransactionPanel.known.delete(hash);
    }
  }

  /** After a window reload: the webview kept only the hash (see `TransactionProtocol['state']`). */
  static revive(services: Services, panel: vscode.WebviewPanel, hash: Hash | undefined): void {
    TransactionPanel.panels.revive(services, panel, hash);
  }

  /** Closes every panel (on deactivation). */
  static disposeAll(): void {
    TransactionPanel.panels.disposeAll();
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, hash: Hash) {
    super(services, panel, page, hash, { kind: 'loading', hash });
  }

  private get hash(): Hash {
    return this.target;
  }

  protected result(): TransactionResult {
    const v = this.view;
    if (v.kind === 'transaction') return { hash: this.hash, shown: 'transaction', status: v.tx.status, trace: v.tx.trace.state };
    return { hash: this.hash, shown: v.kind === 'problem' ? v.problem : 'loading' };
  }

  /** A retry keeps the transaction on show, marked as loading again. */
  protected startLoading(retry: boolean): void {
    if (retry && this.view.kind === 'transaction') this.post({ ...this.view, retrying: true });
    else this.post({ kind: 'loading', hash: this.hash });
  }

  protected async fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void> {
    const title = vscode.l10n.t('Looking up transaction {0}…', shortHash(this.hash));
    const known = TransactionPanel.known.get(this.hash);
    TransactionPanel.known.delete(this.hash); // once: a retry asks again
    const signal = run.abort.signal;
    // The workspace's chain id is asked beside the transaction, not after it (cached per connection).
    const decoder = this.decodingReady(clients, signal);
    const bundle = known ?? (await this.fetch(title, run, () => loadTransaction(clients.evm, this.hash, signal, clients)));
    if (!bundle) {
      this.shown = undefined;
      this.problem('notFound', vscode.l10n.t('There is no transaction {0} on this chain (as far as this node knows).', this.hash));
      return;
    }
    // Drawn at once, with the block's time when the block page has the block. What may need more requests
    // follows in one more drawing: the block's time, the workspace's decoding (proxies' implementation
    // slots), the node's call frames of a failed transaction, HyperCore's names.
    const blocks = blockSourceFor(this.services.connection, clients);
    const kept = bundle.tx.blockNumber === null ? undefined : blocks.peekBlock(Number(bundle.tx.blockNumber))?.block.timestamp;
    const first = kept === undefined ? bundle : { ...bundle, blockTimestamp: kept };
    this.show(first, { hyperCore: settings.transactionsDecodeHyperCore() }, null);
    try {
      const [decoding, frames, hyperCore, time] = await Promise.all([
        decoder.then(() => this.decodingOf(clients, bundle, signal)),
        loadCallFrames(clients.evm, bundle, signal),
        hyperCoreSection(this.services, clients, bundle, signal),
        kept ?? blockTimestamp(bundle.tx, (n, s) => blocks.block(n, s), signal),
      ]);
      if (this.isStale(run) || this.shown !== first) return;
      if (!decoding && !frames && !hyperCore && time === kept) return;
      const extras = { ...(decoding ? { decoding } : {}), ...(frames ? { frames } : {}), hyperCore: settings.transactionsDecodeHyperCore() };
      this.show(time === undefined ? first : { ...first, blockTimestamp: time }, extras, hyperCore);
    } catch (e) {
      // The page is drawn; what could not follow stays out (a newer load, or the panel closed, ends it here).
      if (!isCancellation(e) && !this.isStale(run)) this.services.log.warn(`Transaction ${shortHash(this.hash)}: ${describeError(e)}`);
    }
  }

  private show(bundle: TransactionBundle, extras: PageExtras, hyperCore: HyperCoreView | null): void {
    this.shown = bundle;
    this.names = new Map(extras.decoding ? [...namesOf(bundle, extras.decoding)] : []);
    const view = toTransactionView(bundle, Date.now() / 1000, vscode.l10n.t, extras);
    this.post({ kind: 'transaction', tx: { ...view, hyperCore }, retrying: false });
  }

  /** The workspace's index and chain id, asked beside the transaction; never fails (the decoding says what went wrong). */
  private decodingReady(clients: ProviderClients, signal: AbortSignal): Promise<unknown> {
    return workspaceContracts(this.services)
      .decoder(clients, signal)
      .catch(() => undefined);
  }

  /** The workspace's decoding; undefined when it is off, or failed (the page shows what the node said). */
  private async decodingOf(clients: ProviderClients, bundle: TransactionBundle, signal: AbortSignal): Promise<TransactionDecoding | undefined> {
    try {
      return await workspaceContracts(this.services).decoding(clients, bundle, signal);
    } catch (e) {
      if (isCancellation(e) || signal.aborted) throw e;
      this.services.log.warn(`Transaction ${shortHash(this.hash)}: the workspace’s contracts could not decode it: ${describeError(e)}`);
      return undefined;
    }
  }

  protected failureWords(): { log: string; cancelled: string } {
    return { log: `Transaction ${shortHash(this.hash)}`, cancelled: vscode.l10n.t('The lookup of transaction {0} was cancelled.', this.hash) };
  }

  /** A retry that fails keeps the page it had; the notification says why. */
  protected override failed(problem: CommonProblemKind, message: string): void {
    if (this.view.kind !== 'transaction') return this.problem(problem, message);
    this.post({ ...this.view, retrying: false });
    if (problem !== 'cancelled') void notify('warning', vscode.l10n.t('The transaction could not be loaded again: {0}', message));
  }

  protected problem(problem: CommonProblemKind, message: string): void {
    this.post({ kind: 'problem', problem, hash: this.hash, message });
  }

  protected async onMessage(m: TransactionProtocol['webview']): Promise<void> {
    switch (m.type) {
      case 'openBlock':
        await runCommand(Commands.lookUpBlock, m.number);
        return;
      case 'copyInput':
        if (this.shown) await copyToClipboard(this.shown.tx.input);
        return;
      case 'openContract': {
        const uri = this.names.get(m.address.toLowerCase());
        if (uri) await runCommand(Commands.openContractFile, uri);
        return;
      }
    }
  }

  /** The node's answers, untouched: the transaction and, when it came, its receipt. */
  protected async showRawJson(): Promise<void> {
    const b = this.shown;
    if (!b) return;
    const raw = { transaction: b.tx.raw, receipt: b.receipt.ok ? (b.receipt.value?.raw ?? null) : null };
    await showRawJson(`transaction-${this.hash}`, raw, vscode.l10n.t('transaction {0}', shortHash(this.hash)));
  }
}

/** Each named address → the file a link opens: the contract's artifact, else its deployment record. */
function* namesOf(bundle: TransactionBundle, decoding: TransactionDecoding): Iterable<[string, string]> {
  for (const address of touchedAddresses(bundle)) {
    const c = decoding.decoder.contractAt(address);
    if (c) yield [address, c.abi?.file.uri ?? c.deployment.uri];
  }
}

function titleFor(hash: string): string {
  return vscode.l10n.t('Transaction {0}', shortHash(hash));
}
