// Hovers on transaction hashes and addresses, their pure parts: which token is which, what the hover
// says (from hand-built model objects), and the shared lookup's caching of answers that are final,
// that may change, and "no such transaction".
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Address, AddressSummary, Hash, TransactionDetails, TransactionReceipt } from '../../src/core/model';
import { addressErrorHoverContent, addressHoverContent, noKeyAddressHoverContent } from '../../src/hover/addressHoverContent';
import { HoverAddresses, ADDRESS_KEEP_MS } from '../../src/hover/hoverAddresses';
import { findHoverToken } from '../../src/hover/hoverToken';
import { hoverMarkdown, linkedCommands } from '../../src/hover/hoverContent';
import { hoverAt } from '../../src/hover/hoverAt';
import type { HoverData } from '../../src/hover/hoverData';
import { transactionErrorHoverContent, transactionHoverContent } from '../../src/hover/transactionHoverContent';
import { TRANSACTION_KEEP_MS, HoverTransactions, transactionSummary, type TransactionReader } from '../../src/hover/hoverTransactions';
import { untranslated as t } from '../../src/view/format';

const HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b' as Hash;
const FROM = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' as Address;
const TO = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' as Address;
const EXPLORER = 'https://hyperevmscan.io';

function tx(overrides: Partial<TransactionDetails> = {}): TransactionDetails {
  return {
    hash: HASH,
    blockNumber: 6699n,
    blockHash: HASH,
    transactionIndex: 3,
    from: FROM,
    to: TO,
    value: 1_500_000_000_000_000_000n,
    gas: 21_000n,
    gasPrice: 2_000_000_000n,
    nonce: 7n,
    type: 2,
    input: '0x',
    raw: {},
    ...overrides,
  };
}

function receipt(overrides: Partial<TransactionReceipt> = {}): TransactionReceipt {
  return { status: 'success', gasUsed: 21_000n, effectiveGasPrice: 1_000_000_000n, contractAddress: null, logs: [], raw: {}, ...overrides };
}

describe('hover tokens: hashes and addresses', () => {
  it('finds a transaction hash (0x + 64 hex) and an address (0x + 40 hex) under the mouse, in lowercase', () => {
    const upper = `0x${HASH.slice(2).toUpperCase()}`;
    const line = `tx = "${upper}"; who = ${'0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'}`;
    const h = findHoverToken(line, line.indexOf('0x') + 10);
    assert.deepEqual(h, { kind: 'hash', start: line.indexOf('0x'), end: line.indexOf('0x') + 66, text: upper, hash: HASH });
    const a = findHoverToken(line, line.lastIndexOf('0x') + 41);
    assert.equal(a?.kind, 'address');
    assert.equal(a?.kind === 'address' && a.address, FROM);
  });

  it('refuses hex of other lengths, hex inside longer hex (calldata) and hex glued to identifiers', () => {
    for (const text of [
      `0x${'a'.repeat(63)}`,
      `0x${'a'.repeat(65)}`,
      `0x${'a'.repeat(39)}`,
      `0x${'a'.repeat(41)}`,
      `0x${'a'.repeat(128)}`,
      `x${HASH}`,
      `${HASH}g`,
      `${FROM}_1`,
    ]) {
      for (let at = 0; at <= text.length; at++) assert.equal(findHoverToken(` ${text} `, at + 1), undefined, `${text} at ${at}`);
    }
  });

  it('classifies 40- and 64-digit tokens at any position in them, with any surroundings (property)', () => {
    const hex = fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEF'.split('')), { minLength: 40, maxLength: 40 })
      .chain((a40) =>
        fc.array(fc.constantFrom(...'0123456789abcdef'.split('')), { minLength: 24, maxLength: 24 }).map((a24) => [a40.join(''), a40.join('') + a24.join('')]),
      );
    fc.assert(
      fc.property(hex, fc.constantFrom(' ', '"', "'", '(', '=', ','), fc.nat(66), ([forty, sixtyFour], sep, offset) => {
        for (const [digits, kind] of [
          [forty, 'address'],
          [sixtyFour, 'hash'],
        ] as const) {
          const line = `x${sep}0x${digits}${sep}y`;
          const at = 2 + Math.min(offset, digits.length + 2);
          const token = findHoverToken(line, at);
          assert.equal(token?.kind, kind);
          assert.equal(token?.text, `0x${digits}`);
        }
      }),
    );
  });
});

describe('transaction hover content', () => {
  it('shows status, block and position, from → to, value and fee, with links to the transaction page and its block', () => {
    const content = transactionHoverContent(transactionSummary(tx(), receipt()), t);
    assert.equal(content.title, 'Transaction 0x88df0164…a713944b');
    assert.deepEqual(content.lines, [
      'Status: succeeded',
      'Block: 6,699, position 3',
      'From 0x5aae…eaed → 0xfb69…d359',
      'Value: 1.5 HYPE',
      'Fee: 0.000021 HYPE',
    ]);
    const markdown = hoverMarkdown(content);
    assert.ok(markdown.includes(`(command:hyperliquidExplorer.openTransaction?${encodeURIComponent(JSON.stringify([HASH]))})`), markdown);
    assert.ok(markdown.includes(`(command:hyperliquidExplorer.lookUpBlock?${encodeURIComponent('[6699]')})`), markdown);
    assert.deepEqual(linkedCommands(content), ['hyperliquidExplorer.openTransaction', 'hyperliquidExplorer.lookUpBlock']);
  });

  it('says failed, pending, contract creation, and leaves out the fee without a receipt', () => {
    assert.equal(transactionHoverContent(transactionSummary(tx(), receipt({ status: 'reverted' })), t).lines[0], 'Status: failed (reverted)');
    const pending = transactionHoverContent(transactionSummary(tx({ blockNumber: null, blockHash: null, transactionIndex: null }), null), t);
    assert.equal(pending.lines[0], 'Status: pending (not in a block yet)');
    assert.ok(!pending.lines.some((l) => l.startsWith('Block') || l.startsWith('Fee')), pending.lines.join('|'));
    assert.deepEqual(linkedCommands(pending), ['hyperliquidExplorer.openTransaction']);
    const created = '0x1111111111111111111111111111111111111111' as Address;
    const creation = transactionHoverContent(transactionSummary(tx({ to: null }), receipt({ contractAddress: created })), t);
    assert.equal(creation.lines[2], 'From 0x5aae…eaed → new contract 0x1111…1111');
    const noReceipt = transactionHoverContent(transactionSummary(tx(), undefined), t);
    assert.equal(noReceipt.lines[0], 'Status: unknown (no receipt)');
    assert.ok(!noReceipt.lines.some((l) => l.startsWith('Fee')));
  });

  it('a failure says it could not check the hash, on one line, escaped', () => {
    const markdown = hoverMarkdown(transactionErrorHoverContent(HASH, 'rate limited [x](command:evil)\n at foo', t));
    assert.ok(!markdown.includes('](command:evil)'), markdown);
    assert.match(markdown, /Could not check for a transaction with this hash\\: rate limited/);
  });
});

describe('address hover content', () => {
  const summary = (kind: AddressSummary['kind'], balance = 12_345_600_000_000_000_000n): AddressSummary => ({ address: FROM, kind, balance });

  it('says contract or account, the HYPE balance, and links to the explorer, Watch Wallet and Look Up', () => {
    const content = addressHoverContent(summary('contract'), EXPLORER, t);
    assert.equal(content.title, 'Contract 0x5aae…eaed');
    assert.deepEqual(content.lines, ['A contract (it has code).', 'Balance: 12.3456 HYPE']);
    assert.equal(addressHoverContent(summary('account', 0n), EXPLORER, t).title, 'Account 0x5aae…eaed');
    const markdown = hoverMarkdown(content);
    assert.ok(markdown.includes(`(${EXPLORER}/address/${FROM})`), markdown);
    assert.ok(markdown.includes(`(command:hyperliquidExplorer.watchWallet?${encodeURIComponent(JSON.stringify([FROM]))})`), markdown);
    assert.ok(markdown.includes(`(command:hyperliquidExplorer.lookUp?${encodeURIComponent(JSON.stringify([FROM]))})`), markdown);
    // The explorer is a web page, not a command: only the two commands are trusted.
    assert.deepEqual(linkedCommands(content), ['hyperliquidExplorer.watchWallet', 'hyperliquidExplorer.lookUp', 'hyperliquidExplorer.openAddress']);
    assert.ok(markdown.includes(`(command:hyperliquidExplorer.openAddress?${encodeURIComponent(JSON.stringify([FROM]))})`), markdown);
  });

  it('an explorer URL from the setting cannot break out of its link', () => {
    const markdown = hoverMarkdown(addressHoverContent(summary('account'), 'https://evil.example/a) [x](command:hyperliquidExplorer.clearApiKey', t));
    assert.ok(!markdown.includes('](command:hyperliquidExplorer.clearApiKey'), markdown);
    assert.ok(!/\(https:[^)]*\s/.test(markdown), markdown);
  });

  it('any explorer URL the setting holds stays one link target: no space, parenthesis or bracket in it (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (suffix) => {
        const markdown = hoverMarkdown(addressHoverContent(summary('account'), `https://explorer.example/${suffix}`, t));
        const target = /\[Open in explorer\]\((https:[^)]*)\)/.exec(markdown)?.[1];
        assert.ok(target, markdown);
        assert.ok(!/[\s()[\]<>\\"'`]/.test(target), target);
        assert.ok(target.endsWith(`/address/${FROM}`), target);
      }),
    );
  });

  it('without a key it keeps the actions and offers Set API Key and Try Demo Data; a failure keeps the actions too', () => {
    const noKey = noKeyAddressHoverContent(FROM, EXPLORER, t);
    assert.deepEqual(linkedCommands(noKey), [
      'hyperliquidExplorer.watchWallet',
      'hyperliquidExplorer.lookUp',
      'hyperliquidExplorer.openAddress',
      'hyperliquidExplorer.setApiKey',
      'hyperliquidExplorer.tryDemo',
    ]);
    const failed = addressErrorHoverContent(FROM, EXPLORER, 'timeout', t);
    assert.deepEqual(failed.lines, ['Could not load the address: timeout']);
    assert.deepEqual(linkedCommands(failed), ['hyperliquidExplorer.watchWallet', 'hyperliquidExplorer.lookUp', 'hyperliquidExplorer.openAddress']);
  });
});

describe('hover lookups for transactions and addresses (what is kept, and for how long)', () => {
  /** A source answering from a table, counting its calls. */
  function source(known: Map<string, { tx: TransactionDetails; receipt: TransactionReceipt | null }>) {
    const calls = { tx: 0, receipt: 0 };
    const s: TransactionReader = {
      getTransaction: async (hash) => (calls.tx++, known.get(hash)?.tx ?? null),
      getTransactionReceipt: async (hash) => (calls.receipt++, known.get(hash)?.receipt ?? null),
    };
    return { s, calls };
  }
  const OTHER = `0x${'ab'.repeat(32)}` as Hash;

  it('keeps a mined transaction for good and asks for it and its receipt at once', async () => {
    const { s, calls } = source(new Map([[HASH, { tx: tx(), receipt: receipt() }]]));
    const lookup = new HoverTransactions(s);
    const [a, b] = await Promise.all([lookup.find(HASH), lookup.find(HASH)]);
    assert.deepEqual(a, b);
    assert.deepEqual(calls, { tx: 1, receipt: 1 });
    assert.equal(lookup.peek(HASH)?.status, 'success');
  });

  it('keeps "no such transaction" as such for a while (a hover on it asks nothing and shows nothing), then asks again', async () => {
    let now = 1_000_000;
    const { s, calls } = source(new Map());
    const lookup = new HoverTransactions(s, { now: () => now });
    assert.equal(await lookup.find(OTHER), null);
    assert.equal(lookup.peek(OTHER), null);
    const lookups = { transactions: lookup } as unknown as HoverData;
    const line = `slot = ${OTHER}`;
    assert.deepEqual(hoverAt(line, 10, lookups, { nowMs: now, t, explorerUrl: EXPLORER })?.nothing, true);
    await lookup.find(OTHER);
    assert.equal(calls.tx, 1);
    now += TRANSACTION_KEEP_MS.notFound;
    assert.equal(lookup.peek(OTHER), undefined);
    await lookup.find(OTHER);
    assert.equal(calls.tx, 2);
  });

  it('keeps a pending transaction only a moment', async () => {
    let now = 0;
    const { s, calls } = source(new Map([[HASH, { tx: tx({ blockNumber: null, blockHash: null, transactionIndex: null }), receipt: null }]]));
    const lookup = new HoverTransactions(s, { now: () => now });
    assert.equal((await lookup.find(HASH))?.status, 'pending');
    await lookup.find(HASH);
    assert.equal(calls.tx, 1);
    now += TRANSACTION_KEEP_MS.unsettled;
    await lookup.find(HASH);
    assert.equal(calls.tx, 2);
  });

  it('shows a transaction whose receipt failed, without status or fee, and does not keep that for good', async () => {
    let now = 0;
    const s: TransactionReader = {
      getTransaction: async () => tx(),
      getTransactionReceipt: async () => {
        throw new Error('receipt down');
      },
    };
    const lookup = new HoverTransactions(s, { now: () => now });
    const summary = await lookup.find(HASH);
    assert.equal(summary?.status, undefined);
    assert.equal(summary?.fee, undefined);
    now += TRANSACTION_KEEP_MS.unsettled;
    assert.equal(lookup.peek(HASH), undefined);
  });

  it('keeps an address summary for a few seconds (a balance changes)', async () => {
    let now = 0;
    let calls = 0;
    const lookup = new HoverAddresses(
      { getAddressSummary: async (address) => (calls++, { address, kind: 'account', balance: BigInt(calls) }) },
      { now: () => now },
    );
    assert.equal((await lookup.find(FROM)).balance, 1n);
    assert.equal((await lookup.find(FROM)).balance, 1n);
    now += ADDRESS_KEEP_MS;
    assert.equal(lookup.peek(FROM), undefined);
    assert.equal((await lookup.find(FROM)).balance, 2n);
  });
});
