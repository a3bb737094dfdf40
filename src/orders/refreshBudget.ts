/** Keeps automatic refreshes within Hyperliquid's request-weight budget, and says so when it stretches them. */
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { AutoRefreshSchedule } from './autoRefresh';
import type { OrdersStore } from './ordersStore';
import { notify } from '../platform/notify';

/** Call after every refresh of all wallets: the schedule learns the weight; a new stretch is said once. */
export function refreshBudget(services: Services, store: OrdersStore, schedule: AutoRefreshSchedule): () => void {
  let warnedAt = 0;
  return () => {
    schedule.setRefreshWeight(store.refreshWeight);
    const interval = settings.autoRefreshSeconds();
    const stretched = schedule.effectiveIntervalSeconds;
    if (interval <= 0 || stretched <= interval || stretched === warnedAt) return;
    warnedAt = stretched;
    services.log.warn(`Automatic refresh every ${interval} s would exceed the request-weight budget (weight ${store.refreshWeight} per refresh); refreshing every ${stretched} s instead.`);
    void notify('warning', vscode.l10n.t('Refreshing every {0} s would exceed Hyperliquid’s request budget for these wallets and dexs; Open Orders refreshes every {1} s instead.', interval, stretched),
    );
  };
}
