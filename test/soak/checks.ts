/**
 * The soak's verdict, pure: what the run measured goes in, the checks (each with its threshold and what
 * it saw) come out. No I/O, so the thresholds and comparisons are unit-tested (test/unit/soakChecks.test.ts).
 */
import { DEFAULT_REQUESTS_PER_SECOND } from '../../src/core/presets';
import { AUTO_REFRESH_BUDGET_SHARE } from '../../src/orders/autoRefresh';

/** What the extension host holds that could leak, counted through the inspector. */
export interface ResourceCounts {
  /** Timers keeping the event loop alive (`Timeout` in `process.getActiveResourcesInfo()`). */
  timers: number;
  /** Open sockets to the provider (the soak's node). */
  sockets: number;
  /** Listeners on every Node `EventEmitter` in the heap. */
  emitterListeners: number;
  /** `abort` listeners on every `AbortSignal` in the heap (a request that never lets go of its signal). */
  abortListeners: number;
}

export const RESOURCE_NAMES: readonly (keyof ResourceCounts)[] = ['timers', 'sockets', 'emitterListeners', 'abortListeners'];

/** Each count's least value over several looks (one that comes and goes is no leak). */
export function leastOf(looks: readonly ResourceCounts[]): ResourceCounts {
  const least = (k: keyof ResourceCounts) => Math.min(...looks.map((l) => l[k]));
  return { timers: least('timers'), sockets: least('sockets'), emitterListeners: least('emitterListeners'), abortListeners: least('abortListeners') };
}

/** One measurement of the extension host, taken with the UI idle and the provider quiet. */
export interface Checkpoint {
  label: string;
  /** ms since the soak started. */
  atMs: number;
  /** `Runtime.getHeapUsage().usedSize` after two full garbage collections. */
  heapUsed: number;
  resources: ResourceCounts;
}

/** One request to the info endpoint, as the node's side saw it. */
export interface InfoRequest {
  /** ms since the soak started. */
  at: number;
  /** The info `type`; a batch is not sent to `/info`. */
  type: string;
  /** The `user` it asks about, if any. */
  user?: string;
  /** The `dex` it asks about ('' = the first perp dex). */
  dex?: string;
}

export interface SoakLimits {
  /** Heap after GC at the end, over its value at the start. */
  heapGrowthBytes: number;
  /** How much each count may exceed its start value (keep-alive pools and timers come and go). */
  resourceSlack: ResourceCounts;
  /**
   * The soak's provider (the demo node, a custom provider) allows its plan's rate: no sliding minute may
   * send it more info requests than that rate for a minute (issue 32: Hyperliquid's request weights are the
   * public API's budget, not a provider's).
   */
  requestsPerMinute: number;
  /** What automatic refreshes may send per minute on average (their share of the rate). */
  autoRefreshRequestsPerMinute: number;
  /** The average is judged only over this long a run: shorter, one refresh more or less decides it. */
  averageJudgedFromMs: number;
  /** Notifications shown during the soak (the budget's one warning is expected). */
  notifications: number;
}

export const SOAK_LIMITS: SoakLimits = {
  heapGrowthBytes: 10 * 1024 * 1024,
  resourceSlack: { timers: 2, sockets: 1, emitterListeners: 20, abortListeners: 2 },
  requestsPerMinute: DEFAULT_REQUESTS_PER_SECOND * 60,
  autoRefreshRequestsPerMinute: DEFAULT_REQUESTS_PER_SECOND * 60 * AUTO_REFRESH_BUDGET_SHARE,
  averageJudgedFromMs: 5 * 60_000,
  notifications: 3,
};

/**
 * Hyperliquid's weight of an info request: 2 for the light ones, 60 for `userRole`, 20 for every other
 * documented type (order lists, `meta`, `spotMeta`, `perpDexs`).
 */
export function infoWeight(type: string): number {
  if (LIGHT_TYPES.has(type)) return 2;
  if (type === 'userRole') return 60;
  return 20;
}

const LIGHT_TYPES = new Set(['l2Book', 'allMids', 'clearinghouseState', 'orderStatus', 'spotClearinghouseState', 'exchangeStatus']);

/** The most weight spent in any window of `windowMs` (requests at `at`, each weighing `infoWeight`). */
export function peakWindowWeight(requests: readonly InfoRequest[], windowMs = 60_000): { weight: number; startsAt: number } {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  let best = { weight: 0, startsAt: sorted[0]?.at ?? 0 };
  let from = 0;
  let sum = 0;
  for (const r of sorted) {
    sum += infoWeight(r.type);
    while ((sorted[from] as InfoRequest).at <= r.at - windowMs) sum -= infoWeight((sorted[from++] as InfoRequest).type);
    if (sum > best.weight) best = { weight: sum, startsAt: (sorted[from] as InfoRequest).at };
  }
  return best;
}

/** Total weight of the requests in `[fromMs, toMs)`. */
export function weightBetween(requests: readonly InfoRequest[], fromMs: number, toMs: number): number {
  return requests.filter((r) => r.at >= fromMs && r.at < toMs).reduce((n, r) => n + infoWeight(r.type), 0);
}

/** Starts of bursts: times more than `gapMs` after the previous one (a refresh and its retries are one burst). */
export function burstStarts(times: readonly number[], gapMs: number): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t - (sorted[i - 1] as number) > gapMs);
}

/**
 * The weight of each burst of info requests (a refresh of every wallet, its retries and market data),
 * bursts being apart by more than `gapMs`: what one refresh really cost at the node.
 */
export function burstWeights(requests: readonly InfoRequest[], gapMs = 5_000): number[] {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  const weights: number[] = [];
  sorted.forEach((r, i) => {
    if (i === 0 || r.at - (sorted[i - 1] as InfoRequest).at > gapMs) weights.push(0);
    weights[weights.length - 1] += infoWeight(r.type);
  });
  return weights;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Seconds between the starts of automatic refreshes, from one wallet's order requests on one dex. */
export function observedIntervalsSeconds(requests: readonly InfoRequest[], user: string, dex: string): number[] {
  const orderTypes = new Set(['frontendOpenOrders', 'openOrders']);
  const times = requests.filter((r) => orderTypes.has(r.type) && r.user === user && (r.dex ?? '') === dex).map((r) => r.at);
  const starts = burstStarts(times, 2_000);
  return starts.slice(1).map((t, i) => Math.round((t - (starts[i] as number)) / 100) / 10);
}

/** What the extension's log says the budget did to the interval: the last stretch or pause it wrote. */
export type BudgetEffect =
  | { kind: 'none' }
  /** `steps`: every interval the log announced, in order (each announcement is also a notification). */
  | { kind: 'stretched'; fromSeconds: number; toSeconds: number; weight: number; steps: number[] }
  | { kind: 'paused'; weight: number };

export function budgetEffectFromLog(log: string): BudgetEffect {
  let effect: BudgetEffect = { kind: 'none' };
  const steps: number[] = [];
  const pattern =
    /Automatic refresh every (\d+) s would exceed the request-weight budget \(weight (\d+) per refresh\); refreshing every (\d+) s instead|Automatic refresh paused: one refresh weighs (\d+)/g;
  for (const m of log.matchAll(pattern)) {
    if (m[4] !== undefined) {
      effect = { kind: 'paused', weight: Number(m[4]) };
      continue;
    }
    steps.push(Number(m[3]));
    effect = { kind: 'stretched', fromSeconds: Number(m[1]), weight: Number(m[2]), toSeconds: Number(m[3]), steps: [...steps] };
  }
  return effect;
}

/** A wallet's row in the Open Orders tree, read from "label description". */
export interface WalletRow {
  orders?: number;
  stale: boolean;
}

/** The row of the wallet labelled `label` in the tree's rows, if listed. */
export function walletRow(rows: readonly string[], label: string): WalletRow | undefined {
  const row = rows.find((r) => r === label || r.startsWith(`${label} `));
  if (row === undefined) return undefined;
  const count = /(?:^| )([\d,]+) orders?(?: |$)/.exec(row.slice(label.length));
  return { orders: count ? Number((count[1] as string).replace(/,/g, '')) : undefined, stale: / stale · /.test(row) };
}

/**
 * Wallets that lost something in one look at the tree: not listed, or without the orders they had
 * (a wallet with orders must show a count, current or stale, once it has loaded).
 */
export function walletProblems(rows: readonly string[], wallets: readonly { label: string; hasOrders: boolean }[]): string[] {
  return wallets.flatMap(({ label, hasOrders }) => {
    const row = walletRow(rows, label);
    if (!row) return [`${label}: not listed`];
    if (hasOrders && !(row.orders !== undefined && row.orders > 0)) return [`${label}: no orders shown (${rows.find((r) => r.startsWith(label))})`];
    return [];
  });
}

/** An order's row in the tree: a limit order (`size @ price · …`), a trigger or a position TP/SL. */
export function isOrderRow(row: string): boolean {
  return / @ [\d,.]+ · /.test(row) || / · trigger [≥≤] [\d,.]+/.test(row);
}

/**
 * Error entries of our extension in an extension host log: an entry (a line with a timestamp, and the
 * stack on the lines after it) whose first line is an error, an unhandled rejection or an uncaught
 * exception, and which names the extension anywhere.
 */
export function extensionErrors(log: string): string[] {
  return log
    .split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter((entry) => /\[error\]|unhandled|not handled|uncaught/i.test(entry.split('\n')[0] ?? '') && /hyperliquid/i.test(entry))
    .map((entry) => entry.slice(0, 600));
}

/** The tree before and after a refresh that failed: every wallet listed, stale, with the same order rows. */
export interface LastGoodCheck {
  before: readonly string[];
  after: readonly string[];
  labels: readonly string[];
}

export function lastGoodProblems({ before, after, labels }: LastGoodCheck): string[] {
  const problems: string[] = [];
  for (const label of labels) {
    const was = walletRow(before, label);
    const now = walletRow(after, label);
    if (!now) problems.push(`${label}: not listed after the failed refresh`);
    else if (!now.stale) problems.push(`${label}: not marked stale after the failed refresh`);
    else if (was?.orders !== now.orders) problems.push(`${label}: ${was?.orders ?? '?'} orders before, ${now.orders ?? '?'} after`);
  }
  const rowsBefore = before.filter(isOrderRow);
  const rowsAfter = after.filter(isOrderRow);
  if (JSON.stringify(rowsBefore) !== JSON.stringify(rowsAfter)) {
    const lost = rowsBefore.filter((r) => !rowsAfter.includes(r));
    const added = rowsAfter.filter((r) => !rowsBefore.includes(r));
    problems.push(`order rows changed: ${lost.length} gone (${lost.slice(0, 3).join('; ')}), ${added.length} new (${added.slice(0, 3).join('; ')})`);
  }
  return problems;
}

/** Everything the soak measured, for the verdict and the document. */
export interface SoakFigures {
  durationMs: number;
  baseline: Checkpoint;
  end: Checkpoint;
  requests: readonly InfoRequest[];
  /** ms since the start at which the measured part began (after the warm-up) and ended. */
  measuredFromMs: number;
  measuredToMs: number;
  /** Wallet problems seen while sampling the tree during the soak. */
  walletSampleProblems: readonly string[];
  walletSamples: number;
  /** Problems of the final check (last good orders kept through a failed refresh). */
  lastGoodProblems: readonly string[];
  /** Distinct notifications (messages, not progress) shown from the key on. */
  notifications: readonly string[];
  /** Progress notifications still shown at the end, with the pages closed and the provider quiet. */
  progressLeft: readonly string[];
  /** UI actions that showed neither their content nor a problem in time. */
  stuckActions: readonly string[];
  /** Error lines of our extension in the extension host's log. */
  extensionErrors: readonly string[];
}

export interface Check {
  name: string;
  ok: boolean;
  /** What was measured against what was allowed. */
  detail: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function heapCheck(baseline: Checkpoint, end: Checkpoint, limits = SOAK_LIMITS): Check {
  const growth = end.heapUsed - baseline.heapUsed;
  return {
    name: 'extension host heap after GC',
    ok: growth <= limits.heapGrowthBytes,
    detail: `${mb(baseline.heapUsed)} → ${mb(end.heapUsed)} (${growth >= 0 ? '+' : '−'}${mb(Math.abs(growth))}; at most +${mb(limits.heapGrowthBytes)})`,
  };
}

export function resourceChecks(baseline: Checkpoint, end: Checkpoint, limits = SOAK_LIMITS): Check[] {
  const names: Record<keyof ResourceCounts, string> = {
    timers: 'timers',
    sockets: 'sockets to the provider',
    emitterListeners: 'event emitter listeners',
    abortListeners: 'abort signal listeners',
  };
  return RESOURCE_NAMES.map((k) => ({
    name: names[k],
    ok: end.resources[k] <= baseline.resources[k] + limits.resourceSlack[k],
    detail: `${baseline.resources[k]} → ${end.resources[k]} (at most +${limits.resourceSlack[k]})`,
  }));
}

/** The most requests in any window of `windowMs` (requests at `at`). */
export function peakWindowCount(requests: readonly InfoRequest[], windowMs = 60_000): { count: number; startsAt: number } {
  const at = requests.map((r) => r.at).sort((a, b) => a - b);
  let best = { count: 0, startsAt: at[0] ?? 0 };
  for (let from = 0, to = 0; to < at.length; to++) {
    while ((at[to] as number) - (at[from] as number) >= windowMs) from++;
    if (to - from + 1 > best.count) best = { count: to - from + 1, startsAt: at[from] as number };
  }
  return best;
}

/**
 * What the extension sent its provider by itself, from its first request to the end of the measured part
 * (the final check's own refreshes are the soak's, not the extension's): no minute over the provider's rate,
 * and on a long enough run no more than automatic refreshes' share on average.
 */
export function budgetChecks(f: Pick<SoakFigures, 'requests' | 'measuredFromMs' | 'measuredToMs'>, limits = SOAK_LIMITS): Check[] {
  const peak = peakWindowCount(f.requests.filter((r) => r.at < f.measuredToMs));
  const span = f.measuredToMs - f.measuredFromMs;
  const inSpan = f.requests.filter((r) => r.at >= f.measuredFromMs && r.at < f.measuredToMs).length;
  const perMinute = span > 0 ? (inSpan * 60_000) / span : 0;
  const judged = span >= limits.averageJudgedFromMs;
  return [
    {
      name: 'requests to the provider in any minute',
      ok: peak.count <= limits.requestsPerMinute,
      detail: `peak ${peak.count} (at most ${limits.requestsPerMinute})`,
    },
    {
      name: 'requests to the provider per minute, on average',
      ok: !judged || perMinute <= limits.autoRefreshRequestsPerMinute,
      detail: `${Math.round(perMinute)} over ${(span / 60_000).toFixed(1)} min (automatic refreshes' share: ${limits.autoRefreshRequestsPerMinute}${judged ? '' : `; judged from ${limits.averageJudgedFromMs / 60_000} min on`})`,
    },
  ];
}

const list = (items: readonly string[]) => (items.length ? `: ${items.slice(0, 5).join(' | ')}${items.length > 5 ? ` … (${items.length})` : ''}` : '');

/** Every check of a soak, in the order the document lists them. */
export function evaluateSoak(f: SoakFigures, limits = SOAK_LIMITS): Check[] {
  return [
    heapCheck(f.baseline, f.end, limits),
    ...resourceChecks(f.baseline, f.end, limits),
    {
      name: 'every wallet listed with its orders, all along',
      ok: f.walletSampleProblems.length === 0 && f.walletSamples > 0,
      detail: `${f.walletSamples} looks at the tree, ${f.walletSampleProblems.length} problems${list(f.walletSampleProblems)}`,
    },
    {
      name: 'last good orders kept through a failed refresh',
      ok: f.lastGoodProblems.length === 0,
      detail: f.lastGoodProblems.length ? list(f.lastGoodProblems).slice(2) : 'same rows, marked stale',
    },
    ...budgetChecks(f, limits),
    {
      name: 'notifications',
      ok: f.notifications.length <= limits.notifications,
      detail: `${f.notifications.length} (at most ${limits.notifications})${list(f.notifications)}`,
    },
    { name: 'progress notifications left at the end', ok: f.progressLeft.length === 0, detail: `${f.progressLeft.length}${list(f.progressLeft)}` },
    { name: 'UI actions that never showed a result', ok: f.stuckActions.length === 0, detail: `${f.stuckActions.length}${list(f.stuckActions)}` },
    {
      name: 'errors of the extension in the extension host log',
      ok: f.extensionErrors.length === 0,
      detail: `${f.extensionErrors.length}${list(f.extensionErrors)}`,
    },
  ];
}
