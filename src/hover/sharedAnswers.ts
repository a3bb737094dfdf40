/**
 * What the hovers' data (blocks, transactions, addresses) shares: a bounded LRU of answers, one
 * request per key however many hovers wait for it, and cancellation that aborts a request only when no
 * hover wants it any more (the core's RequestCache). Answers that can still change (a balance, a
 * transaction not found yet) are kept for a short while only. Pure (no vscode), tested over HTTP.
 */
import { RequestCache } from '../core/cache';
import { ProviderError } from '../core/errors';
import { msg } from '../core/translate';

export interface SharedAnswersOptions<V> {
  /** Answers kept; each is a few hundred bytes. */
  capacity?: number;
  /**
   * How long an answer may be shown again: Infinity for one that never changes (a final block, a mined
   * transaction), 0 for one not to keep at all.
   */
  keepMs?: (value: V) => number;
  now?: () => number;
}

export class SharedAnswers<K, V> {
  /** The answers, each kept as long as `keepMs` says, and the requests in flight (de-duplicated). */
  private readonly answers: RequestCache<K, V>;
  /** Aborted on dispose: every request in flight stops (a new connection gets new answers). */
  private readonly lifetime = new AbortController();

  constructor(
    private readonly load: (key: K, signal: AbortSignal) => Promise<V>,
    options: SharedAnswersOptions<V> = {},
  ) {
    this.answers = new RequestCache({ capacity: options.capacity ?? 256, keepMs: options.keepMs, now: options.now });
  }

  /** A kept answer, without any request (the synchronous fast path of a hover). */
  peek(key: K): V | undefined {
    return this.answers.peek(key);
  }

  /** How many answers are kept. */
  get size(): number {
    return this.answers.size;
  }

  /**
   * The answer for `key`: kept, joined to a request in flight, or asked for. Throws a `cancelled`
   * ProviderError as soon as `signal` aborts, and the provider's error otherwise (errors are not kept).
   */
  async find(key: K, signal?: AbortSignal): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return kept;
    if (this.lifetime.signal.aborted) throw cancelled();
    return this.answers.get(key, (shared) => this.load(key, AbortSignal.any([shared, this.lifetime.signal])), signal);
  }

  /** Aborts every request in flight and forgets every answer; it is not used again. */
  dispose(): void {
    this.lifetime.abort();
    this.answers.clear();
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
  return new ProviderError('cancelled', msg('The hover was cancelled.'));
}
