import * as vscode from 'vscode';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import type { Hash } from '../core/model';
import { loadTransaction, type TransactionBundle } from '../core/transactionLoad';
import { Commands, WebviewTypes } from '../ids';
import { rawJsonDocuments } from '../platform/rawJson';
import type { Services } from '../platform/services';
import { copyToClipboard, PanelHost, panelOptions, withDelayedProgress, type LoadRun } from '../platform/webviewPanel';
import { revealInvisibles } from '../view/escape';
import { shortHash } from '../view/format';
import { problemKindOf, type CommonProblemKind } from '../view/panelMessages';
import { transactionLabels } from './labels';
import { isWebviewMessage, type HostMessage, type PanelView, type TransactionView, type WebviewMessage } from './protocol';
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

/**
 * One transaction in a webview panel: its status (with the revert reason), block, addresses, value, fee,
 * gas, input, logs and internal transfers. A part that fails (receipt, revert reason, trace) says so on
 * its own; the rest stays. Each load cancels the one before, and closing the panel cancels it.
 */
export class TransactionPanel extends PanelHost<PanelView, HostMessage, WebviewMessage, TransactionResult> {
  private static readonly open = new Set<TransactionPanel>();

  /** What is on show, for Copy (the whole calldata) and Show Raw JSON. */
  private shown?: TransactionBundle;

  /** Shows `hash`: reveals the panel that already shows it, or opens a new one and loads it. */
  static createOrShow(services: Services, hash: Hash): Promise<TransactionResult> {
    const existing = [...TransactionPanel.open].find((p) => p.hash === hash);
    if (existing) {
      existing.panel.reveal();
      return existing.loading ?? Promise.resolve(existing.result());
    }
    const panel = vscode.window.createWebviewPanel(WebviewTypes.transaction, titleFor(hash), vscode.ViewColumn.Active, panelOptions(services.context));
    return new TransactionPanel(services, panel, hash).load(false);
  }

  /** After a window reload: the webview kept only the hash (see `PanelState`). */
  static revive(services: Services, panel: vscode.WebviewPanel, hash: Hash | undefined): void {
    if (hash === undefined) {
      panel.dispose(); // nothing says what it showed
      return;
    }
    panel.webview.options = panelOptions(services.context);
    void new TransactionPanel(services, panel, hash).load(false);
  }

  private constructor(
    services: Services,
    panel: vscode.WebviewPanel,
    readonly hash: Hash,
  ) {
    const page = { script: 'transactions.js', styles: ['panel.css', 'transaction.css'], title: titleFor(hash), loadingText: vscode.l10n.t('Loading transaction {0}…', hash) };
    super(services, panel, page, { kind: 'loading', hash }, isWebviewMessage);
    TransactionPanel.open.add(this);
    this.disposables.push(
      // A new key, base URL or demo mode may fix what went wrong: try again on our own.
      services.connection.onDidChange(() => {
        const failed = this.view.kind === 'problem' && this.view.problem !== 'notFound' && this.view.problem !== 'cancelled';
        if (failed || this.loading) void this.load(false);
      }),
    );
  }

  private result(): TransactionResult {
    const v = this.view;
    if (v.kind === 'transaction') return { hash: this.hash, shown: 'transaction', status: v.tx.status, trace: v.tx.trace.state };
    return { hash: this.hash, shown: v.kind === 'problem' ? v.problem : 'loading' };
  }

  /**
   * Loads the transaction, showing loading (or, with `keep`, the page as it is, marked as loading again),
   * then the transaction or what went wrong. Never leaves the panel blank.
   */
  private load(keep: boolean): Promise<TransactionResult> {
    if (keep && this.view.kind === 'transaction') this.post({ ...this.view, retrying: true });
    else this.post({ kind: 'loading', hash: this.hash });
    return this.startLoad((run) => this.runLoad(run));
  }

  private async runLoad(run: LoadRun): Promise<TransactionResult> {
    try {
      const clients = await this.clientsFor(run);
      if (!clients) return this.result();
      const title = vscode.l10n.t('Looking up transaction {0}…', shortHash(this.hash));
      const bundle = await withDelayedProgress(title, run.abort, () => loadTransaction(clients.evm, this.hash, run.abort.signal));
      this.checkRun(run);
      if (!bundle) {
        this.shown = undefined;
        this.problem('notFound', vscode.l10n.t('There is no transaction {0} on this chain (as far as this node knows).', this.hash));
        return this.result();
      }
      this.shown = bundle;
      this.post({ kind: 'transaction', tx: toTransactionView(bundle, Date.now() / 1000, vscode.l10n.t), retrying: false });
    } catch (e) {
      if (this.isStale(run)) return this.loading ?? this.result();
      this.fail(e);
    }
    return this.result();
  }

  private fail(e: unknown): void {
    const message = revealInvisibles(describeError(e));
    // A retry that fails keeps the page it had; the notification says why.
    const kept = this.view.kind === 'transaction' ? this.view : undefined;
    if (isCancellation(e)) {
      if (kept) return this.post({ ...kept, retrying: false });
      return this.problem('cancelled', vscode.l10n.t('The lookup of transaction {0} was cancelled.', this.hash));
    }
    const kind = e instanceof ProviderError ? e.kind : undefined;
    if (kind !== 'badInput' && !this.disposed) this.services.log.warn(`Transaction ${shortHash(this.hash)}: ${message}`);
    if (kept) {
      this.post({ ...kept, retrying: false });
      void notify('warning', vscode.l10n.t('The transaction could not be loaded again: {0}', message));
      return;
    }
    this.problem(problemKindOf(kind), message);
  }

  protected problem(problem: CommonProblemKind, message: string): void {
    this.post({ kind: 'problem', problem, hash: this.hash, message });
  }

  protected showMessage(view: PanelView): HostMessage {
    return { type: 'show', labels: transactionLabels(vscode.l10n), view };
  }

  protected async onMessage(m: Extract<WebviewMessage, { type: 'openBlock' | 'copyInput' }>): Promise<void> {
    switch (m.type) {
      case 'openBlock':
        await runCommand(Commands.lookUpBlock, m.number);
        return;
      case 'copyInput':
        if (this.shown) await copyToClipboard(this.shown.tx.input);
        return;
    }
  }

  protected async onCommon(m: { type: 'retry' | 'cancel' | 'showRawJson' }): Promise<void> {
    switch (m.type) {
      case 'retry':
        await this.load(true);
        return;
      case 'cancel':
        this.run?.abort.abort();
        return;
      case 'showRawJson':
        return this.showRawJson();
    }
  }

  /** The node's answers, untouched: the transaction and, when it came, its receipt. */
  private async showRawJson(): Promise<void> {
    const b = this.shown;
    if (!b) return;
    const raw = { transaction: b.tx.raw, receipt: b.receipt.ok ? (b.receipt.value?.raw ?? null) : null };
    await rawJsonDocuments.show(`transaction-${this.hash}`, raw, vscode.l10n.t('transaction {0}', shortHash(this.hash)));
  }

  protected onDispose(): void {
    TransactionPanel.open.delete(this);
  }

  /** Closes every panel (on deactivation). */
  static disposeAll(): void {
    for (const p of [...TransactionPanel.open]) p.dispose();
  }
}

function titleFor(hash: string): string {
  return vscode.l10n.t('Transaction {0}', shortHash(hash));
}
