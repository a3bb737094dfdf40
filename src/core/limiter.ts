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
