/**
 * The block panel's real script in Chromium (the panel's own CSP, test/support/webviewPage.ts), fed by
 * the real client and view-model from the demo node behind a hostile proxy: every markup payload in
 * `extraData`, in a JSON-RPC error and in a failed-rows message is shown character for character as
 * text; no element is injected, no script runs, the CSP reports no violation.
 */
import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { toBlockView, toTransactionsData } from '../../../src/blocks/blockViewModel';
import { panelLabels } from '../../../src/blocks/labels';
import { FIRST_ROWS, type BlockHostMessage } from '../../../src/blocks/protocol';
import { describeError } from '../../../src/core/errors';
import type { ProviderClients } from '../../../src/core/provider';
import { revealInvisibles } from '../../../src/view/escape';
import { untranslated } from '../../../src/view/format';
import { DEMO_BLOCKS } from '../../../src/demo/demoNode';
import { launchChromium } from '../../host/browser';
import { openBlockPage, webviewScript, type BlockPage } from '../../support/webviewPage';
import { figures, incident } from '../support/figures';
import type { LeakWatch } from '../support/leaks';
import { useHostileProxy } from '../support/craftedAnswers';
import { mutateResult, rpcError, type HostileProxy } from '../support/hostileProxy';
import { MARKUP_PAYLOADS } from '../support/markup';

const labels = panelLabels({ t: untranslated });
/** What only injected markup would put in the page (the panel builds neither of these). */
const INJECTED = 'img, iframe, object, embed, b, a, [onerror], [onload], [onmouseover], svg[onload], script:not([nonce])';

describe('hostile: the block panel script in Chromium, fed by the real client through a hostile proxy', function () {
  this.timeout(60_000);
  const setup = useHostileProxy({ timeoutMs: 5000 });
  const key = setup.key;
  let proxy: HostileProxy;
  let clients: ProviderClients;
  let leaks: LeakWatch;
  let browser: Browser;
  let script: string;
  let page: BlockPage;

  before(async () => {
    ({ proxy, clients, leaks } = setup);
    [browser, script] = await Promise.all([launchChromium(), webviewScript()]);
    page = await openBlockPage(browser, script);
  });
  after(async () => {
    figures.responsesMutated += proxy?.mutated ?? 0;
    await browser?.close();
  });

  /** The page's state after a render: what a payload could have done. */
  async function aftermath(where: string): Promise<{ text: string }> {
    const state = await page.page.evaluate((sel) => {
      const w = window as unknown as { __hostile?: unknown };
      return {
        injected: Array.from(document.querySelectorAll(sel)).map((e) => e.outerHTML.slice(0, 100)),
        hostile: w.__hostile,
        title: document.title,
        text: document.body.innerText,
        html: document.documentElement.outerHTML,
      };
    }, INJECTED);
    const violations = await page.violations();
    if (state.injected.length || violations.length || state.hostile !== undefined || state.title === 'pwned') {
      incident('markupRendered', `${where}: ${JSON.stringify({ injected: state.injected, violations, hostile: state.hostile, title: state.title })}`);
      assert.fail(`markup was not kept as text in ${where}`);
    }
    leaks.check(`${where} (text)`, state.text);
    leaks.check(`${where} (DOM)`, state.html);
    return state;
  }

  for (const [i, payload] of MARKUP_PAYLOADS.entries()) {
    it(`extraData #${i} is shown as text, exactly: ${JSON.stringify(payload.slice(0, 40))}…`, async () => {
      proxy.setRule(mutateResult('ots_getBlockDetails', (r) => ((r.block.extraData = payload), r)));
      try {
        const details = await clients.evm.getBlockDetails(DEMO_BLOCKS.bigBlock);
        const block = toBlockView(details, Date.now() / 1000, untranslated);
        const rows = details.transactions ? toTransactionsData(details.transactions.slice(0, FIRST_ROWS)) : [];
        await page.post({ type: 'show', labels, view: { kind: 'block', block, firstRows: rows } } satisfies BlockHostMessage);
        await page.page.locator('[data-field="extraData"]').waitFor();
        // Up to the 200 characters the view-model keeps; the payloads are shorter. Invisible and
        // direction-changing characters are shown as visible escapes (issue 13).
        assert.equal(await page.page.locator('[data-field="extraData"]').textContent(), revealInvisibles(payload));
        await aftermath(`extraData #${i}`);
      } finally {
        proxy.setRule(undefined);
      }
    });
  }

  it('a JSON-RPC error carrying markup, the URL and the key is shown redacted, as text', async () => {
    for (const [i, payload] of MARKUP_PAYLOADS.entries()) {
      proxy.setRule(rpcError('ots_getBlockDetails', -32000, `${payload} at ${proxy.baseUrl}/${key}/evm (${key})`));
      let message: string;
      try {
        message = await clients.evm.getBlockDetails(DEMO_BLOCKS.smallBlock).then(
          () => assert.fail('expected an error'),
          (e: unknown) => describeError(e),
        );
      } finally {
        proxy.setRule(undefined);
      }
      await page.post({
        type: 'show',
        labels,
        view: {
          kind: 'problem',
          problem: 'other',
          blockText: '19,999,981',
          blockNumber: DEMO_BLOCKS.smallBlock,
          message,
          latestText: null,
          latestNumber: null,
        },
      });
      const shown = page.page.locator('.state.problem .message');
      await shown.waitFor();
      assert.equal(await shown.textContent(), message, `payload #${i}`);
      assert.ok(!message.includes(key) && message.includes('[redacted]'));
      await aftermath(`JSON-RPC error #${i}`);
    }
  });

  it('a failed page of transactions reports the provider’s words as text', async () => {
    const details = await clients.evm.getBlockDetails(DEMO_BLOCKS.hugeBlock);
    const block = toBlockView(details, Date.now() / 1000, untranslated);
    await page.post({ type: 'show', labels, view: { kind: 'block', block, firstRows: [] } });
    await page.page.locator('.tx-viewport').waitFor();
    for (const payload of MARKUP_PAYLOADS) {
      proxy.setRule((req) =>
        req.methods.includes('ots_getBlockTransactions') ? { status: 422, contentType: 'text/plain', body: `${payload} ${key}` } : undefined,
      );
      const message = await clients.evm.getBlockTransactions(DEMO_BLOCKS.hugeBlock, 0, 100).then(
        () => assert.fail('expected an error'),
        (e: unknown) => describeError(e),
      );
      proxy.setRule(undefined);
      await page.post({ type: 'rowsFailed', blockNumber: block.number, start: 0, end: 100, message });
      const banner = page.page.locator('.banner');
      await banner.waitFor();
      assert.ok((await banner.textContent())?.includes(message), (await banner.textContent()) ?? '');
      await aftermath('rows failed');
    }
  });
});
