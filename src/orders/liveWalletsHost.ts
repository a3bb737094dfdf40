/**
 * Live mode's VS Code side: the setting, the wallet-data permission (asked once per window and network,
 * naming the WebSocket's host, when it is still `ask`; again only when a wallet is added), where updates go (the orders store), the
 * liquidation notification, and a refresh of each wallet whose connection dropped (it is polled until
 * the WebSocket is back, whose snapshot then catches it up).
 */
import * as vscode from 'vscode';
import { NetworkSettings, Settings, settingId } from '../ids';
import type { NetworkId } from '../core/networks';
import { explorerHost } from '../platform/networkWords';
import { askPermission } from '../platform/askPermission';
import { notify } from '../platform/notify';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { shortAddress } from '../view/format';
import type { LiveUserUpdate } from '../core/hyperliquidSocket';
import { LiveWallets, liveNotices, readableDecimal, type LiveStatus } from './liveWallets';
import type { LiquidationNotice, OrdersStore } from './ordersStore';

export function startLiveWallets(services: Services, store: OrdersStore): LiveWallets {
  const { connection, context, log } = services;
  const live = new LiveWallets({
    wallets: () =>
      connection.mode === 'none'
        ? []
        : store.addresses.map((address) => {
            const w = store.wallet(address);
            return { address, dexes: [...new Set(['', ...(w?.wallet.dexes ?? []), ...(w?.last?.snapshot.orders.map((o) => o.dex) ?? [])])] };
          }),
    permission: () =>
      !settings.ordersLiveUpdates()
        ? 'off'
        : connection.isDemo
          ? 'allow'
          : connection.mode === 'none'
            ? 'off'
            : settings.publicPermission('wallet', connection.network),
    url: () => connection.liveSocketUrl(),
    apply: (update) => {
      store.applyLive(update.user, update);
      tell(store, update);
    },
    applyMids: (mids) => store.applyLiveMids(mids),
    // The orders' distance from the mid follows `allMids`, when the view shows it.
    socketOptions: { mids: settings.ordersShowDistanceFromMid() },
  });
  store.setLiveCheck((address) => live.isLive(address));
  // Per network, the wallets it was asked for: a question closed without an answer is asked again only
  // when a wallet is added (Never Ask is kept in the setting, and then nothing is asked).
  const asked = new Map<NetworkId, Set<string>>();
  const sync = () => {
    void live.sync().then(() => {
      const network = connection.network;
      if (!settings.ordersLiveUpdates() || connection.isDemo || connection.mode === 'none' || store.addresses.length === 0) return;
      const before = asked.get(network);
      if (settings.publicPermission('wallet', network) !== 'ask' || (before && store.addresses.every((a) => before.has(a)))) return;
      asked.set(network, new Set([...(before ?? []), ...store.addresses]));
      void askLive(network).then((allowed) => allowed && sync());
    });
  };
  // A wallet whose connection dropped is polled meanwhile: once at the drop, then by the timer if on.
  const seen = new Map<string, LiveStatus['kind']>();
  live.onDidChange(() => {
    for (const address of store.addresses) {
      const kind = live.status(address).kind;
      if (seen.get(address) === 'live' && kind === 'reconnecting') {
        log.info(`Live updates of ${address} dropped: polling until the WebSocket is back.`);
        void store.refreshWallet(address);
      }
      seen.set(address, kind);
    }
  });
  const names = NETWORK_PERMISSIONS();
  context.subscriptions.push(
    live,
    store.onDidChange(() => sync()),
    connection.onDidChange(() => sync()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(settingId(Settings.ordersLiveUpdates)) || names.some((n) => e.affectsConfiguration(n))) sync();
    }),
  );
  sync();
  return live;
}

const NETWORK_PERMISSIONS = () => Object.values(NetworkSettings).map((n) => settingId(n.publicWalletData));

/** Asks whether watched wallets may follow Hyperliquid's WebSocket (the wallet-data permission of `network`). */
async function askLive(network: NetworkId): Promise<boolean> {
  const host = explorerHost(settings.of(network).publicInfoUrl());
  return askPermission(
    vscode.l10n.t(
      'Follow your watched wallets live over Hyperliquid’s WebSocket at {0}? Orders, fills and liquidations then show the moment they happen, without refreshing. The wallets’ addresses go to Hyperliquid’s servers from your IP address (never your key); the same permission lets its public API answer for wallet data.',
      host,
    ),
    (answer) => settings.setPublicPermission('wallet', answer, network),
  );
}

/** Notifies the events of `update` the user chose (`orders.liveNotifications`: liquidations by default, fills if chosen). */
function tell(store: OrdersStore, update: LiveUserUpdate): void {
  const wallet = store.wallet(update.user)?.wallet;
  if (!wallet) return;
  const { liquidations, fills } = liveNotices(settings.ordersLiveNotifications(), update);
  if (liquidations.length > 0) void notify('warning', liquidationMessage({ wallet, liquidations }));
  if (fills.length === 0) return;
  const name = wallet.label || shortAddress(wallet.address);
  const f = fills[fills.length - 1]!;
  void notify(
    'info',
    fills.length === 1
      ? vscode.l10n.t('{0}: filled {1} {2} @ {3}.', name, readableDecimal(f.sz), f.coin, readableDecimal(f.px))
      : vscode.l10n.t('{0}: {1} fills, the last {2} {3} @ {4}.', name, fills.length, readableDecimal(f.sz), f.coin, readableDecimal(f.px)),
  );
}

function liquidationMessage({ wallet, liquidations }: LiquidationNotice): string {
  const name = wallet.label || shortAddress(wallet.address);
  const first = liquidations[0]!;
  return liquidations.length === 1
    ? vscode.l10n.t('{0} was liquidated: a position worth {1} USD was closed (account value {2} USD).', name, first.notional, first.accountValue)
    : vscode.l10n.t('{0} was liquidated {1} times.', name, liquidations.length);
}

/** What the tree says of a wallet's live state; undefined when live updates are off (polled as always). */
export function liveStatusText(status: LiveStatus): { text: string; tooltip: string } | undefined {
  switch (status.kind) {
    case 'live':
      return {
        text: vscode.l10n.t('live'),
        tooltip: vscode.l10n.t('Live: Hyperliquid’s WebSocket sends this wallet’s orders and fills as they happen; it is not polled.'),
      };
    case 'connecting':
      return { text: vscode.l10n.t('connecting…'), tooltip: vscode.l10n.t('Connecting to Hyperliquid’s WebSocket; polled meanwhile.') };
    case 'reconnecting':
      return {
        text: vscode.l10n.t('reconnecting…'),
        tooltip: vscode.l10n.t('The connection to Hyperliquid’s WebSocket dropped: polled until it is back, then caught up (no fill missed or shown twice).'),
      };
    case 'polled':
      switch (status.why) {
        case 'off':
          return undefined;
        case 'notAllowed':
          return {
            text: vscode.l10n.t('polled (live data not allowed)'),
            tooltip: vscode.l10n.t('Polled: following a wallet live sends its address to Hyperliquid’s servers, which you have not allowed on this network.'),
          };
        case 'limit':
          return {
            text: vscode.l10n.t('polled (over 10 live wallets)'),
            tooltip: vscode.l10n.t('Polled: Hyperliquid follows at most 10 wallets per IP address live, and 10 others are live.'),
          };
        case 'unavailable':
          return {
            text: vscode.l10n.t('polled (no WebSocket)'),
            tooltip: vscode.l10n.t('Polled: no usable address for Hyperliquid’s WebSocket on this network.'),
          };
      }
  }
}
