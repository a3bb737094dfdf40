/**
 * Blocks for hovers, through one provider connection: a bounded LRU of found blocks (a block, once
 * final, never changes), one request per block however many hovers wait for it, and cancellation that
 * aborts a request only when no hover wants it any more. Pure (no vscode), so it is tested over HTTP.
 */
import { RequestCache } from '../core/cache';
import { isCancellation, isProviderError, ProviderError } from '../core/errors';
import type { BlockDetails } from '../core/model';
import { blockSummary, type BlockSummary } from './blockHoverContent';

/** What the lookup needs from the EVM client. */
export interface BlockSource {
  getBlockDetails(blockNumber: number, signal?: AbortSignal): Promise<BlockDetails>;
  getBlockNumber(signal?: AbortSignal): Promise<number>;
}

export type BlockLookupResult = { kind: 'block'; block: BlockSummary } | { kind: 'notFound'; blockNumber: number; latest?: number };

export interface BlockLookupOptions {
  /** Blocks kept; each summary is a few hundred bytes. */
  capacity?: number;
  /** How long the latest block number is reused (it grows every second). */
  latestTtlMs?: number;
  now?: () => number;
}

/** A block request in flight, and how many hovers still wait for it. */
interface SharedRequest {
  controller: AbortController;
  waiters: number;
}

export class BlockLookup {
  private readonly blocks: RequestCache<number, BlockSummary>;
  /** Keyed by time window, capacity 1: the latest block number lives one window, then is asked again. */
  private readonly latest = new RequestCache<number, number>(1);
  private readonly requests = new Map<number, SharedRequest>();
  private readonly latestTtlMs: number;
  private readonly now: () => number;
  private disposed = false;

  constructor(
    readonly source: BlockSource,
    options: BlockLookupOptions = {},
  ) {
    this.blocks = new RequestCache(options.capacity ?? 256);
    this.latestTtlMs = options.latestTtlMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** A cached block, without any request (the synchronous fast path of a hover). */
  peek(blockNumber: number): BlockSummary | undefined {
    return this.blocks.peek(blockNumber);
  }

  get cachedBlocks(): number {
    return this.blocks.size;
  }

  /**
   * The block, or "not found" with the latest block number when the node gives it. Throws a
   * `cancelled` ProviderError as soon as `signal` aborts, and the provider's error otherwise.
   */
  async find(blockNumber: number, signal?: AbortSignal): Promise<BlockLookupResult> {
    const cached = this.blocks.peek(blockNumber);
    if (cached) return { kind: 'block', block: cached };
    try {
      return { kind: 'block', block: await this.load(blockNumber, signal) };
    } catch (e) {
      if (!(isProviderError(e) && e.kind === 'notFound')) throw e;
    }
    // Not cached: the block may appear a second later. The latest number is a nicety, so a failure to
    // get it still leaves a clear answer.
    const latest = await this.latestBlockNumber(signal).catch((e: unknown) => {
      if (signal?.aborted) throw e;
      return undefined;
    });
    return { kind: 'notFound', blockNumber, latest };
  }

  /** Aborts every request in flight; the lookup is not used again (a new connection gets a new one). */
  dispose(): void {
    this.disposed = true;
    for (const request of this.requests.values()) request.controller.abort();
    this.requests.clear();
    this.blocks.clear();
    this.latest.clear();
  }

  private async load(blockNumber: number, signal: AbortSignal | undefined): Promise<BlockSummary> {
    // A request aborted by its last waiter stays in the cache's in-flight map until its rejection lands;
    // a hover that joined it in that moment asks again rather than reporting someone else's cancellation.
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelled();
      try {
        return await this.join(blockNumber, signal);
      } catch (e) {
        if (!isCancellation(e) || signal?.aborted || this.disposed || attempt >= 2) throw e;
      }
    }
  }

  private join(blockNumber: number, signal: AbortSignal | undefined): Promise<BlockSummary> {
    let started: SharedRequest | undefined;
    const promise = this.blocks.get(blockNumber, () => {
      const request: SharedRequest = { controller: new AbortController(), waiters: 0 };
      started = request;
      this.requests.set(blockNumber, request);
      return this.source
        .getBlockDetails(blockNumber, request.controller.signal)
        .then((details) => {
          if (details.block.number !== BigInt(blockNumber)) {
            throw new ProviderError('invalidResponse', `The node answered with block ${details.block.number} for block ${blockNumber}.`, { endpoint: 'evm' });
          }
          return blockSummary(details);
        })
        .finally(() => {
          if (this.requests.get(blockNumber) === request) this.requests.delete(blockNumber);
        });
    });
    const request = started ?? this.requests.get(blockNumber);
    // No shared request: a cache hit, or a request being aborted whose rejection has not landed yet.
    if (!request) return untilAborted(promise, signal);
    request.waiters++;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      request.waiters--;
      // Nobody else is waiting: stop the request instead of finishing it for no one.
      if (request.waiters === 0 && this.requests.get(blockNumber) === request) {
        this.requests.delete(blockNumber);
        request.controller.abort();
      }
    };
    return untilAborted(promise, signal, leave).finally(() => {
      left = true;
    });
  }

  private latestBlockNumber(signal: AbortSignal | undefined): Promise<number> {
    const window = Math.floor(this.now() / this.latestTtlMs);
    // Not tied to one hover's signal: it is shared and short; the hover itself stops waiting on abort.
    return untilAborted(
      this.latest.get(window, () => this.source.getBlockNumber()),
      signal,
    );
  }
}

/** `promise`, or a `cancelled` rejection as soon as `signal` aborts (then `onAbort` runs once). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void = () => undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(cancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(cancelled());
    };
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

function cancelled(): ProviderError {
  return new ProviderError('cancelled', 'The hover was cancelled.');
}
