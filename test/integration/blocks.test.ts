// Look Up Block in a real extension host: the command with an argument opens the block panel (a webview
// tab with our viewType), a second lookup of the same block reveals it, and each outcome (block, no such
// block, bad key, rate limit, cancelled) is what the command reports. Data: the extension's own demo
// node, and a second demo node started here (with a wrong key and faults) for the error states.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Services } from '../../src/platform/services';
import type { DemoNode } from '../../src/demo/demoNode';
import { DEMO_PRUNED_BELOW, demoBlockDetails } from '../../src/demo/chain';
import { DEMO_BLOCKS, DEMO_HEAD } from '../../src/demo/demoNode';
import { closePanelTabs, panelTabs, useDemoData, useStandaloneNode } from './panels';

const VIEW_TYPE = 'hyperliquidExplorer.block';

interface LookupResult {
  blockNumber: number | null;
  shown: string;
}

function lookUp(arg?: unknown): Thenable<LookupResult | undefined> {
  return vscode.commands.executeCommand<LookupResult | undefined>('hyperliquidExplorer.lookUpBlock', arg);
}

const blockTabs = () => panelTabs(VIEW_TYPE);
const closeBlockTabs = () => closePanelTabs(VIEW_TYPE);

describe('Look Up Block in the extension host', function () {
  this.timeout(60_000);
  const demo = useDemoData(VIEW_TYPE);
  let services: Services;
  before(() => {
    services = demo();
  });

  it('opens a block panel for a number given as argument, titled with the block', async () => {
    const result = await lookUp(DEMO_BLOCKS.smallBlock);
    assert.deepEqual(result, { blockNumber: DEMO_BLOCKS.smallBlock, shown: 'block' });
    const tabs = blockTabs();
    assert.equal(tabs.length, 1);
    assert.equal(tabs[0].label, `Block ${DEMO_BLOCKS.smallBlock.toLocaleString('en-US')}`);
  });

  it('reveals the open panel on a second lookup of the same block, however it is written', async () => {
    const hex = `0x${DEMO_BLOCKS.smallBlock.toString(16)}`;
    assert.deepEqual(await lookUp(hex), { blockNumber: DEMO_BLOCKS.smallBlock, shown: 'block' });
    assert.deepEqual(await lookUp(String(DEMO_BLOCKS.smallBlock)), { blockNumber: DEMO_BLOCKS.smallBlock, shown: 'block' });
    assert.equal(blockTabs().length, 1);
  });

  it('opens a spec-shaped block and the latest block in panels of their own', async () => {
    assert.deepEqual(await lookUp(DEMO_BLOCKS.bigBlock), { blockNumber: DEMO_BLOCKS.bigBlock, shown: 'block' });
    assert.deepEqual(await lookUp('latest'), { blockNumber: DEMO_HEAD, shown: 'block' });
    assert.equal(blockTabs().length, 3);
  });

  it('remembers the lookups, latest first', () => {
    // The one recent-lookups list (Look Up…'s), which keeps the text a lookup is typed as.
    const recent = services.context.globalState.get<string[]>('hyperliquidExplorer.recentLookUps');
    assert.deepEqual(recent?.slice(0, 3), [DEMO_HEAD, DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.smallBlock].map(String));
  });

  it('says so for a block above the head', async () => {
    assert.deepEqual(await lookUp(DEMO_HEAD + 1), { blockNumber: DEMO_HEAD + 1, shown: 'notFound' });
  });

  it('says the node does not have a block below the head (pruned), rather than that it does not exist', async () => {
    assert.deepEqual(await lookUp(DEMO_PRUNED_BELOW - 1), { blockNumber: DEMO_PRUNED_BELOW - 1, shown: 'pruned' });
  });

  it('refuses a bad argument before any request, and opens no panel', async () => {
    const before = blockTabs().length;
    for (const bad of [-1, 1.5, '0xzz', 2 ** 53]) assert.equal(await lookUp(bad), undefined, String(bad));
    assert.equal(blockTabs().length, before);
  });

  describe('against a provider that misbehaves', () => {
    const standalone = useStandaloneNode(demo, VIEW_TYPE);
    const config = () => vscode.workspace.getConfiguration('hyperliquidExplorer');
    let node: DemoNode;
    before(() => {
      node = standalone();
    });

    it('shows a rejected key, and loads the block by itself once the right key is set', async () => {
      await services.connection.setApiKey('not-the-demo-key');
      assert.deepEqual(await lookUp(DEMO_BLOCKS.emptyBlock), { blockNumber: DEMO_BLOCKS.emptyBlock, shown: 'badKey' });
      await services.connection.setApiKey(node.apiKey);
      // The panel retries on the connection change by itself; asking again reveals it, loading or loaded.
      let result = await lookUp(DEMO_BLOCKS.emptyBlock);
      for (let i = 0; i < 50 && result?.shown === 'loading'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        result = await lookUp(DEMO_BLOCKS.emptyBlock);
      }
      assert.deepEqual(result, { blockNumber: DEMO_BLOCKS.emptyBlock, shown: 'block' });
      assert.equal(blockTabs().length, 1);
    });

    it('shows a rate limit', async () => {
      node.setFaults([{ kind: 'status', status: 429, retryAfter: '120' }]);
      assert.deepEqual(await lookUp(DEMO_BLOCKS.bigBlock - 1), { blockNumber: DEMO_BLOCKS.bigBlock - 1, shown: 'rateLimited' });
    });

    it('shows a JSON-RPC error whose message carries markup', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: '<img src=x onerror=alert(1)>' } });
      node.setFaults([{ kind: 'respond', body, endpoint: 'evm', method: 'ots_getBlockDetails', echoId: true }]);
      const result = await lookUp(DEMO_BLOCKS.bigBlock - 2);
      // The error answers the request itself (its id echoed): the JSON-RPC error is what is reported.
      assert.equal(result?.shown, 'other');
    });

    it('refuses a slim block claiming 2^32 transactions with a problem, instead of a page stuck on Loading', async () => {
      const n = DEMO_BLOCKS.smallBlock;
      const result = demoBlockDetails(n, Math.floor(Date.now() / 1000)) as { block: Record<string, unknown> };
      result.block.transactionCount = 2 ** 32;
      await closeBlockTabs();
      // Fresh clients, so that the panel's one request is JSON-RPC id 1, as in the answer.
      await services.connection.setApiKey('another-key');
      await services.connection.setApiKey(node.apiKey);
      // SecretStorage's change events arrive a moment later and rebuild the clients once more.
      await new Promise((r) => setTimeout(r, 500));
      node.setFaults([{ kind: 'respond', endpoint: 'evm', method: 'ots_getBlockDetails', body: JSON.stringify({ jsonrpc: '2.0', id: 1, result }) }]);
      assert.deepEqual(await lookUp(n), { blockNumber: n, shown: 'other' });
      await closeBlockTabs();
    });

    it('sends JSON-RPC to the path the EVM path setting names', async () => {
      await closeBlockTabs();
      await config().update('evmPath', 'nanoreth', vscode.ConfigurationTarget.Global);
      try {
        // The demo node serves /evm only: /nanoreth is a 404, which says to check the settings.
        assert.deepEqual(await lookUp(DEMO_BLOCKS.bigBlock - 5), { blockNumber: DEMO_BLOCKS.bigBlock - 5, shown: 'config' });
      } finally {
        await config().update('evmPath', undefined, vscode.ConfigurationTarget.Global);
      }
      await closeBlockTabs();
      assert.deepEqual(await lookUp(DEMO_BLOCKS.bigBlock - 5), { blockNumber: DEMO_BLOCKS.bigBlock - 5, shown: 'block' });
    });

    it('is cancelled with the panel: a hanging node does not keep the lookup', async () => {
      node.setFaults([{ kind: 'hang' }]);
      const pending = lookUp(DEMO_BLOCKS.bigBlock - 3);
      const label = `Block ${(DEMO_BLOCKS.bigBlock - 3).toLocaleString('en-US')}`;
      // The tab model reaches the extension host a little after the panel opens.
      let tab: vscode.Tab | undefined;
      for (let i = 0; i < 100 && !tab; i++) {
        await new Promise((r) => setTimeout(r, 100));
        tab = blockTabs().find((t) => t.label === label);
      }
      assert.ok(tab, 'the panel is open while it loads');
      await vscode.window.tabGroups.close(tab);
      const result = await pending;
      assert.equal(result?.blockNumber, DEMO_BLOCKS.bigBlock - 3);
      assert.notEqual(result?.shown, 'block');
    });
  });
});
