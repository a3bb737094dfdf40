/**
 * JSON-RPC calls made in the same turn of the event loop go out together, as one batch (JSON-RPC 2.0,
 * section 6): one request on one connection instead of one each, so that what an action asks at once
 * (a block and its first page of transactions; a transaction, its receipt and revert reason) costs one
 * round trip and no extra connection. Each call gets back its own answer object, matched by id, and
 * checks it as a single call would.
 *
 * A provider that refuses batches (an HTTP error, an answer that is no array, every call answered
 * "invalid request") is asked one call at a time from then on, by itself: the calls of the refused
 * batch are sent again alone, and so is any call a batch answer left out or cut off by the batch's own
 * limits (geth's -32002 and -32003). A batch answer too large for the cap the calls share is sent again
 * call by call too. Network errors, timeouts, rate limits and
 * server errors (5xx, after the transport's retries) are what a single request would get as well: every
 * call of the batch gets them.
 */
import { cancelledError, isCancellation, ProviderError } from './errors';
import type { AnswerLimits, JsonPoster } from './transport';

/** The most calls in one batch: far below what nodes allow (Erigon's default is 100), and above what any action asks at once. */
export const MAX_BATCH_CALLS = 20;

export interface RpcAnswer {
  /** The id the call was sent with. */
  id: number;
  /** Its answer object (unchecked: the caller checks it as for a single call). */
  json: unknown;
}

interface Pending {
  id: number;
  method: string;
  params: unknown[];
  limits: AnswerLimits;
  signal?: AbortSignal;
  resolve(answer: RpcAnswer): void;
  reject(error: unknown): void;
  /** Set once the caller has its answer or error (its own cancellation included). */
  settled: boolean;
}

/** Whether this provider takes batches: not known until the first batch is answered. */
export type BatchSupport = 'unknown' | 'yes' | 'no';

export class JsonRpcBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private nextId = 1;
  private support: BatchSupport;

  constructor(
    private readonly transport: JsonPoster,
    /** `false`: every call alone (a provider known to refuse batches). */
    batches = true,
  ) {
    this.support = batches ? 'unknown' : 'no';
  }

  /** Whether batches are used (`no` once the provider refused one). */
  get batchSupport(): BatchSupport {
    return this.support;
  }

  /** Sends one call (with the others of this turn, when there are any); resolves to its answer object. */
  send(method: string, params: unknown[], limits: AnswerLimits, signal?: AbortSignal): Promise<RpcAnswer> {
    if (signal?.aborted) return Promise.reject(cancelledError());
    return new Promise<RpcAnswer>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, method, params, limits, signal, resolve, reject, settled: false };
      const settle = (done: () => void) => {
        if (pending.settled) return;
        pending.settled = true;
        signal?.removeEventListener('abort', onAbort);
        done();
      };
      const onAbort = () => settle(() => reject(cancelledError()));
      pending.resolve = (answer) => settle(() => resolve(answer));
      pending.reject = (error) => settle(() => reject(error));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      if (!this.scheduled) {
        this.scheduled = true;
        // After this turn's promise jobs too: calls made a few `await`s apart still share the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.queue.filter((p) => !p.settled);
    this.queue = [];
    // A call the route sends elsewhere or answers itself (the archive path, a method not served) goes alone.
    const calls = waiting.filter((c) => !this.transport.alone?.(c.method));
    for (const call of waiting) if (!calls.includes(call)) void this.alone(call);
    if (calls.length === 1 || this.support === 'no') {
      for (const call of calls) void this.alone(call);
      return;
    }
    for (let i = 0; i < calls.length; i += MAX_BATCH_CALLS) void this.batch(calls.slice(i, i + MAX_BATCH_CALLS));
  }

  private async alone(call: Pending): Promise<void> {
    if (call.settled) return;
    try {
      const body = JSON.stringify({ jsonrpc: '2.0', method: call.method, params: call.params, id: call.id });
      const json = await this.transport.postJson('evm', body, call.method, call.signal, call.limits);
      call.resolve({ id: call.id, json });
    } catch (e) {
      call.reject(e);
    }
  }

  private async batch(calls: Pending[]): Promise<void> {
    if (calls.length === 1) return this.alone(calls[0] as Pending);
    const shared = sharedSignal(calls);
    const body = JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', method: c.method, params: c.params, id: c.id })));
    let answer: unknown;
    try {
      answer = await this.transport.postJson('evm', body, `batch: ${calls.map((c) => c.method).join(', ')}`, shared.signal, batchLimits(calls));
    } catch (e) {
      if (!(e instanceof ProviderError) || isCancellation(e) || SHARED_FAILURES.has(e.kind)) {
        // What a single request would get too (or every caller left): each call ends with it.
        for (const call of calls) call.reject(e);
        return;
      }
      // Refused, or too large together: each call alone.
      if (e.kind !== 'tooLarge') this.refused();
      for (const call of calls) void this.alone(call);
      return;
    } finally {
      shared.dispose();
    }
    const byId = answersById(answer, calls);
    if (!byId) {
      this.refused();
      for (const call of calls) void this.alone(call);
      return;
    }
    this.support = 'yes';
    for (const call of calls) {
      const json = byId.get(call.id);
      // Left out of the answer, or cut off by the batch's own limits: asked alone.
      if (json === undefined || pastBatchLimits(json)) void this.alone(call);
      else call.resolve({ id: call.id, json });
    }
  }

  private refused(): void {
    if (this.support === 'unknown') this.support = 'no';
  }
}

/**
 * Each call's answer object by id, or undefined when the answer is no batch answer: not an array (a
 * node that refuses batches answers with one error object), or every call answered "invalid request".
 */
function answersById(answer: unknown, calls: readonly Pending[]): Map<number, unknown> | undefined {
  if (!Array.isArray(answer)) return undefined;
  const asked = new Set(calls.map((c) => c.id));
  const byId = new Map<number, unknown>();
  let invalidRequest = 0;
  for (const item of answer) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { id, error } = item as { id?: unknown; error?: { code?: unknown } };
    if (typeof error === 'object' && error !== null && error.code === -32600) invalidRequest += 1;
    if (typeof id === 'number' && asked.has(id) && !byId.has(id)) byId.set(id, item);
  }
  return invalidRequest >= calls.length ? undefined : byId;
}

/**
 * geth's answers to the calls of a batch past the batch's limits: -32003 "response too large" (the
 * answers' bytes together) and -32002 "request timed out" (the batch's time). They say nothing of the
 * call itself, which may well be answered alone (a 10,000-transaction block's page after its details).
 */
const BATCH_LIMIT_CODES: ReadonlySet<unknown> = new Set([-32002, -32003]);

function pastBatchLimits(json: unknown): boolean {
  const error = (json as { error?: { code?: unknown } }).error;
  return typeof error === 'object' && error !== null && BATCH_LIMIT_CODES.has(error.code);
}

/** What the answer to these calls together may hold: the sum of what each may (the transport caps the bytes). */
function batchLimits(calls: readonly Pending[]): AnswerLimits {
  return {
    maxBytes: calls.reduce((sum, c) => sum + c.limits.maxBytes, 0),
    maxValues: calls.reduce((sum, c) => sum + c.limits.maxValues, 0) + calls.length,
  };
}

/**
 * Failures a single request would get as well: every call of the batch ends with them (a server error
 * was already retried; sending each call again would only make a storm worse).
 */
const SHARED_FAILURES = new Set(['network', 'timeout', 'rateLimited', 'server', 'cancelled']);

/** Aborts once every caller that can cancel has cancelled (a caller without a signal never does). */
function sharedSignal(calls: readonly Pending[]): { signal?: AbortSignal; dispose(): void } {
  if (calls.some((c) => !c.signal)) return { dispose: () => undefined };
  // One listener per distinct signal (the calls of one action share theirs).
  const signals = [...new Set(calls.map((c) => c.signal!))];
  const controller = new AbortController();
  let left = signals.length;
  const leave = () => {
    left -= 1;
    if (left === 0) controller.abort();
  };
  for (const signal of signals) {
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }
  return { signal: controller.signal, dispose: () => signals.forEach((s) => s.removeEventListener('abort', leave)) };
}
