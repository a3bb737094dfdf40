// The transaction page's HyperCore section, read like a person in the packaged extension: a trading
// contract's CoreWriter limit order in prices and sizes (said to be sent, not executed), the oracle price it
// read, a transfer from HyperCore with its token and amount, USDH's mint sending action 14, an order on an
// outcome market, and the page without the section once the
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

  /** The `dt`/`dd` pairs of an action's fields, by label. */
  const fieldsOf = async (action: ReturnType<FrameLocator['locator']>) => {
    const cells = await action.locator('dl.fields dt, dl.fields dd').allTextContents();
    return Object.fromEntries(cells.reduce<string[][]>((acc, s, i) => (i % 2 ? (acc[acc.length - 1]!.push(s.trim()), acc) : [...acc, [s.trim()]]), []));
  };

  it('opens USDH’s mint and reads CoreWriter action 14, the supply change it reflects, in USDH', async () => {
    await openTransaction(DEMO_SAMPLES.coreWriterSupplyChangeTx);
    const action = txPage().locator('[data-hc="action"]');
    await action.waitFor({ timeout: 30_000 });
    assert.equal(await action.getAttribute('data-hc-action'), '14');
    assert.equal((await action.locator('.badge').first().textContent())?.trim(), 'Reflect EVM supply change');
    assert.equal((await action.locator('[data-field="hcSummary"]').textContent())?.trim(), 'Reflect a mint of 25,000 USDH on HyperEVM in HyperCore’s supply');
    const pairs = await fieldsOf(action);
    assert.deepEqual([pairs['Token'], pairs['Change'], pairs['Amount']], ['USDH', 'mint', '25,000 USDH']);
    await wb().screenshot('transaction-corewriter-supply-change');
  });

  it('opens an order on an outcome market and reads it as the outcome and side, not a builder dex’s perp', async () => {
    await openTransaction(DEMO_SAMPLES.coreWriterOutcomeOrderTx);
    const action = txPage().locator('[data-hc="action"]');
    await action.waitFor({ timeout: 30_000 });
    assert.equal((await action.locator('[data-field="hcSummary"]').textContent())?.trim(), 'Buy 10 outcome 516 side 0 at 0.65');
    const pairs = await fieldsOf(action);
    assert.equal(pairs['Asset'], 'outcome market: outcome 516, side 0 (coin #5160, asset 100005160)');
    assert.doesNotMatch((await action.textContent()) ?? '', /perp dex/);
    await wb().screenshot('transaction-corewriter-outcome-order');
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
