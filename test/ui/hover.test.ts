// The block hover, driven like a person: open a file, move the mouse over a hex block number, read the
// hover, click its link. The extension is the packaged .vsix; the data comes from its demo node.
import * as assert from 'node:assert/strict';
import { demoBlockModel } from '../../src/demo/chain';
import { DEMO_BLOCKS } from '../../src/demo/demoNode';
import { useWorkbench } from './workbench';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';
const FILE = 'deployment.ts';
const SOURCE = [
  '// Where the vault was deployed.',
  'export const deployBlock = 0x1a2b;',
  `export const deployer = '${ADDRESS}';`,
  `export const deployTx = '${TX_HASH}';`,
  '',
].join('\n');

/** Text in a block hover, whatever its state (block, not found, no key, error). */
const BLOCK_HOVER = /Open block details|Hyperliquid block|No such block|Could not load the block/;

describe('UI: hover on hex block numbers (packaged extension in code-server)', function () {
  this.timeout(90_000);
  const wb = useWorkbench({ name: 'ui-hover', files: { [FILE]: SOURCE } });

  /** Hides any hover, so that the next one is fresh. */
  async function hideHover(): Promise<void> {
    await wb().page.keyboard.press('Escape');
    await wb().page.mouse.move(5, 5);
    await wb()
      .page.locator('.monaco-hover:not(.hidden)')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  it('without a key, the hover offers Set API Key and Try Demo Data', async () => {
    await wb().openFile(FILE);
    const text = await wb().hoverOver('0x1a2b', { expect: 'Try Demo Data' });
    await wb().screenshot('hover-no-key');
    assert.match(text, /Set API Key/);
    assert.match(text, /Try Demo Data/);
    await hideHover();
  });

  it('with demo data, hovering 0x1a2b shows block 6,699 from the demo node', async () => {
    await wb().runCommand('Hyperliquid: Try Demo Data');
    await wb().waitForNotification('Demo data is on', 30_000);
    await wb().clearNotifications();
    await wb().openFile(FILE);
    const model = demoBlockModel(DEMO_BLOCKS.hoverBlock)!;
    const text = await wb().hoverOver('0x1a2b', { expect: 'Open block details', timeoutMs: 30_000 });
    assert.match(text, /Block 6,699/);
    assert.match(text, new RegExp(`Transactions: ${model.transactions.length.toLocaleString('en-US')}\\b`));
    assert.match(text, new RegExp(`Gas used: [\\d.]+% \\(${model.gasUsed.toLocaleString('en-US')} of ${model.gasLimit.toLocaleString('en-US')}\\)`));
    assert.match(text, /Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \([\d,]+ d \d+ h ago\)/);
    assert.match(text, /Total fees: [\d.,<\s]+ HYPE/);
    assert.ok(text.includes(`Hash: ${model.hash.slice(0, 10)}…${model.hash.slice(-8)}`), text);
    await wb().screenshot('hover-block-6699');
  });

  it('its Open block details link opens the block webview', async () => {
    const link = wb().page.locator('.monaco-hover:not(.hidden) a', { hasText: 'Open block details' }).first();
    await link.click();
    await wb()
      .page.locator('.tabs-container .tab', { hasText: /Block 6,?699/ })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await wb()
      .webview()
      .locator('body', { hasText: /6,?699/ })
      .waitFor({ timeout: 30_000 });
    await wb().screenshot('hover-opened-block-webview');
  });

  it('an address and a transaction hash in the same file get no block hover', async () => {
    await wb().openFile(FILE);
    await hideHover();
    // The control: the hover works in this editor right now.
    await wb().hoverOver('0x1a2b', { expect: 'Open block details' });
    for (const text of [ADDRESS, TX_HASH]) {
      await hideHover();
      const shown = await wb()
        .hoverOver(text, { expect: BLOCK_HOVER, timeoutMs: 3_000 })
        .catch(() => undefined);
      assert.equal(shown, undefined, `a block hover appeared over ${text}: ${shown}`);
    }
  });
});
