/**
 * What the provider serves, as the one list the user reads (the Provider quick pick and the network status
 * item's tooltip): each ability with ✔, ✗ or ?, what it is made of, and for a missing one what that costs
 * and what would bring it back. Pure: the words come through a `Translate`.
 */
import { ABILITIES, type Ability, type ProviderAbilities } from '../core/abilities';
import type { PublicDataKind } from '../core/publicApi';
import type { Translate } from '../core/translate';

export interface AbilityRow {
  ability: Ability;
  /** ✔ served (by the provider, its archive or the public API), ✗ not served, ? not known yet. */
  mark: '✔' | '✗' | '?';
  /** What it is, in the user's words: "Distance from the mid". */
  label: string;
  /** Where it comes from, or what its absence costs and how to get it. */
  detail: string;
  /** The public API could serve it, and the user has not allowed that kind of data to go there. */
  publicKind?: PublicDataKind;
}

export interface AbilityContext {
  /** The provider's name ("Chainstack"). */
  provider: string;
  /** Whether each kind of data may go to the public API where the provider falls short. */
  publicAllowed: Record<PublicDataKind, boolean>;
  /** The public API's host ("api.hyperliquid.xyz"); undefined when it is the provider itself or not usable. */
  publicHost?: string;
}

const PUBLIC_KIND: Partial<Record<Ability, PublicDataKind>> = { mids: 'market', markets: 'market', fates: 'wallet', history: 'wallet' };

function labelOf(ability: Ability, t: Translate): string {
  switch (ability) {
    case 'blocks':
      return t('Blocks');
    case 'traces':
      return t('Transaction traces');
    case 'oldBlocks':
      return t('Old blocks');
    case 'orders':
      return t('Open orders');
    case 'orderDetails':
      return t('Order types, triggers and TP/SL');
    case 'markets':
      return t('Dex units and spot pair names');
    case 'mids':
      return t('Distance from the mid');
    case 'fates':
      return t('What became of gone orders');
    case 'positions':
      return t('Positions and margin');
    case 'balances':
      return t('Spot balances');
    case 'roles':
      return t('API wallets, sub-accounts and vaults');
    case 'history':
      return t('Wallet history (fills, funding, transfers)');
    case 'search':
      return t('An address’s transactions');
    case 'simulation':
      return t('Simulated call trees');
    case 'newHeads':
      return t('New blocks pushed (eth_subscribe over WebSocket)');
  }
}

/** What is missing without it. */
function costOf(ability: Ability, t: Translate): string {
  switch (ability) {
    case 'blocks':
      return t('Block pages and block hovers cannot be shown (no Otterscan ots_* methods).');
    case 'traces':
      return t('Transaction pages show no internal transfers (ots_traceTransaction).');
    case 'oldBlocks':
      return t('Only recent blocks are found; older ones say “not found”.');
    case 'orders':
      return t('Open Orders stays empty (openOrders).');
    case 'orderDetails':
      return t('Orders are shown without types, triggers or TP/SL (frontendOpenOrders).');
    case 'markets':
      return t('Builder-deployed dexs are shown without their unit, spot pairs by their @N names (perpDexs, spotMeta, meta).');
    case 'mids':
      return t('Orders are shown without their distance from the mid price (allMids).');
    case 'fates':
      return t('Orders that left the view are not looked up: filled or cancelled is not shown (orderStatus).');
    case 'positions':
      return t('Open Orders shows no positions, margin or liquidation prices (clearinghouseState).');
    case 'balances':
      return t('Open Orders shows no spot balances (spotClearinghouseState).');
    case 'roles':
      return t('API wallets, sub-accounts and vaults are not recognised (userRole).');
    case 'history':
      return t('A wallet’s history page cannot be shown (userFillsByTime, userFunding, userNonFundingLedgerUpdates, historicalOrders, userTwapSliceFills).');
    case 'search':
      return t(
        'An address page lists its transactions from the block explorer’s API chosen in the settings, not from the node (ots_searchTransactionsBefore).',
      );
    case 'simulation':
      return t('Read & Simulate runs calls with eth_call and eth_estimateGas: no call tree, no events (debug_traceCall).');
    case 'newHeads':
      return t(
        'Follow latest and the latest block in the status bar ask for the newest block every 5 seconds instead of being told (no eth_subscribe newHeads on the WebSocket form of the EVM address).',
      );
  }
}

/** The list, in the order of `ABILITIES`. */
export function abilityRows(abilities: ProviderAbilities, context: AbilityContext, t: Translate): AbilityRow[] {
  return ABILITIES.map((ability) => {
    const status = abilities.get(ability);
    const label = labelOf(ability, t);
    const kind = PUBLIC_KIND[ability];
    if (status.state === 'served') {
      return {
        ability,
        mark: '✔',
        label,
        detail: status.viaArchive ? t('Served on the provider’s archive path (nanoreth).') : t('Served by {0}.', context.provider),
      };
    }
    if (status.state === 'unknown') return { ability, mark: '?', label, detail: t('Not known yet: learnt from the first answer.') };
    if (kind && context.publicHost && context.publicAllowed[kind]) {
      return {
        ability,
        mark: '✔',
        label,
        detail: t('{0} does not serve it: it comes from Hyperliquid’s public API ({1}), as you allowed.', context.provider, context.publicHost),
      };
    }
    const cost = costOf(ability, t);
    if (kind && context.publicHost) {
      const allow =
        kind === 'market'
          ? t('Allow public market data to get it from {0}.', context.publicHost)
          : t('Allow public wallet data to get it from {0}.', context.publicHost);
      return { ability, mark: '✗', label, detail: `${cost} ${allow}`, publicKind: kind };
    }
    return { ability, mark: '✗', label, detail: cost };
  });
}
