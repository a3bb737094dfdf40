/**
 * Follow latest on the block page: each new block number offered is drawn (fetched, then shown), the
 * newest only, one draw at a time and at most one per `minGapMs`, so a flood of heads costs a few draws
 * a second and never a queue. Pure: the page hands in how a block is drawn.
 */
export interface FollowOptions {
  /** Fetches and shows block `n`; rejects when it could not. */
  draw(n: number): Promise<void>;
  /** At least this long between the starts of two draws. */
  minGapMs?: number;
  /** A draw failed: the next head tries again. */
  failed?(n: number, e: unknown): void;
  now?: () => number;
}

/** A few redraws a second at most. */
export const FOLLOW_MIN_GAP_MS = 300;

export class Follow {
  private wanted: number | undefined;
  private shown: number | undefined;
  private busy = false;
  private lastStart = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;
  private readonly gap: number;
  /** Draws started so far. */
  draws = 0;

  constructor(
    private readonly o: FollowOptions,
    /** The block on show when following starts: only newer ones are drawn. */
    shownNow?: number,
  ) {
    this.now = o.now ?? Date.now;
    this.gap = o.minGapMs ?? FOLLOW_MIN_GAP_MS;
    this.shown = shownNow;
  }

  /** A newer head: drawn when the draw before is done and the gap has passed (a newer offer replaces it). */
  offer(n: number): void {
    if (this.stopped || (this.shown !== undefined && n <= this.shown) || (this.wanted !== undefined && n <= this.wanted)) return;
    this.wanted = n;
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private pump(): void {
    if (this.stopped || this.busy || this.timer || this.wanted === undefined) return;
    const wait = this.lastStart + this.gap - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, wait);
      return;
    }
    const n = this.wanted;
    this.wanted = undefined;
    this.busy = true;
    this.lastStart = this.now();
    this.draws += 1;
    this.o
      .draw(n)
      .then(
        () => {
          if (this.shown === undefined || n > this.shown) this.shown = n;
        },
        (e: unknown) => this.o.failed?.(n, e),
      )
      .finally(() => {
        this.busy = false;
        if (this.wanted !== undefined && this.shown !== undefined && this.wanted <= this.shown) this.wanted = undefined;
        this.pump();
      });
  }
}
