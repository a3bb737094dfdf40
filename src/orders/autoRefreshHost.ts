/**
 * Keeps automatic refreshes within the provider's budget (requests per second at the user's provider,
 * Hyperliquid's request weight on its public API): they wait for room in the ledger every refresh spends from, stretch their interval when refreshes are heavy, and pause when one refresh
 * alone weighs more than they may spend in a minute. A stretch and a pause are each said once (until
 * the interval is back to the setting).
 */
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { AutoRefreshSchedule } from './autoRefresh';
import type { OrdersStore } from './ordersStore';
import { notify } from '../platform/notify';
import type { WeightLedger } from '../core/weightLedger';
import { AUTO_REFRESH_BUDGET_SHARE } from './requestTally';

/** Call after every refresh of all wallets and every change of the interval: the schedule learns the weight. */
export function refreshBudget(services: Services, store: OrdersStore, schedule: AutoRefreshSchedule, view: { description?: string }): () => void {
  schedule.setRoomWait(() => store.waitBeforeRefresh({ share: AUTO_REFRESH_BUDGET_SHARE }));
  let loggedAt = 0;
  let stretchSaid = false;
  let pauseSaid = false;
  const update = () => {
    const ledger = store.ledger;
    schedule.setRefreshWeight(store.refreshWeight, ledger.perMinute * AUTO_REFRESH_BUDGET_SHARE);
    if (schedule.paused) {
      view.description = vscode.l10n.t('auto-refresh paused: over budget');
      if (!pauseSaid) sayPaused(services, store.refreshWeight, ledger);
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
      ledger.unit === 'weight'
        ? vscode.l10n.t(
            'Refreshing every {0} s would exceed Hyperliquid’s request budget for these wallets and dexs; Open Orders refreshes every {1} s instead.',
            interval,
            stretched,
          )
        : vscode.l10n.t(
            'Refreshing every {0} s would exceed half of your provider’s rate ({1} requests a second) for these wallets and dexs; Open Orders refreshes every {2} s instead.',
            interval,
            ledger.limit,
            stretched,
          ),
    );
  };
  // Fewer wallets or dexs may make a paused refresh fit again.
  services.context.subscriptions.push(store.onDidChange((address) => address === undefined && update()));
  return update;
}

function sayPaused({ log }: Services, weight: number, ledger: WeightLedger): void {
  const allowance = ledger.perMinute * AUTO_REFRESH_BUDGET_SHARE;
  log.warn(`Automatic refresh paused: one refresh weighs ${weight}, more than the ${allowance} per minute automatic refreshes may spend.`);
  void notify(
    'warning',
    ledger.unit === 'weight'
      ? vscode.l10n.t(
          'One refresh of these wallets weighs {0} of Hyperliquid’s request budget, more than automatic refreshes may spend in a minute ({1} of {2}): automatic refresh is paused. Refresh by hand, or watch fewer wallets or dexs.',
          weight,
          allowance,
          ledger.perMinute,
        )
      : vscode.l10n.t(
          'One refresh of these wallets sends {0} requests, more than automatic refreshes may send to your provider in a minute ({1} of {2}): automatic refresh is paused. Refresh by hand, watch fewer wallets or dexs, or raise hyperliquidExplorer.providerRequestsPerSecond to your plan’s rate.',
          weight,
          allowance,
          ledger.perMinute,
        ),
  );
}
