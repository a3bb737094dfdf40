/**
 * What each section of a wallet's history page shows, as rows of strings: the same rows go to the page
 * and into its CSV export, so the file holds exactly what was shown. Amounts are the API's exact decimal
 * strings, untouched; times are ISO 8601 in UTC. Pure.
 */
import type { Fill, FundingPayment, HistoricalOrder, LedgerUpdate, TwapSliceFill } from '../core/model';
import type { Translate } from '../core/translate';
import type { CoinTotals } from './historyTotals';

import type { SectionId } from './protocol';

export type { SectionId };

export const isoUtc = (ms: number): string => new Date(ms).toISOString();

const sideText = (side: 'A' | 'B', t: Translate): string => (side === 'B' ? t('Buy') : t('Sell'));

/** Each section's column headers, in the user's language. */
export function sectionColumns(section: SectionId, t: Translate): string[] {
  switch (section) {
    case 'fills':
      return [
        t('Time (UTC)'),
        t('Coin'),
        t('Direction'),
        t('Side'),
        t('Price'),
        t('Size'),
        t('Fee'),
        t('Fee token'),
        t('Closed PnL'),
        t('Order id'),
        t('Trade id'),
        t('Hash'),
      ];
    case 'funding':
      return [t('Time (UTC)'), t('Coin'), t('Payment (USDC)'), t('Position size'), t('Funding rate')];
    case 'transfers':
      return [t('Time (UTC)'), t('Kind'), t('Direction'), t('Amount'), t('Token'), t('Fee'), t('Counterparty'), t('Hash')];
    case 'orders':
      return [t('Placed (UTC)'), t('Coin'), t('Side'), t('Type'), t('Limit price'), t('Original size'), t('Fate'), t('Fate time (UTC)'), t('Order id')];
    case 'twap':
      return [t('Time (UTC)'), t('TWAP id'), t('Coin'), t('Side'), t('Price'), t('Size'), t('Fee'), t('Closed PnL'), t('Order id')];
  }
}

export function fillRow(f: Fill, t: Translate): string[] {
  return [isoUtc(f.time), f.coin, f.dir, sideText(f.side, t), f.px, f.sz, f.fee, f.feeToken, f.closedPnl, String(f.oid), String(f.tid), f.hash];
}

export function fundingRow(p: FundingPayment): string[] {
  return [isoUtc(p.time), p.coin, p.usdc, p.szi, p.fundingRate];
}

export function ledgerRow(u: LedgerUpdate, t: Translate): string[] {
  const direction = u.direction === 'in' ? t('in') : u.direction === 'out' ? t('out') : '';
  return [isoUtc(u.time), u.kind, direction, u.amount ?? '', u.token, u.fee ?? '', u.counterparty ?? '', u.hash];
}

export function orderRow(o: HistoricalOrder, t: Translate): string[] {
  return [isoUtc(o.timestamp), o.coin, sideText(o.side, t), o.orderType ?? '', o.limitPx, o.origSz ?? o.sz, o.status, isoUtc(o.statusTimestamp), String(o.oid)];
}

export function twapRow(s: TwapSliceFill, t: Translate): string[] {
  const f = s.fill;
  return [isoUtc(f.time), String(s.twapId), f.coin, sideText(f.side, t), f.px, f.sz, f.fee, f.closedPnl, String(f.oid)];
}

export function totalsColumns(t: Translate): string[] {
  return [t('Coin'), t('Fills'), t('Volume'), t('Fees'), t('Realized PnL'), t('Funding (USDC)')];
}

export function totalsRow(c: CoinTotals): string[] {
  return [c.coin, String(c.fills), c.volume, `${c.fees} ${c.feeTokens.join('/')}`.trim(), c.realizedPnl, c.funding];
}
