/**
 * Block panel benchmarks.
 *  1. From the data message to the first painted screen of a 10,000-transaction block, in Chromium: the
 *     built webview script (virtualized table) against the page's floor, 200 static rows of the same
 *     text and markup posted and painted (issue 37: ≤ 1.5× that floor), same CSS, same page and CSP.
 *     (Until issue 37 the baseline was a naive render of all 10,000 rows: 6.6 s, 130× ours.)
 *  2. On the host: a BlockDetails with 10,000 transactions → the message posted to the webview, against
 *     formatting every row on the host first.
 * Run alone with `npx tsx bench/blocks.bench.ts`.
 */
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { toBlockView, toTransactionRow, toTransactionsData } from '../src/blocks/blockViewModel';
import type { Translate } from '../src/view/format';
import { panelLabels } from '../src/blocks/labels';
import { FIRST_ROWS, type BlockHostMessage } from '../src/blocks/protocol';
import { blockDetailsResult, toBlockDetails, validate } from '../src/core/schemas';
import { DEMO_BLOCKS, demoBlockDetails } from '../src/demo/chain';
import { launchChromium } from '../test/host/browser';
import { openBlockPage, webviewScript } from '../test/support/webviewPage';
import { measure, stats, type BenchRow } from './types';
import { runAlone } from './report';

const ROOT = path.resolve(__dirname, '..');
// Each round opens two pages (~0.7 s each on a shared 2-core machine). 6 rounds after 1: 8 after 2 gave
// medians of 76–128 ms ours against 156–175 ms the floor in three runs (0.4–0.8×, the target 1.5×), p95
// near 2× the median for both; the first rounds were no slower than the others (one warm-up is enough).
const ROUNDS = 6;
const WARMUP = 1;
/** Issue 37: the first paint at most this many times the floor's (200 static rows) in the same Chromium. */
const FLOOR_RATIO = 1.5;

const t: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));

/**
 * Runs in the page (as source text, so no bundler helpers leak in): delivers the message as VS Code
 * does (JSON in, a `message` event out) and resolves once a frame has been painted with the first row:
 * `check` runs in each animation frame's callbacks, before that frame's style, layout and paint; the
 * first frame that finds the row paints it, and a task queued from there runs after that paint. (It
 * used to wait for one more frame after finding the row, so it counted a frame, ~16.7 ms, after the
 * rows were already on screen; the baseline is measured by the same function.)
 */
const FIRST_SCREEN = `(json) => new Promise((resolve) => {
  const start = performance.now();
  window.postMessage(JSON.parse(json), '*');
  function check() {
    if (document.querySelector('.tx-row[data-index]')) setTimeout(() => resolve(performance.now() - start));
    else requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})`;

/**
 * The floor's page script: 200 rows of text already formatted (the same text and markup as the panel's
 * first rows: a row of seven cells, each a button) put into the page at once; no formatting, no state.
 */
const STATIC_SOURCE = `
const vscode = acquireVsCodeApi();
window.addEventListener('message', (event) => {
  const m = event.data;
  if (m.type !== 'static') return;
  const app = document.getElementById('app');
  const table = document.createElement('div');
  table.className = 'tx-table';
  m.rows.forEach((cells, index) => {
    const row = document.createElement('div');
    row.className = 'tx-row';
    row.dataset.index = String(index);
    for (const value of cells) {
      const cell = document.createElement('span');
      cell.className = 'cell';
      const text = document.createElement('button');
      text.className = 'link mono';
      text.textContent = value;
      cell.appendChild(text);
      row.appendChild(cell);
    }
    table.appendChild(row);
  });
  app.replaceChildren(table);
});
vscode.postMessage({ type: 'ready' });
`;

async function staticScript(): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: STATIC_SOURCE, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The panel script, bundled as `node esbuild.mjs --production` bundles it (never a stale dist/ file). */
async function panelScript(): Promise<{ script: string; source: string }> {
  return { script: await webviewScript(true), source: 'src/blocks/webview/main.ts, minified' };
}

async function firstScreen(browser: Browser, script: string, json: string): Promise<number> {
  const page = await openBlockPage(browser, script);
  try {
    const fn = await page.page.evaluateHandle(FIRST_SCREEN);
    const ms = (await fn.evaluate((f: unknown, j: string) => (f as (j: string) => Promise<number>)(j), json)) as number;
    const violations = await page.violations();
    if (violations.length) throw new Error(`CSP violations: ${violations.join(', ')}`);
    return ms;
  } finally {
    await page.page.close();
  }
}

export default async function run(): Promise<BenchRow[]> {
  let since = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    console.error(`[bench] blocks: ${what} in ${((now - since) / 1000).toFixed(1)} s`);
    since = now;
  };
  const n = DEMO_BLOCKS.hugeSpecBlock;
  const result = demoBlockDetails(n, Math.floor(Date.now() / 1000))!;
  const details = toBlockDetails(validate(blockDetailsResult, result, 'demo'), result);
  const count = details.transactions!.length;
  const labels = panelLabels({ t });
  // What the panel sends: the block with its first rows (the rest follow on request as they scroll in).
  const message = (): BlockHostMessage => ({
    type: 'show',
    labels,
    view: { kind: 'block', block: toBlockView(details, Date.now() / 1000, t), firstRows: toTransactionsData(details.transactions!.slice(0, FIRST_ROWS)) },
  });
  // What the floor is sent: the same first rows as text, formatted already.
  const staticRows = details.transactions!.slice(0, FIRST_ROWS).map((raw) => {
    const tx = toTransactionRow(toTransactionsData([raw])[0]!);
    return [String(tx.index), tx.hash, tx.from, tx.to ?? 'contract creation', tx.valueHype, tx.gas, tx.gasPriceGwei ?? 'n/a'];
  });
  const json = JSON.stringify(message());
  const staticJson = JSON.stringify({ type: 'static', rows: staticRows });
  step(`block of ${count} transactions made`);

  // Host side: the message as sent, against formatting every row on the host and sending them all.
  if (process.env.BENCH_VERBOSE) console.error('host side…');
  const hostOurs = await measure(() => JSON.stringify(message()), 15, 3);
  const everything = (): BlockHostMessage => ({
    type: 'show',
    labels,
    view: { kind: 'block', block: toBlockView(details, Date.now() / 1000, t), firstRows: toTransactionsData(details.transactions!.slice()) },
  });
  const hostNaive = await measure(
    () => {
      const m = everything();
      return JSON.stringify(m.type === 'show' && m.view.kind === 'block' ? { ...m, rows: m.view.firstRows.map(toTransactionRow) } : m);
    },
    15,
    3,
  );

  step('host side measured');
  const browser = await launchChromium();
  step('Chromium launched');
  try {
    const [{ script, source }, floorScript] = await Promise.all([panelScript(), staticScript()]);
    const ours: number[] = [];
    const floor: number[] = [];
    // Interleaved, so that a busy machine slows both alike.
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const a = await firstScreen(browser, script, json);
      const b = await firstScreen(browser, floorScript, staticJson);
      if (process.env.BENCH_VERBOSE) console.error(`round ${i}: ours ${a.toFixed(0)} ms, 200 static rows ${b.toFixed(0)} ms`);
      if (i >= WARMUP) {
        ours.push(a);
        floor.push(b);
      }
    }
    step('first screens measured');
    const oursStats = stats(ours);
    const floorStats = stats(floor);
    return [
      {
        group: 'views',
        name: `Block panel: data message → first painted screen, ${count.toLocaleString('en-US')} transactions (Chromium)`,
        unit: 'ms',
        ours: oursStats,
        baseline: { name: `the page's floor: ${FIRST_ROWS} static rows of the same text and markup posted and painted`, stats: floorStats },
        target: `≤ ${FLOOR_RATIO}× the floor (median)`,
        met: oursStats.median <= FLOOR_RATIO * floorStats.median,
        note: `virtualized table, first ${FIRST_ROWS} rows sent with the block (${source}), formatted and drawn as they come into view; the floor gets its rows formatted already; interleaved, ${ROUNDS} rounds after ${WARMUP}`,
      },
      {
        group: 'views',
        name: `Block panel: ${count.toLocaleString('en-US')}-transaction BlockDetails → webview message (host)`,
        unit: 'ms',
        ours: stats(hostOurs),
        baseline: { name: 'sending every row, formatted on the host', stats: stats(hostNaive) },
        note: `the message carries the first ${FIRST_ROWS} rows; the webview formats only the rows in view`,
      },
    ];
  } finally {
    await browser.close();
  }
}

if (require.main === module) runAlone(run);
