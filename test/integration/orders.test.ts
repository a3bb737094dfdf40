// The Open Orders view in a real extension host: Try Demo Data fills it with the demo node's wallets;
// Watch / Stop Watching / Rename through their commands (with arguments, as automation would call them)
// and the setting `hyperliquidExplorer.wallets`.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Services } from '../../src/platform/services';
import type { WalletSummary } from '../../src/orders/ordersStore';
import { DEMO_WALLETS } from '../../src/demo/orders';
import { disconnectedServices } from './activated';

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;
const MIXED_CASE = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

const walletsSetting = () => vscode.workspace.getConfiguration('hyperliquidExplorer').get<{ address: string; label?: string }[]>('wallets', []);

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Open Orders in the extension host', function () {
  this.timeout(60_000);
  let services: Services;

  before(async () => {
    services = await disconnectedServices();
    await vscode.workspace.getConfiguration('hyperliquidExplorer').update('wallets', undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('hyperliquidExplorer').update('wallets', undefined, vscode.ConfigurationTarget.Global);
    await services?.connection.stopDemo();
  });

  it('Try Demo Data shows the demo node’s wallets, labelled and marked demo, with their orders', async () => {
    const switched = new Promise<void>((resolve) => {
      const sub = services.connection.onDidChange(() => {
        sub.dispose();
        resolve();
      });
    });
    // The command waits on its notification's button, so it is not awaited here.
    void vscode.commands.executeCommand('hyperliquidExplorer.tryDemo');
    await switched;
    await until('demo mode', () => services.connection.isDemo);
    const summaries = (await vscode.commands.executeCommand<WalletSummary[]>('hyperliquidExplorer.refreshOrders'))!;
    assert.deepEqual(
      summaries.map((s) => [s.address, s.label, s.demo]),
      DEMO_WALLETS.map((w) => [w.address, w.label, true]),
    );
    const byAddress = new Map(summaries.map((s) => [s.address, s]));
    const m = byAddress.get(maker.address)!;
    assert.equal(m.error, undefined, 'one failing dex does not fail the wallet');
    assert.deepEqual(m.failedDexs, ['outage']);
    assert.deepEqual(
      m.groups.map((g) => g.label),
      ['Perps', 'flx', 'outage', 'xyz', 'Spot', 'Outcomes'],
    );
    assert.equal(
      m.orderCount,
      m.groups.reduce((n, g) => n + g.orders, 0),
    );
    assert.equal(byAddress.get(whale.address)!.orderCount, 5000);
    assert.equal(byAddress.get(empty.address)!.orderCount, 0);
  });

  it('a second refresh lists what went since the first', async () => {
    const summaries = (await vscode.commands.executeCommand<WalletSummary[]>('hyperliquidExplorer.refreshOrders'))!;
    const m = summaries.find((s) => s.address === maker.address)!;
    assert.ok(m.gone > 0, 'the demo maker’s orders change between answers');
    assert.deepEqual(m.goneFates, ['filled', 'filled', 'filled'], 'orderStatus says what became of each (slot 0 of each book fills)');
    assert.equal(summaries.find((s) => s.address === whale.address)!.gone, 0);
  });

  it('Watch Wallet refuses an invalid address before anything is stored or sent', async () => {
    const before = services.connection.isDemo ? walletsSetting() : [];
    const added = await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.watchWallet', '0x1234');
    assert.equal(added, false);
    assert.deepEqual(walletsSetting(), before);
  });

  it('Watch Wallet stores the address lowercase with its label; a second time is refused', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.watchWallet', MIXED_CASE, 'Treasury'), true);
    assert.deepEqual(walletsSetting(), [{ address: MIXED_CASE.toLowerCase(), label: 'Treasury' }]);
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.watchWallet', MIXED_CASE.toLowerCase()), false);
    assert.equal(walletsSetting().length, 1);
    const summary = await vscode.commands.executeCommand<WalletSummary>('hyperliquidExplorer.refreshWallet', MIXED_CASE);
    assert.equal(summary?.demo, false);
    assert.equal(summary?.orderCount, 0, 'an address the demo node does not know has no orders');
  });

  it('Rename Wallet changes the label; an empty label goes back to the address', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.renameWallet', MIXED_CASE, 'Cold storage'), true);
    assert.deepEqual(walletsSetting(), [{ address: MIXED_CASE.toLowerCase(), label: 'Cold storage' }]);
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.renameWallet', MIXED_CASE, ''), true);
    assert.deepEqual(walletsSetting(), [{ address: MIXED_CASE.toLowerCase() }]);
  });

  it('demo wallets cannot be unwatched; a watched one can', async () => {
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.unwatchWallet', maker.address), false);
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.unwatchWallet', MIXED_CASE), true);
    assert.deepEqual(walletsSetting(), []);
  });

  it('the demo wallets go away when demo data is off', async () => {
    await services.connection.stopDemo();
    const summary = await vscode.commands.executeCommand<WalletSummary | undefined>('hyperliquidExplorer.refreshWallet', maker.address);
    assert.equal(summary, undefined);
  });
});
