/**
 * The Open Orders tree: wallets → market groups → orders. It only draws what the orders store holds
 * (`ordersStore.ts` fetches, diffs and decides), and redraws the one wallet the store says changed, so
 * the rest of the tree (and what the user expanded) stays as it is.
 */
import * as vscode from 'vscode';
import { Commands, Settings, settingId } from '../ids';
import { revealInvisibles } from '../view/escape';
import { shortAddress, timeAgo } from '../view/format';
import type { OrdersStore } from './ordersStore';
import type { IconRef } from '../view/treeRows';
import { groupEntries, orderCountText, type GroupRow, type OrderRow } from './ordersViewModel';
import { vscodeTranslate } from '../platform/translate';
import { appendData, rowItem, themeIcon, tooltipMarkdown } from '../platform/treeItems';
import { groupItem, orderItem, orderTooltip } from './orderTreeItems';
import { positionCountText, type AccountRow, type BalanceRow, type PositionRow, type UnreadableRow } from '../account/api';
import type { AccountView } from './walletAccountView';
import type { UserRole } from '../core/model';
import type { LiveFill } from '../core/hyperliquidSocket';
import { readableDecimal as readable, type LiveWallets } from './liveWallets';
import { liveStatusText } from './liveWalletsHost';

export interface WalletNode {
  kind: 'wallet';
  address: string;
}

/** A row that is not data: loading, an error with a retry, no orders. */
export interface MessageNode {
  kind: 'message';
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon: IconRef;
  command?: vscode.Command;
  contextValue: string;
}

export type OrdersNode = WalletNode | GroupRow | OrderRow | PositionRow<OrderRow> | AccountRow | BalanceRow | UnreadableRow | MessageNode;

/**
 * How long the redraws of wallets refreshed while a refresh runs wait for it to end, at most: wallets
 * answered early show by then, though another is slow.
 */
const HOLD_REDRAWS_MS = 1_000;

export class OpenOrdersTree implements vscode.TreeDataProvider<OrdersNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<OrdersNode | OrdersNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** One node per wallet for its whole life, so `onDidChangeTreeData` can name it. */
  private readonly nodes = new Map<string, WalletNode>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private live?: LiveWallets;
  private liveSubscription?: { dispose(): void };
  /** Wallets to redraw (`all`: the root), sent in one event. */
  private readonly redraws = new Set<string>();
  private redrawAll = false;
  private redrawSoon = false;
  private holding?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly store: OrdersStore,
    /** False without a key or demo data: the welcome view explains what to do; no requests are made. */
    private readonly connected: () => boolean,
  ) {
    this.subscriptions.push(
      store.onDidChange((address) => {
        if (address === undefined) {
          for (const a of this.nodes.keys()) if (!store.wallet(a)) this.nodes.delete(a);
          this.redraw(undefined);
        } else if (store.wallet(address)) this.redraw(address);
      }),
      store.onDidChangeRefreshing((running) => {
        if (!running) this.sendRedraws();
      }),
    );
  }

  /** Live mode: the tree says per wallet whether it is live, reconnecting or polled (and why). */
  setLive(live: LiveWallets): void {
    this.live = live;
    // Each wallet redrawn as the store's own changes are (a root refresh would redraw every row); not one
    // that is loading or refreshing: the store redraws it when that ends, and a redraw asked while VS Code
    // still draws the last one can be lost.
    this.liveSubscription = live.onDidChange(() => {
      for (const address of this.store.addresses) {
        const entry = this.store.wallet(address);
        if (entry?.last && !entry.refreshing) this.redraw(address);
      }
    });
  }

  /**
   * Asks VS Code to redraw `address`'s wallet (undefined: every wallet), with the others asked in the same
   * turn, in one event: VS Code sends the first event of a burst at once and holds each later one until
   * the tree's events have paused 200 ms, so five wallets redrawn one by one showed 200 ms late. While a
   * refresh runs, the redraws of wallets already drawn wait for its end (`HOLD_REDRAWS_MS` at most) and
   * go together; a wallet's first draw does not wait.
   */
  private redraw(address: string | undefined): void {
    if (address === undefined) this.redrawAll = true;
    else this.redraws.add(address);
    const drawn = address !== undefined && this.store.wallet(address)?.last !== undefined;
    if (drawn && this.store.refreshRunning) {
      this.holding ??= setTimeout(() => this.sendRedraws(), HOLD_REDRAWS_MS);
      return;
    }
    if (this.redrawSoon) return;
    this.redrawSoon = true;
    queueMicrotask(() => this.sendRedraws());
  }

  private sendRedraws(): void {
    this.redrawSoon = false;
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.holding = undefined;
    if (this.redrawAll) {
      this.redrawAll = false;
      this.redraws.clear();
      this.changed.fire(undefined);
      return;
    }
    const nodes = [...this.redraws].flatMap((a) => this.walletNode(a) ?? []);
    this.redraws.clear();
    if (nodes.length > 0) this.changed.fire(nodes);
  }

  walletNode(address: string): WalletNode | undefined {
    const key = address.toLowerCase();
    if (!this.store.wallet(key)) return undefined;
    let node = this.nodes.get(key);
    if (!node) this.nodes.set(key, (node = { kind: 'wallet', address: key }));
    return node;
  }

  // ---- TreeDataProvider ----

  getChildren(element?: OrdersNode): OrdersNode[] {
    if (!element) {
      // Without a key the welcome view explains what to do; no requests are made.
      if (!this.connected()) return [];
      const addresses = this.store.addresses;
      for (const address of addresses) this.store.loadOnce(address);
      return addresses.map((a) => this.walletNode(a)!);
    }
    if (element.kind === 'wallet') return this.walletChildren(element.address);
    if (element.kind === 'group') return this.groupChildren(element);
    if (element.kind === 'order') return element.children ?? [];
    if (element.kind === 'position') return element.orders;
    return [];
  }

  /** A group's rows: why its orders or account failed, the dex's account and positions, then its orders (or the balances). */
  private groupChildren(group: GroupRow): OrdersNode[] {
    const account = this.accountView(group.id.split(':')[1] ?? '');
    if (group.groupKind === 'balances')
      return [...(group.error === undefined ? [] : [this.balancesErrorNode(group)]), ...(account?.balances ?? []), ...(account?.unreadableBalances ?? [])];
    const out: OrdersNode[] = group.error === undefined ? [] : [this.dexErrorNode(group)];
    const dex = group.groupKind === 'perps' ? account?.dexs.get(group.dex ?? '') : undefined;
    if (dex?.error !== undefined) out.push(this.accountErrorNode(group, dex.error, dex.positions.length > 0));
    if (dex?.account) out.push(dex.account);
    if (dex) out.push(...dex.positions, ...dex.unreadable);
    out.push(...group.orders);
    return out;
  }

  private accountView(address: string): AccountView | undefined {
    return this.store.wallet(address)?.last?.accountView;
  }

  /** Why a dex's positions and margin are missing or old; selecting it retries the wallet. */
  private accountErrorNode(group: GroupRow, error: string, older: boolean): MessageNode {
    const address = group.id.split(':')[1] ?? '';
    const dex = group.dex || vscode.l10n.t('the first perp dex');
    return {
      kind: 'message',
      id: `accountError:${address}:${group.dex ?? ''}`,
      label: vscode.l10n.t('Positions: {0}', error),
      description: vscode.l10n.t('select to retry'),
      tooltip: older
        ? vscode.l10n.t('{0}\n\nThe positions of {1} below are older than the rest and may be out of date. Select this row to try again.', error, dex)
        : vscode.l10n.t('{0}\n\nThe positions and margin of {1} could not be fetched. Select this row to try again.', error, dex),
      icon: { id: 'error', color: 'errorForeground' },
      command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
      contextValue: 'error',
    };
  }

  private balancesErrorNode(group: GroupRow): MessageNode {
    const address = group.id.split(':')[1] ?? '';
    const older = (this.accountView(address)?.balances.length ?? 0) > 0;
    return {
      kind: 'message',
      id: `balancesError:${address}`,
      label: vscode.l10n.t('Balances: {0}', group.error ?? ''),
      description: vscode.l10n.t('select to retry'),
      tooltip: older
        ? vscode.l10n.t('{0}\n\nThe balances below are older and may be out of date. Select this row to try again.', group.error ?? '')
        : vscode.l10n.t('{0}\n\nThe spot balances could not be fetched. Select this row to try again.', group.error ?? ''),
      icon: { id: 'error', color: 'errorForeground' },
      command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
      contextValue: 'error',
    };
  }

  /** An API wallet offers its master; a sub-account and a vault say what they are. */
  private roleNode(address: string, role: UserRole | undefined, label: string | undefined): MessageNode | undefined {
    if (!role || role.role === 'user' || role.role === 'missing') return undefined;
    if (role.role === 'vault') {
      const tooltip = vscode.l10n.t('Hyperliquid says this address is a vault: its orders and positions are the vault’s, traded by its leader.');
      return { kind: 'message', id: `role:${address}`, label: vscode.l10n.t('Vault'), tooltip, icon: { id: 'shield' }, contextValue: 'role' };
    }
    if (!('master' in role)) return undefined;
    const master = role.master;
    const watched = this.store.wallet(master) !== undefined;
    const name = label?.trim() || shortAddress(address);
    if (role.role === 'subAccount') {
      return {
        kind: 'message',
        id: `role:${address}`,
        label: vscode.l10n.t('Sub-account of {0}', shortAddress(master)),
        description: watched ? undefined : vscode.l10n.t('select to watch the master'),
        tooltip: vscode.l10n.t('Hyperliquid says this address is a sub-account of {0}: it trades on its own, its master owns it.', master),
        icon: { id: 'type-hierarchy-sub' },
        command: watched
          ? undefined
          : { command: Commands.watchWallet, title: vscode.l10n.t('Watch Master'), arguments: [master, vscode.l10n.t('{0} (master)', name)] },
        contextValue: 'role',
      };
    }
    return {
      kind: 'message',
      id: `role:${address}`,
      label: vscode.l10n.t('API wallet of {0}', shortAddress(master)),
      description: watched ? vscode.l10n.t('its master is watched') : vscode.l10n.t('select to watch the master'),
      tooltip: vscode.l10n.t(
        'Hyperliquid says this address is an API (agent) wallet of {0}: it signs orders for that account and has no orders, positions or balances of its own. Select this row to watch the master account.',
        master,
      ),
      icon: { id: 'key' },
      command: watched
        ? undefined
        : { command: Commands.watchWallet, title: vscode.l10n.t('Watch Master'), arguments: [master, vscode.l10n.t('{0} (master)', name)] },
      contextValue: 'role',
    };
  }

  /** The row that says why a dex's orders are missing or old; selecting it retries the wallet. */
  private dexErrorNode(group: GroupRow): MessageNode {
    const address = group.id.split(':')[1] ?? '';
    const entry = this.store.wallet(address);
    const dex = group.dex || vscode.l10n.t('the first perp dex');
    return {
      kind: 'message',
      id: `dexError:${address}:${group.dex ?? ''}`,
      label: group.error ?? '',
      description: vscode.l10n.t('select to retry'),
      tooltip:
        groupEntries(group).length > 0 && entry?.last
          ? vscode.l10n.t(
              '{0}\n\nThe orders of {1} below are older than the rest and may be out of date. Select this row to try again.',
              group.error ?? '',
              dex,
            )
          : vscode.l10n.t('{0}\n\nThe orders of {1} could not be fetched. Select this row to try again.', group.error ?? '', dex),
      icon: { id: 'error', color: 'errorForeground' },
      command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
      contextValue: 'error',
    };
  }

  private walletChildren(address: string): OrdersNode[] {
    const entry = this.store.wallet(address);
    if (!entry) return [];
    const out: OrdersNode[] = [];
    if (entry.error) {
      out.push({
        kind: 'message',
        id: `error:${address}`,
        label: entry.error.message,
        description: vscode.l10n.t('select to retry'),
        tooltip: entry.last
          ? vscode.l10n.t(
              '{0}\n\nThe orders below are from {1} and may be out of date. Select this row to try again.',
              entry.error.message,
              timeOf(entry.last.snapshot.fetchedAt),
            )
          : vscode.l10n.t('{0}\n\nSelect this row to try again.', entry.error.message),
        icon: { id: 'error', color: 'errorForeground' },
        command: { command: Commands.refreshWallet, title: vscode.l10n.t('Retry'), arguments: [address] },
        contextValue: 'error',
      });
    }
    if (!entry.last) {
      if (entry.refreshing || !entry.error) {
        out.push({
          kind: 'message',
          id: `loading:${address}`,
          label: vscode.l10n.t('Loading open orders…'),
          icon: { id: 'loading~spin' },
          contextValue: 'loading',
        });
      }
      return out;
    }
    out.push(...entry.liveFills.map((f) => fillNode(address, f)));
    const view = entry.last.view;
    const account = entry.last.accountView;
    const role = this.roleNode(address, account.role, entry.wallet.label);
    if (role) out.unshift(role);
    if (view.orderCount === 0 && account.positionCount === 0 && account.balances.length === 0 && account.unreadableBalances.length === 0) {
      out.push({
        kind: 'message',
        id: `empty:${address}`,
        label: vscode.l10n.t('No open orders, positions or balances'),
        tooltip: vscode.l10n.t(
          'Hyperliquid lists no pending orders, open positions or spot balances for this wallet. An API (agent) wallet has none of its own: watch its master account instead.',
        ),
        icon: { id: 'circle-large-outline' },
        contextValue: 'empty',
      });
    }
    out.push(...account.groups);
    if (view.notAsked) {
      const { label, tooltip } = view.notAsked;
      const command = { command: 'workbench.action.openSettings', title: vscode.l10n.t('Open Settings'), arguments: [settingId(Settings.wallets)] };
      out.push({ kind: 'message', id: `notAsked:${address}`, label, tooltip, icon: { id: 'info' }, command, contextValue: 'notAsked' });
    }
    return out;
  }

  getTreeItem(element: OrdersNode): vscode.TreeItem {
    switch (element.kind) {
      case 'wallet':
        return this.walletItem(element.address);
      case 'group':
        return groupItem(element);
      case 'order':
        return orderItem(element);
      case 'position':
        // Expanded when its TP/SL and reduce-only orders are under it.
        return rowItem(
          element,
          element.contextValue,
          element.orders.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
        );
      case 'account':
      case 'balance':
      case 'unreadable':
        return rowItem(element, element.kind);
      case 'message': {
        const item = new vscode.TreeItem(revealInvisibles(element.label), vscode.TreeItemCollapsibleState.None);
        item.id = element.id;
        item.description = element.description === undefined ? undefined : revealInvisibles(element.description);
        item.tooltip = typeof element.tooltip === 'string' ? revealInvisibles(element.tooltip) : element.tooltip;
        item.iconPath = themeIcon(element.icon);
        item.command = element.command;
        item.contextValue = element.contextValue;
        return item;
      }
    }
  }

  /** Order tooltips hold every field; they are built only when the user hovers. */
  resolveTreeItem(item: vscode.TreeItem, element: OrdersNode): vscode.TreeItem {
    if (element.kind === 'order') item.tooltip = orderTooltip(element);
    else if (element.kind === 'position' || element.kind === 'account' || element.kind === 'balance' || element.kind === 'unreadable')
      item.tooltip = tooltipMarkdown(element.tooltip());
    return item;
  }

  private walletItem(address: string): vscode.TreeItem {
    const entry = this.store.wallet(address);
    const last = entry?.last;
    const label = revealInvisibles(entry?.wallet.label?.trim() || shortAddress(address));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `wallet:${address}`;
    item.contextValue = entry?.demo ? 'walletDemo' : 'wallet';
    if (!entry) return item;
    const parts: string[] = [];
    if (entry.demo) parts.push(vscode.l10n.t('demo'));
    const role = last?.account.role?.role;
    if (role === 'agent') parts.push(vscode.l10n.t('API wallet'));
    else if (role === 'subAccount') parts.push(vscode.l10n.t('sub-account'));
    else if (role === 'vault') parts.push(vscode.l10n.t('vault'));
    if (last && last.accountView.positionCount > 0) parts.push(positionCountText(last.accountView.positionCount, vscodeTranslate));
    if (last) parts.push(orderCountText(last.view.orderCount, vscodeTranslate));
    else if (entry.refreshing) parts.push(vscode.l10n.t('loading…'));
    if (entry.error && last) parts.push(vscode.l10n.t('stale · {0}', timeOf(last.snapshot.fetchedAt)));
    const live = this.live && liveStatusText(this.live.status(address));
    if (live) parts.push(live.text);
    item.description = parts.join(' · ');
    item.iconPath = entry.refreshing
      ? new vscode.ThemeIcon('loading~spin')
      : entry.error
        ? new vscode.ThemeIcon(last ? 'warning' : 'error', new vscode.ThemeColor(last ? 'list.warningForeground' : 'errorForeground'))
        : new vscode.ThemeIcon(entry.demo ? 'beaker' : 'account');

    const md = new vscode.MarkdownString('', false);
    md.isTrusted = false;
    md.supportHtml = false;
    if (entry.wallet.label) {
      md.appendMarkdown('**');
      appendData(md, entry.wallet.label);
      md.appendMarkdown('**\n\n');
    }
    md.appendMarkdown(`\`${address}\`\n\n`); // validated: 0x + 40 lowercase hex
    if (entry.demo) md.appendText(vscode.l10n.t('A wallet of the built-in demo node (made-up orders).') + '\n\n');
    if (last) md.appendText(vscode.l10n.t('Last refreshed at {0}.', timeOf(last.snapshot.fetchedAt)) + '\n\n');
    if (entry.error) appendData(md, vscode.l10n.t('Last refresh failed: {0}', entry.error.message));
    if (live) md.appendText('\n\n' + live.tooltip);
    item.tooltip = md;
    item.accessibilityInformation = { label: [label, address, item.description].filter(Boolean).join(', ') };
    return item;
  }

  getParent(element: OrdersNode): OrdersNode | undefined {
    if (element.kind === 'wallet') return undefined;
    const address = element.id.split(':')[1];
    const entry = address ? this.store.wallet(address) : undefined;
    if (!entry) return undefined;
    const account = entry.last?.accountView;
    const groupOf = (dex: string) => account?.groups.find((g) => g.groupKind === 'perps' && g.dex === dex);
    if (element.kind === 'order') {
      for (const g of account?.groups ?? []) {
        if (g.orders.includes(element)) return g;
        const parent = g.orders.find((o) => o.children?.includes(element));
        if (parent) return parent;
      }
      for (const d of account?.dexs.values() ?? []) {
        const position = d.positions.find((p) => p.orders.includes(element));
        if (position) return position;
      }
      return undefined;
    }
    if (element.kind === 'position' || element.kind === 'account') return groupOf(element.dex);
    if (element.kind === 'balance') return account?.groups.find((g) => g.groupKind === 'balances');
    return this.walletNode(entry.wallet.address);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.liveSubscription?.dispose();
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.changed.dispose();
  }
}

/** A fill Hyperliquid's WebSocket sent: "filled 0.5 BTC @ 60,010 · 3 s ago" (a liquidation says so). */
function fillNode(address: string, f: LiveFill): MessageNode {
  const px = readable(f.px);
  const sz = readable(f.sz);
  const ago = timeAgo((Date.now() - f.time) / 1000, vscodeTranslate);
  return {
    kind: 'message',
    id: `fill:${address}:${f.tid}`,
    label: f.liquidated ? vscode.l10n.t('liquidated {0} {1} @ {2}', sz, f.coin, px) : vscode.l10n.t('filled {0} {1} @ {2}', sz, f.coin, px),
    description: ago,
    tooltip: [
      f.dir,
      f.closedPnl !== undefined ? vscode.l10n.t('Closed PnL: {0}', f.closedPnl) : undefined,
      f.fee !== undefined ? vscode.l10n.t('Fee: {0} {1}', f.fee, f.feeToken ?? '') : undefined,
      vscode.l10n.t('Order {0}, trade {1}, at {2}', f.oid, f.tid, timeOf(f.time)),
    ]
      .filter(Boolean)
      .join('\n'),
    icon: f.liquidated ? { id: 'flame', color: 'errorForeground' } : { id: 'pass-filled', color: 'charts.green' },
    contextValue: 'fill',
  };
}

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}
