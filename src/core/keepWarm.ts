/**
 * Keeps a provider's connection warm while something the user looks at may ask it (the Open Orders view,
 * an open page): after `idleMs` with no request sent, one cheap request, so that the next action reuses
 * the open connection instead of paying for a new one (TCP and TLS: a round trip or two to a far
 * provider). Servers close a connection left idle (Node after 5 s, nginx after 75 s). Nothing is held, no
 * timer runs and nothing is sent while nothing is open. Pure: no `vscode`.
 */

export interface KeepWarmOptions {
  /** Idle time after which one request goes out (the interval between pings when nothing else is sent). */
  idleMs: number;
  /** The cheap request; its failure is nobody's business (the next action says what is wrong). */
  ping: () => Promise<unknown>;
  now?: () => number;
}

export class KeepWarm {
  private lastSentAt: number;
  private held = false;
  private timer?: ReturnType<typeof setTimeout>;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly options: KeepWarmOptions) {
    this.now = options.now ?? Date.now;
    this.lastSentAt = this.now();
  }

  /** A request went out on this connection (ours or any other): it is warm for `idleMs` from now. */
  sent(): void {
    this.lastSentAt = this.now();
  }

  /** Whether something the user looks at may ask this provider now (a visible view, an open page): the timer runs only then. */
  setHeld(held: boolean): void {
    this.held = held;
    if (held) this.schedule();
    else this.stop();
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.held || this.disposed) return;
    const wait = Math.max(0, this.lastSentAt + this.options.idleMs - this.now());
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.held || this.disposed) return;
    if (this.now() - this.lastSentAt >= this.options.idleMs) {
      this.sent();
      this.options.ping().catch(() => undefined);
    }
    this.schedule();
  }

  private stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
