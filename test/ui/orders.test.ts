// The Open Orders sidebar, driven like a person: palette → Watch Wallet… → the demo node's market maker;
// the tree groups its orders (stops with their trigger, a position TP/SL, each dex in its unit, outcome
// coins, a failing dex beside working ones); refreshes show what changed and what became of gone orders
// (filled, cancelled); a bad address is refused as typed; a 401 leaves an error row while the last orders stay. The extension is the packaged .vsix; the data comes
// from a demo node started here, outside VS Code, so that the test can make it fail.
import * as assert from 'node:assert/strict';
import { DEMO_AGENT_WALLET, DEMO_WALLETS } from '../../src/demo/demoNode';
import { useWorkbenchOnDemoNode } from './workbench';

const VIEW = 'Open Orders';
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;

describe('UI: Open Orders sidebar (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const demo = useWorkbenchOnDemoNode('ui-orders', { viewport: { width: 1400, height: 2200 }, files: { 'README.md': '# scratch workspace\n' } });
  const wb = demo.wb;
  const node = demo.node;

  const rowTexts = () => wb().treeRowTexts(VIEW);
  const rowsWhen = (what: string, ready: (rows: string[]) => boolean, timeoutMs?: number) => wb().treeRowsWhen(VIEW, what, ready, timeoutMs);

  // A limit order (`size @ price · …`), a trigger (`Stop Market · size · trigger ≤ price …`) or a position TP/SL.
  const isOrderRow = (r: string) => / @ [\d,.]+ · /.test(r) || / · trigger [≥≤] [\d,.]+/.test(r);

  it('without a key the view offers Set API Key and Try Demo Data', async () => {
    await wb().runCommand('Hyperliquid: Focus on Open Orders View');
    const welcome = wb().pane(VIEW).locator('.welcome-view-content');
    await welcome.waitFor({ state: 'visible' });
    const text = await welcome.innerText();
    assert.match(text, /Set API Key/);
    assert.match(text, /Try Demo Data/);
  });

  it('with the key set through the palette it asks for a wallet', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node().apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    const welcome = wb().pane(VIEW).locator('.welcome-view-content', { hasText: 'No wallets watched yet' });
    await welcome.waitFor({ state: 'visible' });
    assert.match(await welcome.innerText(), /Watch Wallet/);
  });

  it('Watch Wallet… refuses an invalid address in the input box, as it is typed, without a request', async () => {
    const requests = node().requests;
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox('0x3217cce5d8c320717e50df51e36008fef10701', { submit: false });
    await wb().waitForInputBoxMessage(/this one has 38/);
    await wb().fillInputBox('3217cce5d8c320717e50df51e36008fef107018c', { submit: false });
    await wb().waitForInputBoxMessage(/starts with “0x”/);
    await wb().fillInputBox('0x3217cce5d8c320717e50df51e36008fef10701zz', { submit: false });
    await wb().waitForInputBoxMessage(/only hex digits/);
    await wb().page.keyboard.press('Enter');
    await wb().page.waitForTimeout(300);
    assert.match(await wb().inputBoxMessage(), /only hex digits/, 'Enter does not accept an invalid address');
    await wb().fillInputBox('', { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().waitForInputBoxMessage(/Type a wallet address/);
    await wb().page.keyboard.press('Escape');
    assert.equal(node().requests, requests, 'no request for an invalid address');
  });

  it('Watch Wallet… with a demo node address shows its orders grouped: Perps, each dex, Spot, Outcomes', async () => {
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address.toUpperCase().replace('0X', '0x'), { submit: false }); // any case is accepted
    await wb().page.keyboard.press('Enter');
    await wb().waitForInputBoxMessage(/A label for 0x3217…018c/); // the second step of the same box: an optional label
    await wb().fillInputBox('Maker');
    const groups = ['Perps', 'flx', 'outage', 'xyz', 'Spot', 'Outcomes'];
    // A new wallet is drawn with the mids of its first dex; the other dexs' mids follow the draw. The wait
    // is the check: second-dex coins under their dex, with their notional and distance from mid.
    const secondDexWithMid = (x: string) => /^XYZ100 .* USDC · [+−][\d.]+% from mid$/.test(x);
    const rows = await rowsWhen(
      'the maker’s groups and count, and the second dex’s mids',
      (r) =>
        groups.every((g) => r.some((x) => x.startsWith(`${g} `))) &&
        r.some(isOrderRow) &&
        r.some((x) => /^Maker.*\d+ orders/.test(x)) &&
        r.some(secondDexWithMid),
    );
    const wallet = rows.find((r) => r.startsWith('Maker'));
    assert.ok(wallet, JSON.stringify(rows));
    const count = Number(/(\d+) orders/.exec(wallet)?.[1]);
    assert.equal(rows.filter(isOrderRow).length, count, `the wallet says ${count} orders: ${JSON.stringify(rows, null, 1)}`);
    assert.ok(
      rows.some((r) => r.startsWith('HYPE/USDC ')),
      '@107 is shown as HYPE/USDC',
    );
    assert.ok(!rows.some((r) => / · new$/.test(r) || / → [\d,.]+ @ /.test(r)), 'nothing is marked on the first load');
    // Groups come in order: Perps, then the other dexs by name, then Spot and Outcomes.
    const order = groups.map((g) => rows.findIndex((r) => r.startsWith(`${g} `)));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
    );
    await wb().screenshot('orders-first-load');
  });

  it('shows a stop with its trigger price, a position TP/SL as the entire position, and TP/SL under their parent', async () => {
    const rows = await rowTexts();
    assert.ok(
      rows.some((r) => /^BTC Stop Market · 0\.25 · trigger ≤ 96,000 · 24,000 USDC/.test(r)),
      JSON.stringify(rows, null, 1),
    );
    assert.ok(
      rows.some((r) => /^ETH Take Profit Market · entire position · trigger ≥ 3,750/.test(r)),
      'position TP/SL',
    );
    // The parent limit order, then its two children, one level deeper in the tree.
    const parent = rows.findIndex((r) => /^HYPE 40 @ 37\.5 · /.test(r));
    assert.ok(parent >= 0, JSON.stringify(rows, null, 1));
    const child = /^HYPE (Stop Market · 40 · trigger ≤ 34|Take Profit Limit · 40 · trigger ≥ 44 → 44\.5)/;
    assert.match(rows[parent + 1]!, child);
    assert.match(rows[parent + 2]!, child);
    const level = async (r: number) => Number(await wb().treeRowLocator(VIEW).nth(r).getAttribute('aria-level'));
    assert.equal(await level(parent + 1), (await level(parent)) + 1, 'the children sit under their parent');
  });

  it('counts a non-USDC dex in its own unit, puts the outcome coin in its group, and shows the failing dex beside working ones', async () => {
    const rows = await rowTexts();
    const flx = rows.slice(
      rows.findIndex((r) => r.startsWith('flx ')) + 1,
      rows.findIndex((r) => r.startsWith('outage ')),
    );
    assert.ok(flx.length > 0 && flx.every((r) => / USDH( · |$)/.test(r)), `flx settles in USDH: ${JSON.stringify(flx)}`);
    const outcomes = rows.slice(rows.findIndex((r) => r.startsWith('Outcomes ')) + 1);
    assert.match(outcomes[0]!, /^#1 150 @ 0\.58 · 87 · Alo/);
    const outage = rows.findIndex((r) => r.startsWith('outage '));
    assert.match(rows[outage + 1]!, /server error \(HTTP 500\).*select to retry/);
    assert.match(
      rows.find((r) => r.startsWith('Maker'))!,
      /\d+ orders( · polled \(live data not allowed\))?$/,
      'the wallet itself is current, not stale',
    );
    await wb().screenshot('orders-dexs-units-outcomes');
  });

  it('a refresh after the demo node’s orders changed shows new, partially filled and gone orders, and that the gone ones were filled', async () => {
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const newRows = (r: string[]) => r.filter((x) => isOrderRow(x) && / · new$/.test(x));
    const fillRows = (r: string[]) => r.filter((x) => / → [\d,.]+ @ /.test(x));
    const goneRows = (r: string[]) => r.slice(r.findIndex((x) => x.startsWith('Gone since last refresh')) + 1);
    // The demo maker replaces one order and partly fills another on each working dex between two answers.
    const rows = await rowsWhen(
      'one gone, one new and one partly filled order per working dex, the gone ones filled',
      (r) =>
        r.some((x) => x.startsWith('Gone since last refresh (3)')) &&
        newRows(r).length === 3 &&
        fillRows(r).length === 3 &&
        goneRows(r).filter((x) => / · filled$/.test(x)).length === 3,
    );
    assert.equal(goneRows(rows).filter(isOrderRow).length, 3, 'the three gone orders are listed under their group');
    for (const row of [...newRows(rows), ...fillRows(rows)]) assert.ok(!goneRows(rows).includes(row), `${row} is open, not gone`);
    await wb().screenshot('orders-after-refresh');
  });

  it('the next refresh says the orders that went then were cancelled', async () => {
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const rows = await rowsWhen(
      'gone orders that were cancelled',
      (r) => r.some((x) => x.startsWith('Gone since last refresh (3)')) && r.some((x) => / · cancelled$/.test(x)),
    );
    assert.ok(!rows.some((x) => / · filled$/.test(x)), 'only what went since the last refresh is listed');
    await wb().screenshot('orders-gone-cancelled');
  });

  it('an order’s tooltip has every field', async () => {
    const hover = await wb().treeTooltip(VIEW, /^HYPE\/USDC/, 'Order id');
    const text = (await hover.innerText()).replace(/\u00a0/g, ' '); // Markdown text keeps its spaces as &nbsp;
    for (const field of [
      'Coin',
      'HYPE/USDC (@107)',
      'Side',
      'Limit price',
      'Size (remaining)',
      'Original size',
      'Filled so far',
      'Notional',
      'Order id',
      'Reduce only',
      'Placed',
    ]) {
      assert.ok(text.includes(field), `tooltip lacks “${field}”: ${text}`);
    }
    assert.match(text, /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    await wb().page.mouse.move(5, 5);
  });

  it('a 401 shows an error row under the wallet while the last orders stay, marked stale; the row retries', async () => {
    const before = (await rowTexts()).filter(isOrderRow);
    node().setFaults([{ kind: 'status', status: 401, endpoint: 'info' }]);
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const rows = await rowsWhen(
      'the error row and the stale wallet',
      (r) => r.some((x) => x.includes('rejected the API key')) && r.some((x) => /^Maker.*stale/.test(x)),
    );
    const error = rows.find((r) => r.includes('rejected the API key'))!;
    assert.match(error, /HTTP 401/);
    assert.match(
      rows.find((r) => r.startsWith('Maker'))!,
      /\d+ orders · stale · /,
      'the wallet is marked stale, with the time of its data',
    );
    assert.deepEqual(rows.filter(isOrderRow), before, 'the last orders stay as they were');
    assert.ok(!rows.join('\n').includes(node().apiKey), 'the key is not shown');
    await wb().screenshot('orders-401-stale');

    node().clearFaults();
    await wb().treeRowLocator(VIEW).filter({ hasText: 'rejected the API key' }).first().click();
    const after = await rowsWhen(
      'the error row gone and the wallet fresh',
      (r) => !r.some((x) => x.includes('rejected the API key')) && r.some((x) => /^Maker.*\d+ orders( · polled \(live data not allowed\))?$/.test(x)),
    );
    assert.ok(after.some(isOrderRow));
  });

  // Issue 32: five watched wallets (the maker's dex "outage" answers 500), Refresh Open Orders three times
  // in a row from the palette: each click sends its requests at once (the demo node is the user's own
  // provider, whose budget is requests per second, not Hyperliquid's weight), and the orders gone at each
  // refresh are listed with what became of them.
  it('five wallets, one with a failing dex, refreshed three times in a row: each click answered, gone orders given their fates', async () => {
    const more = [
      { address: empty.address, label: 'Empty' },
      { address: DEMO_AGENT_WALLET.address, label: 'Agent' },
      { address: `0x${'12'.repeat(20)}`, label: 'Fresh one' },
      { address: `0x${'34'.repeat(20)}`, label: 'Fresh two' },
    ];
    for (const w of more) {
      await wb().runCommand('Hyperliquid: Watch Wallet…');
      await wb().fillInputBox(w.address, { submit: false });
      await wb().page.keyboard.press('Enter');
      await wb().waitForInputBoxMessage(/A label for /); // the second step of the same box
      await wb().fillInputBox(w.label);
      await rowsWhen(`the wallet ${w.label}`, (r) => r.some((x) => x.startsWith(w.label)));
    }
    const wallets = ['Maker', ...more.map((w) => w.label)];
    await wb().treeSettled(VIEW, 'five wallets loaded', (r) => wallets.every((l) => r.some((x) => x.startsWith(l))));
    const goneRows = (r: string[]) => r.slice(r.findIndex((x) => x.startsWith('Gone since last refresh')) + 1).filter(isOrderRow);
    const fate = / · (filled|cancelled|triggered|rejected|still open|cancelled: not enough margin)$/;
    let previousGone: string[] = goneRows(await rowTexts());
    for (let click = 1; click <= 3; click++) {
      const requests = node().requests;
      await wb().runCommand('Hyperliquid: Refresh Open Orders');
      // Answered: the node got this click's requests, and the maker's gone orders are this refresh's, each with its fate.
      const rows = await rowsWhen(
        `refresh ${click}: its requests at the node and the maker’s gone orders with their fates`,
        (r) => {
          const gone = goneRows(r);
          return (
            node().requests >= requests + wallets.length &&
            r.some((x) => x.startsWith('Gone since last refresh (3)')) &&
            gone.length === 3 &&
            gone.every((x) => fate.test(x)) &&
            JSON.stringify(gone) !== JSON.stringify(previousGone)
          );
        },
        20_000,
      );
      assert.ok(!rows.some((x) => /fate unknown/.test(x)), `no gone order without its fate: ${JSON.stringify(rows, null, 1)}`);
      assert.ok(!rows.some((x) => /Refresh waiting/.test(x)), 'not left waiting');
      const outage = rows.findIndex((r) => r.startsWith('outage '));
      assert.match(rows[outage + 1]!, /server error \(HTTP 500\)/, 'the failing dex stays apart, under its error row');
      for (const label of wallets)
        assert.ok(
          rows.some((x) => x.startsWith(label)),
          `${label} is listed`,
        );
      previousGone = goneRows(rows);
    }
    await wb().screenshot('orders-five-wallets-three-refreshes');
  });
});
