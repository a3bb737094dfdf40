// The transaction panel's webview script in real Chromium (outside VS Code), with the panel's CSP. Part
// of the UI suite (npm run test:ui), which installs Chromium first: the unit suite needs no browser.
import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { TRANSFER_TOPIC } from '../../src/core/logs';
import type { LogEntry } from '../../src/core/model';
import type { HyperCoreView } from '../../src/hyperCore/protocol';
import { transactionLabels } from '../../src/transactions/labels';
import type { TransactionHostMessage, TransactionPanelView, TransactionView, TransactionWebviewMessage } from '../../src/transactions/protocol';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';
import { launchChromium } from '../host/browser';
import { openTransactionPage, webviewScript, type TransactionPage } from '../support/webviewPage';
import { ALICE, BOB, bundle, failed, HASH, NOW, ok, receipt, TOKEN, tx, word } from '../support/transactionBundles';
import { msg } from '../../src/core/translate';

const labels = transactionLabels({ t });
const MARKUP = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>`;

const show = (view: TransactionPanelView): TransactionHostMessage => ({ type: 'show', labels, view });
const showTx = (tx: TransactionView): TransactionHostMessage => show({ kind: 'transaction', tx, retrying: false });

/** A successful transfer with an ERC-20 Transfer log, on a node without ots_traceTransaction. */
function transferView(): TransactionView {
  const log: LogEntry = { address: TOKEN, topics: [TRANSFER_TOPIC, word(ALICE.slice(2)), word(BOB.slice(2))], data: word('3e8'), logIndex: 7 };
  return toTransactionView(bundle({ receipt: ok(receipt({ logs: [log] })), trace: failed('method not found', true) }), NOW, t);
}

describe('transaction panel webview (Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let script: string;
  let p: TransactionPage;

  before(async () => {
    [browser, script] = await Promise.all([launchChromium(), webviewScript(false, 'transactions')]);
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    p = await openTransactionPage(browser, script);
  });
  afterEach(async () => p.page.close());

  const text = async (selector: string) => ((await p.page.locator(selector).first().textContent()) ?? '').trim();
  const messages = async <T extends TransactionWebviewMessage['type']>(type: T) =>
    (await p.posted()).filter((m): m is Extract<TransactionWebviewMessage, { type: T }> => m.type === type);

  it('says it is ready, shows loading with Cancel, and keeps the hash for a reload', async () => {
    assert.deepEqual(await messages('ready'), [{ type: 'ready' }]);
    await p.post(show({ kind: 'loading', hash: HASH }));
    await p.page.getByRole('progressbar').waitFor();
    await p.page.getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await messages('cancel'), [{ type: 'cancel' }]);
    assert.deepEqual(await p.state(), { hash: HASH });
  });

  it('shows status, block and position, fee, gas, method, the decoded Transfer log, and "not served" for the trace', async () => {
    const v = transferView();
    await p.post(showTx(v));
    await p.page.waitForSelector('[data-field="status"]');
    assert.equal(await text('[data-field="status"]'), 'Success');
    assert.equal(await text('[data-field="block"]'), '19,999,981');
    assert.equal(await text('[data-field="position"]'), '· position 3 in the block');
    assert.equal(await text('[data-field="fee"]'), '0.000021000000147 HYPE');
    assert.equal(await text('[data-field="gas"]'), '21,000 of 30,000 (70.00%)');
    assert.equal(await text('[data-field="value"]'), '1.500000000000000001 HYPE');
    assert.equal(await text('[data-field="method"]'), 'transfer 0xa9059cbb');
    assert.equal(await text('[data-field="time"]'), '2023-11-14 22:13:20 UTC');
    assert.equal(await text('[data-decoded="ERC-20 Transfer"]'), `ERC-20 Transfer from ${ALICE} → to ${BOB}, amount 1,000`);
    assert.equal(await p.page.locator('.log .topics li').count(), 3);
    assert.match(await text('.trace'), /Not served: this node does not serve ots_traceTransaction/);
    assert.equal(await p.page.locator('.trace [data-action^="retry"]').count(), 0, 'no Retry for what the node does not serve');
    assert.deepEqual(await p.violations(), []);
  });

  it('shows the revert reason of a failed transaction', async () => {
    const v = toTransactionView(bundle({ receipt: ok(receipt({ status: 'reverted' })), revert: ok({ kind: 'error', message: 'Not enough balance' }) }), NOW, t);
    await p.post(showTx(v));
    assert.equal(await text('[data-field="status"]'), 'Failed');
    assert.equal(await text('[data-field="revert"]'), 'Error: Not enough balance');
    const panic = toTransactionView(
      bundle({ receipt: ok(receipt({ status: 'reverted' })), revert: ok({ kind: 'panic', code: 0x11n, meaning: msg('arithmetic overflow or underflow') }) }),
      NOW,
      t,
    );
    await p.post(showTx(panic));
    await p.page.waitForFunction(() => document.querySelector('[data-field="revert"]')?.textContent?.startsWith('Panic'));
    assert.equal(await text('[data-field="revert"]'), 'Panic 0x11: arithmetic overflow or underflow');
  });

  it('says a count of one in the singular and others in the plural: 1 byte, 1 call; 68 bytes, 2 calls', async () => {
    const call = { type: 'CALL', depth: 0, from: ALICE, to: BOB, value: null };
    const one = toTransactionView(bundle({ tx: tx({ input: '0xab' }), trace: ok([call]) }), NOW, t);
    await p.post(showTx(one));
    await p.page.waitForSelector('[data-field="traceCalls"]');
    assert.equal(await text('[data-field="inputBytes"]'), '(1 byte)');
    assert.equal(await text('[data-field="traceCalls"]'), '1 call in the trace');
    const two = toTransactionView(bundle({ trace: ok([call, { ...call, depth: 1 }]) }), NOW, t);
    await p.post(showTx(two));
    await p.page.waitForFunction(() => document.querySelector('[data-field="traceCalls"]')?.textContent === '2 calls in the trace');
    assert.equal(await text('[data-field="inputBytes"]'), '(68 bytes)');
  });

  it('says which part failed with Retry, and keeps the rest while it loads again', async () => {
    const v = toTransactionView(bundle({ trace: failed('The provider did not answer in time.') }), NOW, t);
    await p.post(showTx(v));
    const retry = p.page.locator('.trace').getByRole('button', { name: 'Retry' });
    assert.match(await text('.trace'), /The trace could not be loaded: The provider did not answer in time\./);
    await retry.click();
    assert.deepEqual(await messages('retry'), [{ type: 'retry' }]);
    await p.post(show({ kind: 'transaction', tx: v, retrying: true }));
    await p.page.locator('.trace').getByRole('button', { name: 'Loading again…' }).waitFor();
    assert.equal(await text('[data-field="status"]'), 'Success', 'the page stays while a part loads again');
  });

  it('opens the block page, copies the whole input through the host, and opens the explorer', async () => {
    await p.post(showTx(transferView()));
    await p.page.locator('[data-field="block"]').click();
    await p.page.getByRole('button', { name: 'Copy input data' }).click();
    await p.page.getByRole('button', { name: /Open in Explorer/ }).click();
    await p.page.getByRole('button', { name: 'Copy Transaction hash' }).click();
    assert.deepEqual(await messages('openBlock'), [{ type: 'openBlock', number: 19_999_981 }]);
    assert.deepEqual(await messages('copyInput'), [{ type: 'copyInput' }]);
    assert.deepEqual(await messages('openExplorer'), [{ type: 'openExplorer', target: { kind: 'tx', hash: HASH } }]);
    assert.deepEqual(await messages('copy'), [{ type: 'copy', text: HASH }]);
  });

  it('can be used from the keyboard: the toolbar, then the hash, then the block link', async () => {
    // The theme's focus colour, as VS Code sets it (without it the outline's colour is invalid, and no outline is drawn).
    await p.page.evaluate(() => document.documentElement.style.setProperty('--vscode-focusBorder', '#0078d4'));
    await p.post(showTx(transferView()));
    await p.page.waitForSelector('[data-field="status"]');
    const focused = () => p.page.evaluate(() => (document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim());
    await p.page.keyboard.press('Tab');
    assert.match(await focused(), /Open in Explorer/);
    await p.page.keyboard.press('Tab');
    assert.equal(await focused(), 'Show Raw JSON');
    await p.page.keyboard.press('Tab');
    assert.equal(await focused(), 'Copy Transaction hash');
    await p.page.keyboard.press('Tab');
    assert.equal(await focused(), '19,999,981');
    await p.page.keyboard.press('Enter');
    assert.deepEqual(await messages('openBlock'), [{ type: 'openBlock', number: 19_999_981 }]);
    const outline = await p.page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    assert.notEqual(outline, 'none', 'the focus is visible');
  });

  it('shows markup from the node as text and runs none of it, under the panel’s CSP', async () => {
    const v = transferView();
    const hostile: TransactionView = {
      ...v,
      revert: { kind: 'error', message: MARKUP },
      status: 'failed',
      input: MARKUP,
      logs: v.logs!.map((l) => ({ ...l, data: MARKUP, topics: [MARKUP] })),
    };
    await p.post(showTx(hostile));
    await p.page.waitForSelector('[data-field="revert"]');
    assert.equal(await text('[data-field="revert"]'), `Error: ${MARKUP}`);
    assert.equal(await text('[data-field="input"]'), MARKUP);
    await p.post(show({ kind: 'problem', problem: 'other', hash: HASH, message: `The node returned JSON-RPC error -32603: ${MARKUP}` }));
    await p.page.waitForSelector('.problem .message');
    assert.ok((await text('.problem .message')).endsWith(MARKUP));
    assert.equal(await p.page.locator('img, b, #app script').count(), 0, 'no element was made from the markup');
    assert.equal(await p.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(await p.violations(), []);
  });

  it('shows the HyperCore section: an action with where it stands, a transfer from HyperCore, a precompile read; markup in any of it as text', async () => {
    const hyperCore: HyperCoreView = {
      actions: [
        {
          title: 'Limit order',
          actionId: '1',
          summary: `Buy 0.25 ${MARKUP} at 101,000`,
          state: 'sent',
          user: ALICE,
          fields: [
            { label: 'Size', value: `0.25 ${MARKUP}` },
            { label: 'Vault', value: BOB, mono: true },
          ],
          problem: null,
          data: '0x01000001',
        },
        { title: 'Unknown action 16', actionId: '16', summary: null, state: 'reverted', user: null, fields: [], problem: MARKUP, data: '0x01000010' },
      ],
      actionsNotShown: 2,
      transfer: {
        summary: `0.5 ${MARKUP} from HyperCore to 0x2222…2222`,
        token: MARKUP,
        amount: '0.5',
        recipient: BOB,
        fields: [{ label: 'Recipient', value: BOB, mono: true }],
        note: null,
      },
      reads: [
        {
          name: 'oracle price',
          address: '0x0000000000000000000000000000000000000807',
          inputs: [{ label: 'index', value: MARKUP }],
          outputs: [],
          problem: null,
        },
      ],
      readsNotShown: 0,
      namesProblem: MARKUP,
    };
    await p.post(showTx({ ...transferView(), hyperCore }));
    await p.page.waitForSelector('[data-section="hyperCore"]');
    assert.equal(await text('[data-hc-action="1"] [data-field="hcSummary"]'), `Buy 0.25 ${MARKUP} at 101,000`);
    assert.match(await text('[data-hc-action="1"] [data-field="hcState"]'), /^Sent to HyperCore: .*not a confirmation/);
    assert.match(await text('[data-hc-action="16"] [data-field="hcState"]'), /^Not sent: the transaction reverted/);
    assert.equal(await text('[data-hc-action="16"] [data-field="hcProblem"]'), MARKUP);
    assert.equal(await text('[data-field="hcTransfer"]'), `0.5 ${MARKUP} from HyperCore to 0x2222…2222`);
    assert.match(await text('[data-field="hcNamesProblem"]'), /could not be loaded/);
    assert.match(await text('[data-hc-read="oracle price"]'), /oracle price/);
    assert.match(await text('.hypercore'), /2 more actions are not shown here/);
    // An address field is a link to the explorer, with a copy button.
    await p.page.locator('[data-hc-action="1"]').getByRole('button', { name: BOB }).click();
    assert.deepEqual(await messages('openExplorer'), [{ type: 'openExplorer', target: { kind: 'address', address: BOB } }]);
    assert.equal(await p.page.locator('img, b, #app script').count(), 0, 'no element was made from the markup');
    assert.equal(await p.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(await p.violations(), []);
    // Without it (decoding off, or nothing of HyperCore), no section.
    await p.post(showTx({ ...transferView(), hyperCore: null }));
    await p.page.waitForFunction(() => !document.querySelector('[data-section="hyperCore"]'));
  });

  it('says there is no such transaction, with Retry', async () => {
    await p.post(show({ kind: 'problem', problem: 'notFound', hash: HASH, message: `There is no transaction ${HASH} on this chain.` }));
    assert.equal(await text('.problem h1'), 'No such transaction');
    await p.page.getByRole('button', { name: 'Retry' }).click();
    assert.deepEqual(await messages('retry'), [{ type: 'retry' }]);
  });
});
