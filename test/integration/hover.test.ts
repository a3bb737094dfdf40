// The hovers (block numbers, transaction hashes, addresses) in a real extension host: what VS Code gets from the registered provider
// (`vscode.executeHoverProvider`), its trust, the settings that switch it, and the connection's effect.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Services } from '../../src/platform/services';
import { disconnectedServices } from './activated';
import { DEMO_SAMPLES } from '../../src/demo/samples';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';
const SOURCE = [
  `export const deployBlock = 0x1a2b;`,
  `export const deployer = '${ADDRESS}';`,
  `export const deployTx = '${TX_HASH}';`,
  `export const future = 0xffffffffff;`,
  `export const transferTx = '${DEMO_SAMPLES.transferTx}';`,
  `export const token = '${DEMO_SAMPLES.contract}';`,
].join('\n');

/** Our hovers on any token (other providers, e.g. TypeScript's, may answer too). */
async function ourHovers(doc: vscode.TextDocument, text: string, offsetInText: number): Promise<vscode.Hover[]> {
  const at = doc.getText().indexOf(text);
  assert.ok(at >= 0, `${text} is not in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offsetInText));
  return hovers.filter((h) => h.contents.some((c) => /\*\*(Transaction|Hash|Contract|Account|Address) 0x/.test(markdownOf(c))));
}

/** Our block hovers only (other providers, e.g. TypeScript's, may answer too). */
async function blockHovers(doc: vscode.TextDocument, text: string, offsetInText = 2): Promise<vscode.Hover[]> {
  const at = doc.getText().indexOf(text);
  assert.ok(at >= 0, `${text} is not in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offsetInText));
  return hovers.filter((h) => h.contents.some((c) => markdownOf(c).includes('Block') || markdownOf(c).includes('Hyperliquid')));
}

function markdownOf(c: vscode.MarkdownString | vscode.MarkedString): string {
  return typeof c === 'string' ? c : c.value;
}

function onlyMarkdown(hovers: vscode.Hover[]): vscode.MarkdownString {
  assert.equal(hovers.length, 1, `expected one block hover, got ${hovers.length}`);
  const [content] = hovers[0].contents;
  assert.ok(content instanceof vscode.MarkdownString, 'the hover is a MarkdownString');
  return content;
}

/** Markdown with the backslash escapes removed, to read it as the user does. */
function plain(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

async function setHover(key: 'enabled' | 'languages', value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('hyperliquidExplorer').update(`hover.${key}`, value, vscode.ConfigurationTarget.Global);
  await new Promise((r) => setTimeout(r, 100)); // the provider is re-registered on the change event
}

describe('Block hover in the extension host', function () {
  this.timeout(60_000);
  let services: Services;
  let doc: vscode.TextDocument;

  before(async () => {
    services = await disconnectedServices();
    doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: SOURCE });
  });

  after(async () => {
    await setHover('enabled', undefined);
    await setHover('languages', undefined);
    await services?.connection.stopDemo();
  });

  it('without a key: offers Set API Key and Try Demo Data, trusted for those two commands only', async () => {
    assert.equal(services.connection.mode, 'none');
    const md = onlyMarkdown(await blockHovers(doc, '0x1a2b'));
    assert.ok(md.value.includes('[Set API Key](command:hyperliquidExplorer.setApiKey)'), md.value);
    assert.ok(md.value.includes('[Try Demo Data](command:hyperliquidExplorer.tryDemo)'), md.value);
    assert.deepEqual(md.isTrusted, { enabledCommands: ['hyperliquidExplorer.setApiKey', 'hyperliquidExplorer.tryDemo'] });
  });

  it('with demo data: block 6,699 with its details, a link trusted for lookUpBlock only, over exactly the token', async () => {
    await services.connection.startDemo();
    const hovers = await blockHovers(doc, '0x1a2b');
    const md = onlyMarkdown(hovers);
    const text = plain(md.value);
    assert.match(text, /^\*\*Block 6,699\*\*/);
    for (const label of ['Time: ', ' UTC (', 'Transactions: ', 'Gas used: ', '% (', 'Total fees: ', ' HYPE', 'Hash: 0x']) {
      assert.ok(text.includes(label), `"${label}" missing in ${text}`);
    }
    assert.ok(md.value.includes('[Open block details](command:hyperliquidExplorer.lookUpBlock?%5B6699%5D)'), md.value);
    assert.deepEqual(md.isTrusted, { enabledCommands: ['hyperliquidExplorer.lookUpBlock'] });
    assert.ok(!md.supportHtml);
    const start = doc.getText().indexOf('0x1a2b');
    assert.ok(hovers[0].range?.isEqual(new vscode.Range(doc.positionAt(start), doc.positionAt(start + 6))), 'the range is the token');
  });

  it('gives no block hover on an address or a transaction hash', async () => {
    for (const offset of [2, 20, 41]) assert.deepEqual(await blockHovers(doc, ADDRESS, offset), [], `address at +${offset}`);
    for (const offset of [2, 33, 65]) assert.deepEqual(await blockHovers(doc, TX_HASH, offset), [], `hash at +${offset}`);
  });

  it('a transaction hash of the chain: status, block, from → to, value, fee; trusted for its two links only', async () => {
    const hovers = await ourHovers(doc, DEMO_SAMPLES.transferTx, 30);
    const md = onlyMarkdown(hovers);
    const text = plain(md.value);
    assert.match(text, new RegExp(`^\\*\\*Transaction ${DEMO_SAMPLES.transferTx.slice(0, 10)}…`));
    for (const label of ['Status: succeeded', 'Block: ', 'From 0x', ' → 0x', 'Value: ', 'Fee: '])
      assert.ok(text.includes(label), `"${label}" missing in ${text}`);
    assert.ok(md.value.includes(`(command:hyperliquidExplorer.openTransaction?${encodeURIComponent(JSON.stringify([DEMO_SAMPLES.transferTx]))})`), md.value);
    assert.deepEqual(md.isTrusted, { enabledCommands: ['hyperliquidExplorer.openTransaction', 'hyperliquidExplorer.lookUpBlock'] });
    const start = doc.getText().indexOf(DEMO_SAMPLES.transferTx);
    assert.ok(hovers[0].range?.isEqual(new vscode.Range(doc.positionAt(start), doc.positionAt(start + 66))), 'the range is the token');
  });

  it('a 64-hex value that is no transaction on this chain gets no hover at all', async () => {
    for (const offset of [2, 33, 65]) assert.deepEqual(await ourHovers(doc, TX_HASH, offset), [], `hash at +${offset}`);
  });

  it('an address: contract or account and its HYPE balance, an explorer link, its page and Read & Simulate; trusted for Watch Wallet, Look Up, Open Address and Read & Simulate only', async () => {
    const md = onlyMarkdown(await ourHovers(doc, DEMO_SAMPLES.contract, 20));
    const text = plain(md.value);
    assert.match(text, /^\*\*Contract 0x[0-9a-f]{4}…[0-9a-f]{4}\*\*/);
    assert.match(text, /Balance: [\d,.]+ HYPE/);
    assert.ok(md.value.includes(`(https://hyperevmscan.io/address/${DEMO_SAMPLES.contract.toLowerCase()})`), md.value);
    assert.deepEqual(md.isTrusted, {
      enabledCommands: [
        'hyperliquidExplorer.watchWallet',
        'hyperliquidExplorer.lookUp',
        'hyperliquidExplorer.openAddress',
        'hyperliquidExplorer.readAndSimulate',
      ],
    });
    assert.ok(md.value.includes('(command:hyperliquidExplorer.readAndSimulate?'), 'a contract links to Read & Simulate');
    assert.match(plain(onlyMarkdown(await ourHovers(doc, ADDRESS, 20)).value), /^\*\*(Account|Contract) 0x5aae…eaed\*\*/);
  });

  it('says a block above the head does not exist yet, with the latest block', async () => {
    const text = plain(onlyMarkdown(await blockHovers(doc, '0xffffffffff')).value);
    assert.match(text, /Block 1,099,511,627,775/);
    assert.match(text, /No such block yet\./);
    assert.match(text, /The latest block is 20,000,000\./);
  });

  it('is switched off and on by hyperliquidExplorer.hover.enabled', async () => {
    await setHover('enabled', false);
    assert.deepEqual(await blockHovers(doc, '0x1a2b'), []);
    await setHover('enabled', true);
    assert.equal((await blockHovers(doc, '0x1a2b')).length, 1);
  });

  it('answers only in the languages of hyperliquidExplorer.hover.languages', async () => {
    const text = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'block 0x1a2b in a note' });
    await setHover('languages', ['plaintext']);
    assert.deepEqual(await blockHovers(doc, '0x1a2b'), [], 'typescript is no longer in the list');
    assert.equal((await blockHovers(text, '0x1a2b')).length, 1);
    await setHover('languages', undefined);
    assert.equal((await blockHovers(doc, '0x1a2b')).length, 1);
  });

  it('forgets cached blocks when the connection changes', async () => {
    assert.match(onlyMarkdown(await blockHovers(doc, '0x1a2b')).value, /Open block details/); // cached now
    await services.connection.stopDemo();
    const md = onlyMarkdown(await blockHovers(doc, '0x1a2b'));
    assert.ok(md.value.includes('Set API Key'), `a cached block must not outlive its connection: ${md.value}`);
  });
});
