// No number clipped into another number: the block and transaction pages in real Chromium (outside VS Code),
// at 800 and 1,300 px wide and at what those windows leave a panel with the sidebar open, with the longest
// figures a node can send (18 decimals, a billion HYPE, gwei with 9 decimals). Every figure on the page is
// whole on one line, or shortened with … at its end keeping its integer part, never cut from the left
// (0.000000000123456789 once read 0000000123456789 in the Value column). Part of the UI suite.
import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { toBlockView, toTransactionRow, toTransactionsData } from '../../src/blocks/blockViewModel';
import { panelLabels } from '../../src/blocks/labels';
import { FIRST_ROWS, type BlockView, type TransactionData } from '../../src/blocks/protocol';
import { blockDetailsResult, toBlockDetails, validate } from '../../src/core/schemas';
import { DEMO_BLOCKS, demoBlockDetails } from '../../src/demo/chain';
import { transactionLabels } from '../../src/transactions/labels';
import type { TransactionView } from '../../src/transactions/protocol';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';
import { launchChromium } from '../host/browser';
import { figureProblems, figuresOn } from '../support/figures';
import { bundle, NOW, ok, receipt } from '../support/transactionBundles';
import { openBlockPage, openTransactionPage, webviewScript } from '../support/webviewPage';

/** The page alone at the two window widths, and the panel those windows leave beside a 300 px sidebar. */
const WIDTHS = [800, 1300, 800 - 48 - 300, 1300 - 48 - 300];

/** Wei amounts whose HYPE reads long: 18 decimals, a billion HYPE and a wei, a lone wei. */
const LONG_WEI = ['123456789', '1000000000000000000000000001', '123456789123456789012345678', '1', '999999999999999999', '0'];
/** Gas prices in wei whose gwei reads long (9 decimals, thousands). */
const LONG_GAS_PRICE = ['1234567890123', '100000000001', '999999999', '0'];

/** The demo's big block, its rows given the longest figures in turn. */
function longBlock(): { block: BlockView; rows: TransactionData[] } {
  const result = demoBlockDetails(DEMO_BLOCKS.bigBlock, NOW)!;
  const details = toBlockDetails(validate(blockDetailsResult, result, 'demo'), result);
  const block: BlockView = {
    ...toBlockView(details, NOW, t),
    totalFeesHype: '0.000000000123456789',
    totalFeesWei: '123,456,789',
    burntFeesHype: '1,000,000,000.000000000000000001',
    burntFeesWei: '1,000,000,000,000,000,000,000,000,001',
    baseFeeGwei: '1,234.567890123',
  };
  const rows = toTransactionsData(details.transactions!.slice()).map((row, i) => ({
    ...row,
    value: LONG_WEI[i % LONG_WEI.length],
    fee: i % 7 === 6 ? null : LONG_WEI[(i + 2) % LONG_WEI.length],
    gasPrice: LONG_GAS_PRICE[i % LONG_GAS_PRICE.length],
    gasUsed: i % 5 === 4 ? null : '29999999',
  }));
  return { block, rows };
}

/** A transfer whose every amount is long, with internal transfers of long values. */
function longTransaction(): TransactionView {
  const v = toTransactionView(bundle({ receipt: ok(receipt()), trace: ok([]) }), NOW, t);
  const transfer = (valueHype: string) => ({ type: 'CALL', depth: 1, from: v.from, to: v.to, valueHype, valueWei: '1' });
  return {
    ...v,
    valueHype: '1,000,000,000.000000000000000001',
    valueWei: '1,000,000,000,000,000,000,000,000,001',
    feeHype: '0.000000000123456789',
    feeWei: '123,456,789',
    gasPriceGwei: '1,234.567890123',
    trace: { state: 'ok', transfers: ['0.000000000123456789', '123,456,789.123456789012345678'].map(transfer), notShown: 0, calls: 3 },
  };
}

describe('every figure whole or shortened at its end (block and transaction pages, Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let blockScript: string;
  let transactionScript: string;

  before(async () => {
    [browser, blockScript, transactionScript] = await Promise.all([launchChromium(), webviewScript(), webviewScript(false, 'transactions')]);
  });
  after(async () => browser?.close());

  for (const width of WIDTHS) {
    it(`block page at ${width} px: the header’s and every row’s figures, before and after scrolling`, async () => {
      const p = await openBlockPage(browser, blockScript, { width, height: 800, vscodeFonts: true });
      try {
        const { block, rows } = longBlock();
        await p.post({ type: 'show', labels: panelLabels({ t }), view: { kind: 'block', block, firstRows: rows.slice(0, FIRST_ROWS) } });
        await p.page.waitForSelector('.tx-row[data-index="0"]');
        await checkBlockPage(p.page, rows);
        await p.page.locator('.tx-viewport').evaluate((el) => (el.scrollTop = el.scrollHeight));
        await p.page.waitForSelector(`.tx-row[data-index="${rows.length - 1}"]`);
        await checkBlockPage(p.page, rows);
      } finally {
        await p.page.close();
      }
    });

    it(`transaction page at ${width} px: value, fee, gas price and internal transfers`, async () => {
      const p = await openTransactionPage(browser, transactionScript, { width, height: 800, vscodeFonts: true });
      try {
        const tx = longTransaction();
        await p.post({ type: 'show', labels: transactionLabels({ t }), view: { kind: 'transaction', tx, retrying: false } });
        await p.page.waitForSelector('[data-field="value"]');
        const seen = await figuresOn(p.page);
        for (const figure of [tx.valueHype, tx.valueWei, tx.feeHype!, tx.feeWei!, tx.gasPriceGwei!, '123,456,789.123456789012345678']) {
          assert.ok(
            seen.some((f) => f.text === figure),
            `${figure} is on the page as one figure: ${JSON.stringify(seen.map((f) => f.text))}`,
          );
        }
        assert.deepEqual(figureProblems(seen), []);
      } finally {
        await p.page.close();
      }
    });
  }
});

/** Every figure on the page shows right; each row's numeric cells hold the row's values; the columns line up. */
async function checkBlockPage(page: import('playwright-core').Page, rows: TransactionData[]): Promise<void> {
  const seen = await figuresOn(page);
  assert.deepEqual(figureProblems(seen), []);
  const na = panelLabels({ t }).notAvailable;
  const cells = await page.locator('.tx-spacer .tx-row[data-index]').evaluateAll((nodes) =>
    nodes.map((row) => ({
      index: Number((row as HTMLElement).dataset.index),
      value: row.querySelector('.columnValue')!.textContent,
      fee: row.querySelector('.columnFee')!.textContent,
      gasUsed: row.querySelector('.columnGasUsed')!.textContent,
      gasPrice: row.querySelector('.columnGasPrice')!.textContent,
    })),
  );
  assert.ok(cells.length > 5, `${cells.length} rows rendered`);
  for (const c of cells) {
    const r = toTransactionRow(rows[c.index]);
    assert.deepEqual(c, { index: c.index, value: r.valueHype, fee: r.feeHype ?? na, gasUsed: r.gasUsed ?? na, gasPrice: r.gasPriceGwei ?? na });
  }
  const misaligned = await page.evaluate(() => {
    const head = Array.from(document.querySelectorAll('.tx-head .cell'));
    const row = document.querySelector('.tx-spacer .tx-row[data-index]');
    const cellsOf = row ? Array.from(row.querySelectorAll(':scope > .cell')) : [];
    return head
      .map((h, i) => ({ column: h.className, head: h.getBoundingClientRect(), cell: cellsOf[i]?.getBoundingClientRect() }))
      .filter(({ head, cell }) => !cell || Math.abs(head.left - cell.left) > 1 || Math.abs(head.width - cell.width) > 1)
      .map(({ column }) => column);
  });
  assert.deepEqual(misaligned, [], 'header and row columns line up');
}
