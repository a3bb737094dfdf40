import type { Translate } from '../view/format';
import { commonLabels } from '../view/panelMessages';
import type { WalletHistoryLabels } from './protocol';

/** The page's words, localized by the host (the webview has no `vscode.l10n`). Pure. */
export function panelLabels(l10n: { t: Translate }): WalletHistoryLabels {
  return {
    ...commonLabels(l10n),
    loading: l10n.t('Loading the history of {0}…'),
    problemNotFound: l10n.t('No history'),
    problemOther: l10n.t('The history could not be loaded'),
    title: l10n.t('History of {0}'),
    range: l10n.t('Time range'),
    rangeNames: {
      '7d': l10n.t('Last 7 days'),
      '30d': l10n.t('Last 30 days'),
      '90d': l10n.t('Last 90 days'),
      '1y': l10n.t('Last year'),
      all: l10n.t('Everything reachable'),
    },
    source: l10n.t('Source: {0}'),
    totals: l10n.t('Totals per coin'),
    loadMore: l10n.t('Load More'),
    exportCsv: l10n.t('Export CSV…'),
    sectionsNav: l10n.t('History sections'),
    empty: l10n.t('Nothing in this range.'),
    sectionFailed: l10n.t('This section could not be loaded: {0}'),
  };
}
