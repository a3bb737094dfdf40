// The demo node's HyperEVM chain: every block is a pure function of its number, so tests can compute
// what the node will answer. Shapes follow docs/FACTS.md#ots_getblockdetails: even block numbers answer
// `ots_getBlockDetails` in the product spec's shape (with `block.transactions`: the spec's example,
// illustrative; no real node sends it, see docs/FACTS.md#slim-blocks), odd ones in the slim reth/nanoreth shape (header
// fields, no `transactions`) as real nodes do. Blocks below DEMO_PRUNED_BELOW are pruned.
import { LOWER_HASH, SYSTEM_TOKEN_ADDRESS } from '../core/hex';
import { Random, mix32, quantity, seedOf } from './random';

/** The latest block of the demo chain (`eth_blockNumber`). Blocks above it do not exist. */
export const DEMO_HEAD = 20_000_000;

/** Blocks with known properties, for tests and the demo tour. */
export const DEMO_BLOCKS = {
  head: DEMO_HEAD,
  /** Exactly 10,000 transactions, odd: slim shape (load them with `ots_getBlockTransactions`). */
  hugeBlock: 19_999_001,
  /** Exactly 10,000 transactions, even: the spec's shape, all of them in `block.transactions`. */
  hugeSpecBlock: 19_999_002,
  /** No transactions (even: `transactions: []`, `transactionCount: 0`). */
  emptyBlock: 19_999_004,
  /** A big block: gas limit 30,000,000 (every number divisible by 60 is one). */
  bigBlock: 19_999_980,
  /** A small block (gas limit 3,000,000) with system and normal transactions, the last one failed; odd: slim shape. */
  smallBlock: 19_999_981,
  /** `0x1a2b`: an ordinary existing small block with transactions (odd: slim shape). */
  hoverBlock: 0x1a2b,
  /**
   * A small block whose transactions are one of each kind the transaction page shows (odd: slim shape):
   * see `DEMO_SAMPLES` in `samples.ts`.
   */
  sampleBlock: 19_999_983,
} as const;

export const DEMO_CHAIN_ID = 999;
const CHAIN_ID_HEX = '0x3e7';
export const DEMO_SMALL_GAS_LIMIT = 3_000_000;
export const DEMO_BIG_GAS_LIMIT = 30_000_000;
/** Every `DEMO_BIG_BLOCK_INTERVAL`-th number is a big block (plus the two 10,000-transaction blocks). */
export const DEMO_BIG_BLOCK_INTERVAL = 60;
export const DEMO_HUGE_TRANSACTION_COUNT = 10_000;
export const DEMO_MINER = '0x0000000000000000000000000000000000000000';
/** The system address of HyperCore → HyperEVM HYPE transfers. */
export const HYPE_SYSTEM_ADDRESS = '0x2222222222222222222222222222222222222222';
export const DEMO_ISSUANCE = { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' } as const;

/** `ots_getBlockTransactions` page 0: the last transactions (Erigon, older reth) or the first (newer reth). */
export type PageDirection = 'first' | 'last';

/** The system address of a HyperCore token: 0x20, then the token index big-endian. */
export function tokenSystemAddress(tokenIndex: number): string {
  return '0x20' + tokenIndex.toString(16).padStart(38, '0');
}

/** True for 0x2222…2222 and 0x20…XX addresses. */
export function isSystemAddress(address: string): boolean {
  return address === HYPE_SYSTEM_ADDRESS || SYSTEM_TOKEN_ADDRESS.test(address);
}

/**
 * Blocks below this number are pruned on the demo node: it answers "not found" for them although they
 * are below the head, as QuickNode's `/evm` does for old blocks (its archive is `/nanoreth`).
 */
export const DEMO_PRUNED_BELOW = 100;

/**
 * The head now: `DEMO_HEAD`, unless blocks were minted since (`demoMintBlock`, the demo node's `blockMs`).
 * One chain per process: `npm run demo` runs one node; a test that mints calls `resetDemoHead` after.
 */
let head = DEMO_HEAD;

export function demoHead(): number {
  return head;
}

/** A new block on top of the chain (built like every other, from its number); returns its number. */
export function demoMintBlock(): number {
  head += 1;
  return head;
}

/** Back to `DEMO_HEAD` (the blocks minted are gone). */
export function resetDemoHead(): void {
  head = DEMO_HEAD;
}

export function demoBlockExists(n: number): boolean {
  return Number.isSafeInteger(n) && n >= DEMO_PRUNED_BELOW && n <= head;
}

export function isBigDemoBlock(n: number): boolean {
  return n % DEMO_BIG_BLOCK_INTERVAL === 0 || n === DEMO_BLOCKS.hugeBlock || n === DEMO_BLOCKS.hugeSpecBlock;
}

/** Which `ots_getBlockDetails` shape a block number answers with. */
export function demoBlockShape(n: number): 'spec' | 'slim' {
  return n % 2 === 0 ? 'spec' : 'slim';
}

/** Seconds: the head has `headTimestamp`, each earlier block is one second older. */
export function demoBlockTimestamp(n: number, headTimestamp: number): number {
  return headTimestamp - (DEMO_HEAD - n);
}

// Hashes carry where they are: a block hash its number in its last 7 bytes, a transaction hash its
// block number and position in its last 10 (7 + 3), masked with bytes drawn from the hash's first 8, so
// that the node answers `eth_getBlockByHash` and `eth_getTransactionByHash` by building one block, not by
// searching. The random bytes are the same as before the tag: the rest of the chain does not change.

const HASH_SCRATCH = Buffer.alloc(32);

/** `r`'s next 32 random bytes (8 words, as `r.hex(64)` takes them) with `tag` masked into their end, as 0x hex. */
function taggedHash(r: Random, tag: (bytes: Buffer) => number): string {
  for (let i = 0; i < 32; i += 4) HASH_SCRATCH.writeUInt32BE(r.next(), i);
  const from = tag(HASH_SCRATCH);
  maskTail(HASH_SCRATCH, from);
  return '0x' + HASH_SCRATCH.toString('hex');
}

/** XORs bytes `from`…31 with a mask drawn from bytes 0…7 (its own inverse). */
function maskTail(bytes: Buffer, from: number): void {
  let seed = mix32(bytes.readUInt32BE(0) ^ mix32(bytes.readUInt32BE(4)));
  for (let i = from; i < 32; i++) {
    if ((i - from) % 4 === 0) seed = mix32(seed + i);
    bytes[i] = (bytes[i] as number) ^ ((seed >>> (((i - from) % 4) * 8)) & 255);
  }
}

/** Writes `n` (< 2^56) big-endian into bytes `at`…`at + 6`. */
function writeUint56(bytes: Buffer, at: number, n: number): void {
  bytes.writeUInt32BE(n >>> 0, at + 3);
  const hi = Math.floor(n / 0x100000000);
  bytes[at] = (hi >>> 16) & 255;
  bytes[at + 1] = (hi >>> 8) & 255;
  bytes[at + 2] = hi & 255;
}

function readUint56(bytes: Buffer, at: number): number {
  return ((bytes[at] as number) * 65536 + (bytes[at + 1] as number) * 256 + (bytes[at + 2] as number)) * 0x100000000 + bytes.readUInt32BE(at + 3);
}

/** A hash's bytes with its tail unmasked, or undefined when it is not 0x + 64 lowercase hex digits. */
function unmasked(hash: string, from: number): Buffer | undefined {
  if (!LOWER_HASH.test(hash)) return undefined;
  const bytes = Buffer.from(hash.slice(2), 'hex');
  maskTail(bytes, from);
  return bytes;
}

export function demoBlockHash(n: number): string {
  if (n < 0) return '0x' + '0'.repeat(64);
  return taggedHash(new Random(seedOf(n, 0xb10c)), (b) => (writeUint56(b, 25, n), 25));
}

/** The number of the demo block with this hash, or undefined when no demo block has it. */
export function demoBlockNumberOfHash(hash: string): number | undefined {
  const bytes = unmasked(hash, 25);
  const n = bytes && readUint56(bytes, 25);
  return n !== undefined && demoBlockExists(n) && demoBlockHash(n) === hash ? n : undefined;
}

/** A transaction's hash: random, with block `n` and position `index` (< 2^24) masked into its last 10 bytes. */
function transactionHash(r: Random, n: number, index: number): string {
  return taggedHash(r, (b) => {
    writeUint56(b, 22, n);
    b[29] = (index >>> 16) & 255;
    b[30] = (index >>> 8) & 255;
    b[31] = index & 255;
    return 22;
  });
}

/** Where a transaction hash says it is (block, index); the caller checks that the block holds it. */
export function demoTransactionPlace(hash: string): { block: number; index: number } | undefined {
  const bytes = unmasked(hash, 22);
  if (!bytes) return undefined;
  const block = readUint56(bytes, 22);
  return demoBlockExists(block) ? { block, index: ((bytes[29] as number) << 16) | ((bytes[30] as number) << 8) | (bytes[31] as number) } : undefined;
}

/** Base fee in wei, 0.1 to 2 gwei. */
export function demoBaseFee(n: number): bigint {
  return BigInt(100_000_000 + (mix32(n ^ 0x5eed) % 1_900_000) * 1000 + (mix32(n) % 1000));
}

export interface DemoTransaction {
  index: number;
  hash: string;
  from: string;
  /** `null` for a contract creation. */
  to: string | null;
  value: bigint;
  /** Gas limit of the transaction. */
  gas: number;
  /** The effective gas price (for type 2 too, as nodes report mined transactions); 0 for system ones. */
  gasPrice: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasUsed: number;
  /** The 4-byte selector, or `0x`. */
  input: string;
  nonce: number;
  type: 0 | 2;
  success: boolean;
  system: boolean;
  contractAddress: string | null;
  /** Only in the sample block: the story `transactions.ts` tells for it (logs, revert reason, trace). */
  sample?: DemoSampleKind;
}

/** The transactions of the sample block, one of each kind the transaction page shows. */
export type DemoSampleKind =
  | 'transfer'
  | 'erc20Transfer'
  | 'erc721Transfer'
  | 'failed'
  | 'panic'
  | 'creation'
  | 'internalTransfers'
  | 'customError'
  | 'coreWriterOrder'
  | 'systemTransfer'
  | 'coreWriterSupplyChange'
  | 'coreWriterOutcomeOrder';

export interface DemoBlockModel {
  number: number;
  hash: string;
  parentHash: string;
  gasLimit: number;
  gasUsed: number;
  baseFeePerGas: bigint;
  /** Exact sum of gasUsed × effective gas price, in wei. */
  totalFees: bigint;
  transactions: DemoTransaction[];
  stateRoot: string;
  transactionsRoot: string;
  receiptsRoot: string;
  logsBloom: string;
  mixHash: string;
  parentBeaconBlockRoot: string;
  size: number;
}

const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const EMPTY_UNCLES_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
const EMPTY_BLOOM = '0x' + '0'.repeat(512);

/** HyperCore tokens with an EVM contract, for system token transfers (index → contract). */
const SYSTEM_TOKENS: readonly (readonly [number, string])[] = [
  [1, '0x9b498c3c8a0b8cd8ba1d9851d40d186f1872b44e'], // PURR
  [2, '0xa320d9f65ec992eff38622c63627856382db726c'], // HFUN
  [197, '0x9fdbda0a5e284c32744d2f17ee5c74b284993463'], // UBTC
  [221, '0xbe6727b535545c67d5caa73dea54865b92cf7907'], // UETH
  [268, '0xb8ce59fc3717ada4c02eadf9682a9e934f625ebb'], // USDT0
];

/** The HyperCore tokens' EVM contracts that system transactions call. */
export const DEMO_SYSTEM_TOKEN_CONTRACTS: readonly string[] = SYSTEM_TOKENS.map(([, c]) => c);

const SELECTORS = [
  '0xa9059cbb', // transfer
  '0x095ea7b3', // approve
  '0x23b872dd', // transferFrom
  '0x38ed1739', // swapExactTokensForTokens
  '0x7ff36ab5', // swapExactETHForTokens
  '0x414bf389', // exactInputSingle
  '0x5ae401dc', // multicall
  '0x3593564c', // execute
  '0xd0e30db0', // deposit
  '0x2e1a7d4d', // withdraw
];

let users: string[] | undefined;
let contracts: string[] | undefined;
/** The demo chain's ordinary accounts (600) and contracts (40). */
export function demoUserPool(): readonly string[] {
  return userPool();
}
export function demoContractPool(): readonly string[] {
  return contractPool();
}
function userPool(): string[] {
  return (users ??= Array.from({ length: 600 }, (_, i) => '0x' + new Random(seedOf(i, 0xa11ce)).hex(40)));
}
function contractPool(): string[] {
  return (contracts ??= Array.from({ length: 40 }, (_, i) => '0x' + new Random(seedOf(i, 0xc0de)).hex(40)));
}

const GWEI = 1_000_000_000n;

const POW10 = Array.from({ length: 19 }, (_, i) => 10n ** BigInt(i));

/** 10^-6 to ~10^5 HYPE, in wei. */
function hypeAmount(r: Random): bigint {
  return BigInt(r.int(1, 99_999)) * (POW10[r.int(12, 17)] as bigint);
}

/** A normal transaction; `budget` is the gas left in the block. Undefined when nothing fits. */
function normalTransaction(
  r: Random,
  n: number,
  index: number,
  baseFee: bigint,
  budget: number,
  transfersOnly: boolean,
  big: boolean,
): DemoTransaction | undefined {
  if (budget < 21_000) return undefined;
  const roll = transfersOnly ? 0 : r.int(0, 99);
  const kind = roll < 40 ? 'transfer' : roll < 95 ? 'call' : 'create';
  let gasUsed: number;
  let to: string | null;
  let value = 0n;
  let input = '0x';
  let contractAddress: string | null = null;
  if (kind === 'transfer') {
    gasUsed = 21_000;
    to = r.pick(userPool());
    value = hypeAmount(r);
  } else if (kind === 'call') {
    gasUsed = r.int(35_000, 450_000);
    to = r.pick(contractPool());
    input = r.pick(SELECTORS);
    if (r.chance(0.15)) value = hypeAmount(r);
  } else {
    gasUsed = r.int(250_000, big ? 2_500_000 : 1_500_000);
    to = null;
    input = '0x60806040';
    contractAddress = '0x' + r.hex(40);
  }
  if (gasUsed > budget) {
    // Fall back to a plain transfer, which always fits when 21,000 gas is left.
    gasUsed = 21_000;
    to = r.pick(userPool());
    value = hypeAmount(r);
    input = '0x';
    contractAddress = null;
  }
  const gas = gasUsed === 21_000 ? 21_000 : gasUsed + r.int(0, Math.floor(gasUsed / 2));
  const priority = r.chance(0.1) ? 0n : BigInt(r.int(1_000, 2_000_000)) * 1000n;
  const type: 0 | 2 = r.chance(0.8) ? 2 : 0;
  const gasPrice = baseFee + priority;
  return {
    index,
    hash: transactionHash(r, n, index),
    from: r.pick(userPool()),
    to,
    value,
    gas,
    gasPrice,
    ...(type === 2 ? { maxFeePerGas: gasPrice + BigInt(r.int(0, 3)) * GWEI, maxPriorityFeePerGas: priority } : {}),
    gasUsed,
    input,
    nonce: r.int(0, 40_000),
    type,
    success: r.chance(0.97),
    system: false,
    contractAddress,
  };
}

/** Wrapped HYPE on HyperEVM: `withdraw` sends HYPE back, an internal value transfer. */
export const DEMO_WHYPE = '0x5555555555555555555555555555555555555555';
/** The ERC-20 of the sample block's token transfer (USDT0's contract). */
export const DEMO_TOKEN_CONTRACT = '0xb8ce59fc3717ada4c02eadf9682a9e934f625ebb';
/** The ERC-721 collection of the sample block's NFT transfer. */
export const DEMO_NFT_CONTRACT = '0x' + new Random(seedOf(721, 0x4ef7)).hex(40);
/** The contract the sample block's creation makes. */
export const DEMO_CREATED_CONTRACT = '0x' + new Random(seedOf(1, 0xc4ea7e)).hex(40);
/** The account that sends the sample block's plain transfer and creation: the demo market maker. */
export const DEMO_SAMPLE_ACCOUNT = '0x3217cce5d8c320717e50df51e36008fef107018c';
/** CoreWriter, HyperEVM's system contract that sends actions to HyperCore. */
export const DEMO_CORE_WRITER = '0x3333333333333333333333333333333333333333';
/** The sample block's trading contract: it reads BTC's oracle price, then sends a limit order through CoreWriter. */
export const DEMO_CORE_STRATEGY = '0x' + new Random(seedOf(7, 0xc07e)).hex(40);
/** `placeLimitOrder(uint32,bool,uint64,uint64,bool,uint8,uint128)`: the trading contract's method. */
export const DEMO_PLACE_ORDER_SELECTOR = '0xc99d682f';
/** The sample block's transfer from HyperCore: token 197 (UBTC) to its ERC-20, from the token's system address. */
export const DEMO_SYSTEM_TRANSFER_TOKEN = 197;
/** The sample block's aligned quote token (USDH, token 360): its contract's mint sends CoreWriter action 14. */
export const DEMO_SUPPLY_CHANGE_TOKEN = 360;
/** USDH's ERC-20 in the demo's `spotMeta` (token 360's `evmContract`). */
export const DEMO_USDH_CONTRACT = '0x111111a1a0667d36bd57c0a9f569b98057111111';
/** `mint(address,uint256)`. */
export const DEMO_MINT_SELECTOR = '0x40c10f19';

/** The sample block's own transactions, after its system ones: one of each kind. */
function sampleTransactions(r: Random, n: number, first: number, baseFee: bigint): DemoTransaction[] {
  const users = userPool();
  const pool = contractPool();
  let made = 0;
  const make = (sample: DemoSampleKind, from: string, to: string | null, input: string, gasUsed: number, value = 0n, success = true): DemoTransaction => {
    const priority = BigInt(r.int(1_000, 2_000_000)) * 1000n;
    const gasPrice = baseFee + priority;
    return {
      index: first + made,
      hash: transactionHash(r, n, first + made++),
      from,
      to,
      value,
      gas: gasUsed === 21_000 ? 21_000 : gasUsed + 20_000,
      gasPrice,
      maxFeePerGas: gasPrice + GWEI,
      maxPriorityFeePerGas: priority,
      gasUsed,
      input,
      nonce: r.int(0, 5_000),
      type: 2,
      success,
      system: false,
      contractAddress: to === null ? DEMO_CREATED_CONTRACT : null,
      sample,
    };
  };
  const list = [
    make('transfer', DEMO_SAMPLE_ACCOUNT, users[1] as string, '0x', 21_000, 1_500_000_000_000_000_000n),
    make('erc20Transfer', users[2] as string, DEMO_TOKEN_CONTRACT, '0x23b872dd', 52_411),
    make('erc721Transfer', users[3] as string, DEMO_NFT_CONTRACT, '0x42842e0e', 85_162),
    make('failed', users[4] as string, pool[0] as string, '0x38ed1739', 118_007, 0n, false),
    make('panic', users[5] as string, pool[2] as string, '0xa9059cbb', 31_544, 0n, false),
    make('creation', DEMO_SAMPLE_ACCOUNT, null, '0x60806040', 1_204_332),
    make('internalTransfers', users[6] as string, DEMO_WHYPE, '0x2e1a7d4d', 35_290),
    make('customError', users[7] as string, pool[3] as string, '0xa9059cbb', 29_877, 0n, false),
    make('coreWriterOrder', users[10] as string, DEMO_CORE_STRATEGY, DEMO_PLACE_ORDER_SELECTOR, 71_402),
  ];
  // A transfer from HyperCore as nanoreth shows it: a pseudo transaction from the token's system address,
  // no gas, no gas price, calling `transfer(recipient, amount)` on the token's ERC-20.
  const index = first + list.length;
  list.push({
    index,
    hash: transactionHash(r, n, index),
    from: tokenSystemAddress(DEMO_SYSTEM_TRANSFER_TOKEN),
    to: SYSTEM_TOKENS.find(([i]) => i === DEMO_SYSTEM_TRANSFER_TOKEN)![1],
    value: 0n,
    gas: 0,
    gasPrice: 0n,
    gasUsed: 0,
    input: '0xa9059cbb',
    nonce: r.int(0, 5_000),
    type: 0,
    success: true,
    system: true,
    contractAddress: null,
    sample: 'systemTransfer',
  });
  made++;
  // After the transfer from HyperCore, so that the samples before keep their places: USDH's mint, which
  // tells HyperCore of the new supply (action 14), and an order on an outcome market (asset ≥ 100,000,000).
  list.push(
    make('coreWriterSupplyChange', users[12] as string, DEMO_USDH_CONTRACT, DEMO_MINT_SELECTOR, 64_118),
    make('coreWriterOutcomeOrder', users[13] as string, DEMO_CORE_STRATEGY, DEMO_PLACE_ORDER_SELECTOR, 69_870),
  );
  return list;
}

function systemTransaction(r: Random, n: number, index: number): DemoTransaction {
  const hype = r.chance(0.6);
  const [tokenIndex, tokenContract] = r.pick(SYSTEM_TOKENS);
  // As real nodes show them: the sender comes from hl-node's `from` when it has one, so some system
  // transactions (never the first of a block here) come from an ordinary address; the gas price is 0.
  const users = userPool();
  const plainSender = index > 0 && mix32(seedOf(n, index, 0x5e2d)) % 3 === 0 ? users[mix32(n ^ index) % users.length] : undefined;
  return {
    index,
    hash: transactionHash(r, n, index),
    from: plainSender ?? (hype ? HYPE_SYSTEM_ADDRESS : tokenSystemAddress(tokenIndex)),
    to: hype ? r.pick(userPool()) : tokenContract,
    value: hype ? hypeAmount(r) : 0n,
    // Pseudo transactions (nanoreth): no gas price; the demo also gives them no gas, so that a block of
    // 10,000 transactions still fits its 30M gas limit.
    gas: 0,
    gasPrice: 0n,
    gasUsed: 0,
    input: hype ? '0x' : '0xa9059cbb',
    nonce: Math.floor(n / 3) + index,
    type: 0,
    success: true,
    system: true,
    contractAddress: null,
  };
}

function transactionCounts(n: number, r: Random, big: boolean): { system: number; normal: number; transfersOnly: boolean } {
  if (n === DEMO_BLOCKS.hugeBlock || n === DEMO_BLOCKS.hugeSpecBlock)
    return { system: DEMO_HUGE_TRANSACTION_COUNT - 1_200, normal: 1_200, transfersOnly: true };
  if (n === DEMO_BLOCKS.emptyBlock) return { system: 0, normal: 0, transfersOnly: false };
  if (big) return { system: r.int(0, 6), normal: r.int(20, 160), transfersOnly: false };
  const forced = n === DEMO_BLOCKS.smallBlock || n === DEMO_BLOCKS.hoverBlock || n === DEMO_HEAD;
  if (!forced && r.chance(0.12)) return { system: 0, normal: 0, transfersOnly: false };
  const system = forced ? r.int(1, 3) : r.chance(0.35) ? r.int(1, 3) : 0;
  return { system, normal: forced ? r.int(3, 14) : r.int(1, 14), transfersOnly: false };
}

/** Builds block `n` from scratch (no cache; `demoBlockModel` caches). */
export function buildDemoBlock(n: number): DemoBlockModel {
  const r = new Random(seedOf(n, 0x7e57));
  const big = isBigDemoBlock(n);
  const gasLimit = big ? DEMO_BIG_GAS_LIMIT : DEMO_SMALL_GAS_LIMIT;
  const baseFeePerGas = demoBaseFee(n);
  const counts = transactionCounts(n, r, big);
  const transactions: DemoTransaction[] = [];
  for (let i = 0; i < counts.system; i++) transactions.push(systemTransaction(r, n, transactions.length));
  let gasUsed = 0;
  if (n === DEMO_BLOCKS.sampleBlock) {
    for (const tx of sampleTransactions(r, n, transactions.length, baseFeePerGas)) {
      gasUsed += tx.gasUsed;
      transactions.push(tx);
    }
  } else {
    for (let i = 0; i < counts.normal; i++) {
      const tx = normalTransaction(r, n, transactions.length, baseFeePerGas, gasLimit - gasUsed, counts.transfersOnly, big);
      if (!tx) break;
      gasUsed += tx.gasUsed;
      transactions.push(tx);
    }
  }
  // The small demo block always shows a failed transaction: its last one reverted.
  const last = transactions[transactions.length - 1];
  if (n === DEMO_BLOCKS.smallBlock && last && !last.system) last.success = false;
  let totalFees = 0n;
  for (const tx of transactions) totalFees += BigInt(tx.gasUsed) * tx.gasPrice;
  const empty = transactions.length === 0;
  let logsBloom = EMPTY_BLOOM;
  if (!empty) {
    const chars = logsBloom.split('');
    for (let i = 0; i < 24; i++) chars[2 + r.int(0, 511)] = r.pick(['1', '2', '4', '8']);
    logsBloom = chars.join('');
  }
  return {
    number: n,
    hash: demoBlockHash(n),
    parentHash: demoBlockHash(n - 1),
    gasLimit,
    gasUsed,
    baseFeePerGas,
    totalFees,
    transactions,
    stateRoot: '0x' + r.hex(64),
    transactionsRoot: empty ? EMPTY_TRIE_ROOT : '0x' + r.hex(64),
    receiptsRoot: empty ? EMPTY_TRIE_ROOT : '0x' + r.hex(64),
    logsBloom,
    mixHash: '0x' + r.hex(64),
    parentBeaconBlockRoot: '0x' + r.hex(64),
    size: 620 + transactions.length * 118,
  };
}

const models = new Map<number, DemoBlockModel>();
const MODEL_CACHE_SIZE = 64;

/** The block with its transactions (cached; do not mutate). Undefined above the head. */
export function demoBlockModel(n: number): DemoBlockModel | undefined {
  if (!demoBlockExists(n)) return undefined;
  const hit = models.get(n);
  if (hit) {
    models.delete(n);
    models.set(n, hit);
    return hit;
  }
  const model = buildDemoBlock(n);
  models.set(n, model);
  if (models.size > MODEL_CACHE_SIZE) {
    for (const key of models.keys()) {
      if (key === DEMO_BLOCKS.hugeBlock || key === DEMO_BLOCKS.hugeSpecBlock) continue;
      models.delete(key);
      break;
    }
  }
  return model;
}

const stripped = new WeakMap<DemoBlockModel, DemoBlockModel>();

/**
 * Block `m` as an hl-node-compliant path sends it (Chainstack's `/evm`): without its system transactions,
 * the others numbered from 0 again. Their gas is 0 here, so the gas used and the fees stay as they are.
 */
export function withoutSystemTransactions(m: DemoBlockModel): DemoBlockModel {
  const hit = stripped.get(m);
  if (hit) return hit;
  const transactions = m.transactions.filter((t) => !t.system).map((t, index) => (t.index === index ? t : { ...t, index }));
  const model = { ...m, transactions, size: m.size - (m.transactions.length - transactions.length) * 118 };
  stripped.set(m, model);
  return model;
}

/** The block header as reth sends it (`eth_getBlockByNumber` without transactions, `ots_*`'s slim block). */
export function slimHeader(m: DemoBlockModel, headTimestamp: number): Record<string, unknown> {
  return {
    hash: m.hash,
    parentHash: m.parentHash,
    sha3Uncles: EMPTY_UNCLES_HASH,
    miner: DEMO_MINER,
    stateRoot: m.stateRoot,
    transactionsRoot: m.transactionsRoot,
    receiptsRoot: m.receiptsRoot,
    logsBloom: m.logsBloom,
    difficulty: '0x0',
    number: quantity(m.number),
    gasLimit: quantity(m.gasLimit),
    gasUsed: quantity(m.gasUsed),
    timestamp: quantity(demoBlockTimestamp(m.number, headTimestamp)),
    extraData: '0x',
    mixHash: m.mixHash,
    nonce: '0x0000000000000000',
    baseFeePerGas: quantity(m.baseFeePerGas),
    withdrawalsRoot: EMPTY_TRIE_ROOT,
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: m.parentBeaconBlockRoot,
    totalDifficulty: '0x0',
    size: quantity(m.size),
    uncles: [],
    withdrawals: [],
  };
}

/** The `result` of `ots_getBlockDetails` for block `n`, or undefined when it does not exist. */
export function demoBlockDetails(n: number, headTimestamp: number, systemTxsLeftOut = false): Record<string, unknown> | undefined {
  const whole = demoBlockModel(n);
  if (!whole) return undefined;
  const m = systemTxsLeftOut ? withoutSystemTransactions(whole) : whole;
  const block =
    demoBlockShape(n) === 'spec'
      ? {
          number: quantity(m.number),
          hash: m.hash,
          parentHash: m.parentHash,
          timestamp: quantity(demoBlockTimestamp(n, headTimestamp)),
          gasLimit: quantity(m.gasLimit),
          gasUsed: quantity(m.gasUsed),
          miner: DEMO_MINER,
          baseFeePerGas: quantity(m.baseFeePerGas),
          transactions: m.transactions.map((t) => ({
            hash: t.hash,
            from: t.from,
            to: t.to,
            value: quantity(t.value),
            gas: quantity(t.gas),
            gasPrice: quantity(t.gasPrice),
          })),
          transactionCount: m.transactions.length,
        }
      : { ...slimHeader(m, headTimestamp), transactionCount: m.transactions.length };
  return { block, issuance: { ...DEMO_ISSUANCE }, totalFees: quantity(m.totalFees) };
}

/** Transaction indexes `[start, end)` that page `page` of size `size` holds. */
export function demoPageRange(total: number, page: number, size: number, direction: PageDirection): [number, number] {
  if (direction === 'first') {
    const start = Math.min(total, page * size);
    return [start, Math.min(total, start + size)];
  }
  // Erigon: pageEnd = count - page*size, pageStart = pageEnd - size, both clamped at 0.
  const end = Math.max(0, total - page * size);
  return [Math.max(0, end - size), end];
}

/** A mined transaction as reth sends it (with `input` as the demo block holds it: the selector). */
export function fullTransaction(m: DemoBlockModel, t: DemoTransaction, blockNumber: string): Record<string, unknown> {
  // Object literals without spreads: this runs for every transaction of every page.
  const r = new Random(seedOf(m.number, t.index, 0x5167));
  const sigR = t.system ? '0x0' : '0x' + r.hex(64);
  const sigS = t.system ? '0x0' : '0x' + r.hex(64);
  if (t.type === 2) {
    const yParity = r.int(0, 1) === 1 ? '0x1' : '0x0';
    return {
      blockHash: m.hash,
      blockNumber,
      chainId: CHAIN_ID_HEX,
      from: t.from,
      gas: quantity(t.gas),
      gasPrice: quantity(t.gasPrice),
      maxFeePerGas: quantity(t.maxFeePerGas ?? t.gasPrice),
      maxPriorityFeePerGas: quantity(t.maxPriorityFeePerGas ?? 0n),
      hash: t.hash,
      input: t.input,
      nonce: quantity(t.nonce),
      to: t.to,
      transactionIndex: quantity(t.index),
      type: '0x2',
      value: quantity(t.value),
      accessList: [],
      v: yParity,
      yParity,
      r: sigR,
      s: sigS,
    };
  }
  return {
    blockHash: m.hash,
    blockNumber,
    chainId: CHAIN_ID_HEX,
    from: t.from,
    gas: quantity(t.gas),
    gasPrice: quantity(t.gasPrice),
    hash: t.hash,
    input: t.input,
    nonce: quantity(t.nonce),
    to: t.to,
    transactionIndex: quantity(t.index),
    type: '0x0',
    value: quantity(t.value),
    v: t.system ? '0x0' : quantity(DEMO_CHAIN_ID * 2 + 35 + r.int(0, 1)),
    r: sigR,
    s: sigS,
  };
}

/** A receipt as `ots_getBlockTransactions` sends it (`logs` and `logsBloom` null). */
export function receipt(m: DemoBlockModel, t: DemoTransaction, blockNumber: string, cumulativeGasUsed: number): Record<string, unknown> {
  return {
    blockHash: m.hash,
    blockNumber,
    contractAddress: t.contractAddress,
    cumulativeGasUsed: quantity(cumulativeGasUsed),
    effectiveGasPrice: quantity(t.gasPrice),
    from: t.from,
    gasUsed: quantity(t.gasUsed),
    logs: null,
    logsBloom: null,
    status: t.success ? '0x1' : '0x0',
    to: t.to,
    transactionHash: t.hash,
    transactionIndex: quantity(t.index),
    type: quantity(t.type),
  };
}

/** The `result` of `ots_getBlockTransactions(n, page, size)`, or undefined when the block does not exist. */
export function demoBlockTransactions(
  n: number,
  page: number,
  size: number,
  direction: PageDirection,
  headTimestamp: number,
  systemTxsLeftOut = false,
): Record<string, unknown> | undefined {
  const whole = demoBlockModel(n);
  if (!whole) return undefined;
  const m = systemTxsLeftOut ? withoutSystemTransactions(whole) : whole;
  const [start, end] = demoPageRange(m.transactions.length, page, size, direction);
  const txs = m.transactions.slice(start, end);
  let cumulative = 0;
  for (let i = 0; i < start; i++) cumulative += (m.transactions[i] as DemoTransaction).gasUsed;
  const blockNumber = quantity(m.number);
  const receipts = txs.map((t) => receipt(m, t, blockNumber, (cumulative += t.gasUsed)));
  const fullblock = slimHeader(m, headTimestamp);
  fullblock.transactions = txs.map((t) => fullTransaction(m, t, blockNumber));
  fullblock.transactionCount = m.transactions.length;
  return { fullblock, receipts };
}
