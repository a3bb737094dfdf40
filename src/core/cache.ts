import { Emitter, type Event } from './emitter';
import { cancelledError } from './errors';

export interface RequestCacheOptions<V> {
  /** Most entries kept. */
  capacity: number;
  /** Most total weight kept (for example bytes); a single value heavier than this is not kept at all. */
  maxWeight?: number;
  /** The weight of one value (for example its size in bytes); 1 when not given. */
  weigh?: (value: V) => number;
  /**
   * How long a loaded value may be served again, in ms: Infinity (the default) for one that never
   * changes (a final block, a mined transaction), 0 for one not to keep at all (only shared while it
   * loads), anything between for one that may change (a balance, the chain's head).
   */
  keepMs?: (value: V) => number;
  /**
   * Keep a value past its age as a stale one (`stale`, `dated`): no longer served by `get` or `peek`, but
   * at hand while a new copy loads, until the capacity pushes it out. Market data that changes rarely is.
   */
  keepStale?: boolean;
  /** The clock, for tests. */
  now?: () => number;
}

interface Running<V> {
  promise: Promise<V>;
  controller: AbortController;
  waiters: number;
}

/**
 * The one cache abstraction: a bounded LRU of settled values, each kept as long as `keepMs` says, plus
 * de-duplication of requests in flight (many callers of one key share one load). Failures are not cached.
 *
 * A shared load runs with its own AbortSignal, not with the first caller's: each caller stops waiting
 * when its own signal aborts, and the load itself is aborted only when every caller has left.
 */
export class RequestCache<K, V> {
  private readonly values = new Map<K, { value: V; weight: number; at: number; until: number }>();
  private readonly inFlight = new Map<K, Running<V>>();
  private readonly capacity: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: V) => number;
  private readonly keepMs: (value: V) => number;
  private readonly now: () => number;
  private readonly keepStale: boolean;
  private readonly kept = new Emitter<{ key: K; value: V }>();
  /** Fired whenever a loaded value is kept (for example to save it across window reloads); for every holder of a shared cache. */
  readonly onDidKeep: Event<{ key: K; value: V }> = this.kept.event;
  private totalWeight = 0;

  constructor(options: number | RequestCacheOptions<V>) {
    const o: RequestCacheOptions<V> = typeof options === 'number' ? { capacity: options } : options;
    if (o.capacity < 1) throw new Error('capacity must be at least 1');
    this.capacity = o.capacity;
    this.maxWeight = o.maxWeight ?? Infinity;
    this.weigh = o.weigh ?? (() => 1);
    this.keepMs = o.keepMs ?? (() => Infinity);
    this.now = o.now ?? Date.now;
    this.keepStale = o.keepStale ?? false;
  }

  get size(): number {
    return this.values.size;
  }

  /** The total weight of the values kept. */
  get weight(): number {
    return this.totalWeight;
  }

  /** The cached value, marked as most recently used; undefined when absent or past its age. */
  peek(key: K): V | undefined {
    const entry = this.values.get(key);
    if (entry === undefined) return undefined;
    this.values.delete(key);
    if (entry.until <= this.now()) {
      if (this.keepStale) this.values.set(key, entry);
      else this.totalWeight -= entry.weight;
      return undefined;
    }
    this.values.set(key, entry);
    return entry.value;
  }

  /** With `keepStale`: the value kept however old (past its age, or expired), with when it was fetched. */
  dated(key: K): { value: V; at: number } | undefined {
    const entry = this.values.get(key);
    return entry && { value: entry.value, at: entry.at };
  }

  /** With `keepStale`: the value kept however old. */
  stale(key: K): V | undefined {
    return this.values.get(key)?.value;
  }

  /** The keys kept, oldest use first (with `keepStale`, stale ones too). */
  keys(): K[] {
    return [...this.values.keys()];
  }

  /**
   * Everything kept is past its age at once (Reload Markets): the next `get` loads again, and a load under
   * way is not shared with it. With `keepStale`, the old values stay at hand meanwhile.
   */
  expire(): void {
    for (const entry of this.values.values()) entry.until = -Infinity;
    this.inFlight.clear();
  }

  /** A value fetched at `at` by an earlier window, aged from then; kept only when nothing is. */
  restore(key: K, value: V, at: number): void {
    if (this.values.has(key)) return;
    this.put(key, value, at);
  }

  /** Keeps `value` for as long as `keepMs` says (not at all when 0, or when heavier than the cache). */
  set(key: K, value: V): void {
    this.remove(key);
    this.put(key, value, this.now());
  }

  private put(key: K, value: V, at: number): void {
    const weight = this.weigh(value);
    if (!(weight <= this.maxWeight)) return; // too heavy to keep (or NaN): served, not cached
    const ms = this.keepMs(value);
    if (!(ms > 0)) return;
    this.values.set(key, { value, weight, at, until: at + ms });
    this.totalWeight += weight;
    while (this.values.size > this.capacity || this.totalWeight > this.maxWeight) {
      this.remove(this.values.keys().next().value as K);
    }
  }

  private remove(key: K): void {
    const entry = this.values.get(key);
    if (!entry) return;
    this.values.delete(key);
    this.totalWeight -= entry.weight;
  }

  /**
   * The cached value, or the result of `load` — started once per key however many callers ask while it
   * runs. `load` gets the shared load's own signal, aborted when every waiting caller's `signal` has
   * aborted. The loaded value is kept as long as `keepMs` says.
   */
  get(key: K, load: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined) return Promise.resolve(cached);
    if (signal?.aborted) return Promise.reject(cancelledError());
    let running = this.inFlight.get(key);
    if (!running || running.controller.signal.aborted) {
      const controller = new AbortController();
      const started: Running<V> = {
        controller,
        waiters: 0,
        promise: startLoad(load, controller.signal).then(
          (value) => {
            if (this.inFlight.get(key) === started) this.inFlight.delete(key);
            if (!controller.signal.aborted) {
              this.set(key, value);
              if (this.values.has(key)) this.kept.fire({ key, value });
            }
            return value;
          },
          (error: unknown) => {
            if (this.inFlight.get(key) === started) this.inFlight.delete(key);
            throw error;
          },
        ),
      };
      this.inFlight.set(key, started);
      running = started;
    }
    return this.wait(key, running, signal);
  }

  /** `running`'s result for one caller, who stops waiting (and leaves) when its own signal aborts. */
  private wait(key: K, running: Running<V>, signal: AbortSignal | undefined): Promise<V> {
    running.waiters++;
    return new Promise<V>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal?.removeEventListener('abort', onAbort);
        running.waiters--;
      };
      const onAbort = () => {
        leave();
        reject(cancelledError());
        // Nobody waits any more: stop the load instead of finishing it for no one.
        if (running.waiters === 0) {
          if (this.inFlight.get(key) === running) this.inFlight.delete(key);
          running.controller.abort();
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      running.promise.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }

  clear(): void {
    this.values.clear();
    this.totalWeight = 0;
    this.inFlight.clear();
  }
}

/** `load` started now (synchronously, as callers expect), a synchronous throw turned into a rejection. */
function startLoad<V>(load: (signal: AbortSignal) => Promise<V>, signal: AbortSignal): Promise<V> {
  try {
    return load(signal);
  } catch (e) {
    return Promise.reject(e);
  }
}
