/**
 * The one cache abstraction: a bounded LRU of settled values plus de-duplication of requests in flight
 * (many callers of one key share one promise). Failures are not cached.
 */
export class RequestCache<K, V> {
  private readonly values = new Map<K, V>();
  private readonly inFlight = new Map<K, Promise<V>>();

  constructor(private readonly capacity: number) {
    if (capacity < 1) throw new Error('capacity must be at least 1');
  }

  get size(): number {
    return this.values.size;
  }

  /** The cached value, marked as most recently used; undefined when absent. */
  peek(key: K): V | undefined {
    const value = this.values.get(key);
    if (value !== undefined) {
      this.values.delete(key);
      this.values.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.values.delete(key);
    this.values.set(key, value);
    while (this.values.size > this.capacity) {
      const oldest = this.values.keys().next().value as K;
      this.values.delete(oldest);
    }
  }

  /**
   * The cached value, or the result of `load` — started once per key however many callers ask while it
   * runs. `shouldCache` decides whether a loaded value is kept (a block that is not final yet is not).
   */
  get(key: K, load: () => Promise<V>, shouldCache: (value: V) => boolean = () => true): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = load().then(
      (value) => {
        this.inFlight.delete(key);
        if (shouldCache(value)) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.values.clear();
    this.inFlight.clear();
  }
}
