/**
 * The auto-refresh's VS Code side under a moving stretch: the soak saw the budget's interval follow each
 * refresh's weight (18, 26, 25, 26 s in ten minutes) and the warning come once per change, four
 * notifications where one would do. Run with the `vscode` stand-in, as the other hostile node suites.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { refreshBudget } from '../../../src/orders/autoRefreshHost';
import type { AutoRefreshSchedule } from '../../../src/orders/autoRefresh';
import type { OrdersStore } from '../../../src/orders/ordersStore';
import { Log } from '../../../src/platform/log';
import type { Services } from '../../../src/platform/services';
import * as host from '../support/vscodeStub';

describe('hostile: the budget’s stretch of automatic refreshes is said once, not at every change', () => {
  before(async () => {
    host.resetHost();
    await host.setConfiguration('hyperliquidExplorer.autoRefreshSeconds', 5);
  });
  after(() => host.resetHost());

  it('one warning for a stretch that moves (18, 26, 25, 26 s); the view says the current interval; a new stretch after a return to the setting is said again', () => {
    const context = host.extensionContext() as unknown as vscode.ExtensionContext;
    const services = { context, log: new Log(), connection: undefined } as unknown as Services;
    const schedule = { paused: false, effectiveIntervalSeconds: 5, setRoomWait: () => undefined, setRefreshWeight: () => undefined };
    // Hyperliquid's public API as the provider: its budget is request weight, 1,200 a minute.
    const ledger = { unit: 'weight', limit: 1200, perMinute: 1200 };
    const store = { refreshWeight: 254, ledger, waitBeforeRefresh: () => 0, onDidChange: () => ({ dispose: () => undefined }) };
    const view: { description?: string } = {};
    const update = refreshBudget(services, store as unknown as OrdersStore, schedule as unknown as AutoRefreshSchedule, view);
    const warnings = () => host.recorded.notifications.filter((n) => n.severity === 'warning').map((n) => n.message);
    for (const seconds of [18, 26, 25, 26]) {
      schedule.effectiveIntervalSeconds = seconds;
      update();
    }
    assert.deepEqual(warnings(), [
      'Refreshing every 5 s would exceed Hyperliquid’s request budget for these wallets and dexs; Open Orders refreshes every 18 s instead.',
    ]);
    assert.equal(view.description, 'every 26 s (request budget)');
    assert.equal(host.recorded.logLines.filter((l) => l.includes('would exceed the request-weight budget')).length, 4, 'the log has every change');
    schedule.effectiveIntervalSeconds = 5;
    update();
    assert.equal(view.description, undefined);
    schedule.effectiveIntervalSeconds = 30;
    update();
    assert.equal(warnings().length, 2, 'a new stretch is said');
  });
});
