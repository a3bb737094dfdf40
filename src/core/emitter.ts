/** A tiny event emitter of our own, so that pure code (the orders store, what a provider serves) can say what changed without `vscode`. */
export interface Subscription {
  dispose(): void;
}

export type Event<T> = (listener: (e: T) => void) => Subscription;

export class Emitter<T> {
  private readonly listeners = new Set<(e: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };

  fire(e: T): void {
    for (const listener of [...this.listeners]) listener(e);
  }

  dispose(): void {
    this.listeners.clear();
  }
}
