/**
 * The messages between the wallet history panel (extension host) and its webview script: plain data,
 * every value a string made for display (the API's exact decimals, ISO times in UTC), never HTML.
 */
import { isAddress } from '../core/hex';
import { isWebviewMessageOf, type CommonProblemKind, type HostMessageOf, type PageLabels, type WebviewMessageOf } from '../view/panelMessages';

export type SectionId = 'fills' | 'funding' | 'transfers' | 'orders' | 'twap';
export const SECTIONS: readonly SectionId[] = ['fills', 'funding', 'transfers', 'orders', 'twap'];

/** The time ranges the page offers, ending now. */
export type RangeId = '7d' | '30d' | '90d' | '1y' | 'all';
export const RANGES: readonly RangeId[] = ['7d', '30d', '90d', '1y', 'all'];
export const DEFAULT_RANGE: RangeId = '90d';

const DAY_MS = 86_400_000;
/** Where a range starts, for one ending at `now` (ms). */
export function rangeStart(range: RangeId, now: number): number {
  const days = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: undefined }[range];
  return days === undefined ? 0 : Math.max(0, now - days * DAY_MS);
}

export interface SectionView {
  id: SectionId;
  title: string;
  columns: string[];
  /** Oldest first (fills, funding, transfers) or as the API lists them (orders, TWAP slices: newest first). */
  rows: string[][];
  /** "4,600 fills loaded" and what the API allows (2,000 an answer, 10,000 newest reachable). */
  summary: string;
  limit: string;
  /** Whether Load More can ask for more. */
  more: boolean;
  /** Why the last request of this section failed (what was loaded is still shown). */
  error?: string;
}

export type WalletHistoryView =
  | { kind: 'loading'; wallet: string }
  | {
      kind: 'history';
      wallet: string;
      range: RangeId;
      /** The range's first and last moment, ISO in UTC. */
      from: string;
      to: string;
      /** Where the rows come from: the provider, or Hyperliquid's public API (and its host). */
      source: string;
      totals: { columns: string[]; rows: string[][]; note: string };
      sections: SectionView[];
      /** The section a Load More is under way for. */
      busy?: SectionId;
    }
  | { kind: 'problem'; problem: CommonProblemKind; message: string; wallet: string };

export interface WalletHistoryLabels extends PageLabels {
  title: string;
  range: string;
  rangeNames: Record<RangeId, string>;
  source: string;
  totals: string;
  loadMore: string;
  exportCsv: string;
  sectionsNav: string;
  empty: string;
  sectionFailed: string;
}

export interface WalletHistoryProtocol {
  labels: WalletHistoryLabels;
  view: WalletHistoryView;
  host: never;
  webview: { type: 'more'; section: SectionId } | { type: 'range'; range: RangeId } | { type: 'export'; section: SectionId | 'totals' };
  state: { wallet: string; range: RangeId };
}

export type WalletHistoryHostMessage = HostMessageOf<WalletHistoryProtocol>;
export type WalletHistoryWebviewMessage = WebviewMessageOf<WalletHistoryProtocol>;

const isSection = (x: unknown): x is SectionId => typeof x === 'string' && (SECTIONS as readonly string[]).includes(x);
const isRange = (x: unknown): x is RangeId => typeof x === 'string' && (RANGES as readonly string[]).includes(x);

export function isWalletHistoryWebviewMessage(value: unknown): value is WalletHistoryWebviewMessage {
  return isWebviewMessageOf<WalletHistoryProtocol>(value, (m) => {
    switch (m.type) {
      case 'more':
        return isSection(m.section);
      case 'range':
        return isRange(m.range);
      case 'export':
        return m.section === 'totals' || isSection(m.section);
      default:
        return false;
    }
  });
}

/** What a revived panel carries: its wallet and range; anything else is ignored. */
export function panelState(state: unknown): WalletHistoryProtocol['state'] | undefined {
  const s = state as Partial<WalletHistoryProtocol['state']> | null | undefined;
  if (!s || !isAddress(s.wallet)) return undefined;
  return { wallet: s.wallet.toLowerCase(), range: isRange(s.range) ? s.range : DEFAULT_RANGE };
}
