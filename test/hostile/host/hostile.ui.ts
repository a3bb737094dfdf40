/**
 * The hostile suite in the real host: the packaged extension in code-server, driven in Chromium like a
 * person, against the demo node behind a hostile proxy (both started here, outside VS Code).
 * - Set API Key with a distinctive key; afterwards the key is found in no setting, no stored state
 *   (IndexedDB, localStorage), no file of the profile, no log;
 * - the block panel shows a node's markup as text: no element injected, no script ran, no CSP violation;
 * - the tree and its tooltips show markup (coin names, a typed wallet label) as text;
 * - after a fault the tree keeps its last orders, marked stale;
 * - a hover on a block whose lookup fails shows the node's markup escaped;
 * - everything seen (notifications, webview DOM, hovers, tooltips, the output channel, the extension
 *   host log) is searched for the key and the URL.
 * Run by test/hostile/run.ts (`npm run test:hostile`); counts go into the suite's figures.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../../src/demo/samples';
import { useWorkbench, type WorkbenchOptions } from '../../ui/workbench';
import { figures, incident } from '../support/figures';
import { mutateInfo, mutateResult, rpcError, rules, startHostileProxy, type HostileProxy, type ProxyRule } from '../support/hostileProxy';
import { hostileKey, LeakWatch } from '../support/leaks';
import { MARKUP } from '../support/markup';

type Json = any;

const VIEW = 'Open Orders';
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
/** A wallet label someone might type, full of markup (under the 60-character limit). */
const LABEL = '<img src=x onerror=alert(1)>[x](https://e.example) $(zap)';
/** Coin names the hostile provider sends. */
const COIN = '<img src=x onerror="window.__hostile=1">**B** $(zap) [x](command:workbench.action.terminal.new) https://evil.example/c';
/**
 * Elements only injected markup would create: the payloads' tags, inline event handlers, and links to
 * where they point. (The pages' own icons are SVG, so `svg` alone is not a sign; one with onload is.)
 */
const INJECTED = [
  'img',
  'script:not([nonce]):not(#_vscodeApiScript)',
  'iframe',
  'object',
  'embed',
  'b',
  '[onerror]',
  '[onload]',
  '[onmouseover]',
  'a[href*="evil.example"]',
  'a[href*="e.example"]',
  'a[href^="command:workbench"]',
  'a[href^="javascript"]',
].join(', ');

/** Blocks the proxy makes hostile (the demo node has them all). */
const MARKUP_BLOCK = 6699; // extraData with markup (0x1a2b)
const NEXT_BLOCK = 6700; // the same, reached with "Next Block"
const RPC_ERROR_BLOCK = 6701; // a JSON-RPC error with markup, the URL and the key
const HOVER_BLOCK = 0x1a2e; // the same, for the hover
const DEEP_BLOCK = 6703; // an extra header field nested 100,000 levels deep (refused: past 64 levels)
/** A transaction whose trace fails (so its page offers Retry), and whose Retry fails with markup (issue 23, reproduction 1). */
const RETRY_TX = DEMO_SAMPLES.erc20TransferTx;

describe('hostile in the real host (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const key = hostileKey();
  let node: DemoNode;
  let proxy: HostileProxy;
  let leaks: LeakWatch;
  /** Every text the suite saw in the UI, searched for the key at the end too. */
  const seen: string[] = [];
  const options: WorkbenchOptions = {
    name: 'hostile',
    viewport: { width: 1400, height: 2200 },
    files: { 'hostile.ts': `// block numbers\nexport const ok = 0x1a2b;\nexport const failing = 0x${HOVER_BLOCK.toString(16)};\n` },
  };

  /** The first parameter of each call of a request: one call, or each call of a JSON-RPC batch. */
  const firstArgs = (req: { json: unknown }): unknown[] =>
    (Array.isArray(req.json) ? req.json : [req.json]).map((call) => (call as { params?: unknown[] } | undefined)?.params?.[0]);
  const asksBlock = (req: { json: unknown }, numbers: number[]) => firstArgs(req).some((a) => a !== undefined && numbers.includes(Number(a)));
  const onBlocks =
    (numbers: number[], rule: ProxyRule): ProxyRule =>
    (req, upstream) =>
      asksBlock(req, numbers) ? rule(req, upstream) : undefined;
  /** Once set, the transaction page's Retry of RETRY_TX gets a JSON-RPC error full of markup. */
  let retryFails = false;
  const asksTx = (req: { json: unknown }) => firstArgs(req).some((a) => String(a).toLowerCase() === RETRY_TX);
  const onRetryTx =
    (rule: ProxyRule, when: () => boolean = () => true): ProxyRule =>
    (req, upstream) =>
      when() && asksTx(req) ? rule(req, upstream) : undefined;
  const hostileRules = (): ProxyRule =>
    rules(
      // First: a rule answers the whole request, and the transaction's calls go out as one batch.
      onRetryTx(rpcError('eth_getTransactionByHash', -32000, `cannot serve ${MARKUP}`), () => retryFails),
      onRetryTx(rpcError('ots_traceTransaction', -32000, 'trace unavailable')),
      onBlocks(
        [MARKUP_BLOCK, NEXT_BLOCK],
        mutateResult('ots_getBlockDetails', (r: Json) => ((r.block.extraData = MARKUP), r)),
      ),
      onBlocks([RPC_ERROR_BLOCK, HOVER_BLOCK], rpcError('ots_getBlockDetails', -32000, `cannot serve ${proxy.baseUrl}/${key}/evm key=${key} ${MARKUP}`)),
      (req, upstream) =>
        asksBlock(req, [DEEP_BLOCK]) && req.methods.includes('ots_getBlockDetails')
          ? upstream().then((u) => ({ body: u.body.replace('"block":{', `"block":{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`) }))
          : undefined,
      mutateInfo('openOrders', (orders: Json[], req: Json) =>
        orders.map((o, i) => (i % 3 === 0 && !req.dex && !o.coin.startsWith('@') ? { ...o, coin: COIN } : o)),
      ),
      mutateInfo('frontendOpenOrders', (orders: Json[], req: Json) =>
        orders.map((o, i) => (i % 3 === 0 && !req.dex && !o.coin.startsWith('@') ? { ...o, coin: COIN } : o)),
      ),
      mutateInfo('spotMeta', (meta: Json) => ({
        ...meta,
        tokens: meta.tokens.map((t: Json) => (t.name === 'PURR' ? { ...t, name: `<svg onload=alert(1)>PURR` } : t)),
      })),
    );

  // Registered before useWorkbench's hooks: the proxy listens before the workbench reads its settings.
  before(async () => {
    node = await startDemoNode({ apiKey: key, control: true });
    proxy = await startHostileProxy(node.baseUrl);
    proxy.setRule(hostileRules());
    leaks = new LeakWatch(key, [node.baseUrl, proxy.baseUrl]);
    options.settings = { 'hyperliquidExplorer.baseUrl': proxy.baseUrl };
  });
  after(async () => {
    figures.responsesMutated += proxy?.mutated ?? 0;
    await proxy?.close();
    await node?.close();
  });
  const wb = useWorkbench(options);

  /** Records what a person sees now (notifications), and searches it. */
  async function look(where: string, ...texts: string[]): Promise<void> {
    const all = [...texts, ...(await wb().notifications())];
    seen.push(...all);
    leaks.checkAll(where, all);
  }

  /** Elements of `selector` inside `root` that only injected markup would make; counted as markup rendered. */
  async function injected(where: string, root: import('playwright-core').Locator): Promise<void> {
    const found = await root.evaluate((el, sel) => Array.from(el.querySelectorAll(sel)).map((e) => e.outerHTML.slice(0, 120)), INJECTED);
    if (found.length) {
      incident('markupRendered', `${where}: ${found.join(' ')}`);
      assert.fail(`markup became elements in ${where}: ${found.join(' ')}`);
    }
  }

  it('Set API Key refuses a key with spaces as it is typed, then keeps the key in secret storage only', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(`${key} /evm`, { submit: false });
    assert.equal(await wb().inputBoxIsPassword(), true, 'the key is typed into a password box');
    await wb().waitForInputBoxMessage(/cannot contain spaces/);
    figures.badInputs += 1;
    await wb().fillInputBox(key);
    await look('Set API Key', await wb().waitForNotification('API key saved'));
    await wb().clearNotifications();
  });

  it('Look Up Block: a typed block number with markup is refused inline, and what was typed stays', async () => {
    await wb().runCommand('Hyperliquid: Look Up Block…');
    const typed = '<img src=x onerror=alert(1)> $(zap)';
    await wb().fillInputBox(typed, { submit: false });
    const row = wb().page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    await row.filter({ hasText: 'is not a block number' }).waitFor();
    await wb().page.keyboard.press('Enter');
    await wb().page.waitForTimeout(300);
    figures.badInputs += 1;
    figures.staleChecks += 1;
    const kept = await wb().page.locator('.quick-input-widget .quick-input-box input').inputValue();
    if (kept !== typed) incident('dataLost', `Look Up Block: typed ${JSON.stringify(typed)}, kept ${JSON.stringify(kept)}`);
    assert.equal(kept, typed, 'Enter on an invalid block keeps the box open with what was typed');
    await injected('the Look Up Block quick pick', wb().page.locator('.quick-input-widget'));
    const shown = await row.innerText();
    assert.match(shown, /<img src=x onerror=alert\(1\)>/, 'the typed markup is shown as text');
    const icons = await row.locator('.codicon-zap').count();
    if (icons || !shown.includes('$(zap)')) incident('markupRendered', `Look Up Block quick pick: typed $(zap) became an icon: ${shown}`);
    assert.ok(shown.includes('$(zap)') && icons === 0, `typed “$(zap)” stays text: ${shown}`);
    await wb().fillInputBox(String(MARKUP_BLOCK));
  });

  it('the block panel shows the node’s extraData markup as text: nothing injected, no script ran, no CSP violation', async () => {
    const frame = wb().webview();
    const extra = frame.locator('[data-field="extraData"]');
    await extra.waitFor({ timeout: 30_000 });
    assert.equal(await extra.textContent(), MARKUP, 'the markup, character for character');
    // From here on, count CSP violations inside the panel while it renders the next hostile block.
    const html = frame.locator('html');
    await html.evaluate(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await frame.locator('[data-action="next"]').click();
    await frame.locator('[data-field="number"]', { hasText: '6,700' }).waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('[data-field="extraData"]').textContent(), MARKUP);
    await injected('the block panel', html);
    const state = await html.evaluate(() => ({
      violations: (window as unknown as { __violations: string[] }).__violations,
      hostile: (window as unknown as { __hostile?: unknown }).__hostile,
      title: document.title,
      text: document.body.innerText,
      markup: document.documentElement.outerHTML,
    }));
    assert.deepEqual(state.violations, [], 'no CSP violation: nothing even tried to load or run');
    assert.equal(state.hostile, undefined, 'no injected script ran');
    assert.notEqual(state.title, 'pwned');
    assert.notEqual(await wb().page.title(), 'pwned');
    await look('block panel', state.text, state.markup);
  });

  it('the block panel shows a JSON-RPC error full of markup, the URL and the key as redacted text', async () => {
    const frame = wb().webview();
    // Previous, previous… would reach it too; the palette is what a person uses for a far block.
    await wb().runCommand('Hyperliquid: Look Up Block…');
    await wb().fillInputBox(String(RPC_ERROR_BLOCK));
    const message = wb().webview().locator('.state.problem .message');
    await message.waitFor({ timeout: 30_000 });
    const text = (await message.textContent()) ?? '';
    assert.match(
      text,
      /^The node returned JSON-RPC error -32000: cannot serve http:\/\/127\.0\.0\.1:\d+\/\[redacted\] key=\[redacted\] <img src=x onerror="document\.title='pwned'"><script>window\.__hostile=1<\/script>/,
    );
    await injected('the block panel (error)', frame.locator('html'));
    await look('block panel error', text, await frame.locator('html').evaluate((e) => (e as HTMLElement).outerHTML));
  });

  it('a block with an extra field nested 100,000 levels deep is refused before parsing, and the page says why (issue 23, reproduction 4)', async () => {
    await wb().runCommand('Hyperliquid: Look Up Block…');
    await wb().fillInputBox(String(DEEP_BLOCK));
    const frame = wb().webview();
    const message = frame.locator('.state.problem .message', { hasText: 'nested more than 64 levels deep' });
    await message.waitFor({ timeout: 30_000 });
    const text = (await message.textContent()) ?? '';
    assert.equal(text, 'The provider’s evm endpoint answered with JSON nested more than 64 levels deep; no answer this explorer reads nests that deep.');
    await look('a deep block refused', text);
  });

  it('a hover on a block whose lookup fails shows the node’s markup escaped, with no link or image', async () => {
    await wb().openFile('hostile.ts');
    const text = await wb().hoverOver(`0x${HOVER_BLOCK.toString(16)}`, { expect: 'Could not load the block', timeoutMs: 30_000 });
    assert.match(
      text,
      /JSON-RPC error -32000: cannot serve http:\/\/127\.0\.0\.1:\d+\/\[redacted\] key=\[redacted\] <img src=x onerror="document\.title='pwned'"><script>window\.__hostile=1<\/script>\[run\]\(/,
    );
    const hover = wb().page.locator('.monaco-hover:not(.hidden)').first();
    await injected('the hover', hover);
    assert.equal(await hover.locator('a').count(), 0, 'an error hover has no links');
    await look('hover', text);
    await wb().page.keyboard.press('Escape');
    await wb().page.mouse.move(5, 5);
  });

  it('a failed Retry on the transaction page says why in a notification with the node’s markup as text: no command link, no icon (issue 23, reproduction 1)', async () => {
    await wb().runCommand('Hyperliquid: Open Transaction…');
    await wb().fillInputBox(RETRY_TX);
    const frame = wb().webview();
    const retry = frame.locator('.trace').getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 30_000 });
    retryFails = true;
    try {
      await retry.click();
      const text = await wb().waitForNotification(/could not be loaded again/, 30_000);
      const toasts = wb().page.locator('.notifications-toasts, .notifications-center');
      const links = await toasts.locator('a[href^="command:"], a[data-href^="command:"]').count();
      const icons = await toasts.locator('.notification-list-item-message .codicon-zap').count();
      if (links + icons) incident('markupRendered', `the transaction page's Retry notification: ${links} command links, ${icons} icons`);
      assert.equal(links, 0, 'no command link in the notification');
      assert.equal(icons, 0, 'no icon made from the node’s $(zap)');
      assert.match(text, /cannot serve .*\[run\]\u200b\(command:workbench\.action\.terminal\.new\)/, 'the link is shown as text');
      await injected('the Retry notification', toasts.first());
      await look('Retry notification', text);
    } finally {
      retryFails = false;
    }
  });

  const rowsWhen = (what: string, ready: (rows: string[]) => boolean, timeoutMs?: number) => wb().treeRowsWhen(VIEW, what, ready, timeoutMs);

  /** The rows once no wallet is loading and they stay the same for half a second. */
  const settledRows = (what: string, ready: (rows: string[]) => boolean) => wb().treeSettled(VIEW, what, ready);

  /** The tooltip of the first row matching `row`, as text, after checking its DOM. */
  async function tooltipOf(row: string | RegExp, expect: string): Promise<string> {
    const hover = await wb().treeTooltip(VIEW, row, expect);
    await injected(`the tooltip of ${String(row)}`, hover);
    const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
    await look(`tooltip of ${String(row)}`, text, await hover.evaluate((e) => e.outerHTML));
    await wb().page.mouse.move(5, 5);
    return text;
  }

  const isOrderRow = (r: string) => / @ [\d,.]+ · /.test(r) || / · trigger [≥≤] [\d,.]+/.test(r);

  it('the tree shows markup in coin names, spot tokens and a typed wallet label as text, in rows and tooltips', async () => {
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address, { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().waitForInputBoxMessage(/A label for/);
    await wb().fillInputBox(LABEL);
    figures.badInputs += 1; // a label made of markup
    const rows = await rowsWhen(
      'the markup-labelled wallet with its orders',
      (r) => r.some((x) => x.startsWith(LABEL)) && r.some(isOrderRow) && r.some((x) => x.startsWith(COIN)),
    );
    assert.ok(
      rows.some((r) => r.startsWith('<svg onload=alert(1)>PURR/USDC ')),
      'the spot token name, as text',
    );
    await injected('the Open Orders tree', wb().pane(VIEW));
    await look('tree rows', ...rows);
    const orderTip = await tooltipOf(COIN, 'Order id');
    assert.ok(orderTip.includes(`Coin: ${COIN}`), `the tooltip shows the coin as it is: ${orderTip}`);
    const walletTip = await tooltipOf(LABEL, maker.address);
    assert.ok(walletTip.includes(LABEL), `the wallet tooltip shows the label as typed: ${walletTip}`);
  });

  it('the typed label stays text where a quick pick or an input box shows it: no icon, no link', async () => {
    // Choose a Wallet (Rename Wallet…): the label is a quick pick item.
    await wb().runCommand('Hyperliquid: Rename Wallet…');
    const item = wb().page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: maker.address }).first();
    await item.waitFor();
    const shown = (await item.innerText()).replace(/\s+/g, ' ');
    await injected('Choose a Wallet', wb().quickInput());
    const icons = await item.locator('.codicon-zap').count();
    if (icons || !shown.includes(LABEL)) incident('markupRendered', `Choose a Wallet shows ${JSON.stringify(shown)} for ${JSON.stringify(LABEL)}`);
    assert.ok(shown.includes(LABEL) && icons === 0, `the label as typed: ${shown}`);
    await wb().page.keyboard.press('Escape');
    // Watch Wallet… with the same address: the duplicate message quotes the label.
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address, { submit: false });
    const message = await wb().waitForInputBoxMessage(/already watch this wallet/);
    figures.badInputs += 1;
    // As typed; the one difference, a zero-width space between "]" and "(", is invisible and keeps "[x](…)" from becoming a link.
    assert.ok(message.replace(/\u200b/g, '').includes(LABEL), `the duplicate message quotes the label as typed: ${message}`);
    await injected('the Watch Wallet message', wb().quickInput());
    assert.equal(await wb().quickInput().locator('.quick-input-message .codicon-zap').count(), 0, 'no icon in the message');
    await wb().page.keyboard.press('Escape');
  });

  /**
   * Refresh Open Orders, then the rows once every refresh is over: no progress bar in the side bar (the view
   * shows one while a refresh runs or waits for room) and the node not asked for 0.5 s. Read as soon as
   * they stood still, they could be older than what the view then drew: while a refresh runs, the tree
   * holds a drawn wallet's redraw up to a second (a fresh run on 29 Nov counted the later draw as orders
   * lost after the 502).
   */
  async function refreshedRows(what: string, ready: (rows: string[]) => boolean): Promise<string[]> {
    const before = node.requests;
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const progress = wb().page.locator('.part.sidebar .monaco-progress-container.active:not(.done)');
    let last = before;
    let since = Date.now();
    for (const end = Date.now() + 60_000; Date.now() < end;) {
      await wb().page.waitForTimeout(100);
      if (node.requests !== last || (await progress.count()) > 0) [last, since] = [node.requests, Date.now()];
      else if (last > before && Date.now() - since >= 500) return settledRows(what, ready);
    }
    throw new Error(`Refresh Open Orders: ${last === before ? 'the node was never asked' : 'still running'} after 60 s`);
  }

  it('after a 502 page that echoes the key, the error row says so and the orders stay, marked stale; nothing shows the key', async () => {
    const good = (await refreshedRows('a fresh wallet', (r) => r.some((x) => x.startsWith(LABEL) && /\d+ orders( · polled \([^)]*\))?$/.test(x)))).filter(
      isOrderRow,
    );
    const before = node.requests;
    node.setFaults([
      { kind: 'status', status: 502, endpoint: 'info', contentType: 'text/html', body: `<h1>502</h1><p>upstream ${node.baseUrl}/${key}/info failed</p>` },
    ]);
    let rows: string[];
    try {
      await wb().runCommand('Hyperliquid: Refresh Open Orders');
      rows = await settledRows(
        'the error row and the stale wallet',
        (r) => r.some((x) => x.includes('server error (HTTP 502)')) && r.some((x) => x.startsWith(LABEL) && / · stale · /.test(x)),
      );
    } finally {
      node.clearFaults();
      figures.faultsInjected += node.requests - before;
    }
    figures.staleChecks += 1;
    const kept = rows.filter(isOrderRow);
    if (JSON.stringify(kept) !== JSON.stringify(good)) incident('dataLost', `the tree after a 502: ${good.length} order rows before, ${kept.length} after`);
    assert.deepEqual(kept, good, 'the last orders stay as they were');
    await look('tree rows after 502', ...rows);
    const errorTip = await tooltipOf('server error (HTTP 502)', 'may be out of date');
    assert.match(errorTip, /Select this row to try again/);
    await tooltipOf(LABEL, 'Last refresh failed');
    await wb().screenshot('hostile-orders-stale');
  });

  it('the key is nowhere but secret storage: not in settings, browser storage, profile files, or the output channel', async () => {
    // Positive control: the extension's globalState (the recent blocks) reaches the browser's storage.
    await wb().page.waitForTimeout(1500);
    const browser = await wb().page.evaluate(async () => {
      const texts: { where: string; text: string }[] = [];
      for (const store of [localStorage, sessionStorage])
        for (let i = 0; i < store.length; i++) texts.push({ where: `storage:${store.key(i)}`, text: `${store.key(i)}=${store.getItem(store.key(i)!)}` });
      texts.push({ where: 'cookies', text: document.cookie });
      for (const d of await indexedDB.databases()) {
        const db: IDBDatabase = await new Promise((resolve, reject) => {
          const r = indexedDB.open(d.name!);
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        for (const name of Array.from(db.objectStoreNames)) {
          const [keys, values]: [IDBValidKey[], unknown[]] = await new Promise((resolve) => {
            const tx = db.transaction(name);
            const k = tx.objectStore(name).getAllKeys();
            const v = tx.objectStore(name).getAll();
            tx.oncomplete = () => resolve([k.result, v.result]);
          });
          keys.forEach((k, i) => {
            const v = values[i];
            const text = typeof v === 'string' ? v : v instanceof Uint8Array ? new TextDecoder().decode(v) : JSON.stringify(v);
            texts.push({ where: `indexedDB:${d.name}/${name}/${String(k)}`, text: `${String(k)}=${text}` });
          });
        }
        db.close();
      }
      return texts;
    });
    assert.ok(
      browser.some((t) => t.text.includes('hyperliquidExplorer.recentLookUps')),
      'the extension’s own state is among what was searched',
    );
    for (const t of browser) leaks.check(t.where, t.text);

    // Every file of this code-server run: settings, state, logs (the output channel's file among them).
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && fs.statSync(p).size < 50 * 1024 * 1024) files.push(p);
      }
    };
    walk(wb().server.runDir);
    const outputChannel = files.find((f) => f.endsWith(`${path.sep}Hyperliquid Explorer.log`));
    assert.ok(outputChannel, 'the output channel’s log file exists');
    const channelText = fs.readFileSync(outputChannel, 'utf8');
    assert.match(
      channelText,
      /Block 6,701: The node returned JSON-RPC error -32000: cannot serve http:\/\/127\.0\.0\.1:\d+\/\[redacted\]/,
      'the output channel holds the errors, redacted',
    );
    for (const f of files) leaks.check(path.relative(wb().server.runDir, f), fs.readFileSync(f, 'latin1'));
    leaks.checkAll('everything seen in the UI', seen);
  });

  it('no error of the extension reached the extension host: no unhandled rejection, no uncaught exception', () => {
    const hostLogs: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/exthost\.log$/i.test(e.name)) hostLogs.push(p);
      }
    };
    walk(path.join(wb().server.userDataDir, 'logs'));
    assert.ok(hostLogs.length > 0, 'the extension host log was found');
    for (const file of hostLogs) {
      // An entry is a line with a timestamp and a level; a stack follows on the next lines.
      const entries = fs.readFileSync(file, 'utf8').split(/\n(?=\d{4}-\d\d-\d\d )/);
      for (const entry of entries) {
        if (!/\[error\]|unhandled|not handled|uncaught/i.test(entry.split('\n')[0] ?? '')) continue;
        if (/hyperliquid/i.test(entry)) incident('crashes', `${path.basename(file)}: ${entry.slice(0, 600)}`);
      }
    }
    const pageErrors = wb().pageErrors.filter((e) => /hyperliquid/i.test(e));
    for (const e of pageErrors) incident('crashes', `page error: ${e}`);
    assert.equal(figures.crashes, 0, 'see the incidents');
  });
});
