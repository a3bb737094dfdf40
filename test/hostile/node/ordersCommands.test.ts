/**
 * The extension's real Open Orders commands, store host, tree, connection and log, run under Node (with the
 * `vscode` stand-in of support/vscodeStub.ts) against the real demo node behind a hostile proxy:
 * - the key is in secret storage only, and in no tree item, tooltip, log line or notification;
 * - Copy Order as JSON copes with an order nested as deep as answers may be (one nested 100,000 deep is
 *   refused before parsing, and the last orders stay);
 * - whatever is typed as a wallet label, and whatever the wallets setting holds, nothing breaks.
 * The store's refreshes under faults, markup and rate limits: ordersStore.test.ts.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as vscode from 'vscode';
import { keyOrigin, keyStorageId } from '../../../src/core/keyOrigin';
import { DEMO_WALLETS } from '../../../src/demo/demoNode';
import type { OrdersStore, WalletSummary } from '../../../src/orders/ordersStore';
import { createOrdersStore } from '../../../src/orders/ordersStoreHost';
import { OpenOrdersTree } from '../../../src/orders/ordersTree';
import { walletCommandHandlers } from '../../../src/orders/walletCommands';
import { registerCommands } from '../../../src/platform/commands';
import { registerApiKeyCommands } from '../../../src/platform/apiKeyCommands';
import { Connection } from '../../../src/platform/connection';
import { Log } from '../../../src/platform/log';
import type { Services } from '../../../src/platform/services';
import { figures, incident } from '../support/figures';
import type { LeakWatch } from '../support/leaks';
import { useHostileProxy } from '../support/craftedAnswers';
import { checkNoLeak } from '../../support/ordersHarness';
import type { HostileProxy } from '../support/hostileProxy';
import { revealInvisibles } from '../../../src/view/escape';
import { assertMarkdownIsText, MARKUP_PAYLOADS } from '../support/markup';
import * as host from '../support/vscodeStub';

type Json = any;

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const SECTION = 'hyperliquidExplorer';
const cmd = <T>(id: string, ...args: unknown[]) => vscode.commands.executeCommand<T>(`${SECTION}.${id}`, ...args);

describe('hostile: the real Open Orders commands and tree (Node, demo node behind a hostile proxy)', function () {
  this.timeout(60_000);
  const setup = useHostileProxy({ node: { control: true }, clients: false });
  const key = setup.key;
  let proxy: HostileProxy;
  let leaks: LeakWatch;
  let services: Services;
  let store: OrdersStore;
  let tree: OpenOrdersTree;

  before(async () => {
    host.resetHost();
    ({ proxy, leaks } = setup);
    await host.setConfiguration(`${SECTION}.baseUrl`, proxy.baseUrl);
    await host.setConfiguration(`${SECTION}.requestTimeoutSeconds`, 2); // the hang costs 2 s; a loaded machine still answers in time
    const context = host.extensionContext();
    const log = new Log();
    const connection = new Connection(context as unknown as vscode.ExtensionContext, log);
    services = { context: context as unknown as vscode.ExtensionContext, log, connection };
    store = createOrdersStore(services);
    tree = new OpenOrdersTree(store, () => connection.mode !== 'none');
    registerCommands(services.context, walletCommandHandlers(services, store));
    context.subscriptions.push(tree, connection, log);
    registerApiKeyCommands(services);
    // Set API Key, the key typed into its password box.
    host.scripted.inputBoxAnswers.push(key);
    assert.equal(await cmd<boolean>('setApiKey'), true);
  });

  after(async () => {
    for (const d of (services?.context.subscriptions ?? []) as { dispose(): unknown }[]) d.dispose();
    host.resetHost();
  });

  const summaryOf = (all: WalletSummary[] | undefined, address: string) => {
    const s = all?.find((x) => x.address === address);
    assert.ok(s, `a summary for ${address}`);
    return s;
  };

  it('a watched wallet loads through the proxy (control)', async () => {
    assert.equal(await cmd<boolean>('watchWallet', maker.address, 'Maker'), true);
    const s = summaryOf(await cmd<WalletSummary[]>('refreshOrders'), maker.address);
    assert.equal(s.error, undefined);
    assert.ok((s.orderCount ?? 0) > 0);
    assert.equal(s.stale, false);
    checkNoLeak(leaks, 'first load', tree, maker.address, { log: host.recorded.logLines, notifications: host.recorded.notifications.map((n) => n.message) });
  });

  it('a manual refresh with no room left in the provider’s budget is never dropped: it waits, the store says until when, and it runs by itself then (issues 23, 32)', async () => {
    // The budget spent just now (by other refreshes): room comes within the ledger's window.
    store.ledger.spend(store.ledger.limit * 2);
    const before = { requests: proxy.requests, fetchedAt: store.wallet(maker.address)?.last?.snapshot.fetchedAt };
    host.recorded.notifications.length = 0;
    const asked = cmd<WalletSummary[]>('refreshOrders');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(proxy.requests, before.requests, 'no request while the budget has no room');
    assert.ok(store.waiting && store.waiting.until > Date.now(), `the store says until when it waits: ${JSON.stringify(store.waiting)}`);
    const again = cmd<WalletSummary>('refreshWallet', maker.address); // a second click meanwhile: the same refresh, no second question
    const summaries = await asked;
    await again;
    assert.equal(summaryOf(summaries, maker.address).error, undefined);
    assert.notEqual(store.wallet(maker.address)?.last?.snapshot.fetchedAt, before.fetchedAt, 'the refresh ran by itself once there was room');
    assert.ok(proxy.requests > before.requests);
    assert.equal(store.waiting, undefined, 'nothing is left waiting');
    assert.deepEqual(
      host.recorded.notifications.filter((n) => n.severity === 'warning'),
      [],
      'no question: the user asked for a refresh, and it happens',
    );
    while (store.wallet(maker.address)?.refreshing) await new Promise((r) => setTimeout(r, 20));
  });

  it('an order with an unknown field nested as deep as answers may be is shown and copied; nested 100,000 deep, the answer is refused and the orders stay', async () => {
    const orders = () => tree.getChildren(tree.walletNode(maker.address)).flatMap((g) => (g.kind === 'group' ? g.orders : []));
    const mutatedBefore = proxy.mutated;
    try {
      // 62 levels inside an order of the list: 64 in all, the most any answer may have (issue 23).
      proxy.setRule((req, upstream) =>
        (req.methods.includes('openOrders') || req.methods.includes('frontendOpenOrders')) && !(req.json as Json).dex
          ? upstream().then((u) => ({ body: u.body.replace('{"coin"', `{"deep":${'['.repeat(62)}${']'.repeat(62)},"coin"`) }))
          : undefined,
      );
      const s = summaryOf(await cmd<WalletSummary[]>('refreshOrders'), maker.address);
      assert.equal(s.error, undefined, 'an unknown field is not an error');
      const deep = orders().find((o) => 'deep' in o.order.raw);
      assert.ok(deep, 'the order with the deep field is in the tree');
      host.recorded.notifications.length = 0;
      await cmd('copyOrderJson', deep);
      assert.deepEqual(
        host.recorded.notifications.filter((n) => n.severity === 'error'),
        [],
        'no error',
      );
      assert.match(host.recorded.clipboard, /^\{\n  "deep": \[\n/, 'copied as JSON, deep field and all');
      // Past 64 levels the whole answer is refused before parsing: the refresh fails and the orders shown stay.
      // Answered by the proxy alone, so that the demo node's orders do not move on (the tests after this one count on them).
      proxy.setRule((req) =>
        req.methods.includes('openOrders') || req.methods.includes('frontendOpenOrders') ? { body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` } : undefined,
      );
      const failed = await cmd<WalletSummary>('refreshWallet', maker.address);
      assert.ok(failed.error !== undefined || failed.failedDexs.includes(''), `the refresh failed: ${JSON.stringify(failed)}`);
      assert.ok(
        orders().some((o) => o.order.oid === deep.order.oid && 'deep' in o.order.raw),
        'the last orders stay',
      );
      figures.staleChecks += 1;
    } finally {
      proxy.setRule(undefined);
    }
    figures.responsesMutated += proxy.mutated - mutatedBefore;
  });

  it('the key is in secret storage only: no setting, no globalState or workspaceState value, no log line holds it', async () => {
    const context = services.context as unknown as ReturnType<typeof host.extensionContext>;
    assert.equal(await context.secrets.get(keyStorageId('mainnet', keyOrigin(proxy.baseUrl)!)), key, 'the key is in secret storage, for its provider’s origin');
    leaks.checkAll(
      'setting writes',
      host.recorded.settingWrites.map((w) => JSON.stringify(w)),
    );
    leaks.checkAll(
      'globalState writes',
      context.globalState.writes.map((w) => JSON.stringify(w)),
    );
    leaks.checkAll(
      'workspaceState writes',
      context.workspaceState.writes.map((w) => JSON.stringify(w)),
    );
    leaks.checkAll(
      'context keys',
      [...host.recorded.contexts].map((c) => JSON.stringify(c)),
    );
    leaks.checkAll('log', host.recorded.logLines);
  });

  it('whatever is typed as a wallet label: too long is refused in the box and nothing is stored; else it is stored trimmed and shown as text', async () => {
    const other = '0x00000000000000000000000000000000000000aa';
    const label = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.constantFrom(...MARKUP_PAYLOADS),
      fc.string({ unit: fc.constantFrom(' ', '\t', '\n', 'a', '<', '[', '$', '('), maxLength: 70 }),
    );
    await fc.assert(
      fc.asyncProperty(label, async (typed) => {
        const walletsBefore = vscode.workspace.getConfiguration(SECTION).get('wallets');
        const running = cmd<boolean>('watchWallet');
        const box = host.scripted.inputBoxes.at(-1)!;
        box.type(other);
        box.pressEnter();
        box.type(typed);
        box.pressEnter();
        if (typed.trim().length > 60) {
          figures.badInputs += 1;
          assert.equal(box.visible, true, 'the box stays open');
          assert.equal(box.validationMessage, 'Keep the label under 60 characters.');
          box.pressEscape();
          assert.equal(await running, false);
          figures.staleChecks += 1;
          if (JSON.stringify(vscode.workspace.getConfiguration(SECTION).get('wallets')) !== JSON.stringify(walletsBefore)) {
            incident('dataLost', `a refused label changed the wallets: ${JSON.stringify(typed)}`);
            assert.fail('the wallets changed');
          }
          return;
        }
        assert.equal(await running, true);
        const stored = vscode.workspace
          .getConfiguration(SECTION)
          .get<{ address: string; label?: string }[]>('wallets', [])
          .find((w) => w.address === other);
        assert.deepEqual(stored, typed.trim() ? { address: other, label: typed.trim() } : { address: other });
        const item = tree.getTreeItem(tree.walletNode(other)!);
        assert.equal(item.label, revealInvisibles(typed.trim()) || '0x0000…00aa');
        assertMarkdownIsText('wallet tooltip', (item.tooltip as host.MarkdownString).value);
        assert.equal(await cmd<boolean>('unwatchWallet', other), true);
      }),
      { numRuns: 80 },
    );
  });

  it('outside text in a notification reaches VS Code with links and icons escaped: a hand-edited label in a warning and in a fill notice (issue 23, reproduction 1)', async () => {
    const other = '0x00000000000000000000000000000000000000bb';
    const saved = vscode.workspace.getConfiguration(SECTION).get('wallets');
    const before = host.recorded.notifications.length;
    try {
      for (const payload of MARKUP_PAYLOADS) {
        // A label written into settings.json by hand: watching the wallet again warns with it.
        await host.setConfiguration(`${SECTION}.wallets`, [{ address: other, label: payload.slice(0, 60) }]);
        assert.equal(await cmd<boolean>('watchWallet', other), false);
      }
      // A fill notice names the wallet by its label: the demo maker's orders are filled as it refreshes.
      await host.setConfiguration(`${SECTION}.wallets`, [{ address: maker.address, label: '[run](command:workbench.action.terminal.new) $(zap)' }]);
      await host.setConfiguration(`${SECTION}.orders.notifyOnFill`, true);
      const filled = () => host.recorded.notifications.slice(before).some((n) => /filled/.test(n.message));
      // The store's own refresh (the command would wait for room in the minute's weight budget, spent above).
      for (let i = 0; i < 8 && !filled(); i++) await store.refreshAll();
      assert.ok(filled(), 'a fill notice was shown');
    } finally {
      await host.setConfiguration(`${SECTION}.wallets`, saved);
      await host.setConfiguration(`${SECTION}.orders.notifyOnFill`, false);
    }
    const shown = host.recorded.notifications.slice(before).map((n) => n.message);
    assert.ok(
      shown.filter((m) => m.includes('You already watch this wallet')).length >= MARKUP_PAYLOADS.length,
      `the duplicate warnings: ${JSON.stringify(shown)}`,
    );
    assert.ok(
      shown.some((m) => m.includes(']\u200b(command:')),
      'a link in a label is shown as text',
    );
    assert.ok(
      shown.some((m) => m.includes('\\$(alert)')),
      'an icon in a label is shown as text',
    );
    // Each message above was also checked where the stand-in received it (support/vscodeStub.ts): any
    // unescaped link or icon counts as markup rendered, which fails the run.
    assert.equal(figures.markupRendered, 0);
  });

  // Last: showing the tree starts loads for the wallets it finds, which would count in the storms above.
  it('whatever the wallets setting holds (hand-edited), the tree shows valid addresses only and does not throw', async () => {
    const entry = fc.oneof(
      fc.anything(),
      fc.record(
        {
          address: fc.oneof(fc.string(), fc.constant(maker.address.toUpperCase()), fc.constant(` ${maker.address} `)),
          label: fc.anything(),
          dexes: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    const saved = vscode.workspace.getConfiguration(SECTION).get('wallets');
    try {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), fc.array(entry, { maxLength: 5 })), async (value) => {
          await host.setConfiguration(`${SECTION}.wallets`, value);
          figures.badInputs += 1;
          for (const a of store.addresses) assert.match(a, /^0x[0-9a-f]{40}$/);
          for (const n of tree.getChildren()) tree.getTreeItem(n);
        }),
        { numRuns: 200 },
      );
    } finally {
      await host.setConfiguration(`${SECTION}.wallets`, saved);
    }
  });
});
