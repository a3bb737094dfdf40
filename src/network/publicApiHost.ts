/**
 * The two questions before anything goes to Hyperliquid's public info API: one for market data, one for
 * wallet data, each saying exactly what would be sent where. Asked once per window, network and kind, the first
 * time the provider falls short (while the setting says `ask`; networkCommands.ts listens, and loads this
 * module then); the answer is kept in the setting.
 */
import * as vscode from 'vscode';
import { NETWORKS } from '../core/networks';
import type { PublicDataKind } from '../core/publicApi';
import type { PublicApiWish } from '../platform/connection';
import { explorerHost } from '../platform/networkWords';
import { askPermission } from '../platform/askPermission';
import { settings } from '../platform/settings';

/** Asks whether `wish.kind` of data may go to the public API; true when allowed (the setting is then `allow`). */
export async function askPublicApi(wish: Pick<PublicApiWish, 'kind' | 'type' | 'provider' | 'network'>): Promise<boolean> {
  const host = explorerHost(settings.of(wish.network).publicInfoUrl() || NETWORKS[wish.network].publicInfoUrl);
  // The answer holds for this network only: the other one asks for itself, naming its own host.
  return askPermission(publicApiQuestion(wish.kind, wish.provider, wish.type, host), (answer) => settings.setPublicPermission(wish.kind, answer, wish.network));
}

/** The wallet history page's info types (its question names what they are for). */
const HISTORY_TYPES = new Set(['userFills', 'userFillsByTime', 'userFunding', 'userNonFundingLedgerUpdates', 'historicalOrders', 'userTwapSliceFills']);

/** What the question says: what is missing, what would be sent, from where, to where. */
export function publicApiQuestion(kind: PublicDataKind, provider: string, type: string, host: string): string {
  return kind === 'market'
    ? vscode.l10n.t(
        '{0} does not serve {1}: without it, orders are shown without their distance from the mid (or dex units and pair names). Get market data (allMids, meta, spotMeta, perpDexs) from Hyperliquid’s public API at {2} instead? These requests hold no wallet address and no key, but your IP address reaches Hyperliquid’s servers.',
        provider,
        type,
        host,
      )
    : HISTORY_TYPES.has(type)
      ? vscode.l10n.t(
          '{0} does not serve {1}: without it, a wallet’s history (fills, funding, transfers, past orders) cannot be shown. Ask Hyperliquid’s public API at {2} instead? These requests hold the wallet’s address and a time range, never your key, and come from your IP address: Hyperliquid’s servers learn that this IP looks at that wallet.',
          provider,
          type,
          host,
        )
      : vscode.l10n.t(
          '{0} does not serve {1}: without it, what became of gone orders (filled, cancelled) is not shown. Ask Hyperliquid’s public API at {2} instead? These requests hold the watched wallet’s address and the order id, never your key, and come from your IP address: Hyperliquid’s servers learn that this IP watches that wallet.',
          provider,
          type,
          host,
        );
}
