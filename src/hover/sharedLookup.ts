/**
 * What every hover lookup (blocks, transactions, addresses) shares: a bounded LRU of answers, one
 * request per key however many hovers wait for it, and cancellation that aborts a request only when no
 * hover wants it any more (the core's RequestCache). Answers that can still change (a balance, a
 * transaction not found yet) are kept for a short while only. Pure (no vscode), tested over HTTP.
 */
import { RequestCache } from '../core/cache';
import { ProviderError } from '../core/errors';

export interface SharedLookupOptions<V> {
  /** Answers kept; each is a few hundred bytes. */
  capacity?: number;
  /**
   * How long an answer may be shown again: Infinity for one that never changes (a final block, a mined
   * transaction), 0 for one not to keep at all.
   */
  keepMs?: (value: V) => number;
  now?: () => number;
}

export class SharedLookup<K, V> {
  /** Final answers, and the requests in flight (which the core's cache de-duplicates). */
  private readonly final: RequestCache<K, V>;
  /** Answers that may change, with the time they stop being shown; oldest first (a small LRU). */
  private readonly recent = new Map<K, { value: V; until: number }>();
  /** Aborted on dispose: every request in flight stops (a new connection gets a new lookup). */
  private readonly lifetime = new AbortController();
  private readonly capacity: number;
  private readonly keepMs: (value: V) => number;
  private readonly now: () => number;

  constructor(
    private readonly load: (key: K, signal: AbortSignal) => Promise<V>,
    options: SharedLookupOptions<V> = {},
  ) {
    this.capacity = options.capacity ?? 256;
    this.final = new RequestCache(this.capacity);
    this.keepMs = options.keepMs ?? (() => Infinity);
    this.now = options.now ?? Date.now;
  }

  /** A kept answer, without any request (the synchronous fast path of a hover). */
  peek(key: K): V | undefined {
    const kept = this.final.peek(key);
    if (kept !== undefined) return kept;
    const recent = this.recent.get(key);
    if (!recent) return undefined;
    if (recent.until <= this.now()) {
      this.recent.delete(key);
      return undefined;
    }
    return recent.value;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.final.size + this.recent.size;
  }

  /**
   * The answer for `key`: kept, joined to a request in flight, or asked for. Throws a `cancelled`
   * ProviderError as soon as `signal` aborts, and the provider's error otherwise (errors are not kept).
   */
  async find(key: K, signal?: AbortSignal): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return kept;
    if (this.lifetime.signal.aborted) throw cancelled();
    const value = await this.final.get(
      key,
      (shared) => this.load(key, AbortSignal.any([shared, this.lifetime.signal])),
      (v) => this.keepMs(v) === Infinity,
      signal,
    );
    const ms = this.keepMs(value);
    if (ms > 0 && ms !== Infinity && !this.lifetime.signal.aborted) this.remember(key, value, ms);
    return value;
  }

  /** Aborts every request in flight and forgets every answer; the lookup is not used again. */
  dispose(): void {
    this.lifetime.abort();
    this.final.clear();
    this.recent.clear();
  }

  private remember(key: K, value: V, ms: number): void {
    this.recent.delete(key);
    this.recent.set(key, { value, until: this.now() + ms });
    while (this.recent.size > this.capacity) this.recent.delete(this.recent.keys().next().value as K);
  }
}

/** `promise`, or a `cancelled` rejection as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(cancelled());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

export function cancelled(): ProviderError {
  return new ProviderError('cancelled', 'The hover was cancelled.');
}
