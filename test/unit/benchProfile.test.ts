// The bench's reduction of a CPU profile to its largest costs (bench/profile.ts), on a profile built by
// hand with known self times, and on a real one V8 takes of a busy function here.
import * as assert from 'node:assert/strict';
import { Session } from 'node:inspector/promises';
import { describeSummary, shortUrl, topCosts, type CpuProfile } from '../../bench/profile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('bench: the largest costs of a CPU profile', () => {
  const EXT = 'file:///home/u/.vscode-test/extensions/hyperliquid.hyperliquid-explorer-0.1.0/dist/chunks/orders.js';
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('toView', EXT, 41) },
      { id: 4, callFrame: frame('render', 'vscode-file://vscode-app/out/vs/workbench/workbench.js', 9) },
      { id: 5, callFrame: frame('(garbage collector)') },
    ],
    // timeDeltas[i] is the time from sample i-1 to sample i: a sample's own time is the next delta
    samples: [2, 3, 4, 5, 3],
    timeDeltas: [0, 2_000, 3_000, 1_000, 4_000],
  };

  it('weighs each sample by the time up to the next, leaves idle out and marks the extension’s own files', () => {
    const s = topCosts(profile, 3, (url) => url.includes('hyperliquid-explorer'));
    // idle 2 ms (left out), toView 3 ms, render 1 ms, GC 4 ms, toView again: the last sample, given the delta before it (4 ms)
    assert.deepEqual(
      s.top.map((c) => [c.what, c.ms, c.ours]),
      [
        ['toView (dist/chunks/orders.js:42)', 7, true],
        ['(garbage collector)', 4, false],
        ['render (out/vs/workbench/workbench.js:10)', 1, false],
      ],
    );
    assert.equal(s.busyMs, 12);
    assert.equal(s.oursMs, 7);
    assert.match(
      describeSummary('extension host', s),
      /^extension host: 12 ms busy, 7 ms of it in the extension's code; largest: toView .*\[ours\] 7\.0 ms \(58%\); \(garbage collector\) 4\.0 ms \(33%\); render/,
    );
  });

  it('shortens URLs to what names the file', () => {
    assert.equal(shortUrl(EXT), 'dist/chunks/orders.js');
    assert.equal(shortUrl('vscode-file://vscode-app/a/b/out/vs/base/common/event.js?x=1'), 'out/vs/base/common/event.js');
    assert.equal(shortUrl('node:internal/streams/readable'), 'streams/readable');
    assert.equal(shortUrl(''), '');
  });

  it('finds a busy function in a real V8 profile of this process', async function () {
    const session = new Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      const end = performance.now() + 150;
      let x = 0;
      function spinForTheProfiler(): void {
        while (performance.now() < end) x += Math.sqrt(x + 1);
      }
      spinForTheProfiler();
      const { profile: real } = await session.post('Profiler.stop');
      const s = topCosts(real as CpuProfile, 3, (url) => url.includes('benchProfile'));
      assert.ok(s.busyMs >= 100, `busy ${s.busyMs} ms`);
      assert.ok(
        s.top.some((c) => c.what.startsWith('spinForTheProfiler') && c.ours),
        JSON.stringify(s.top),
      );
    } finally {
      session.disconnect();
    }
  });
});
