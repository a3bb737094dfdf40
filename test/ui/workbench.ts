// UI-test harness: a real VS Code workbench (code-server) in Chromium, driven like a person would.
// The extension under test is the packaged .vsix (`npm run package`) installed into a fresh
// code-server profile for each suite; `development: true` loads it from source instead.
//
//   import { useWorkbench } from './workbench';
//   describe('My feature', () => {
//     const wb = useWorkbench({ files: { 'sample.ts': 'const b = 0x1a2b;\n' } });
//     it('does it', async () => {
//       await wb().runCommand('Hyperliquid: Set API Key');
//       await wb().fillInputBox('my-key');
//       await wb().waitForNotification(/API key saved/);
//     });
//   });
//
// A failing test leaves a screenshot in test-results/ui/ (git-ignored).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { buildExtension, packageVsix } from '../host/build';
import { startCodeServer, writeFiles, type CodeServer } from '../host/codeServer';
import { ROOT, TEST_RESULTS, seconds, selectedHost, type HostName } from '../host/config';
import { ensureHost } from '../host/install';
import { languagePackVsix } from '../host/languagePack';
import { withTimeout } from '../host/processes';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';

export interface WorkbenchOptions {
  /** Files (path relative to the workspace folder → content) written before the workbench opens. */
  files?: Record<string, string>;
  /** User settings on top of the quiet defaults. */
  settings?: Record<string, unknown>;
  /** Extra environment for code-server and its extension host. */
  env?: Record<string, string>;
  /** Load the extension from source (extensionDevelopmentPath) instead of installing the .vsix. */
  development?: boolean;
  /** Name of the run folder (.vscode-test/run-<name>-<pid>). */
  name?: string;
  /** More .vsix files to install beside the extension (e.g. the spy extension), made when the workbench opens. */
  extraVsix?: () => Promise<string[]>;
  /** Viewport size; default 1400×900. */
  viewport?: { width: number; height: number };
  /** Workbench `?payload=` entries (e.g. `inspect-extensions`); turns on the smoke-test driver, which honours them. */
  payload?: [string, string][];
  /** Display language (`de`, `zh-cn`): a test language pack is installed for it (test/host/languagePack.ts). */
  locale?: string;
}

const SHOTS = path.join(TEST_RESULTS, 'ui');

/**
 * The workbench selectors that depend on the VS Code release, in one place: the suite runs in VS Code
 * 1.139.1 and in 1.99.3 (`--host oldest`), which share these (checked by the whole suite in both). A
 * release that draws them otherwise gets its own entry in `BY_HOST`, keyed by `selectedHost().name`.
 */
const SELECTORS = {
  /** The extension's view container in the activity bar (its link, or the item itself in other layouts). */
  viewContainer: '.part.activitybar .action-item a[aria-label^="Hyperliquid"], .part.activitybar .action-item[aria-label^="Hyperliquid"]',
  /** A hover in an editor (`.monaco-hover`, hidden ones kept in the DOM). */
  editorHover: '.monaco-hover:not(.hidden)',
  /** A tree row's tooltip: the editor's hover widget, or the workbench's own hover. */
  tooltip: '.monaco-hover:not(.hidden), .workbench-hover',
};
const BY_HOST: Record<HostName, Partial<typeof SELECTORS>> = { newest: {}, oldest: {} };
const selectors = (): typeof SELECTORS => ({ ...SELECTORS, ...BY_HOST[selectedHost().name] });
const log = (...a: unknown[]) => console.log('      [workbench]', ...a);

let hostReady: Promise<unknown> | undefined;
let vsixReady: Promise<string> | undefined;
let devBuildReady: Promise<void> | undefined;

/** The .vsix under test: HLX_VSIX (set by test/host/run-ui.ts) or packaged once per process. */
function vsixPath(): Promise<string> {
  const given = process.env.HLX_VSIX;
  if (given) {
    if (!fs.existsSync(given)) return Promise.reject(new Error(`HLX_VSIX=${given} does not exist`));
    return Promise.resolve(given);
  }
  return (vsixReady ??= packageVsix());
}

export function screenshotName(title: string): string {
  return (
    title
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 150) || 'screenshot'
  );
}

export class Workbench {
  /** Messages of uncaught errors in the page, for diagnosis. */
  readonly pageErrors: string[] = [];

  private constructor(
    readonly page: Page,
    readonly server: CodeServer,
    private readonly browser: Browser,
    readonly context: BrowserContext,
  ) {
    page.on('pageerror', (e) => this.pageErrors.push(e.message));
  }

  /** Starts code-server with a fresh profile and the extension, opens the workbench on a scratch folder. */
  static async open(opts: WorkbenchOptions = {}): Promise<Workbench> {
    const t0 = Date.now();
    await (hostReady ??= ensureHost());
    let vsix: string | undefined;
    if (opts.development) await (devBuildReady ??= buildExtension());
    else vsix = await vsixPath();
    const server = await startCodeServer({
      name: opts.name ?? 'ui',
      vsix: [...(vsix ? [vsix] : []), ...((await opts.extraVsix?.()) ?? []), ...(opts.locale ? [await languagePackVsix(opts.locale)] : [])],
      locale: opts.locale,
      files: opts.files,
      settings: opts.settings,
      env: opts.env,
      smokeTestDriver: opts.development || opts.payload !== undefined,
    });
    let browser: Browser | undefined;
    try {
      browser = await launchChromium(server.isolatedEnv);
      const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const wb = new Workbench(page, server, browser, context);
      const payload: [string, string][] = [
        ...(opts.development ? [['extensionDevelopmentPath', server.remoteUri(ROOT)] as [string, string]] : []),
        ...(opts.payload ?? []),
      ];
      const url = server.url(payload.length ? { payload } : {});
      try {
        await page.goto(url, { timeout: 60_000 });
        await wb.untilReady();
      } catch (e) {
        const shot = await wb.screenshot('workbench-open-failed').catch(() => '(no screenshot)');
        throw new Error(
          `the workbench did not open: ${(e as Error).message}\nscreenshot: ${shot}\ncode-server log:\n${server.logTail(20)}` +
            (wb.pageErrors.length ? `\npage errors:\n${wb.pageErrors.slice(-5).join('\n')}` : ''),
        );
      }
      log(`workbench ready in ${seconds(t0)} (${server.baseUrl}, workspace ${server.workspace})`);
      return wb;
    } catch (e) {
      await browser?.close().catch(() => undefined);
      await server.stop();
      throw e;
    }
  }

  /** Waits for the workbench's status bar and explorer, and the extension's view container. */
  private async untilReady(): Promise<void> {
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await this.page.locator('.explorer-folders-view').waitFor({ timeout: 60_000 });
    // The extension's view container in the activity bar: its manifest is loaded.
    await this.page
      .locator(selectors().viewContainer)
      .first()
      .waitFor({ state: 'attached', timeout: 60_000 })
      .catch(() => {
        throw new Error('the Hyperliquid view container never appeared in the activity bar: the extension was not loaded');
      });
  }

  /**
   * Reloads the window, as `Developer: Reload Window` does: a new extension host, so the extension starts
   * again from what VS Code stored (settings, SecretStorage, state), not from what it held in memory.
   */
  async reload(): Promise<void> {
    await this.page.reload({ timeout: 60_000 });
    await this.untilReady();
  }

  /** The scratch workspace folder opened in the workbench. */
  get workspace(): string {
    return this.server.workspace;
  }

  /** Writes a file into the workspace (relative path); usable any time, also after opening. */
  writeFile(relativePath: string, content: string): string {
    writeFiles(this.workspace, { [relativePath]: content });
    return path.join(this.workspace, relativePath);
  }

  // ---- quick input: command palette and input boxes ------------------------------------------

  /** The quick-input widget (command palette, quick picks and input boxes share it). */
  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** The text box of the quick input (palette, pick, input box, the simple file dialog). */
  quickInputField(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-box input');
  }

  /** Runs a command through the F1 palette by its full title, e.g. `Hyperliquid: Set API Key`. */
  async runCommand(title: string, opts: { timeoutMs?: number } = {}): Promise<void> {
    const timeout = opts.timeoutMs ?? 20_000;
    await this.dismissQuickInput();
    await this.page.keyboard.press('F1');
    if (
      !(await this.quickInputField()
        .isVisible()
        .catch(() => false)) &&
      (await this.dialogText())
    ) {
      throw new Error(`cannot open the command palette for "${title}": a modal dialog is open; ${await this.describeState()}`);
    }
    await this.typeInPalette('>' + title, Date.now() + timeout);
    const rows = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    const exact = rows.filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }) });
    // Right after a reload the palette can open before the extensions' commands are known, and it does not
    // update its list when they arrive: as a person would, close it and type the title again.
    for (const end = Date.now() + timeout; ;) {
      const found = await exact
        .first()
        .waitFor({ state: 'visible', timeout: Math.min(5_000, Math.max(1, end - Date.now())) })
        .then(() => true)
        .catch(() => false);
      if (found) break;
      const offered = (await rows.allInnerTexts().catch(() => [])).map((t) => t.split('\n')[0]);
      if (Date.now() >= end) {
        await this.page.keyboard.press('Escape');
        throw new Error(`command "${title}" is not in the command palette; it offers: ${JSON.stringify(offered.slice(0, 10))}`);
      }
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('F1');
      await this.typeInPalette('>' + title, end);
    }
    // Enter on the highlighted match, as a person types it: a click can miss a row the list re-renders
    // meanwhile (right after a reload, commands are still being registered and the list redraws).
    const focused = await exact
      .first()
      .evaluate((el) => el.classList.contains('focused'))
      .catch(() => false);
    if (focused) await this.page.keyboard.press('Enter');
    else await exact.first().click();
    // The palette is gone once it is hidden or reused by the command for its own input.
    await this.page
      .waitForFunction(
        () => {
          const w = document.querySelector('.quick-input-widget') as HTMLElement | null;
          const i = document.querySelector('.quick-input-widget .quick-input-box input') as HTMLInputElement | null;
          return !w || w.style.display === 'none' || !i || !i.value.startsWith('>');
        },
        undefined,
        { timeout },
      )
      .catch(() => {
        throw new Error(`the command palette did not close after choosing "${title}"`);
      });
  }

  /**
   * Types into the palette `key` opened (F1, or Control+P for Quick Open). The palette closes when focus
   * leaves it (a view redrawn or a webview taking focus at that moment) and can be inert for a moment while
   * the one before it closes: then, as a person would, close it, open it again and type once more.
   */
  private async typeInPalette(text: string, deadline: number, key = 'F1'): Promise<void> {
    const input = this.quickInputField();
    for (;;) {
      const left = () => Math.max(1, deadline - Date.now());
      try {
        await input.waitFor({ state: 'visible', timeout: Math.min(5_000, left()) });
        await input.fill(text, { timeout: Math.min(3_000, left()) });
        return;
      } catch (e) {
        if (Date.now() >= deadline) throw new Error(`the command palette did not take "${text}": ${String(e)}; ${await this.describeState()}`);
        if (await this.dialogText()) throw new Error(`a modal dialog is open over the command palette; ${await this.describeState()}`);
        await this.dismissQuickInput();
        await this.page.keyboard.press(key);
      }
    }
  }

  /** Closes a quick input left open (Escape), if any. */
  async dismissQuickInput(): Promise<void> {
    if (
      await this.quickInputField()
        .isVisible()
        .catch(() => false)
    ) {
      await this.page.keyboard.press('Escape');
      await this.quickInputField()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => undefined);
    }
  }

  /**
   * Runs `title` and types `text` into the input box or pick it opens. When the box closes before it takes
   * the text (focus taken from it at that moment), runs the command again, as a person would; at most three times.
   */
  async runCommandAndFill(title: string, text: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.runCommand(title);
      try {
        return await this.fillInputBox(text, { timeoutMs: attempt < 3 ? 8_000 : 20_000 });
      } catch (e) {
        if (
          attempt >= 3 ||
          (await this.quickInputField()
            .isVisible()
            .catch(() => false))
        )
          throw e;
      }
    }
  }

  /**
   * Types into the open input box (from showInputBox) and, by default, presses Enter and waits for
   * the box to close; a validation message that keeps it open is reported in the error.
   */
  async fillInputBox(text: string, opts: { submit?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const timeout = opts.timeoutMs ?? 20_000;
    const input = this.quickInputField();
    const dialog = this.page.locator('.monaco-dialog-box');
    const first = await Promise.race([
      input.waitFor({ state: 'visible', timeout }).then(() => 'input' as const),
      dialog.waitFor({ state: 'visible', timeout }).then(() => 'dialog' as const),
    ]).catch(() => 'none' as const);
    if (first !== 'input') throw new Error(`no input box appeared; ${await this.describeState()}`);
    await input.fill(text);
    if (opts.submit === false) return;
    await this.page.keyboard.press('Enter');
    try {
      await input.waitFor({ state: 'hidden', timeout: 5000 });
    } catch {
      throw new Error(`the input box stayed open after Enter; its message: ${JSON.stringify(await this.inputBoxMessage())}; ${await this.describeState()}`);
    }
  }

  /** Turns demo data on through the palette, as a person does, and clears the notification it shows. */
  async tryDemoData(): Promise<void> {
    await this.runCommand('Hyperliquid: Try Demo Data');
    await this.waitForNotification('Demo data is on', 30_000);
    await this.clearNotifications();
  }

  /**
   * Types `text` into the open quick pick, waits for its inline error matching `message`, presses Enter
   * and checks that the pick stays open with what was typed (nothing was accepted, nothing sent).
   */
  async pickRefuses(text: string, message: RegExp): Promise<void> {
    const input = this.quickInputField();
    await input.fill(text);
    await this.page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row')
      .filter({ hasText: message })
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 });
    await this.page.keyboard.press('Enter');
    await this.page.waitForTimeout(300);
    if (!(await input.isVisible())) throw new Error(`Enter on "${text}" closed the pick: it must stay open`);
    const kept = await input.inputValue();
    if (kept !== text) throw new Error(`Enter on "${text}" changed what was typed to "${kept}"`);
  }

  /** Whether the open input box hides what is typed (password: true). */
  async inputBoxIsPassword(): Promise<boolean> {
    return (await this.quickInputField().getAttribute('type')) === 'password';
  }

  /** The input box's prompt or validation message as shown under the field ('' if none). */
  async inputBoxMessage(): Promise<string> {
    const msg = this.page.locator('.quick-input-widget .quick-input-message');
    if (!(await msg.isVisible().catch(() => false))) return '';
    return (await msg.innerText()).trim();
  }

  /** Waits until the input box shows a message matching `match` (e.g. a validation error). */
  async waitForInputBoxMessage(match: string | RegExp, timeoutMs = 10_000): Promise<string> {
    let last = '';
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      last = await this.inputBoxMessage();
      if (matches(last, match)) return last;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`input box message ${JSON.stringify(last)} never matched ${String(match)}`);
  }

  // ---- views ----------------------------------------------------------------------------------

  /** The pane (view) with this title, e.g. `Open Orders`. */
  pane(viewTitle: string): Locator {
    return this.page.locator('.pane', { has: this.page.locator('.pane-header', { hasText: viewTitle }) });
  }

  /** Opens a view by its name through `View: Open View…`. */
  async openView(viewTitle: string): Promise<void> {
    await this.runCommand('View: Open View...').catch(() => this.runCommand('View: Open View…'));
    await this.quickInputField().fill(viewTitle);
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: viewTitle }).first();
    await row.waitFor({ state: 'visible' });
    await row.click();
    await this.pane(viewTitle).waitFor({ state: 'visible' });
  }

  /** Tree rows of a view (the row locator): `.pane` with the title → `.monaco-list-row`. */
  treeRowLocator(viewTitle: string): Locator {
    return this.pane(viewTitle).locator('.pane-body .monaco-list-row');
  }

  /** Texts of the visible rows of a tree view; waits for at least `min` rows (default 1). */
  async treeRows(viewTitle: string, opts: { min?: number; timeoutMs?: number } = {}): Promise<string[]> {
    const pane = this.pane(viewTitle);
    try {
      await pane.waitFor({ state: 'visible', timeout: opts.timeoutMs ?? 20_000 });
    } catch {
      const titles = await this.page.locator('.pane-header .title').allInnerTexts();
      throw new Error(`view "${viewTitle}" is not visible; visible views: ${JSON.stringify(titles)}`);
    }
    const min = opts.min ?? 1;
    if (min > 0)
      await this.treeRowLocator(viewTitle)
        .nth(min - 1)
        .waitFor({ state: 'visible', timeout: opts.timeoutMs ?? 20_000 });
    return (await this.treeRowLocator(viewTitle).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** A tree view's rows as "label description", as a person reads them; no wait for a minimum. */
  async treeRowTexts(viewTitle: string): Promise<string[]> {
    await this.treeRows(viewTitle, { min: 0 }); // the view is visible
    return this.treeRowLocator(viewTitle).evaluateAll((rows) =>
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      rows.map((row) =>
        [row.querySelector('.label-name'), row.querySelector('.label-description')]
          .map((e) => (e?.textContent ?? '').trim())
          .filter(Boolean)
          .join(' ')
          .replace(/\s+/g, ' '),
      ),
    );
  }

  /** The tree's rows once `ready` says they are what the test waits for; fails saying what it saw. */
  async treeRowsWhen(viewTitle: string, what: string, ready: (rows: string[]) => boolean, timeoutMs = 30_000): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    let rows: string[] = [];
    while (Date.now() < end) {
      rows = await this.treeRowTexts(viewTitle);
      if (ready(rows)) return rows;
      await this.page.waitForTimeout(200);
    }
    throw new Error(`the ${viewTitle} tree never showed ${what}; rows: ${JSON.stringify(rows, null, 1)}`);
  }

  /** The rows once no row shows a loading spinner and the texts stay the same for `quietMs`. */
  async treeSettled(viewTitle: string, what: string, ready: (rows: string[]) => boolean = () => true, quietMs = 500, timeoutMs = 30_000): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      const rows = await this.treeRowsWhen(viewTitle, what, ready, Math.max(1_000, end - Date.now()));
      const loading = await this.pane(viewTitle).locator('.codicon-loading, .codicon-modifier-spin').count();
      const now = JSON.stringify(rows);
      if (!loading && now === last) return rows;
      if (Date.now() > end) throw new Error(`the ${viewTitle} tree did not settle on ${what}: ${now}`);
      last = loading ? '' : now;
      await this.page.waitForTimeout(quietMs);
    }
  }

  /**
   * Clicks the inline action `label` of the first tree row matching `row`, as a person does: mouse onto
   * the row, then onto its action once it shows. Inline actions show only while the row is hovered; when
   * the tree re-renders or the row moves (a wallet finished loading, a row above it appeared) the mouse is
   * no longer over it and the action hides again. So each try moves off, back onto the row and clicks with
   * a short timeout, until one lands or `timeoutMs` passes.
   */
  async clickTreeRowAction(viewTitle: string, row: string | RegExp, label: string, timeoutMs = 30_000): Promise<void> {
    const target = this.treeRowLocator(viewTitle).filter({ hasText: row }).first();
    const action = target.locator(`.action-label[aria-label="${label}"]`);
    const end = Date.now() + timeoutMs;
    await target.waitFor({ state: 'visible', timeout: timeoutMs });
    let tries = 0;
    for (;;) {
      tries += 1;
      try {
        await this.page.mouse.move(2, 2);
        await target.hover({ timeout: 3_000 });
        await action.click({ timeout: 3_000 });
        return;
      } catch (e) {
        if (Date.now() > end) {
          const rows = await this.treeRowTexts(viewTitle).catch(() => [] as string[]);
          const state = await this.describeState().catch(() => '');
          throw new Error(
            `the ${viewTitle} row ${String(row)} never let its action “${label}” be clicked in ${timeoutMs} ms (${tries} tries; last: ${(e as Error).message.split('\n')[0]}); rows: ${JSON.stringify(rows)}; ${state}`,
          );
        }
      }
    }
  }

  /**
   * Shows the tooltip of the first tree row matching `row` as a person does (mouse onto the row, wait)
   * and returns the hover once it contains `expect`.
   *
   * Why tree tooltips sometimes never showed: VS Code schedules a row's hover on `mouseover` and shows it
   * after `workbench.hover.delay` (500 ms here). When the row re-renders meanwhile (the tree fired a
   * change: a wallet finished loading, a refresh), its label disposes the pending hover and sets up a new
   * one (IconLabel.setupHover), which waits for the next `mouseover`. If the row's element stayed the same,
   * none comes while the mouse rests: the tooltip is lost however long the test waits. On a loaded machine
   * loading and refreshes stretch out, so a re-render lands inside the delay more often.
   * So: hover once the row has stopped re-rendering (the hover target's `custom-hover` attribute is set
   * again on each render), and when a re-render still drops the hover, move off and back onto the row,
   * which is what a person whose tooltip did not come does.
   */
  async treeTooltip(viewTitle: string, row: string | RegExp, expect: string | RegExp, timeoutMs = 15_000): Promise<Locator> {
    const target = this.treeRowLocator(viewTitle).filter({ hasText: row }).first();
    const hover = this.page.locator(selectors().tooltip, { hasText: expect }).filter({ visible: true }).first();
    const end = Date.now() + timeoutMs;
    const QUIET_MS = 700; // longer than the hover delay
    /** Starts (again) recording when the row last re-rendered; returns ms since then (Infinity: not since). */
    const watch = () =>
      target.evaluate((el) => {
        const w = el as HTMLElement & { __hlxLast?: number; __hlxObserver?: MutationObserver };
        w.__hlxObserver?.disconnect();
        w.__hlxLast = undefined;
        w.__hlxObserver = new MutationObserver(() => (w.__hlxLast = performance.now()));
        w.__hlxObserver.observe(el, { subtree: true, attributes: true, attributeFilter: ['custom-hover'] });
      });
    const sinceRerender = () =>
      target
        .evaluate((el) => {
          const last = (el as HTMLElement & { __hlxLast?: number }).__hlxLast;
          return last === undefined ? -1 : performance.now() - last;
        })
        .then(
          (ms) => (ms < 0 ? Infinity : ms),
          () => 0,
        ); // a detached row was just re-rendered
    let rehovers = 0;
    await target.waitFor({ state: 'visible', timeout: timeoutMs });
    await watch();
    const watching = Date.now();
    // The row at rest first: no re-render for longer than the hover delay (bounded, then try anyway).
    const quietBy = Math.min(end, Date.now() + 5_000);
    while (Date.now() < quietBy) {
      await this.page.waitForTimeout(100);
      const since = await sinceRerender();
      if ((since === Infinity ? Date.now() - watching : since) >= QUIET_MS) break;
    }
    for (;;) {
      await this.page.mouse.move(2, 2); // off every row: the move onto the row is a fresh mouseover
      await watch();
      await target.hover();
      for (;;) {
        if (
          await hover.waitFor({ state: 'visible', timeout: 1_000 }).then(
            () => true,
            () => false,
          )
        )
          return hover;
        if (Date.now() > end) {
          const state = await this.describeState().catch(() => '');
          throw new Error(
            `no tooltip containing ${String(expect)} on the ${viewTitle} row ${String(row)} in ${timeoutMs} ms (moved off and back ${rehovers} time(s) after the row re-rendered)${state ? `; ${state}` : ''}`,
          );
        }
        const since = await sinceRerender();
        // Re-rendered, then quiet for longer than the delay, and still no tooltip: the pending hover was dropped.
        if (since !== Infinity && since >= QUIET_MS) break;
      }
      rehovers += 1;
    }
  }

  // ---- webviews, editors, hovers --------------------------------------------------------------

  /** Content of the (last opened) webview: `iframe.webview.ready` → `#active-frame`. */
  webview(): FrameLocator {
    return this.page.locator('iframe.webview.ready').last().contentFrame().locator('#active-frame').contentFrame();
  }

  /** Opens a workspace file by name through Quick Open (Ctrl+P) and waits for its editor tab. */
  async openFile(name: string): Promise<void> {
    // The file's tab active and its text drawn. An open tab is not enough: the file may already be open
    // behind a webview, which a lost click on Quick Open's row leaves in front (VS Code 1.99 under load,
    // 29 Nov). A person whose file did not come to the front opens it again: so does this, for 30 s.
    const active = this.page.locator('.tabs-container .tab.active', { hasText: path.basename(name) }).first();
    const end = Date.now() + 30_000;
    for (;;) {
      await this.dismissQuickInput();
      await this.page.keyboard.press('Control+P');
      await this.typeInPalette(name, Math.max(end, Date.now() + 10_000), 'Control+P');
      const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: path.basename(name) }).first();
      try {
        await row.waitFor({ state: 'visible' });
      } catch {
        await this.page.keyboard.press('Escape');
        throw new Error(`Quick Open did not find "${name}" in ${this.workspace}`);
      }
      await row.click();
      if (
        await active.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (Date.now() > end) throw new Error(`Quick Open showed "${name}" but its editor never came to the front; ${await this.describeState()}`);
    }
    await this.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first().waitFor({ state: 'visible' });
  }

  /**
   * Moves the mouse over the first occurrence of `text` in the visible editor and returns the
   * hover's text once a hover containing `expect` (default: any text) shows.
   */
  async hoverOver(text: string, opts: { expect?: string | RegExp; timeoutMs?: number } = {}): Promise<string> {
    const box = await this.page.evaluate((needle) => {
      for (const line of Array.from(document.querySelectorAll('.editor-instance .monaco-editor .view-lines .view-line'))) {
        const content = line.textContent ?? '';
        const at = content.replace(/\u00a0/g, ' ').indexOf(needle);
        if (at < 0) continue;
        // Find the text node and offset holding the middle of the match.
        const target = at + Math.floor(needle.length / 2);
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let seen = 0;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const len = n.textContent?.length ?? 0;
          if (seen + len > target) {
            const range = document.createRange();
            range.setStart(n, target - seen);
            range.setEnd(n, target - seen + 1);
            const r = range.getBoundingClientRect();
            return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
          }
          seen += len;
        }
      }
      return undefined;
    }, text);
    if (!box) throw new Error(`"${text}" is not visible in the editor`);
    const hover = this.page.locator(selectors().editorHover, opts.expect ? { hasText: opts.expect } : {}).first();
    // A person whose hover did not come up moves the mouse off and back: VS Code drops a hover request
    // when something else takes the focus meanwhile (seen once in CI while the tree refreshed).
    const end = Date.now() + (opts.timeoutMs ?? 15_000);
    while (Date.now() < end) {
      await this.page.mouse.move(box.x, box.y + 200);
      await this.page.mouse.move(box.x, box.y, { steps: 5 });
      const shown = await hover.waitFor({ state: 'visible', timeout: Math.max(500, Math.min(5_000, end - Date.now())) }).then(
        () => true,
        () => false,
      );
      if (shown) return (await hover.innerText()).trim();
    }
    throw new Error(`no hover${opts.expect ? ` containing ${String(opts.expect)}` : ''} over "${text}"`);
  }

  // ---- notifications and status bar -----------------------------------------------------------

  /** Messages of the notification toasts now visible, plus the notification center's when open. */
  async notifications(): Promise<string[]> {
    const sel = '.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message';
    const texts = await this.page
      .locator(sel)
      .allInnerTexts()
      .catch(() => [] as string[]);
    return [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
  }

  /**
   * Waits for a notification matching `match`: first among the toasts, then (toasts can be
   * suppressed, e.g. in extension-development windows) in the notification center.
   */
  async waitForNotification(match: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    let openedCenter = false;
    for (;;) {
      const found = (await this.notifications()).find((t) => matches(t, match));
      if (found) return found;
      const left = end - Date.now();
      if (!openedCenter && left < timeoutMs / 2) {
        openedCenter = true;
        await this.runCommand('Notifications: Show Notifications').catch(() => undefined);
      }
      if (left <= 0) {
        throw new Error(`no notification matching ${String(match)}; ${await this.describeState()}`);
      }
      await this.page.waitForTimeout(150);
    }
  }

  /** Clicks `button` on the notification whose message matches `match` (a toast, or in the notification center). */
  async clickNotificationButton(match: string | RegExp, button: string, timeoutMs = 15_000): Promise<void> {
    await this.waitForNotification(match, timeoutMs);
    const items = this.page.locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item').filter({ hasText: match });
    await items.first().getByRole('button', { name: button }).click();
  }

  /** The rows of the quick pick now open, each as its label and detail read. */
  async quickPickRows(min = 1): Promise<string[]> {
    const rows = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    if (min > 0) await rows.nth(min - 1).waitFor({ state: 'visible' });
    return (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Closes the notification center and all toasts. */
  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications').catch(() => undefined);
  }

  /** Text of the modal dialog now shown (e.g. "Command … resulted in an error"), or ''. */
  async dialogText(): Promise<string> {
    const box = this.page.locator('.monaco-dialog-box');
    if (!(await box.isVisible().catch(() => false))) return '';
    return (await box.innerText()).replace(/\s+/g, ' ').trim();
  }

  /** What a person would see that explains a failure: a modal dialog and the notifications. */
  async describeState(): Promise<string> {
    const dialog = await this.dialogText().catch(() => '');
    const shown = await this.notifications().catch(() => [] as string[]);
    return (dialog ? `dialog: ${JSON.stringify(dialog)}; ` : '') + `notifications: ${JSON.stringify(shown)}`;
  }

  /** Closes a modal dialog and a quick input left open, so that the next test starts clean. */
  async resetUi(): Promise<void> {
    for (
      let i = 0;
      i < 3 &&
      (await this.page
        .locator('.monaco-dialog-box')
        .isVisible()
        .catch(() => false));
      i++
    ) {
      await this.page.keyboard.press('Escape');
      await this.page
        .locator('.monaco-dialog-box')
        .waitFor({ state: 'hidden', timeout: 2000 })
        .catch(() => undefined);
    }
    await this.dismissQuickInput();
  }

  /** Texts of the status bar items. */
  async statusBarTexts(): Promise<string[]> {
    const texts = await this.page.locator('.part.statusbar .statusbar-item').allInnerTexts();
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  /** Waits for a status bar item whose text matches; returns its text. */
  async waitForStatusBarItem(match: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.statusBarTexts()).find((t) => matches(t, match));
      if (found) return found;
      if (Date.now() > end) throw new Error(`no status bar item matching ${String(match)}; shown: ${JSON.stringify(await this.statusBarTexts())}`);
      await this.page.waitForTimeout(150);
    }
  }

  // ---- evidence and teardown ------------------------------------------------------------------

  /** Saves a PNG of the whole window to test-results/ui/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `${screenshotName(name)}.png`);
    await this.page.screenshot({ path: file, timeout: 10_000 });
    return file;
  }

  async close(): Promise<void> {
    await withTimeout(this.browser.close(), 10_000, 'closing Chromium').catch(() => undefined);
    await this.server.stop();
  }
}

/**
 * Mocha hooks for a suite: opens a workbench before the suite, saves a screenshot of each failing
 * test to test-results/ui/, closes everything after. Returns an accessor for the workbench.
 */
export function useWorkbench(opts: WorkbenchOptions = {}): () => Workbench {
  let wb: Workbench | undefined;
  before(async function () {
    this.timeout(10 * 60_000); // the first run may package the .vsix (or install the host)
    wb = await Workbench.open(opts);
  });
  afterEach(async function () {
    const test = this.currentTest;
    // A test to be tried again has no state yet: it failed all the same.
    if (!wb || !test || test.state === 'passed' || test.pending) return;
    try {
      const file = await wb.screenshot(test.fullTitle());
      console.log(`      screenshot of the failure: ${path.relative(process.cwd(), file)}`);
      console.log(`      at failure: ${await wb.describeState()}`);
    } catch (e) {
      console.log(`      (no screenshot: ${(e as Error).message})`);
    }
    await wb.resetUi().catch(() => undefined);
  });
  after(async function () {
    this.timeout(30_000);
    await wb?.close();
    wb = undefined;
  });
  return () => {
    if (!wb) throw new Error('the workbench is not open (did the before hook fail?)');
    return wb;
  };
}

/**
 * A workbench whose provider is a standalone demo node with fault control (its base URL in the settings;
 * no key yet): the node listens before the workbench reads its settings. Returns both accessors.
 */
export function useWorkbenchOnDemoNode(name: string, more: Omit<WorkbenchOptions, 'name' | 'settings'> = {}): { wb: () => Workbench; node: () => DemoNode } {
  let node: DemoNode | undefined;
  const options: WorkbenchOptions = { ...more, name };
  // Registered before useWorkbench's hooks, so the node listens before the workbench reads its settings.
  before(async () => {
    node = await startDemoNode({ control: true });
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);
  return {
    wb,
    node: () => {
      if (!node) throw new Error('the demo node is not running (did the before hook fail?)');
      return node;
    },
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matches(text: string, match: string | RegExp): boolean {
  return typeof match === 'string' ? text.includes(match) : match.test(text);
}
