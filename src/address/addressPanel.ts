import * as vscode from 'vscode';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import type { HistoryTransaction } from '../core/history';
import type { Address, Hash, PerpAccount, SpotState } from '../core/model';
import type { ProviderClients } from '../core/provider';
import { addressInWord, EIP1967_IMPLEMENTATION_SLOT, nameLookup, workspaceContracts } from '../contracts/api';
import { Commands, WebviewTypes } from '../ids';
import { runCommand } from '../platform/commands';
import type { Services } from '../platform/services';
import { vscodeTranslate } from '../platform/translate';
import { OpenPanels, PanelHost, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { showRawJson } from '../platform/rawJsonShow';
import { toCsv } from '../view/csv';
import { revealInvisibles } from '../view/escape';
import { shortAddress } from '../view/format';
import { AddressHistory, nodeSource, type PageResult } from './addressHistory';
import {
  CSV_HEADER,
  csvRecord,
  toAddressView,
  toHistoryRow,
  toHyperCoreView,
  toInternalTransferRow,
  toTokenTransferRow,
  appendTransfers,
  type MethodNamer,
} from './addressViewModel';
import type { ExplorerHistoryClient } from '../core/explorerHistory';
import { explorerSourceFor } from './explorerSourceHost';
import { addressLabels } from './labels';
import {
  isAddressWebviewMessage,
  type AddressProtocol,
  type AddressView,
  type HistoryRow,
  type HistoryStatus,
  type HyperCoreView,
  type TransfersState,
} from './protocol';

/** What the page ended with, for the command that opened it and tests. */
export interface AddressResult {
  address: string;
  shown: 'address' | 'loading' | string;
  /** Transactions loaded so far, and from where. */
  rows: number;
  source: HistoryStatus['source'];
}

const page: PanelPage<AddressProtocol, Address> = {
  name: 'address',
  viewType: WebviewTypes.address,
  title: (a) => vscode.l10n.t('Address {0}', shortAddress(a)),
  loadingText: (a) => vscode.l10n.t('Loading address {0}…', a),
  same: (a, b) => a.toLowerCase() === b.toLowerCase(),
  isMessage: isAddressWebviewMessage,
  labels: addressLabels,
};

/**
 * An address's page: what it is (balance, nonce, code, the workspace's name) and its transactions, newest
 * first, page after page from the node's Otterscan search or else the explorer chosen in the settings.
 */
export class AddressPanel extends PanelHost<AddressProtocol, Address, AddressResult> {
  private static readonly panels = new OpenPanels(page, (services, panel, address: Address) => new AddressPanel(services, panel, address));

  private history?: AddressHistory;
  private rows: HistoryRow[] = [];
  private status: HistoryStatus = { source: null, host: null, complete: false, loading: false, note: null, allowHost: null };
  private shownAddress?: AddressView;
  private methods?: MethodNamer;
  private clients?: ProviderClients;
  private raw: HistoryTransaction[] = [];
  private hyperCore: HyperCoreView = { kind: 'loading' };
  /** The explorer the history uses (token and internal transfers come from it too), once it is in use. */
  private explorer?: ExplorerHistoryClient;
  private transfers: TransfersState = { tokens: [], internal: [], loading: false, complete: false, note: null };
  private transfersPage = 0;

  static createOrShow(services: Services, address: Address): Promise<AddressResult> {
    return AddressPanel.panels.show(services, address.toLowerCase() as Address);
  }

  static revive(services: Services, panel: vscode.WebviewPanel, address: Address | undefined): void {
    AddressPanel.panels.revive(services, panel, address);
  }

  static disposeAll(): void {
    AddressPanel.panels.disposeAll();
  }

  /** The panel showing `address`, if one is open (tests: its rows). */
  static showing(address: string): AddressPanel | undefined {
    return AddressPanel.panels.showing(address.toLowerCase() as Address) as AddressPanel | undefined;
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, address: Address) {
    super(services, panel, page, address, { kind: 'loading', addressText: address });
  }

  protected result(): AddressResult {
    const v = this.view;
    return { address: this.target, shown: v.kind === 'problem' ? v.problem : v.kind, rows: this.rows.length, source: this.status.source };
  }

  protected startLoading(): void {
    this.post({ kind: 'loading', addressText: this.target });
  }

  protected async fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void> {
    const address = this.target;
    const signal = run.abort.signal;
    // The history's first page is asked with the summary, not after it: the first rows wait one round trip.
    const history = new AddressHistory(nodeSource(clients.evm, address));
    const firstPage = history.older(signal);
    firstPage.catch(() => undefined); // read by loadOlder below; a failure is handled there
    // A proxy's implementation slot, read with the rest (one wave); an account's or a refused read shows nothing.
    const slot = clients.evm.getStorageAt(address, EIP1967_IMPLEMENTATION_SLOT as Hash, signal).then(addressInWord, () => undefined);
    // HyperCore's view of the same address, asked in the same wave; each answer fails alone, and only costs its section.
    const hyperCore = Promise.allSettled([clients.info.spotClearinghouseState(address, signal), clients.info.clearinghouseState(address, '', signal)]);
    const [summary, nonce, own, implementation] = await this.fetch(vscode.l10n.t('Looking up address {0}…', shortAddress(address)), run, () =>
      Promise.all([
        clients.evm.getAddressSummary(address, signal),
        clients.evm.getNonce(address, signal).catch((e: unknown) => {
          if (isCancellation(e)) throw e;
          return null;
        }),
        workspaceContracts(this.services)
          .ownContracts(clients)
          .catch(() => undefined),
        slot,
      ]),
    );
    const named = own ? nameLookup(own)(address) : undefined;
    this.methods = own ? (to, selector) => own.functionName(to, selector) : undefined;
    this.clients = clients;
    const implName = implementation && own ? nameLookup(own)(implementation) : undefined;
    this.shownAddress = toAddressView(summary, {
      nonce,
      codeBytes: summary.codeBytes ?? null,
      name: named && { name: named.name, file: named.path },
      ...(summary.kind === 'contract' && implementation ? { implementation: { address: implementation, name: implName?.name ?? null } } : {}),
    });
    this.rows = [];
    this.raw = [];
    this.history = history;
    this.status = { source: 'node', host: null, complete: false, loading: true, note: null, allowHost: null };
    this.hyperCore = { kind: 'loading' };
    this.explorer = undefined;
    this.transfers = { tokens: [], internal: [], loading: false, complete: false, note: null };
    this.transfersPage = 0;
    this.post({ kind: 'address', address: this.shownAddress, rows: [], history: this.status, hyperCore: this.hyperCore });
    void this.loadOlder(run, true, firstPage);
    void this.showHyperCore(run, hyperCore);
  }

  /** HyperCore's section, once both of its answers are in (or failed). */
  private async showHyperCore(run: LoadRun, asked: Promise<[PromiseSettledResult<SpotState>, PromiseSettledResult<PerpAccount>]>): Promise<void> {
    const [spot, perp] = await asked;
    if (this.isStale(run)) return;
    if (spot.status === 'rejected' && !isCancellation(spot.reason))
      this.services.log.info(`Address ${this.target}: spot balances: ${describeError(spot.reason)}`);
    this.hyperCore = toHyperCoreView(spot, perp, (e) => revealInvisibles(describeError(e, vscodeTranslate)));
    this.syncView();
    this.send({ type: 'hyperCore', hyperCore: this.hyperCore });
  }

  /** The next page of the history; on the node's refusal of the first page, the explorer instead. */
  private async loadOlder(run: LoadRun | undefined = this.run, ask = true, asked?: Promise<PageResult>): Promise<void> {
    const history = this.history;
    if (!history || !run || (history.complete && !asked)) return;
    this.setStatus({ loading: true });
    try {
      const result = await (asked ?? history.older(run.abort.signal));
      if (this.history !== history || this.isStale(run)) return;
      const made = history.transactions.slice(result.from).map((t) => toHistoryRow(t, this.target, Date.now() / 1000, vscode.l10n.t, this.methods));
      this.rows.splice(result.from, Infinity, ...made);
      this.raw = [...history.transactions];
      const note = result.repeating ? vscode.l10n.t('The history source kept sending transactions already loaded: the list stops here.') : null;
      this.status = { ...this.status, complete: result.complete, loading: false, note };
      this.syncView();
      this.send({ type: 'history', rows: this.rows, history: this.status });
    } catch (e) {
      if (this.history !== history || this.isStale(run)) return;
      if (isCancellation(e)) return this.setStatus({ loading: false });
      if (history.source.kind === 'node' && history.transactions.length === 0 && isNotServed(e)) return this.toExplorer(run, ask);
      this.services.log.warn(`Address ${this.target}: history: ${revealInvisibles(describeError(e))}`);
      this.setStatus({ loading: false, note: revealInvisibles(describeError(e, vscodeTranslate)) });
    }
  }

  private async toExplorer(run: LoadRun, ask: boolean): Promise<void> {
    const choice = await explorerSourceFor(this.services, this.network, this.target, ask);
    if (this.isStale(run)) return;
    if ('note' in choice) {
      this.status = { source: null, host: null, complete: false, loading: false, note: choice.note, allowHost: choice.allowHost ?? null };
      this.syncView();
      this.send({ type: 'history', rows: this.rows, history: this.status });
      return;
    }
    this.history = new AddressHistory(choice.source);
    this.explorer = choice.client;
    this.status = { source: choice.source.kind, host: choice.source.host, complete: false, loading: true, note: null, allowHost: null };
    await this.loadOlder(run, false);
  }

  private setStatus(change: Partial<HistoryStatus>): void {
    this.status = { ...this.status, ...change };
    this.syncView();
    this.send({ type: 'history', rows: [], history: this.status });
  }

  /** Keeps the view the host re-sends to a re-created webview up to date, without posting it. */
  private syncView(): void {
    if (this.view.kind === 'address' && this.shownAddress)
      this.view = { kind: 'address', address: this.shownAddress, rows: this.rows, history: this.status, hyperCore: this.hyperCore, transfers: this.transfers };
  }

  protected failureWords(): { log: string; cancelled: string } {
    return { log: `Address ${this.target}`, cancelled: vscode.l10n.t('The lookup of address {0} was cancelled.', shortAddress(this.target)) };
  }

  protected problem(problem: string, message: string): void {
    this.post({ kind: 'problem', problem, address: this.target, message });
  }

  protected async onMessage(m: AddressProtocol['webview']): Promise<void> {
    switch (m.type) {
      case 'older':
        if (this.status.source === null && this.status.allowHost) return this.allowExplorer();
        if (this.status.note && this.history && !this.history.complete) this.status.note = null;
        return this.loadOlder();
      case 'allowExplorer':
        return this.allowExplorer();
      case 'openTransaction':
        await runCommand(Commands.openTransaction, m.hash);
        return;
      case 'openAddress':
        await runCommand(Commands.openAddress, m.address);
        return;
      case 'exportCsv':
        return this.exportCsv(m.hashes);
      case 'watchWallet':
        await runCommand(Commands.watchWallet, this.target);
        return;
      case 'readAndSimulate':
        await runCommand(Commands.readAndSimulate, this.target);
        return;
      case 'transfers':
        return this.loadTransfers();
    }
  }

  /** The next page of token and internal transfers, both at once, from the explorer the history uses. */
  private async loadTransfers(run: LoadRun | undefined = this.run): Promise<void> {
    const explorer = this.explorer;
    if (!explorer || !run || this.transfers.loading || this.transfers.complete) return;
    const page = this.transfersPage + 1;
    this.transfers = { ...this.transfers, loading: true, note: null };
    this.syncView();
    this.send({ type: 'transfers', transfers: this.transfers });
    const signal = run.abort.signal;
    const [tokens, internal] = await Promise.allSettled([
      explorer.tokenTransfers(this.target, page, TRANSFERS_PAGE, signal),
      explorer.internalTransfers(this.target, page, TRANSFERS_PAGE, signal),
    ]);
    if (this.explorer !== explorer || this.isStale(run)) return;
    const failed = [tokens, internal].find((r) => r.status === 'rejected');
    this.transfersPage = page;
    const tokenPage = appendTransfers(
      this.transfers.tokens,
      tokens.status === 'fulfilled' ? tokens.value.map((t) => toTokenTransferRow(t, this.target)) : [],
      MAX_TRANSFER_ROWS,
    );
    const internalPage = appendTransfers(
      this.transfers.internal,
      internal.status === 'fulfilled' ? internal.value.map((t) => toInternalTransferRow(t, this.target)) : [],
      MAX_TRANSFER_ROWS,
    );
    const ended = (r: PromiseSettledResult<unknown[]>, p: { ended: boolean }) => p.ended || (r.status === 'fulfilled' && r.value.length < TRANSFERS_PAGE);
    this.transfers = {
      tokens: tokenPage.rows,
      internal: internalPage.rows,
      loading: false,
      // A short page on both sides is the end; a failed side may be asked again with More.
      // A page that adds nothing new (a looping explorer) or the cap ends that side too.
      complete: !failed && ended(tokens, tokenPage) && ended(internal, internalPage),
      note: failed ? revealInvisibles(describeError(failed.reason, vscodeTranslate)) : null,
    };
    this.syncView();
    if (failed && !isCancellation(failed.reason))
      this.services.log.warn(`Address ${this.target}: transfers: ${revealInvisibles(describeError(failed.reason))}`);
    this.send({ type: 'transfers', transfers: this.transfers });
  }

  private async allowExplorer(): Promise<void> {
    if (this.run && this.clients) await this.toExplorer(this.run, true);
  }

  /** The rows shown (in the order shown) as a CSV file where the user says. */
  private async exportCsv(hashes: string[]): Promise<void> {
    const byHash = new Map(this.rows.map((r) => [r.hash, r]));
    const rows = hashes.flatMap((h) => byHash.get(h.toLowerCase()) ?? []);
    const uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export the transactions shown as CSV'),
      filters: { CSV: ['csv'] },
      defaultUri: vscode.Uri.file(`${this.target}-transactions.csv`),
    });
    if (!uri) return;
    await vscode.workspace.fs.writeFile(uri, Buffer.from(toCsv(CSV_HEADER, rows.map(csvRecord)), 'utf8'));
    vscode.window.setStatusBarMessage(vscode.l10n.t('{0} transactions exported.', rows.length), 3000);
  }

  protected async showRawJson(): Promise<void> {
    const json = this.raw.map((t) => ({
      ...t,
      blockNumber: t.blockNumber.toString(),
      timestamp: t.timestamp?.toString() ?? null,
      value: t.value.toString(),
      fee: t.fee?.toString() ?? null,
    }));
    await showRawJson(`address-${this.target}`, json, vscode.l10n.t('address {0}', shortAddress(this.target)));
  }
}

/** Transfers asked per page, of each kind. */
const TRANSFERS_PAGE = 100;
/** The most transfers of each kind the page keeps (More stops there). */
const MAX_TRANSFER_ROWS = 10_000;

/** The node does not serve the search (-32601, from the node or from what the route knows). */
function isNotServed(e: unknown): boolean {
  return e instanceof ProviderError && e.kind === 'rpc' && e.rpcCode === -32601;
}
