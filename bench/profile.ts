// Where a real-host action's time goes: a V8 CPU profile (the Chrome DevTools Protocol's `Profiler`) of the
// extension host (through its inspector) and of the workbench's renderer (a CDP session on the page),
// taken around one run of the action, reduced to its largest self-time costs. The reduction is pure and
// unit-tested (test/unit/benchProfile.test.ts); bench/userWaits.bench.ts takes the profiles.

/** What `Profiler.stop` answers (the fields used here). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface Cost {
  /** The function and where it is: `name (file:line)`, the file shortened to what names it. */
  what: string;
  /** Self time in the profile, ms. */
  ms: number;
  /** Its share of the profile's busy time (idle left out). */
  share: number;
  /** Whether it is the extension's own code (its bundle's files). */
  ours: boolean;
}

export interface ProfileSummary {
  /** Time sampled, idle left out, ms. */
  busyMs: number;
  /** The part of it in the extension's own code, ms. */
  oursMs: number;
  top: Cost[];
}

/** V8's own entries that are not a function: idle is no cost; the others are (GC, compiling, native). */
const IDLE = '(idle)';

/** The file part of a profile URL, short: from `extensions/<id>/` or `out/`, else the last two path parts. */
export function shortUrl(url: string): string {
  if (!url) return '';
  const clean = url.replace(/[?#].*$/, '');
  const ext = /\/extensions\/[^/]+\/(.+)$/.exec(clean);
  if (ext) return ext[1]!;
  const out = /\/(out|dist)\/(.+)$/.exec(clean);
  if (out) return `${out[1]}/${out[2]}`;
  return clean.split('/').slice(-2).join('/');
}

/**
 * The `n` largest self-time costs of `profile`, by function and place (samples weighed by the time before
 * each: `timeDeltas`), with the busy time and the share in files `isOurs` says are the extension's.
 */
export function topCosts(profile: CpuProfile, n: number, isOurs: (url: string) => boolean): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, { ms: number; ours: boolean }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let busyUs = 0;
  let oursUs = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    // The time up to the next sample is this one's (as DevTools counts); the last gets the one before it.
    const us = Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0);
    if (!node || node.callFrame.functionName === IDLE) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const ours = url !== '' && isOurs(url);
    const file = shortUrl(url);
    const key = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    const entry = self.get(key) ?? { ms: 0, ours };
    entry.ms += us / 1000;
    self.set(key, entry);
    busyUs += us;
    if (ours) oursUs += us;
  }
  const busyMs = busyUs / 1000;
  const top = [...self.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, n)
    .map(([what, { ms, ours }]) => ({ what, ms, share: busyMs > 0 ? ms / busyMs : 0, ours }));
  return { busyMs, oursMs: oursUs / 1000, top };
}

/** One line of the document: busy time, our share, and the largest costs. */
export function describeSummary(where: string, s: ProfileSummary): string {
  const costs = s.top.map((c) => `${c.what}${c.ours ? ' [ours]' : ''} ${c.ms.toFixed(1)} ms (${(c.share * 100).toFixed(0)}%)`).join('; ');
  return `${where}: ${s.busyMs.toFixed(0)} ms busy, ${s.oursMs.toFixed(0)} ms of it in the extension's code; largest: ${costs || 'nothing sampled'}`;
}

/** Something that speaks the DevTools Protocol: the extension host's inspector, or a page's CDP session. */
export interface ProtocolClient {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

/** Runs `action` with the profilers of `clients` on; their profiles when it ends (stopped whatever happened). */
export async function profiled(clients: ProtocolClient[], action: () => Promise<void>): Promise<CpuProfile[]> {
  for (const c of clients) {
    await c.send('Profiler.enable');
    await c.send('Profiler.setSamplingInterval', { interval: 250 });
    await c.send('Profiler.start');
  }
  const stop = () => Promise.all(clients.map(async (c) => ((await c.send('Profiler.stop')) as { profile: CpuProfile }).profile));
  try {
    await action();
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
  return stop();
}
