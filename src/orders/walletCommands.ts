/** The Open Orders commands: watch, stop watching, rename, refresh, copy, open on hypurrscan. */
import * as vscode from 'vscode';
import { NETWORKS } from '../core/networks';
import { parseAddress } from '../core/input';
import { Commands, Views, type CommandId } from '../ids';
import { requireClients } from '../platform/apiKeyActions';
import type { CommandHandler } from '../platform/commands';
import type { Services } from '../platform/services';
import { escapeIcons, escapeLinksAndIcons } from '../view/escape';
import { shortAddress } from '../view/format';
import type { OrdersStore, WalletSummary } from './ordersStore';
import type { OrdersNode } from './ordersTree';
import { cutLabel, labelTooLong, MAX_WALLET_LABEL, type WatchedWallet } from './watchedWallets';
import { watchedWallets } from './watchedWalletsHost';
import { notify } from '../platform/notify';

/** What every wallet command works with. */
interface WalletCommandContext {
  services: Services;
  store: OrdersStore;
}

type CommandRun = (c: WalletCommandContext, ...args: unknown[]) => unknown;

/** The Open Orders commands' handlers, over one store (registered at activation by the feature's `index.ts`). */
export function walletCommandHandlers(services: Services, store: OrdersStore): { readonly [C in CommandId]?: CommandHandler } {
  const c: WalletCommandContext = { services, store };
  const bind =
    (run: CommandRun): CommandHandler =>
    (...args) =>
      run(c, ...args);
  return {
    [Commands.watchWallet]: bind(watchWallet),
    [Commands.unwatchWallet]: bind(unwatchWallet),
    [Commands.renameWallet]: bind(renameWallet),
    [Commands.refreshOrders]: bind(refreshOrders),
    [Commands.cancelRefresh]: bind(cancelRefresh),
    [Commands.reloadMarkets]: bind(reloadMarkets),
    [Commands.refreshWallet]: bind(refreshWallet),
    [Commands.copyOrderId]: bind(copyOrderId),
    [Commands.copyOrderJson]: bind(copyOrderJson),
    [Commands.copyAddress]: bind(copyAddress),
    [Commands.openWalletOnHypurrscan]: bind(openWalletOnHypurrscan),
  };
}

// ---- helpers ----

/** The wallet a command is about: a tree node, an address argument, or undefined. */
function addressArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') {
    const parsed = parseAddress(arg, vscode.l10n.t);
    return parsed.ok ? parsed.value : undefined;
  }
  if (isNode(arg) && arg.kind === 'wallet') return arg.address;
  return undefined;
}

function duplicateMessage(w: WatchedWallet): string {
  return w.label ? vscode.l10n.t('You already watch this wallet (“{0}”).', escapeLinksAndIcons(w.label)) : vscode.l10n.t('You already watch this wallet.');
}

function labelProblem(value: string): string | undefined {
  return labelTooLong(value) ? vscode.l10n.t('Keep the label under {0} characters.', MAX_WALLET_LABEL) : undefined;
}

/** A watched wallet (not a demo one), picked from a list when no argument names it. */
async function pickWallet(arg: unknown, placeHolder: string): Promise<string | undefined> {
  const given = addressArg(arg);
  if (given) return given;
  const wallets = watchedWallets.list();
  if (wallets.length === 0) {
    void notify('info', vscode.l10n.t('No wallets are watched yet. Use “Hyperliquid: Watch Wallet…” to add one.'));
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    wallets.map((w) => ({ label: escapeIcons(w.label || shortAddress(w.address)), description: w.address, address: w.address })),
    { title: vscode.l10n.t('Hyperliquid: Choose a Wallet'), placeHolder, matchOnDescription: true },
  );
  return pick?.address;
}

/** Says why a command does not apply to `address` when it is not a watched wallet. */
function notWatched(store: OrdersStore, address: string): void {
  if (store.wallet(address)?.demo) {
    void notify(
      'info',
      vscode.l10n.t(
        'This is a wallet of the demo node: it is shown while demo data is on and goes away when it is off. Watch it with “Watch Wallet…” to keep it.',
      ),
    );
  } else {
    void notify('info', vscode.l10n.t('That wallet is not watched.'));
  }
}

// ---- the commands ----

async function watchWallet({ services, store }: WalletCommandContext, addressGiven?: unknown, labelGiven?: unknown): Promise<boolean> {
  const { connection } = services;
  let address: string;
  let label: string | undefined;
  if (typeof addressGiven === 'string') {
    // Automation: the address (and an optional label) as arguments.
    const parsed = parseAddress(addressGiven, vscode.l10n.t);
    if (!parsed.ok) {
      void notify('error', parsed.error);
      return false;
    }
    address = parsed.value;
    const existing = watchedWallets.find(address);
    if (existing) {
      void notify('warning', duplicateMessage(existing));
      return false;
    }
    label = typeof labelGiven === 'string' ? cutLabel(labelGiven) : undefined;
  } else {
    const answer = await askForWallet();
    if (!answer) return false; // Escape at either step: nothing changes
    ({ address, label } = answer);
  }
  await watchedWallets.add(address, label);
  store.syncWallets();
  await vscode.commands.executeCommand(`${Views.openOrders}.focus`);
  if (connection.mode === 'none') {
    await requireClients(services); // offers Set API Key / Try Demo Data
    return true;
  }
  await store.refreshWallet(address);
  return true;
}

async function unwatchWallet({ store }: WalletCommandContext, arg?: unknown): Promise<boolean> {
  const address = await pickWallet(arg, vscode.l10n.t('The wallet to stop watching'));
  if (!address) return false;
  if (!watchedWallets.find(address)) {
    notWatched(store, address);
    return false;
  }
  await watchedWallets.remove(address);
  store.syncWallets();
  return true;
}

async function renameWallet({ store }: WalletCommandContext, arg?: unknown, labelGiven?: unknown): Promise<boolean> {
  const address = await pickWallet(arg, vscode.l10n.t('The wallet to rename'));
  if (!address) return false;
  const existing = watchedWallets.find(address);
  if (!existing) {
    notWatched(store, address);
    return false;
  }
  const typed =
    typeof labelGiven === 'string'
      ? labelGiven
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Hyperliquid: Rename Wallet'),
          prompt: vscode.l10n.t('A label for {0}. Leave it empty to show the address.', shortAddress(address)),
          value: existing.label ?? '',
          ignoreFocusOut: true,
          validateInput: labelProblem,
        });
  if (typed === undefined) return false;
  await watchedWallets.rename(address, typed);
  store.syncWallets();
  return true;
}

/** Refreshes every wallet; the cached dex list and market data are kept (Reload Markets renews them). */
function refreshOrders(c: WalletCommandContext): Promise<WalletSummary[]> {
  return refreshAll(c, false);
}

/** Asks again for the dex list, spot pairs and each dex's unit, then refreshes every wallet. */
function reloadMarkets(c: WalletCommandContext): Promise<WalletSummary[]> {
  return refreshAll(c, true);
}

/**
 * Every wallet, once there is a connection (asking for a key or demo data first when there is none). It
 * is never dropped: after a refresh already under way, and once the provider's budget has room, it runs
 * by itself; the view says meanwhile what it waits for. Returns what the wallets show after it.
 */
async function refreshAll(c: WalletCommandContext, reloadMarkets: boolean): Promise<WalletSummary[]> {
  const { services, store } = c;
  const { connection } = services;
  if (connection.mode === 'none') {
    await requireClients(services);
    if (connection.mode === 'none') return [];
  }
  await store.requestRefresh({ reloadMarkets });
  return store.summaries();
}

/** Stops the refreshes under way; the wallets keep the orders they showed. */
function cancelRefresh({ store }: WalletCommandContext): boolean {
  const cancelled = store.cancelRefresh();
  if (cancelled) vscode.window.setStatusBarMessage(vscode.l10n.t('Open Orders refresh cancelled.'), 3000);
  return cancelled;
}

/** One wallet (its row's Refresh, an error row's retry): as Refresh Open Orders, for one wallet. */
async function refreshWallet(c: WalletCommandContext, arg?: unknown): Promise<WalletSummary | undefined> {
  const address = addressArg(arg);
  if (!address) return undefined;
  await c.store.requestRefresh({ address });
  return c.store.summaries().find((s) => s.address === address);
}

async function copyOrderId(_: WalletCommandContext, arg?: unknown): Promise<void> {
  if (!isNode(arg) || arg.kind !== 'order') return;
  await vscode.env.clipboard.writeText(String(arg.order.oid));
  vscode.window.setStatusBarMessage(vscode.l10n.t('Order id {0} copied.', arg.order.oid), 3000);
}

async function copyOrderJson(_: WalletCommandContext, arg?: unknown): Promise<void> {
  if (!isNode(arg) || arg.kind !== 'order') return;
  // The node's own item, as received: every field, including ones this extension does not know.
  let json: string;
  try {
    json = JSON.stringify(arg.order.raw, null, 2);
  } catch {
    // An unknown field nested deeper than the stack (a hostile node can send 100,000 levels) cannot be written out.
    void notify('error', vscode.l10n.t('Order {0} is nested too deeply to copy as JSON.', arg.order.oid));
    return;
  }
  await vscode.env.clipboard.writeText(json);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Order {0} copied as JSON.', arg.order.oid), 3000);
}

async function copyAddress(_: WalletCommandContext, arg?: unknown): Promise<void> {
  const address = addressArg(arg);
  if (!address) return;
  await vscode.env.clipboard.writeText(address);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Address {0} copied.', shortAddress(address)), 3000);
}

async function openWalletOnHypurrscan({ services }: WalletCommandContext, arg?: unknown): Promise<boolean> {
  const address = addressArg(arg);
  if (!address) return false;
  // Hypurrscan for mainnet; testnet wallets on Hyperliquid's own testnet explorer.
  return vscode.env.openExternal(vscode.Uri.parse(`${NETWORKS[services.connection.network].walletExplorerUrl}${address}`));
}

/**
 * The two steps of Watch Wallet… in one input box (address, then an optional label), so the box stays
 * open between them and nothing typed lands in a box that is closing. The address is checked as it is
 * typed; nothing is sent anywhere.
 */
function askForWallet(): Promise<{ address: string; label?: string } | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = vscode.l10n.t('Hyperliquid: Watch Wallet');
    box.step = 1;
    box.totalSteps = 2;
    box.prompt = vscode.l10n.t('The wallet’s address: its master account, 0x followed by 40 hex digits.');
    box.placeholder = '0x…';
    box.ignoreFocusOut = true;
    let address: string | undefined;
    let accepted = false;
    const addressProblem = (value: string): string | undefined => {
      const parsed = parseAddress(value, vscode.l10n.t);
      if (!parsed.ok) return parsed.error;
      const existing = watchedWallets.find(parsed.value);
      return existing ? duplicateMessage(existing) : undefined;
    };
    const subscriptions = [
      box.onDidChangeValue((value) => {
        box.validationMessage = address === undefined ? (value.trim() === '' ? undefined : addressProblem(value)) : labelProblem(value);
      }),
      box.onDidAccept(() => {
        if (address === undefined) {
          const problem = addressProblem(box.value);
          if (problem) {
            box.validationMessage = problem;
            return;
          }
          address = (parseAddress(box.value, vscode.l10n.t) as { value: string }).value;
          box.step = 2;
          box.value = '';
          box.validationMessage = undefined;
          box.prompt = vscode.l10n.t('A label for {0} (optional). Press Enter to skip.', shortAddress(address));
          box.placeholder = vscode.l10n.t('e.g. Main account');
          return;
        }
        if (labelProblem(box.value)) return;
        accepted = true;
        resolve({ address, label: cutLabel(box.value) });
        box.hide();
      }),
      box.onDidHide(() => {
        if (!accepted) resolve(undefined);
        for (const s of subscriptions) s.dispose();
        box.dispose();
      }),
    ];
    box.show();
  });
}

function isNode(arg: unknown): arg is OrdersNode {
  return typeof arg === 'object' && arg !== null && typeof (arg as { kind?: unknown }).kind === 'string';
}
