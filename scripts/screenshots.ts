// `npm run screenshots`: rewrites the README's pictures from the real host. Packages the extension,
// opens code-server in Chromium with a dark theme and demo data, and saves
//   docs/images/block.png   the block page of a demo big block with its transactions
//   docs/images/transaction.png  the transaction page of a demo token transfer (decoded Transfer log)
//   docs/images/orders.png  the Open Orders view on the demo market maker, after a refresh
//   docs/images/hover.png   the hover on 0x1a2b in the walkthrough's sample file
//   docs/images/block.de.png, orders.de.png, block.zh-cn.png, orders.zh-cn.png  the block page and the
//                           Open Orders view in German and Chinese, 800 px wide (scripts/localizedScreenshots.ts)
// It also renders media/icon.png (128×128) from docs/images/icon.svg, so the icon has a source.
// Set HLX_VSIX to use an already packaged .vsix; `-- --languages de,zh-cn` takes only those languages'
// pictures (`en` = the English ones above; all three by default).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_BLOCKS, DEMO_WALLETS } from '../src/demo/demoNode';
import { DEMO_SAMPLES } from '../src/demo/samples';
import { Workbench } from '../test/ui/workbench';
import { packageVsix } from '../test/host/build';
import { ROOT, seconds } from '../test/host/config';
import { ensureHost } from '../test/host/install';
import { runMain } from '../test/host/runner';
import { ensureFontsFor, localizedPictures } from './localizedScreenshots';

const IMAGES = path.join(ROOT, 'docs', 'images');
const ICON_SVG = path.join(IMAGES, 'icon.svg');
const ICON_PNG = path.join(ROOT, 'media', 'icon.png');
const BLOCK = DEMO_BLOCKS.bigBlock;
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const log = (...a: unknown[]) => console.log('[screenshots]', ...a);

type Box = { x: number; y: number; width: number; height: number };

/** The languages asked for with `--languages a,b` (all by default). */
function languages(): string[] {
  const i = process.argv.indexOf('--languages');
  return i > 0 ? process.argv[i + 1]!.split(',').map((l) => l.trim()) : ['en', 'de', 'zh-cn'];
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const langs = languages();
  langs.forEach(ensureFontsFor); // before anything long: a missing font stops the run at once
  await ensureHost();
  process.env.HLX_VSIX ||= await packageVsix();
  fs.mkdirSync(IMAGES, { recursive: true });
  if (langs.includes('en')) await englishPictures();
  for (const lang of langs.filter((l) => l !== 'en')) await localizedPictures(lang, shoot);
  log(`done in ${seconds(t0)}`);
}

async function englishPictures(): Promise<void> {
  const wb = await Workbench.open({
    name: 'screenshots',
    viewport: { width: 1280, height: 860 },
    settings: {
      'workbench.colorTheme': 'Default Dark Modern',
      'editor.minimap.enabled': false,
      'editor.fontSize': 14,
      'workbench.tree.indent': 12,
      'breadcrumbs.enabled': false,
    },
    files: { 'README.md': '# scratch workspace\n' },
  });
  try {
    await renderIcon(wb);
    await wb.runCommand('Hyperliquid: Try Demo Data');
    await wb.waitForNotification('Demo data is on', 30_000);
    await wb.clearNotifications();
    await blockPicture(wb);
    await transactionPicture(wb);
    await ordersPicture(wb);
    await hoverPicture(wb);
  } catch (e) {
    console.error(`[screenshots] the window at the failure: ${await wb.screenshot('screenshots-failed').catch(() => '(none)')}`);
    throw e;
  } finally {
    await wb.close();
  }
}

/** media/icon.png from its SVG source, transparent outside the rounded square. */
async function renderIcon(wb: Workbench): Promise<void> {
  const page = await wb.context.newPage();
  try {
    await page.setViewportSize({ width: 128, height: 128 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${fs.readFileSync(ICON_SVG, 'utf8')}</body></html>`);
    await page.screenshot({ path: ICON_PNG, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  } finally {
    await page.close();
  }
  saved(ICON_PNG);
}

/** The block page of a big demo block, its table filled: the editor area, without the side bar. */
async function blockPicture(wb: Workbench): Promise<void> {
  await wb.runCommand('View: Close Primary Side Bar').catch(() => undefined);
  await wb.runCommand('Hyperliquid: Look Up Block…');
  await wb.fillInputBox(String(BLOCK));
  const text = BLOCK.toLocaleString('en-US');
  await wb.page
    .locator('.tabs-container .tab', { hasText: `Block ${text}` })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  const view = wb.webview();
  await view.locator('.tx-row:not(.tx-head):not(.placeholder)').nth(10).waitFor({ timeout: 30_000 });
  await wb.page.mouse.move(2, 400); // no row under the mouse
  await wb.page.waitForTimeout(500);
  await shoot(wb, 'block.png', await box(wb, '.part.editor'));
  await wb.runCommand('View: Close All Editors');
}

/** The transaction page of a token transfer, typed into Look Up…, its logs loaded: the editor area. */
async function transactionPicture(wb: Workbench): Promise<void> {
  await wb.runCommand('Hyperliquid: Look Up…');
  await wb.fillInputBox(DEMO_SAMPLES.erc20TransferTx);
  await wb.page.locator('.tabs-container .tab', { hasText: 'Transaction 0x' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await wb.webview().locator('[data-decoded="ERC-20 Transfer"]').waitFor({ timeout: 30_000 });
  await wb.page.mouse.move(2, 400);
  await wb.page.waitForTimeout(500);
  await shoot(wb, 'transaction.png', await box(wb, '.part.editor'));
  await wb.runCommand('View: Close All Editors');
}

/** The Open Orders view after a refresh (new, gone, partially filled orders), the market maker expanded. */
async function ordersPicture(wb: Workbench): Promise<void> {
  await wb.runCommand('Hyperliquid: Focus on Open Orders View');
  await wb.runCommand('Hyperliquid: Watch Wallet…');
  await wb.fillInputBox(maker.address, { submit: false });
  await wb.page.keyboard.press('Enter');
  await wb.waitForInputBoxMessage(/A label for/);
  await wb.fillInputBox('Market maker');
  await waitForRow(wb, /^Market maker/, 'the watched wallet');
  await wb.runCommand('Hyperliquid: Refresh Open Orders');
  await waitForRow(wb, / → /, 'the changes since the last refresh (partial fills)');
  // Tall enough for every row of the market maker (the tree draws only the rows in view).
  await wb.page.setViewportSize({ width: 1280, height: 1500 });
  await wb.page.waitForTimeout(500);
  // Only the market maker open: collapse the demo node's other wallets.
  for (const label of ['Demo whale', 'Demo empty wallet']) {
    const row = wb.treeRowLocator('Open Orders').filter({ hasText: label }).first();
    // The tree draws only the rows in view: a wallet below the market maker's rows is not in the picture.
    if ((await row.count()) === 0) continue;
    if ((await row.getAttribute('aria-expanded')) === 'true') await row.locator('.monaco-tl-twistie').click();
  }
  await wb.page.locator('.part.editor').click(); // the tree loses focus: no focus outline in the picture
  // A wider side bar, so that order rows show their notional.
  const sidebar = await box(wb, '.part.sidebar');
  const sashX = sidebar.x + sidebar.width;
  await wb.page.mouse.move(sashX + 1, sidebar.y + sidebar.height / 2);
  await wb.page.mouse.down();
  await wb.page.mouse.move(sashX + 200, sidebar.y + sidebar.height / 2, { steps: 10 });
  await wb.page.mouse.up();
  await wb.page.mouse.move(1200, 400);
  await wb.page.waitForTimeout(500);
  await waitForRow(wb, /^Gone since last refresh/, 'the orders gone since the last refresh');
  // Down to the last row, not the empty rest of the side bar.
  const bar = await box(wb, '.part.sidebar');
  const rowsBottom = await wb.treeRowLocator('Open Orders').evaluateAll((rows) => Math.max(...rows.map((r) => r.getBoundingClientRect().bottom)));
  await shoot(wb, 'orders.png', { ...bar, height: Math.min(bar.height, rowsBottom + 10 - bar.y) });
  await wb.page.setViewportSize({ width: 1280, height: 860 });
}

/** The hover on 0x1a2b in the sample file, with the code around it. */
async function hoverPicture(wb: Workbench): Promise<void> {
  await wb.runCommand('View: Close Primary Side Bar').catch(() => undefined);
  await wb.runCommand('Hyperliquid: Open Block Hover Sample');
  await wb.page.locator('.tabs-container .tab', { hasText: 'block-hover-sample.py' }).first().waitFor({ state: 'visible' });
  // A language service may add a "Loading…" part to hovers until it has read the file: let it finish.
  await wb.page.waitForTimeout(1000);
  await wb.page
    .locator('.part.statusbar', { hasText: 'Analyzing' })
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  for (let attempt = 0; ; attempt++) {
    await wb.hoverOver('0x1a2b', { expect: 'Open block details', timeoutMs: 30_000 });
    const settled = await wb.page
      .locator('.monaco-hover:not(.hidden)', { hasText: 'Loading' })
      .waitFor({ state: 'detached', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (settled || attempt === 2) break;
    await wb.page.keyboard.press('Escape');
    await wb.page.mouse.move(5, 5);
  }
  await wb.page.waitForTimeout(300);
  const hover = await box(wb, '.monaco-hover:not(.hidden)');
  const editor = await box(wb, '.editor-instance .monaco-editor');
  const pad = 24;
  const x = editor.x;
  const y = editor.y;
  const textRight = await wb.page
    .locator('.editor-instance .monaco-editor .view-lines .view-line > span')
    .evaluateAll((spans) => Math.max(...spans.map((e) => e.getBoundingClientRect().right)));
  const right = Math.min(editor.x + editor.width, Math.max(hover.x + hover.width, textRight) + pad);
  const bottom = Math.max(hover.y + hover.height + pad, editor.y + 200);
  await shoot(wb, 'hover.png', { x, y, width: right - x, height: bottom - y });
}

async function waitForRow(wb: Workbench, match: RegExp, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const rows = await wb
      .treeRowLocator('Open Orders')
      .evaluateAll((all) => all.map((row) => (row.querySelector('.monaco-icon-label')?.textContent ?? '').replace(/\s+/g, ' ').trim()));
    if (rows.some((r) => match.test(r))) return;
    await wb.page.waitForTimeout(200);
  }
  throw new Error(`the Open Orders view never showed ${what}`);
}

async function box(wb: Workbench, selector: string): Promise<Box> {
  const b = await wb.page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on the page`);
  return b;
}

async function shoot(wb: Workbench, name: string, clip: Box): Promise<void> {
  const file = path.join(IMAGES, name);
  const viewport = wb.page.viewportSize()!;
  const x = Math.max(0, Math.floor(clip.x));
  const y = Math.max(0, Math.floor(clip.y));
  const width = Math.min(viewport.width - x, Math.ceil(clip.width));
  const height = Math.min(viewport.height - y, Math.ceil(clip.height));
  await wb.page.screenshot({ path: file, clip: { x, y, width, height } });
  saved(file);
}

function saved(file: string): void {
  log(`${path.relative(ROOT, file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB)`);
}

runMain('screenshots', main);
