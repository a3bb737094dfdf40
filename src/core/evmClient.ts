import { cancelledError, ProviderError } from './errors';
import { msg, type Message } from './translate';
import type { Address, AddressSummary, BlockDetails, Hash, TraceEntry, TransactionDetails, TransactionPage, TransactionReceipt } from './model';
import {
  balanceResult,
  blockByHashResult,
  blockDetailsResult,
  blockTransactionsResult,
  codeResult,
  InvalidShapeError,
  isRevertData,
  MAX_RECEIPT_LOGS,
  MAX_TRACE_ENTRIES,
  jsonRpcResponse,
  toBlockDetails,
  toTrace,
  toTransactionDetails,
  toTransactionPage,
  readLogs,
  readTrace,
  receiptWithoutLogsResult,
  toTransactionReceipt,
  traceResult,
  transactionDetailsResult,
  transactionErrorResult,
  transactionReceiptResult,
  validate,
} from './schemas';
import { encodeErrorString } from './revert';
import { MAX_SIMULATED_LOGS, type CallFrameStatus, type SimulatedFrame } from './callTracer';
import type { AnswerLimits, JsonPoster } from './transport';
import { JsonRpcBatcher, type BatchSupport } from './jsonRpcBatch';
import { MAX_BLOCK_NUMBER } from './input';
import * as v from 'valibot';
import { fromOtsSearch, MAX_HISTORY_PAGE_SIZE, otsSearchResult, type HistoryTransaction } from './history';
import { DELEGATION_CODE, HEX_BYTES, HEX_PREFIX, HEX_QUANTITY, HEX_SAFE_INTEGER, isAddress, isHash, STORAGE_WORD } from './hex';

/** Erigon refuses page arguments above 255; stay under it everywhere. */
export const MAX_TRANSACTIONS_PAGE_SIZE = 100;

/** The highest page number every node takes (Erigon caps page arguments at 255). */
export const MAX_TRANSACTIONS_PAGE = 255;

/**
 * The most transactions a block can have for us to page through it: 256 pages of 100. No real block
 * comes near it (a 30M-gas HyperEVM block holds at most 1,428 plain transfers); a node that claims more
 * is answering something else, and the panel must not build a table of 2^32 rows for it.
 */
export const MAX_BLOCK_TRANSACTIONS = (MAX_TRANSACTIONS_PAGE + 1) * MAX_TRANSACTIONS_PAGE_SIZE;

const KB = 1024;
const MB = 1024 * KB;

/**
 * What each method's answer may hold: what it can legitimately return, with room to spare, so that no
 * answer holds the extension host's thread (where it is parsed) longer than its method needs. Bytes and
 * values (elements and members; see `jsonProblem`): a scalar is tiny; what carries a block or a
 * transaction's logs is not, and keeps the transport's 32 MB. The gas bounds are a 30M-gas block's.
 */
export const EVM_ANSWER_LIMITS = {
  /** A quantity in an envelope (~60 bytes); room for a JSON-RPC error with data. */
  eth_blockNumber: { maxBytes: 64 * KB, maxValues: 1000 },
  eth_getBalance: { maxBytes: 64 * KB, maxValues: 1000 },
  eth_getTransactionCount: { maxBytes: 64 * KB, maxValues: 1000 },
  /** Contract code: 24 KB by EIP-170 (48 KB as hex); room for larger limits to come (EIP-7907: 256 KB). */
  eth_getCode: { maxBytes: 1 * MB, maxValues: 1000 },
  /**
   * One transaction: its input is at most 128 KB in geth's and reth's pools (256 KB as hex), 16× that;
   * ~25 fields, an access list (≤ 16,000 keys by gas) and EIP-7702 authorizations (≤ 1,200 by gas).
   */
  eth_getTransactionByHash: { maxBytes: 4 * MB, maxValues: 100_000 },
  /** A header and the hashes of at most `MAX_BLOCK_TRANSACTIONS` transactions (1.8 MB, 25,600 values). */
  eth_getBlockByHash: { maxBytes: 4 * MB, maxValues: 100_000 },
  /** Revert data up to the 2 MB the schema reads (4 MB as hex). */
  ots_getTransactionError: { maxBytes: 5 * MB, maxValues: 1000 },
  /** Up to ~80,000 logs by gas (375 each; the schema reads 100,000), ~13 values each: ~32 MB. */
  eth_getTransactionReceipt: { maxBytes: 32 * MB, maxValues: 1_500_000 },
  /** Up to `MAX_TRACE_ENTRIES` (50,000) calls of ~8 values, each with its input. */
  ots_traceTransaction: { maxBytes: 32 * MB, maxValues: 500_000 },
  /** The same calls as a tree (callTracer), with gas, output and error per frame: ~12 values each. */
  debug_traceTransaction: { maxBytes: 32 * MB, maxValues: 800_000 },
  /** A quantity; a 32-byte word. */
  eth_chainId: { maxBytes: 64 * KB, maxValues: 1000 },
  eth_getStorageAt: { maxBytes: 64 * KB, maxValues: 1000 },
  /** A spec-shaped block holds all its transactions: up to `MAX_BLOCK_TRANSACTIONS` (25,600) of ~25 values, and the access lists. */
  ots_getBlockDetails: { maxBytes: 32 * MB, maxValues: 1_000_000 },
  /** 100 transactions with their input and receipts (a node may leave the receipts' logs in: a block's worth). */
  ots_getBlockTransactions: { maxBytes: 32 * MB, maxValues: 1_500_000 },
  /** Up to `MAX_HISTORY_ANSWER` transactions with their receipts (whose logs a node may leave in). */
  ots_searchTransactionsBefore: { maxBytes: 32 * MB, maxValues: 1_500_000 },
  ots_searchTransactionsAfter: { maxBytes: 32 * MB, maxValues: 1_500_000 },
  /** A call's return data, or its revert data: 1 MB as hex is far more than any view returns (a 10 MB answer is refused unread). */
  eth_call: { maxBytes: 2 * MB + 64 * KB, maxValues: 1000 },
  /** A quantity each, or an error with revert data. */
  eth_estimateGas: { maxBytes: 2 * MB + 64 * KB, maxValues: 1000 },
  eth_gasPrice: { maxBytes: 64 * KB, maxValues: 1000 },
  eth_bigBlockGasPrice: { maxBytes: 64 * KB, maxValues: 1000 },
  /** One call's tree (callTracer with logs), as `debug_traceTransaction`'s. */
  debug_traceCall: { maxBytes: 32 * MB, maxValues: 800_000 },
  /** One block with one call: its return data, gas and logs (up to `MAX_SIMULATED_LOGS`), and the block's header. */
  eth_simulateV1: { maxBytes: 32 * MB, maxValues: 800_000 },
} as const satisfies Record<string, AnswerLimits>;

export type EvmMethod = keyof typeof EVM_ANSWER_LIMITS;

export interface EvmClientOptions {
  /** Send the calls made at once as one JSON-RPC batch (default true; a provider that refuses batches is asked one call at a time by itself). */
  batch?: boolean;
}

/**
 * HyperEVM JSON-RPC: Otterscan's block details and transaction pages, the chain head, transactions and
 * addresses. Calls made at once go out as one batch (`jsonRpcBatch.ts`).
 */
export class EvmClient {
  private readonly batcher: JsonRpcBatcher;

  constructor(transport: JsonPoster, options: EvmClientOptions = {}) {
    this.batcher = new JsonRpcBatcher(transport, options.batch ?? true);
  }

  /** Whether this provider takes JSON-RPC batches, as far as known. */
  get batchSupport(): BatchSupport {
    return this.batcher.batchSupport;
  }

  /**
   * The block, its issuance and total fees. Throws `notFound` for a block the node does not have.
   * `latest` (the head) is a tag that newer reth and Erigon take, older nanoreth not (an `rpc` error).
   */
  async getBlockDetails(blockNumber: number | 'latest', signal?: AbortSignal): Promise<BlockDetails> {
    if (blockNumber !== 'latest') checkBlockNumber(blockNumber);
    const asked = blockNumber === 'latest' ? undefined : blockNumber;
    const result = await this.call('ots_getBlockDetails', [blockNumber], signal, asked);
    if (result === null || result === undefined)
      throw asked === undefined ? invalid(msg('The node’s answer to ots_getBlockDetails for the latest block is empty.')) : notFound(asked);
    const parsed = this.shape(blockDetailsResult, result, 'ots_getBlockDetails');
    checkTransactionCount(Number(parsed.block.number), parsed.block.transactionCount);
    return toBlockDetails(parsed, result, (message) => invalid(msg('The node’s answer to {0}', message)));
  }

  /**
   * One page of a block's transactions, ordered by `transactionIndex`. Page numbering follows the
   * node (Erigon and older reth count from the end of the block, newer reth from the start); callers
   * that want the whole block use `getAllTransactions`, which does not depend on the direction.
   */
  async getBlockTransactions(blockNumber: number | 'latest', page: number, pageSize: number, signal?: AbortSignal): Promise<TransactionPage> {
    if (blockNumber !== 'latest') checkBlockNumber(blockNumber);
    if (!Number.isInteger(page) || page < 0 || page > MAX_TRANSACTIONS_PAGE) {
      throw new ProviderError('badInput', msg('Page numbers go from 0 to {0}.', MAX_TRANSACTIONS_PAGE));
    }
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_TRANSACTIONS_PAGE_SIZE) {
      throw new ProviderError('badInput', msg('Page sizes go from 1 to {0}.', MAX_TRANSACTIONS_PAGE_SIZE));
    }
    const asked = blockNumber === 'latest' ? undefined : blockNumber;
    const result = await this.call('ots_getBlockTransactions', [blockNumber, page, pageSize], signal, asked);
    if (result === null || result === undefined)
      throw asked === undefined ? invalid(msg('The node’s answer to ots_getBlockTransactions for the latest block is empty.')) : notFound(asked);
    // toTransactionPage checks what the schema cannot (every transaction has a transactionIndex).
    const answer = this.shape(blockTransactionsResult, result, 'ots_getBlockTransactions', toTransactionPage);
    checkTransactionCount(Number(answer.blockNumber), answer.transactionCount);
    return answer;
  }

  /** The latest block number. */
  async getBlockNumber(signal?: AbortSignal): Promise<number> {
    const result = await this.call('eth_blockNumber', [], signal);
    const n = this.shape(v.pipe(v.string(), v.regex(HEX_SAFE_INTEGER)), result, 'eth_blockNumber');
    return Number.parseInt(n, 16);
  }

  /** The transaction with this hash, or null when the node does not know it (not on this chain, or dropped). */
  async getTransaction(hash: Hash, signal?: AbortSignal): Promise<TransactionDetails | null> {
    const asked = checkHash(hash);
    const method = 'eth_getTransactionByHash';
    const result = await this.call(method, [asked], signal);
    if (result === null) return null;
    const tx = this.shape(transactionDetailsResult, result, method, (t) => toTransactionDetails(t, result));
    checkSameHash(asked, tx.hash, method);
    return tx;
  }

  /** The receipt, or null while the transaction is pending (or when the node does not know it). */
  async getTransactionReceipt(hash: Hash, signal?: AbortSignal): Promise<TransactionReceipt | null> {
    const asked = checkHash(hash);
    const method = 'eth_getTransactionReceipt';
    const result = await this.call(method, [asked], signal);
    if (result === null) return null;
    const logs = typeof result === 'object' && !Array.isArray(result) ? (result as { logs?: unknown }).logs : undefined;
    if (Array.isArray(logs) && logs.length > MAX_RECEIPT_LOGS) {
      const [count, max] = [logs.length.toLocaleString('en-US'), MAX_RECEIPT_LOGS.toLocaleString('en-US')];
      throw invalid(msg('The node’s answer to {0} has {1} logs: more than this explorer reads ({2}).', method, count, max));
    }
    // The logs by hand where they are as the schema reads them (fast), else the schema (which says why not).
    const read = Array.isArray(logs) ? await readInSlices(logs, readLogs, signal) : undefined;
    const parsed = read ? { ...this.shape(receiptWithoutLogsResult, result, method), logs: read } : this.shape(transactionReceiptResult, result, method);
    checkSameHash(asked, parsed.transactionHash, method);
    return toTransactionReceipt(parsed, result);
  }

  /**
   * The revert data of a failed transaction (0x hex, lowercase), `0x` when there is none. Erigon sends
   * `0x` for a transaction that did not revert, reth null; a node that sends the reason as a sentence
   * (Chainstack's documentation shows `"execution reverted: insufficient balance"`) gets it back as
   * `Error(string)` data, so that `decodeRevert` reads all three alike.
   */
  async getTransactionError(hash: Hash, signal?: AbortSignal): Promise<string> {
    const asked = checkHash(hash);
    const method = 'ots_getTransactionError';
    const result = this.shape(transactionErrorResult, await this.call(method, [asked], signal), method);
    if (result === null) return '0x';
    if (isRevertData(result)) return result.toLowerCase();
    if (HEX_PREFIX.test(result)) throw invalid(msg('The node’s answer to {0} is neither 0x hex bytes nor a sentence.', method));
    const sentence = result.replace(/^\s*execution reverted:?\s*/i, '').trim();
    return sentence === '' ? '0x' : encodeErrorString(sentence.slice(0, 2000));
  }

  /**
   * The calls, creates and self-destructs inside a transaction (`ots_traceTransaction`), in the node's
   * order. A node without the method throws an `rpc` error with `rpcCode` -32601; one that has no trace
   * for it (reth: null) a `notFound` error.
   */
  async traceTransaction(hash: Hash, signal?: AbortSignal): Promise<TraceEntry[]> {
    const asked = checkHash(hash);
    const method = 'ots_traceTransaction';
    const result = await this.call(method, [asked], signal);
    if (result === null) throw new ProviderError('notFound', msg('The node has no trace of transaction {0}.', shortHash(asked)), { endpoint: 'evm' });
    // Counted before the entries are checked one by one: a trace of a million entries is refused at once.
    if (Array.isArray(result) && result.length > MAX_TRACE_ENTRIES) {
      const [count, max] = [result.length.toLocaleString('en-US'), MAX_TRACE_ENTRIES.toLocaleString('en-US')];
      throw invalid(msg('The node’s answer to {0} has {1} entries: more than this explorer reads ({2}).', method, count, max));
    }
    // The entries by hand where they are as the schema reads them (fast), else the schema (which says why not).
    return (Array.isArray(result) && (await readInSlices(result, readTrace, signal))) || this.shape(traceResult, result, method, toTrace);
  }

  /**
   * Which calls of a transaction failed: `debug_traceTransaction` with the `callTracer` (anvil, geth,
   * reth and Erigon serve it; many providers do not), its frames in `ots_traceTransaction`'s order.
   */
  async traceCallFrames(hash: Hash, signal?: AbortSignal): Promise<CallFrameStatus[]> {
    const asked = checkHash(hash);
    const method = 'debug_traceTransaction';
    const result = await this.call(method, [asked, { tracer: 'callTracer' }], signal);
    if (result === null) throw new ProviderError('notFound', msg('The node has no trace of transaction {0}.', shortHash(asked)), { endpoint: 'evm' });
    // Its reader is loaded with the first failed transaction's page, not with the client (at activation).
    const frames = (await import('./callTracer')).flattenCallTrace(result);
    if (typeof frames === 'string') throw invalid(msg('The node’s answer to {0}', `${method}: ${frames}.`));
    return frames;
  }

  /**
   * `eth_call` of `call` at `block` (nothing is signed or sent: the node runs it and forgets it). A revert
   * is an answer, not an error: its data (0x hex, lowercase; `0x` when the node gives none).
   */
  async callContract(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<CallResult> {
    const method = 'eth_call';
    const response = await this.envelope(method, [callParams(call), blockParam(block)], signal, typeof block === 'number' ? block : undefined);
    if (response.error) {
      const reverted = revertOf(response.error);
      if (reverted !== undefined) return { kind: 'reverted', data: reverted };
      throw this.rpcError(method, response.error.code, response.error.message ?? '');
    }
    const data = this.shape(v.pipe(v.string(), v.regex(HEX_BYTES), v.maxLength(2 * MB + 2)), response.result, method);
    return { kind: 'returned', data: data.toLowerCase() as `0x${string}` };
  }

  /** `eth_estimateGas` of `call` at `block`: the gas it would use; a revert comes back as `CallResult` too. */
  async estimateGas(
    call: CallRequest,
    block: BlockTag,
    signal?: AbortSignal,
  ): Promise<{ kind: 'gas'; gas: bigint } | { kind: 'reverted'; data: `0x${string}` }> {
    const method = 'eth_estimateGas';
    const response = await this.envelope(method, [callParams(call), blockParam(block)], signal, typeof block === 'number' ? block : undefined);
    if (response.error) {
      const reverted = revertOf(response.error);
      if (reverted !== undefined) return { kind: 'reverted', data: reverted };
      throw this.rpcError(method, response.error.code, response.error.message ?? '');
    }
    return { kind: 'gas', gas: BigInt(this.shape(v.pipe(v.string(), v.regex(HEX_QUANTITY)), response.result, method)) };
  }

  /** The gas price of HyperEVM's small blocks (`eth_gasPrice`), in wei. */
  async getGasPrice(signal?: AbortSignal): Promise<bigint> {
    return BigInt(this.shape(v.pipe(v.string(), v.regex(HEX_QUANTITY)), await this.call('eth_gasPrice', [], signal), 'eth_gasPrice'));
  }

  /** The gas price of HyperEVM's big blocks (`eth_bigBlockGasPrice`, docs/FACTS.md), in wei; other nodes refuse it (-32601). */
  async getBigBlockGasPrice(signal?: AbortSignal): Promise<bigint> {
    const method = 'eth_bigBlockGasPrice';
    return BigInt(this.shape(v.pipe(v.string(), v.regex(HEX_QUANTITY)), await this.call(method, [], signal), method));
  }

  /**
   * `debug_traceCall` with the `callTracer` and its logs: the call tree `call` would make at `block`, frame
   * by frame (input, output, gas, error, logs), read as a bounded flat list (`callTracer.ts`).
   */
  async traceCall(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<SimulatedFrame[]> {
    const method = 'debug_traceCall';
    const params = [callParams(call), blockParam(block), { tracer: 'callTracer', tracerConfig: { withLog: true } }];
    const result = await this.call(method, params, signal, typeof block === 'number' ? block : undefined);
    const frames = (await import('./callTracer')).readSimulatedTrace(result);
    if (typeof frames === 'string') throw invalid(msg('The node’s answer to {0}', `${method}: ${frames}.`));
    return frames;
  }

  /**
   * `eth_simulateV1` of `call` alone in one block on top of `block` (no validation: any sender, no balance
   * check): its status, return (or revert) data, gas used and logs. No call tree: the spec's answer has none.
   */
  async simulateV1(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<SimulatedV1> {
    const method = 'eth_simulateV1';
    const params = [{ blockStateCalls: [{ calls: [callParams(call)] }], validation: false }, blockParam(block)];
    const result = await this.call(method, params, signal, typeof block === 'number' ? block : undefined);
    return this.shape(simulateV1Result, result, method, (blocks) => simulatedOf(blocks[0]!.calls[0]!));
  }

  /**
   * `eth_simulateV1` of `calls` in order, all in one block on top of `block` (no validation): each call
   * runs on the state the ones before it left. A call with `to: null` creates a contract. What each says,
   * in order (at most `MAX_SEQUENCE_CALLS`).
   */
  async simulateCallsV1(calls: readonly SequenceCall[], block: BlockTag, signal?: AbortSignal): Promise<SimulatedV1[]> {
    const method = 'eth_simulateV1';
    if (calls.length === 0 || calls.length > MAX_SEQUENCE_CALLS) throw new ProviderError('badInput', msg('From 1 to {0} calls.', String(MAX_SEQUENCE_CALLS)));
    const params = [{ blockStateCalls: [{ calls: calls.map(sequenceParams) }], validation: false }, blockParam(block)];
    const result = await this.call(method, params, signal, typeof block === 'number' ? block : undefined);
    return this.shape(simulateV1Results(calls.length), result, method, (blocks) => blocks[0]!.calls.map(simulatedOf));
  }

  /** The chain this node serves (`eth_chainId`). */
  async getChainId(signal?: AbortSignal): Promise<number> {
    const result = await this.call('eth_chainId', [], signal);
    const n = this.shape(v.pipe(v.string(), v.regex(HEX_SAFE_INTEGER)), result, 'eth_chainId');
    return Number.parseInt(n, 16);
  }

  /** The 32-byte word at `slot` of `address`'s storage, at the latest block (0x + 64 hex digits, lowercase). */
  async getStorageAt(address: Address, slot: Hash, signal?: AbortSignal): Promise<Hash> {
    if (!isAddress(address)) throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
    const word = this.shape(
      v.pipe(v.string(), v.regex(STORAGE_WORD)),
      await this.call('eth_getStorageAt', [address.toLowerCase(), checkHash(slot), 'latest'], signal),
      'eth_getStorageAt',
    );
    return `0x${word.slice(2).toLowerCase().padStart(64, '0')}`;
  }

  /** The number of the block with this hash, or null when the node has no such block. */
  async getBlockNumberByHash(hash: Hash, signal?: AbortSignal): Promise<bigint | null> {
    const asked = checkHash(hash);
    const method = 'eth_getBlockByHash';
    const result = await this.call(method, [asked, false], signal);
    if (result === null) return null;
    const block = this.shape(blockByHashResult, result, method);
    checkSameHash(asked, block.hash, method);
    return block.number;
  }

  /** Contract or account, and the HYPE balance, at the latest block (`eth_getCode` and `eth_getBalance`). */
  async getAddressSummary(address: Address, signal?: AbortSignal): Promise<AddressSummary> {
    if (!isAddress(address)) throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
    const asked = address.toLowerCase() as Address;
    const [code, balance] = await Promise.all([
      this.call('eth_getCode', [asked, 'latest'], signal).then((r) => this.shape(codeResult, r, 'eth_getCode')),
      this.call('eth_getBalance', [asked, 'latest'], signal).then((r) => this.shape(balanceResult, r, 'eth_getBalance')),
    ]);
    // An EIP-7702 account delegates to code (0xef0100 + the address) but stays an account that signs.
    const kind = code === '0x' || DELEGATION_CODE.test(code) ? 'account' : 'contract';
    return kind === 'contract' ? { address: asked, kind, balance, codeBytes: (code.length - 2) / 2 } : { address: asked, kind, balance };
  }

  /** How many transactions `address` has sent (`eth_getTransactionCount` at the latest block). */
  async getNonce(address: Address, signal?: AbortSignal): Promise<bigint> {
    if (!isAddress(address)) throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
    return this.shape(balanceResult, await this.call('eth_getTransactionCount', [address.toLowerCase(), 'latest'], signal), 'eth_getTransactionCount');
  }

  /**
   * One page of `address`'s transactions (Otterscan's search; docs/FACTS.md#history), newest first:
   * `before` a block (0: from the newest), or `after` one (0: from the first), `pageSize` of them or a
   * few more (a node includes the whole of the last block it reaches). A node without the search throws
   * an `rpc` error with `rpcCode` -32601.
   */
  async searchTransactions(
    direction: 'before' | 'after',
    address: Address,
    block: number,
    pageSize: number,
    signal?: AbortSignal,
  ): Promise<{ transactions: HistoryTransaction[]; newest: boolean; oldest: boolean }> {
    if (!isAddress(address)) throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
    checkBlockNumber(block);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_HISTORY_PAGE_SIZE) {
      throw new ProviderError('badInput', msg('Page sizes go from 1 to {0}.', MAX_HISTORY_PAGE_SIZE));
    }
    const method = direction === 'before' ? 'ots_searchTransactionsBefore' : 'ots_searchTransactionsAfter';
    const result = await this.call(method, [address.toLowerCase(), block, pageSize], signal);
    const page = this.shape(otsSearchResult, result, method, fromOtsSearch);
    if (typeof page === 'string') throw invalid(msg('The node’s answer to {0}', `${method}: ${page}.`));
    return page;
  }

  /** Validates `value` (and maps it, when `map` is given); a wrong shape becomes an `invalidResponse` error. */
  private shape<S extends v.GenericSchema, T = v.InferOutput<S>>(schema: S, value: unknown, method: string, map?: (parsed: v.InferOutput<S>) => T): T {
    try {
      const parsed = validate(schema, value, method);
      return map ? map(parsed) : (parsed as T);
    } catch (e) {
      if (e instanceof InvalidShapeError) throw invalid(msg('The node’s answer to {0}', e.message));
      throw e;
    }
  }

  /** The JSON-RPC answer, checked as an answer to this request (id, shape); its error is the caller's to read. */
  private async envelope(
    method: EvmMethod,
    params: unknown[],
    signal: AbortSignal | undefined,
    blockNumber?: number,
  ): Promise<v.InferOutput<typeof jsonRpcResponse>> {
    const { id, json } = await this.batcher.send(method, params, EVM_ANSWER_LIMITS[method], signal);
    // valibot's object schemas also take arrays: a JSON array (or any non-object) is no JSON-RPC answer.
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw invalid(msg('The node’s answer to {0} is not a JSON-RPC response (expected an object with a result or an error).', method));
    }
    const response = this.shape(jsonRpcResponse, json, `${method} (JSON-RPC envelope)`);
    // A node that could not read a request answers with an error and id null (JSON-RPC 2.0, section 5).
    const unattributedError = response.error !== undefined && (response.id === null || response.id === undefined);
    if (response.id !== id && !unattributedError) {
      if (response.id === undefined) throw invalid(msg('The node’s answer to {0} is not a JSON-RPC response (it has no id).', method));
      throw invalid(msg('The node answered a different request (JSON-RPC id {0}, expected {1}).', oneLine(JSON.stringify(response.id)).slice(0, 40), id));
    }
    if (response.error) {
      const { code, message = '' } = response.error;
      if (blockNumber !== undefined && isBlockNotFound(code, message)) throw notFound(blockNumber);
      if (code === -32601) throw this.rpcError(method, code, message);
    } else if (!('result' in response)) throw invalid(msg('The node’s answer to {0} has neither a result nor an error.', method));
    return response;
  }

  private rpcError(method: string, code: number, message: string): ProviderError {
    if (code === -32601) {
      const text = msg('This node does not support {0} (JSON-RPC error -32601). Use a provider with the Otterscan (ots_*) methods.', method);
      return new ProviderError('rpc', text, { rpcCode: code, endpoint: 'evm' });
    }
    return new ProviderError('rpc', msg('The node returned JSON-RPC error {0}: {1}', code, oneLine(message)), { rpcCode: code, endpoint: 'evm' });
  }

  private async call(method: EvmMethod, params: unknown[], signal: AbortSignal | undefined, blockNumber?: number): Promise<unknown> {
    const response = await this.envelope(method, params, signal, blockNumber);
    if (response.error) throw this.rpcError(method, response.error.code, response.error.message ?? '');
    return response.result;
  }
}

/** reth/nanoreth: -32001 "block not found: 0x…"; Erigon (Dec 2025): -32000 "block not found: …". */
export function isBlockNotFound(code: number, message: string): boolean {
  return code === -32001 || (code === -32000 && /not\s*found|unknown block|no such block/i.test(message));
}

/** The entries read at once by `readInSlices`: 5,000 logs or calls are ~5–8 ms of checks. */
const READ_SLICE = 5_000;

/**
 * `read` (a fast path that checks each entry on its own: `readLogs`, `readTrace`) over `items`,
 * `READ_SLICE` at a time with a turn of the event loop between, so that 50,000 logs (~70 ms of checks)
 * never hold the extension host's loop at once. Undefined as soon as one slice is undefined.
 */
async function readInSlices<T>(items: readonly unknown[], read: (part: readonly unknown[]) => T[] | undefined, signal?: AbortSignal): Promise<T[] | undefined> {
  if (items.length <= READ_SLICE) return read(items);
  const out: T[] = [];
  for (let at = 0; at < items.length; at += READ_SLICE) {
    if (at > 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw cancelledError('evm');
    }
    const part = read(items.slice(at, at + READ_SLICE));
    if (!part) return undefined;
    for (const entry of part) out.push(entry);
  }
  return out;
}

function checkBlockNumber(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_BLOCK_NUMBER) {
    throw new ProviderError('badInput', msg('A block number is a whole number from 0 to 2^53 − 1.'));
  }
}

/**
 * For callers that show a block: a node (or a cache in front of it) that answers with another block
 * than the one asked for. The client hands on what the node said; the block panel and the hover check.
 */
export function checkAnswerFor(asked: number, answered: bigint, method: string): void {
  if (answered !== BigInt(asked)) {
    throw invalid(
      msg('The node’s answer to {0} is block {1}, not block {2} as asked.', method, answered.toLocaleString('en-US'), asked.toLocaleString('en-US')),
    );
  }
}

function checkTransactionCount(blockNumber: number, count: number): void {
  if (count > MAX_BLOCK_TRANSACTIONS) {
    const [n, holds, max] = [blockNumber, count, MAX_BLOCK_TRANSACTIONS].map((x) => x.toLocaleString('en-US'));
    throw invalid(msg('The node says block {0} holds {1} transactions: more than any block can (this explorer reads up to {2}).', n!, holds!, max!));
  }
}

/** A transaction or block hash: 0x + 64 hex digits; sent in lowercase. */
function checkHash(hash: string): Hash {
  if (!isHash(hash)) throw new ProviderError('badInput', msg('A transaction or block hash is 0x followed by 64 hex digits.'));
  return hash.toLowerCase() as Hash;
}

/** A node (or a cache in front of it) that answers for another hash than the one asked. */
function checkSameHash(asked: Hash, answered: Hash, method: string): void {
  if (answered !== asked) throw invalid(msg('The node’s answer to {0} is for {1}, not {2} as asked.', method, shortHash(answered), shortHash(asked)));
}

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-8)}`;
}

function notFound(blockNumber: number): ProviderError {
  return new ProviderError('notFound', msg('Block {0} does not exist (yet) on this chain.', blockNumber.toLocaleString('en-US')), { endpoint: 'evm' });
}

function invalid(message: Message): ProviderError {
  return new ProviderError('invalidResponse', message, { endpoint: 'evm' });
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

/** A call to run without sending it: `eth_call`, `eth_estimateGas`, `debug_traceCall`. */
export interface CallRequest {
  from?: Address;
  to: Address;
  /** Calldata, 0x hex. */
  data: `0x${string}`;
  /** Wei; none is 0. */
  value?: bigint;
  /** Gas limit; none lets the node choose. */
  gas?: bigint;
}

/** Which state a call runs on: a block number or the head. */
export type BlockTag = number | 'latest';

export type CallResult = { kind: 'returned'; data: `0x${string}` } | { kind: 'reverted'; data: `0x${string}` };

/** The most calldata sent with a call (a contract's code is at most 24 KB; calldata beyond 128 KB no pool takes). */
export const MAX_CALLDATA_BYTES = 128 * 1024;

function callParams(call: CallRequest): Record<string, string> {
  if (!isAddress(call.to) || (call.from !== undefined && !isAddress(call.from)))
    throw new ProviderError('badInput', msg('An address is 0x followed by 40 hex digits.'));
  if (!HEX_BYTES.test(call.data) || call.data.length > 2 + 2 * MAX_CALLDATA_BYTES)
    throw new ProviderError('badInput', msg('Calldata is 0x followed by whole bytes in hex, up to 128 KB.'));
  const params: Record<string, string> = { to: call.to.toLowerCase(), data: call.data.toLowerCase() };
  if (call.from) params.from = call.from.toLowerCase();
  if (call.value !== undefined && call.value > 0n) params.value = toQuantity(call.value);
  if (call.gas !== undefined) params.gas = toQuantity(call.gas);
  return params;
}

/** What `eth_simulateV1` says of one call. */
export interface SimulatedV1 {
  reverted: boolean;
  data: `0x${string}`;
  gasUsed: bigint;
  logs: Array<{ address: Address; topics: `0x${string}`[]; data: `0x${string}` }>;
  /** The node's words for a failure ("execution reverted"), one line. */
  error: string | null;
}

const hexBytes = v.pipe(v.string(), v.regex(HEX_BYTES));
const simulateV1Log = v.object({
  address: v.pipe(
    v.string(),
    v.check((x: string) => isAddress(x)),
  ),
  topics: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.check((x: string) => isHash(x)),
      ),
    ),
    v.maxLength(4),
  ),
  data: hexBytes,
});
const simulateV1Call = v.object({
  status: v.pipe(v.string(), v.regex(HEX_QUANTITY)),
  returnData: hexBytes,
  gasUsed: v.pipe(v.string(), v.regex(HEX_QUANTITY)),
  logs: v.optional(v.pipe(v.array(simulateV1Log), v.maxLength(MAX_SIMULATED_LOGS)), []),
  error: v.optional(v.nullable(v.object({ message: v.optional(v.pipe(v.string(), v.maxLength(2000))) }))),
});
/** One block with `calls` calls (what was asked); extra fields ignored, logs capped. */
const simulateV1Results = (calls: number) => v.pipe(v.array(v.object({ calls: v.pipe(v.array(simulateV1Call), v.length(calls)) })), v.length(1));
const simulateV1Result = simulateV1Results(1);

function simulatedOf(c: v.InferOutput<typeof simulateV1Call>): SimulatedV1 {
  return {
    reverted: BigInt(c.status) !== 1n,
    data: (c.returnData.toLowerCase() || '0x') as `0x${string}`,
    gasUsed: BigInt(c.gasUsed),
    logs: c.logs.map((l) => ({
      address: l.address.toLowerCase() as Address,
      topics: l.topics.map((x) => x.toLowerCase() as `0x${string}`),
      data: l.data.toLowerCase() as `0x${string}`,
    })),
    error: c.error?.message ?? null,
  };
}

/** A call of a sequence: `to: null` creates a contract with `data` as its init code. */
export type SequenceCall = Omit<CallRequest, 'to'> & { to: Address | null };
/** The most calls simulated in one block. */
export const MAX_SEQUENCE_CALLS = 200;

function sequenceParams(call: SequenceCall): Record<string, string> {
  if (call.to !== null) return callParams({ ...call, to: call.to });
  const params = callParams({ ...call, to: '0x0000000000000000000000000000000000000000' });
  delete params.to;
  return params;
}

function toQuantity(n: bigint): string {
  if (n < 0n || n >= 1n << 256n) throw new ProviderError('badInput', msg('A value is a whole number from 0 to 2^256 − 1.'));
  return `0x${n.toString(16)}`;
}

function blockParam(block: BlockTag): string {
  if (block === 'latest') return block;
  checkBlockNumber(block);
  return `0x${block.toString(16)}`;
}

/**
 * A node's word that the call reverted: geth and reth answer code 3 ("execution reverted") with the revert
 * data in `data`; anvil and older nodes -32000/-32003 with it too, or a reason in the message only. Any
 * other error (a block not found, out of gas, a bad request) is not a revert.
 */
function revertOf(error: { code: number; message?: string; data?: unknown }): `0x${string}` | undefined {
  const message = error.message ?? '';
  const data =
    typeof error.data === 'string'
      ? error.data
      : typeof (error.data as { data?: unknown } | undefined)?.data === 'string'
        ? (error.data as { data: string }).data
        : undefined;
  const reverted = error.code === 3 || /revert/i.test(message);
  if (!reverted) return undefined;
  if (data !== undefined && isRevertData(data)) return data.toLowerCase() as `0x${string}`;
  const sentence = message.replace(/^\s*execution reverted:?\s*/i, '').trim();
  return (sentence === '' || sentence.toLowerCase() === 'execution reverted' ? '0x' : encodeErrorString(sentence.slice(0, 2000))) as `0x${string}`;
}
