/**
 * Whether Open Orders' title shows Cancel Refresh in place of Refresh: only once a refresh has run for
 * `afterMs`. One that ends sooner (a provider nearby answers five wallets in ~100 ms) never swaps the
 * title's actions: the swap there and back redrew the view's header twice, the second time after its rows,
 * and a Cancel shown for a tenth of a second is a flicker nobody could click. The view's progress bar still
 * shows at once. No `vscode` import: `set` is what it tells (the context key).
 */
export class DelayedFlag {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = false;

  constructor(
    private readonly set: (on: boolean) => void,
    private readonly afterMs: number,
  ) {}

  /** The flag's true state: on now turns it on `afterMs` later if it is still on then; off turns it off at once. */
  update(on: boolean): void {
    if (on) {
      if (this.shown || this.timer !== undefined) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.shown = true;
        this.set(true);
      }, this.afterMs);
      return;
    }
    this.cancelTimer();
    if (this.shown) {
      this.shown = false;
      this.set(false);
    }
  }

  dispose(): void {
    this.cancelTimer();
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
