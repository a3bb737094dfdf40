// The one list of what the provider serves: ✔, ✗ or ?, with what a missing ability costs and, where
// Hyperliquid's public API could serve it, what would bring it back.
import { strict as assert } from 'node:assert';
import { ProviderAbilities } from '../../src/core/abilities';
import { PRESETS } from '../../src/core/presets';
import { untranslated } from '../../src/core/translate';
import { abilityRows } from '../../src/network/providerAbilities';

const context = { provider: 'Chainstack', publicAllowed: { market: false, wallet: false }, publicHost: 'api.hyperliquid.xyz' };
const row = (rows: ReturnType<typeof abilityRows>, label: string) => rows.find((r) => r.label === label)!;

describe('provider abilities, as the user reads them', () => {
  it('Chainstack: blocks ✔, mids ✗ and fates ✗ with what they cost and how to get them; traces not known yet', () => {
    const rows = abilityRows(new ProviderAbilities(PRESETS.chainstack.known.mainnet), context, untranslated);
    assert.deepEqual(
      rows.map((r) => `${r.mark} ${r.label}`),
      [
        '✔ Blocks',
        '? Transaction traces',
        '? Old blocks',
        '✔ Open orders',
        '✔ Order types, triggers and TP/SL',
        '✔ Dex units and spot pair names',
        '✗ Distance from the mid',
        '✗ What became of gone orders',
        '✔ Positions and margin',
        '✔ Spot balances',
        '? API wallets, sub-accounts and vaults',
        '✗ Wallet history (fills, funding, transfers)',
        '? An address’s transactions',
        '? Simulated call trees',
        '✔ New blocks pushed (eth_subscribe over WebSocket)',
      ],
    );
    const mids = row(rows, 'Distance from the mid');
    assert.match(mids.detail, /without their distance from the mid price \(allMids\)\. Allow public market data to get it from api\.hyperliquid\.xyz\./);
    assert.equal(mids.publicKind, 'market');
    assert.equal(row(rows, 'What became of gone orders').publicKind, 'wallet');
    assert.equal(row(rows, 'Wallet history (fills, funding, transfers)').publicKind, 'wallet');
  });

  it('what the user allowed comes from the public API, and says so', () => {
    const rows = abilityRows(
      new ProviderAbilities(PRESETS.chainstack.known.mainnet),
      { ...context, publicAllowed: { market: true, wallet: false } },
      untranslated,
    );
    assert.equal(row(rows, 'Distance from the mid').mark, '✔');
    assert.match(
      row(rows, 'Distance from the mid').detail,
      /Chainstack does not serve it: it comes from Hyperliquid’s public API \(api\.hyperliquid\.xyz\), as you allowed\./,
    );
    assert.equal(row(rows, 'What became of gone orders').mark, '✗', 'wallet data is its own permission');
  });

  it('the public endpoints: blocks ✗ with no way around it; QuickNode’s traces come from its archive', () => {
    const rows = abilityRows(
      new ProviderAbilities(PRESETS.public.known.mainnet),
      { ...context, provider: 'Hyperliquid public endpoints', publicHost: undefined },
      untranslated,
    );
    assert.deepEqual(row(rows, 'Blocks'), {
      ability: 'blocks',
      mark: '✗',
      label: 'Blocks',
      detail: 'Block pages and block hovers cannot be shown (no Otterscan ots_* methods).',
    });
    const quicknode = abilityRows(new ProviderAbilities(PRESETS.quicknode.known.mainnet), { ...context, provider: 'QuickNode' }, untranslated);
    assert.match(row(quicknode, 'Transaction traces').detail, /archive path \(nanoreth\)/);
  });

  it('a refusal seen on the wire turns ? into ✗', () => {
    const abilities = new ProviderAbilities();
    abilities.learn('traces', false, 'seen');
    assert.equal(row(abilityRows(abilities, context, untranslated), 'Transaction traces').mark, '✗');
  });
});
