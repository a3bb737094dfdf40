/**
 * Blocks for hovers, through the connection's one block source (the block page's, so a block hovered
 * then opened, or opened then hovered, is asked for once; a block, once final, never changes); a block
 * not found is answered with the chain's latest block number. Pure (no vscode), so it is tested over HTTP.
 */
import { RequestCache } from '../core/cache';
import { isProviderError } from '../core/errors';
import type { BlockDetails } from '../core/model';
import { blockSummary, type BlockSummary } from './blockHoverContent';
import { cancelled, untilAborted } from './sharedAnswers';

/** What it needs of the block feature's `BlockSource` (its cache of block details is the hovers' too). */
export interface BlockReader {
  block(blockNumber: number, signal?: AbortSignal): Promise<BlockDetails>;
  peekBlock(blockNumber: number): BlockDetails | undefined;
  latest(signal?: AbortSignal): Promise<number>;
  readonly cachedBlocks: number;
}

export type HoverBlockResult = { kind: 'block'; block: BlockSummary } | { kind: 'notFound'; blockNumber: number; latest?: number };

export interface HoverBlocksOptions {
  /** How long the latest block number is reused (it grows every second). */
  latestTtlMs?: number;
  now?: () => number;
}

export class HoverBlocks {
  /** The latest block number, kept `latestTtlMs`, then asked again. */
  private readonly latest: RequestCache<'latest', number>;
  /** Aborted on dispose: the hovers still waiting stop (a new connection gets new data). */
  private readonly lifetime = new AbortController();

  constructor(
    readonly source: BlockReader,
    options: HoverBlocksOptions = {},
  ) {
    const latestTtlMs = options.latestTtlMs ?? 5_000;
    this.latest = new RequestCache({ capacity: 1, keepMs: () => latestTtlMs, now: options.now });
  }

  /** A cached block, without any request (the synchronous fast path of a hover). */
  peek(blockNumber: number): BlockSummary | undefined {
    const details = this.source.peekBlock(blockNumber);
    return details && blockSummary(details);
  }

  get cachedBlocks(): number {
    return this.source.cachedBlocks;
  }

  /**
   * The block, or "not found" with the latest block number when the node gives it. Throws a
   * `cancelled` ProviderError as soon as `signal` aborts, and the provider's error otherwise.
   */
  async find(blockNumber: number, signal?: AbortSignal): Promise<HoverBlockResult> {
    const cached = this.peek(blockNumber);
    if (cached) return { kind: 'block', block: cached };
    if (this.lifetime.signal.aborted) throw cancelled();
    const waiting = signal ? AbortSignal.any([signal, this.lifetime.signal]) : this.lifetime.signal;
    try {
      return { kind: 'block', block: blockSummary(await this.source.block(blockNumber, waiting)) };
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

  /** Stops every hover still waiting; it is not used again (a new connection gets a new one). */
  dispose(): void {
    this.lifetime.abort();
    this.latest.clear();
  }

  private latestBlockNumber(signal: AbortSignal | undefined): Promise<number> {
    // Not tied to one hover's signal: it is shared and short; the hover itself stops waiting on abort.
    return untilAborted(
      this.latest.get('latest', () => this.source.latest()),
      signal,
    );
  }
}
