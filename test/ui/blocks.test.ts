// Look Up Block, driven like a person in the packaged extension: the palette, the quick pick with its
// inline errors, the block page for a spec-shaped and a slim block, no such block, a rejected key, and
// markup from the node shown as text. Data: the extension's demo node, then a standalone demo node
// (with fault control) as the "provider".
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { methodName } from '../../src/core/selectors';
import { groupThousands, toHex, weiToHype } from '../../src/core/units';
import { DEMO_PRUNED_BELOW, demoBlockDetails, demoBlockModel, demoBlockTimestamp } from '../../src/demo/chain';
import { DEMO_BLOCKS, DEMO_HEAD, type DemoNode } from '../../src/demo/demoNode';
import { Sender, startAnvil, type AnvilNode, type NodeBlock } from '../conformance/anvil';
import { figureProblems, figuresOn } from '../support/figures';
import { useWorkbench, useWorkbenchOnDemoNode, type WorkbenchOptions } from './workbench';

const COMMAND = 'Hyperliquid: Look Up Block…';
const group = (n: number | bigint) => n.toLocaleString('en-US');
/** Markup that would run if it were ever parsed as HTML (the CSP would stop it too; the test wants neither). */
const MARKUP = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

describe('UI: Look Up Block (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const demo = useWorkbenchOnDemoNode('ui-blocks');
  const wb = demo.wb;
  let node: DemoNode;
  before(() => {
    node = demo.node();
  });

  const page = () => wb().page;
  const rows = () => page().locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const input = () => page().locator('.quick-input-widget .quick-input-box input');

  /** The block page of the active panel. */
  function blockPage(): FrameLocator {
    return wb().webview();
  }

  async function field(name: string, timeout = 30_000): Promise<string> {
    const el = blockPage().locator(`[data-field="${name}"]`);
    await el.waitFor({ timeout });
    return ((await el.textContent()) ?? '').trim();
  }

  async function closeEditors(): Promise<void> {
    await wb().runCommand('View: Close All Editors');
  }

  /** F1 → Look Up Block… → type → Enter, then waits for the block's tab. */
  async function lookUp(text: string, tabTitle: string): Promise<void> {
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(text);
    await page().locator('.tabs-container .tab', { hasText: tabTitle }).first().waitFor({ state: 'visible', timeout: 30_000 });
  }

  /** Sets the key through the palette; this also rebuilds the clients. */
  async function setKey(key: string): Promise<void> {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(key);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  }

  it('with demo data on, the quick pick offers latest and says inline what is wrong with bad input', async () => {
    await wb().tryDemoData();
    await wb().runCommand(COMMAND);
    await rows().first().waitFor({ state: 'visible' });
    assert.match(await rows().first().innerText(), /latest/);
    const cases: Array<[string, RegExp]> = [
      ['-5', /cannot be negative/],
      ['1.5', /whole number, without a fraction/],
      ['9007199254740992', /too large/],
      ['0xzz', /not a hex number/],
      ['six', /is not a block number/],
    ];
    for (const [text, message] of cases) await wb().pickRefuses(text, message);
    await page().keyboard.press('Escape');
  });

  it('a spec-shaped block (with its transactions) shows its fields and rows', async () => {
    const n = DEMO_BLOCKS.bigBlock; // even: the node sends block.transactions
    const model = demoBlockModel(n)!;
    await lookUp(String(n), `Block ${group(n)}`);
    assert.equal(await field('number'), group(n));
    assert.equal(await field('numberHex'), `0x${n.toString(16)}`);
    assert.equal(await field('hash'), model.hash);
    assert.equal(await field('parentHash'), model.parentHash);
    assert.match(await field('time'), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    assert.match(await field('gas'), new RegExp(`^${group(model.gasUsed)} of ${group(model.gasLimit)} \\([\\d.]+%\\)$`));
    assert.equal(await field('size'), 'Big block');
    assert.equal(await field('transactionCount'), group(model.transactions.length));
    assert.match(await field('totalFees'), /^[\d,.]+ HYPE$/);
    assert.ok((await blockPage().locator('.fields').textContent())!.includes(`${group(model.totalFees)} wei`));
    assert.equal(await field('burntFees'), await field('totalFees'), 'HyperEVM burns all fees: burnt fees = total fees');
    assert.equal(await field('issuance'), '0 HYPE');
    const first = blockPage().locator('.tx-row[data-index="0"]');
    await first.waitFor({ timeout: 30_000 });
    assert.ok((await first.textContent())!.includes(model.transactions[0].hash));
    if (model.transactions[0].system) assert.ok((await first.textContent())!.includes('system'), 'system transactions are marked');
    const creation = model.transactions.findIndex((t) => t.to === null);
    if (creation >= 0 && creation < 15) {
      assert.ok((await blockPage().locator(`.tx-row[data-index="${creation}"]`).textContent())!.includes('contract creation'));
    }
    await wb().screenshot('block-spec-shape');
  });

  it('Show Raw JSON opens the node’s result in a JSON editor, which closes without a save prompt', async () => {
    const n = DEMO_BLOCKS.bigBlock;
    const model = demoBlockModel(n)!;
    await blockPage().getByRole('button', { name: 'Show Raw JSON' }).click();
    await page()
      .locator('.tabs-container .tab', { hasText: `block-${n}.json` })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page().waitForFunction((hash) => document.body.innerText.includes(hash), model.hash, { timeout: 15_000 });
    await wb().waitForStatusBarItem(/^JSON$/);
    await closeEditors();
    assert.equal(await wb().dialogText(), '', 'closing asked something');
  });

  it('a slim block loads its transactions page by page, in order', async () => {
    const n = DEMO_BLOCKS.smallBlock; // odd: no transactions in the block; ots_getBlockTransactions
    const model = demoBlockModel(n)!;
    await lookUp(`0x${n.toString(16)}`, `Block ${group(n)}`);
    assert.equal(await field('hash'), model.hash);
    assert.equal(await field('size'), 'Small block');
    for (const i of [0, 1, 2]) {
      const row = blockPage().locator(`.tx-row[data-index="${i}"]`);
      await row.waitFor({ timeout: 30_000 });
      assert.ok((await row.textContent())!.includes(model.transactions[i].hash), `row ${i}`);
    }
    assert.equal(await blockPage().locator('.tx-row.placeholder').count(), 0);
    await wb().screenshot('block-slim-shape');
  });

  it('marks the failed transaction, shows each fee and the named method, and hides system transactions on request', async () => {
    const n = DEMO_BLOCKS.smallBlock;
    const model = demoBlockModel(n)!;
    const txs = model.transactions;
    const failed = txs.findIndex((t) => !t.success);
    assert.ok(failed >= 0, 'the small demo block has a failed transaction');
    const failedRow = blockPage().locator(`.tx-row[data-index="${failed}"]`);
    await failedRow.waitFor({ timeout: 30_000 });
    assert.equal(await failedRow.getByRole('img', { name: 'Failed: the transaction reverted' }).count(), 1, 'failed, with an accessible label');
    assert.equal(await blockPage().locator('.tx-row.failed').count(), txs.filter((t) => !t.success).length);
    const summary = await field('txSummary');
    assert.ok(summary.includes(`${txs.filter((t) => !t.success).length} failed`), summary);
    assert.ok(summary.includes(`${txs.filter((t) => t.system).length} system`), summary);

    const normal = txs.findIndex((t) => !t.system);
    const fee = groupThousands(weiToHype(BigInt(txs[normal].gasUsed) * txs[normal].gasPrice));
    assert.equal(await blockPage().locator(`.tx-row[data-index="${normal}"] .columnFee`).textContent(), fee, 'the fee paid');
    assert.equal(await blockPage().locator(`.tx-row[data-index="${normal}"] .columnGasUsed`).textContent(), group(txs[normal].gasUsed));
    const named = txs.findIndex((t) => !t.system && t.to !== null && methodName(t.input) !== undefined);
    assert.ok(named >= 0, 'the small demo block has a call to a known method');
    assert.equal(await blockPage().locator(`.tx-row[data-index="${named}"] .columnMethod`).textContent(), methodName(txs[named].input));

    assert.ok(txs[0].system, 'the block starts with a system transaction');
    const toggle = blockPage().getByLabel('Hide system transactions');
    await toggle.check();
    await blockPage().locator('.tx-row[data-index="0"]').waitFor({ state: 'detached', timeout: 10_000 });
    const firstNormal = blockPage().locator(`.tx-row[data-index="${normal}"]`);
    assert.equal(await firstNormal.getAttribute('aria-rowindex'), '2', 'the first normal transaction is the first row now');
    await wb().screenshot('block-failed-and-system-hidden');
    await toggle.uncheck();
    await blockPage().locator('.tx-row[data-index="0"]').waitFor({ timeout: 10_000 });
  });

  it('Next Block works from the keyboard, and the parent hash opens the parent block', async () => {
    const n = DEMO_BLOCKS.smallBlock;
    const next = blockPage().getByRole('button', { name: /Next Block/ });
    await next.focus();
    await page().keyboard.press('Enter');
    await page()
      .locator('.tabs-container .tab', { hasText: `Block ${group(n + 1)}` })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(await field('number'), group(n + 1));
    await blockPage().locator('[data-field="parentHash"]').click();
    await page()
      .locator('.tabs-container .tab', { hasText: `Block ${group(n)}` })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(await field('hash'), demoBlockModel(n)!.hash);
  });

  it('the block page comes back after a window reload', async () => {
    const n = DEMO_BLOCKS.smallBlock;
    await wb().runCommand('Developer: Reload Window');
    await page().locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await page()
      .locator('.tabs-container .tab', { hasText: `Block ${group(n)}` })
      .first()
      .waitFor({ timeout: 60_000 });
    // The extension activates for the panel (onWebviewPanel), restarts its demo node and loads the block.
    assert.equal(await field('hash', 60_000), demoBlockModel(n)!.hash);
    const first = blockPage().locator('.tx-row[data-index="0"]');
    await first.waitFor({ timeout: 30_000 });
    assert.ok((await first.textContent())!.includes(demoBlockModel(n)!.transactions[0].hash));
    await closeEditors();
  });

  it('a block above the head says there is no such block, with the latest block number', async () => {
    await lookUp(String(DEMO_HEAD + 1), `Block ${group(DEMO_HEAD + 1)}`);
    const problem = blockPage().locator('.problem-notFound');
    await problem.waitFor({ timeout: 30_000 });
    assert.equal(await problem.locator('h1').textContent(), 'No such block');
    assert.equal(await problem.locator('.latest').textContent(), `The latest block is ${group(DEMO_HEAD)}.`);
    await wb().screenshot('block-not-found');
    await problem.getByRole('button', { name: 'Open Latest Block' }).click();
    await page()
      .locator('.tabs-container .tab', { hasText: `Block ${group(DEMO_HEAD)}` })
      .first()
      .waitFor({ timeout: 30_000 });
    await closeEditors();
  });

  it('a pruned block (below the head, but not on this node) says so and points at the EVM path setting', async () => {
    const n = DEMO_PRUNED_BELOW - 1;
    await lookUp(String(n), `Block ${group(n)}`);
    const problem = blockPage().locator('.problem-pruned');
    await problem.waitFor({ timeout: 30_000 });
    assert.equal(await problem.locator('h1').textContent(), 'This node does not have the block');
    assert.match((await problem.locator('.message').textContent())!, /keeps only recent blocks.*hyperliquidExplorer\.evmPath.*nanoreth/);
    await problem.getByRole('button', { name: 'Open Settings' }).waitFor();
    await closeEditors();
  });

  it('a rejected key shows its state with Retry; setting the right key from the page loads the block', async () => {
    const n = DEMO_BLOCKS.emptyBlock;
    await setKey('not-the-right-key'); // also turns demo data off: the standalone node is the provider now
    await lookUp(String(n), `Block ${group(n)}`);
    const problem = blockPage().locator('.problem-badKey');
    await problem.waitFor({ timeout: 30_000 });
    assert.equal(await problem.locator('h1').textContent(), 'The API key was rejected');
    assert.match((await problem.locator('.message').textContent())!, /HTTP 401/);
    assert.ok(!(await problem.textContent())!.includes('not-the-right-key'), 'the key is not shown');
    await problem.getByRole('button', { name: 'Retry' }).waitFor();
    await wb().screenshot('block-bad-key');
    await problem.getByRole('button', { name: 'Set API Key' }).click();
    await wb().fillInputBox(node.apiKey);
    assert.equal(await field('number'), group(n));
    assert.equal(await blockPage().locator('.transactions .empty').textContent(), 'This block has no transactions.');
    await closeEditors();
  });

  it('a slow lookup shows progress in the page and a notification; Cancel stops it, Retry loads the block', async () => {
    const n = DEMO_BLOCKS.bigBlock - 4;
    node.setFaults([{ kind: 'latency', ms: 20_000, endpoint: 'evm', method: 'ots_getBlockDetails', times: 1 }]);
    await lookUp(String(n), `Block ${group(n)}`);
    await blockPage()
      .locator('.state.loading', { hasText: `Loading block ${group(n)}…` })
      .waitFor({ timeout: 30_000 });
    const toast = page()
      .locator('.notifications-toasts .notification-list-item', { hasText: `Looking up block ${group(n)}…` })
      .first();
    await toast.waitFor({ state: 'visible', timeout: 15_000 });
    await wb().screenshot('block-loading');
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = blockPage().locator('.problem-cancelled');
    await cancelled.waitFor({ timeout: 15_000 });
    assert.equal(await cancelled.locator('h1').textContent(), 'Lookup cancelled');
    await cancelled.getByRole('button', { name: 'Retry' }).click();
    assert.equal(await field('number'), group(n));
    await closeEditors();
  });

  it('markup in a node’s JSON-RPC error message is shown as text and runs nothing', async () => {
    const n = DEMO_BLOCKS.bigBlock - 2;
    await setKey(node.apiKey);
    node.setFaults([
      {
        kind: 'respond',
        endpoint: 'evm',
        method: 'ots_getBlockDetails',
        times: 1,
        echoId: true, // the answer to this request, whatever ids the warm-up took before it
        body: JSON.stringify({ jsonrpc: '2.0', id: 0, error: { code: -32603, message: MARKUP } }),
      },
    ]);
    await lookUp(String(n), `Block ${group(n)}`);
    const message = blockPage().locator('.problem .message');
    await message.waitFor({ timeout: 30_000 });
    const shown = (await message.textContent()) ?? '';
    assert.ok(shown.includes(MARKUP), shown);
    await assertNothingRan();
    await wb().screenshot('block-markup-error');
    await closeEditors();
  });

  it('the real panel enforces a strict CSP: a script, an event handler and a remote script put into its page run nothing and are reported', async () => {
    // The posture test reads the CSP in the source; this one checks what the panel VS Code shows does.
    const n = DEMO_BLOCKS.bigBlock;
    await setKey(node.apiKey);
    await lookUp(String(n), `Block ${group(n)}`);
    await field('number');
    const csp = (await blockPage().locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    assert.match(csp, /default-src 'none'/);
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.startsWith('script-src'));
    assert.equal(scriptSrc.length, 1, csp);
    assert.match(scriptSrc[0]!, /^script-src 'nonce-[A-Za-z0-9+/=]{16,}'$/, 'scripts only by nonce');
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const outcome = await blockPage()
      .locator('body')
      .evaluate(async (body) => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const w = window as unknown as Record<string, unknown>;
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
        const inline = document.createElement('script');
        inline.textContent = 'window.__cspInline = 1';
        body.appendChild(inline);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__cspHandler = 1');
        img.setAttribute('src', 'x');
        body.appendChild(img);
        const remote = document.createElement('script');
        remote.src = 'https://example.com/x.js';
        body.appendChild(remote);
        await new Promise((r) => setTimeout(r, 1000));
        return { inline: w.__cspInline, handler: w.__cspHandler, violations };
      });
    assert.equal(outcome.inline, undefined, 'an inline script without the nonce ran');
    assert.equal(outcome.handler, undefined, 'an inline event handler ran');
    assert.ok(outcome.violations.filter((v) => v.startsWith('script-src')).length >= 2, `CSP violations reported: ${JSON.stringify(outcome.violations)}`);
    await closeEditors();
  });

  it('markup in a block’s extraData is shown as text and runs nothing', async () => {
    const n = DEMO_BLOCKS.smallBlock - 2; // odd: the slim shape carries extraData
    const result = demoBlockDetails(n, Math.floor(node.startedAt / 1000)) as { block: Record<string, unknown> };
    result.block.extraData = MARKUP;
    await setKey(node.apiKey);
    node.setFaults([
      { kind: 'respond', endpoint: 'evm', method: 'ots_getBlockDetails', times: 1, echoId: true, body: JSON.stringify({ jsonrpc: '2.0', id: 0, result }) },
    ]);
    await lookUp(String(n), `Block ${group(n)}`);
    assert.equal(await field('extraData'), MARKUP);
    assert.equal(await field('hash'), demoBlockModel(n)!.hash);
    assert.match(await field('time'), new RegExp(new Date(demoBlockTimestamp(n, Math.floor(node.startedAt / 1000)) * 1000).toISOString().slice(0, 10)));
    await assertNothingRan();
    await wb().screenshot('block-markup-extradata');
  });

  it('in a 1,300 px and an 800 px window with the sidebar open, every figure of the block page reads whole, the longest too', async () => {
    const n = DEMO_BLOCKS.bigBlock; // spec-shaped: the rows come with the block
    const result = demoBlockDetails(n, Math.floor(node.startedAt / 1000)) as { block: { transactions: Array<Record<string, string>> }; totalFees: string };
    // 18 decimals (0.000000000123456789 once read 0000000123456789 in the Value column), a billion HYPE and a wei, gwei with 9 decimals.
    const values = [123_456_789n, 10n ** 27n + 1n, 123_456_789_123_456_789_012_345_678n];
    result.block.transactions.forEach((tx, i) => {
      tx.value = toHex(values[i % values.length]);
      tx.gasPrice = toHex(1_234_567_890_123n + BigInt(i));
    });
    result.totalFees = toHex(10n ** 27n + 1n);
    await setKey(node.apiKey);
    // Until the page has it: the quick pick's own look at the latest block may ask for block details first.
    node.setFaults([
      { kind: 'respond', endpoint: 'evm', method: 'ots_getBlockDetails', echoId: true, body: JSON.stringify({ jsonrpc: '2.0', id: 0, result }) },
    ]);
    try {
      await lookUp(String(n), `Block ${group(n)}`);
      await field('totalFees');
      for (const width of [1300, 800]) {
        await page().setViewportSize({ width, height: 900 });
        await blockPage().locator('.tx-row[data-index="2"]').waitFor({ timeout: 30_000 });
        await page().waitForTimeout(500); // the webview lays out at its new size
        const seen = await figuresOn(blockPage());
        for (const [i, wei] of values.entries()) {
          const value = groupThousands(weiToHype(wei));
          assert.ok(
            seen.some((f) => f.where === `row ${i} cell columnValue num` && f.text === value),
            `row ${i}'s value ${value} is measured at ${width} px: ${JSON.stringify(seen.filter((f) => f.where.startsWith(`row ${i} `)))}`,
          );
        }
        assert.ok(seen.some((f) => f.where === 'totalFees' && f.text === '1,000,000,000.000000000000000001'));
        assert.deepEqual(figureProblems(seen), [], `at ${width} px`);
        await wb().screenshot(`block-figures-${width}`);
      }
    } finally {
      node.setFaults([]);
      await page().setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('follows the colour theme: high contrast and light', async () => {
    const background = () =>
      blockPage()
        .locator('body')
        .evaluate((b) => getComputedStyle(b).backgroundColor);
    const outline = () =>
      blockPage()
        .locator('.tx-table')
        .evaluate((t) => getComputedStyle(t).borderTopColor);
    for (const [theme, expected, shot] of [
      ['Dark High Contrast', 'rgb(0, 0, 0)', 'block-theme-high-contrast'],
      ['Light Modern', 'rgb(255, 255, 255)', 'block-theme-light'],
    ] as const) {
      await wb().runCommand('Preferences: Color Theme');
      await input().fill(theme);
      const row = rows()
        .filter({ has: page().locator('.label-name', { hasText: new RegExp(`^\\s*${theme}\\s*$`) }) })
        .first();
      await row.waitFor({ state: 'visible' });
      await row.click();
      await page()
        .waitForFunction(() => !document.querySelector('.quick-input-widget:not([style*="display: none"]) .quick-input-box input'), undefined, {
          timeout: 10_000,
        })
        .catch(() => undefined);
      const end = Date.now() + 15_000;
      while ((await background()) !== expected && Date.now() < end) await page().waitForTimeout(200);
      assert.equal(await background(), expected, theme);
      if (theme.includes('High Contrast')) assert.notEqual(await outline(), 'rgba(0, 0, 0, 0)', 'high contrast draws the table border');
      await wb().screenshot(shot);
    }
  });

  /** No element was made from the markup, no handler ran, and the page's CSP is the strict one. */
  async function assertNothingRan(): Promise<void> {
    const frame = blockPage();
    assert.equal(await frame.locator('img').count(), 0);
    const facts = await frame.locator('html').evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      // VS Code adds an inline script of its own to every webview; ours is the one with a src.
      sources: Array.from(document.scripts).flatMap((s) => (s.src ? [s.src] : [])),
      fromMarkup: Array.from(document.scripts).filter((s) => (s.textContent ?? '').includes('__pwned')).length,
      csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '',
    }));
    assert.equal(facts.pwned, undefined, 'a handler from the markup ran');
    assert.equal(facts.fromMarkup, 0, 'a script element was made from the markup');
    assert.equal(facts.sources.length, 1, `scripts in the page: ${JSON.stringify(facts.sources)}`);
    assert.match(facts.sources[0], /\/dist\/webview\/blocks\.js$/);
    assert.match(facts.csp, /default-src 'none'/);
    assert.match(facts.csp, /script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
  }
});

describe('UI: Look Up Block on a real node (anvil behind a provider-shaped gateway)', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let block: number;
  let expected: { count: number; totalFees: bigint; failed: number[] };
  const options: WorkbenchOptions = { name: 'ui-blocks-anvil' };
  before(async () => {
    node = await startAnvil({ chainId: 999 }); // HyperEVM mainnet's id: the extension checks it
    const sender = new Sender(node);
    const reverter = await sender.deployReverter();
    await node.rpc('evm_setAutomine', [false]);
    block = await sender.mineMixedBlock(reverter);
    // The node's own answer, to compare the page with.
    const b = await node.rpc<NodeBlock>('eth_getBlockByNumber', [`0x${block.toString(16)}`, true]);
    const receipts = await Promise.all(b.transactions.map((tx) => sender.receiptOf(tx.hash as `0x${string}`)));
    expected = {
      count: b.transactions.length,
      totalFees: receipts.reduce((sum, r) => sum + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice), 0n),
      failed: receipts.flatMap((r, i) => (r.status === '0x0' ? [i] : [])),
    };
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);

  it('shows the node’s count, total fees and the failed transaction marked', async () => {
    const page = wb().page;
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.key);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(String(block));
    await page
      .locator('.tabs-container .tab', { hasText: `Block ${group(block)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const field = async (name: string) => {
      const el = wb().webview().locator(`[data-field="${name}"]`);
      await el.waitFor({ timeout: 30_000 });
      return ((await el.textContent()) ?? '').trim();
    };
    assert.equal(await field('transactionCount'), group(expected.count));
    assert.equal(await field('totalFees'), `${groupThousands(weiToHype(expected.totalFees))} HYPE`);
    assert.equal(expected.failed.length, 1, 'anvil reverted the one call to the reverting contract');
    const failedRow = wb().webview().locator(`.tx-row[data-index="${expected.failed[0]}"]`);
    await failedRow.waitFor({ timeout: 30_000 });
    assert.equal(await failedRow.getByRole('img', { name: 'Failed: the transaction reverted' }).count(), 1);
    assert.equal(await failedRow.locator('.columnMethod').textContent(), 'transfer');
    assert.equal(await wb().webview().locator('.tx-row.failed').count(), 1);
    assert.ok((await field('txSummary')).includes('1 failed'));
    await wb().screenshot('block-anvil');
  });

  it('Follow latest (from the keyboard): blocks anvil mines are drawn as they come, pushed over eth_subscribe, without a refresh', async () => {
    const started = Date.now();
    const view = wb().webview();
    const toggle = view.locator('[data-action="follow"]');
    await toggle.focus();
    await wb().page.keyboard.press('Enter');
    await view.locator('[data-action="follow"][aria-pressed="true"]').waitFor({ timeout: 10_000 });
    await view.locator('[data-field="followNote"]', { hasText: 'pushes each new block' }).waitFor({ timeout: 10_000 });
    const head = Number.parseInt(await node.rpc<string>('eth_blockNumber'), 16);
    for (const n of [head + 1, head + 2]) {
      await node.rpc('anvil_mine', ['0x1']);
      await view.locator('[data-field="number"]', { hasText: group(n) }).waitFor({ timeout: 2_000 });
    }
    assert.equal(node.upgrades, 1, 'one WebSocket');
    // Off again: the connection goes, and the page stays on its block.
    await toggle.focus();
    await wb().page.keyboard.press('Enter');
    await view.locator('[data-action="follow"][aria-pressed="false"]').waitFor({ timeout: 10_000 });
    console.log(`      follow latest: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
