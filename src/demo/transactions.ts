// What the demo node says about one transaction beyond its block row: the full calldata, the receipt's
// logs, the revert data of a failed one and its call trace. Every part is a pure function of the block
// and the transaction (a seed of both), and the parts agree with each other: a `transfer(to, amount)`
// call logs a Transfer of that amount to that address, a `withdraw(amount)` from WHYPE sends that amount
// back in its trace. Finding a transaction by hash builds one block (hashes carry their place).
import { encodeErrorString, encodePanic } from '../core/revert';
import { APPROVAL_TOPIC, TRANSFER_TOPIC } from '../core/logs';
import {
  DEMO_CORE_STRATEGY,
  DEMO_CORE_WRITER,
  DEMO_SUPPLY_CHANGE_TOKEN,
  DEMO_CREATED_CONTRACT,
  DEMO_NFT_CONTRACT,
  DEMO_SYSTEM_TOKEN_CONTRACTS,
  DEMO_TOKEN_CONTRACT,
  DEMO_WHYPE,
  demoBlockModel,
  demoBlockNumberOfHash,
  demoBlockTimestamp,
  fullTransaction,
  receipt,
  slimHeader,
  demoContractPool,
  demoTransactionPlace,
  demoUserPool,
  type DemoBlockModel,
  type DemoTransaction,
} from './chain';
import { Random, mix32, quantity, seedOf } from './random';
import { DEMO_WALLETS } from './wallets';

/** keccak256("Deposit(address,uint256)"): WHYPE's deposit, a log the explorer does not decode. */
export const DEPOSIT_TOPIC = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
/** keccak256("Withdrawal(address,uint256)"). */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
/** The custom error `InsufficientBalance(uint256 available, uint256 required)`. */
export const INSUFFICIENT_BALANCE_SELECTOR = '0xcf479181';

/** The custom error's arguments in the sample block's failed Treasury payout. */
const DEMO_AVAILABLE = 1_000n;
const DEMO_REQUIRED = 25_000n;

/** The reason the sample block's failed transaction gives. */
export const DEMO_FAILED_REASON = 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT';
/** The panic code of the sample block's panicking transaction: arithmetic overflow or underflow. */
export const DEMO_PANIC_CODE = 0x11;

/** keccak256("RawAction(address,bytes)"): CoreWriter's log of an action sent to HyperCore. */
export const RAW_ACTION_TOPIC = '0x8c7f585fb295f7eb1e6aeb8fba61b23a4fe60beda405f0045073b185c74412e3';
/** `sendRawAction(bytes)`. */
const SEND_RAW_ACTION = '0x17938e13';
/** The read precompile of perp oracle prices. */
const ORACLE_PX_PRECOMPILE = '0x0000000000000000000000000000000000000807';
/**
 * The sample CoreWriter order: buy 0.25 BTC (perp 0 of the demo's `meta`) at 101,000, good till
 * cancelled; prices and sizes are sent as 10^8 × the human value. BTC's oracle price read before it:
 * 1,012,400, which is 101,240 with BTC's 5 size decimals (price / 10^(6 − 5)).
 */
export const DEMO_CORE_ORDER = { asset: 0, isBuy: true, limitPx: 101_000n * 10n ** 8n, sz: 25_000_000n, reduceOnly: false, tif: 2, cloid: 0n } as const;
export const DEMO_ORACLE_PX = 1_012_400n;
/**
 * The sample order on an outcome market: buy 10 shares of outcome 516, side 0 (asset 100000000 + 10 × 516
 * + 0, for-developers/api/asset-ids) at 0.65, good till cancelled.
 */
export const DEMO_OUTCOME_ORDER = { asset: 100_005_160, isBuy: true, limitPx: 65_000_000n, sz: 10n * 10n ** 8n, reduceOnly: false, tif: 2, cloid: 0n } as const;
/** The sample USDH mint: 25,000 USDH (6 decimals on HyperEVM: 8 on HyperCore, −2), reflected by action 14. */
export const DEMO_SUPPLY_CHANGE_EVM_AMOUNT = 25_000n * 10n ** 6n;
export const DEMO_SUPPLY_CHANGE_CORE_WEI = 25_000n * 10n ** 8n;
/** The sample transfer from HyperCore: 0.5 UBTC (8 decimals on HyperEVM: 10 on HyperCore, −2). */
export const DEMO_SYSTEM_TRANSFER_AMOUNT = 50_000_000n;

const REASONS = [
  DEMO_FAILED_REASON,
  'ERC20: transfer amount exceeds balance',
  'Ownable: caller is not the owner',
  'Pausable: paused',
  'STF',
  'Too little received',
];
const PANICS = [0x11, 0x12, 0x32, 0x01];

export interface DemoLog {
  address: string;
  topics: string[];
  data: string;
}

export interface DemoTraceEntry {
  type: string;
  depth: number;
  from: string;
  to: string;
  /** Erigon's shape: null for STATICCALL and DELEGATECALL. */
  value: string | null;
  input: string;
  output?: string;
}

export interface DemoStory {
  /** The full calldata (ots_getBlockTransactions cuts it to the selector, as Erigon does). */
  input: string;
  logs: DemoLog[];
  /** `0x` unless the transaction reverted; then Error(string), Panic(uint256), a custom error or `0x`. */
  revertData: string;
  trace: DemoTraceEntry[];
}

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const addressWord = (a: string) => a.slice(2).padStart(64, '0');
const POW10 = (k: number) => 10n ** BigInt(k);

/** The story of transaction `t` of block `m`. */
export function demoTransactionStory(m: DemoBlockModel, t: DemoTransaction): DemoStory {
  const r = new Random(seedOf(m.number, t.index, 0x1065));
  const users = demoUserPool();
  const pool = demoContractPool();
  const other = () => r.pick(users);
  const amount = () => BigInt(r.int(1, 99_999)) * POW10(r.int(12, 20));
  const logs: DemoLog[] = [];
  const top: DemoTraceEntry = {
    type: t.to === null ? 'CREATE' : 'CALL',
    depth: 0,
    from: t.from,
    to: t.to ?? (t.contractAddress as string),
    value: quantity(t.value),
    input: t.input,
    output: '0x',
  };
  const trace: DemoTraceEntry[] = [top];
  const sub = (type: string, from: string, to: string, value: bigint | null, input: string, depth = 1) =>
    trace.push({ type, depth, from, to, value: value === null ? null : quantity(value), input, output: '0x' });
  const transferLog = (token: string, from: string, to: string, value: bigint) =>
    logs.push({ address: token, topics: [TRANSFER_TOPIC, '0x' + addressWord(from), '0x' + addressWord(to)], data: '0x' + word(value) });
  const approvalLog = (token: string, owner: string, spender: string, value: bigint) =>
    logs.push({ address: token, topics: [APPROVAL_TOPIC, '0x' + addressWord(owner), '0x' + addressWord(spender)], data: '0x' + word(value) });

  let input = t.input;
  const selector = t.input.slice(0, 10);
  const to = t.to ?? '';
  // `sender` calls CoreWriter's sendRawAction with action `id` (its fields ABI-encoded); CoreWriter logs it for `sender`.
  const sendAction = (sender: string, id: number, fields: string) => {
    const action = '01' + id.toString(16).padStart(6, '0') + fields;
    const bytesArg = word(32) + word(action.length / 2) + action.padEnd(Math.ceil(action.length / 64) * 64, '0');
    sub('CALL', sender, DEMO_CORE_WRITER, 0n, SEND_RAW_ACTION + bytesArg);
    logs.push({ address: DEMO_CORE_WRITER, topics: [RAW_ACTION_TOPIC, '0x' + addressWord(sender)], data: '0x' + bytesArg });
  };
  const orderFields = (o: typeof DEMO_CORE_ORDER | typeof DEMO_OUTCOME_ORDER) =>
    word(o.asset) + word(o.isBuy ? 1 : 0) + word(o.limitPx) + word(o.sz) + word(o.reduceOnly ? 1 : 0) + word(o.tif) + word(o.cloid);
  if (t.sample === 'coreWriterSupplyChange') {
    // USDH's contract mints on HyperEVM and tells HyperCore of the new supply: action 14 (token, wei, is_mint).
    const recipient = users[14] as string;
    input = selector + addressWord(recipient) + word(DEMO_SUPPLY_CHANGE_EVM_AMOUNT);
    transferLog(to, '0x' + '0'.repeat(40), recipient, DEMO_SUPPLY_CHANGE_EVM_AMOUNT);
    sendAction(to, 14, word(DEMO_SUPPLY_CHANGE_TOKEN) + word(DEMO_SUPPLY_CHANGE_CORE_WEI) + word(1));
  } else if (t.sample === 'coreWriterOutcomeOrder') {
    const fields = orderFields(DEMO_OUTCOME_ORDER);
    input = selector + fields;
    sendAction(to, 1, fields);
  } else if (t.sample === 'coreWriterOrder') {
    // The trading contract reads the oracle price, then sends the order; CoreWriter logs it for the contract.
    const o = DEMO_CORE_ORDER;
    const fields = orderFields(o);
    input = selector + fields;
    trace.push({
      type: 'STATICCALL',
      depth: 1,
      from: to,
      to: ORACLE_PX_PRECOMPILE,
      value: null,
      input: '0x' + word(o.asset),
      output: '0x' + word(DEMO_ORACLE_PX),
    });
    sendAction(to, 1, fields);
  } else if (t.sample === 'systemTransfer') {
    const recipient = users[11] as string;
    input = selector + addressWord(recipient) + word(DEMO_SYSTEM_TRANSFER_AMOUNT);
    transferLog(to, t.from, recipient, DEMO_SYSTEM_TRANSFER_AMOUNT);
  } else if (t.sample === 'erc721Transfer') {
    const recipient = users[8] as string;
    const tokenId = 4_821n;
    input = selector + addressWord(t.from) + addressWord(recipient) + word(tokenId);
    logs.push({ address: to, topics: [TRANSFER_TOPIC, '0x' + addressWord(t.from), '0x' + addressWord(recipient), '0x' + word(tokenId)], data: '0x' });
    sub('CALL', to, recipient, 0n, '0x150b7a02' + addressWord(t.from) + addressWord(t.from) + word(tokenId));
  } else if (t.sample === 'internalTransfers' || (selector === '0x2e1a7d4d' && t.to === DEMO_WHYPE)) {
    const value = t.sample ? 2_500_000_000_000_000_000n : amount();
    input = selector + word(value);
    logs.push({ address: to, topics: [WITHDRAWAL_TOPIC, '0x' + addressWord(t.from)], data: '0x' + word(value) });
    sub('CALL', to, t.from, value, '0x');
  } else if (t.sample === 'customError') {
    // The demo project's Treasury pays out through the token, which has too little: InsufficientBalance
    // raised in the nested call and handed up unchanged (the trace's outputs are the revert data).
    const recipient = users[10] as string;
    input = selector + addressWord(recipient) + word(DEMO_REQUIRED);
    sub('STATICCALL', to, DEMO_TOKEN_CONTRACT, null, '0x70a08231' + addressWord(to));
    trace[trace.length - 1]!.output = '0x' + word(DEMO_AVAILABLE);
    sub('CALL', to, DEMO_TOKEN_CONTRACT, 0n, selector + addressWord(recipient) + word(DEMO_REQUIRED));
  } else if (selector === '0xa9059cbb') {
    // transfer(to, amount); a system token transfer credits the recipient from the system address.
    const recipient = other();
    const value = amount();
    input = selector + addressWord(recipient) + word(value);
    transferLog(to, t.from, recipient, value);
  } else if (selector === '0x095ea7b3') {
    const spender = r.pick(pool);
    const value = r.chance(0.3) ? 2n ** 256n - 1n : amount();
    input = selector + addressWord(spender) + word(value);
    approvalLog(to, t.from, spender, value);
  } else if (selector === '0x23b872dd') {
    // transferFrom(owner, recipient, amount) by an approved spender: Transfer, then the lowered allowance.
    const owner = t.sample ? (DEMO_WALLETS[1] as { address: string }).address : other();
    const recipient = t.sample ? (users[9] as string) : other();
    const value = t.sample ? 250_000_000n : amount();
    const allowanceLeft = t.sample ? 750_000_000n : amount();
    input = selector + addressWord(owner) + addressWord(recipient) + word(value);
    transferLog(to, owner, recipient, value);
    approvalLog(to, owner, t.from, allowanceLeft);
  } else if (selector === '0xd0e30db0') {
    logs.push({ address: to, topics: [DEPOSIT_TOPIC, '0x' + addressWord(t.from)], data: '0x' + word(t.value) });
  } else if (['0x38ed1739', '0x7ff36ab5', '0x414bf389', '0x3593564c', '0x5ae401dc'].includes(selector)) {
    // A swap through pool contract `to`: tokens in from the sender, tokens out to the sender.
    const tokenIn = r.pick(DEMO_SYSTEM_TOKEN_CONTRACTS);
    const tokenOut = r.pick(DEMO_SYSTEM_TOKEN_CONTRACTS.filter((c) => c !== tokenIn));
    const pair = r.pick(pool);
    const valueIn = amount();
    const valueOut = amount();
    input = selector + word(valueIn) + word(valueOut) + word(160) + addressWord(t.from) + word(mix32(m.number) + 1_700_000_000);
    sub('STATICCALL', to, pair, null, '0x0902f1ac');
    if (t.value > 0n) sub('CALL', to, DEMO_WHYPE, t.value, '0xd0e30db0');
    sub('CALL', to, tokenIn, 0n, '0x23b872dd' + addressWord(t.from) + addressWord(pair) + word(valueIn));
    sub('CALL', to, pair, 0n, '0x022c0d9f' + word(0) + word(valueOut) + addressWord(t.from));
    sub('CALL', pair, tokenOut, 0n, '0xa9059cbb' + addressWord(t.from) + word(valueOut), 2);
    sub('DELEGATECALL', pair, r.pick(pool), null, '0x70a08231' + addressWord(pair), 2);
    transferLog(tokenIn, t.from, pair, valueIn);
    transferLog(tokenOut, pair, t.from, valueOut);
  } else if (t.to === null) {
    input = t.input + '52348015600e575f80fd5b50';
  }

  let revertData = '0x';
  if (!t.success) {
    logs.length = 0; // a reverted transaction leaves no logs
    if (t.sample !== 'customError') trace.length = Math.min(trace.length, 2);
    if (t.sample === 'failed') revertData = encodeErrorString(DEMO_FAILED_REASON);
    else if (t.sample === 'panic') revertData = encodePanic(BigInt(DEMO_PANIC_CODE));
    else if (t.sample === 'customError') {
      revertData = INSUFFICIENT_BALANCE_SELECTOR + word(DEMO_AVAILABLE) + word(DEMO_REQUIRED);
      for (const e of trace) if (e.type === 'CALL') e.output = revertData;
    } else {
      const roll = r.int(0, 9);
      if (roll < 5) revertData = encodeErrorString(r.pick(REASONS));
      else if (roll < 7) revertData = encodePanic(BigInt(r.pick(PANICS)));
      else if (roll < 9) revertData = INSUFFICIENT_BALANCE_SELECTOR + word(amount()) + word(amount());
    }
  }
  top.input = input;
  if (t.to === null) top.output = '0x6080604052';
  return { input, logs, revertData, trace };
}

/** The block model and transaction with this hash, or undefined when the demo chain has none. */
export function findDemoTransaction(hash: string): { m: DemoBlockModel; t: DemoTransaction } | undefined {
  const place = demoTransactionPlace(hash.toLowerCase());
  if (!place) return undefined;
  const m = demoBlockModel(place.block);
  const t = m?.transactions[place.index];
  return m && t && t.hash === hash.toLowerCase() ? { m, t } : undefined;
}

/** Addresses with code on the demo chain: the contract pool, the token contracts, WHYPE, the sample contracts. */
export function demoCode(address: string): string {
  const a = address.toLowerCase();
  if (a === DEMO_CREATED_CONTRACT) return '0x6080604052348015600e575f80fd5b50';
  if (codeAddresses().has(a)) return '0x608060405234801561001057600080fd5b50600436106100365760003560e01c';
  return '0x';
}

let withCode: Set<string> | undefined;
let known: Set<string> | undefined;
function codeAddresses(): Set<string> {
  return (withCode ??= new Set([
    ...demoContractPool(),
    ...DEMO_SYSTEM_TOKEN_CONTRACTS,
    DEMO_CORE_STRATEGY,
    DEMO_CORE_WRITER,
    DEMO_WHYPE,
    DEMO_TOKEN_CONTRACT,
    DEMO_NFT_CONTRACT,
    DEMO_CREATED_CONTRACT,
  ]));
}

/** HYPE balance in wei: a fixed amount for every address the demo chain uses, 0 for any other. */
export function demoBalance(address: string): bigint {
  const a = address.toLowerCase();
  known ??= new Set([...demoUserPool(), ...DEMO_WALLETS.map((w) => w.address), ...codeAddresses()]);
  if (!known.has(a)) return 0n;
  const h = mix32(Number.parseInt(a.slice(2, 10), 16) ^ Number.parseInt(a.slice(-8), 16));
  return BigInt(h % 50_000) * 10n ** 16n + BigInt(h % 997) * 10n ** 12n;
}

/** How many logs `demoTransactionStory` gives `t`, without telling the story (for log indexes in a block). */
export function demoLogCount(t: DemoTransaction): number {
  if (!t.success) return 0;
  const selector = t.input.slice(0, 10);
  if (t.sample === 'erc721Transfer' || t.sample === 'internalTransfers' || t.sample === 'coreWriterOrder' || t.sample === 'coreWriterOutcomeOrder') return 1;
  if (t.sample === 'coreWriterSupplyChange') return 2;
  if (selector === '0x2e1a7d4d' && t.to === DEMO_WHYPE) return 1;
  if (selector === '0xa9059cbb' || selector === '0x095ea7b3' || selector === '0xd0e30db0') return 1;
  if (selector === '0x23b872dd') return 2;
  if (['0x38ed1739', '0x7ff36ab5', '0x414bf389', '0x3593564c', '0x5ae401dc'].includes(selector)) return 2;
  return 0;
}

/** `eth_getTransactionByHash`'s result: the block's transaction with its full calldata; null for none. */
export function demoTransactionJson(hash: string): Record<string, unknown> | null {
  const found = findDemoTransaction(hash);
  if (!found) return null;
  const { m, t } = found;
  return { ...fullTransaction(m, t, quantity(m.number)), input: demoTransactionStory(m, t).input };
}

/** `eth_getTransactionReceipt`'s result, with logs (numbered across the block) and a bloom; null for none. */
export function demoReceiptJson(hash: string, headTimestamp: number): Record<string, unknown> | null {
  const found = findDemoTransaction(hash);
  if (!found) return null;
  const { m, t } = found;
  let cumulative = 0;
  let logIndex = 0;
  for (let i = 0; i < t.index; i++) {
    const before = m.transactions[i] as DemoTransaction;
    cumulative += before.gasUsed;
    logIndex += demoLogCount(before);
  }
  const blockNumber = quantity(m.number);
  const story = demoTransactionStory(m, t);
  const logs = story.logs.map((l, i) => ({
    address: l.address,
    topics: l.topics,
    data: l.data,
    blockHash: m.hash,
    blockNumber,
    blockTimestamp: quantity(demoBlockTimestamp(m.number, headTimestamp)),
    transactionHash: t.hash,
    transactionIndex: quantity(t.index),
    logIndex: quantity(logIndex + i),
    removed: false,
  }));
  return { ...receipt(m, t, blockNumber, cumulative + t.gasUsed), logs, logsBloom: logs.length === 0 ? EMPTY_BLOOM : bloomOf(m, t) };
}

/** `ots_getTransactionError`'s result (Erigon's shape: `0x` when it did not revert); undefined for no such transaction. */
export function demoRevertData(hash: string): string | undefined {
  const found = findDemoTransaction(hash);
  return found && demoTransactionStory(found.m, found.t).revertData;
}

/** `ots_traceTransaction`'s result; undefined for no such transaction. */
export function demoTrace(hash: string): DemoTraceEntry[] | undefined {
  const found = findDemoTransaction(hash);
  return found && demoTransactionStory(found.m, found.t).trace;
}

/**
 * `debug_traceTransaction` with the `callTracer`: the story's trace as a tree; in a failed transaction,
 * the frames whose output is the revert data (or the top one, when none is) carry an error.
 */
export function demoCallTrace(hash: string): Record<string, unknown> | undefined {
  const found = findDemoTransaction(hash);
  if (!found) return undefined;
  const story = demoTransactionStory(found.m, found.t);
  const failed = !found.t.success;
  const carriesRevert = story.trace.some((e) => e.output === story.revertData);
  const frames = story.trace.map((e, i) => {
    const frame: Record<string, unknown> = { type: e.type, from: e.from, to: e.to, input: e.input, output: e.output ?? '0x', gas: '0x0', gasUsed: '0x0' };
    if (e.value !== null) frame.value = e.value;
    if (failed && (carriesRevert ? e.output === story.revertData : i === 0)) frame.error = 'execution reverted';
    return { frame, depth: e.depth };
  });
  const stack: Array<{ frame: Record<string, unknown>; depth: number }> = [];
  for (const f of frames) {
    while (stack.length && stack[stack.length - 1]!.depth >= f.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) ((parent.frame.calls ??= []) as unknown[]).push(f.frame);
    stack.push(f);
  }
  return frames[0]?.frame;
}

/** `eth_getBlockByHash(hash, false)`'s result (transaction hashes only); null for no such block. */
export function demoBlockByHashJson(hash: string, headTimestamp: number): Record<string, unknown> | null {
  const n = demoBlockNumberOfHash(hash.toLowerCase());
  const m = n === undefined ? undefined : demoBlockModel(n);
  if (!m) return null;
  return { ...slimHeader(m, headTimestamp), transactions: m.transactions.map((t) => t.hash) };
}

const EMPTY_BLOOM = '0x' + '0'.repeat(512);

/** A bloom with a few bits set (the demo does not hash logs into it; nothing reads it). */
function bloomOf(m: DemoBlockModel, t: DemoTransaction): string {
  const r = new Random(seedOf(m.number, t.index, 0xb100));
  const chars = EMPTY_BLOOM.split('');
  for (let i = 0; i < 9; i++) chars[2 + r.int(0, 511)] = r.pick(['1', '2', '4', '8']);
  return chars.join('');
}
