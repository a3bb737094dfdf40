// A developer with a Foundry project open (the demo's: sources, out/ and broadcast/ for chain 999), driven
// like a person in the packaged extension: opens a failed transaction and reads the custom error by name
// with its arguments; walks the call tree to the call that reverted, with the keyboard; reads a log
// decoded with its parameter names; hovers a deployed address and reads the contract's name. Data: a
// standalone demo node as the provider.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { demoFoundryProject, demoProjectAddresses } from '../../src/demo/foundryProject';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { useWorkbenchOnDemoNode } from './workbench';

const COMMAND = 'Hyperliquid: Open Transaction…';
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;
const { treasury } = demoProjectAddresses();
const FILE = 'deployments.ts';
const files = { ...demoFoundryProject(), [FILE]: `// Where the treasury lives on HyperEVM.\nexport const TREASURY = '${treasury}';\n` };

describe('UI: the workspace’s contracts decode transactions (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const { wb, node } = useWorkbenchOnDemoNode('ui-contracts', files);
  const page = () => wb().page;
  const txPage = (): FrameLocator => wb().webview();

  async function openTransaction(hash: string): Promise<void> {
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(hash);
    await page()
      .locator('.tabs-container .tab', { hasText: `Transaction ${short(hash)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
  }

  const text = async (selector: string) => ((await txPage().locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it('sets the key', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node().apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  });

  it('opens the failed payout and reads the custom error by name, with its arguments', async () => {
    await openTransaction(DEMO_SAMPLES.customErrorTx);
    const revert = txPage().locator('[data-field="revert"]');
    await revert.waitFor({ timeout: 30_000 });
    assert.match(await text('[data-field="revert"]'), /^Custom error InsufficientBalance/);
    const args = txPage().locator('[data-field="errorDecoded"] .args > li');
    assert.deepEqual(await args.allTextContents(), ['available (uint256): 1000', 'required (uint256): 25000']);
    assert.match(
      await text('[data-field="methodDecoded"]'),
      /^transfer transfer\(address,uint256\) decoded with Treasury \(out\/Treasury\.sol\/Treasury\.json\)/,
    );
    await wb().screenshot('contracts-custom-error');
  });

  it('walks the call tree to the call that reverted, with the keyboard', async () => {
    const tree = txPage().locator('section.call-tree');
    await tree.waitFor({ timeout: 10_000 });
    assert.equal(await tree.getAttribute('data-failed-from'), 'node', 'the demo node serves debug_traceTransaction');
    const origin = tree.locator('li.frame:has(> .frame-row [data-origin])');
    assert.equal(await origin.count(), 1);
    // Close the top call with the keyboard: its calls are hidden.
    const toggle = tree.locator('li.frame[data-frame="0"] > .frame-row > button.toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await toggle.focus();
    await page().keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await origin.isVisible(), false, 'the reverting call is hidden with its parent');
    // Open it again with Space, then go to the reverting call.
    await page().keyboard.press('Space');
    assert.equal(await origin.isVisible(), true);
    await page().keyboard.press('Enter'); // closed again
    await tree.locator('[data-action="showRevertingFrame"]').click();
    assert.equal(await origin.isVisible(), true);
    const row = origin.locator('> .frame-row');
    assert.match(await row.innerText(), /DemoToken/);
    assert.match(await row.innerText(), /transfer\(to: 0x[0-9a-fA-F]{40}, amount: 25000\)/);
    assert.match(await row.innerText(), /reverted\s+the revert started here/);
    assert.equal(await row.evaluate((e) => e === document.activeElement), true, 'the focus is on the reverting call');
    await wb().screenshot('contracts-call-tree');
  });

  it('reads a log decoded with its parameter names', async () => {
    await openTransaction(DEMO_SAMPLES.erc20TransferTx);
    const event = txPage().locator('article.log [data-field="event"]').first();
    await event.waitFor({ timeout: 30_000 });
    assert.match(await event.innerText(), /^Transfer Transfer\(address,address,uint256\) decoded with DemoToken/);
    const names = await event.locator('.args > li .arg-name').allTextContents();
    assert.deepEqual(names, ['from', 'to', 'value']);
    assert.match(await event.locator('.args > li').nth(2).innerText(), /^value \(uint256\): 250000000$/);
    await wb().screenshot('contracts-log');
  });

  it('hovers a deployed address and reads the contract’s name', async () => {
    await wb().runCommand('View: Close All Editors');
    await wb().openFile(FILE);
    const hover = await wb().hoverOver(treasury.slice(0, 12), { expect: 'in your workspace', timeoutMs: 30_000 });
    assert.match(hover, /Treasury, contract 0x/);
    assert.match(hover, /Treasury in your workspace/);
    assert.match(hover, /From out\/Treasury\.sol\/Treasury\.json/);
    assert.match(hover, /Open Treasury/);
    await wb().screenshot('contracts-hover');
  });
});
