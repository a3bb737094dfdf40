/**
 * Open Orders asks VS Code to redraw the wallets a refresh changed in one event. VS Code sends the first
 * event of a burst at once and holds each later one until the tree's events have paused 200 ms: five
 * wallets redrawn one by one showed the last four 200 ms after the refresh had ended. Run with the
 * `vscode` stand-in against the demo node.
 */
import * as assert from 'node:assert/strict';
import { createProviderClients } from '../../../src/core/provider';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../../src/demo/demoNode';
import { OpenOrdersSource } from '../../../src/orders/openOrdersSource';
import type { OrdersStore } from '../../../src/orders/ordersStore';
import { OpenOrdersTree, type OrdersNode } from '../../../src/orders/ordersTree';
import { listing, ordersStoreOver } from '../../support/ordersHarness';
import * as host from '../support/vscodeStub';

describe('hostile: a refresh of several wallets redraws them in one event', function () {
  this.timeout(60_000);
  const key = 'redraws-key';
  let node: DemoNode;
  let source: OpenOrdersSource;
  let store: OrdersStore;
  let tree: OpenOrdersTree;

  before(async () => {
    host.resetHost();
    node = await startDemoNode({ apiKey: key });
    const clients = createProviderClients(node.baseUrl, key, { timeoutMs: 10_000 });
    source = new OpenOrdersSource(clients.info, { note: () => undefined, wantMids: () => true });
    const wallets = DEMO_WALLETS.map((w) => listing(w.address, w.label, [...w.dexes]));
    store = ordersStoreOver(source, { wallets: () => wallets });
    tree = new OpenOrdersTree(store, () => true);
  });

  after(async () => {
    tree?.dispose();
    store?.dispose();
    source?.dispose();
    await node?.close();
    host.resetHost();
  });

  it('every wallet drawn before is redrawn by a single event when the refresh ends', async () => {
    await store.refreshAll(); // the first draws
    await new Promise((resolve) => setTimeout(resolve, 50));
    const events: Array<OrdersNode | OrdersNode[] | undefined | void> = [];
    const listener = tree.onDidChangeTreeData((e) => events.push(e));
    try {
      await store.refreshAll();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      listener.dispose();
    }
    assert.equal(events.length, 1, `one event, not ${events.length}`);
    const [event] = events;
    assert.ok(Array.isArray(event), 'the wallets, named');
    assert.deepEqual(event.map((n) => (n.kind === 'wallet' ? n.address : n.kind)).sort(), DEMO_WALLETS.map((w) => w.address).sort());
  });
});
