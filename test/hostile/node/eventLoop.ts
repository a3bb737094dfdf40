/**
 * The longest time this process's event loop was held while something ran: what a user would feel as
 * VS Code's extension host frozen, since the demo node and the clients run in it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Generous against a loaded machine (2 shared cores): what is tested is that nothing holds it for seconds. */
export const EVENT_LOOP_LIMIT_MS = 250;

/** Runs `work` and returns its result with the longest block of the event loop meanwhile, in ms. */
export async function longestBlock<T>(work: () => Promise<T>): Promise<{ value: T; blockedMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  // Ticks so that a block shows up even when nothing else is scheduled.
  const ticker = setInterval(() => undefined, 5);
  histogram.enable();
  try {
    const value = await work();
    await new Promise((r) => setTimeout(r, 20)); // a block at the very end is sampled too
    return { value, blockedMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
    clearInterval(ticker);
  }
}
