/**
 * What a provider serves, as far as the extension knows: first from its preset (the providers' own
 * method tables), then from a cheap probe (`ots_getApiLevel`) and from every answer and refusal as they
 * come. Kept per connection (network + provider address) by the connection, shown in one place (the
 * Provider view), never guessed twice. Pure: no `vscode`.
 */
import { Emitter, type Event } from './emitter';
import type { Endpoint } from './errors';

/** Each thing the extension shows that a provider may or may not serve. */
export type Ability =
  | 'blocks'
  | 'traces'
  | 'oldBlocks'
  | 'orders'
  | 'orderDetails'
  | 'markets'
  | 'mids'
  | 'fates'
  | 'positions'
  | 'balances'
  | 'roles'
  | 'history'
  | 'search'
  | 'simulation'
  | 'newHeads';

/** In the order the Provider view lists them. */
export const ABILITIES: readonly Ability[] = [
  'blocks',
  'traces',
  'oldBlocks',
  'orders',
  'orderDetails',
  'markets',
  'mids',
  'fates',
  'positions',
  'balances',
  'roles',
  'history',
  'search',
  'simulation',
  'newHeads',
];

export type AbilityState = 'served' | 'notServed' | 'unknown';

/** Where what is known comes from: the preset, the probe, or an answer (or refusal) seen on this connection. */
export type AbilitySource = 'preset' | 'probe' | 'seen';

export interface AbilityStatus {
  readonly state: AbilityState;
  readonly source: AbilitySource;
  /** Served through the provider's archive path (QuickNode's `nanoreth`) rather than `/evm`. */
  readonly viaArchive?: boolean;
}

const EVM_ABILITY: Readonly<Record<string, Ability>> = {
  ots_getBlockDetails: 'blocks',
  ots_getBlockTransactions: 'blocks',
  ots_traceTransaction: 'traces',
  ots_searchTransactionsBefore: 'search',
  ots_searchTransactionsAfter: 'search',
  /** Read & Simulate's call tree (else eth_call and eth_estimateGas). */
  debug_traceCall: 'simulation',
};

const INFO_ABILITY: Readonly<Record<string, Ability>> = {
  openOrders: 'orders',
  frontendOpenOrders: 'orderDetails',
  meta: 'markets',
  spotMeta: 'markets',
  perpDexs: 'markets',
  allMids: 'mids',
  orderStatus: 'fates',
  // The account beside the orders (Open Orders' positions and margin, spot balances, what the address is).
  clearinghouseState: 'positions',
  spotClearinghouseState: 'balances',
  userRole: 'roles',
  // A wallet's history (the wallet history page): one ability, as providers serve these types together.
  userFills: 'history',
  userFillsByTime: 'history',
  userFunding: 'history',
  userNonFundingLedgerUpdates: 'history',
  historicalOrders: 'history',
  userTwapSliceFills: 'history',
};

/** The ability a request feeds (its JSON-RPC method or info type), if it is one that providers differ on. */
export function abilityOfRequest(endpoint: Endpoint, label: string): Ability | undefined {
  return endpoint === 'evm' ? EVM_ABILITY[label] : INFO_ABILITY[label];
}

/** What a preset says of a provider: served, not served, or served on its archive path only. */
export type KnownAbilities = Partial<Record<Ability, boolean | 'archive'>>;

const UNKNOWN: AbilityStatus = { state: 'unknown', source: 'preset' };

/** What one connection's provider serves; says when that changes. */
export class ProviderAbilities {
  private readonly statuses = new Map<Ability, AbilityStatus>();
  private readonly changed = new Emitter<void>();
  /** Fires whenever what is known changes. */
  readonly onDidChange: Event<void> = this.changed.event;

  /** `known`: what the preset says; `'archive'` = served on the archive path only (QuickNode's traces). */
  constructor(known: KnownAbilities = {}) {
    for (const ability of ABILITIES) {
      const served = known[ability];
      if (served === 'archive') this.statuses.set(ability, { state: 'served', source: 'preset', viaArchive: true });
      else if (served !== undefined) this.statuses.set(ability, { state: served ? 'served' : 'notServed', source: 'preset' });
    }
  }

  get(ability: Ability): AbilityStatus {
    return this.statuses.get(ability) ?? UNKNOWN;
  }

  /** Whether the provider is known not to serve `ability`. */
  refuses(ability: Ability): boolean {
    return this.get(ability).state === 'notServed';
  }

  /**
   * What an answer, a refusal or the probe showed. A probe does not overrule what an answer showed; an
   * answer overrules the preset (the provider's table may be out of date).
   */
  learn(ability: Ability, served: boolean, source: Exclude<AbilitySource, 'preset'>, viaArchive = false): void {
    const old = this.get(ability);
    if (source === 'probe' && old.source === 'seen') return;
    const next: AbilityStatus = { state: served ? 'served' : 'notServed', source, ...(viaArchive ? { viaArchive } : {}) };
    if (old.state === next.state && old.source === next.source && old.viaArchive === next.viaArchive) return;
    this.statuses.set(ability, next);
    this.changed.fire();
    // The orders with their details are the orders: a provider serving those serves these.
    if (ability === 'orderDetails' && served) this.learn('orders', true, source);
  }
}
