import * as vscode from 'vscode';
import type { Hash } from '../core/model';
import type { ProviderClients } from '../core/provider';
import { blockTimestamp, loadTransaction, type TransactionBundle } from '../core/transactionLoad';
import { blockSourceFor } from '../blocks/api';
import { Commands, WebviewTypes } from '../ids';
import { rawJsonDocuments } from '../platform/rawJson';
import type { Services } from '../platform/services';
import { copyToClipboard, OpenPanels, PanelHost, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { shortHash } from '../view/format';
import type { CommonProblemKind } from '../view/panelMessages';
import { transactionLabels } from './labels';
import { isTransactionWebviewMessage, type TransactionProtocol, type TransactionView } from './protocol';
import { toTransactionView } from './transactionViewModel';
import { notify } from '../platform/notify';
import { runCommand } from '../platform/commands';

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
    const bundle = known ?? (await this.fetch(title, run, () => loadTransaction(clients.evm, this.hash, run.abort.signal)));
    if (!bundle) {
      this.shown = undefined;
      this.problem('notFound', vscode.l10n.t('There is no transaction {0} on this chain (as far as this node knows).', this.hash));
      return;
    }
    // Drawn at once; the block's time (its number came with the transaction) follows, unless the block
    // page's cache has the block already.
    const blocks = blockSourceFor(this.services.connection, clients);
    const time = bundle.tx.blockNumber === null ? undefined : blocks.peekBlock(Number(bundle.tx.blockNumber))?.block.timestamp;
    this.showBundle(time === undefined ? bundle : { ...bundle, blockTimestamp: time });
    if (time !== undefined || bundle.tx.blockNumber === null) return;
    const later = await blockTimestamp(bundle.tx, (n, signal) => blocks.block(n, signal), run.abort.signal).catch(() => undefined);
    if (later !== undefined && !this.isStale(run) && this.shown === bundle) this.showBundle({ ...bundle, blockTimestamp: later });
  }

  private showBundle(bundle: TransactionBundle): void {
    this.shown = bundle;
    this.post({ kind: 'transaction', tx: toTransactionView(bundle, Date.now() / 1000, vscode.l10n.t), retrying: false });
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
    }
  }

  /** The node's answers, untouched: the transaction and, when it came, its receipt. */
  protected async showRawJson(): Promise<void> {
    const b = this.shown;
    if (!b) return;
    const raw = { transaction: b.tx.raw, receipt: b.receipt.ok ? (b.receipt.value?.raw ?? null) : null };
    await rawJsonDocuments.show(`transaction-${this.hash}`, raw, vscode.l10n.t('transaction {0}', shortHash(this.hash)));
  }
}

function titleFor(hash: string): string {
  return vscode.l10n.t('Transaction {0}', shortHash(hash));
}
