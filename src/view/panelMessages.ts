/**
 * What every webview panel (the block page, the transaction page) shares in its messages: the problems a
 * load can end with, explorer targets, the messages every page sends and takes, the words every page has,
 * and the shape of a page's protocol. Pure (no `vscode`, no DOM): the host checks incoming messages with
 * `isWebviewMessageOf`, the webview scripts import the types.
 */
import type { ProviderErrorKind } from '../core/errors';
import { isAddress, isHash } from '../core/hex';
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
    case 'wrongChain':
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

/**
 * One page's protocol as types (`blocks/protocol.ts`, `transactions/protocol.ts` each name theirs): its
 * words, its views, what each side sends besides what every page sends, and what the webview keeps.
 */
export interface PageProtocol {
  labels: PageLabels;
  /** What the page shows: `{ kind: 'loading' }`, `{ kind: 'problem', problem, message }`, or the page itself. */
  view: { kind: string };
  /** The host's messages besides `show`. */
  host: { type: string };
  /** The webview's messages besides the common ones. */
  webview: { type: string };
  /** What the webview keeps across a window reload (`setState`): what the panel shows, no more. */
  state: object;
}

/** The network a page shows: its name, and the host its explorer links open. */
export interface ShownNetwork {
  label: string;
  explorer: string;
}

/** The host's message every page takes: show this view, in these words, of this network. */
export interface ShowMessage<P extends PageProtocol> {
  type: 'show';
  labels: P['labels'];
  view: P['view'];
  network?: ShownNetwork;
}

/** Everything the host sends a page. */
export type HostMessageOf<P extends PageProtocol> = ShowMessage<P> | P['host'];

/** Everything a page's webview sends: the common messages and the page's own. */
export type WebviewMessageOf<P extends PageProtocol> = CommonWebviewMessage | P['webview'];

/**
 * Checks a message from a page's webview before the host acts on it (the webview is the less trusted
 * side): a common message, or one that the page's own check `isOwn` accepts.
 */
export function isWebviewMessageOf<P extends PageProtocol>(value: unknown, isOwn: (m: Record<string, unknown>) => boolean): value is WebviewMessageOf<P> {
  if (isCommonWebviewMessage(value)) return true;
  return typeof value === 'object' && value !== null && isOwn(value as Record<string, unknown>);
}

/** The longest text a webview may ask the host to copy (hashes, addresses; long data is copied by the host). */
export const MAX_COPY_TEXT = 200;

export const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
export { isHash };

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
      if (t.kind === 'address') return isAddress(t.address);
      return false;
    }
    default:
      return false;
  }
}

/**
 * A label that says a count, `{0}`, in its two forms: English and German say "1 call" but "2 calls";
 * Chinese, without plural forms, translates both alike. The webview picks one (`formatCount`).
 */
export interface CountLabel {
  one: string;
  other: string;
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

/** The words every page has besides the common ones, each in its own terms (a block, a transaction). */
export interface PageLabels extends CommonLabels {
  /** What is loading: `{0}` is the page's target. */
  loading: string;
  problemNotFound: string;
  problemOther: string;
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
