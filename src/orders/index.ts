import * as vscode from 'vscode';
import type { Connection } from '../platform/connection';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { nextAutoRefreshSeconds } from './openOrdersSource';
import { isRateLimited, OpenOrdersTree } from './ordersTree';
import { VIEW_ID } from './treeItems';
import { registerWalletCommands } from './walletCommands';

/** The Open Orders view: its tree, its commands and the optional automatic refresh. */
export function registerOpenOrders(services: Services): void {
  const { context, connection } = services;
  const tree = new OpenOrdersTree(services);
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const showDemoNotice = () => {
    view.message = connection.isDemo ? vscode.l10n.t('Demo data: made-up orders from the built-in demo node.') : undefined;
  };
  showDemoNotice();
  const auto = new AutoRefresh(view, tree, connection);
  context.subscriptions.push(
    tree,
    view,
    auto,
    connection.onDidChange(() => {
      showDemoNotice();
      auto.reschedule();
    }),
  );
  registerWalletCommands(services, tree);
}

/**
 * Refreshes every wallet each `autoRefreshSeconds` while the view is visible and connected; off at 0.
 * A 429 stretches the wait (Retry-After, or doubling) instead of retrying at the same pace.
 */
class AutoRefresh implements vscode.Disposable {
  private timer?: ReturnType<typeof setTimeout>;
  private waitSeconds = 0;
  private lastRun = 0;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly view: vscode.TreeView<unknown>,
    private readonly tree: OpenOrdersTree,
    private readonly connection: Connection,
  ) {
    this.disposables = [
      view.onDidChangeVisibility(() => this.reschedule()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('hyperliquidExplorer.autoRefreshSeconds')) {
          this.waitSeconds = 0;
          this.reschedule();
        }
      }),
    ];
    this.reschedule();
  }

  reschedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const interval = settings.autoRefreshSeconds();
    if (interval === 0 || !this.view.visible || this.connection.mode === 'none') return; // paused
    const wait = Math.max(interval, this.waitSeconds);
    const due = this.lastRun === 0 ? wait * 1000 : Math.max(0, this.lastRun + wait * 1000 - Date.now());
    this.timer = setTimeout(() => void this.run(interval), due);
  }

  private async run(interval: number): Promise<void> {
    this.timer = undefined;
    this.lastRun = Date.now();
    const outcomes = await this.tree.refreshAll();
    const limited = outcomes.find((o) => isRateLimited(o.error))?.error;
    this.waitSeconds = nextAutoRefreshSeconds(interval, limited, this.waitSeconds || interval);
    this.reschedule();
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
