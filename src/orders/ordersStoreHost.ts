/**
 * The orders store's VS Code side: it is handed the connection's source, the wallet list (settings, then
 * the demo node's wallets while demo data is on), `vscode.l10n.t` and the one request-weight ledger (kept
 * across connections: Hyperliquid counts per IP, not per key); and what it reports becomes VS Code's:
 * the `refreshing` context key, the view's progress bar, and a notification when gone orders were filled.
 */
import * as vscode from 'vscode';
import { Commands, ContextKeys, Settings, settingId, Views } from '../ids';
import { runCommand } from '../platform/commands';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { vscodeTranslate } from '../platform/translate';
import { shortAddress } from '../view/format';
import { marketMemory } from './marketMemoryHost';
import { OpenOrdersSource } from './openOrdersSource';
import { OrdersStore, type AgentNotice, type FillNotice, type WalletListing } from './ordersStore';
import { watchedWallets } from './watchedWalletsHost';
import { providerLedger, WeightLedger } from '../core/weightLedger';
import { DEFAULT_REQUESTS_PER_SECOND } from '../core/presets';
import { notify } from '../platform/notify';
import { settings } from '../platform/settings';

/** The store, fed and heard in VS Code; its subscriptions go to the extension's context. */
export function createOrdersStore(services: Services): OrdersStore {
  const { connection, log, context } = services;
  // One source per connection: its caches belong to that provider; what it refuses, the connection keeps.
  const sources = new PerConnection(
    connection,
    (clients) =>
      new OpenOrdersSource(clients.info, {
        note: (m) => log.info(m),
        wantMids: () => settings.ordersShowDistanceFromMid(),
        memory: marketMemory(context.globalState, connection.isDemo ? 'demo' : settings.baseUrl()),
        refuses: (type) => clients.refuses?.(type) ?? false,
        spotMeta: clients.spotMeta,
      }),
  );
  const store = new OrdersStore({ sources, wallets: walletList(services), log, t: vscodeTranslate, ledger: ledgerOf(services) });
  context.subscriptions.push(
    sources,
    store,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(settingId(Settings.wallets)) || e.affectsConfiguration(settingId(Settings.testnetWallets))) store.syncWallets();
    }),
    connection.onDidChange(() => store.connectionChanged()),
    store.onDidChangeRefreshing((running) => {
      void vscode.commands.executeCommand('setContext', ContextKeys.refreshing, running);
      if (running) void vscode.window.withProgress({ location: { viewId: Views.openOrders } }, () => untilIdle(store));
    }),
    store.onFilled((notice) => {
      if (settings.ordersNotifyOnFill()) void notify('info', fillMessage(notice));
    }),
    store.onAgentWallet((notice) => void offerMaster(store, notice)),
  );
  return store;
}

/**
 * The ledger of the provider Open Orders asks: on Hyperliquid's public endpoints, its request weights (one
 * ledger per window: it counts per IP); at the user's own provider (and the demo node), requests per
 * second, the setting's or the preset's rate, one ledger per provider and rate.
 */
function ledgerOf({ connection }: Services): () => WeightLedger {
  const publicLedger = new WeightLedger();
  const ledgers = new Map<string, WeightLedger>();
  return () => {
    const preset = connection.isDemo ? undefined : connection.preset();
    if (preset && preset.requestsPerSecond === undefined) return publicLedger;
    const rate = settings.providerRequestsPerSecond() ?? preset?.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND;
    const key = `${connection.isDemo ? 'demo' : preset!.id}|${connection.network}|${rate}`;
    let ledger = ledgers.get(key);
    if (!ledger) ledgers.set(key, (ledger = providerLedger(rate)));
    return ledger;
  };
}

/** The user's wallets (from settings), then the demo node's while demo data is on. */
function walletList({ connection, log }: Services): () => WalletListing[] {
  const warnedAbout = new Set<string>();
  return () => {
    const { wallets, invalid, invalidDexes } = watchedWallets.read();
    for (const typed of invalid) {
      // Typed into settings.json by hand: skipped, and said once, instead of a request that must fail.
      if (!warnedAbout.has(typed)) log.warn(`${settingId(Settings.wallets)}: “${typed.slice(0, 60)}” is not a wallet address (0x + 40 hex digits); skipped.`);
      warnedAbout.add(typed);
    }
    for (const typed of invalidDexes) {
      if (!warnedAbout.has(`dex:${typed}`))
        log.warn(
          `${settingId(Settings.wallets)}: dex “${typed.slice(0, 60)}” is not a perp dex name (1–32 letters, digits, _ or -), or one too many; skipped.`,
        );
      warnedAbout.add(`dex:${typed}`);
    }
    const listed: WalletListing[] = wallets.map((wallet) => ({ wallet, demo: false }));
    const taken = new Set(wallets.map((w) => w.address));
    for (const d of connection.demoWallets) {
      if (!taken.has(d.address)) listed.push({ wallet: { address: d.address, label: demoLabel(d) }, demo: true });
    }
    return listed;
  };
}

/** A demo wallet's name in the user's language (the demo node's own list keeps the English). */
function demoLabel(wallet: { kind: 'marketMaker' | 'whale' | 'empty' }): string {
  switch (wallet.kind) {
    case 'marketMaker':
      return vscode.l10n.t('Demo market maker');
    case 'whale':
      return vscode.l10n.t('Demo whale (5,000 orders)');
    case 'empty':
      return vscode.l10n.t('Demo empty wallet');
  }
}

function untilIdle(store: OrdersStore): Promise<void> {
  return new Promise((resolve) => {
    const subscription = store.onDidChangeRefreshing((running) => {
      if (running) return;
      subscription.dispose();
      resolve();
    });
  });
}

/** An API wallet has no orders of its own: offer, once, to watch the account it trades for. */
async function offerMaster(store: OrdersStore, { wallet, master }: AgentNotice): Promise<void> {
  if (store.wallet(master)) return; // already in the tree
  const name = wallet.label || shortAddress(wallet.address);
  const watch = vscode.l10n.t('Watch Master');
  const message = vscode.l10n.t('{0} is an API wallet of {1}: it has no orders or positions of its own. Watch {1} instead?', name, master);
  if ((await notify('info', message, watch)) === watch) await runCommand(Commands.watchWallet, master, vscode.l10n.t('{0} (master)', name));
}

function fillMessage({ wallet, filled }: FillNotice): string {
  const name = wallet.label || shortAddress(wallet.address);
  const first = filled[0]!;
  return filled.length === 1
    ? vscode.l10n.t('{0}: order {1} on {2} was filled.', name, first.oid, first.coin)
    : vscode.l10n.t('{0}: {1} orders were filled.', name, filled.length);
}
