// Read & Simulate like a person, in the packaged extension in code-server, on a real node (anvil behind a
// provider-shaped gateway, chain id 999) whose contracts' Foundry artifacts and broadcast are in the
// workspace: reads two view functions of a vault (one returns a struct), then on a treasury simulates a
// payout that reverts with a custom error one call deep (named, with its arguments, in the deepest
// frame of the call tree), changes the amount and simulates again (events, gas, fees), and compares the two.
// Then, in the same workbench, the provider is switched to a demo node (Choose Provider → Custom) (HyperCore's read precompiles and
// CoreWriter as the demo serves them, with its /info names): reads a demo wallet's position precompile in
// human units and simulates a CoreWriter limit order, read as what it would send.
import * as assert from 'node:assert/strict';
import { encodeAbiParameters, encodeFunctionData, type Abi, type Hex } from 'viem';
import { eip1559, Sender, startAnvil, type AnvilNode } from '../conformance/anvil';
import { compile, CORE_WRITER, foundryLayout, SIMULATION_SOURCES } from '../conformance/solidity';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { useWorkbench, type WorkbenchOptions } from './workbench';

const COMMAND = 'Hyperliquid: Read & Simulate Contract…';
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

describe('UI: Read & Simulate on a real node (anvil, the workspace’s Foundry artifacts)', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let demo: DemoNode;
  const deployed: Record<string, Hex> = {};
  let holder = '';
  let payee = '';
  const options: WorkbenchOptions = { name: 'ui-simulation' };
  before(async () => {
    const compiled = compile(SIMULATION_SOURCES).contracts;
    node = await startAnvil({ chainId: 999 });
    demo = await startDemoNode();
    const sender = new Sender(node);
    holder = node.accounts[0]!.address.toLowerCase();
    payee = node.accounts[2]!.address.toLowerCase();
    const deploy = async (name: string, args: Hex = '0x') =>
      (await sender.receiptOf(await sender.send(0, { ...eip1559(1n), to: null, data: `${compiled[name]!.bytecode}${args.slice(2)}` as Hex, gas: 3_000_000n })))
        .contractAddress as Hex;
    deployed.Token = await deploy('Token', encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder as Hex, 1000n]));
    deployed.Treasury = await deploy('Treasury', encodeAbiParameters([{ type: 'address' }], [deployed.Token]));
    deployed.Vault = await deploy('Vault');
    const writer = await deploy('CoreWriter');
    await node.rpc('anvil_setCode', [CORE_WRITER, await node.rpc<Hex>('eth_getCode', [writer, 'latest'])]);
    const fund = encodeFunctionData({ abi: compiled.Token!.abi as Abi, functionName: 'transfer', args: [deployed.Treasury, 500n] });
    await sender.receiptOf(await sender.send(0, { ...eip1559(1n), to: deployed.Token, data: fund, gas: 200_000n }));
    // A Foundry script's dry run in the workspace: two withdrawals of 600 from a vault that holds 1,000.
    const withdraw = encodeFunctionData({ abi: compiled.Vault!.abi as Abi, functionName: 'withdraw', args: [600n] });
    const step = { transactionType: 'CALL', contractName: 'Vault', contractAddress: deployed.Vault, function: 'withdraw(uint256)', arguments: ['600'] };
    const tx = { from: holder, to: deployed.Vault, value: '0x0', input: withdraw, gas: '0x30000', nonce: '0x0', chainId: '0x3e7' };
    const dryRun = JSON.stringify({ transactions: [step, step].map((st) => ({ ...st, transaction: tx })), receipts: [], chain: 999 });
    options.files = { ...foundryLayout(compiled, deployed, 999), ...SIMULATION_SOURCES, 'broadcast/Withdraw.s.sol/999/dry-run/run-latest.json': dryRun };
    options.settings = { 'hyperliquidExplorer.baseUrl': node.baseUrl };
  });
  after(async () => Promise.all([node?.close(), demo?.close()]));
  const wb = useWorkbench(options);
  const view = () => wb().webview();
  const text = async (selector: string) => ((await view().locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  async function open(address: string): Promise<void> {
    await wb().runCommand(COMMAND);
    await wb().fillInputBox(address);
    await wb()
      .page.locator('.tabs-container .tab', { hasText: `Read & Simulate ${short(address)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    // The page of this address: with another Read & Simulate panel open, `view()` (the last webview ready)
    // can still be the other panel's for a moment, which has a read-only note too (a fresh run under load
    // typed into the hidden one until the fill timed out).
    await view()
      .locator('dl.fields', { hasText: new RegExp(address, 'i') })
      .waitFor({ timeout: 30_000 });
    await view().locator('[data-field="readOnlyNote"]').waitFor({ timeout: 30_000 });
  }

  /** Opens a function's form, types its arguments, and sends it with Enter in the last one. */
  async function send(fn: string, args: string[]): Promise<void> {
    const form = view().locator(`details[data-fn="${fn}"]`);
    if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
    const inputs = form.locator('input[data-input]');
    for (let i = 0; i < args.length; i++) await inputs.nth(i).fill(args[i]!);
    if (args.length) await inputs.nth(args.length - 1).press('Enter');
    else await form.locator('button[type="submit"]').click();
  }

  const run = (n: number) => view().locator(`article.run[data-run="${n}"]`);

  it('sets the key', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(node.key);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
  });

  it('reads two view functions of the vault, one returning a struct, decoded with their names', async () => {
    await open(deployed.Vault!);
    assert.match(await text('[data-field="readOnlyNote"]'), /nothing is signed or sent/);
    assert.match(await text('[data-field="abiNote"]'), /Vault \(out\/Vault\.sol\/Vault\.json\)/);
    await send('position', [holder]);
    await run(1).waitFor({ timeout: 30_000 });
    assert.equal(await run(1).getAttribute('data-outcome'), 'returned');
    const top = await run(1).locator('[data-field="returned"] > .args > li').allInnerTexts();
    assert.equal(top.length, 1);
    assert.match(top[0]!, /^p \(\(uint256 size, bool open, address owner\)\)/);
    const members = await run(1).locator('[data-field="returned"] > .args > li > .args > li').allTextContents();
    assert.deepEqual(members, ['size (uint256): 42', 'open (bool): true', `owner (address): ${node.accounts[0]!.address}`]);
    assert.match(await run(1).locator('[data-field="at"]').innerText(), /read at block latest \(block \d+\)/);
    await send('total', []);
    await run(2).waitFor({ timeout: 30_000 });
    assert.match(await run(2).innerText(), /#1 \(uint256\): 1000/);
    // A mistake is said before anything is sent, beside the argument.
    await send('position', ['0x1234']);
    await view().locator('details[data-fn="position"] [data-error]').waitFor({ timeout: 10_000 });
    assert.match(await text('details[data-fn="position"] [data-error]'), /owner: an address is 0x followed by 40 hex digits/);
    assert.equal(await view().locator('article.run').count(), 2, 'nothing was read');
    await wb().screenshot('simulation-reads');
  });

  it('simulates a payout that reverts one call deep: the custom error named, with its arguments, in the deepest frame', async () => {
    await open(deployed.Treasury!);
    await view().locator('[data-input="from"]').fill(holder);
    await send('pay', [payee, '10000', 'too much']);
    await run(1).waitFor({ timeout: 30_000 });
    assert.equal(await run(1).getAttribute('data-outcome'), 'reverted');
    assert.equal(await run(1).getAttribute('data-source'), 'trace', 'anvil serves debug_traceCall');
    assert.match(await run(1).locator('[data-field="at"]').innerText(), /simulated at block latest \(block \d+\)/);
    assert.match(await run(1).locator('[data-field="revert"]').innerText(), /^Custom error InsufficientBalance/);
    const origin = run(1).locator('li.frame:has(> .frame-row [data-origin])');
    await run(1).locator('[data-action="showRevertingFrame"]').click();
    const row = origin.locator('> .frame-row');
    assert.match(await row.innerText(), /transfer\(to: 0x[0-9a-fA-F]{40}, amount: 10000\)/);
    assert.match(await row.locator('[data-reverted-with]').innerText(), /InsufficientBalance\(available: 500, required: 10000\)/);
    await wb().screenshot('simulation-revert');
  });

  it('changes the amount and simulates again: it succeeds, with its events, gas and fees, and the two runs compare', async () => {
    await run(1).locator('[data-action="change-1"]').click();
    const amount = view().locator('details[data-fn="pay"] input[data-input$=":1"]');
    assert.equal(await amount.inputValue(), '10000', 'the run’s arguments are back in the form');
    await amount.fill('100');
    await amount.press('Enter');
    await run(2).waitFor({ timeout: 30_000 });
    assert.equal(await run(2).getAttribute('data-outcome'), 'returned');
    assert.match(await run(2).innerText(), /left \(uint256\): 400/);
    const events = run(2).locator('[data-field="events"] .log');
    assert.deepEqual(await events.evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.event)), ['Transfer', 'Paid']);
    assert.match(await run(2).locator('[data-field="gasUsed"]').innerText(), /^\d{1,3}(,\d{3})+$/);
    assert.match(await run(2).locator('[data-field="feeSmall"]').innerText(), /^[\d.,]+ HYPE at [\d.,]+ gwei$/);
    // anvil has no eth_bigBlockGasPrice: the big-block fee says so rather than making one up.
    assert.equal(await run(2).locator('[data-field="feeBig"]').innerText(), 'n/a');
    await run(2).locator('[data-action="compare-2"]').click();
    const table = view().locator('table[data-field="compare"]');
    await table.waitFor({ timeout: 10_000 });
    const differs = await table.locator('tr.differs th').allTextContents();
    assert.ok(differs.includes('Arguments') && differs.includes('Outcome') && differs.includes('Events'), differs.join(', '));
    await wb().screenshot('simulation-compare');
  });

  it('simulates a Foundry script’s dry run in order against one block: the second withdrawal sees the first and reverts (issue 36)', async () => {
    await wb().runCommand('Hyperliquid: Simulate a Foundry Script’s Transactions…');
    await wb().fillInputBox('Withdraw', { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().fillInputBox('All 2 in order', { submit: false });
    await wb().page.keyboard.press('Enter');
    const reverted = view().locator('article.run[data-outcome="reverted"]', { hasText: 'TooMuch' });
    await reverted.first().waitFor({ timeout: 30_000 });
    const text = ((await reverted.first().textContent()) ?? '').replace(/\s+/g, ' ');
    assert.match(text, /asked \(uint256\): 600/);
    assert.match(text, /available \(uint256\): 400/);
    await wb().screenshot('simulation-script');
  });

  it('on the demo node, reads a demo wallet’s position precompile in human units', async () => {
    // Another provider, as a person switches: Choose Provider → Custom, its base URL, then its own key.
    await wb().runCommand('Hyperliquid: Choose Provider…');
    await wb().fillInputBox('Custom', { submit: false });
    await wb().page.keyboard.press('Enter');
    await wb().waitForInputBoxMessage(/base URL, without the key/);
    await wb().fillInputBox(demo.baseUrl);
    await wb().waitForNotification(/No API key is stored for/);
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(demo.apiKey);
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await open(CORE_WRITER);
    await send('core:position', [DEMO_WALLETS[0]!.address, '0']);
    await run(1).waitFor({ timeout: 30_000 });
    const core = run(1).locator('[data-field="coreRead"]');
    assert.equal(await core.locator('[data-core="perp"]').innerText(), 'BTC (perp, asset 0)');
    assert.equal(await core.locator('[data-core="position.szi"]').innerText(), '0.5 BTC');
    assert.equal(await core.locator('[data-core="position.entryNtl"]').innerText(), '49,250 USDC');
  });

  it('simulates a CoreWriter limit order on the demo node and reads what it would send to HyperCore', async () => {
    const order = encodeAbiParameters(
      [{ type: 'uint32' }, { type: 'bool' }, { type: 'uint64' }, { type: 'uint64' }, { type: 'bool' }, { type: 'uint8' }, { type: 'uint128' }],
      [0, true, 101_000n * 10n ** 8n, 50_000_000n, false, 2, 0n],
    );
    const data = encodeFunctionData({
      abi: [{ type: 'function', name: 'sendRawAction', inputs: [{ name: 'data', type: 'bytes' }], outputs: [], stateMutability: 'nonpayable' }],
      functionName: 'sendRawAction',
      args: [`0x01000001${order.slice(2)}`],
    });
    await view().locator('[data-input="from"]').fill(DEMO_WALLETS[0]!.address);
    await view().locator('[data-input="calldata"]').fill(data);
    await view().locator('[data-action="simulate-raw"]').click();
    await run(2).waitFor({ timeout: 30_000 });
    assert.equal(await run(2).getAttribute('data-source'), 'trace');
    assert.equal(await run(2).locator('[data-field="coreAction"]').innerText(), 'Would be sent to HyperCore: Limit order (Buy 0.5 BTC at 101,000)');
    await wb().screenshot('simulation-core-writer');
  });

  it('the page comes back after a window reload, on its contract, and reads again (issue 36)', async () => {
    await wb().runCommand('View: Close Other Editors in Group');
    await wb().runCommand('Developer: Reload Window');
    await wb().page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60_000 });
    await wb()
      .page.locator('.tabs-container .tab', { hasText: `Read & Simulate ${short(CORE_WRITER)}` })
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    // The extension activates for the panel (onWebviewPanel) and rebuilds the forms from the address the page kept.
    await view().locator('[data-field="readOnlyNote"]').waitFor({ timeout: 60_000 });
    assert.equal(await view().locator('article.run').count(), 0, 'runs are not kept across a reload, only the contract');
    await send('core:position', [DEMO_WALLETS[0]!.address, '0']);
    await run(1).waitFor({ timeout: 30_000 });
    assert.equal(await run(1).locator('[data-field="coreRead"] [data-core="position.szi"]').innerText(), '0.5 BTC');
  });
});
