/**
 * When the Open Orders view refreshes by itself: every `autoRefreshSeconds` while the view is visible
 * and connected, never at 0, slower when the provider rate-limits or the weight budget asks it, and not
 * at all (paused) when one refresh alone weighs more than automatic refreshes may spend in a minute. No
 * `vscode` import: the view tells it what changed (`update`) and it calls `run`.
 */
import { ProviderError } from '../core/errors';
import { WEIGHT_PER_MINUTE } from '../core/infoWeights';
import { AUTO_REFRESH_ALLOWANCE, AUTO_REFRESH_BUDGET_SHARE } from './requestTally';

export { AUTO_REFRESH_BUDGET_SHARE, WEIGHT_PER_MINUTE };

/** Seconds between refreshes after a 429 without Retry-After can grow up to this. */
export const MAX_AUTO_REFRESH_SECONDS = 3600;

/**
 * Seconds until the next automatic refresh. A 429 waits at least what `Retry-After` asks, otherwise
 * doubles the last wait (up to an hour); any other outcome returns to the interval.
 */
export function nextAutoRefreshSeconds(intervalSeconds: number, error: unknown, previousSeconds: number): number {
  if (!isRateLimited(error)) return intervalSeconds;
  if (error.retryAfterSeconds !== undefined) return Math.min(MAX_AUTO_REFRESH_SECONDS, Math.max(intervalSeconds, error.retryAfterSeconds));
  return Math.min(MAX_AUTO_REFRESH_SECONDS, Math.max(intervalSeconds, previousSeconds) * 2);
}

/**
 * The interval that keeps automatic refreshes of `weightPerRefresh` within their share of the budget
 * (`allowancePerMinute`, in the ledger's unit: Hyperliquid's weight, or the provider's requests):
 * `intervalSeconds` when it already does, else longer (at most a minute, for a refresh that weighs the
 * whole share); `Infinity` (paused) when one refresh alone weighs more than the share of a minute, which no
 * interval can make fit.
 */
export function budgetedIntervalSeconds(intervalSeconds: number, weightPerRefresh: number, allowancePerMinute = AUTO_REFRESH_ALLOWANCE): number {
  if (intervalSeconds <= 0 || weightPerRefresh <= 0) return intervalSeconds;
  if (weightPerRefresh > allowancePerMinute) return Infinity;
  if ((weightPerRefresh * 60) / intervalSeconds <= allowancePerMinute) return intervalSeconds;
  return Math.ceil((weightPerRefresh * 60) / allowancePerMinute);
}

export function isRateLimited(e: unknown): e is ProviderError {
  return e instanceof ProviderError && e.kind === 'rateLimited';
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class AutoRefreshSchedule {
  private timer: unknown;
  private intervalSeconds = 0;
  private active = false;
  /** The current wait: the interval, or longer after a 429. */
  private waitSeconds = 0;
  private lastRun = 0;
  private running = false;
  private weightPerRefresh = 0;
  private allowancePerMinute = AUTO_REFRESH_ALLOWANCE;

  /** Milliseconds a refresh due now must still wait for room in the shared weight budget (0: none). */
  private roomWaitMs: () => number = () => 0;

  /** `run` refreshes every wallet and returns the errors it met (empty when all went well). */
  constructor(
    private readonly run: () => Promise<readonly unknown[]>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** What else spends from the budget (manual refreshes, Reload Markets): a due refresh waits for room. */
  setRoomWait(roomWaitMs: () => number): void {
    this.roomWaitMs = roomWaitMs;
  }

  /** `intervalSeconds` 0 = off; `active` = the view is visible and there is a connection. */
  update(intervalSeconds: number, active: boolean): void {
    if (intervalSeconds !== this.intervalSeconds) this.waitSeconds = 0;
    this.intervalSeconds = intervalSeconds;
    this.active = active;
    this.schedule();
  }

  /** A refresh happened anyway (the user asked): the next automatic one counts from now. */
  refreshed(): void {
    this.lastRun = this.clock.now();
    this.schedule();
  }

  /**
   * What one refresh costs (known after one) and what automatic refreshes may spend a minute, in the
   * ledger's unit: the interval stretches to stay within it.
   */
  setRefreshWeight(weight: number, allowancePerMinute = this.allowancePerMinute): void {
    if (weight === this.weightPerRefresh && allowancePerMinute === this.allowancePerMinute) return;
    this.weightPerRefresh = weight;
    this.allowancePerMinute = allowancePerMinute;
    this.schedule();
  }

  /** The interval in use after the budget; above the setting when stretched, `Infinity` when paused. */
  get effectiveIntervalSeconds(): number {
    return budgetedIntervalSeconds(this.intervalSeconds, this.weightPerRefresh, this.allowancePerMinute);
  }

  /** On, but paused: one refresh alone weighs more than automatic refreshes may spend in a minute. */
  get paused(): boolean {
    return this.intervalSeconds > 0 && this.effectiveIntervalSeconds === Infinity;
  }

  /** Whether a refresh is waiting for its time (for tests and diagnostics). */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.intervalSeconds <= 0 || !this.active || this.running || this.paused) return; // off, hidden, running now, or over budget
    const wait = Math.max(this.effectiveIntervalSeconds, this.waitSeconds) * 1000;
    // Shown again after a long pause: refresh at once if the wait is over, otherwise when it is.
    const due = this.lastRun === 0 ? wait : Math.max(0, this.lastRun + wait - this.clock.now());
    this.timer = this.clock.setTimeout(() => void this.tick(), due);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    // Due, but manual refreshes or Reload Markets spent the room it needs: it runs once there is room.
    const roomWait = this.roomWaitMs();
    if (roomWait > 0) {
      this.timer = this.clock.setTimeout(() => void this.tick(), roomWait);
      return;
    }
    this.running = true;
    this.lastRun = this.clock.now();
    // A refresh stuck on one wallet must not stop the others: waited for at most one interval, then the
    // next refresh starts (the stuck wallet's request is shared with it, not repeated).
    const waitMs = Math.max(this.effectiveIntervalSeconds, this.waitSeconds) * 1000;
    let errors: readonly unknown[] = [];
    let overdueTimer: unknown;
    const overdue = new Promise<'overdue'>((resolve) => {
      overdueTimer = this.clock.setTimeout(() => resolve('overdue'), waitMs);
    });
    const running = this.run();
    running.catch(() => undefined); // a failure after the wait ran out is the view's to show, not ours
    try {
      const outcome = await Promise.race([running, overdue]);
      if (outcome !== 'overdue') errors = outcome;
    } catch (e) {
      errors = [e];
    } finally {
      this.clock.clearTimeout(overdueTimer);
    }
    this.running = false;
    const limited = errors.find(isRateLimited);
    this.waitSeconds = nextAutoRefreshSeconds(this.intervalSeconds, limited, this.waitSeconds || this.intervalSeconds);
    this.schedule();
  }

  dispose(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.active = false;
  }
}
