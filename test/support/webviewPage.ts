/**
 * A page's webview script (any row of src/webview/pages.json: the block page, the transaction page) in a
 * real Chromium page, outside VS Code: the same CSP as the panel (default-src 'none', a nonce for scripts,
 * styles from one origin), the page's stylesheets, `acquireVsCodeApi` replaced by a recorder, and host
 * messages delivered with window.postMessage as VS Code does. Used by the webview tests and by
 * bench/blocks.bench.ts.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { BlockProtocol } from '../../src/blocks/protocol';
import type { PageName } from '../../src/platform/webviewPanel';
import type { TransactionProtocol } from '../../src/transactions/protocol';
import type { HostMessageOf, PageProtocol, WebviewMessageOf } from '../../src/view/panelMessages';
import PAGES from '../../src/webview/pages.json';

const ROOT = path.resolve(__dirname, '..', '..');
const ORIGIN = 'https://block-panel.test';

/** Bundles the page's script (src/<page>/webview/main.ts) as esbuild.mjs does, so the test needs no earlier build. */
export async function webviewScript(minify = false, page: PageName = 'blocks'): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'src', page, 'webview', 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

const SHIM = `
window.__posted = [];
window.__state = undefined;
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
window.acquireVsCodeApi = () => ({
  postMessage: (m) => window.__posted.push(m),
  getState: () => window.__state,
  setState: (s) => { window.__state = s; },
});`;

export interface WebviewPage<P extends PageProtocol> {
  readonly page: Page;
  /** Delivers a message from the host, as VS Code does. */
  post(message: HostMessageOf<P>): Promise<void>;
  /** What the webview sent to the host so far. */
  posted(): Promise<WebviewMessageOf<P>[]>;
  clearPosted(): Promise<void>;
  /** What the webview saved with setState. */
  state(): Promise<unknown>;
  /** CSP violations the page reported. */
  violations(): Promise<string[]>;
}

export type BlockPage = WebviewPage<BlockProtocol>;
export type TransactionPage = WebviewPage<TransactionProtocol>;

/** The page's size; `vscodeFonts`: the fonts VS Code gives a webview on Linux (else the browser's defaults). */
export interface PageOptions {
  width?: number;
  height?: number;
  vscodeFonts?: boolean;
}

/** What VS Code sets on a webview's root on Linux, for tests that measure text. */
const VSCODE_FONTS = `:root {
  --vscode-font-family: system-ui, 'Ubuntu', 'Droid Sans', sans-serif;
  --vscode-font-size: 13px;
  --vscode-editor-font-family: 'Droid Sans Mono', 'monospace', monospace;
  --vscode-editor-font-size: 14px;
}`;

/** Opens the block panel's page. */
export function openBlockPage(browser: Browser, script: string, options: PageOptions = {}): Promise<BlockPage> {
  return openWebviewPage<BlockProtocol>(browser, 'blocks', script, options);
}

/** Opens the transaction panel's page (`script` from `webviewScript(false, 'transactions')`). */
export function openTransactionPage(browser: Browser, script: string, options: PageOptions = {}): Promise<TransactionPage> {
  return openWebviewPage<TransactionProtocol>(browser, 'transactions', script, options);
}

/** Opens a page (`script` from `webviewScript(false, name)`) with panel.css and the page's own stylesheet, as the panel does. */
export async function openWebviewPage<P extends PageProtocol>(
  browser: Browser,
  name: PageName,
  script: string,
  options: PageOptions = {},
): Promise<WebviewPage<P>> {
  const styles = PAGES[name].styles;
  const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  const nonce = crypto.randomBytes(18).toString('base64');
  const csp = `default-src 'none'; style-src ${ORIGIN}; font-src ${ORIGIN}; img-src ${ORIGIN}; script-src 'nonce-${nonce}'`;
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
${options.vscodeFonts ? `<link rel="stylesheet" href="${ORIGIN}/fonts.css">` : ''}<link rel="stylesheet" href="${ORIGIN}/panel.css">${styles.map((s) => `<link rel="stylesheet" href="${ORIGIN}/${s}">`).join('')}</head>
<body><main id="app" aria-busy="true"><p>Loading…</p></main>
<script nonce="${nonce}" src="${ORIGIN}/shim.js"></script>
<script nonce="${nonce}" src="${ORIGIN}/blocks.js"></script></body></html>`;
  const css = (name: string) => fs.readFileSync(path.join(ROOT, 'media', name), 'utf8');
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    const files: Record<string, [string, string]> = {
      '/': ['text/html', html],
      '/fonts.css': ['text/css', VSCODE_FONTS],
      '/panel.css': ['text/css', css('panel.css')],
      ...Object.fromEntries(styles.map((s) => [`/${s}`, ['text/css', css(s)] as [string, string]])),
      '/shim.js': ['text/javascript', SHIM],
      '/blocks.js': ['text/javascript', script],
    };
    const file = files[url.pathname];
    if (file) void route.fulfill({ status: 200, contentType: file[0], body: file[1] });
    else void route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => (window as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'));
  type W = { __posted: WebviewMessageOf<P>[]; __state: unknown; __violations: string[] };
  return {
    page,
    // As a JSON string: Playwright's own serializer is slow for 10,000 objects; VS Code sends JSON too.
    post: (message) => page.evaluate((json) => window.postMessage(JSON.parse(json), '*'), JSON.stringify(message)),
    posted: () => page.evaluate(() => (window as unknown as W).__posted),
    clearPosted: () => page.evaluate(() => void ((window as unknown as W).__posted = [])),
    state: () => page.evaluate(() => (window as unknown as W).__state),
    violations: () => page.evaluate(() => (window as unknown as W).__violations),
  };
}
