/** The Open Orders commands: watch, stop watching, rename, refresh, copy, open on hypurrscan. */
import * as vscode from 'vscode';
import { parseAddress } from '../core/input';
import { escapeIcons, escapeLinksAndIcons } from '../view/escape';
import type { Services } from '../platform/services';
import { settings, type WatchedWallet } from '../platform/settings';
import type { OpenOrdersTree, OrdersNode, WalletSummary } from './ordersTree';
import { shortAddress } from '../view/format';
import { Commands, Views, type CommandId } from '../ids';
import { requireClients } from '../platform/accountCommands';

const MAX_LABEL = 60;

export function registerWalletCommands(services: Services, tree: OpenOrdersTree): void {
  const { context, connection } = services;
  const command = <A extends unknown[]>(id: CommandId, run: (...args: A) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));

  /** The wallet a command is about: a tree node, an address argument, or undefined. */
  const addressArg = (arg: unknown): string | undefined => {
    if (typeof arg === 'string') {
      const parsed = parseAddress(arg);
      return parsed.ok ? parsed.value : undefined;
    }
    if (isNode(arg) && arg.kind === 'wallet') return arg.address;
    return undefined;
  };

  const watchedWithout = (address: string) => settings.wallets().filter((w) => w.address.toLowerCase() !== address);
  const alreadyWatched = (address: string) => settings.wallets().find((w) => w.address.toLowerCase() === address);
  const duplicateMessage = (w: WatchedWallet) =>
    w.label ? vscode.l10n.t('You already watch this wallet (“{0}”).', escapeLinksAndIcons(w.label)) : vscode.l10n.t('You already watch this wallet.');

  /** A watched wallet (not a demo one), picked from a list when no argument names it. */
  const pickWallet = async (arg: unknown, placeHolder: string): Promise<string | undefined> => {
    const given = addressArg(arg);
    if (given) return given;
    const wallets = settings.wallets();
    if (wallets.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No wallets are watched yet. Use “Hyperliquid: Watch Wallet…” to add one.'));
      return undefined;
    }
    const pick = await vscode.window.showQuickPick(
      wallets.map((w) => ({ label: escapeIcons(w.label?.trim() || shortAddress(w.address.toLowerCase())), description: w.address.toLowerCase(), address: w.address.toLowerCase() })),
      { title: vscode.l10n.t('Hyperliquid: Choose a Wallet'), placeHolder, matchOnDescription: true },
    );
    return pick?.address;
  };

  const refuseDemo = (address: string): boolean => {
    const known = tree.wallet(address);
    if (known?.demo) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('This is a wallet of the demo node: it is shown while demo data is on and goes away when it is off. Watch it with “Watch Wallet…” to keep it.'),
      );
      return true;
    }
    return false;
  };

  command(Commands.watchWallet, async (addressGiven?: unknown, labelGiven?: unknown): Promise<boolean> => {
    let address: string;
    let label: string | undefined;
    if (typeof addressGiven === 'string') {
      // Automation: the address (and an optional label) as arguments.
      const parsed = parseAddress(addressGiven);
      if (!parsed.ok) {
        void vscode.window.showErrorMessage(parsed.error);
        return false;
      }
      address = parsed.value;
      const existing = alreadyWatched(address);
      if (existing) {
        void vscode.window.showWarningMessage(duplicateMessage(existing));
        return false;
      }
      label = typeof labelGiven === 'string' ? labelGiven.trim().slice(0, MAX_LABEL) || undefined : undefined;
    } else {
      const answer = await askForWallet(alreadyWatched, duplicateMessage);
      if (!answer) return false; // Escape at either step: nothing changes
      ({ address, label } = answer);
    }
    await settings.setWallets([...settings.wallets(), label ? { address, label } : { address }]);
    tree.syncWallets();
    await vscode.commands.executeCommand(`${Views.openOrders}.focus`);
    if (connection.mode === 'none') {
      await requireClients(services); // offers Set API Key / Try Demo Data
      return true;
    }
    await tree.refreshWallet(address);
    return true;
  });

  command(Commands.unwatchWallet, async (arg?: unknown): Promise<boolean> => {
    const address = await pickWallet(arg, vscode.l10n.t('The wallet to stop watching'));
    if (!address) return false;
    if (!alreadyWatched(address)) {
      if (!refuseDemo(address)) void vscode.window.showInformationMessage(vscode.l10n.t('That wallet is not watched.'));
      return false;
    }
    await settings.setWallets(watchedWithout(address));
    tree.syncWallets();
    return true;
  });

  command(Commands.renameWallet, async (arg?: unknown, labelGiven?: unknown): Promise<boolean> => {
    const address = await pickWallet(arg, vscode.l10n.t('The wallet to rename'));
    if (!address) return false;
    const existing = alreadyWatched(address);
    if (!existing) {
      if (!refuseDemo(address)) void vscode.window.showInformationMessage(vscode.l10n.t('That wallet is not watched.'));
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
            validateInput: (value) => (value.trim().length > MAX_LABEL ? vscode.l10n.t('Keep the label under {0} characters.', MAX_LABEL) : undefined),
          });
    if (typed === undefined) return false;
    const label = typed.trim().slice(0, MAX_LABEL);
    await settings.setWallets(
      settings.wallets().map((w) => {
        if (w.address.toLowerCase() !== address) return w;
        const { label: _old, ...rest } = w;
        return label ? { ...rest, label } : rest;
      }),
    );
    tree.syncWallets();
    return true;
  });

  command(Commands.refreshOrders, async (): Promise<WalletSummary[]> => {
    if (connection.mode === 'none') {
      await requireClients(services);
      if (connection.mode === 'none') return [];
    }
    await tree.refreshAll({ forgetMeta: true });
    return tree.summaries();
  });

  command(Commands.refreshWallet, async (arg?: unknown): Promise<WalletSummary | undefined> => {
    const address = addressArg(arg);
    if (!address) return undefined;
    await tree.refreshWallet(address);
    return tree.summaries().find((s) => s.address === address);
  });

  command(Commands.copyOrderId, async (arg?: unknown) => {
    if (!isNode(arg) || arg.kind !== 'order') return;
    await vscode.env.clipboard.writeText(String(arg.order.oid));
    vscode.window.setStatusBarMessage(vscode.l10n.t('Order id {0} copied.', arg.order.oid), 3000);
  });

  command(Commands.copyOrderJson, async (arg?: unknown) => {
    if (!isNode(arg) || arg.kind !== 'order') return;
    // The node's own item, as received: every field, including ones this extension does not know.
    let json: string;
    try {
      json = JSON.stringify(arg.order.raw, null, 2);
    } catch {
      // An unknown field nested deeper than the stack (a hostile node can send 100,000 levels) cannot be written out.
      void vscode.window.showErrorMessage(vscode.l10n.t('Order {0} is nested too deeply to copy as JSON.', arg.order.oid));
      return;
    }
    await vscode.env.clipboard.writeText(json);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Order {0} copied as JSON.', arg.order.oid), 3000);
  });

  command(Commands.copyAddress, async (arg?: unknown) => {
    const address = addressArg(arg);
    if (!address) return;
    await vscode.env.clipboard.writeText(address);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Address {0} copied.', shortAddress(address)), 3000);
  });

  command(Commands.openWalletOnHypurrscan, async (arg?: unknown) => {
    const address = addressArg(arg);
    if (!address) return false;
    return vscode.env.openExternal(vscode.Uri.parse(`https://hypurrscan.io/address/${address}`));
  });
}

/**
 * The two steps of Watch Wallet… in one input box (address, then an optional label), so the box stays
 * open between them and nothing typed lands in a box that is closing. The address is checked as it is
 * typed; nothing is sent anywhere.
 */
function askForWallet(
  alreadyWatched: (address: string) => WatchedWallet | undefined,
  duplicateMessage: (w: WatchedWallet) => string,
): Promise<{ address: string; label?: string } | undefined> {
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
      const parsed = parseAddress(value);
      if (!parsed.ok) return parsed.error;
      const existing = alreadyWatched(parsed.value);
      return existing ? duplicateMessage(existing) : undefined;
    };
    const labelProblem = (value: string) => (value.trim().length > MAX_LABEL ? vscode.l10n.t('Keep the label under {0} characters.', MAX_LABEL) : undefined);
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
          address = (parseAddress(box.value) as { value: string }).value;
          box.step = 2;
          box.value = '';
          box.validationMessage = undefined;
          box.prompt = vscode.l10n.t('A label for {0} (optional). Press Enter to skip.', shortAddress(address));
          box.placeholder = vscode.l10n.t('e.g. Main account');
          return;
        }
        if (labelProblem(box.value)) return;
        accepted = true;
        resolve({ address, label: box.value.trim() || undefined });
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
