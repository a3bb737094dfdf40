// The soak's verdict (test/soak/checks.ts): its thresholds and comparisons, without running a soak.
import * as assert from 'node:assert/strict';
import {
  budgetEffectFromLog,
  burstStarts,
  burstWeights,
  evaluateSoak,
  extensionErrors,
  isOrderRow,
  heapCheck,
  infoWeight,
  lastGoodProblems,
  leastOf,
  median,
  observedIntervalsSeconds,
  peakWindowWeight,
  resourceChecks,
  SOAK_LIMITS,
  walletProblems,
  walletRow,
  budgetChecks,
  peakWindowCount,
  type Checkpoint,
  type InfoRequest,
  type SoakFigures,
} from '../soak/checks';

const MB = 1024 * 1024;
const resources = { timers: 10, sockets: 0, emitterListeners: 400, abortListeners: 0 };
const point = (heapUsed: number, more: Partial<typeof resources> = {}): Checkpoint => ({ label: 'x', atMs: 0, heapUsed, resources: { ...resources, ...more } });
const req = (at: number, type: string, user?: string, dex?: string): InfoRequest => ({ at, type, user, dex });

describe('soak checks', () => {
  it('weighs info requests as Hyperliquid does: light ones 2, userRole 60, the rest 20', () => {
    assert.equal(infoWeight('allMids'), 2);
    assert.equal(infoWeight('orderStatus'), 2);
    assert.equal(infoWeight('userRole'), 60);
    for (const t of ['frontendOpenOrders', 'openOrders', 'meta', 'spotMeta', 'perpDexs']) assert.equal(infoWeight(t), 20, t);
  });

  it('finds the heaviest sliding minute, not the heaviest calendar minute', () => {
    // 30 requests of 20 at 50–59 s and 30 more at 61–70 s: 1,200 in one sliding minute, 600 in each calendar one.
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => req(50_000 + i * 300, 'meta')),
      ...Array.from({ length: 30 }, (_, i) => req(61_000 + i * 300, 'meta')),
    ];
    assert.equal(peakWindowWeight(requests).weight, 1200);
    assert.equal(peakWindowWeight([req(0, 'meta'), req(60_000, 'meta')]).weight, 20, 'a window is [t − 60 s, t]: 60 s apart is two windows');
    assert.equal(peakWindowWeight([]).weight, 0);
  });

  it('judges what reached the provider: any minute within its rate, the average within the automatic share only on a long run (issue 32)', () => {
    const limits = { ...SOAK_LIMITS, requestsPerMinute: 600, autoRefreshRequestsPerMinute: 300 };
    const heavy = Array.from({ length: 601 }, (_, i) => req(i * 90, 'meta')); // 601 in 54 s
    const [peak] = budgetChecks({ requests: heavy, measuredFromMs: 0, measuredToMs: 60_000 }, limits);
    assert.equal(peak!.ok, false, peak!.detail);
    assert.equal(peakWindowCount(heavy).count, 601);
    assert.equal(peakWindowCount([req(0, 'meta'), req(60_000, 'meta')]).count, 1, 'a window is [t − 60 s, t]: 60 s apart is two windows');
    // 350 a minute on average: over the share, judged on a 10-minute run, not on a 1-minute one.
    const steady = Array.from({ length: 3500 }, (_, i) => req(i * (600_000 / 3500), 'meta'));
    assert.equal(budgetChecks({ requests: steady, measuredFromMs: 0, measuredToMs: 600_000 }, limits)[1]!.ok, false);
    assert.equal(budgetChecks({ requests: steady.slice(0, 350), measuredFromMs: 0, measuredToMs: 60_000 }, limits)[1]!.ok, true);
    const light = Array.from({ length: 2500 }, (_, i) => req(i * (600_000 / 2500), 'meta')); // 250 a minute
    assert.deepEqual(
      budgetChecks({ requests: light, measuredFromMs: 0, measuredToMs: 600_000 }, limits).map((c) => c.ok),
      [true, true],
    );
  });

  it('allows the heap 10 MB of growth after GC, not more', () => {
    assert.equal(heapCheck(point(80 * MB), point(90 * MB)).ok, true);
    assert.equal(heapCheck(point(80 * MB), point(90 * MB + 1)).ok, false);
    assert.equal(heapCheck(point(80 * MB), point(70 * MB)).ok, true, 'shrinking is fine');
    assert.match(heapCheck(point(80 * MB), point(85 * MB)).detail, /80\.0 MB → 85\.0 MB \(\+5\.0 MB; at most \+10\.0 MB\)/);
  });

  it('allows timers, sockets and listeners their slack over the start, not more', () => {
    const { timers, sockets, emitterListeners, abortListeners } = SOAK_LIMITS.resourceSlack;
    const within = resourceChecks(point(0), point(0, { timers: 10 + timers, sockets: sockets, emitterListeners: 400 + emitterListeners, abortListeners }));
    assert.deepEqual(
      within.map((c) => c.ok),
      [true, true, true, true],
    );
    for (const [k, v] of Object.entries({
      timers: 11 + timers,
      sockets: sockets + 1,
      emitterListeners: 401 + emitterListeners,
      abortListeners: abortListeners + 1,
    })) {
      const grown = resourceChecks(point(0), point(0, { [k]: v }));
      assert.deepEqual(grown.map((c) => c.ok).filter((ok) => !ok).length, 1, `${k} grown by one over its slack fails`);
    }
  });

  it('takes each count’s least value over several looks', () => {
    assert.deepEqual(
      leastOf([
        { timers: 9, sockets: 1, emitterListeners: 90, abortListeners: 0 },
        { timers: 7, sockets: 0, emitterListeners: 95, abortListeners: 1 },
      ]),
      { timers: 7, sockets: 0, emitterListeners: 90, abortListeners: 0 },
    );
  });

  it('reads a wallet row: its count (with thousands separators) and whether it is stale', () => {
    const rows = ['Soak maker 52 orders', 'Perps (24)', 'Soak whale 5,000 orders · stale · 16:02:03', 'Soak empty 0 orders', 'Soak one 1 order'];
    assert.deepEqual(walletRow(rows, 'Soak maker'), { orders: 52, stale: false });
    assert.deepEqual(walletRow(rows, 'Soak whale'), { orders: 5000, stale: true });
    assert.deepEqual(walletRow(rows, 'Soak empty'), { orders: 0, stale: false });
    assert.deepEqual(walletRow(rows, 'Soak one'), { orders: 1, stale: false });
    assert.equal(walletRow(rows, 'Soak gone'), undefined);
    assert.deepEqual(walletRow(['Soak maker loading…'], 'Soak maker'), { orders: undefined, stale: false });
  });

  it('says which wallet is missing or lost its orders', () => {
    const wallets = [
      { label: 'Soak maker', hasOrders: true },
      { label: 'Soak whale', hasOrders: true },
      { label: 'Soak empty', hasOrders: false },
    ];
    assert.deepEqual(walletProblems(['Soak maker 52 orders', 'Soak whale 5,000 orders · stale · 16:02:03', 'Soak empty 0 orders'], wallets), []);
    assert.deepEqual(walletProblems(['Soak maker 0 orders', 'Soak empty 0 orders'], wallets), [
      'Soak maker: no orders shown (Soak maker 0 orders)',
      'Soak whale: not listed',
    ]);
  });

  it('tells order rows from wallet, group and message rows', () => {
    assert.ok(isOrderRow('HYPE 40 @ 37.5 · 1,500 USDC · +1.2% from mid'));
    assert.ok(isOrderRow('BTC Stop Market · 0.25 · trigger ≤ 96,000 · 24,000 USDC'));
    for (const r of ['Soak maker 52 orders', 'Perps (24)', 'outage server error (HTTP 500) · select to retry', 'Gone since last refresh (3)'])
      assert.ok(!isOrderRow(r), r);
  });

  it('checks the last good orders: same count and rows, every wallet stale', () => {
    const labels = ['Soak maker', 'Soak empty'];
    const btc = 'BTC 1 @ 100 · 100 USDC';
    const eth = 'ETH 2 @ 3 · 6 USDC';
    const before = ['Soak maker 2 orders', btc, eth, 'Soak empty 0 orders'];
    const after = ['Soak maker 2 orders · stale · 16:00:00', btc, eth, 'Soak empty 0 orders · stale · 16:00:00'];
    assert.deepEqual(lastGoodProblems({ before, after, labels }), []);
    const lost = ['Soak maker 1 order · stale · 16:00:00', btc, 'Soak empty 0 orders'];
    assert.deepEqual(lastGoodProblems({ before, after: lost, labels }), [
      'Soak maker: 2 orders before, 1 after',
      'Soak empty: not marked stale after the failed refresh',
      `order rows changed: 1 gone (${eth}), 0 new ()`,
    ]);
  });

  it('finds our extension’s errors in the extension host log, with their stacks, and nobody else’s', () => {
    const log = [
      '2026-11-25 16:00:00.000 [info] ExtensionService#_doActivateExtension hyperliquid-explorer.hyperliquid-explorer',
      '2026-11-25 16:00:01.000 [error] TypeError: x is undefined',
      '    at f (/ext/hyperliquid-explorer.hyperliquid-explorer-0.1.0/dist/extension.js:1:2)',
      '2026-11-25 16:00:02.000 [error] vscode.git: no repository',
      '2026-11-25 16:00:03.000 [warning] unhandled promise rejection in hyperliquid-explorer',
    ].join('\n');
    const found = extensionErrors(log);
    assert.equal(found.length, 2);
    assert.match(found[0]!, /TypeError: x is undefined\n.*dist\/extension\.js/);
    assert.match(found[1]!, /unhandled promise rejection/);
  });

  it('reads the budget’s stretch or pause from the extension’s log, the last one winning', () => {
    assert.deepEqual(budgetEffectFromLog('2026-11-25 [info] API key saved'), { kind: 'none' });
    const log = [
      '2026-11-25 16:00:01.000 [warning] Automatic refresh every 5 s would exceed the request-weight budget (weight 262 per refresh); refreshing every 27 s instead.',
      '2026-11-25 16:00:30.000 [warning] Automatic refresh every 5 s would exceed the request-weight budget (weight 250 per refresh); refreshing every 25 s instead.',
    ].join('\n');
    assert.deepEqual(budgetEffectFromLog(log), { kind: 'stretched', fromSeconds: 5, toSeconds: 25, weight: 250, steps: [27, 25] });
    assert.deepEqual(
      budgetEffectFromLog(`${log}\n[warning] Automatic refresh paused: one refresh weighs 700, more than the 600 per minute automatic refreshes may spend.`),
      { kind: 'paused', weight: 700 },
    );
  });

  it('measures the refresh interval at the node: bursts of one wallet’s requests on one dex', () => {
    assert.deepEqual(burstStarts([0, 500, 1_000, 26_000, 26_400, 53_000], 2_000), [0, 26_000, 53_000]);
    const whale = '0xc99e';
    const requests = [
      req(0, 'frontendOpenOrders', whale, ''),
      req(300, 'frontendOpenOrders', whale, ''),
      req(10, 'frontendOpenOrders', whale, 'xyz'),
      req(26_000, 'frontendOpenOrders', whale, ''),
      req(26_100, 'meta'),
      req(52_500, 'openOrders', whale, ''),
    ];
    assert.deepEqual(observedIntervalsSeconds(requests, whale, ''), [26, 26.5]);
    assert.deepEqual(
      burstWeights([req(0, 'meta'), req(4_000, 'allMids'), req(30_000, 'openOrders'), req(30_100, 'orderStatus')]),
      [22, 22],
      'requests under 5 s apart are one refresh',
    );
    assert.deepEqual(burstWeights([]), []);
    assert.equal(median([26, 26.5, 30]), 26.5);
    assert.equal(median([1, 2]), 1.5);
    assert.equal(median([]), undefined);
  });

  it('passes a clean soak and names each failed check', () => {
    const clean: SoakFigures = {
      durationMs: 60_000,
      baseline: point(80 * MB),
      end: point(82 * MB),
      requests: [req(1_000, 'frontendOpenOrders')],
      measuredFromMs: 0,
      measuredToMs: 60_000,
      walletSampleProblems: [],
      walletSamples: 12,
      lastGoodProblems: [],
      notifications: ['Refreshing every 5 s would exceed…'],
      progressLeft: [],
      stuckActions: [],
      extensionErrors: [],
    };
    assert.deepEqual(
      evaluateSoak(clean).filter((c) => !c.ok),
      [],
    );
    const failed = evaluateSoak({
      ...clean,
      end: point(95 * MB, { timers: 40 }),
      notifications: ['a', 'b', 'c', 'd'],
      progressLeft: ['Loading block 19,999,000…'],
      stuckActions: ['block 19999000'],
      walletSamples: 0,
    }).filter((c) => !c.ok);
    assert.deepEqual(
      failed.map((c) => c.name),
      [
        'extension host heap after GC',
        'timers',
        'every wallet listed with its orders, all along',
        'notifications',
        'progress notifications left at the end',
        'UI actions that never showed a result',
      ],
    );
  });
});
