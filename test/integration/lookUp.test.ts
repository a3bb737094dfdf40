// Hyperliquid: Look Up… in a real extension host, run with an argument as a link, a keybinding or another
// extension would: what each kind of value opens, what it refuses before any request, what it remembers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import type { LookUpOutcome } from '../../src/lookUp/lookUpCommand';
import type { Services } from '../../src/platform/services';
import { disconnectedServices } from './activated';

function lookUp(arg?: unknown): Thenable<LookUpOutcome | undefined> {
  return vscode.commands.executeCommand<LookUpOutcome | undefined>('hyperliquidExplorer.lookUp', arg);
}

/** The tabs of our webview panels of one type (VS Code prefixes the viewType). */
function tabsOf(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

describe('Look Up… in the extension host', function () {
  this.timeout(60_000);
  let services: Services;

  before(async () => {
    services = await disconnectedServices();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await services?.connection.stopDemo();
  });

  it('refuses what is no block, hash, address or contract name before anything else (not even the no-key prompt)', async () => {
    assert.equal(services.connection.mode, 'none');
    // A single word (`vault`) may name a contract of the workspace, so it goes on; words with spaces or signs cannot.
    for (const bad of ['0x12zz', `0x${'a'.repeat(63)}`, 'the vault', 'vault!']) {
      const result = await Promise.race([lookUp(bad), new Promise((r) => setTimeout(() => r('waited'), 3_000))]);
      assert.equal(result, undefined, `${bad}: ${JSON.stringify(result)}`);
    }
  });

  it('a block opens the block page; a transaction hash the transaction page; a block hash its block', async () => {
    await services.connection.startDemo();
    assert.deepEqual(await lookUp('6699'), { kind: 'block', block: 6699 });
    assert.ok(tabsOf('hyperliquidExplorer.block').some((t) => t.label === 'Block 6,699'));
    assert.deepEqual(await lookUp(DEMO_SAMPLES.transferTx.toUpperCase().replace('0X', '0x')), { kind: 'transaction', hash: DEMO_SAMPLES.transferTx });
    assert.equal(tabsOf('hyperliquidExplorer.transaction').length, 1);
    assert.deepEqual(await lookUp(DEMO_SAMPLES.blockHash), { kind: 'block', block: DEMO_SAMPLES.blockWithTransactions });
  });

  it('a hash that is neither says so', async () => {
    assert.deepEqual(await lookUp(DEMO_SAMPLES.unknownHash), { kind: 'notFound', hash: DEMO_SAMPLES.unknownHash });
  });

  it('an address: contract or account with its balance, then its actions (closed here without one)', async () => {
    const pending = lookUp(DEMO_SAMPLES.account);
    await new Promise((r) => setTimeout(r, 1_000)); // the actions' quick pick is open now
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const result = await pending;
    assert.deepEqual(result, {
      kind: 'address',
      summary: { address: DEMO_SAMPLES.account.toLowerCase(), kind: 'account', balance: DEMO_SAMPLES.accountBalanceWei },
    });
  });

  it('remembers what it found, newest first, and not what it did not', () => {
    const recent = services.context.globalState.get<string[]>('hyperliquidExplorer.recentLookUps');
    // One list with the block page's: the block a block hash found is remembered by the page, before the hash.
    assert.deepEqual(recent?.slice(0, 5), [
      DEMO_SAMPLES.account.toLowerCase(),
      DEMO_SAMPLES.blockHash,
      String(DEMO_SAMPLES.blockWithTransactions),
      DEMO_SAMPLES.transferTx,
      '6699',
    ]);
  });
});
