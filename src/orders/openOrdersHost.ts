import * as vscode from 'vscode';
import { Settings, settingId } from '../ids';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { holdWarm } from '../platform/warmHolds';
import { networkLabel } from '../platform/networkWords';
import { AutoRefreshSchedule } from './autoRefresh';
import { OpenOrdersTree } from './ordersTree';
import { createOrdersStore } from './ordersStoreHost';
import { refreshBudget } from './autoRefreshHost';
import { walletCommandHandlers } from './walletCommands';
import { startLiveWallets } from './liveWalletsHost';
import type { CommandHandler } from '../platform/commands';
import type { CommandId } from '../ids';

/** What the Open Orders view runs once it is loaded: its tree's data, and its commands' handlers. */
export interface OpenOrders {
  tree: OpenOrdersTree;
  commands: { readonly [C in CommandId]?: CommandHandler };
}

/**
 * The Open Orders view's working parts, loaded the first time the view is shown or one of its commands
 * runs (`index.ts` registers the view and the commands at activation): the store, the tree's data, the
 * commands and the optional automatic refresh.
 */
export function startOpenOrders(services: Services, view: vscode.TreeView<unknown>): OpenOrders {
  const { context, connection } = services;
  const store = createOrdersStore(services);
  const tree = new OpenOrdersTree(store, () => connection.mode !== 'none');
  tree.setLive(startLiveWallets(services, store));
  // Each network has its own wallets: the tree says whose it lists (a message hides the welcome
  // content, so only above wallets; the description, beside the title where VS Code shows it).
  // A refresh the user asked for that waits for room says so first, with the seconds left, until it runs.
  let countdown: ReturnType<typeof setTimeout> | undefined;
  // What the automatic refresh says of the request budget, after the network's name.
  let budgetNote: string | undefined;
  // Each change of the message or the description redraws the view's title area: only real changes go.
  let shown: { message?: string; description?: string } | undefined;
  const showDemoNotice = () => {
    const network = vscode.l10n.t('Network: {0}', networkLabel(connection.network));
    const demo = connection.isDemo ? vscode.l10n.t('Demo data: made-up orders from the built-in demo node.') : undefined;
    const waiting = store.waiting;
    let waits: string | undefined;
    if (countdown !== undefined) clearTimeout(countdown);
    countdown = undefined;
    if (waiting) {
      const seconds = Math.max(1, Math.ceil((waiting.until - Date.now()) / 1000));
      waits =
        waiting.unit === 'weight'
          ? vscode.l10n.t('Refresh waiting for Hyperliquid’s request budget… runs in {0} s.', seconds)
          : vscode.l10n.t('Refresh waiting for the provider’s rate limit… runs in {0} s.', seconds);
      countdown = setTimeout(showDemoNotice, 1000);
    }
    const message = (store.addresses.length === 0 ? [waits, demo] : [waits, demo, network]).filter(Boolean).join(' ') || undefined;
    const description = [networkLabel(connection.network), budgetNote].filter(Boolean).join(' · ');
    if (!shown || shown.message !== message) view.message = message;
    if (!shown || shown.description !== description) view.description = description;
    shown = { message, description };
  };
  showDemoNotice();

  // Paused while the view is hidden or there is no connection; off while the setting is 0.
  const schedule = new AutoRefreshSchedule(async () => (await store.refreshAll({ automatic: true })).flatMap((o) => (o.error === undefined ? [] : [o.error])));
  const budget = refreshBudget(services, store, schedule, {
    set description(note: string | undefined) {
      budgetNote = note;
      showDemoNotice();
    },
  });
  // While the view is visible, its network's connection is kept open for the next refresh.
  let warm: { network: string; hold: vscode.Disposable } | undefined;
  const updateSchedule = () => {
    const active = view.visible && connection.mode !== 'none';
    schedule.update(settings.autoRefreshSeconds(), active);
    budget();
    if (warm && (!active || warm.network !== connection.network)) warm = void warm.hold.dispose();
    if (active && !warm) warm = { network: connection.network, hold: holdWarm(services, connection.network) };
  };
  updateSchedule();

  context.subscriptions.push(
    tree,
    schedule,
    view.onDidChangeVisibility(updateSchedule),
    store.onDidRefreshAll(() => {
      schedule.refreshed();
      budget();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(settingId(Settings.autoRefreshSeconds))) updateSchedule();
    }),
    connection.onDidChange(() => {
      showDemoNotice();
      updateSchedule();
    }),
    store.onDidChange(showDemoNotice),
    store.onDidChangeWaiting((waiting) => {
      if (waiting)
        services.log.info(
          `Open Orders refresh waits ${Math.ceil((waiting.until - Date.now()) / 1000)} s for room in the ${waiting.unit === 'weight' ? "public API's request-weight budget" : "provider's rate limit"}; it runs by itself then.`,
        );
      showDemoNotice();
    }),
    { dispose: () => countdown !== undefined && clearTimeout(countdown) },
  );
  return { tree, commands: walletCommandHandlers(services, store) };
}
