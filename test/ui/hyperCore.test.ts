// The transaction page's HyperCore section, read like a person in the packaged extension: a trading
// contract's CoreWriter limit order in prices and sizes (said to be sent, not executed), the oracle price it
// read, a transfer from HyperCore with its token and amount, and the page without the section once the
// setting is off. Data: a standalone demo node as the provider (its `/info` names BTC and UBTC).
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { useWorkbenchOnDemoNode } from './workbench';

const COMMAND = 'Hyperliquid: Open Transaction…';
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

describe('UI: HyperCore on the transaction page (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const { wb, node } = useWorkbenchOnDemoNode('ui-hypercore');
  const txPage = (): FrameLocator => wb().webview();

  async function openTransaction(hash: string): Promise<void> {
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(hash);
    await wb()
      .page.locator('.tabs-container .tab', { hasText: `Transaction ${short(hash)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await txPage().locator('[data-field="status"]').waitFor({ timeout: 30_000 });
  }

  const texts = async (selector: string) => (await txPage().locator(selector).allTextContents()).map((s) => s.trim());

  it('sets the key of the demo node', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node().apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  });

  it('opens a CoreWriter transaction and reads the limit order in prices and sizes, sent to HyperCore but not confirmed', async () => {
    await openTransaction(DEMO_SAMPLES.coreWriterOrderTx);
    const action = txPage().locator('[data-hc="action"]');
    await action.waitFor({ timeout: 30_000 });
    assert.equal(await action.getAttribute('data-hc-action'), '1');
    assert.equal((await action.locator('.badge').first().textContent())?.trim(), 'Limit order');
    assert.equal((await action.locator('[data-field="hcSummary"]').textContent())?.trim(), 'Buy 0.25 BTC at 101,000');
    assert.match(
      (await action.locator('[data-field="hcState"]').textContent()) ?? '',
      /^Sent to HyperCore: .*not a confirmation that HyperCore executed it\.$/,
    );
    const fields = await action.locator('dl.fields dt, dl.fields dd').allTextContents();
    const pairs = Object.fromEntries(fields.reduce<string[][]>((acc, s, i) => (i % 2 ? (acc[acc.length - 1]!.push(s.trim()), acc) : [...acc, [s.trim()]]), []));
    assert.equal(pairs['Limit price'], '101,000');
    assert.equal(pairs['Size'], '0.25 BTC');
    assert.equal(pairs['Asset'], 'BTC (perp, asset 0)');
    assert.equal(pairs['Time in force'], 'Gtc (good till cancelled)');
    // The contract read BTC's oracle price before sending the order: the read precompile is named, in dollars.
    const read = txPage().locator('[data-hc-read="oracle price"]');
    assert.match((await read.textContent()) ?? '', /price\s*101,240/);
    // The call tree names the same frames: the read precompile for what it reads, CoreWriter for what it does.
    const frame = txPage().locator('.call-tree [data-hc-frame="HyperCore read: oracle price"]');
    await frame.waitFor({ timeout: 10_000 });
    assert.match((await frame.locator('xpath=..').textContent()) ?? '', /oraclePx\(index: 0\) → returned \(1,012,400\)/);
    assert.equal(await txPage().locator('.call-tree [data-hc-frame="CoreWriter: sends actions to HyperCore"]').count(), 1);
    await wb().screenshot('transaction-corewriter-order');
  });

  it('opens a transfer from HyperCore and reads its token and amount', async () => {
    await openTransaction(DEMO_SAMPLES.systemTransferTx);
    const transfer = txPage().locator('[data-field="hcTransfer"]');
    await transfer.waitFor({ timeout: 30_000 });
    assert.match((await transfer.textContent()) ?? '', /^0\.5 UBTC from HyperCore to 0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    assert.deepEqual(await texts('[data-hc="action"]'), [], 'a transfer sends no action');
    await wb().screenshot('transaction-system-transfer');
  });

  it('with HyperCore decoding off (its own setting), the page shows no HyperCore section and the rest as before', async () => {
    wb().writeFile('.vscode/settings.json', JSON.stringify({ 'hyperliquidExplorer.transactions.decodeHyperCore': false }));
    // The workbench reads the changed file when its watcher tells it, which under load can take seconds.
    // The call tree comes with the page's first draw and names HyperCore's frames only while decoding is
    // on: the page is opened again until it does not (a page opened before then still decodes).
    const named = txPage().locator('.call-tree [data-hc-frame]');
    const deadline = Date.now() + 30_000;
    for (;;) {
      await wb().runCommand('View: Close All Editors');
      await openTransaction(DEMO_SAMPLES.coreWriterOrderTx);
      await txPage().locator('.call-tree').waitFor({ timeout: 30_000 });
      if ((await named.count()) === 0 || Date.now() > deadline) break;
      await wb().page.waitForTimeout(1_000);
    }
    assert.equal(await named.count(), 0, 'the call tree names no HyperCore frame');
    assert.equal(await txPage().locator('[data-field="status"]').textContent(), 'Success');
    assert.match((await txPage().locator('[data-field="method"]').textContent()) ?? '', /0xc99d682f/);
    assert.equal(await txPage().locator('[data-section="hyperCore"]').count(), 0);
    wb().writeFile('.vscode/settings.json', '{}');
  });
});
