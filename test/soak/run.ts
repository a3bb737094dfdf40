// `npm run soak`: a long run that must lose nothing. The packaged extension in code-server, driven in
// Chromium, watches three wallets with auto-refresh on, against the demo node injecting 429s, 500s, resets,
// slow, malformed and cut answers, while a script opens and closes block and transaction pages and hovers.
// At the end: the extension host's heap after GC, its timers, sockets and listeners against the start, every
// wallet still listed with its last good orders, the request weight spent, and the notifications shown.
//
//   npm run soak                        10 minutes (measured, after a warm-up round)
//   npm run soak -- --minutes 30        or HLX_SOAK_MINUTES=30
//   npm run test:soak                   1 minute (part of npm test); prints its figures, writes no file
//   … -- --record                       a run shorter than 10 minutes writes its figures too
//   HLX_SEED=n                          another fault sequence (default fixed)
//
// The extension host runs with an inspector (code-server's `inspect-extensions`), read over the Chrome
// DevTools Protocol (inspector.ts); the node's side counts the weight through a proxy (countingProxy.ts).
// The steps are steps.ts, the verdict checks.ts; the figures of a 10-minute run (or one with --record) go
// into docs/RELIABILITY.md, section "Soak" (report.ts), so that `npm test` leaves the work tree as it was.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startDemoNode } from '../../src/demo/demoNode';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { freePort } from '../host/codeServer';
import { seconds } from '../host/config';
import { packageVsix } from '../host/build';
import { ensureHost } from '../host/install';
import { runMain } from '../host/runner';
import { Workbench } from '../ui/workbench';
import { Actor, HOVER_FILE, HOVER_FILE_TEXT } from './actor';
import {
  budgetEffectFromLog,
  burstWeights,
  evaluateSoak,
  extensionErrors,
  lastGoodProblems,
  median,
  observedIntervalsSeconds,
  peakWindowWeight,
  weightBetween,
  type Checkpoint,
  type SoakFigures,
} from './checks';
import { startCountingProxy, type CountingProxy } from './countingProxy';
import { startFaultSchedule } from './faultSchedule';
import { Inspector } from './inspector';
import { printRecord, writeRecord, type SoakRecord } from './report';
import { checkpoint, connect, readLogs, readNotifications, refreshGoodThenFailing, WALLETS, watchTree } from './steps';

const DEFAULT_MINUTES = 10;
const DEFAULT_SEED = 20_261_125;
/** The shortest interval the extension takes (settings.ts reads anything from 0 to 5 as 5). */
const AUTO_REFRESH_SECONDS = 5;
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;

const log = (...a: unknown[]) => console.log('[soak]', ...a);

/** `--minutes N`, else HLX_SOAK_MINUTES, else 10. */
function chooseMinutes(argv: string[], env: NodeJS.ProcessEnv): number {
  const i = argv.indexOf('--minutes');
  const asked = i >= 0 ? argv[i + 1] : env.HLX_SOAK_MINUTES;
  if (asked === undefined || asked === '') return DEFAULT_MINUTES;
  const n = Number(asked);
  if (!Number.isFinite(n) || n <= 0 || n > 24 * 60) throw new Error(`minutes must be a number above 0 (at most a day), not ${JSON.stringify(asked)}`);
  return n;
}

function chooseSeed(env: NodeJS.ProcessEnv): number {
  if (!env.HLX_SEED) return DEFAULT_SEED;
  const n = Number(env.HLX_SEED);
  if (!Number.isSafeInteger(n)) throw new Error(`HLX_SEED must be an integer, not ${JSON.stringify(env.HLX_SEED)}`);
  return n;
}

/** The packaged extension in code-server, on the proxy, three wallets at 5 s, its host with an inspector. */
function openWorkbench(proxy: CountingProxy, inspectPort: number): Promise<Workbench> {
  return Workbench.open({
    name: 'soak',
    viewport: { width: 1400, height: 2400 },
    files: { [HOVER_FILE]: HOVER_FILE_TEXT },
    settings: {
      'hyperliquidExplorer.baseUrl': proxy.baseUrl,
      'hyperliquidExplorer.autoRefreshSeconds': AUTO_REFRESH_SECONDS,
      'hyperliquidExplorer.wallets': WALLETS.map(({ address, label }) => ({ address, label, dexes: ['xyz', 'flx'] })),
      // code-server offers to forward ports processes open (its own notification): not the extension's.
      'remote.autoForwardPorts': false,
    },
    payload: [['inspect-extensions', String(inspectPort)]],
  });
}

/** What reached the node in the measured part, by outcome: the counts now less those at its start. */
function outcomesSince(proxy: CountingProxy, before: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(proxy.outcomes)
      .map(([k, n]) => [k, n - (before[k] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
}

/** Rounds of the actor for `minutes`, with a checkpoint every quarter (at least 2.5 minutes apart). */
async function measure(minutes: number, actor: Actor, take: (label: string) => Promise<Checkpoint>): Promise<void> {
  const from = Date.now();
  const measureMs = minutes * 60_000;
  const every = Math.max(2.5 * 60_000, measureMs / 4);
  let next = every;
  while (Date.now() - from < measureMs) {
    await actor.playRound();
    const elapsed = Date.now() - from;
    if (elapsed >= next && elapsed < measureMs) {
      await take(`${(elapsed / 60_000).toFixed(1)} min`);
      next += every;
    }
  }
}

runMain('soak', async () => {
  const minutes = chooseMinutes(process.argv.slice(2), process.env);
  const seed = chooseSeed(process.env);
  const t0 = Date.now();
  const loadBefore = os.loadavg();
  log(`${minutes} min measured, fault seed ${seed}; load average ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`);
  await ensureHost();
  const ownVsix = process.env.HLX_VSIX ? undefined : await packageVsix();
  process.env.HLX_VSIX ||= ownVsix;

  const node = await startDemoNode({ control: true });
  const proxy = await startCountingProxy(node.baseUrl, t0);
  const inspectPort = await freePort();
  let w: Workbench | undefined;
  let host: Inspector | undefined;
  try {
    w = await openWorkbench(proxy, inspectPort);
    host = await Inspector.connect(inspectPort);
    const hostNode = String(await host.value('process.version'));
    log(`extension host inspector on port ${inspectPort} (Node ${hostNode})`);
    await connect(w, node.apiKey);
    log(`wallets loaded after ${seconds(t0)}`);

    const faults = startFaultSchedule(node, seed);
    const actor = new Actor(w);
    const checkpoints: Checkpoint[] = [];
    const at = { actor, proxy, host, t0 };
    const take = async (label: string) => {
      const c = await checkpoint(label, at);
      checkpoints.push(c);
      return c;
    };
    await actor.playRound(); // warm-up: every kind of page and hover once, the caches in use
    const baseline = await take('start');
    const measuredFromMs = Date.now() - t0;
    const outcomesBefore = { ...proxy.outcomes };
    const tree = watchTree(w, t0);
    await measure(minutes, actor, take);
    const measuredToMs = Date.now() - t0;
    const outcomes = outcomesSince(proxy, outcomesBefore);
    const looked = await tree.stop();
    faults.stop();
    const end = await take('end');

    const notifications = await readNotifications(w);
    const { before, after } = await refreshGoodThenFailing(w, node, proxy);
    const logs = readLogs(w.server.userDataDir);
    const figures: SoakFigures = {
      durationMs: measuredToMs - measuredFromMs,
      baseline,
      end,
      requests: proxy.info,
      measuredFromMs,
      measuredToMs,
      walletSampleProblems: looked.problems,
      walletSamples: looked.samples,
      lastGoodProblems: lastGoodProblems({ before, after, labels: WALLETS.map((x) => x.label) }),
      notifications: notifications.messages,
      progressLeft: notifications.progressLeft,
      stuckActions: actor.figures.stuck,
      extensionErrors: extensionErrors(logs.host),
    };
    const checks = evaluateSoak(figures);
    const untilEnd = proxy.info.filter((r) => r.at < measuredToMs);
    const measured = untilEnd.filter((r) => r.at >= measuredFromMs);
    const measuredWeight = weightBetween(measured, measuredFromMs, measuredToMs);
    const record: SoakRecord = {
      minutes,
      endedAt: new Date(),
      wallMs: Date.now() - t0,
      measuredMs: measuredToMs - measuredFromMs,
      loadBefore,
      loadAfter: os.loadavg(),
      seed,
      hostNode,
      checks,
      checkpoints,
      budget: budgetEffectFromLog(logs.extension),
      autoRefreshSetting: AUTO_REFRESH_SECONDS,
      observedIntervals: observedIntervalsSeconds(measured, whale.address, ''),
      weight: {
        total: measuredWeight,
        perMinute: (measuredWeight * 60_000) / (measuredToMs - measuredFromMs),
        peakMinute: peakWindowWeight(untilEnd).weight,
        requests: measured.length,
        perRefresh: median(burstWeights(measured)),
      },
      outcomes,
      evmRequests: proxy.evmRequests,
      actor: actor.figures,
    };
    printRecord(record);
    if (minutes >= DEFAULT_MINUTES) writeRecord(record, 'long');
    else if (process.argv.includes('--record')) writeRecord(record, 'short');
    const passed = checks.every((c) => c.ok);
    log(`${passed ? 'passed' : 'FAILED'} after ${seconds(t0)}`);
    return passed ? 0 : 1;
  } finally {
    host?.close();
    await w?.close();
    await proxy.close();
    await node.close();
    if (ownVsix) fs.rmSync(path.dirname(ownVsix), { recursive: true, force: true });
  }
});
