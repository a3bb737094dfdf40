// The block panel's webview script in real Chromium (outside VS Code), with the panel's CSP. Part of the UI
// suite (npm run test:ui), which installs Chromium first: the unit suite needs no browser.
import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { toBlockView, toTransactionsData } from '../../src/blocks/blockViewModel';
import type { Translate } from '../../src/view/format';
import { panelLabels } from '../../src/blocks/labels';
import {
  FIRST_ROWS,
  type BlockView,
  type BlockHostMessage,
  type BlockPanelView,
  type TransactionData,
  type BlockWebviewMessage,
} from '../../src/blocks/protocol';
import { blockDetailsResult, toBlockDetails, validate } from '../../src/core/schemas';
import { DEMO_BLOCKS, demoBlockDetails } from '../../src/demo/chain';
import { launchChromium } from '../host/browser';
import { openBlockPage, webviewScript, type BlockPage } from '../support/webviewPage';

const t: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
const labels = panelLabels({ t });
const NOW = 1_700_000_000;

function demoView(n: number): { block: BlockView; rows: TransactionData[] | null } {
  const result = demoBlockDetails(n, NOW)!;
  const details = toBlockDetails(validate(blockDetailsResult, result, 'demo'), result);
  return { block: toBlockView(details, NOW, t), rows: details.transactions ? toTransactionsData(details.transactions.slice()) : null };
}

function show(view: BlockPanelView): BlockHostMessage {
  return { type: 'show', labels, view };
}

/** The block message as the host sends it: the first rows of a spec-shaped block, none of a slim one. */
function showBlock(block: BlockView, rows: TransactionData[] | null): BlockHostMessage {
  return show({ kind: 'block', block, firstRows: rows ? rows.slice(0, FIRST_ROWS) : [] });
}

const MARKUP = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>`;

describe('block panel webview (Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let script: string;
  let p: BlockPage;

  before(async () => {
    [browser, script] = await Promise.all([launchChromium(), webviewScript()]);
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    p = await openBlockPage(browser, script);
  });
  afterEach(async () => p.page.close());

  const text = (selector: string) => p.page.locator(selector).first().textContent();
  const rowCount = () => p.page.locator('.tx-spacer .tx-row').count();
  const messages = async <T extends BlockWebviewMessage['type']>(type: T) =>
    (await p.posted()).filter((m): m is Extract<BlockWebviewMessage, { type: T }> => m.type === type);

  it('says it is ready before the host posts anything, and shows loading until then', async () => {
    assert.deepEqual(await messages('ready'), [{ type: 'ready' }]);
    assert.match((await text('#app'))!, /Loading/);
  });

  it('shows every field of a spec-shaped block as the view-model made it', async () => {
    const { block, rows } = demoView(DEMO_BLOCKS.bigBlock);
    await p.post(showBlock(block, rows));
    await p.page.waitForSelector('[data-field="hash"]');
    const field = (name: string) => text(`[data-field="${name}"]`);
    assert.equal(await field('number'), block.numberText);
    assert.equal(await field('numberHex'), block.numberHex);
    assert.equal(await field('hash'), block.hash);
    assert.equal(await field('parentHash'), block.parentHash);
    assert.equal(await field('time'), block.timeUtc);
    assert.equal(await field('gas'), `${block.gasUsed} of ${block.gasLimit} (${block.gasPercent})`);
    assert.equal(await field('baseFee'), `${block.baseFeeGwei} gwei`);
    assert.equal(await field('size'), 'Big block');
    assert.equal(await field('totalFees'), `${block.totalFeesHype} HYPE`);
    assert.equal(await field('burntFees'), `${block.burntFeesHype} HYPE`);
    assert.equal(await field('issuance'), '0 HYPE');
    assert.ok((await text('.fields'))!.includes(`${block.totalFeesWei} wei`));
    const first = p.page.locator('.tx-row[data-index="0"]');
    assert.ok((await first.textContent())!.includes(rows![0].hash));
    assert.deepEqual(await p.state(), { blockNumber: block.number }, 'only the block number is kept for a reload');
    assert.deepEqual(await p.violations(), []);
  });

  it('renders only the rows in view of a 10,000-transaction block, and the last one after scrolling', async () => {
    const { block, rows } = demoView(DEMO_BLOCKS.hugeSpecBlock);
    assert.equal(rows!.length, 10_000);
    await p.post(showBlock(block, rows));
    await p.page.waitForSelector('.tx-row[data-index="0"]');
    const first = await rowCount();
    assert.ok(first > 5 && first < 100, `${first} rows in the DOM`);
    assert.deepEqual(await messages('needRows'), [], 'the first rows came with the block');
    await p.page.locator('.tx-viewport').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await p.page.waitForFunction(() => (window as unknown as { __posted: BlockWebviewMessage[] }).__posted.some((m) => m.type === 'needRows'));
    const asked = await messages('needRows');
    assert.deepEqual(asked.at(-1), { type: 'needRows', blockNumber: block.number, start: 9_900, end: 10_000 });
    await p.post({ type: 'rows', blockNumber: block.number, start: 9_900, rows: rows!.slice(9_900) });
    await p.page.waitForSelector('.tx-row[data-index="9999"]');
    assert.ok((await p.page.locator('.tx-row[data-index="9999"]').textContent())!.includes(rows![9999].hash));
    assert.equal(await p.page.locator('.tx-row[data-index="0"]').count(), 0, 'rows scrolled away leave the DOM');
    assert.ok((await rowCount()) < 100);
  });

  it('asks for a slim block’s transactions chunk by chunk as they come into view', async () => {
    const { block } = demoView(DEMO_BLOCKS.hugeBlock);
    assert.equal(block.shape, 'slim');
    await p.post(showBlock(block, null));
    await p.page.waitForSelector('.tx-row.placeholder');
    await p.page.waitForFunction(() => (window as unknown as { __posted: BlockWebviewMessage[] }).__posted.some((m) => m.type === 'needRows'));
    assert.deepEqual(await messages('needRows'), [{ type: 'needRows', blockNumber: block.number, start: 0, end: 100 }]);

    const full = demoView(DEMO_BLOCKS.hugeSpecBlock).rows!; // any rows will do for the display
    await p.post({ type: 'rows', blockNumber: block.number, start: 0, rows: full.slice(0, 100) });
    await p.page.waitForSelector('.tx-row[data-index="0"]');
    assert.equal(await p.page.locator('.tx-row.placeholder').count(), 0);

    await p.clearPosted();
    await p.page.locator('.tx-viewport').evaluate((el) => (el.scrollTop = 5_000 * 28));
    await p.page.waitForFunction(() => (window as unknown as { __posted: BlockWebviewMessage[] }).__posted.some((m) => m.type === 'needRows'));
    const asked = await messages('needRows');
    assert.ok(asked.every((m) => m.start % 100 === 0 && m.end - m.start <= 100));
    assert.ok(
      asked.some((m) => m.start <= 5_000 && m.end > 5_000),
      JSON.stringify(asked),
    );

    // Rows for another block (a late answer after moving on) are ignored.
    await p.post({ type: 'rows', blockNumber: block.number + 1, start: 5_000, rows: full.slice(5_000, 5_100) });
    await p.post({ type: 'rowsFailed', blockNumber: block.number, start: 4_900, end: 5_000, message: 'The provider is rate-limiting requests (HTTP 429).' });
    await p.page.waitForSelector('.banner:not([hidden])');
    assert.match((await text('.banner'))!, /rate-limiting/);
  });

  it('shows markup from the node as text and runs none of it, under the panel’s CSP', async () => {
    const { block, rows } = demoView(DEMO_BLOCKS.bigBlock);
    const hostile: BlockView = { ...block, extraData: MARKUP, timeRelative: MARKUP };
    const hostileRows = rows!.slice(0, 3).map((r) => ({ ...r, hash: MARKUP, from: MARKUP }));
    await p.post(showBlock(hostile, hostileRows));
    await p.page.waitForSelector('[data-field="extraData"]');
    assert.equal(await text('[data-field="extraData"]'), MARKUP);
    assert.ok((await text('.tx-row[data-index="0"]'))!.includes(MARKUP));
    await p.post(
      show({
        kind: 'problem',
        problem: 'other',
        blockText: '1',
        blockNumber: 1,
        message: `The node returned JSON-RPC error -32603: ${MARKUP}`,
        latestText: null,
        latestNumber: null,
      }),
    );
    await p.page.waitForSelector('.problem .message');
    assert.ok((await text('.problem .message'))!.endsWith(MARKUP));
    assert.equal(await p.page.locator('img, b, #app script').count(), 0, 'no element was made from the markup');
    assert.equal(await p.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  });

  it('shows no such block with the latest block number, and opens it', async () => {
    await p.post(
      show({
        kind: 'problem',
        problem: 'notFound',
        blockText: '20,000,001',
        blockNumber: 20_000_001,
        message: 'Block 20,000,001 does not exist (yet) on this chain.',
        latestText: '20,000,000',
        latestNumber: 20_000_000,
      }),
    );
    await p.page.waitForSelector('.problem-notFound');
    assert.equal(await text('.problem h1'), 'No such block');
    assert.equal(await text('.problem .latest'), 'The latest block is 20,000,000.');
    await p.page.getByRole('button', { name: 'Open Latest Block' }).click();
    assert.deepEqual(await messages('openBlock'), [{ type: 'openBlock', number: 20_000_000 }]);
  });

  it('offers Retry and Set API Key for a rejected key, and the previous and next blocks', async () => {
    await p.post(
      show({
        kind: 'problem',
        problem: 'badKey',
        blockText: '100',
        blockNumber: 100,
        message: 'The provider rejected the API key (HTTP 401).',
        latestText: null,
        latestNumber: null,
      }),
    );
    await p.page.getByRole('button', { name: 'Retry' }).click();
    await p.page.getByRole('button', { name: 'Set API Key' }).click();
    await p.page.getByRole('button', { name: /Previous Block/ }).click();
    await p.page.getByRole('button', { name: /Next Block/ }).click();
    const sent = (await p.posted()).filter((m) => m.type !== 'ready');
    assert.deepEqual(sent, [{ type: 'retry' }, { type: 'setApiKey' }, { type: 'openBlock', number: 99 }, { type: 'openBlock', number: 101 }]);
  });

  it('lets the loading state be cancelled', async () => {
    await p.post(show({ kind: 'loading', blockText: '100' }));
    await p.page.getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await messages('cancel'), [{ type: 'cancel' }]);
  });

  it('copies full values, opens a row’s transaction page, and its explorer page with the row’s own button', async () => {
    const { block, rows } = demoView(DEMO_BLOCKS.bigBlock);
    await p.post(showBlock(block, rows));
    await p.page.getByRole('button', { name: 'Copy Hash' }).click();
    await p.page.locator('.tx-row[data-index="0"] .columnHash .link').click();
    await p.page
      .locator('.tx-row[data-index="0"] .columnHash')
      .getByRole('button', { name: `Open in Explorer: ${rows![0].hash}` })
      .click();
    assert.deepEqual(await messages('copy'), [{ type: 'copy', text: block.hash }]);
    assert.deepEqual(await messages('openTransaction'), [{ type: 'openTransaction', hash: rows![0].hash }]);
    assert.deepEqual(await messages('openExplorer'), [{ type: 'openExplorer', target: { kind: 'tx', hash: rows![0].hash } }]);
  });

  it('can be used from the keyboard: toolbar first, then the block, then the table', async () => {
    const { block, rows } = demoView(DEMO_BLOCKS.bigBlock);
    await p.post(showBlock(block, rows));
    await p.page.waitForSelector('.tx-row[data-index="0"]');
    const focused = () => p.page.evaluate(() => (document.activeElement?.textContent ?? '').trim() || document.activeElement?.className);
    await p.page.keyboard.press('Tab');
    assert.match(String(await focused()), /Previous Block/);
    await p.page.keyboard.press('Tab');
    assert.match(String(await focused()), /Next Block/);
    // Enter on a focused button acts: the host is asked for the next block.
    await p.page.keyboard.press('Enter');
    assert.deepEqual(await messages('openBlock'), [{ type: 'openBlock', number: block.number + 1 }]);
    // The scrollable table itself takes focus, so PageDown moves through 10,000 rows without a mouse.
    await p.page.locator('.tx-viewport').focus();
    await p.page.keyboard.press('End');
    await p.page.waitForFunction(() => (document.querySelector('.tx-viewport') as HTMLElement).scrollTop > 0);
  });
});
