import * as vscode from 'vscode';
import { describeError, isCancellation } from '../core/errors';
import { NETWORKS } from '../core/networks';
import type { ProviderClients } from '../core/provider';
import { WebviewTypes } from '../ids';
import { explorerHost } from '../platform/networkWords';
import { notify } from '../platform/notify';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { vscodeTranslate } from '../platform/translate';
import { OpenPanels, PanelHost, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { revealInvisibles } from '../view/escape';
import { toCsv } from '../view/csv';
import type { CommonProblemKind } from '../view/panelMessages';
import { WalletHistory } from './historySource';
import { sectionTable, toHistoryView, totalsTable } from './historyViewModel';
import { panelLabels } from './labels';
import { isWalletHistoryWebviewMessage, rangeStart, type RangeId, type SectionId, type WalletHistoryProtocol } from './protocol';

export interface HistoryTarget {
  wallet: string;
  range: RangeId;
}

/** What the page ended up showing: for the command that opened it, and tests. */
export interface HistoryResult {
  wallet: string;
  shown: 'history' | 'loading' | CommonProblemKind;
  /** Rows loaded per section. */
  rows?: Record<SectionId, number>;
  /** Where the rows came from, as the page says it. */
  source?: string;
}

const short = (wallet: string): string => `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;

const page: PanelPage<WalletHistoryProtocol, HistoryTarget> = {
  name: 'walletHistory',
  viewType: WebviewTypes.walletHistory,
  title: (target) => vscode.l10n.t('History of {0}', short(target.wallet)),
  loadingText: (target) => vscode.l10n.t('Loading the history of {0}…', short(target.wallet)),
  same: (a, b) => a.wallet === b.wallet,
  isMessage: isWalletHistoryWebviewMessage,
  labels: panelLabels,
};

/** A wallet's HyperCore history in a panel: one per wallet, its range chosen on the page. */
export class WalletHistoryPanel extends PanelHost<WalletHistoryProtocol, HistoryTarget, HistoryResult> {
  private static readonly panels = new OpenPanels(page, (services, panel, target: HistoryTarget) => new WalletHistoryPanel(services, panel, target));
  private history?: WalletHistory;
  private source = '';

  static createOrShow(services: Services, target: HistoryTarget): Promise<HistoryResult> {
    return WalletHistoryPanel.panels.show(services, target);
  }

  static revive(services: Services, panel: vscode.WebviewPanel, target: HistoryTarget | undefined): void {
    WalletHistoryPanel.panels.revive(services, panel, target);
  }

  static disposeAll(): void {
    WalletHistoryPanel.panels.disposeAll();
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, target: HistoryTarget) {
    super(services, panel, page, target, { kind: 'loading', wallet: target.wallet });
  }

  protected result(): HistoryResult {
    const v = this.view;
    if (v.kind !== 'history') return { wallet: this.target.wallet, shown: v.kind === 'problem' ? v.problem : 'loading' };
    const rows = Object.fromEntries(v.sections.map((s) => [s.id, s.rows.length])) as Record<SectionId, number>;
    return { wallet: this.target.wallet, shown: 'history', rows, source: v.source };
  }

  protected startLoading(): void {
    this.history = undefined;
    this.post({ kind: 'loading', wallet: this.target.wallet });
  }

  protected async fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void> {
    const now = Date.now();
    const history = new WalletHistory(clients.info, this.target.wallet, rangeStart(this.target.range, now), now);
    await this.fetch(vscode.l10n.t('Loading the history of {0}…', short(this.target.wallet)), run, () => history.loadFirst(run.abort.signal));
    this.history = history;
    this.source = this.sourceText();
    this.show();
  }

  /** Where the history came from: the provider, or Hyperliquid's public API where the provider refuses it. */
  private sourceText(): string {
    const connection = this.services.connection;
    if (connection.isDemo) return vscode.l10n.t('the demo node');
    const provider = connection.preset(this.network).name;
    if (connection.abilities(this.network).get('history').state !== 'notServed') return provider;
    const host = explorerHost(settings.of(this.network).publicInfoUrl() || NETWORKS[this.network].publicInfoUrl);
    return vscode.l10n.t('Hyperliquid’s public API ({0}), as you allowed: {1} does not serve it', host, provider);
  }

  private show(busy?: SectionId): void {
    const history = this.history;
    if (!history) return;
    const describe = (e: unknown) => revealInvisibles(describeError(e, vscodeTranslate));
    this.post(toHistoryView({ history, range: this.target.range, source: this.source, busy, describe }, vscode.l10n.t));
  }

  protected failureWords(): { log: string; cancelled: string } {
    return { log: `History of ${this.target.wallet}`, cancelled: vscode.l10n.t('Loading the history of {0} was cancelled.', short(this.target.wallet)) };
  }

  protected problem(problem: CommonProblemKind, message: string): void {
    this.post({ kind: 'problem', problem, message, wallet: this.target.wallet });
  }

  protected async onMessage(m: WalletHistoryProtocol['webview']): Promise<void> {
    switch (m.type) {
      case 'range':
        this.target = { ...this.target, range: m.range };
        await this.load(false);
        return;
      case 'more':
        return this.more(m.section);
      case 'export':
        await this.exportCsv(m.section);
        return;
    }
  }

  /** The next answer of one section; the rest of the page stays as it is meanwhile. */
  async more(section: SectionId): Promise<void> {
    const history = this.history;
    if (!history || !history.hasMore(section)) return;
    this.show(section);
    try {
      await history.more(section, this.run?.abort.signal);
    } catch (e) {
      if (!isCancellation(e)) throw e;
    }
    if (this.history === history) this.show();
  }

  /** The CSV of what a section (or the totals) shows, as the page shows it. */
  csvOf(section: SectionId | 'totals'): string | undefined {
    const history = this.history;
    if (!history) return undefined;
    const table = section === 'totals' ? totalsTable(history, vscode.l10n.t) : sectionTable(history, section, vscode.l10n.t);
    return toCsv(table.columns, table.rows);
  }

  /** Saves `section`'s rows as CSV where the user chooses (VS Code's save dialog); returns where, if saved. */
  async exportCsv(section: SectionId | 'totals', to?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const csv = this.csvOf(section);
    if (csv === undefined) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `hyperliquid-${this.target.wallet.slice(0, 10)}-${section}.csv`;
    const uri =
      to ??
      (await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
        filters: { CSV: ['csv'] },
        title: vscode.l10n.t('Export CSV'),
      }));
    if (!uri) return undefined;
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(csv));
    } catch (e) {
      void notify('error', vscode.l10n.t('The CSV could not be saved: {0}', revealInvisibles(describeError(e, vscodeTranslate))));
      return undefined;
    }
    vscode.window.setStatusBarMessage(vscode.l10n.t('Saved {0}.', uri.fsPath || uri.path), 3000);
    return uri;
  }

  /** No single answer to show raw: the page is made of many. */
  protected async showRawJson(): Promise<void> {}
}
