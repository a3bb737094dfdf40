/**
 * An address's transactions from an explorer's Etherscan-compatible API (Blockscout at hyperscan.com
 * without a key, Etherscan API v2 with one; docs/FACTS.md#history): `module=account&action=txlist`,
 * newest first, below a block. Paced to the explorer's own rate, answers validated and capped like the
 * node's. Pure: no `vscode`.
 */
import * as v from 'valibot';
import { ProviderError } from './errors';
import type { ExplorerApiEndpoints } from './explorerEndpoints';
import {
  explorerInternalTransfer,
  explorerTokenTransfer,
  explorerTransaction,
  explorerTxListAnswer,
  fromExplorerInternalTransfer,
  fromExplorerRow,
  fromExplorerTokenTransfer,
  MAX_HISTORY_PAGE_SIZE,
  type HistoryTransaction,
  type InternalTransfer,
  type TokenTransfer,
} from './history';
import type { RatePacer } from './limiter';
import type { Address } from './model';
import { isAddress } from './hex';
import { itemProblem } from './schemas';
import { msg } from './translate';
import type { AnswerLimits, Transport } from './transport';

/** A page of 100 explorer rows: ~20 fields each, with their input (calldata up to the node's own limits). */
const TXLIST_LIMITS: AnswerLimits = { maxBytes: 16 * 1024 * 1024, maxValues: 100_000 };

export class ExplorerHistoryClient {
  constructor(
    readonly endpoints: ExplorerApiEndpoints,
    private readonly transport: Pick<Transport, 'getJson'>,
    private readonly pacer: RatePacer,
  ) {}

  /** The explorer's host, which the page names (and the question before the address goes there). */
  get host(): string {
    return this.endpoints.host;
  }

  /**
   * Up to `pageSize` of `address`'s transactions at or below block `endBlock` (none: from the newest),
   * newest first; `page` counts from 1 within that block range (for a block that holds more than a page).
   */
  txList(address: Address, endBlock: number | undefined, page: number, pageSize: number, signal?: AbortSignal): Promise<HistoryTransaction[]> {
    const range = endBlock !== undefined ? { startblock: 0, endblock: endBlock } : {};
    return this.list('txlist', address, range, page, pageSize, signal, (row) => fromExplorerRow(v.parse(explorerTransaction, row)), explorerTransaction);
  }

  /** A page of `address`'s token transfers (`tokentx`), newest first; `page` counts from 1. */
  tokenTransfers(address: Address, page: number, pageSize: number, signal?: AbortSignal): Promise<TokenTransfer[]> {
    return this.list(
      'tokentx',
      address,
      {},
      page,
      pageSize,
      signal,
      (row) => fromExplorerTokenTransfer(v.parse(explorerTokenTransfer, row)),
      explorerTokenTransfer,
    );
  }

  /** A page of `address`'s internal transfers (`txlistinternal`: value moved by calls inside transactions), newest first. */
  internalTransfers(address: Address, page: number, pageSize: number, signal?: AbortSignal): Promise<InternalTransfer[]> {
    return this.list(
      'txlistinternal',
      address,
      {},
      page,
      pageSize,
      signal,
      (row) => fromExplorerInternalTransfer(v.parse(explorerInternalTransfer, row)),
      explorerInternalTransfer,
    );
  }

  private async list<T>(
    action: 'txlist' | 'tokentx' | 'txlistinternal',
    address: Address,
    range: { startblock?: number; endblock?: number },
    page: number,
    pageSize: number,
    signal: AbortSignal | undefined,
    read: (row: unknown) => T,
    schema: v.GenericSchema,
  ): Promise<T[]> {
    if (!isAddress(address)) throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_HISTORY_PAGE_SIZE || !Number.isInteger(page) || page < 1 || page > 10_000) {
      throw new ProviderError('badInput', msg('Page sizes go from 1 to {0}.', MAX_HISTORY_PAGE_SIZE));
    }
    const query = this.endpoints.query({ module: 'account', action, address: address.toLowerCase(), ...range, page, offset: pageSize, sort: 'desc' });
    const json = await this.pacer.run(() => this.transport.getJson('evm', query, `${this.endpoints.kind} ${action}`, signal, TXLIST_LIMITS), signal);
    const answer = v.safeParse(explorerTxListAnswer, json);
    if (!answer.success) throw this.invalid('the answer is not an Etherscan-compatible list (status, message, result)');
    const { status, message, result } = answer.output;
    if (status === '0') {
      if (Array.isArray(result) && result.length === 0) return []; // "No transactions found"
      throw this.refusal(typeof result === 'string' ? result : message);
    }
    if (!Array.isArray(result)) throw this.invalid('result is not a list');
    return result.map((row, i) => {
      const problem = itemProblem(schema, row);
      if (problem) throw this.invalid(`result[${i}]: ${problem}`);
      return read(row);
    });
  }

  private invalid(problem: string): ProviderError {
    return new ProviderError('invalidResponse', msg('The answer of {0} cannot be read: {1}.', this.host, problem), { endpoint: 'evm' });
  }

  /** What an explorer says instead of rows: its rate limit, a key it refused, or its own words (one line, short). */
  private refusal(said: string): ProviderError {
    const words = said.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (/rate limit/i.test(words)) return new ProviderError('rateLimited', msg('{0} is rate-limiting requests: {1}', this.host, words), { endpoint: 'evm' });
    if (/api ?key/i.test(words)) return new ProviderError('badKey', msg('{0} refused the API key: {1}', this.host, words), { endpoint: 'evm' });
    return new ProviderError('refused', msg('{0} refused the request: {1}', this.host, words), { endpoint: 'evm' });
  }
}
