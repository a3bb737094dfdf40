// Open Transaction, driven like a person in the packaged extension: the palette, the input box that
// refuses what is no hash, the transaction page (status, fee, a decoded Transfer log), a failed one's revert
// reason, the block link, a row of the block page that lands on its transaction, and a node without
// ots_traceTransaction. Data: a standalone demo node (with fault control) as the provider.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { groupThousands, weiToHype } from '../../src/core/units';
import { demoBlockModel } from '../../src/demo/chain';
import { DEMO_FAULT_NO_TRACE } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { figureProblems, figuresOn } from '../support/figures';
import { useWorkbenchOnDemoNode } from './workbench';

const COMMAND = 'Hyperliquid: Open Transaction…';
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;
const group = (n: number | bigint) => n.toLocaleString('en-US');

/** The demo chain's own record of a sample transaction (what the page must show). */
function sample(hash: string) {
  const model = demoBlockModel(DEMO_SAMPLES.blockWithTransactions)!;
  const tx = model.transactions.find((t) => t.hash === hash);
  assert.ok(tx, `${hash} is in the sample block`);
  return tx;
}

describe('UI: Open Transaction (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const { wb, node } = useWorkbenchOnDemoNode('ui-transactions');

  const page = () => wb().page;
  const txPage = (): FrameLocator => wb().webview();

  async function field(name: string, timeout = 30_000): Promise<string> {
    const el = txPage().locator(`[data-field="${name}"]`).first();
    await el.waitFor({ timeout });
    return ((await el.textContent()) ?? '').trim();
  }

  async function tab(title: string): Promise<void> {
    await page().locator('.tabs-container .tab', { hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
  }

  /** F1 → Open Transaction… → type the hash → Enter, then waits for its tab. */
  async function openTransaction(hash: string): Promise<void> {
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(hash);
    await tab(`Transaction ${short(hash)}`);
  }

  it('sets the key, then refuses what is no transaction hash in the input box, before any request', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node().apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();

    await wb().runCommand(COMMAND);
    await wb().fillInputBox('0x1234', { submit: false });
    assert.match(await wb().waitForInputBoxMessage(/64 hex digits after “0x”; this one has 4/), /64 hex digits/);
    await wb().fillInputBox(DEMO_SAMPLES.erc20TransferTx.slice(2), { submit: false });
    await wb().waitForInputBoxMessage(/starts with “0x”/);
    await page().keyboard.press('Enter');
    await page().waitForTimeout(300);
    assert.equal(await wb().quickInput().locator('.quick-input-box input').isVisible(), true, 'Enter on a bad hash keeps the box open');
    await page().keyboard.press('Escape');
  });

  it('types a token transfer’s hash and reads its status, fee and decoded Transfer log', async () => {
    const hash = DEMO_SAMPLES.erc20TransferTx;
    const tx = sample(hash);
    await openTransaction(hash);
    assert.equal(await field('status'), 'Success');
    assert.equal(await field('hash'), hash);
    assert.equal(await field('fee'), `${groupThousands(weiToHype(BigInt(tx.gasUsed) * tx.gasPrice))} HYPE`);
    assert.equal(await field('block'), group(DEMO_SAMPLES.blockWithTransactions));
    assert.match(await field('method'), /^transferFrom /);
    const transfer = txPage().locator('[data-decoded="ERC-20 Transfer"]');
    await transfer.waitFor({ timeout: 10_000 });
    // 250 USDT0 in its smallest unit (6 decimals): the page shows the raw amount, it does not know the token's decimals.
    assert.match((await transfer.textContent())!, /^ERC-20 Transfer from 0x[0-9a-f]{40} → to 0x[0-9a-f]{40}, amount 250,000,000$/);
    assert.equal(await txPage().locator('[data-decoded="ERC-20 Approval"]').count(), 1, 'the Approval log too');
    await wb().screenshot('transaction-erc20-transfer');
  });

  it('in a 1,300 px and an 800 px window with the sidebar open, every figure of the transaction page reads whole', async () => {
    const tx = sample(DEMO_SAMPLES.erc20TransferTx);
    const fee = `${groupThousands(weiToHype(BigInt(tx.gasUsed) * tx.gasPrice))}`;
    try {
      for (const width of [1300, 800]) {
        await page().setViewportSize({ width, height: 900 });
        await txPage().locator('[data-field="fee"]').waitFor({ timeout: 30_000 });
        await page().waitForTimeout(500); // the webview lays out at its new size
        const seen = await figuresOn(txPage());
        assert.ok(
          seen.some((f) => f.where === 'fee' && f.text === fee),
          `the fee ${fee} is measured at ${width} px`,
        );
        assert.deepEqual(figureProblems(seen), [], `at ${width} px`);
      }
    } finally {
      await page().setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('the block link opens the block page', async () => {
    await txPage().locator('[data-field="block"]').click();
    await tab(`Block ${group(DEMO_SAMPLES.blockWithTransactions)}`);
    const number = wb().webview().locator('[data-field="number"]');
    await number.waitFor({ timeout: 30_000 });
    assert.equal(await number.textContent(), group(DEMO_SAMPLES.blockWithTransactions));
    await wb().runCommand('View: Close All Editors');
  });

  it('opens a failed transaction and reads its revert reason', async () => {
    await openTransaction(DEMO_SAMPLES.failedTx);
    assert.equal(await field('status'), 'Failed');
    assert.equal(await field('revert'), `Error: ${DEMO_SAMPLES.failedReason}`);
    await wb().screenshot('transaction-failed');
    await openTransaction(DEMO_SAMPLES.panicTx);
    assert.equal(await field('revert'), 'Panic 0x11: arithmetic overflow or underflow');
  });

  it('the transaction page comes back after a window reload', async () => {
    await wb().runCommand('Developer: Reload Window');
    await page().locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await page()
      .locator('.tabs-container .tab', { hasText: `Transaction ${short(DEMO_SAMPLES.panicTx)}` })
      .first()
      .waitFor({ timeout: 60_000 });
    // The extension activates for the panel (onWebviewPanel) and loads the hash the page kept.
    assert.equal(await field('hash', 60_000), DEMO_SAMPLES.panicTx);
    assert.equal(await field('revert'), 'Panic 0x11: arithmetic overflow or underflow');
    await wb().runCommand('View: Close All Editors');
  });

  it('clicks a transaction row on the block page and lands on that transaction’s page', async () => {
    const n = DEMO_SAMPLES.blockWithTransactions;
    const hash = DEMO_SAMPLES.erc721TransferTx;
    const index = sample(hash).index;
    await wb().runCommand('Hyperliquid: Look Up Block…');
    await wb().fillInputBox(String(n));
    await tab(`Block ${group(n)}`);
    const link = wb().webview().locator(`.tx-row[data-index="${index}"] .columnHash .link`);
    await link.waitFor({ timeout: 30_000 });
    assert.equal(await link.textContent(), hash);
    await link.click();
    await tab(`Transaction ${short(hash)}`);
    assert.equal(await field('hash'), hash);
    assert.equal(await field('status'), 'Success');
    assert.ok(await txPage().locator('[data-decoded="ERC-721 Transfer"]').count(), 'the NFT transfer is decoded');
    await wb().runCommand('View: Close All Editors');
  });

  it('on a node without ots_traceTransaction, the trace says “not served” and the rest of the page stays', async () => {
    node().setFaults([DEMO_FAULT_NO_TRACE]);
    try {
      await openTransaction(DEMO_SAMPLES.internalTransfersTx);
      assert.equal(await field('status'), 'Success');
      const trace = txPage().locator('.trace[data-trace="unsupported"]');
      await trace.waitFor({ timeout: 30_000 });
      assert.match((await trace.textContent())!, /Not served: this node does not serve ots_traceTransaction/);
      assert.match(await field('fee'), / HYPE$/);
      await wb().screenshot('transaction-trace-not-served');
    } finally {
      node().clearFaults();
    }
    // With the node serving it again, a new page lists the internal transfer.
    await wb().runCommand('View: Close All Editors');
    await openTransaction(DEMO_SAMPLES.internalTransfersTx);
    const transfers = txPage().locator('.trace[data-trace="ok"] .transfers li');
    await transfers.first().waitFor({ timeout: 30_000 });
    assert.match((await transfers.first().textContent())!, /2\.5 HYPE/);
  });
});
