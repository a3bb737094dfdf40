/**
 * What every webview panel (the block page, the transaction page) shares in its messages: the problems a
 * load can end with, explorer targets, and the messages from the webview that every panel understands.
 * Pure (no `vscode`, no DOM): the host checks incoming messages with `isCommonWebviewMessage`, the webview
 * scripts import the types.
 */
import type { ProviderErrorKind } from '../core/errors';
import type { Translate } from './format';

/** Why a page could not be shown; drives the title and the actions of the error state. */
export type CommonProblemKind = 'notFound' | 'noKey' | 'badKey' | 'rateLimited' | 'network' | 'timeout' | 'cancelled' | 'config' | 'other';

/** The problem to show for a provider error's kind. */
export function problemKindOf(kind: ProviderErrorKind | undefined): CommonProblemKind {
  switch (kind) {
    case 'notFound':
    case 'badKey':
    case 'rateLimited':
    case 'network':
    case 'timeout':
    case 'config':
    case 'cancelled':
      return kind;
    case 'wrongPath':
      return 'config';
    default:
      return 'other';
  }
}

/** What an explorer link points at; the host checks the value and builds the URL. */
export type ExplorerTarget = { kind: 'block'; number: number } | { kind: 'tx'; hash: string } | { kind: 'address'; address: string };

/** The explorer page for a block, transaction or address (the target was checked on arrival). */
export function explorerUrl(base: string, target: ExplorerTarget): string {
  switch (target.kind) {
    case 'block':
      return `${base}/block/${target.number}`;
    case 'tx':
      return `${base}/tx/${target.hash.toLowerCase()}`;
    case 'address':
      return `${base}/address/${target.address.toLowerCase()}`;
  }
}

/** Messages every panel's webview may send; each panel adds its own. */
export type CommonWebviewMessage =
  | { type: 'ready' }
  | { type: 'copy'; text: string }
  | { type: 'openExplorer'; target: ExplorerTarget }
  | { type: 'showRawJson' }
  | { type: 'retry' }
  | { type: 'cancel' }
  | { type: 'setApiKey' }
  | { type: 'tryDemo' }
  | { type: 'openSettings' }
  | { type: 'showLog' };

/** The longest text a webview may ask the host to copy (hashes, addresses; long data is copied by the host). */
export const MAX_COPY_TEXT = 200;

export const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
export const isHash = (x: unknown): x is string => typeof x === 'string' && /^0x[0-9a-fA-F]{64}$/.test(x);
const isAddressText = (x: unknown): x is string => typeof x === 'string' && /^0x[0-9a-fA-F]{40}$/.test(x);

/** Checks a common message from a webview before the host acts on it (the webview is the less trusted side). */
export function isCommonWebviewMessage(value: unknown): value is CommonWebviewMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'showRawJson':
    case 'retry':
    case 'cancel':
    case 'setApiKey':
    case 'tryDemo':
    case 'openSettings':
    case 'showLog':
      return true;
    case 'copy':
      return typeof m.text === 'string' && m.text.length <= MAX_COPY_TEXT;
    case 'openExplorer': {
      const t = m.target as Record<string, unknown> | null;
      if (typeof t !== 'object' || t === null) return false;
      if (t.kind === 'block') return isWhole(t.number);
      if (t.kind === 'tx') return isHash(t.hash);
      if (t.kind === 'address') return isAddressText(t.address);
      return false;
    }
    default:
      return false;
  }
}

/** The words every panel's states use, localized by the host (the webview has no `vscode.l10n`). */
export interface CommonLabels {
  cancel: string;
  retry: string;
  setApiKey: string;
  tryDemo: string;
  openSettings: string;
  showLog: string;
  openInExplorer: string;
  showRawJson: string;
  hype: string;
  wei: string;
  gwei: string;
  notAvailable: string;
  copy: string;
  copied: string;
  problemNoKey: string;
  problemBadKey: string;
  problemRateLimited: string;
  problemNetwork: string;
  problemTimeout: string;
  problemCancelled: string;
  problemConfig: string;
}

/** Pure: the host passes `vscode.l10n` (the calls read `l10n.t('…')`, so l10n tooling finds them). */
export function commonLabels(l10n: { t: Translate }): CommonLabels {
  return {
    cancel: l10n.t('Cancel'),
    retry: l10n.t('Retry'),
    setApiKey: l10n.t('Set API Key'),
    tryDemo: l10n.t('Try Demo Data'),
    openSettings: l10n.t('Open Settings'),
    showLog: l10n.t('Show Log'),
    openInExplorer: l10n.t('Open in Explorer'),
    showRawJson: l10n.t('Show Raw JSON'),
    hype: l10n.t('HYPE'),
    wei: l10n.t('wei'),
    gwei: l10n.t('gwei'),
    notAvailable: l10n.t('n/a'),
    copy: l10n.t('Copy'),
    copied: l10n.t('Copied'),
    problemNoKey: l10n.t('No API key'),
    problemBadKey: l10n.t('The API key was rejected'),
    problemRateLimited: l10n.t('Rate limited'),
    problemNetwork: l10n.t('Network error'),
    problemTimeout: l10n.t('The provider did not answer in time'),
    problemCancelled: l10n.t('Lookup cancelled'),
    problemConfig: l10n.t('Settings need attention'),
  };
}
