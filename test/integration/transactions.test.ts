// Open Transaction in a real extension host: the command with a hash opens the transaction panel (a
// webview tab with our viewType) and reports what it shows (status, trace); a second open of the same
// hash reveals it; a bad argument opens nothing; an unknown hash says so; a node without
// ots_traceTransaction still shows the transaction; closing the panel cancels its load. Data: the
// extension's demo node, and a second demo node started here (with faults).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FAULT_NO_TRACE } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { panelTabs, useDemoData, useStandaloneNode } from './panels';

const VIEW_TYPE = 'hyperliquidExplorer.transaction';

interface TransactionResult {
  hash: string;
  shown: string;
  status?: string;
  trace?: string;
}

function open(arg?: unknown): Thenable<TransactionResult | undefined> {
  return vscode.commands.executeCommand<TransactionResult | undefined>('hyperliquidExplorer.openTransaction', arg);
}

const transactionTabs = () => panelTabs(VIEW_TYPE);

/** The tabs once there are `count` of them: the tab model reaches the extension host a little after a panel opens. */
async function tabsWhen(count: number): Promise<vscode.Tab[]> {
  for (let i = 0; i < 50 && transactionTabs().length !== count; i++) await new Promise((r) => setTimeout(r, 100));
  return transactionTabs();
}

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

describe('Open Transaction in the extension host', function () {
  this.timeout(60_000);
  const services = useDemoData(VIEW_TYPE);

  it('opens the page of a transaction given as argument, titled with its hash, and says it succeeded', async () => {
    const result = await open(DEMO_SAMPLES.erc20TransferTx);
    assert.deepEqual(result, { hash: DEMO_SAMPLES.erc20TransferTx, shown: 'transaction', status: 'success', trace: 'ok' });
    const tabs = await tabsWhen(1);
    assert.equal(tabs.length, 1);
    assert.equal(tabs[0].label, `Transaction ${short(DEMO_SAMPLES.erc20TransferTx)}`);
  });

  it('reveals the open panel on a second open of the same hash, in any case', async () => {
    const upper = `0x${DEMO_SAMPLES.erc20TransferTx.slice(2).toUpperCase()}`;
    assert.equal((await open(upper))?.shown, 'transaction');
    await new Promise((r) => setTimeout(r, 500)); // a second tab, if one were opened, would show by now
    assert.equal(transactionTabs().length, 1);
  });

  it('says a failed transaction failed', async () => {
    assert.deepEqual(await open(DEMO_SAMPLES.failedTx), { hash: DEMO_SAMPLES.failedTx, shown: 'transaction', status: 'failed', trace: 'ok' });
    assert.equal((await tabsWhen(2)).length, 2);
  });

  it('says so for a hash that is no transaction on this chain', async () => {
    assert.deepEqual(await open(DEMO_SAMPLES.unknownHash), { hash: DEMO_SAMPLES.unknownHash, shown: 'notFound' });
  });

  it('refuses a bad argument before any request, and opens no panel', async () => {
    const before = (await tabsWhen(3)).length;
    for (const bad of ['0x1234', DEMO_SAMPLES.erc20TransferTx.slice(2), 42, { hash: DEMO_SAMPLES.failedTx }])
      assert.equal(await open(bad), undefined, String(bad));
    assert.equal(transactionTabs().length, before);
  });

  describe('against a provider that misbehaves', () => {
    const node = useStandaloneNode(services, VIEW_TYPE, { setKey: true });

    it('without ots_traceTransaction: the transaction is shown, its trace says it is not served', async () => {
      node().setFaults([DEMO_FAULT_NO_TRACE]);
      assert.deepEqual(await open(DEMO_SAMPLES.internalTransfersTx), {
        hash: DEMO_SAMPLES.internalTransfersTx,
        shown: 'transaction',
        status: 'success',
        trace: 'unsupported',
      });
    });

    it('is cancelled with the panel: a hanging node does not keep the load', async () => {
      node().setFaults([{ kind: 'hang' }]);
      const pending = open(DEMO_SAMPLES.panicTx);
      let tab: vscode.Tab | undefined;
      for (let i = 0; i < 100 && !tab; i++) {
        await new Promise((r) => setTimeout(r, 100));
        tab = transactionTabs().find((t) => t.label === `Transaction ${short(DEMO_SAMPLES.panicTx)}`);
      }
      assert.ok(tab, 'the panel is open while it loads');
      await vscode.window.tabGroups.close(tab);
      const result = await pending;
      assert.equal(result?.hash, DEMO_SAMPLES.panicTx);
      assert.notEqual(result?.shown, 'transaction');
    });
  });
});
