// The Get Started walkthrough, from a fresh profile, clicked through like a newcomer would: open it from
// the palette, read the provider step, try the demo data, look up a block (the block page shows), watch a
// demo wallet (the tree fills), hover a block number in the sample. Each step ticks itself off.
import * as assert from 'node:assert/strict';
import { DEMO_BLOCKS, DEMO_WALLETS } from '../../src/demo/demoNode';
import { HOVER_SAMPLE_VALUES } from '../../src/platform/hoverSampleValues';
import { useWorkbench } from './workbench';

const WALKTHROUGH = 'Get Started with Hyperliquid Explorer';
const STEPS = ['provider', 'connect', 'lookUpBlock', 'watchWallet', 'hover'] as const;
type StepId = (typeof STEPS)[number];
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const BLOCK = DEMO_BLOCKS.smallBlock;
const BLOCK_TEXT = BLOCK.toLocaleString('en-US');
const STEP_SELECTOR = (id: StepId) => `.getting-started-step[data-step-id$="#hyperliquidExplorer.gettingStarted#${id}"]`;

describe('UI: Get Started walkthrough (packaged extension in code-server, fresh profile)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'ui-walkthrough', viewport: { width: 1400, height: 1000 }, files: { 'README.md': '# scratch workspace\n' } });

  const step = (id: StepId) => wb().page.locator(STEP_SELECTOR(id));

  /** Brings the walkthrough's tab to the front; opens it again through the palette if a command replaced it. */
  async function showWalkthrough(): Promise<void> {
    const tab = wb()
      .page.locator('.tabs-container .tab', { hasText: /Welcome|Walkthrough/ })
      .first();
    if (await tab.isVisible().catch(() => false)) await tab.click();
    else await openWalkthrough();
    await step('provider').waitFor({ state: 'attached' });
    // Escape on the Welcome page goes back to its overview; the walkthrough is one click away there.
    if (!(await step('provider').isEnabled())) {
      await wb().page.locator('.getting-started-category[x-dispatch$="#hyperliquidExplorer.gettingStarted"]').click();
    }
    await wb().page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, STEP_SELECTOR('provider'));
  }

  async function openWalkthrough(): Promise<void> {
    await wb().runCommand('Welcome: Open Walkthrough...');
    const row = wb().page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: WALKTHROUGH }).first();
    await row.waitFor({ state: 'visible' });
    await row.click();
  }

  /** Expands a step (a person clicks its title) and clicks one of its buttons. */
  async function clickStepButton(id: StepId, button: string): Promise<void> {
    await showWalkthrough();
    if ((await step(id).getAttribute('aria-expanded')) !== 'true') {
      await step(id).locator('.step-title').click();
      await wb().page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'true', STEP_SELECTOR(id));
    }
    await step(id).locator('a.monaco-button', { hasText: button }).click();
  }

  async function waitUntilDone(id: StepId): Promise<void> {
    await showWalkthrough();
    await step(id)
      .and(wb().page.locator('[aria-checked="true"]'))
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => {
        throw new Error(`the walkthrough step "${id}" was not ticked off`);
      });
  }

  /** The Open Orders rows as "label description". */
  async function orderRows(): Promise<string[]> {
    return wb()
      .treeRowLocator('Open Orders')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [row.querySelector('.label-name')?.textContent, row.querySelector('.label-description')?.textContent]
            .filter(Boolean)
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      );
  }

  it('Welcome: Open Walkthrough… offers it; it opens with five steps, none done', async () => {
    await openWalkthrough();
    await step('provider').waitFor({ state: 'visible' });
    const titles = await wb().page.locator('.getting-started-step .step-title').allInnerTexts();
    assert.deepEqual(
      titles.map((t) => t.trim()),
      [
        'Which node provider do you have?',
        'Set your API key, or try the demo data',
        'Look up a block, a transaction or an address',
        'Watch a wallet',
        'Hover a block number, a transaction or an address',
      ],
    );
    for (const id of STEPS) assert.equal(await step(id).getAttribute('aria-checked'), 'false', `${id} starts undone`);
    const text = await step('provider').innerText();
    assert.match(text, /https:\/\/hyperliquid-mainnet\.core\.chainstack\.com/, 'the Chainstack URL shape');
    assert.match(text, /https:\/\/<name>\.hype-mainnet\.quiknode\.pro/, 'the QuickNode URL shape');
    await wb().screenshot('walkthrough-open');
  });

  it('“Choose Your Provider” asks which one, then for its key, and ticks the step', async () => {
    await clickStepButton('provider', 'Choose Your Provider');
    const rows = await wb().quickPickRows(4);
    for (const name of ['Chainstack', 'QuickNode', 'Hyperliquid public endpoints', 'Custom']) {
      assert.ok(
        rows.some((r) => r.startsWith(name)),
        `${name} is offered: ${JSON.stringify(rows)}`,
      );
    }
    await wb().fillInputBox('Chainstack');
    await wb().page.locator('.quick-input-widget .quick-input-title', { hasText: 'Set API Key (Mainnet)' }).waitFor();
    await wb().page.keyboard.press('Escape'); // no key yet: the demo data comes next
    await waitUntilDone('provider');
  });

  it('“Try Demo Data” turns demo data on (notification, status bar) and ticks the step', async () => {
    await clickStepButton('connect', 'Try Demo Data');
    await wb().waitForNotification('Demo data is on', 30_000);
    await wb().waitForStatusBarItem(/Demo Data/);
    await wb().clearNotifications();
    await waitUntilDone('connect');
  });

  it('“Look Up…” asks for a block, a transaction or an address; the block page shows a block with its transactions', async () => {
    await clickStepButton('lookUpBlock', 'Look Up…');
    await wb().fillInputBox(String(BLOCK));
    await wb()
      .page.locator('.tabs-container .tab', { hasText: `Block ${BLOCK_TEXT}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const page = wb().webview();
    await page.locator('body', { hasText: BLOCK_TEXT }).waitFor({ timeout: 30_000 });
    await page.locator('.tx-row:not(.tx-head):not(.placeholder)').first().waitFor({ timeout: 30_000 });
    await wb().screenshot('walkthrough-block-page');
    await waitUntilDone('lookUpBlock');
  });

  it('“Watch Wallet” with the demo market maker fills the Open Orders tree', async () => {
    await clickStepButton('watchWallet', 'Watch Wallet');
    await wb().fillInputBox(maker.address, { submit: false });
    // Enter again while the first step still holds the address, as a person would: in VS Code 1.99 under
    // load (a fresh run, 28 Nov) one Enter left the box on step 1/2 with the address in it for 10 s, and
    // three did not move it either (29 Nov): the walkthrough, marking the step's command as run, can take
    // the focus while the box stays open (it ignores focus leaving it), so the Enter went to the page.
    // So each Enter goes into the box, clicked first as a person whose Enter did nothing would.
    // Only while the box still shows the first step's address: an Enter on the second would save no label.
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && (await wb().quickInputField().inputValue()) !== maker.address) {
        await wb().waitForInputBoxMessage(/A label for/);
        break;
      }
      await wb().quickInputField().click();
      await wb().page.keyboard.press('Enter');
      const next = await wb()
        .waitForInputBoxMessage(/A label for/, attempt < 3 ? 4_000 : 10_000)
        .then(() => true)
        .catch((e: unknown) => {
          if (attempt >= 3) throw e;
          return false;
        });
      if (next) break;
    }
    await wb().fillInputBox('Maker');
    const end = Date.now() + 30_000;
    let rows: string[] = [];
    while (Date.now() < end) {
      rows = await orderRows().catch(() => []);
      // Every Maker row loaded: while the tree redraws, VS Code 1.99 can hold the row of the wallet loading beside its new one.
      const makers = rows.filter((r) => r.startsWith('Maker '));
      if (makers.length && makers.every((r) => /\d+ orders/.test(r)) && rows.some((r) => / @ [\d,.]+ · /.test(r))) break;
      await wb().page.waitForTimeout(200);
    }
    const wallet = rows.find((r) => r.startsWith('Maker '));
    assert.ok(wallet && /\d+ orders/.test(wallet), `the watched wallet with its order count: ${JSON.stringify(rows)}`);
    assert.ok(
      rows.some((r) => / @ [\d,.]+ · /.test(r)),
      `order rows under it: ${JSON.stringify(rows)}`,
    );
    await wb().screenshot('walkthrough-orders');
    await waitUntilDone('watchWallet');
  });

  it('“Open a Sample” opens a file where hovering 0x1a2b shows the block, and its transaction hash and address theirs; all five steps are done', async () => {
    await clickStepButton('hover', 'Open a Sample');
    await wb().page.locator('.tabs-container .tab', { hasText: 'block-hover-sample.py' }).first().waitFor({ state: 'visible' });
    const hover = await wb().hoverOver('0x1a2b', { expect: 'Open block details', timeoutMs: 30_000 });
    assert.match(hover, /Block 6,699/);
    await wb().page.keyboard.press('Escape');
    // The sample's transaction hash and address have their hovers too.
    assert.match(await wb().hoverOver(HOVER_SAMPLE_VALUES.transaction, { expect: 'Open transaction', timeoutMs: 30_000 }), /Status: succeeded/);
    await wb().page.keyboard.press('Escape');
    assert.match(await wb().hoverOver(HOVER_SAMPLE_VALUES.address, { expect: 'Watch Wallet', timeoutMs: 30_000 }), /Account 0x3217…018c/);
    await wb().page.keyboard.press('Escape');
    await waitUntilDone('hover');
    for (const id of STEPS) assert.equal(await step(id).getAttribute('aria-checked'), 'true', `${id} is done`);
    await wb().screenshot('walkthrough-done');
  });
});
