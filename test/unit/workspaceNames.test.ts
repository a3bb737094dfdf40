/** Hovers name the addresses the workspace deployed, with a link that opens the file, and text from the workspace stays text. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Address, AddressSummary } from '../../src/core/model';
import { addressHoverContent } from '../../src/hover/addressHoverContent';
import { hoverMarkdown, linkedCommands } from '../../src/hover/hoverContent';
import { transactionHoverContent } from '../../src/hover/transactionHoverContent';
import type { ContractName } from '../../src/contracts/api';
import { untranslated as t } from '../../src/view/format';

const VAULT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address;
const EXPLORER = 'https://hyperevmscan.io';
const summary: AddressSummary = { address: VAULT, kind: 'contract', balance: 0n };
const vault: ContractName = { name: 'Vault', path: 'out/Vault.sol/Vault.json', uri: 'file:///ws/out/Vault.sol/Vault.json', uncertain: false };

describe('workspace names in hovers', () => {
  it('an address the workspace deployed shows its name, its file, and a link that opens it', () => {
    const content = addressHoverContent(summary, EXPLORER, t, vault);
    assert.equal(content.title, 'Vault, contract 0x5fbd…0aa3');
    assert.deepEqual(content.lines.slice(0, 2), ['Vault in your workspace', 'From out/Vault.sol/Vault.json']);
    assert.deepEqual(content.links[0], { title: 'Open Vault', command: 'hyperliquidExplorer.openContractFile', args: [vault.uri] });
    assert.ok(linkedCommands(content).includes('hyperliquidExplorer.openContractFile'));
    assert.ok(hoverMarkdown(content).includes(`(command:hyperliquidExplorer.openContractFile?${encodeURIComponent(JSON.stringify([vault.uri]))})`));
    assert.equal(
      addressHoverContent(summary, EXPLORER, t, { ...vault, uncertain: true }).lines[0],
      'Vault in your workspace (other records name it differently)',
    );
  });

  it('a transaction hover names its ends', () => {
    const content = transactionHoverContent(
      { hash: `0x${'ab'.repeat(32)}`, blockNumber: 1n, transactionIndex: 0, from: USER, to: VAULT, value: 0n, status: 'reverted' },
      t,
      (a) => (a === VAULT ? vault : undefined),
    );
    assert.ok(content.lines.includes('From 0x7099…79c8 → Vault (0x5fbd…0aa3)'), content.lines.join('\n'));
  });

  it('a file path from the workspace cannot become a link, an image or a command (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (path) => {
        const hostile = { ...vault, path: `out/${path}[x](command:hyperliquidExplorer.clearApiKey)![i](https://evil.example/i.png)` };
        const markdown = hoverMarkdown(addressHoverContent(summary, EXPLORER, t, hostile));
        assert.ok(!markdown.includes('](command:hyperliquidExplorer.clearApiKey'), markdown);
        assert.ok(!markdown.includes('](https://evil'), markdown);
        // The only command links are ours, with JSON arguments.
        for (const m of markdown.matchAll(/\]\((command:[^)]*)\)/g))
          assert.match(m[1]!, /^command:hyperliquidExplorer\.(openContractFile|watchWallet|lookUp|openAddress)\?%5B/);
      }),
    );
  });
});
