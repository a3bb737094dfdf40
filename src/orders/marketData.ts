/**
 * What every wallet of one connection shares: the dex list, spot pairs, each dex's unit and mid prices.
 * Held once per connection by the orders store (not per wallet), and dropped when the connection changes.
 */
import type { PerpDex, SpotMeta } from '../core/model';
import type { WalletDetailsLater, WalletOrdersResult } from './openOrdersSource';
import type { WalletOrder } from './ordersViewModel';

export class MarketData {
  dexs: readonly PerpDex[] = [];
  spotMeta?: SpotMeta;
  readonly units = new Map<string, string>();
  readonly mids = new Map<string, Map<string, string>>();

  /**
   * Takes what one wallet's refresh learnt. The units and mids of the dexs its orders are on become what
   * this answer says (also when it says nothing: a failed `meta` or `allMids` shows no unit or distance),
   * so the wallet's view reads exactly its own refresh; other dexs keep what other wallets brought.
   */
  take(result: WalletOrdersResult, orders: readonly WalletOrder[]): void {
    this.dexs = result.dexs;
    if (result.spotMeta) this.spotMeta = result.spotMeta;
    for (const dex of new Set(orders.map((o) => o.dex))) {
      setOrDelete(this.units, dex, result.units.get(dex));
      setOrDelete(this.mids, dex, result.mids.get(dex));
    }
    // Dexs with positions but no orders: their unit too.
    for (const [dex, unit] of result.units) this.units.set(dex, unit);
  }

  /** The units and mids of dexs that newly had orders, asked after them. */
  takeLater(later: WalletDetailsLater): void {
    for (const [dex, unit] of later.units) this.units.set(dex, unit);
    for (const [dex, mids] of later.mids) this.mids.set(dex, mids);
  }
}

function setOrDelete<V>(map: Map<string, V>, key: string, value: V | undefined): void {
  if (value === undefined) map.delete(key);
  else map.set(key, value);
}
