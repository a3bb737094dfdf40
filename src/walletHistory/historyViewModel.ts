/**
 * The wallet history page as the webview gets it: each section's rows (the same rows its CSV holds), what
 * was loaded and what the API allows said in words, totals per coin over what was loaded, and where it
 * came from. Pure: the words come through a `Translate`.
 */
import type { Translate } from '../core/translate';
import { coinTotals } from './historyTotals';
import { fillRow, fundingRow, isoUtc, ledgerRow, orderRow, sectionColumns, totalsColumns, totalsRow, twapRow } from './historyRows';
import { FILLS_PER_ANSWER, FILLS_REACHABLE, LEDGER_PER_PAGE, NEWEST_ORDERS, type WalletHistory } from './historySource';
import type { RangeId, SectionId, SectionView, WalletHistoryView } from './protocol';

const grouped = (n: number): string => n.toLocaleString('en-US');

/** A section's title, header and rows. */
export function sectionTable(history: WalletHistory, section: SectionId, t: Translate): { title: string; columns: string[]; rows: string[][] } {
  const columns = sectionColumns(section, t);
  switch (section) {
    case 'fills':
      return { title: t('Fills'), columns, rows: history.fills.rows.map((f) => fillRow(f, t)) };
    case 'funding':
      return { title: t('Funding'), columns, rows: history.funding.rows.map(fundingRow) };
    case 'transfers':
      return { title: t('Deposits, withdrawals and transfers'), columns, rows: history.ledger.rows.map((u) => ledgerRow(u, t)) };
    case 'orders':
      return { title: t('Historical orders'), columns, rows: history.orders.map((o) => orderRow(o, t)) };
    case 'twap':
      return { title: t('TWAP slices'), columns, rows: history.twap.map((s) => twapRow(s, t)) };
  }
}

/** The totals' header and rows (over the fills and funding loaded). */
export function totalsTable(history: WalletHistory, t: Translate): { columns: string[]; rows: string[][] } {
  return { columns: totalsColumns(t), rows: coinTotals(history.fills.rows, history.funding.rows).map(totalsRow) };
}

function limitOf(section: SectionId, t: Translate): string {
  switch (section) {
    case 'fills':
      return t(
        'The info API sends at most {0} fills an answer, and only a wallet’s {1} newest fills can be reached at all.',
        grouped(FILLS_PER_ANSWER),
        grouped(FILLS_REACHABLE),
      );
    case 'funding':
    case 'transfers':
      return t('The info API sends these {0} at a time, by time.', grouped(LEDGER_PER_PAGE));
    case 'orders':
      return t('The info API sends a wallet’s {0} most recent orders only; those in this range are shown.', grouped(NEWEST_ORDERS));
    case 'twap':
      return t('The info API sends a wallet’s most recent TWAP slice fills only ({0} at most); those in this range are shown.', grouped(FILLS_PER_ANSWER));
  }
}

function summaryOf(count: number, more: boolean, t: Translate): string {
  const loaded = count === 1 ? t('1 row loaded') : t('{0} rows loaded', grouped(count));
  return more ? t('{0}; more can be loaded.', loaded) : loaded;
}

export interface HistoryViewInput {
  history: WalletHistory;
  range: RangeId;
  source: string;
  busy?: SectionId;
  /** How a section's error reads. */
  describe(e: unknown): string;
}

export function toHistoryView(input: HistoryViewInput, t: Translate): WalletHistoryView {
  const { history } = input;
  const sections: SectionView[] = (['fills', 'funding', 'transfers', 'orders', 'twap'] as const).map((id) => {
    const table = sectionTable(history, id, t);
    const more = history.hasMore(id) && (id === 'fills' || id === 'funding' || id === 'transfers' || history.errors.has(id));
    const error = history.errors.get(id);
    return {
      id,
      ...table,
      summary: summaryOf(table.rows.length, more, t),
      limit: limitOf(id, t),
      more,
      ...(error !== undefined ? { error: input.describe(error) } : {}),
    };
  });
  const fills = history.fills.rows.length;
  const funding = history.funding.rows.length;
  return {
    kind: 'history',
    wallet: history.wallet,
    range: input.range,
    from: isoUtc(history.from),
    to: isoUtc(history.to),
    source: input.source,
    totals: {
      ...totalsTable(history, t),
      note: t('Over the {0} fills and {1} funding payments loaded; fees in the token each fill names.', grouped(fills), grouped(funding)),
    },
    sections,
    ...(input.busy ? { busy: input.busy } : {}),
  };
}
