// Networks and providers, driven like a person in the packaged extension:
// - on a Chainstack-like provider (a demo node whose /info refuses allMids and orderStatus with the info
//   API's 422), the Provider list says what is served; nothing reaches Hyperliquid's public API (a demo
//   node on loopback standing in for it) until the user allows it; then the tree shows the distance from
//   the mid, and what became of gone orders only once wallet data is allowed too;
// - mainnet and testnet, each its own demo node (chains 999 and 998): switching from the status bar to
//   testnet shows testnet blocks with testnet explorer links and hides mainnet's wallets until switching
//   back; a page keeps its network; a provider answering chain 999 while testnet is selected is refused
//   with a message naming both.
import * as assert from 'node:assert/strict';
import { DEMO_BLOCKS, DEMO_WALLETS, startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { startLoggingServer } from '../support/loggingServer';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const VIEW = 'Open Orders';
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const group = (n: number) => n.toLocaleString('en-US');
/** What became of a gone order: `· filled`, `· cancelled`, or a cancellation with its reason. */
const FATE = / · (filled|cancelled)(: .+)?$/;
const FROM_MID = / · [+−][\d.]+% from mid$/;
const MARKET_QUESTION = /Chainstack does not serve allMids.*Hyperliquid’s public API at 127\.0\.0\.1:\d+.*no wallet address and no key/;
const WALLET_QUESTION = /Chainstack does not serve orderStatus.*Hyperliquid’s public API at 127\.0\.0\.1:\d+.*the watched wallet’s address/;

describe('UI: a Chainstack-like provider and Hyperliquid’s public API (packaged extension in code-server)', function () {
  this.timeout(180_000);
  let provider: DemoNode;
  let publicApi: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-public-api', viewport: { width: 1400, height: 2000 }, files: { 'README.md': '# scratch workspace\n' } };
  before(async () => {
    provider = await startDemoNode({ provider: 'chainstack', control: true });
    publicApi = await startDemoNode({ provider: 'public', exchange: provider.exchange }); // one exchange behind both
    options.settings = {
      'hyperliquidExplorer.baseUrl': provider.baseUrl,
      'hyperliquidExplorer.provider': 'chainstack',
      'hyperliquidExplorer.publicApi.infoUrl': `${publicApi.baseUrl}/info`,
      'hyperliquidExplorer.publicApi.evmUrl': `${publicApi.baseUrl}/evm`,
    };
  });
  after(async () => Promise.all([provider?.close(), publicApi?.close()]));
  const wb = useWorkbench(options);
  const rowsWhen = (what: string, ready: (rows: string[]) => boolean) => wb().treeRowsWhen(VIEW, what, ready, 45_000);
  const gone = (r: string[]) => {
    const at = r.findIndex((x) => x.startsWith('Gone since last refresh'));
    return at < 0 ? [] : r.slice(at + 1).filter((x) => / @ [\d,.]+ · /.test(x));
  };

  it('with the key set and a wallet watched, orders come without the distance from the mid, and the question says what would go where', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(provider.apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address, { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().fillInputBox('Maker');
    const rows = await rowsWhen('the maker’s orders', (r) => r.some((x) => /^Maker.*\d+ orders/.test(x)));
    assert.ok(!rows.some((x) => FROM_MID.test(x)), `no distance from the mid: ${JSON.stringify(rows, null, 1)}`);
    await wb().waitForNotification(MARKET_QUESTION);
    assert.equal(publicApi.requests, 0, 'nothing went to the public API before the user allowed it');
  });

  it('the provider list says what is served, and what each missing one costs', async () => {
    await wb().runCommand('Hyperliquid: Show What the Provider Serves');
    const rows = await wb().quickPickRows(8);
    const find = (label: string) => rows.find((r) => r.includes(label)) ?? '';
    assert.match(find('Blocks'), /^✔ Blocks/);
    assert.match(find('Open orders'), /^✔ Open orders/);
    assert.match(find('Distance from the mid'), /^✗ Distance from the mid.*\(allMids\)\. Allow public market data to get it from 127\.0\.0\.1/);
    assert.match(find('What became of gone orders'), /^✗ What became of gone orders.*\(orderStatus\)/);
    await wb().screenshot('provider-abilities-chainstack');
    await wb().page.keyboard.press('Escape');
  });

  it('after allowing market data, the tree shows the distance from the mid, from the public API', async () => {
    await wb().clickNotificationButton(MARKET_QUESTION, 'Allow');
    const rows = await rowsWhen('orders with their distance from the mid', (r) => r.some((x) => FROM_MID.test(x)));
    assert.ok(rows.some((x) => /^Maker/.test(x)));
    assert.ok(publicApi.requests > 0, 'the mids came from the public API');
  });

  it('gone orders get no fate while wallet data is not allowed; once it is, the next refresh says what became of them', async () => {
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const before = await rowsWhen('orders gone since the last refresh', (r) => gone(r).length > 0);
    assert.ok(!gone(before).some((x) => FATE.test(x)), `no fate without wallet data: ${JSON.stringify(gone(before))}`);
    await wb().clickNotificationButton(WALLET_QUESTION, 'Allow');
    // Allowed, the maker is reloaded or, where the public API's WebSocket answers, followed live (then not
    // polled, so its gone orders stay until the next refresh): either way the permission is in effect.
    await rowsWhen(
      'the maker reloaded or live',
      (r) => r.some((x) => /^Maker.*\d+ orders · live$/.test(x)) || (r.some((x) => /^Maker.*\d+ orders/.test(x)) && gone(r).length === 0),
    );
    await wb().runCommand('Hyperliquid: Refresh Open Orders');
    const after = await rowsWhen('gone orders with their fate', (r) => gone(r).some((x) => FATE.test(x)));
    await wb().screenshot('orders-fates-from-public-api');
    assert.ok(
      gone(after).every((x) => FATE.test(x)),
      JSON.stringify(gone(after)),
    );
  });

  it('Choose Provider → Custom with a second server: the key set for the first never reaches it, and the question names both origins (issue 32)', async () => {
    const second = await startLoggingServer();
    try {
      await wb().clearNotifications();
      await wb().runCommand('Hyperliquid: Choose Provider…');
      await wb().fillInputBox('Custom', { submit: false }); // the quick pick, filtered to Custom
      await wb().page.keyboard.press('Enter');
      await wb().waitForInputBoxMessage(/base URL, without the key/);
      await wb().fillInputBox(second.baseUrl); // the base URL box
      const question = await wb().waitForNotification(/No API key is stored for/);
      assert.ok(question.includes(second.baseUrl) && question.includes(provider.baseUrl), `names both origins: ${question}`);
      await wb().clearNotifications();
      // What a person does next: refresh the orders, look up the latest block.
      await wb().runCommand('Hyperliquid: Refresh Open Orders');
      await wb().runCommand('Hyperliquid: Look Up Block…'); // asks for this provider's key before any block
      await wb().waitForNotification(/No API key is stored for/);
      await wb().screenshot('key-stays-with-its-provider');
      assert.deepEqual(
        second.urls.filter((u) => u.includes(provider.apiKey)),
        [],
        'nothing keyed reached the second server',
      );
      assert.deepEqual(second.urls, [], 'the second server got no request at all');
    } finally {
      await second.close();
    }
  });
});

describe('UI: mainnet and testnet (packaged extension in code-server)', function () {
  this.timeout(180_000);
  let mainnet: DemoNode;
  let testnet: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-networks', files: { 'README.md': '# scratch workspace\n' } };
  before(async () => {
    mainnet = await startDemoNode({ chainId: 999 });
    testnet = await startDemoNode({ chainId: 998, control: true });
    options.settings = { 'hyperliquidExplorer.baseUrl': mainnet.baseUrl, 'hyperliquidExplorer.testnet.baseUrl': testnet.baseUrl };
  });
  after(async () => Promise.all([mainnet?.close(), testnet?.close()]));
  const wb = useWorkbench(options);
  const page = () => wb().page;
  /** The Open Orders view's own text: its message says the network of the wallets it lists. */
  const viewText = () => wb().pane(VIEW).innerText();

  async function setKey(key: string, network: 'Mainnet' | 'Testnet'): Promise<void> {
    await wb().runCommand('Hyperliquid: Set API Key');
    await page()
      .locator('.quick-input-widget .quick-input-title', { hasText: `Set API Key (${network})` })
      .waitFor();
    await wb().fillInputBox(key);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  }

  async function lookUp(n: number): Promise<void> {
    await wb().runCommand('Hyperliquid: Look Up Block…');
    await wb().fillInputBox(String(n));
    await page()
      .locator('.tabs-container .tab', { hasText: `Block ${group(n)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
  }

  it('on mainnet, a watched wallet is listed, and the view says Mainnet', async () => {
    await wb().waitForStatusBarItem(/Hyperliquid: Mainnet$/);
    await setKey(mainnet.apiKey, 'Mainnet');
    await wb().runCommand('Hyperliquid: Watch Wallet…');
    await wb().fillInputBox(maker.address, { submit: false });
    await page().keyboard.press('Enter');
    await wb().fillInputBox('Maker');
    await wb().treeRowsWhen(VIEW, 'the maker', (r) => r.some((x) => /^Maker.*\d+ orders/.test(x)));
    assert.match(await viewText(), /Network: Mainnet/);
  });

  it('switched from the status bar to testnet: mainnet’s wallets are gone, and a block comes from the testnet node with testnet explorer links', async () => {
    await page()
      .locator('.part.statusbar .statusbar-item', { hasText: /Hyperliquid: Mainnet$/ })
      .click();
    await wb().fillInputBox('Testnet');
    await wb().waitForStatusBarItem(/Hyperliquid: Testnet$/);
    await wb().pane(VIEW).locator('.welcome-view-content').waitFor({ state: 'visible' }); // no key yet on testnet
    assert.ok(!(await wb().treeRowTexts(VIEW)).some((x) => /^Maker/.test(x)), 'mainnet’s wallet is not listed on testnet');
    await setKey(testnet.apiKey, 'Testnet');
    const [mainnetBefore, testnetBefore] = [mainnet.requests, testnet.requests];
    await lookUp(DEMO_BLOCKS.smallBlock);
    const frame = wb().webview();
    await frame.locator('[data-field="number"]').waitFor({ timeout: 30_000 });
    assert.equal((await frame.locator('[data-field="network"]').textContent())?.trim(), 'Testnet');
    assert.equal(await frame.locator('[data-action="explorer"]').getAttribute('title'), 'Open in Explorer: testnet.purrsec.com');
    assert.ok(testnet.requests > testnetBefore, 'the testnet node answered');
    assert.equal(mainnet.requests, mainnetBefore, 'nothing went to the mainnet node');
    assert.ok(!(await wb().treeRowTexts(VIEW)).some((x) => /^Maker/.test(x)));
    await wb().screenshot('testnet-block');
  });

  it('switching back to mainnet brings its wallet back, and the open testnet page keeps saying Testnet', async () => {
    await wb().runCommandAndFill('Hyperliquid: Switch Network (Mainnet/Testnet)…', 'Mainnet');
    await wb().waitForStatusBarItem(/Hyperliquid: Mainnet$/);
    await wb().treeRowsWhen(VIEW, 'the maker again', (r) => r.some((x) => /^Maker.*\d+ orders/.test(x)));
    assert.equal((await wb().webview().locator('[data-field="network"]').textContent())?.trim(), 'Testnet');
  });

  it('a provider answering chain 999 while testnet is selected is refused, with a message naming both', async () => {
    await wb().runCommand('View: Close All Editors');
    await wb().runCommand('Hyperliquid: Switch Network (Mainnet/Testnet)…');
    await wb().fillInputBox('Testnet');
    await wb().waitForStatusBarItem(/Hyperliquid: Testnet$/);
    testnet.setFaults([{ kind: 'respond', method: 'eth_chainId', endpoint: 'evm', body: '{"jsonrpc":"2.0","id":1,"result":"0x3e7"}', echoId: true }]);
    await setKey(testnet.apiKey, 'Testnet'); // a new connection: the chain id is asked again
    await lookUp(DEMO_BLOCKS.emptyBlock);
    const problem = wb().webview().locator('.problem');
    await problem.waitFor({ timeout: 30_000 });
    const message = (await problem.locator('.message').textContent()) ?? '';
    assert.match(message, /answers for HyperEVM mainnet \(chain 999\), but HyperEVM testnet \(chain 998\) is selected/);
    assert.ok(!(await wb().webview().locator('[data-field="number"]').count()), 'nothing of that chain is shown');
    await wb().screenshot('testnet-wrong-chain');
    testnet.clearFaults();
  });
});
