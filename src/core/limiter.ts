/** At most `limit` tasks at once; the rest wait their turn in order. No `vscode` import. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    /** Another limiter every task must also pass (e.g. one across all wallets). */
    private readonly outer?: Limiter,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next in line, so no newcomer can slip in between.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return this.outer ? await this.outer.run(task) : await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * At most `perSecond` tasks started a second, one at a time (an explorer API's own rate: Blockscout 5,
 * Etherscan's free plan 3; docs/FACTS.md#history): each waits for its turn in a `Limiter` of one, then
 * until a `1 / perSecond` gap since the one before has passed. A cancelled wait gives its turn up.
 */
export class RatePacer {
  private readonly one = new Limiter(1);
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.one.run(async () => {
      // A timer may fire a little early: wait again for what is left.
      for (let wait = this.gapLeft(); wait > 0; wait = this.gapLeft()) await pause(Math.ceil(wait), signal);
      // The gap counts from once the task has started (its request sent), not from before: a pause of the
      // thread between the two would otherwise shorten the gap the server sees.
      const started = task();
      this.last = this.now();
      return started;
    });
  }

  private gapLeft(): number {
    return this.last + 1000 / this.perSecond - this.now();
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
