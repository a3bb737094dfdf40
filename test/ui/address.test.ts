// An address's page on a real node, like a person: anvil (which serves Otterscan's search) behind a
// provider-shaped gateway, a token contract with 30 transactions over 30 blocks, some failing. Look Up of
// the contract opens its page, which lists its transactions newest first; Older pages to the first one
// (the creation); the list equals anvil's own ots_searchTransactionsBefore; "Failed only" keeps the failed
// ones; a row opens its transaction page.
import * as assert from 'node:assert/strict';
import type { Hex } from 'viem';
import { eip1559, Sender, startAnvil, type AnvilNode } from '../conformance/anvil';
import { deployCode, TOKEN_RUNTIME } from '../conformance/contracts';
import { EIP1967_IMPLEMENTATION_SLOT } from '../../src/contracts/transactionDecoding';
import { DEMO_TOKEN_CONTRACT } from '../../src/demo/chain';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { demoTransactionJson } from '../../src/demo/transactions';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const word = (x: bigint | string) => (typeof x === 'bigint' ? x.toString(16) : x.slice(2)).padStart(64, '0');
const short = (hex: string) => `${hex.slice(0, 6)}…${hex.slice(-4)}`;
const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

describe('UI: an address’s page and its transactions (anvil behind a provider-shaped gateway)', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let token: Hex;
  /** anvil's own answer: every transaction of the token, newest first, and the failed ones. */
  const expected = { hashes: [] as string[], failed: [] as string[], codeBytes: 0 };
  const options: WorkbenchOptions = { name: 'ui-address-anvil' };
  before(async () => {
    node = await startAnvil({ chainId: 999 }); // HyperEVM mainnet's id: the extension checks it
    const sender = new Sender(node);
    const creation = await sender.send(1, { ...eip1559(1n), to: null, data: deployCode(TOKEN_RUNTIME), gas: 300_000n });
    token = (await sender.receiptOf(creation)).contractAddress!.toLowerCase() as Hex;
    for (let i = 0; i < 30; i++) {
      // Every seventh call runs out of gas after the intrinsic cost (EIP-7623's floor is 22,430 here): it fails.
      const gas = i % 7 === 6 ? 22_500n : 100_000n;
      await sender.receiptOf(
        await sender.send(i % 3, { ...eip1559(1n), to: token, data: `0xa9059cbb${word(node.accounts[3]!.address)}${word(BigInt(i + 1))}`, gas }),
      );
    }
    for (let block = 0; ;) {
      const page = await node.rpc<{ txs: { hash: string; blockNumber: string }[]; receipts: { status: string }[]; lastPage: boolean }>(
        'ots_searchTransactionsBefore',
        [token, block, 25],
      );
      expected.hashes.push(...page.txs.map((t) => t.hash));
      expected.failed.push(...page.txs.flatMap((t, i) => (page.receipts[i]!.status === '0x1' ? [] : [t.hash])));
      if (page.lastPage || page.txs.length === 0) break;
      block = Math.min(...page.txs.map((t) => Number(t.blockNumber)));
    }
    assert.equal(expected.hashes.length, 31);
    assert.equal(expected.failed.length, 4);
    // The token made an EIP-1967 proxy by its slot alone (no transaction: the list above stays anvil's).
    await node.rpc('anvil_setStorageAt', [token, EIP1967_IMPLEMENTATION_SLOT, `0x${word(node.accounts[3]!.address)}`]);
    expected.codeBytes = ((await node.rpc<string>('eth_getCode', [token, 'latest'])).length - 2) / 2;
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl, 'hyperliquidExplorer.history.explorer': 'off' };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);
  const page = () => wb().page;
  const view = () => wb().webview();
  const rowHashes = () =>
    view()
      .locator('tr[data-hash]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-hash')));

  it('Look Up of the contract opens its page, newest first; Older pages to the first; the list is anvil’s', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.key);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Look Up…');
    await page().locator('.quick-input-widget .quick-input-box input').fill(token);
    await page()
      .locator('.quick-input-widget .monaco-list-row', { hasText: /Address/ })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    await page().keyboard.press('Enter');
    const open = page().locator('.quick-input-widget .monaco-list-row', { hasText: 'Open Address Page' }).first();
    await open.waitFor({ state: 'visible', timeout: 30_000 });
    await open.click();
    await page()
      .locator('.tabs-container .tab', { hasText: `Address ${short(token)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await view().locator('tr[data-hash]').nth(24).waitFor({ timeout: 30_000 });
    assert.match((await view().locator('[data-field="kind"]').textContent()) ?? '', /contract/i);
    assert.match((await view().locator('[data-field="code"]').textContent()) ?? '', new RegExp(`^${expected.codeBytes.toLocaleString('en-US')} bytes$`));
    assert.equal(await view().locator('[data-field="implementation"]').textContent(), node.accounts[3]!.address.toLowerCase());
    assert.match((await view().locator('[data-field="summary"]').textContent()) ?? '', /From your node/);
    assert.deepEqual(await rowHashes(), expected.hashes.slice(0, (await rowHashes()).length));
    // Older, with the keyboard: the button is focused and Enter pressed, as a person tabbing to it does.
    await view().locator('[data-action="older"]').focus();
    await page().keyboard.press('Enter');
    await view().locator('[data-field="complete"]').waitFor({ timeout: 30_000 });
    assert.deepEqual(await rowHashes(), expected.hashes);
    await wb().screenshot('address-anvil');
  });

  it('filters the failed ones, and a row opens its transaction page', async () => {
    await view().locator('[data-action="filterFailed"]').check();
    await view()
      .locator('tr[data-hash]')
      .nth(expected.failed.length - 1)
      .waitFor({ timeout: 10_000 });
    assert.deepEqual(await rowHashes(), expected.failed);
    const first = expected.failed[0]!;
    await view().locator(`tr[data-hash="${first}"] button`, { hasText: first }).click();
    await page()
      .locator('.tabs-container .tab', { hasText: `Transaction ${shortHash(first)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
  });
});

describe('UI: an address’s page from a Blockscout-shaped stand-in when the node has no search (demo node)', function () {
  this.timeout(150_000);
  let node: DemoNode;
  const options: WorkbenchOptions = { name: 'ui-address-explorer' };
  before(async () => {
    node = await startDemoNode({ control: true, unsupportedMethods: ['ots_searchTransactionsBefore'] });
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl, 'hyperliquidExplorer.history.blockscoutUrl': `${node.baseUrl}/blockscout/api` };
  });
  after(async () => node?.close());
  const wb = useWorkbench(options);
  const view = () => wb().webview();
  const host = () => new URL(node.baseUrl).host;

  it('asks once, naming the host, before the address goes there; then lists the stand-in’s rows', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Open Address');
    await wb().fillInputBox(DEMO_TOKEN_CONTRACT);
    const question = await wb().waitForNotification(`Ask ${host()} instead?`, 30_000);
    assert.match(question, /holds? the address you open/);
    await wb().clickNotificationButton(`Ask ${host()} instead?`, 'Allow');
    await view().locator('tr[data-hash]').nth(24).waitFor({ timeout: 30_000 });
    assert.match((await view().locator('[data-field="summary"]').textContent()) ?? '', new RegExp(`From ${host().replace(/[.]/g, '\\.')}’s API`));

    // Allowed once: another address goes there without a question.
    await wb().runCommand('Hyperliquid: Open Address');
    await wb().fillInputBox(DEMO_SAMPLES.account);
    await view()
      .locator('[data-field="summary"]', { hasText: `From ${host()}` })
      .waitFor({ timeout: 30_000 });
    assert.ok(!(await wb().notifications()).some((n) => n.includes('instead?')), 'no second question');
  });

  it('with the history from the explorer, Load Transfers lists its token and internal transfers, each opening its transaction', async () => {
    const sender = (demoTransactionJson(DEMO_SAMPLES.erc20TransferTx) as { from: string }).from;
    await wb().runCommand('Hyperliquid: Open Address');
    await wb().fillInputBox(sender);
    await view()
      .locator('[data-field="summary"]', { hasText: `From ${host()}` })
      .waitFor({ timeout: 30_000 });
    await view().locator('[data-action="transfers"]').click();
    const token = view().locator('tr[data-transfer="token"]');
    await token.first().waitFor({ timeout: 30_000 });
    // The stand-in's own answer, asked here apart: the same rows, in the same order.
    const answer = (await (
      await fetch(`${node.baseUrl}/blockscout/api?module=account&action=tokentx&address=${sender}&page=1&offset=100&sort=desc`)
    ).json()) as {
      result: { hash: string }[];
    };
    const shown = await token.evaluateAll((rows) => rows.map((r) => r.querySelector('td:last-child')?.textContent ?? ''));
    assert.deepEqual(
      shown,
      answer.result.map((r) => r.hash),
    );
    await wb().screenshot('address-transfers');
    await wb().runCommand('Hyperliquid: Open Address');
    await wb().fillInputBox(DEMO_SAMPLES.contract);
    await view()
      .locator('[data-field="summary"]', { hasText: `From ${host()}` })
      .waitFor({ timeout: 30_000 });
    await view().locator('[data-action="transfers"]').click();
    await view().locator('tr[data-transfer="internal"]').first().waitFor({ timeout: 30_000 });
    assert.match((await view().locator('[data-field="transfers"]').textContent()) ?? '', /No token transfers\./);
  });
});
