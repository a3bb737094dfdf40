/**
 * The soak's steps in the workbench and around it: connect and wait for the wallets, look at the tree while
 * measuring, take a checkpoint of the extension host, read the notifications, check the last good orders
 * through a failed refresh, read the logs. `run.ts` puts them in order.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DemoNode } from '../../src/demo/demoNode';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import type { Workbench } from '../ui/workbench';
import type { Actor } from './actor';
import { leastOf, walletProblems, walletRow, type Checkpoint, type ResourceCounts } from './checks';
import type { CountingProxy } from './countingProxy';
import type { Inspector } from './inspector';
import { centerNotifications } from './notifications';

export const VIEW = 'Open Orders';

const LABELS: Record<string, string> = { marketMaker: 'Soak maker', whale: 'Soak whale', empty: 'Soak empty' };
/** The demo's three wallets, as the soak watches them. */
export const WALLETS = DEMO_WALLETS.map((w) => ({ address: w.address, label: LABELS[w.kind] as string, hasOrders: w.kind !== 'empty' }));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...a: unknown[]) => console.log('[soak]', ...a);

/** Set API Key through the palette, the Open Orders view in front, until every wallet shows its orders. */
export async function connect(w: Workbench, apiKey: string): Promise<void> {
  await w.runCommand('Hyperliquid: Set API Key');
  await w.fillInputBox(apiKey);
  await w.waitForNotification('API key saved', 30_000);
  await w.runCommand('Hyperliquid: Focus on Open Orders View');
  await w.treeRowsWhen(VIEW, 'the three wallets with their orders', (rows) => walletProblems(rows, WALLETS).length === 0, 120_000);
}

export interface TreeWatch {
  /** Ends the looking; resolves to how many looks there were and what each found wrong. */
  stop(): Promise<{ samples: number; problems: string[] }>;
}

/** Reads the tree every 2 s: every wallet listed, those with orders showing them (current or stale). */
export function watchTree(w: Workbench, t0: number): TreeWatch {
  const problems: string[] = [];
  let samples = 0;
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const rows = await w.treeRowTexts(VIEW).catch(() => undefined);
      if (rows) {
        samples += 1;
        problems.push(...walletProblems(rows, WALLETS).map((p) => `${((Date.now() - t0) / 1000).toFixed(0)} s: ${p}`));
      }
      await sleep(2_000);
    }
  })();
  return {
    async stop() {
      watching = false;
      await loop;
      return { samples, problems };
    },
  };
}

/** Waits until nothing went to the node for `quietMs` (bounded): an idle host, as at every checkpoint. */
async function providerQuiet(proxy: CountingProxy, quietMs = 3_000, maxMs = 90_000): Promise<void> {
  const end = Date.now() + maxMs;
  while (Date.now() < end && (proxy.inFlight > 0 || Date.now() - proxy.lastActivity < quietMs)) await sleep(250);
}

/**
 * A checkpoint of the extension host with the pages closed and the provider quiet: heap after GC, and
 * the counts as the least of three looks a second apart (a timer or socket that comes and goes is no leak).
 */
export async function checkpoint(label: string, at: { actor: Actor; proxy: CountingProxy; host: Inspector; t0: number }): Promise<Checkpoint> {
  await at.actor.closeEditors();
  await providerQuiet(at.proxy);
  const heapUsed = await at.host.heapUsedAfterGc();
  const looks: ResourceCounts[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) await sleep(1_000);
    looks.push(await at.host.resources(at.proxy.port));
  }
  const c: Checkpoint = { label, atMs: Date.now() - at.t0, heapUsed, resources: leastOf(looks) };
  log(`checkpoint ${label}: heap ${(heapUsed / 1024 / 1024).toFixed(1)} MB, ${JSON.stringify(c.resources)}`);
  return c;
}

/**
 * Every message shown since the key was saved (but the key's own confirmation, which the soak asked for),
 * from the notification center: none was cleared before, and a toast caught while a finished progress
 * notification fades out would look like a message. A progress notification still there, with the pages
 * closed and the provider quiet, is one left behind. Clears them all after reading.
 */
export async function readNotifications(w: Workbench): Promise<{ messages: string[]; progressLeft: string[] }> {
  await w.runCommand('Notifications: Show Notifications').catch(() => undefined);
  await w.page.waitForTimeout(1_000);
  const shown = await centerNotifications(w.page);
  await w.runCommand('Notifications: Clear All Notifications').catch(() => undefined);
  return {
    messages: [...new Set(shown.filter((n) => !n.progress && !n.message.startsWith('API key saved')).map((n) => n.message))],
    progressLeft: shown.filter((n) => n.progress).map((n) => n.message),
  };
}

/**
 * Until the node has been asked every wallet's orders since request number `since` and has answered
 * everything, with nothing asked for `quietMs`: the refresh a command started has run to its end, so the
 * tree read next is that refresh's, not the one before it (a tree that shows no spinner while it refreshes
 * looks settled before the refresh has even begun).
 */
async function refreshAnswered(proxy: CountingProxy, since: number, timeoutMs = 120_000, quietMs = 1_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  const users = new Set(WALLETS.map((x) => x.address.toLowerCase()));
  for (;;) {
    const asked = new Set(proxy.info.slice(since).flatMap((r) => (/^(frontendO|o)penOrders$/.test(r.type) && r.user ? [r.user] : [])));
    const all = [...users].every((u) => asked.has(u));
    if (all && proxy.inFlight === 0 && Date.now() - proxy.lastActivity >= quietMs) return;
    if (Date.now() > end)
      throw new Error(`the refresh did not run to its end at the node (${asked.size} of ${users.size} wallets asked, ${proxy.inFlight} in flight)`);
    await sleep(200);
  }
}

/** A good refresh, then one that fails (HTTP 500 on every info request): the tree's rows after each. */
export async function refreshGoodThenFailing(w: Workbench, node: DemoNode, proxy: CountingProxy): Promise<{ before: string[]; after: string[] }> {
  await refreshAnswered(proxy, 0); // nothing of the soak's own still on its way
  const since = proxy.info.length;
  await w.runCommand('Hyperliquid: Refresh Open Orders');
  await refreshAnswered(proxy, since);
  const before = await w.treeSettled(
    VIEW,
    'every wallet current',
    (rows) => WALLETS.every(({ label }) => walletRow(rows, label)?.stale === false) && walletProblems(rows, WALLETS).length === 0,
    500,
    120_000,
  );
  node.setFaults([{ kind: 'status', status: 500, endpoint: 'info' }]);
  try {
    await w.runCommand('Hyperliquid: Refresh Open Orders');
    const after = await w
      .treeSettled(VIEW, 'every wallet stale', (rows) => WALLETS.every(({ label }) => walletRow(rows, label)?.stale === true), 500, 120_000)
      .catch(async (e: Error) => {
        log(`the failed refresh did not leave every wallet stale: ${e.message.split('\n')[0]}`);
        return w.treeRowTexts(VIEW);
      });
    return { before, after };
  } finally {
    node.clearFaults();
  }
}

/** Every file under `dir` whose name matches. */
function filesUnder(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && name.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The extension's own log (the output channel's file) and the extension host's logs of this run. */
export function readLogs(userDataDir: string): { extension: string; host: string } {
  const logs = path.join(userDataDir, 'logs');
  const readAll = (files: string[]) => files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  return { extension: readAll(filesUnder(logs, /^Hyperliquid Explorer\.log$/)), host: readAll(filesUnder(logs, /exthost\.log$/i)) };
}
