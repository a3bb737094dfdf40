import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { BlockDetails } from '../../src/core/model';
import {
  blockHoverContent,
  blockSummary,
  errorHoverContent,
  noKeyBlockHoverContent as noKeyHoverContent,
  notFoundHoverContent,
} from '../../src/hover/blockHoverContent';
import { hoverMarkdown, linkedCommands } from '../../src/hover/hoverContent';
import { escapeMarkdown } from '../../src/view/escape';
import { untranslated as t } from '../../src/view/format';

const HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';

function details(overrides: Partial<BlockDetails['block']> = {}, totalFees = 123_456_789_000_000n): BlockDetails {
  return {
    block: {
      number: 6699n,
      hash: HASH,
      parentHash: HASH,
      timestamp: 1_700_000_000n,
      miner: '0x0000000000000000000000000000000000000000',
      gasUsed: 1_234_567n,
      gasLimit: 3_000_000n,
      baseFeePerGas: 100_000_000n,
      transactionCount: 1234,
      ...overrides,
    },
    transactions: [],
    issuance: { blockReward: 0n, uncleReward: 0n, issuance: 0n },
    totalFees,
    raw: {},
  };
}

describe('block hover content', () => {
  it('shows number, UTC time and age, transactions, gas, fees, short hash and the details link', () => {
    const now = (1_700_000_000 + 3 * 3600 + 15) * 1000;
    const content = blockHoverContent(blockSummary(details()), now, t);
    assert.equal(content.title, 'Block 6,699');
    assert.deepEqual(content.lines, [
      'Time: 2023-11-14 22:13:20 UTC (3 h 0 min ago)',
      'Transactions: 1,234',
      'Gas used: 41.15% (1,234,567 of 3,000,000)',
      'Total fees: 0.00012346 HYPE',
      'Hash: 0x88df0164…a713944b',
    ]);
    assert.deepEqual(content.links, [{ title: 'Open block details', command: 'hyperliquidExplorer.lookUpBlock', args: [6699] }]);
  });

  it('keeps only the header fields a hover needs (not the transactions or the raw JSON)', () => {
    const summary = blockSummary({ ...details(), transactions: new Array(10_000).fill(null), raw: { big: 'x'.repeat(1000) } });
    assert.deepEqual(Object.keys(summary).sort(), ['gasLimit', 'gasUsed', 'hash', 'number', 'timestamp', 'totalFees', 'transactionCount']);
  });

  it('renders Markdown with a command link carrying the block number as a JSON argument', () => {
    const markdown = hoverMarkdown(blockHoverContent(blockSummary(details()), 1_700_000_100_000, t));
    assert.match(markdown, /^\*\*Block 6\\,699\*\*  \n/);
    assert.ok(markdown.endsWith(`\n\n[Open block details](command:hyperliquidExplorer.lookUpBlock?${encodeURIComponent('[6699]')})`), markdown);
    assert.equal(encodeURIComponent('[6699]'), '%5B6699%5D');
  });

  it('trusts only the commands its links run', () => {
    assert.deepEqual(linkedCommands(blockHoverContent(blockSummary(details()), 0, t)), ['hyperliquidExplorer.lookUpBlock']);
    assert.deepEqual(linkedCommands(noKeyHoverContent(t)), ['hyperliquidExplorer.setApiKey', 'hyperliquidExplorer.tryDemo']);
    assert.deepEqual(linkedCommands(notFoundHoverContent(5, 4, t)), []);
    assert.deepEqual(linkedCommands(errorHoverContent(5, 'boom', t)), []);
  });

  it('says an unknown block does not exist, with the latest block when known', () => {
    assert.deepEqual(notFoundHoverContent(25_000_000, 20_000_000, t), {
      title: 'Block 25,000,000',
      lines: ['No such block yet.', 'The latest block is 20,000,000.'],
      links: [],
    });
    assert.deepEqual(notFoundHoverContent(12, undefined, t).lines, ['No such block on this chain.']);
    assert.deepEqual(notFoundHoverContent(12, 20_000_000, t).lines, ['No such block on this chain.', 'The latest block is 20,000,000.']);
  });

  it('offers Set API Key and Try Demo Data without a key', () => {
    const markdown = hoverMarkdown(noKeyHoverContent(t));
    assert.ok(markdown.includes('[Set API Key](command:hyperliquidExplorer.setApiKey)'));
    assert.ok(markdown.includes('[Try Demo Data](command:hyperliquidExplorer.tryDemo)'));
  });

  it('shows an error as one line', () => {
    const content = errorHoverContent(6699, 'The provider did not answer\n   within 10 s.\n    at Transport.once (transport.ts:1)', t);
    assert.equal(content.lines.length, 1);
    assert.ok(!content.lines[0].includes('\n'));
    assert.match(content.lines[0], /^Could not load the block: The provider did not answer within 10 s\./);
  });

  it('escapes every value: nothing from the network becomes a link, HTML, an icon or a new paragraph', () => {
    const hostile = '<img src=x onerror=alert(1)> [click](command:workbench.action.terminal.new) $(zap) **b** `c` \n\n# h';
    const markdown = hoverMarkdown(errorHoverContent(1, hostile, t));
    const [title, line, ...rest] = markdown.split('  \n');
    assert.equal(title, '**Block 1**');
    assert.deepEqual(rest, []);
    assert.ok(!line.includes('\n'), line);
    // Every character Markdown could act on is backslash-escaped.
    assert.ok(!/(^|[^\\])[<>[\]()$`*#]/.test(line), line);
    assert.ok(line.includes('\\<img src\\=x onerror\\=alert\\(1\\)\\>'), line);
    assert.ok(line.includes('\\[click\\]\\(command\\:workbench'), line);
  });

  it('escapes any ASCII punctuation so that it reads back as the same text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const escaped = escapeMarkdown(text);
        // Removing the escapes gives the text back, with control characters as spaces.
        const unescaped = escaped.replace(/\\([!-/:-@[-`{-~])/g, '$1');
        assert.equal(unescaped, text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' '));
        // No punctuation is left unescaped.
        assert.ok(!/(^|[^\\])[[\]()<>`*_$!#|]/.test(escaped.replace(/\\\\/g, '')), escaped);
      }),
    );
  });
});
