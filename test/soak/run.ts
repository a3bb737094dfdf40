// `npm run soak`: a long run that must lose nothing. The packaged extension in code-server, driven in
// Chromium, watches three wallets with auto-refresh on, against the demo node injecting 429s, 500s, resets,
// slow, malformed and cut answers, while a script opens and closes block and transaction pages and hovers.
// At the end: the extension host's heap after GC, its timers, sockets and listeners against the start, every
// wallet still listed with its last good orders, the request weight spent, and the notifications shown.
//
//   npm run soak                        10 minutes (measured, after a warm-up round)
//   npm run soak -- --minutes 30        or HLX_SOAK_MINUTES=30
//   npm run test:soak                   1 minute (part of npm test)
//   HLX_SEED=n                          another fault sequence (default fixed)
//
// The extension host runs with an inspector (code-server's `inspect-extensions`), read over the Chrome
// DevTools Protocol (inspector.ts); the node's side counts the weight through a proxy (countingProxy.ts).
// The figures go into docs/RELIABILITY.md, section "Soak" (report.ts); the verdict is checks.ts.
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
  median,
  extensionErrors,
  lastGoodProblems,
  observedIntervalsSeconds,
  peakWindowWeight,
  walletProblems,
  walletRow,
  weightBetween,
  leastOf,
  type Checkpoint,
  type ResourceCounts,
} from './checks';
import { startCountingProxy, type CountingProxy } from './countingProxy';
import { startFaultSchedule } from './faultSchedule';
import { Inspector } from './inspector';
import { centerNotifications } from './notifications';
import { printRecord, writeRecord } from './report';

const VIEW = 'Open Orders';
const DEFAULT_MINUTES = 10;
const DEFAULT_SEED = 20_261_125;
/** The shortest interval the extension takes (settings.ts reads anything from 0 to 5 as 5). */
const AUTO_REFRESH_SECONDS = 5;

const LABELS: Record<string, string> = { marketMaker: 'Soak maker', whale: 'Soak whale', empty: 'Soak empty' };
const WALLETS = DEMO_WALLETS.map((w) => ({ address: w.address, label: LABELS[w.kind] as string, hasOrders: w.kind !== 'empty' }));
const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;

const log = (...a: unknown[]) => console.log('[soak]', ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `--minutes N`, else HLX_SOAK_MINUTES, else 10. */
function chooseMinutes(argv: string[], env: NodeJS.ProcessEnv): number {
  const i = argv.indexOf('--minutes');
  const asked = i >= 0 ? argv[i + 1] : env.HLX_SOAK_MINUTES;
  if (asked === undefined || asked === '') return DEFAULT_MINUTES;
  const n = Number(asked);
  if (!Number.isFinite(n) || n <= 0 || n > 24 * 60) throw new Error(`minutes must be a number above 0 (at most a day), not ${JSON.stringify(asked)}`);
  return n;
}

/** Waits until nothing went to the node for `quietMs` (bounded): an idle host, as at every checkpoint. */
async function providerQuiet(proxy: CountingProxy, quietMs = 3_000, maxMs = 90_000): Promise<void> {
  const end = Date.now() + maxMs;
  while (Date.now() < end && (proxy.inFlight > 0 || Date.now() - proxy.lastActivity < quietMs)) await sleep(250);
}

/** Every file under `dir` whose name matches. */
function filesUnder(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && name.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const readAll = (files: string[]) => files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');

runMain('soak', async () => {
  const minutes = chooseMinutes(process.argv.slice(2), process.env);
  const seed = process.env.HLX_SEED ? Number(process.env.HLX_SEED) : DEFAULT_SEED;
  const t0 = Date.now();
  const loadBefore = os.loadavg();
  log(`${minutes} min measured, fault seed ${seed}; load average ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`);
  await ensureHost();
  const ownVsix = process.env.HLX_VSIX ? undefined : await packageVsix();
  process.env.HLX_VSIX ||= ownVsix;

  const node = await startDemoNode({ control: true });
  const proxy = await startCountingProxy(node.baseUrl, t0);
  const inspectPort = await freePort();
  let wb: Workbench | undefined;
  let inspector: Inspector | undefined;
  try {
    wb = await Workbench.open({
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
    const w = wb;
    inspector = await Inspector.connect(inspectPort);
    const host = inspector;
    const hostNode = String(await host.value('process.version'));
    log(`extension host inspector on port ${inspectPort} (Node ${hostNode})`);

    // A watcher of the tree, once measuring. (The messages are read from the notification center at the
    // end: none is cleared until then, and a toast caught while a finished progress notification fades out
    // looks like a message.)
    const sampleProblems: string[] = [];
    let samples = 0;
    let measuring = false;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        if (measuring) {
          const rows = await w.treeRowTexts(VIEW).catch(() => undefined);
          if (rows) {
            samples += 1;
            sampleProblems.push(...walletProblems(rows, WALLETS).map((p) => `${((Date.now() - t0) / 1000).toFixed(0)} s: ${p}`));
          }
        }
        await sleep(2_000);
      }
    })();

    await w.runCommand('Hyperliquid: Set API Key');
    await w.fillInputBox(node.apiKey);
    await w.waitForNotification('API key saved', 30_000);
    await w.runCommand('Hyperliquid: Focus on Open Orders View');
    await w.treeRowsWhen(VIEW, 'the three wallets with their orders', (rows) => walletProblems(rows, WALLETS).length === 0, 120_000);
    log(`wallets loaded after ${seconds(t0)}`);
    const faults = startFaultSchedule(node, seed);

    const actor = new Actor(w);
    const checkpoints: Checkpoint[] = [];
    const checkpoint = async (label: string): Promise<Checkpoint> => {
      await actor.closeEditors();
      await providerQuiet(proxy);
      const heapUsed = await host.heapUsedAfterGc();
      // The least of three looks a second apart: a timer or socket that comes and goes is no leak.
      const looks: ResourceCounts[] = [];
      for (let i = 0; i < 3; i++) {
        if (i) await sleep(1_000);
        looks.push(await host.resources(proxy.port));
      }
      const c: Checkpoint = { label, atMs: Date.now() - t0, heapUsed, resources: leastOf(looks) };
      checkpoints.push(c);
      log(`checkpoint ${label}: heap ${(heapUsed / 1024 / 1024).toFixed(1)} MB, ${JSON.stringify(c.resources)}`);
      return c;
    };

    await actor.playRound(); // warm-up: every kind of page and hover once, the caches in use
    const baseline = await checkpoint('start');
    const measuredFromMs = Date.now() - t0;
    const outcomesBefore = { ...proxy.outcomes };
    const measureMs = minutes * 60_000;
    const every = Math.max(2.5 * 60_000, measureMs / 4);
    let next = every;
    measuring = true;
    while (Date.now() - t0 - measuredFromMs < measureMs) {
      await actor.playRound();
      const elapsed = Date.now() - t0 - measuredFromMs;
      if (elapsed >= next && elapsed < measureMs) {
        await checkpoint(`${(elapsed / 60_000).toFixed(1)} min`);
        next += every;
      }
    }
    measuring = false;
    const measuredToMs = Date.now() - t0;
    const outcomes = Object.fromEntries(
      Object.entries(proxy.outcomes)
        .map(([k, n]) => [k, n - (outcomesBefore[k] ?? 0)])
        .filter(([, n]) => Number(n) > 0),
    );
    faults.stop();
    const end = await checkpoint('end');
    watching = false;
    await watcher;

    // Every message shown since the key was saved (but the key's own confirmation, which the soak asked
    // for) is in the notification center. A progress notification still there, with the pages closed and
    // the provider quiet, is one left behind.
    await w.runCommand('Notifications: Show Notifications').catch(() => undefined);
    await w.page.waitForTimeout(1_000);
    const atEnd = await centerNotifications(w.page);
    const notifications = [...new Set(atEnd.filter((n) => !n.progress && !n.message.startsWith('API key saved')).map((n) => n.message))];
    const progressLeft = atEnd.filter((n) => n.progress).map((n) => n.message);
    await w.runCommand('Notifications: Clear All Notifications').catch(() => undefined);

    // The last good orders: a good refresh, then one that fails; every wallet keeps the same rows, stale.
    await w.runCommand('Hyperliquid: Refresh Open Orders');
    const before = await w.treeSettled(
      VIEW,
      'every wallet current',
      (rows) => WALLETS.every(({ label }) => walletRow(rows, label)?.stale === false) && walletProblems(rows, WALLETS).length === 0,
      500,
      120_000,
    );
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info' }]);
    await w.runCommand('Hyperliquid: Refresh Open Orders');
    const after = await w
      .treeSettled(VIEW, 'every wallet stale', (rows) => WALLETS.every(({ label }) => walletRow(rows, label)?.stale === true), 500, 120_000)
      .catch(async (e: Error) => {
        log(`the failed refresh did not leave every wallet stale: ${e.message.split('\n')[0]}`);
        return w.treeRowTexts(VIEW);
      });
    node.clearFaults();

    const userData = w.server.userDataDir;
    const extensionLog = readAll(filesUnder(path.join(userData, 'logs'), /^Hyperliquid Explorer\.log$/));
    const hostLog = readAll(filesUnder(path.join(userData, 'logs'), /exthost\.log$/i));
    const figures = {
      durationMs: measuredToMs - measuredFromMs,
      baseline,
      end,
      requests: proxy.info,
      measuredFromMs,
      measuredToMs,
      walletSampleProblems: sampleProblems,
      walletSamples: samples,
      lastGoodProblems: lastGoodProblems({ before, after, labels: WALLETS.map((x) => x.label) }),
      notifications,
      progressLeft,
      stuckActions: actor.figures.stuck,
      extensionErrors: extensionErrors(hostLog),
    };
    const checks = evaluateSoak(figures);
    const untilEnd = proxy.info.filter((r) => r.at < measuredToMs);
    const measured = untilEnd.filter((r) => r.at >= measuredFromMs);
    const record = {
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
      budget: budgetEffectFromLog(extensionLog),
      autoRefreshSetting: AUTO_REFRESH_SECONDS,
      observedIntervals: observedIntervalsSeconds(measured, whale.address, ''),
      weight: {
        total: weightBetween(measured, measuredFromMs, measuredToMs),
        perMinute: (weightBetween(measured, measuredFromMs, measuredToMs) * 60_000) / (measuredToMs - measuredFromMs),
        peakMinute: peakWindowWeight(untilEnd).weight,
        requests: measured.length,
        perRefresh: median(burstWeights(measured)),
      },
      outcomes,
      evmRequests: proxy.evmRequests,
      actor: actor.figures,
    };
    printRecord(record);
    writeRecord(record, minutes >= DEFAULT_MINUTES ? 'long' : 'short');
    const passed = checks.every((c) => c.ok);
    log(`${passed ? 'passed' : 'FAILED'} after ${seconds(t0)}`);
    return passed ? 0 : 1;
  } finally {
    inspector?.close();
    await wb?.close();
    await proxy.close();
    await node.close();
    if (ownVsix) fs.rmSync(path.dirname(ownVsix), { recursive: true, force: true });
  }
});
