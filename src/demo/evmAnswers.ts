// The demo node's `/evm` answers: JSON-RPC request text in, response text out. No HTTP here.
import { DEMO_BLOCKS, DEMO_CHAIN_ID, demoBlockDetails, demoHead, demoBlockExists, demoBlockTransactions, type PageDirection } from './chain';
import { quantity } from './random';
import { json, type Reply } from './replies';
import {
  demoBalance,
  demoBlockByHashJson,
  demoCallTrace,
  demoCode,
  demoReceiptJson,
  demoRevertData,
  demoTrace,
  demoTransactionJson,
  findDemoTransaction,
} from './transactions';
import { isAddress, isHash, isHexQuantity } from '../core/hex';
import { demoNonce, demoSearchTransactions } from './addressSearch';
import { demoCallOf, demoEstimateGas, demoEthCall, demoTraceCall } from './precompileAnswers';

const DETAILS_CACHE_SIZE = 128;
const NONE: ReadonlySet<string> = new Set();

/**
 * The most calls in one batch, as Erigon's default (`--rpc.batch.limit` 100), with its error. The
 * extension never batches; without a cap one 1 MB batch holds ~12,000 calls, and answering them all
 * held the extension host (where the demo node runs) for 25 s and grew it to 3.8 GB.
 */
export const DEMO_MAX_BATCH = 100;

/**
 * The most bytes of answers the node builds for one request. Above the largest answer it has (the
 * 10,000-transaction block in one `ots_getBlockDetails`, 2.3 MB); past it, the rest of a batch is
 * answered with geth's "response too large" (-32003) instead of being built, which bounds both the
 * memory and the time one request costs (a batch of 100 pages of the 10,000-transaction block
 * would be 9.8 MB).
 */
export const DEMO_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The most time one batch may spend building answers (on the extension host's thread, where the demo
 * node runs); the calls left get geth's "request timed out" (-32002). Bytes alone do not bound it: a
 * page of the 10,000-transaction block takes ~11 ms to build for its 120 KB.
 */
export const DEMO_BATCH_BUDGET_MS = 100;

/** A transaction hash as the only parameter (any case), or undefined. */
function hashArg(params: unknown[]): string | undefined {
  const [hash] = params;
  return params.length === 1 && isHash(hash) ? hash.toLowerCase() : undefined;
}

export type JsonRpcId = number | string | null;

function rpcError(id: JsonRpcId, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify({ code, message })}}`;
}

function rpcResult(id: JsonRpcId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}

/** geth's answer to a call of a batch past its limits: -32003 past the bytes, -32002 past the time. */
function errorFor(call: unknown, code: number, message: string): string {
  const id = typeof call === 'object' && call !== null ? (call as Record<string, unknown>).id : undefined;
  return rpcError(typeof id === 'number' || typeof id === 'string' ? id : null, code, message);
}

function otherId(id: JsonRpcId): JsonRpcId {
  if (typeof id === 'number') return id + 1000;
  if (typeof id === 'string') return id + '-other';
  return 1;
}

/** A block argument: a JSON integer, a hex string or a tag. `bigint` so that huge hex numbers stay exact. */
function blockArg(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value !== 'string') return undefined;
  if (isHexQuantity(value)) return BigInt(value);
  if (value === 'latest' || value === 'safe' || value === 'finalized' || value === 'pending') return BigInt(demoHead());
  if (value === 'earliest') return 0n;
  return undefined;
}

function notFound(id: JsonRpcId, n: bigint): string {
  return rpcError(id, -32001, `block not found: 0x${n.toString(16)}`);
}

export interface EvmAnswerOptions {
  /** The head block's timestamp, in seconds. */
  headTimestamp: number;
  /** Which end of a block `ots_getBlockTransactions` page 0 holds. */
  direction: PageDirection;
  /** Largest page number and page size accepted; `null` for none. */
  pageCap: number | null;
  /** Methods this node does not have at all (answered -32601), besides those a fault takes away. */
  unsupported?: ReadonlySet<string>;
  /** What `eth_chainId` answers (default `DEMO_CHAIN_ID`, mainnet's 999). */
  chainId?: number;
  /** Blocks below this are pruned here too (QuickNode's `/evm` keeps only recent ones); default none beyond the chain's own. */
  keptFrom?: number;
  /**
   * Leave system transactions out, as Chainstack's hl-node-compliant `/evm` does (its node docs): out of
   * blocks, and a `null` receipt for one asked by hash (the transaction itself is still answered).
   */
  systemTxsLeftOut?: boolean;
  /** The demo accounts' stage (the control endpoint's `account` step), for the read precompiles' answers. */
  accountStage?: () => number;
}

/** What the demo's gas prices are, in wei: small blocks (`eth_gasPrice`) and big blocks (`eth_bigBlockGasPrice`). */
export const DEMO_GAS_PRICE = 100_000_000n;
export const DEMO_BIG_BLOCK_GAS_PRICE = 1_000_000_000n;

/** Answers `/evm` bodies (single calls and batches). Keeps the last block details it serialized. */
export class EvmAnswers {
  private readonly detailsCache = new Map<number, string>();

  constructor(private readonly options: EvmAnswerOptions) {}

  /**
   * `wrongId`: answer with another id than asked (a fault). `unsupported`: methods to answer with
   * -32601 as a node without them does (a fault: a node without `ots_traceTransaction`).
   */
  reply(body: string, wrongId = false, unsupported: ReadonlySet<string> = NONE): Reply {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return json(rpcError(null, -32700, 'Parse error'));
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return json(rpcError(null, -32600, 'Invalid request'));
      if (parsed.length > DEMO_MAX_BATCH) {
        // Erigon's own shape: one error object, not an array.
        return json(
          rpcError(null, -32000, `batch limit ${DEMO_MAX_BATCH} exceeded (can increase by --rpc.batch.limit). Requested batch of size: ${parsed.length}`),
        );
      }
      return json(`[${this.batch(parsed, wrongId, unsupported).join(',')}]`);
    }
    return json(this.bounded(this.call(parsed, wrongId, unsupported), parsed));
  }

  /**
   * Each call's answer, until their bytes pass `DEMO_MAX_ANSWER_BYTES` or their time
   * `DEMO_BATCH_BUDGET_MS`; the rest only get an error.
   */
  private batch(calls: unknown[], wrongId: boolean, unsupported: ReadonlySet<string>): string[] {
    const answers: string[] = [];
    const started = performance.now();
    let bytes = 0;
    for (const call of calls) {
      let answer: string;
      if (bytes > DEMO_MAX_ANSWER_BYTES) answer = errorFor(call, -32003, 'response too large');
      else if (performance.now() - started > DEMO_BATCH_BUDGET_MS) answer = errorFor(call, -32002, 'request timed out');
      else answer = this.call(call, wrongId, unsupported);
      bytes += answer.length;
      answers.push(answer);
    }
    return answers;
  }

  private bounded(answer: string, call: unknown): string {
    return answer.length > DEMO_MAX_ANSWER_BYTES ? errorFor(call, -32003, 'response too large') : answer;
  }

  private call(request: unknown, wrongId: boolean, unsupported: ReadonlySet<string>): string {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return rpcError(null, -32600, 'Invalid request');
    const r = request as Record<string, unknown>;
    const rawId = r.id === undefined ? null : r.id;
    if (!(rawId === null || typeof rawId === 'number' || typeof rawId === 'string') || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
      return rpcError(null, -32600, 'Invalid request');
    }
    const id = wrongId ? otherId(rawId) : rawId;
    const params = r.params === undefined ? [] : r.params;
    if (!Array.isArray(params)) return rpcError(id, -32602, 'Invalid params');
    const { pageCap, direction, headTimestamp } = this.options;
    if (unsupported.has(r.method) || this.options.unsupported?.has(r.method)) return rpcError(id, -32601, 'Method not found');
    switch (r.method) {
      case 'eth_blockNumber':
        return rpcResult(id, JSON.stringify(quantity(demoHead())));
      case 'eth_chainId':
        return rpcResult(id, JSON.stringify(quantity(this.options.chainId ?? DEMO_CHAIN_ID)));
      case 'ots_getApiLevel':
        return rpcResult(id, '8'); // anvil's and reth's level
      case 'ots_getBlockDetails': {
        const n = blockArg(params[0]);
        if (n === undefined || params.length !== 1) return rpcError(id, -32602, 'Invalid params');
        if (!this.kept(n)) return notFound(id, n);
        return rpcResult(id, this.detailsJson(Number(n)) as string);
      }
      case 'ots_getBlockTransactions': {
        const n = blockArg(params[0]);
        const [, page, size] = params;
        const ok = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && (pageCap === null || x <= pageCap);
        if (n === undefined || params.length !== 3 || !ok(page) || !ok(size)) return rpcError(id, -32602, 'Invalid params');
        if (!this.kept(n)) return notFound(id, n);
        const answer = demoBlockTransactions(Number(n), page as number, size as number, direction, headTimestamp, this.options.systemTxsLeftOut);
        return rpcResult(id, JSON.stringify(answer));
      }
      case 'eth_getTransactionByHash':
      case 'eth_getTransactionReceipt': {
        const hash = hashArg(params);
        if (hash === undefined) return rpcError(id, -32602, 'Invalid params');
        if (r.method === 'eth_getTransactionByHash') return rpcResult(id, JSON.stringify(demoTransactionJson(hash)));
        if (this.options.systemTxsLeftOut && findDemoTransaction(hash)?.t.system) return rpcResult(id, 'null');
        return rpcResult(id, JSON.stringify(demoReceiptJson(hash, headTimestamp)));
      }
      case 'ots_getTransactionError':
      case 'ots_traceTransaction': {
        const hash = hashArg(params);
        if (hash === undefined) return rpcError(id, -32602, 'Invalid params');
        const result = r.method === 'ots_getTransactionError' ? demoRevertData(hash) : demoTrace(hash);
        // Erigon: an unknown transaction is an error, not null.
        if (result === undefined) return rpcError(id, -32000, 'transaction not found');
        return rpcResult(id, JSON.stringify(result));
      }
      case 'debug_traceTransaction': {
        const hash = isHash(params[0]) ? params[0] : undefined;
        const tracer = (params[1] as { tracer?: unknown } | undefined)?.tracer;
        if (hash === undefined || tracer !== 'callTracer') return rpcError(id, -32602, 'Invalid params: only the callTracer is served');
        const result = demoCallTrace(hash);
        if (result === undefined) return rpcError(id, -32000, 'transaction not found');
        return rpcResult(id, JSON.stringify(result));
      }
      case 'eth_getStorageAt': {
        // No proxies on the demo chain: every slot is empty.
        if (!isAddress(params[0]) || !isHash(params[1])) return rpcError(id, -32602, 'Invalid params');
        return rpcResult(id, JSON.stringify(`0x${'0'.repeat(64)}`));
      }
      case 'eth_getBlockByHash': {
        const hash = isHash(params[0]) ? params[0] : undefined;
        if (hash === undefined || params.length !== 2 || typeof params[1] !== 'boolean') return rpcError(id, -32602, 'Invalid params');
        // Only the hashes of the transactions: this demo answers `false` for `true` too (the client asks `false`).
        return rpcResult(id, JSON.stringify(demoBlockByHashJson(hash, headTimestamp)));
      }
      case 'eth_getBalance':
      case 'eth_getCode': {
        const address = isAddress(params[0]) ? params[0] : undefined;
        const block = params.length === 1 ? BigInt(demoHead()) : blockArg(params[1]);
        if (address === undefined || params.length > 2 || block === undefined) return rpcError(id, -32602, 'Invalid params');
        if (block > BigInt(demoHead())) return rpcError(id, -32000, 'header not found');
        // The demo keeps no history: every block sees the head's code and balances.
        return rpcResult(id, JSON.stringify(r.method === 'eth_getCode' ? demoCode(address) : quantity(demoBalance(address))));
      }
      case 'ots_searchTransactionsBefore':
      case 'ots_searchTransactionsAfter': {
        const [address, block, size] = params;
        const whole = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
        if (!isAddress(address) || !whole(block) || !whole(size) || (size as number) < 1 || (size as number) > 100 || params.length !== 3)
          return rpcError(id, -32602, 'Invalid params');
        const direction = r.method === 'ots_searchTransactionsBefore' ? 'before' : 'after';
        return rpcResult(id, JSON.stringify(demoSearchTransactions(direction, address, block as number, size as number, headTimestamp)));
      }
      case 'eth_getTransactionCount': {
        const address = isAddress(params[0]) ? params[0] : undefined;
        if (address === undefined) return rpcError(id, -32602, 'Invalid params');
        return rpcResult(id, JSON.stringify(quantity(demoNonce(address))));
      }
      case 'eth_gasPrice':
        return rpcResult(id, JSON.stringify(quantity(DEMO_GAS_PRICE)));
      case 'eth_bigBlockGasPrice':
        return rpcResult(id, JSON.stringify(quantity(DEMO_BIG_BLOCK_GAS_PRICE)));
      case 'eth_call':
      case 'eth_estimateGas':
      case 'debug_traceCall': {
        const call = demoCallOf(params[0]);
        const block = params.length < 2 ? BigInt(demoHead()) : blockArg(params[1]);
        const tracer = (params[2] as { tracer?: unknown } | undefined)?.tracer;
        if (call === undefined || block === undefined || (r.method === 'debug_traceCall' && tracer !== 'callTracer'))
          return rpcError(id, -32602, r.method === 'debug_traceCall' ? 'Invalid params: only the callTracer is served' : 'Invalid params');
        if (block > BigInt(demoHead())) return rpcError(id, -32000, 'header not found');
        // The demo keeps no history: every block reads HyperCore as the head does.
        const stage = this.options.accountStage?.() ?? 0;
        const hasCode = (a: string) => demoCode(a) !== '0x';
        const answer =
          r.method === 'eth_call'
            ? demoEthCall(call, stage, hasCode)
            : r.method === 'eth_estimateGas'
              ? demoEstimateGas(call, stage, hasCode)
              : demoTraceCall(call, stage, hasCode);
        if (answer.kind === 'failed') return rpcError(id, -32000, answer.message);
        if (answer.kind === 'returned') return rpcResult(id, JSON.stringify(answer.data));
        if (answer.kind === 'gas') return rpcResult(id, JSON.stringify(`0x${answer.gas.toString(16)}`));
        return rpcResult(id, JSON.stringify(answer.frame));
      }
      default:
        return rpcError(id, -32601, 'Method not found');
    }
  }

  /** Whether this node has block `n`: on the chain, and not pruned here. */
  private kept(n: bigint): boolean {
    return n <= BigInt(demoHead()) && demoBlockExists(Number(n)) && n >= BigInt(this.options.keptFrom ?? 0);
  }

  private detailsJson(n: number): string | undefined {
    const hit = this.detailsCache.get(n);
    if (hit !== undefined) return hit;
    const result = demoBlockDetails(n, this.options.headTimestamp, this.options.systemTxsLeftOut);
    if (!result) return undefined;
    const text = JSON.stringify(result);
    this.detailsCache.set(n, text);
    if (this.detailsCache.size > DETAILS_CACHE_SIZE) {
      for (const key of this.detailsCache.keys()) {
        if (key === DEMO_BLOCKS.hugeBlock || key === DEMO_BLOCKS.hugeSpecBlock) continue;
        this.detailsCache.delete(key);
        break;
      }
    }
    return text;
  }
}
