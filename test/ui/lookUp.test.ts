// Look Up… and the hovers on transaction hashes and addresses, driven like a person in the packaged
// extension on the built-in demo data: the palette, the quick pick saying what it understood as one types,
// Enter landing on the right page; a hover on a transaction hash and on an address, and their links.
import * as assert from 'node:assert/strict';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { useWorkbench } from './workbench';

const COMMAND = 'Hyperliquid: Look Up…';
/** A 64-hex value that is neither a transaction nor a block on the demo chain (a storage slot). */
const SLOT = DEMO_SAMPLES.unknownHash;
const FILE = 'vault.ts';
const SOURCE = [
  '// The vault, its deployment and a storage slot.',
  `export const transferTx = '${DEMO_SAMPLES.transferTx}';`,
  `export const owner = '${DEMO_SAMPLES.account}';`,
  `export const token = '${DEMO_SAMPLES.contract}';`,
  `export const slot = '${SLOT}';`,
  '',
].join('\n');

const short = (hex: string) => `${hex.slice(0, 6)}…${hex.slice(-4)}`;

describe('UI: Look Up… and hovers on transaction hashes and addresses (packaged extension in code-server)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'ui-lookup', files: { [FILE]: SOURCE }, viewport: { width: 1400, height: 1200 } });

  const page = () => wb().page;
  const rows = () => page().locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const input = () => page().locator('.quick-input-widget .quick-input-box input');
  const tab = (title: string | RegExp) => page().locator('.tabs-container .tab', { hasText: title }).first();

  /** Types into the open pick and returns the text of its one row once it says `expect`. */
  async function typeAndRead(text: string, expect: RegExp): Promise<string> {
    await input().fill(text);
    const row = rows().filter({ hasText: expect }).first();
    await row.waitFor({ state: 'visible', timeout: 5_000 });
    return rowText(row);
  }

  /** A pick row as a person reads it: label, description and detail, with spaces between. */
  function rowText(row: ReturnType<typeof rows>): Promise<string> {
    return row.evaluate((el) =>
      // Rows are reused: a part the item does not have stays in the row, hidden.
      Array.from(el.querySelectorAll<HTMLElement>('.label-name, .label-description, .quick-input-list-detail'))
        .filter((e) => e.offsetParent !== null && getComputedStyle(e).display !== 'none')
        .map((e) => (e.textContent ?? '').trim())
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }

  /** Hides any hover, so that the next one is fresh. */
  async function hideHover(): Promise<void> {
    await page().keyboard.press('Escape');
    await page().mouse.move(5, 5);
    await page()
      .locator('.monaco-hover:not(.hidden)')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  it('says inline what it understood as one types (block, hash, address) or what is wrong, before Enter', async () => {
    await wb().tryDemoData();
    await wb().runCommand(COMMAND);
    await rows().first().waitFor({ state: 'visible' });
    assert.match(await rows().first().innerText(), /latest/);
    assert.match(await typeAndRead('1234', /Block 1,234/), /Block 1,234 0x4d2/);
    assert.match(await typeAndRead('0x1a2b', /Block 6,699/), /Block 6,699 0x1a2b/);
    assert.match(await typeAndRead(DEMO_SAMPLES.transferTx, /hash/), new RegExp(`Transaction or block hash ${DEMO_SAMPLES.transferTx.slice(0, 10)}…`));
    assert.match(
      await typeAndRead(DEMO_SAMPLES.account.toUpperCase().replace('0X', '0x'), /Address/),
      new RegExp(`Address ${short(DEMO_SAMPLES.account.toLowerCase())}`),
    );
    for (const [text, message] of [
      [`0x${'a'.repeat(63)}`, /0x \+ 64 hex digits is a transaction or block hash/],
      ['vault', /is not a block number .*, a transaction hash .* or an address/],
    ] as const) {
      await wb().pickRefuses(text, message);
    }
    await page().keyboard.press('Escape');
  });

  it('a block number opens the block page', async () => {
    await wb().runCommand(COMMAND);
    await typeAndRead('6699', /Block 6,699/);
    await page().keyboard.press('Enter');
    await tab(/Block 6,?699/).waitFor({ state: 'visible', timeout: 30_000 });
    await wb()
      .webview()
      .locator('body', { hasText: /6,?699/ })
      .waitFor({ timeout: 30_000 });
  });

  it('a transaction hash opens its transaction page', async () => {
    await wb().runCommand('View: Close All Editors');
    await wb().runCommand(COMMAND);
    await typeAndRead(DEMO_SAMPLES.transferTx, /Transaction or block hash/);
    await page().keyboard.press('Enter');
    await tab(`Transaction ${DEMO_SAMPLES.transferTx.slice(0, 10)}…`).waitFor({ state: 'visible', timeout: 30_000 });
    const hash = wb().webview().locator('[data-field="hash"]');
    await hash.waitFor({ timeout: 30_000 });
    assert.equal((await hash.innerText()).trim(), DEMO_SAMPLES.transferTx);
    assert.match(await wb().webview().locator('#tx-title').innerText(), /Transaction\s+Success/i);
    await wb().screenshot('lookup-transaction-page');
  });

  it('a block hash (no transaction has it) opens that block; an unknown hash says it is not on this chain', async () => {
    await wb().runCommand('View: Close All Editors');
    await wb().runCommand(COMMAND);
    await typeAndRead(DEMO_SAMPLES.blockHash, /Transaction or block hash/);
    await page().keyboard.press('Enter');
    await tab(/^\s*Block [\d,]+/).waitFor({ state: 'visible', timeout: 30_000 });
    await wb()
      .webview()
      .locator('body', { hasText: DEMO_SAMPLES.blockHash.slice(0, 10) })
      .waitFor({ timeout: 30_000 });

    await wb().runCommand(COMMAND);
    await typeAndRead(SLOT, /Transaction or block hash/);
    await page().keyboard.press('Enter');
    await wb().waitForNotification(/No transaction or block with hash 0x(5e){32} on this chain/);
    await wb().clearNotifications();
  });

  it('an address says what it is (contract or account, its HYPE balance) and offers its actions; Watch Wallet adds it to Open Orders', async () => {
    await wb().runCommand(COMMAND);
    await typeAndRead(DEMO_SAMPLES.contract, /Address/);
    await page().keyboard.press('Enter');
    const title = page().locator('.quick-input-widget .quick-input-title');
    await title.filter({ hasText: /^Contract 0x/ }).waitFor({ timeout: 30_000 });
    assert.match(await title.innerText(), new RegExp(`Contract ${short(DEMO_SAMPLES.contract.toLowerCase())} · balance [\\d,.]+ HYPE`));
    await page().keyboard.press('Escape');

    await wb().runCommand(COMMAND);
    await typeAndRead(DEMO_SAMPLES.account, /Address/);
    await page().keyboard.press('Enter');
    await title.filter({ hasText: /^Account 0x/ }).waitFor({ timeout: 30_000 });
    // The title can come a frame before the list has laid its rows out (each reads empty then): read until every row says something.
    let actions: string[] = [];
    for (const end = Date.now() + 10_000; Date.now() < end; await page().waitForTimeout(100)) {
      actions = [];
      for (let i = 0; i < (await rows().count()); i++) actions.push(await rowText(rows().nth(i)));
      if (actions.length > 0 && actions.every(Boolean)) break;
    }
    assert.deepEqual(actions, [
      'Open Address Page its balance, nonce, code and transactions',
      'Open in Explorer hyperevmscan.io',
      'Watch Wallet its open orders in the Open Orders view',
      'Copy Address',
    ]);
    await rows().filter({ hasText: 'Watch Wallet' }).first().click();
    await wb().treeRowsWhen('Open Orders', 'the watched account', (r) => r.some((x) => x.startsWith(short(DEMO_SAMPLES.account.toLowerCase()))));
    await wb().screenshot('lookup-address-watched');
  });

  it('hovering a transaction hash shows its status, block, from → to, value and fee; its link opens the transaction page', async () => {
    await wb().runCommand('View: Close All Editors');
    await wb().openFile(FILE);
    const text = await wb().hoverOver(DEMO_SAMPLES.transferTx, { expect: 'Open transaction', timeoutMs: 30_000 });
    assert.match(text, new RegExp(`Transaction ${DEMO_SAMPLES.transferTx.slice(0, 10)}…`));
    assert.match(text, /Status: succeeded/);
    assert.match(text, /Block: [\d,]+, position \d+/);
    assert.match(text, /From 0x[0-9a-f]{4}…[0-9a-f]{4} → 0x[0-9a-f]{4}…[0-9a-f]{4}/);
    assert.match(text, /Value: [\d,.]+ HYPE/);
    assert.match(text, /Fee: [\d,.<\s]+ HYPE/);
    await wb().screenshot('hover-transaction');
    await page().locator('.monaco-hover:not(.hidden) a', { hasText: 'Open transaction' }).first().click();
    await tab(`Transaction ${DEMO_SAMPLES.transferTx.slice(0, 10)}…`).waitFor({ state: 'visible', timeout: 30_000 });
    await wb().webview().locator('[data-field="hash"]', { hasText: DEMO_SAMPLES.transferTx }).waitFor({ timeout: 30_000 });
  });

  it('hovering a 64-hex value that is no transaction shows nothing', async () => {
    await wb().openFile(FILE);
    await hideHover();
    // The control: a hover shows in this editor right now.
    await wb().hoverOver(DEMO_SAMPLES.transferTx, { expect: 'Open transaction' });
    await hideHover();
    // The first time the node is asked (VS Code may say "Loading..." meanwhile), then nothing shows.
    const ours = /Transaction|Hash 0x|Could not|Block|Account|Contract/;
    const shown = await wb()
      .hoverOver(SLOT, { expect: ours, timeoutMs: 4_000 })
      .catch(() => undefined);
    assert.equal(shown, undefined, `a hover appeared over the slot: ${shown}`);
    // Known now to be no transaction: no hover at all, not even "Loading...", and no request.
    await hideHover();
    const again = await wb()
      .hoverOver(SLOT, { timeoutMs: 3_000 })
      .catch(() => undefined);
    assert.equal(again, undefined, `a hover appeared over the slot the second time: ${again}`);
  });

  it('hovering an address shows contract or account and its balance; Look up and Watch Wallet work from it', async () => {
    await hideHover();
    const account = await wb().hoverOver(DEMO_SAMPLES.account, { expect: 'Watch Wallet', timeoutMs: 30_000 });
    assert.match(account, new RegExp(`Account ${short(DEMO_SAMPLES.account.toLowerCase())}`));
    assert.match(account, /An account \(no code\)\./);
    assert.match(account, /Balance: [\d,.]+ HYPE/);
    assert.match(account, /Open in explorer/);
    await page().locator('.monaco-hover:not(.hidden) a', { hasText: 'Look up' }).first().click();
    await page()
      .locator('.quick-input-widget .quick-input-title', { hasText: /^Account 0x/ })
      .waitFor({ timeout: 30_000 });
    await page().keyboard.press('Escape');

    // The watched account's orders fill the tree: fold them, as a person would, to see the next wallet come.
    const accountRow = wb()
      .treeRowLocator('Open Orders')
      .filter({ hasText: short(DEMO_SAMPLES.account.toLowerCase()) })
      .first();
    if ((await accountRow.count()) && (await accountRow.getAttribute('aria-expanded')) === 'true') await accountRow.locator('.monaco-tl-twistie').click();
    await wb().openFile(FILE);
    await hideHover();
    const contract = await wb().hoverOver(DEMO_SAMPLES.contract, { expect: 'Watch Wallet', timeoutMs: 30_000 });
    assert.match(contract, /A contract \(it has code\)\./);
    await wb().screenshot('hover-address');
    await page().locator('.monaco-hover:not(.hidden) a', { hasText: 'Watch Wallet' }).first().click();
    await wb().treeRowsWhen('Open Orders', 'the contract watched from the hover', (r) =>
      r.some((x) => x.startsWith(short(DEMO_SAMPLES.contract.toLowerCase()))),
    );

    // Watched now: Watch Wallet from its hover says so rather than adding it twice.
    await wb().openFile(FILE);
    await hideHover();
    await wb().hoverOver(DEMO_SAMPLES.contract, { expect: 'Watch Wallet', timeoutMs: 30_000 });
    await page().locator('.monaco-hover:not(.hidden) a', { hasText: 'Watch Wallet' }).first().click();
    await wb().waitForNotification(/You already watch this wallet/);
  });
});
