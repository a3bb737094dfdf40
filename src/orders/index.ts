import * as vscode from 'vscode';
import { Commands, Views, type CommandId } from '../ids';
import { registerCommands, type CommandHandler } from '../platform/commands';
import type { Services } from '../platform/services';
import type { OpenOrders } from './openOrdersHost';
import type { OrdersNode } from './ordersTree';

/** The commands of the Open Orders view (their handlers come with the view's module). */
const ORDERS_COMMANDS: readonly CommandId[] = [
  Commands.watchWallet,
  Commands.unwatchWallet,
  Commands.renameWallet,
  Commands.refreshOrders,
  Commands.cancelRefresh,
  Commands.reloadMarkets,
  Commands.refreshWallet,
  Commands.copyOrderId,
  Commands.copyOrderJson,
  Commands.copyAddress,
  Commands.openWalletOnHypurrscan,
];

/**
 * The Open Orders view and its commands, registered at activation; everything they run (the store, the
 * tree's data, the automatic refresh) is loaded the first time the view is shown or one of its commands
 * runs (`openOrdersHost.ts`). A window that activates the extension for a hover loads none of it.
 */
export function registerOpenOrders(services: Services): void {
  let loaded: Promise<OpenOrders> | undefined;
  const tree = new LazyTree(() => (loaded ??= import('./openOrdersHost').then((m) => m.startOpenOrders(services, view))));
  const view: vscode.TreeView<OrdersNode> = vscode.window.createTreeView(Views.openOrders, { treeDataProvider: tree, showCollapseAll: true });
  const handlers: { [C in CommandId]?: CommandHandler } = {};
  for (const id of ORDERS_COMMANDS) handlers[id] = async (...args) => (await tree.load()).commands[id]?.(...args);
  registerCommands(services.context, handlers);
  services.context.subscriptions.push(view, tree);
}

/** The view's data provider until its module is loaded, then that module's tree (whose changes it passes on). */
class LazyTree implements vscode.TreeDataProvider<OrdersNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<OrdersNode | OrdersNode[] | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private real?: OpenOrders['tree'];
  private subscription?: vscode.Disposable;

  constructor(private readonly loadModule: () => Promise<OpenOrders>) {}

  async load(): Promise<OpenOrders> {
    const loaded = await this.loadModule();
    if (!this.real) {
      this.real = loaded.tree;
      this.subscription = loaded.tree.onDidChangeTreeData((e) => this.changed.fire(e));
    }
    return loaded;
  }

  async getChildren(element?: OrdersNode): Promise<OrdersNode[]> {
    return (this.real ?? (await this.load()).tree).getChildren(element);
  }

  /** Only asked for elements `getChildren` gave, so the tree is loaded by then. */
  getTreeItem(element: OrdersNode): vscode.TreeItem {
    return this.real!.getTreeItem(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: OrdersNode): vscode.TreeItem {
    return this.real ? this.real.resolveTreeItem(item, element) : item;
  }

  getParent(element: OrdersNode): OrdersNode | undefined {
    return this.real?.getParent(element);
  }

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }
}
