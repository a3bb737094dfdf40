/**
 * Blocks for hovers, through one provider connection: found blocks are kept (a block, once final, never
 * changes) in the hovers' shared lookup (`sharedLookup.ts`); a block not found is answered with the
 * chain's latest block number. Pure (no vscode), so it is tested over HTTP.
 */
import { RequestCache } from '../core/cache';
import { isProviderError, ProviderError } from '../core/errors';
import type { BlockDetails } from '../core/model';
import { blockSummary, type BlockSummary } from './blockHoverContent';
import { SharedLookup, untilAborted } from './sharedLookup';

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

export class BlockLookup {
  private readonly blocks: SharedLookup<number, BlockSummary>;
  /** The latest block number, kept `latestTtlMs`, then asked again. */
  private readonly latest: RequestCache<'latest', number>;

  constructor(
    readonly source: BlockSource,
    options: BlockLookupOptions = {},
  ) {
    this.blocks = new SharedLookup((blockNumber, signal) => this.load(blockNumber, signal), { capacity: options.capacity });
    const latestTtlMs = options.latestTtlMs ?? 5_000;
    this.latest = new RequestCache({ capacity: 1, keepMs: () => latestTtlMs, now: options.now });
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
      return { kind: 'block', block: await this.blocks.find(blockNumber, signal) };
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
    this.blocks.dispose();
    this.latest.clear();
  }

  private async load(blockNumber: number, signal: AbortSignal): Promise<BlockSummary> {
    const details = await this.source.getBlockDetails(blockNumber, signal);
    if (details.block.number !== BigInt(blockNumber)) {
      throw new ProviderError('invalidResponse', `The node answered with block ${details.block.number} for block ${blockNumber}.`, { endpoint: 'evm' });
    }
    return blockSummary(details);
  }

  private latestBlockNumber(signal: AbortSignal | undefined): Promise<number> {
    // Not tied to one hover's signal: it is shared and short; the hover itself stops waiting on abort.
    return untilAborted(
      this.latest.get('latest', () => this.source.getBlockNumber()),
      signal,
    );
  }
}

