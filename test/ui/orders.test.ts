// The Open Orders sidebar, driven like a person: palette → Watch Wallet… → the demo node's market maker;
// the tree groups its orders; a refresh shows what changed; a bad address is refused as typed; a 401
// leaves an error row while the last orders stay. The extension is the packaged .vsix; the data comes
// from a demo node started here, outside VS Code, so that the test can make it fail.
import * as assert from 'node:assert/strict';
import { DEMO_API_KEY, DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const VIEW = 'Open Orders';
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;

describe('UI: Open Orders sidebar (packaged extension in code-server)', function () {
  this.timeout(120_000);
  let node: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-orders', viewport: { width: 1400, height: 1400 }, files: { 'README.md': '# scratch workspace\n' } };
  // Registered before useWorkbench's hooks, so the node listens before the workbench reads its settings.
  before(async () => {
    node = await startDemoNode({ control: true });
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl };
  });
  after(async () => {
    await node?.close();
  });
  const wb = useWorkbench(options);

  const rowTexts = () => wb().treeRowTexts(VIEW);
  const rowsWhen = (what: string, ready: (rows: string[]) => boolean, timeoutMs?: number) => wb().treeRowsWhen(VIEW, what, ready, timeoutMs);

  const isOrderRow = (r: string) => / @ [\d,.]+ · /.test(r);

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
    await wb().fillInputBox(DEMO_API_KEY);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    const welcome = wb().pane(VIEW).locator('.welcome-view-content', { hasText: 'No wallets watched yet' });
    await welcome.waitFor({ state: 'visible' });
    assert.match(await welcome.innerText(), /Watch Wallet/);
  });

  it('Watch Wallet… refuses an invalid address in the input box, as it is typed, without a request', async () => {
    const requests = node.requests;
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
    assert.equal(node.requests, requests, 'no request for an invalid address');
  });

  it('Watch Wallet… with a demo node address shows its orders grouped: Perps, xyz, Spot', async () => {
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address.toUpperCase().replace('0X', '0x'), { submit: false }); // any case is accepted
    await wb().page.keyboard.press('Enter');
    await wb().waitForInputBoxMessage(/A label for 0x3217…018c/); // the second step of the same box: an optional label
    await wb().fillInputBox('Maker');
    const rows = await rowsWhen(
      'the maker’s groups and count',
      (r) => ['Perps', 'xyz', 'Spot'].every((g) => r.some((x) => x.startsWith(g))) && r.some(isOrderRow) && r.some((x) => /^Maker.*\d+ orders/.test(x)),
    );
    const wallet = rows.find((r) => r.startsWith('Maker'));
    assert.ok(wallet, JSON.stringify(rows));
    const count = Number(/(\d+) orders/.exec(wallet)?.[1]);
    assert.equal(rows.filter(isOrderRow).length, count, `the wallet says ${count} orders`);
    assert.ok(rows.some((r) => r.startsWith('HYPE/USDC ')), '@107 is shown as HYPE/USDC');
    assert.ok(rows.some((r) => /^XYZ100 .* USDC$/.test(r)), 'second-dex coins under their dex, with their notional');
    assert.ok(!rows.some((r) => / · new$/.test(r) || r.includes('→')), 'nothing is marked on the first load');
    // Groups come in order: Perps, then the other dex, then Spot.
    const order = ['Perps', 'xyz', 'Spot'].map((g) => rows.findIndex((r) => r.startsWith(g)));
    assert.deepEqual([...order].sort((a, b) => a - b), order);
    await wb().screenshot('orders-first-load');
  });

  it('a refresh after the demo node’s orders changed shows new, gone and partially filled orders', async () => {
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const newRows = (r: string[]) => r.filter((x) => isOrderRow(x) && x.endsWith(' · new'));
    const fillRows = (r: string[]) => r.filter((x) => / → [\d,.]+ @ /.test(x));
    // The demo maker replaces one order and partly fills another on each dex between two answers.
    const rows = await rowsWhen(
      'one gone, one new and one partly filled order per dex',
      (r) => r.some((x) => x.startsWith('Gone since last refresh (2)')) && newRows(r).length === 2 && fillRows(r).length === 2,
    );
    const gone = rows.slice(rows.findIndex((r) => r.startsWith('Gone since last refresh')) + 1);
    assert.equal(gone.filter(isOrderRow).length, 2, 'the two gone orders are listed under their group');
    for (const row of [...newRows(rows), ...fillRows(rows)]) assert.ok(!gone.includes(row), `${row} is open, not gone`);
    await wb().screenshot('orders-after-refresh');
  });

  it('an order’s tooltip has every field', async () => {
    const hover = await wb().treeTooltip(VIEW, /^HYPE\/USDC/, 'Order id');
    const text = (await hover.innerText()).replace(/\u00a0/g, ' '); // Markdown text keeps its spaces as &nbsp;
    for (const field of ['Coin', 'HYPE/USDC (@107)', 'Side', 'Limit price', 'Size (remaining)', 'Original size', 'Filled so far', 'Notional', 'Order id', 'Reduce only', 'Placed']) {
      assert.ok(text.includes(field), `tooltip lacks “${field}”: ${text}`);
    }
    assert.match(text, /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    await wb().page.mouse.move(5, 5);
  });

  it('a 401 shows an error row under the wallet while the last orders stay, marked stale; the row retries', async () => {
    const before = (await rowTexts()).filter(isOrderRow);
    node.setFaults([{ kind: 'status', status: 401, endpoint: 'info' }]);
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const rows = await rowsWhen('the error row and the stale wallet', (r) => r.some((x) => x.includes('rejected the API key')) && r.some((x) => /^Maker.*stale/.test(x)));
    const error = rows.find((r) => r.includes('rejected the API key'))!;
    assert.match(error, /HTTP 401/);
    assert.match(rows.find((r) => r.startsWith('Maker'))!, /\d+ orders · stale · /, 'the wallet is marked stale, with the time of its data');
    assert.deepEqual(rows.filter(isOrderRow), before, 'the last orders stay as they were');
    assert.ok(!rows.join('\n').includes(DEMO_API_KEY), 'the key is not shown');
    await wb().screenshot('orders-401-stale');

    node.clearFaults();
    await wb().treeRowLocator(VIEW).filter({ hasText: 'rejected the API key' }).first().click();
    const after = await rowsWhen('the error row gone and the wallet fresh', (r) => !r.some((x) => x.includes('rejected the API key')) && r.some((x) => /^Maker.*\d+ orders$/.test(x)));
    assert.ok(after.some(isOrderRow));
  });
});
