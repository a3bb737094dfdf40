// A transfer from HyperCore (system transaction) on a Chainstack-like provider, read like a person in the
// packaged extension: the demo node plays Chainstack, whose `/evm` answers the transaction with its block
// but a `null` receipt and leaves it out of the block, while its `/nanoreth` includes it (Chainstack's
// "Hyperliquid node configuration"). The page reads a confirmed transfer from HyperCore, not "Pending";
// the block page, asked on `/nanoreth`, lists the transfer.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { DEMO_BLOCKS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

describe('UI: a transfer from HyperCore on a Chainstack-like provider (packaged extension in code-server)', function () {
  this.timeout(150_000);
  let node: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-system-tx', files: { 'README.md': '# scratch workspace\n' } };
  // Registered before useWorkbench's hooks, so the node listens before the workbench reads its settings.
  before(async () => {
    node = await startDemoNode({ provider: 'chainstack', control: true });
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl, 'hyperliquidExplorer.provider': 'chainstack' };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);
  const page = (): FrameLocator => wb().webview();

  it('sets the key of the Chainstack-like demo node', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  });

  it('opens the system transaction: a confirmed transfer from HyperCore with its block, not Pending', async () => {
    const hash = DEMO_SAMPLES.systemTransferTx;
    await wb().runCommand('Hyperliquid: Open Transaction…');
    await wb().fillInputBox(hash);
    await wb()
      .page.locator('.tabs-container .tab', { hasText: `Transaction ${short(hash)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const badge = page().locator('#tx-title .badge');
    await badge.waitFor({ timeout: 30_000 });
    assert.equal((await badge.textContent())?.trim(), 'Success');
    const block = page().locator('[data-field="block"]');
    assert.equal((await block.textContent())?.trim(), DEMO_BLOCKS.sampleBlock.toLocaleString('en-US'));
    const transfer = page().locator('[data-field="hcTransfer"]');
    await transfer.waitFor({ timeout: 30_000 });
    assert.match((await transfer.textContent()) ?? '', /^0\.5 UBTC from HyperCore to 0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    const body = (await page().locator('body').textContent()) ?? '';
    assert.ok(!/Pending/.test(body), 'nothing on the page says Pending');
    assert.equal(await page().locator('[data-notice="systemTxsLeftOut"]').count(), 0, 'the provider has a path with them: no notice');
    await wb().screenshot('system-transfer-chainstack');
  });
});
