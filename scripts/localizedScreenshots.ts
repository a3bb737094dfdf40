// The pictures of `npm run screenshots` in another display language: the block page and the Open Orders
// view, each a whole window 800 px wide, in code-server with a test language pack (test/host/languagePack.ts,
// `--locale`). Saved as docs/images/block.<lang>.png and docs/images/orders.<lang>.png. Every word the
// script looks for is read from the language's own files, so the pictures follow the translations.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { untranslated } from '../src/core/translate';
import { DEMO_BLOCKS } from '../src/demo/demoNode';
import { ROOT } from '../test/host/config';
import { Workbench } from '../test/ui/workbench';

const WIDTH = 800;
const BLOCK = DEMO_BLOCKS.bigBlock;

/** The extension's words in `lang`, from l10n/bundle.l10n.<lang>.json and package.nls.<lang>.json. */
function wordsOf(lang: string) {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, string>;
  const bundle = read(`l10n/bundle.l10n.${lang}.json`);
  const nls = { ...read('package.nls.json'), ...read(`package.nls.${lang}.json`) };
  return {
    t: (message: string, ...args: Array<string | number>) => untranslated(bundle[message] ?? message, ...args),
    command: (id: string) => `${nls['command.category']}: ${nls[`command.${id}.title`]}`,
    view: nls['views.openOrders.name']!,
  };
}
type Words = ReturnType<typeof wordsOf>;

/** Chinese needs a CJK font in Chromium (Debian's Chromium brings none): WenQuanYi Micro Hei, 1.6 MB. */
export function ensureFontsFor(lang: string): void {
  if (!lang.startsWith('zh')) return;
  const has = () => execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim() !== '';
  if (has()) return;
  const install = ['apt-get', 'install', '-y', 'fonts-wqy-microhei'];
  if (process.getuid?.() !== 0) throw new Error(`no Chinese font for the ${lang} pictures: run \`sudo ${install.join(' ')}\``);
  execFileSync(install[0]!, install.slice(1), { stdio: 'inherit' });
  if (!has()) throw new Error('fonts-wqy-microhei was installed, but fontconfig lists no Chinese font');
}

type Clip = { x: number; y: number; width: number; height: number };

/** Takes the two pictures in `lang`; `save` writes one (the whole window, or `clip` of it). */
export async function localizedPictures(lang: string, save: (wb: Workbench, name: string, clip: Clip) => Promise<void>): Promise<void> {
  ensureFontsFor(lang);
  const w = wordsOf(lang);
  const wb = await Workbench.open({
    name: `screenshots-${lang}`,
    locale: lang,
    viewport: { width: WIDTH, height: 860 },
    settings: { 'workbench.colorTheme': 'Default Dark Modern', 'editor.minimap.enabled': false, 'workbench.tree.indent': 12, 'breadcrumbs.enabled': false },
    files: { 'README.md': '# scratch workspace\n' },
  });
  try {
    await wb.runCommand(w.command('tryDemo'));
    await wb.waitForNotification(
      w.t('Demo data is on: Hyperliquid Explorer now shows made-up blocks and orders from a built-in local node. Nothing is sent to your provider.'),
      30_000,
    );
    await wb.clearNotifications();
    await blockPicture(wb, w);
    await save(wb, `block.${lang}.png`, { x: 0, y: 0, ...wb.page.viewportSize()! });
    await save(wb, `orders.${lang}.png`, await ordersPicture(wb, w));
  } catch (e) {
    console.error(`[screenshots] the window at the failure: ${await wb.screenshot(`screenshots-${lang}-failed`).catch(() => '(none)')}`);
    throw e;
  } finally {
    await wb.close();
  }
}

/** The block page of a big demo block, its table filled, the side bar closed. */
async function blockPicture(wb: Workbench, w: Words): Promise<void> {
  await wb.runCommand('View: Close Primary Side Bar').catch(() => undefined);
  await wb.runCommand(w.command('lookUpBlock'));
  await wb.fillInputBox(String(BLOCK));
  const title = w.t('Block {0}', BLOCK.toLocaleString('en-US'));
  await wb.page.locator('.tabs-container .tab', { hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await wb.webview().locator('.tx-row:not(.tx-head):not(.placeholder)').nth(10).waitFor({ timeout: 30_000 });
  await wb.page.mouse.move(2, 400); // no row under the mouse
  await wb.page.waitForTimeout(500);
}

/** The Open Orders view after a refresh, the demo market maker open, the side bar as wide as the block page's table needs. */
async function ordersPicture(wb: Workbench, w: Words): Promise<Clip> {
  await wb.runCommand('View: Close All Editors');
  await wb.page
    .locator('.part.activitybar .action-item a[aria-label^="Hyperliquid"], .part.activitybar .action-item[aria-label^="Hyperliquid"]')
    .first()
    .click();
  const rows = wb.treeRowLocator(w.view);
  await rows
    .filter({ hasText: w.t('Demo market maker') })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  // Tall enough for every row of the market maker (the tree draws only the rows in view), and a wider side
  // bar, so that order rows show their price and notional.
  await wb.page.setViewportSize({ width: WIDTH, height: 1400 });
  const sidebar = await wb.page.locator('.part.sidebar').first().boundingBox();
  if (sidebar) {
    const sash = sidebar.x + sidebar.width;
    await wb.page.mouse.move(sash + 1, sidebar.y + sidebar.height / 2);
    await wb.page.mouse.down();
    await wb.page.mouse.move(WIDTH - 120, sidebar.y + sidebar.height / 2, { steps: 10 });
    await wb.page.mouse.up();
  }
  for (const label of [w.t('Demo whale (5,000 orders)'), w.t('Demo empty wallet')]) {
    const row = rows.filter({ hasText: label }).first();
    if ((await row.count()) > 0 && (await row.getAttribute('aria-expanded')) === 'true') await row.locator('.monaco-tl-twistie').click();
  }
  await wb.runCommand(w.command('refreshOrders'));
  const gone = w.t('Gone since last refresh ({0})', '').replace(/\s*[(（]\s*[)）]\s*$/, '');
  await rows.filter({ hasText: gone }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await wb.page.locator('.part.editor').click(); // no focus outline in the picture
  await wb.page.mouse.move(WIDTH - 5, 600);
  await wb.page.waitForTimeout(500);
  // Down to the last row and the status bar's height below it, not the empty rest of the side bar.
  const bottom = await rows.evaluateAll((all) => Math.max(...all.map((r) => r.getBoundingClientRect().bottom)));
  return { x: 0, y: 0, width: WIDTH, height: Math.min(1400, Math.ceil(bottom) + 30) };
}
