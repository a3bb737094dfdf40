// Look Up…'s pure parts: what it says it understood as the user types, the argument it takes, and the
// recent lookups it keeps (read back from a store that is not trusted).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseLookUp, type LookUpQuery } from '../../src/core/input';
import { lookUpFromArgument, parseQuery, understood } from '../../src/lookUp/lookUpQuery';
import { contractItems } from '../../src/lookUp/contractMatches';
import { blockLookUp, lookUpText, MAX_RECENT_LOOKUPS, readRecentLookUps, recentBlocks, rememberLookUp } from '../../src/core/recentLookUps';
import { untranslated as t } from '../../src/view/format';

const HASH = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function said(text: string): string {
  const parsed = parseLookUp(text, t);
  assert.ok(parsed.ok, `${text}: ${!parsed.ok && parsed.error}`);
  return understood(parsed.value, t).label;
}

describe('Look Up…: what it understood', () => {
  it('says "Block 1,234" for a decimal or hex block number, and "Latest block" for latest', () => {
    assert.equal(said('1234'), 'Block 1,234');
    assert.equal(said('1,234'), 'Block 1,234');
    assert.equal(said('0x4d2'), 'Block 1,234');
    assert.equal(said(' LATEST '), 'Latest block');
  });

  it('says "Transaction or block hash" for 0x + 64 hex, "Address" for 0x + 40 hex, with the value shortened', () => {
    assert.equal(said(HASH), 'Transaction or block hash');
    assert.equal(understood({ kind: 'hash', hash: HASH }, t).description, '0x88df0164…a713944b');
    assert.equal(said(ADDRESS), 'Address');
    assert.equal(understood({ kind: 'address', address: ADDRESS.toLowerCase() as `0x${string}` }, t).description, '0x5aae…eaed');
  });

  it('takes a string argument (parsed, errors included) and asks for anything else', () => {
    assert.deepEqual(lookUpFromArgument(HASH, t), { ok: true, value: { kind: 'hash', hash: HASH } });
    assert.deepEqual(lookUpFromArgument(ADDRESS, t), { ok: true, value: { kind: 'address', address: ADDRESS.toLowerCase() } });
    assert.equal(lookUpFromArgument(`0x${'a'.repeat(63)}`, t)?.ok, false);
    assert.equal(lookUpFromArgument(undefined, t), undefined);
    assert.equal(lookUpFromArgument({ kind: 'wallet' }, t), undefined);
  });
});

describe('Look Up…: recent lookups', () => {
  const q = (text: string): LookUpQuery => {
    const parsed = parseLookUp(text, t);
    assert.ok(parsed.ok);
    return parsed.value;
  };

  it('keeps the newest first, without duplicates, at most ten, as the text they are typed as', () => {
    let stored: string[] = [];
    for (const text of ['6699', HASH, ADDRESS, '0x1a2b', 'latest']) stored = rememberLookUp(readRecentLookUps(stored), q(text));
    assert.deepEqual(stored, ['latest', '6699', ADDRESS.toLowerCase(), HASH]);
    for (let i = 0; i < 20; i++) stored = rememberLookUp(readRecentLookUps(stored), q(String(i)));
    assert.equal(stored.length, MAX_RECENT_LOOKUPS);
    assert.equal(stored[0], '19');
  });

  it('reads back only entries that parse, from whatever the store holds (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constant(HASH), fc.constant(ADDRESS), fc.integer(), fc.constant(null), fc.object())), (stored) => {
        const recent = readRecentLookUps(stored);
        assert.ok(recent.length <= MAX_RECENT_LOOKUPS);
        for (const query of recent) assert.ok(parseLookUp(lookUpText(query), t).ok);
        assert.equal(new Set(recent.map(lookUpText)).size, recent.length);
      }),
    );
    assert.deepEqual(readRecentLookUps('not a list'), []);
  });

  it('is one list for Look Up… and the block page: Look Up Block offers its numbered blocks, newest first', () => {
    let stored: string[] = [];
    for (const query of [
      q('6699'),
      q(HASH),
      blockLookUp({ kind: 'number', number: 42 }),
      q('latest'),
      q(ADDRESS),
      blockLookUp({ kind: 'number', number: 6699 }),
    ]) {
      stored = rememberLookUp(readRecentLookUps(stored), query);
    }
    assert.deepEqual(stored, ['6699', ADDRESS.toLowerCase(), 'latest', '42', HASH]);
    assert.deepEqual(recentBlocks(readRecentLookUps(stored)), [6699, 42]);
  });

  it('passes over what an older version kept under its recent-blocks list (numbers)', () => {
    assert.deepEqual(recentBlocks(readRecentLookUps([5, 7, '8', -1])), [8]);
  });
});

describe('the hover sample', () => {
  it('shows a block number, a transaction hash and an address that the demo chain has', async () => {
    const { HOVER_SAMPLE_VALUES } = await import('../../src/platform/hoverSampleValues');
    const { DEMO_SAMPLES } = await import('../../src/demo/samples');
    const { DEMO_BLOCKS } = await import('../../src/demo/demoNode');
    assert.equal(Number.parseInt(HOVER_SAMPLE_VALUES.block, 16), DEMO_BLOCKS.hoverBlock);
    assert.equal(HOVER_SAMPLE_VALUES.transaction, DEMO_SAMPLES.transferTx);
    assert.equal(HOVER_SAMPLE_VALUES.address, DEMO_SAMPLES.account.toLowerCase());
  });
});

describe('Look Up…: a contract of the workspace by name', () => {
  it('reads a Solidity identifier that is nothing else as a contract name', () => {
    assert.deepEqual(parseQuery('Treasury', t), { ok: true, value: { kind: 'contract', name: 'Treasury' } });
    assert.deepEqual(parseQuery('  my_Vault$2 ', t), { ok: true, value: { kind: 'contract', name: 'my_Vault$2' } });
    assert.deepEqual(lookUpFromArgument('Treasury', t), { ok: true, value: { kind: 'contract', name: 'Treasury' } });
    // What the core reads stays what it was: blocks, hashes, addresses, and their errors.
    assert.equal(parseQuery('latest', t).ok && (parseQuery('latest', t) as { value: { kind: string } }).value.kind, 'block');
    assert.equal(parseQuery('6699', t).ok && (parseQuery('6699', t) as { value: { kind: string } }).value.kind, 'block');
    assert.equal(parseQuery(`0x${'a'.repeat(63)}`, t).ok, false);
    assert.equal(parseQuery('not a name', t).ok, false);
    assert.equal(understood({ kind: 'contract', name: 'Treasury' }, t).label, 'Contract Treasury');
  });

  it('lists the matching contracts as addresses, best first, or says none matches', () => {
    const A = `0x${'a'.repeat(40)}` as const;
    const B = `0x${'b'.repeat(40)}` as const;
    const matches = (text: string) =>
      [
        { name: 'Treasury', address: A, path: 'broadcast/Deploy.s.sol/999/run-latest.json' },
        { name: 'TreasuryV2', address: B, path: 'out/TreasuryV2.sol/TreasuryV2.json' },
      ].filter((m) => m.name.toLowerCase().includes(text.toLowerCase()));
    const items = contractItems('treas', matches, t, 'not a lookup');
    assert.deepEqual(
      items.map((i) => [i.label, i.value]),
      [
        ['$(symbol-class) Treasury', { kind: 'address', address: A }],
        ['$(symbol-class) TreasuryV2', { kind: 'address', address: B }],
      ],
    );
    const none = contractItems('Vault', matches, t, 'not a block, hash or address');
    assert.equal(none.length, 1);
    assert.equal(none[0]!.value, undefined, 'Enter keeps the pick open');
    assert.equal(none[0]!.label, '$(error) not a block, hash or address', 'what the text is not, as the core says it');
    assert.match(none[0]!.detail ?? '', /No contract named “Vault”/);
  });
});
