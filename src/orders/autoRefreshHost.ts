/**
 * Keeps automatic refreshes within Hyperliquid's request-weight budget: they wait for room in the ledger
 * every refresh spends from, stretch their interval when refreshes are heavy, and pause when one refresh
 * alone weighs more than they may spend in a minute. A stretch and a pause are each said once (until
 * the interval is back to the setting).
 */
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { AutoRefreshSchedule } from './autoRefresh';
import type { OrdersStore } from './ordersStore';
import { notify } from '../platform/notify';
import { AUTO_REFRESH_ALLOWANCE, AUTO_REFRESH_BUDGET_SHARE, WEIGHT_PER_MINUTE } from './weightLedger';

/** Call after every refresh of all wallets and every change of the interval: the schedule learns the weight. */
export function refreshBudget(services: Services, store: OrdersStore, schedule: AutoRefreshSchedule, view: { description?: string }): () => void {
  schedule.setRoomWait(() => store.waitBeforeRefresh({ share: AUTO_REFRESH_BUDGET_SHARE }));
  let loggedAt = 0;
  let stretchSaid = false;
  let pauseSaid = false;
  const update = () => {
    schedule.setRefreshWeight(store.refreshWeight);
    if (schedule.paused) {
      view.description = vscode.l10n.t('auto-refresh paused: over budget');
      if (!pauseSaid) sayPaused(services, store.refreshWeight);
      pauseSaid = true;
      return;
    }
    pauseSaid = false;
    const interval = settings.autoRefreshSeconds();
    const stretched = schedule.effectiveIntervalSeconds;
    if (interval <= 0 || stretched <= interval) {
      view.description = undefined;
      loggedAt = 0;
      stretchSaid = false;
      return;
    }
    // The stretch follows each refresh's weight, so it moves by a few seconds: the view says the current
    // interval, the log each change, and the notification comes once until the interval is back to the setting.
    view.description = vscode.l10n.t('every {0} s (request budget)', stretched);
    if (stretched === loggedAt) return;
    loggedAt = stretched;
    services.log.warn(
      `Automatic refresh every ${interval} s would exceed the request-weight budget (weight ${store.refreshWeight} per refresh); refreshing every ${stretched} s instead.`,
    );
    if (stretchSaid) return;
    stretchSaid = true;
    void notify(
      'warning',
      vscode.l10n.t(
        'Refreshing every {0} s would exceed Hyperliquid’s request budget for these wallets and dexs; Open Orders refreshes every {1} s instead.',
        interval,
        stretched,
      ),
    );
  };
  // Fewer wallets or dexs may make a paused refresh fit again.
  services.context.subscriptions.push(store.onDidChange((address) => address === undefined && update()));
  return update;
}

function sayPaused({ log }: Services, weight: number): void {
  log.warn(`Automatic refresh paused: one refresh weighs ${weight}, more than the ${AUTO_REFRESH_ALLOWANCE} per minute automatic refreshes may spend.`);
  void notify(
    'warning',
    vscode.l10n.t(
      'One refresh of these wallets weighs {0} of Hyperliquid’s request budget, more than automatic refreshes may spend in a minute ({1} of {2}): automatic refresh is paused. Refresh by hand, or watch fewer wallets or dexs.',
      weight,
      AUTO_REFRESH_ALLOWANCE,
      WEIGHT_PER_MINUTE,
    ),
  );
}
