// Live wallets, like a person: watch the demo market maker with Hyperliquid's public API standing in on
// the demo node (its keyless /info and /ws); decline the question and see the wallet polled and why;
// watch another wallet, allow when asked again, and see the wallet live; the demo node sends a new order, a fill and a
// liquidation and the tree shows each with no refresh (auto-refresh is off), and the market moves (a
// position's mark follows); the demo node drops the
// connection and refuses new ones: the tree says reconnecting; a fill sent meanwhile appears once the
// connection is back, and no fill is shown twice. The extension is the packaged .vsix.
import * as assert from 'node:assert/strict';
import { DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const VIEW = 'Open Orders';
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;
const QUESTION = /Follow your watched wallets live over Hyperliquid’s WebSocket at 127\.0\.0\.1:\d+\?/;
const WALLET = /^Maker .*?(\d+) orders/;

describe('UI: live wallets over Hyperliquid’s WebSocket (the demo node’s /ws)', function () {
  this.timeout(150_000);
  let node: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-live', viewport: { width: 1400, height: 1600 }, files: { 'README.md': '# scratch workspace\n' } };
  before(async () => {
    node = await startDemoNode({ control: true });
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl, 'hyperliquidExplorer.publicApi.infoUrl': `${node.baseUrl}/info` };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);
  const rowsWhen = (what: string, ready: (rows: string[]) => boolean, timeoutMs = 30_000) => wb().treeRowsWhen(VIEW, what, ready, timeoutMs);
  const walletRow = (rows: string[]) => rows.find((r) => WALLET.test(r)) ?? '';
  const send = async (action: string) => {
    const res = await fetch(`${node.baseUrl}/__demo/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, user: maker.address }),
    });
    assert.equal(res.status, 200);
    return Date.now();
  };
  /** Waits for rows, and says how long after `since` they were seen. */
  const seen = async (what: string, since: number, ready: (rows: string[]) => boolean) => {
    const rows = await rowsWhen(what, ready, 10_000);
    console.log(`      ${what}: seen ${Date.now() - since} ms after the demo node sent it`);
    return rows;
  };

  it('declining leaves the wallet polled, and the tree says why', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address, { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().fillInputBox('Maker');
    await wb().waitForNotification(QUESTION);
    await wb().clearNotifications(); // closed without an answer: not allowed
    const rows = await rowsWhen('the wallet polled, with why', (r) => / · polled \(live data not allowed\)$/.test(walletRow(r)));
    assert.equal(node.live.open, 0, 'nothing connected to the WebSocket');
    assert.ok(walletRow(rows));
  });

  it('allowed when asked again (another wallet watched), the wallet goes live: a new order, a fill and a liquidation show with no refresh', async () => {
    // Asked again when another wallet is watched; this time allowed.
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(whale.address, { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().fillInputBox('Whale');
    await wb().clickNotificationButton(QUESTION, 'Allow');
    let rows = await rowsWhen('the wallet live', (r) => / · live$/.test(walletRow(r)));
    const count = Number(WALLET.exec(walletRow(rows))![1]);

    let at = await send('order');
    rows = await seen('the new order', at, (r) => Number(WALLET.exec(walletRow(r))?.[1]) === count + 1);
    assert.ok(
      rows.some((r) => r.startsWith('BTC')),
      JSON.stringify(rows, null, 1),
    );

    at = await send('fill');
    rows = await seen('the fill', at, (r) => r.some((x) => /^filled 0\.5 BTC @ [\d,.]+ (just now|\d+ s ago)$/.test(x)));
    assert.equal(Number(WALLET.exec(walletRow(rows))![1]), count, 'the filled order left');

    at = await send('liquidation');
    await seen('the liquidation', at, (r) => r.some((x) => /^liquidated 0\.3 BTC @ [\d,.]+ /.test(x)));
    await wb().waitForNotification(/Maker was liquidated: a position worth 30005\.0 USD was closed/);
    await wb().clearNotifications();
  });

  it('a position’s mark follows the market with no refresh', async () => {
    const mark = (r: string[]) => / · mark ([\d,.]+) /.exec(r.find((x) => x.startsWith('BTC Long')) ?? '')?.[1];
    await rowsWhen('the BTC position', (r) => mark(r) === '101,240');
    const at = await send('tick');
    await seen('the new mark', at, (r) => mark(r) === '101,291');
  });

  it('a dropped connection says reconnecting, then catches up with no fill missed or doubled', async () => {
    await send('down'); // drops the connection and refuses new ones
    await rowsWhen('reconnecting', (r) => / · reconnecting…$/.test(walletRow(r)), 15_000);
    await send('fill'); // sent while the wallet is away: only the snapshot has it
    await send('up');
    const rows = await rowsWhen('live again, caught up', (r) => / · live$/.test(walletRow(r)) && r.filter((x) => x.startsWith('filled ')).length >= 2, 20_000);
    await wb().screenshot('live-caught-up');
    assert.equal(rows.filter((x) => x.startsWith('filled ')).length, 2, `each fill once: ${JSON.stringify(rows, null, 1)}`);
    assert.equal(rows.filter((x) => x.startsWith('liquidated ')).length, 1);
  });
});
