/**
 * Schemas for what the EVM endpoint sends, with valibot (the info API's are in `infoSchemas.ts`). Unknown extra fields are allowed (nodes add
 * header fields, the info API adds order fields); the fields we use must have the right shape.
 */
import * as v from 'valibot';
import { ADDRESS, HASH, HEX_BYTES, HEX_QUANTITY, HEX_SAFE_INTEGER, isAddress, isHash, isHexQuantity, TX_TYPE } from './hex';
import type {
  Address,
  BlockDetails,
  BlockTransaction,
  BlockTransactionList,
  Hash,
  LogEntry,
  TraceEntry,
  TransactionDetails,
  TransactionPage,
  TransactionReceipt,
} from './model';

/** The chain's scalar shapes as every EVM answer's schema reads them (a quantity as a bigint, hashes and addresses lowercased). */
export const quantity = v.pipe(
  v.string(),
  v.regex(HEX_QUANTITY, 'expected a 0x hex quantity'),
  v.transform((s) => BigInt(s)),
);
export const hash = v.pipe(
  v.string(),
  v.regex(HASH, 'expected a 32-byte 0x hash'),
  v.transform((s) => s.toLowerCase() as Hash),
);
export const address = v.pipe(
  v.string(),
  v.regex(ADDRESS, 'expected a 0x address'),
  v.transform((s) => s.toLowerCase() as Address),
);
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** Either a JSON integer or a 0x hex quantity (nodes differ on transactionIndex). */
const index = v.union([
  count,
  v.pipe(
    v.string(),
    v.regex(HEX_SAFE_INTEGER),
    v.transform((s) => Number.parseInt(s, 16)),
  ),
]);

const transaction = v.looseObject({
  hash,
  from: address,
  to: v.nullable(address),
  value: quantity,
  gas: quantity,
  gasPrice: v.optional(quantity),
  transactionIndex: v.optional(index),
  input: v.optional(v.string()),
});

const header = v.looseObject({
  number: quantity,
  hash,
  parentHash: hash,
  timestamp: quantity,
  miner: address,
  gasUsed: quantity,
  gasLimit: quantity,
  baseFeePerGas: v.optional(v.nullable(quantity)),
  transactionCount: count,
  // Only that it is a list: its items are validated by the range the panel reads (`SpecTransactions`).
  transactions: v.optional(v.custom<unknown[]>(Array.isArray, 'Invalid type: Expected Array')),
});

const issuance = v.looseObject({ blockReward: quantity, uncleReward: quantity, issuance: quantity });

export const blockDetailsResult = v.pipe(
  v.looseObject({ block: header, issuance, totalFees: quantity }),
  v.check(
    (r) => r.block.transactions === undefined || r.block.transactions.length === r.block.transactionCount,
    'block.transactionCount does not match the number of block.transactions',
  ),
);

const receipt = v.looseObject({
  transactionIndex: v.optional(index),
  effectiveGasPrice: v.optional(quantity),
  gasUsed: v.optional(quantity),
  /** 0x1 success, 0x0 reverted (EIP-658); pre-Byzantium receipts have a `root` instead. */
  status: v.optional(v.nullable(quantity)),
});

export const blockTransactionsResult = v.looseObject({
  fullblock: v.looseObject({
    number: quantity,
    transactionCount: count,
    transactions: v.array(transaction),
  }),
  receipts: v.optional(v.nullable(v.array(receipt))),
});

export const jsonRpcResponse = v.looseObject({
  jsonrpc: v.optional(v.literal('2.0')),
  id: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  result: v.optional(v.unknown()),
  error: v.optional(
    v.looseObject({
      code: v.number(),
      message: v.optional(v.string()),
      data: v.optional(v.unknown()),
    }),
  ),
});

export type BlockDetailsResult = v.InferOutput<typeof blockDetailsResult>;

/** Validates `input`; on failure says which field was wrong, in one line, without echoing the data. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  throw new InvalidShapeError(describeIssue(what, '', result.issues[0]));
}

/** `what: path.to.field: message`; `prefix` is the path of the validated value inside the answer. */
function describeIssue(what: string, prefix: string, issue: v.BaseIssue<unknown>): string {
  const inner = v.getDotPath(issue) ?? '';
  const path = prefix && inner ? `${prefix}.${inner}` : prefix || inner;
  // valibot ends its messages with "but received <the value>": hostile data of any length. Cut it off.
  return `${what}: ${path ? `${path}: ` : ''}${issue.message.replace(/\s*\bbut received\b[\s\S]*$|\bReceived\b[\s\S]*$/i, '').trim()}`;
}

export class InvalidShapeError extends Error {}

/**
 * Why one item of a list did not match `schema` (`path: message`, the path from the item, e.g.
 * `total: expected a signed decimal number as a string`), or undefined when it does: for lists whose
 * items are read one by one, so that one bad item costs only itself.
 */
export function itemProblem(schema: v.GenericSchema, item: unknown): string | undefined {
  const result = v.safeParse(schema, item, { abortEarly: true });
  return result.success ? undefined : describeIssue('', '', result.issues[0]).replace(/^: /, '');
}

// ---- mapping validated data to the model ----

function toTransaction(t: v.InferOutput<typeof transaction>): BlockTransaction {
  return {
    hash: t.hash,
    from: t.from,
    to: t.to,
    value: t.value,
    gas: t.gas,
    gasPrice: t.gasPrice,
    transactionIndex: t.transactionIndex,
    input: t.input,
  };
}

// ---- the fast path for transactions: the schema's rules as a predicate, without valibot's copies ----

const isIndex = (x: unknown): boolean => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) || (typeof x === 'string' && HEX_SAFE_INTEGER.test(x));

interface RawTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  gasPrice?: string;
  transactionIndex?: number | string;
  input?: string;
}

/** Whether `t` is a transaction the `transaction` schema accepts (never one it refuses). */
function isTransaction(t: unknown): t is RawTransaction {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return false;
  const r = t as Record<string, unknown>;
  return (
    isHash(r.hash) &&
    isAddress(r.from) &&
    (r.to === null || isAddress(r.to)) &&
    isHexQuantity(r.value) &&
    isHexQuantity(r.gas) &&
    (r.gasPrice === undefined || isHexQuantity(r.gasPrice)) &&
    (r.transactionIndex === undefined || isIndex(r.transactionIndex)) &&
    (r.input === undefined || typeof r.input === 'string')
  );
}

/** What the schema's transforms make of a transaction `isTransaction` accepted. */
function decodeTransaction(t: RawTransaction): v.InferOutput<typeof transaction> {
  return {
    hash: t.hash.toLowerCase() as Hash,
    from: t.from.toLowerCase() as Address,
    to: t.to === null ? null : (t.to.toLowerCase() as Address),
    value: BigInt(t.value),
    gas: BigInt(t.gas),
    gasPrice: t.gasPrice === undefined ? undefined : BigInt(t.gasPrice),
    transactionIndex: typeof t.transactionIndex === 'string' ? Number.parseInt(t.transactionIndex, 16) : t.transactionIndex,
    input: t.input,
  };
}

/**
 * The transactions of a spec-shaped block, validated and decoded by the range that is read, not all at
 * once: a 10,000-transaction block shows its first rows after checking those only. A malformed one is
 * refused when a range holding it is read (with the same message a whole-block check would give), so it
 * is never shown. Decoded transactions are kept, so scrolling back costs nothing.
 */
export class SpecTransactions implements BlockTransactionList {
  /** Sized up front, so that ranges read out of order do not turn it into a dictionary. */
  private readonly decoded: (BlockTransaction | undefined)[];

  constructor(
    private readonly items: readonly unknown[],
    /** `ots_getBlockDetails`: the start of the error message. */
    private readonly what: string,
    /** Where the list sits in the answer: `block.transactions`. */
    private readonly path: string,
    private readonly refuse: (message: string) => Error,
  ) {
    this.decoded = new Array<BlockTransaction | undefined>(items.length);
  }

  get length(): number {
    return this.items.length;
  }

  /** Transactions `start…end-1`, with the bounds read as `Array.prototype.slice` reads them. */
  slice(start = 0, end = this.items.length): BlockTransaction[] {
    const length = this.items.length;
    const at = (n: number) => {
      const i = Math.trunc(n) || 0;
      return i < 0 ? Math.max(0, length + i) : Math.min(i, length);
    };
    const from = at(start);
    const to = Math.max(from, at(end));
    const out: BlockTransaction[] = [];
    for (let i = from; i < to; i++) {
      let tx = this.decoded[i];
      if (tx === undefined) this.decoded[i] = tx = this.decode(i);
      out.push(tx);
    }
    return out;
  }

  private decode(i: number): BlockTransaction {
    const item = this.items[i];
    if (isTransaction(item)) return toTransaction(decodeTransaction(item));
    // The schema says what is wrong (or, where the check above is stricter than it, decodes).
    const result = v.safeParse(transaction, item, { abortEarly: true });
    if (!result.success) throw this.refuse(describeIssue(this.what, `${this.path}.${i}`, result.issues[0]));
    return toTransaction(result.output);
  }
}

/**
 * The validated answer to the model. `refuse` makes the error for a malformed transaction, found when
 * its range is read (the EVM client makes it an `invalidResponse`).
 */
export function toBlockDetails(r: BlockDetailsResult, raw: unknown, refuse: (message: string) => Error = (m) => new InvalidShapeError(m)): BlockDetails {
  const b = r.block;
  return {
    block: {
      number: b.number,
      hash: b.hash,
      parentHash: b.parentHash,
      timestamp: b.timestamp,
      miner: b.miner,
      gasUsed: b.gasUsed,
      gasLimit: b.gasLimit,
      baseFeePerGas: b.baseFeePerGas ?? undefined,
      transactionCount: b.transactionCount,
    },
    transactions: b.transactions && new SpecTransactions(b.transactions, 'ots_getBlockDetails', 'block.transactions', refuse),
    issuance: { blockReward: r.issuance.blockReward, uncleReward: r.issuance.uncleReward, issuance: r.issuance.issuance },
    totalFees: r.totalFees,
    raw,
  };
}

/** Adds what a receipt says about `tx`: effective gas price, gas used, fee and status. */
function withReceipt(tx: BlockTransaction, rc: v.InferOutput<typeof receipt>): void {
  if (rc.effectiveGasPrice !== undefined) tx.gasPrice = rc.effectiveGasPrice;
  if (rc.gasUsed !== undefined) tx.gasUsed = rc.gasUsed;
  if (rc.gasUsed !== undefined && rc.effectiveGasPrice !== undefined) tx.fee = rc.gasUsed * rc.effectiveGasPrice;
  if (rc.status === 1n) tx.status = 'success';
  else if (rc.status === 0n) tx.status = 'reverted';
}

export function toTransactionPage(r: v.InferOutput<typeof blockTransactionsResult>): TransactionPage {
  const receiptsByIndex = new Map<number, v.InferOutput<typeof receipt>>();
  r.receipts?.forEach((rc, i) => receiptsByIndex.set(rc.transactionIndex ?? i, rc));
  const transactions = r.fullblock.transactions.map((t, i) => {
    const tx = toTransaction(t);
    // An effective gas price from the receipt is more exact than the tx's gasPrice for EIP-1559 txs.
    const rc = receiptsByIndex.get(tx.transactionIndex ?? i);
    if (rc) withReceipt(tx, rc);
    return tx;
  });
  if (transactions.some((t) => t.transactionIndex === undefined)) {
    throw new InvalidShapeError('ots_getBlockTransactions: a transaction has no transactionIndex');
  }
  transactions.sort((a, b) => (a.transactionIndex ?? 0) - (b.transactionIndex ?? 0));
  return { blockNumber: r.fullblock.number, transactions, transactionCount: r.fullblock.transactionCount };
}

// ---- transactions, receipts, traces and addresses (issue 17) ----

/** Byte data (calldata, log data, code, revert data), lowercased. */
const data = v.pipe(
  v.string(),
  v.regex(HEX_BYTES, 'expected 0x hex bytes'),
  v.transform((s) => s.toLowerCase()),
);
/** A transaction type: nodes send a 0x quantity; a few send a JSON integer. */
const txType = v.union([
  v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(255)),
  v.pipe(
    v.string(),
    v.regex(TX_TYPE, 'expected a 0x transaction type'),
    v.transform((s) => Number.parseInt(s, 16)),
  ),
]);

/** `eth_getTransactionByHash`: a mined transaction, or a pending one (block fields null). */
export const transactionDetailsResult = v.looseObject({
  hash,
  blockNumber: v.nullable(quantity),
  blockHash: v.nullable(hash),
  transactionIndex: v.nullable(index),
  from: address,
  // Absent (not null) for a contract creation on some nodes.
  to: v.optional(v.nullable(address)),
  value: quantity,
  gas: quantity,
  gasPrice: v.optional(v.nullable(quantity)),
  maxFeePerGas: v.optional(v.nullable(quantity)),
  maxPriorityFeePerGas: v.optional(v.nullable(quantity)),
  nonce: quantity,
  type: v.optional(v.nullable(txType)),
  input: data,
});

export function toTransactionDetails(t: v.InferOutput<typeof transactionDetailsResult>, raw: unknown): TransactionDetails {
  return {
    hash: t.hash,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash,
    transactionIndex: t.transactionIndex,
    from: t.from,
    to: t.to ?? null,
    value: t.value,
    gas: t.gas,
    gasPrice: t.gasPrice ?? undefined,
    maxFeePerGas: t.maxFeePerGas ?? undefined,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas ?? undefined,
    nonce: t.nonce,
    type: t.type ?? undefined,
    input: t.input,
    raw,
  };
}

/** The most logs one receipt may carry for us to read it (a 30M-gas block fits ~80,000 empty logs). */
export const MAX_RECEIPT_LOGS = 100_000;

const log = v.looseObject({
  address,
  topics: v.pipe(v.array(hash), v.maxLength(4, 'a log has at most 4 topics')),
  data,
  logIndex: v.optional(v.nullable(index)),
});

/** `eth_getTransactionReceipt` without its logs. */
const receiptHead = {
  transactionHash: hash,
  /** 0x1 success, 0x0 reverted (EIP-658); pre-Byzantium receipts have a `root` instead. */
  status: v.optional(
    v.nullable(
      v.pipe(
        quantity,
        v.check((s) => s === 0n || s === 1n, 'expected 0x0 or 0x1'),
      ),
    ),
  ),
  gasUsed: quantity,
  effectiveGasPrice: v.optional(v.nullable(quantity)),
  contractAddress: v.optional(v.nullable(address)),
};
const MORE_LOGS = `more than ${MAX_RECEIPT_LOGS.toLocaleString('en-US')} logs`;

/** `eth_getTransactionReceipt`. */
export const transactionReceiptResult = v.looseObject({
  ...receiptHead,
  logs: v.pipe(v.array(log), v.maxLength(MAX_RECEIPT_LOGS, MORE_LOGS)),
});

/** The same receipt with its logs only counted: for logs `readLogs` has read already. */
export const receiptWithoutLogsResult = v.looseObject({
  ...receiptHead,
  logs: v.pipe(v.array(v.unknown()), v.maxLength(MAX_RECEIPT_LOGS, MORE_LOGS)),
});

/**
 * A receipt's logs read by hand, exactly as its schema (`log`) reads them: address, topics and data
 * lowercased, `logIndex` a number; undefined at the first one the schema must judge (it then says why).
 * The fast path of the largest answers: 50,000 logs through the schema held the extension host's loop
 * for about 250 ms.
 */
export function readLogs(logs: readonly unknown[]): LogEntry[] | undefined {
  const out: LogEntry[] = new Array(logs.length);
  for (let i = 0; i < logs.length; i++) {
    const l = logs[i];
    if (typeof l !== 'object' || l === null || Array.isArray(l)) return undefined;
    const { address: a, topics, data: d, logIndex } = l as Record<string, unknown>;
    if (typeof a !== 'string' || !ADDRESS.test(a) || typeof d !== 'string' || !HEX_BYTES.test(d) || !Array.isArray(topics) || topics.length > 4)
      return undefined;
    const read: Hash[] = [];
    for (const t of topics) {
      if (typeof t !== 'string' || !HASH.test(t)) return undefined;
      read.push(t.toLowerCase() as Hash);
    }
    let index: number | undefined;
    if (typeof logIndex === 'number') {
      if (!Number.isSafeInteger(logIndex) || logIndex < 0) return undefined;
      index = logIndex;
    } else if (typeof logIndex === 'string') {
      if (!HEX_SAFE_INTEGER.test(logIndex)) return undefined;
      index = Number.parseInt(logIndex, 16);
    } else if (logIndex !== undefined && logIndex !== null) return undefined;
    out[i] = { address: a.toLowerCase() as Address, topics: read, data: d.toLowerCase(), logIndex: index };
  }
  return out;
}

export function toTransactionReceipt(
  r: {
    status?: bigint | null;
    gasUsed: bigint;
    effectiveGasPrice?: bigint | null;
    contractAddress?: Address | null;
    logs: readonly { address: Address; topics: Hash[]; data: string; logIndex?: number | null }[];
  },
  raw: unknown,
): TransactionReceipt {
  return {
    status: r.status === 1n ? 'success' : r.status === 0n ? 'reverted' : undefined,
    gasUsed: r.gasUsed,
    effectiveGasPrice: r.effectiveGasPrice ?? undefined,
    contractAddress: r.contractAddress ?? null,
    logs: r.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data, logIndex: l.logIndex ?? undefined })),
    raw,
  };
}

/**
 * `ots_getTransactionError`: revert data as 0x hex (Erigon: `0x` when the transaction did not revert;
 * reth: null). Chainstack's page shows a plain sentence (`execution reverted: …`) instead; that shape is
 * taken too, as text.
 */
export const transactionErrorResult = v.nullable(v.pipe(v.string(), v.maxLength(4 * 1024 * 1024, 'revert data over 2 MB')));

export function isRevertData(s: string): boolean {
  return HEX_BYTES.test(s);
}

/** The most entries a trace may have for us to read it: far above any real transaction's calls. */
export const MAX_TRACE_ENTRIES = 50_000;

const CALL_TYPE = /^[A-Za-z0-9_]{1,32}$/;
const MAX_DEPTH = 1100;
const traceEntry = v.looseObject({
  type: v.pipe(v.string(), v.regex(CALL_TYPE, 'expected a call type such as CALL')),
  depth: v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_DEPTH, 'expected a call depth up to 1,024')),
  from: address,
  // Erigon sends the created address for a CREATE; some implementations send null.
  to: v.optional(v.nullable(address)),
  // Erigon: null for STATICCALL and DELEGATECALL; reth: always a quantity.
  value: v.optional(v.nullable(quantity)),
  input: v.optional(v.nullable(data)),
  output: v.optional(v.nullable(data)),
});

/** `ots_traceTransaction`: the calls, creates and self-destructs inside a transaction, in order. */
export const traceResult = v.pipe(v.array(traceEntry), v.maxLength(MAX_TRACE_ENTRIES, `more than ${MAX_TRACE_ENTRIES.toLocaleString('en-US')} entries`));

export function toTrace(entries: v.InferOutput<typeof traceResult>): TraceEntry[] {
  return entries.map((e) => ({
    type: e.type.toUpperCase(),
    depth: e.depth,
    from: e.from,
    to: e.to ?? null,
    value: e.value ?? null,
    input: e.input ?? undefined,
    output: e.output ?? undefined,
  }));
}

/**
 * A trace read by hand, exactly as its schema and `toTrace` read it, or undefined at the first entry the
 * schema must judge (it then says why): the fast path of the largest traces (50,000 calls through the
 * schema held the extension host's loop for about 150 ms).
 */
export function readTrace(entries: readonly unknown[]): TraceEntry[] | undefined {
  const out: TraceEntry[] = new Array(entries.length);
  const bytes = (x: unknown): x is string | null | undefined => x === undefined || x === null || (typeof x === 'string' && HEX_BYTES.test(x));
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return undefined;
    const { type, depth, from, to, value, input, output } = e as Record<string, unknown>;
    if (typeof type !== 'string' || !CALL_TYPE.test(type)) return undefined;
    if (typeof depth !== 'number' || !Number.isSafeInteger(depth) || depth < 0 || depth > MAX_DEPTH) return undefined;
    if (typeof from !== 'string' || !ADDRESS.test(from)) return undefined;
    if (to !== undefined && to !== null && !(typeof to === 'string' && ADDRESS.test(to))) return undefined;
    if (value !== undefined && value !== null && !(typeof value === 'string' && HEX_QUANTITY.test(value))) return undefined;
    if (!bytes(input) || !bytes(output)) return undefined;
    out[i] = {
      type: type.toUpperCase(),
      depth,
      from: from.toLowerCase() as Address,
      to: typeof to === 'string' ? (to.toLowerCase() as Address) : null,
      value: typeof value === 'string' ? BigInt(value) : null,
      input: typeof input === 'string' ? input.toLowerCase() : undefined,
      output: typeof output === 'string' ? output.toLowerCase() : undefined,
    };
  }
  return out;
}

/** `eth_getBlockByHash(hash, false)`: only what is read. */
export const blockByHashResult = v.looseObject({ hash, number: quantity, timestamp: v.optional(quantity) });

/** `eth_getCode`. */
export const codeResult = data;

/** `eth_getBalance`. */
export const balanceResult = quantity;
