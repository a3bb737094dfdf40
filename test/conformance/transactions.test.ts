// Conformance of the transaction page's data against anvil (a real Otterscan node) behind a
// provider-shaped gateway: real signed transactions to hand-assembled contracts (a token that logs
// Transfer and Approval, contracts that revert with Error(string) and Panic, a value forwarder), and
// what our client and decoders return compared, field by field, with anvil's own eth_*, ots_* and
// debug_traceTransaction answers, and with viem's decoders.
import * as assert from 'node:assert/strict';
import { decodeErrorResult, decodeEventLog, encodeErrorResult, parseAbi, type Hex } from 'viem';
import type { EvmClient } from '../../src/core/evmClient';
import { decodeLog } from '../../src/core/logs';
import type { Hash } from '../../src/core/model';
import { createProviderClients } from '../../src/core/provider';
import { decodeRevert } from '../../src/core/revert';
import { blockTimestamp, loadTransaction, lookUpHash } from '../../src/core/transactionLoad';
import { msg } from '../../src/core/translate';
import { eip1559, GWEI, Sender, startAnvil, type AnvilNode } from './anvil';
import { deployCode, FORWARDER_RUNTIME, revertRuntime, TOKEN_RUNTIME } from './contracts';

const errors = parseAbi(['error Error(string)', 'error Panic(uint256)']);
const erc20 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
const erc721 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
const REASON = 'Conformance: not enough ✓ HYPE';
const word = (x: bigint | string) => (typeof x === 'bigint' ? x.toString(16) : x.slice(2)).padStart(64, '0');

interface RawTx {
  hash: string;
  blockHash: string;
  blockNumber: string;
  transactionIndex: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce: string;
  type: string;
  input: string;
}
interface RawLog {
  address: string;
  topics: Hex[];
  data: Hex;
  logIndex: string;
}
interface RawReceipt {
  transactionHash: string;
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
  logs: RawLog[];
}
interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  input: string;
  output?: string;
  calls?: CallFrame[];
}

describe('conformance: transactions, receipts, revert reasons, traces and addresses against anvil', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let evm: EvmClient;
  let sender: Sender;
  const contracts = { token: '' as Hex, errorString: '' as Hex, panic: '' as Hex, forwarder: '' as Hex };
  const txs = { transfer: '' as Hex, token: '' as Hex, errorString: '' as Hex, panic: '' as Hex, forward: '' as Hex, creation: '' as Hex };
  const to = (i: number) => node.accounts[i]!.address.toLowerCase() as Hex;

  before(async () => {
    node = await startAnvil();
    sender = new Sender(node);
    evm = createProviderClients(node.baseUrl, node.key, { timeoutMs: 10_000, maxRetries: 0 }).evm;
    const deploy = async (runtime: string) => {
      const hash = await sender.send(1, { ...eip1559(1n), to: null, data: deployCode(runtime), gas: 300_000n });
      const receipt = await sender.receiptOf(hash);
      assert.equal(receipt.status, '0x1', 'deployed');
      return { hash, address: receipt.contractAddress as Hex };
    };
    const token = await deploy(TOKEN_RUNTIME);
    contracts.token = token.address;
    txs.creation = token.hash;
    contracts.errorString = (await deploy(revertRuntime(encodeErrorResult({ abi: errors, errorName: 'Error', args: [REASON] })))).address;
    contracts.panic = (await deploy(revertRuntime(encodeErrorResult({ abi: errors, errorName: 'Panic', args: [0x11n] })))).address;
    contracts.forwarder = (await deploy(FORWARDER_RUNTIME)).address;

    const mined = async (hash: Hex) => (await sender.receiptOf(hash), hash);
    txs.transfer = await mined(await sender.send(0, { ...eip1559(2n), to: to(2), value: 10n ** 18n }));
    txs.token = await mined(await sender.send(0, { ...eip1559(1n), to: contracts.token, data: `0xa9059cbb${word(to(3))}${word(4821n)}`, gas: 100_000n }));
    txs.errorString = await mined(await sender.send(2, { ...eip1559(1n), to: contracts.errorString, data: '0x12345678', gas: 100_000n }));
    txs.panic = await mined(await sender.send(2, { type: 'legacy', gasPrice: 5n * GWEI, to: contracts.panic, gas: 100_000n }));
    txs.forward = await mined(await sender.send(3, { ...eip1559(1n), to: contracts.forwarder, data: `0x${word(to(1))}`, value: 777n, gas: 100_000n }));
  });

  after(async () => node?.close());

  for (const which of ['transfer', 'token', 'errorString', 'panic', 'forward', 'creation'] as const) {
    it(`agrees with eth_getTransactionByHash and eth_getTransactionReceipt, field by field: ${which}`, async () => {
      const hash = txs[which];
      const raw = await node.rpc<RawTx>('eth_getTransactionByHash', [hash]);
      const tx = await evm.getTransaction(hash);
      assert.ok(tx);
      assert.equal(tx.hash, raw.hash);
      assert.equal(tx.blockHash, raw.blockHash);
      assert.equal(tx.blockNumber, BigInt(raw.blockNumber));
      assert.equal(tx.transactionIndex, Number(raw.transactionIndex));
      assert.equal(tx.from, raw.from.toLowerCase());
      assert.equal(tx.to, raw.to === null ? null : raw.to.toLowerCase());
      assert.equal(tx.value, BigInt(raw.value));
      assert.equal(tx.gas, BigInt(raw.gas));
      assert.equal(tx.gasPrice, raw.gasPrice === undefined ? undefined : BigInt(raw.gasPrice));
      assert.equal(tx.maxFeePerGas, raw.maxFeePerGas === undefined ? undefined : BigInt(raw.maxFeePerGas));
      assert.equal(tx.maxPriorityFeePerGas, raw.maxPriorityFeePerGas === undefined ? undefined : BigInt(raw.maxPriorityFeePerGas));
      assert.equal(tx.nonce, BigInt(raw.nonce));
      assert.equal(tx.type, Number(raw.type));
      assert.equal(tx.input, raw.input.toLowerCase());
      assert.deepEqual(tx.raw, raw);

      const rawReceipt = await node.rpc<RawReceipt>('eth_getTransactionReceipt', [hash]);
      const receipt = await evm.getTransactionReceipt(hash);
      assert.ok(receipt);
      assert.equal(receipt.status, rawReceipt.status === '0x1' ? 'success' : 'reverted');
      assert.equal(receipt.gasUsed, BigInt(rawReceipt.gasUsed));
      assert.equal(receipt.effectiveGasPrice, BigInt(rawReceipt.effectiveGasPrice));
      assert.equal(receipt.contractAddress, rawReceipt.contractAddress?.toLowerCase() ?? null);
      assert.deepEqual(
        receipt.logs,
        rawReceipt.logs.map((l) => ({
          address: l.address.toLowerCase(),
          topics: l.topics.map((t) => t.toLowerCase()),
          data: l.data.toLowerCase(),
          logIndex: Number(l.logIndex),
        })),
      );
    });
  }

  it('decodes the token’s logs as viem does: ERC-20 Transfer and Approval, ERC-721 Transfer', async () => {
    const receipt = await evm.getTransactionReceipt(txs.token);
    const rawReceipt = await node.rpc<RawReceipt>('eth_getTransactionReceipt', [txs.token]);
    const ours = receipt!.logs.map(decodeLog);
    const viem20 = rawReceipt.logs.slice(0, 2).map((l) => decodeEventLog({ abi: erc20, topics: l.topics as [Hex], data: l.data }));
    const viem721 = decodeEventLog({ abi: erc721, topics: rawReceipt.logs[2]!.topics as [Hex], data: rawReceipt.logs[2]!.data });
    const from = to(0);
    assert.deepEqual(ours, [
      { kind: 'erc20Transfer', from, to: to(3), amount: 4821n },
      { kind: 'erc20Approval', owner: from, spender: to(3), amount: 4821n },
      { kind: 'erc721Transfer', from, to: to(3), tokenId: 4821n },
    ]);
    const a = viem20[0]!.args as { from: string; to: string; value: bigint };
    assert.deepEqual([a.from.toLowerCase(), a.to.toLowerCase(), a.value], [from, to(3), 4821n]);
    const b = viem20[1]!.args as { owner: string; spender: string; value: bigint };
    assert.deepEqual([viem20[1]!.eventName, b.owner.toLowerCase(), b.spender.toLowerCase(), b.value], ['Approval', from, to(3), 4821n]);
    const c = viem721.args as { from: string; to: string; tokenId: bigint };
    assert.deepEqual([c.from.toLowerCase(), c.to.toLowerCase(), c.tokenId], [from, to(3), 4821n]);
  });

  it('reads ots_getTransactionError as anvil sends it, and decodes it as viem does: Error(string), Panic, none', async () => {
    for (const [hash, expected] of [
      [txs.errorString, { kind: 'error', message: REASON }],
      [txs.panic, { kind: 'panic', code: 0x11n, meaning: msg('arithmetic overflow or underflow') }],
    ] as const) {
      const raw = await node.rpc<string>('ots_getTransactionError', [hash]);
      const data = await evm.getTransactionError(hash);
      assert.equal(data, raw.toLowerCase());
      assert.deepEqual(decodeRevert(data), expected);
      const viem = decodeErrorResult({ abi: errors, data: raw as Hex });
      assert.equal(viem.args[0], expected.kind === 'error' ? REASON : 0x11n);
    }
    // A transaction that did not revert: anvil sends 0x (as Erigon does; reth sends null).
    assert.equal(await node.rpc<string>('ots_getTransactionError', [txs.transfer]), '0x');
    assert.equal(await evm.getTransactionError(txs.transfer), '0x');
  });

  it('reads ots_traceTransaction and agrees with anvil’s callTracer: the forwarded value is an internal CALL', async () => {
    const trace = await evm.traceTransaction(txs.forward);
    const raw = await node.rpc<unknown[]>('ots_traceTransaction', [txs.forward]);
    assert.equal(trace.length, raw.length);
    const frame = await node.rpc<CallFrame>('debug_traceTransaction', [txs.forward, { tracer: 'callTracer' }]);
    const flat: { type: string; depth: number; from: string; to: string; value: bigint }[] = [];
    const walk = (f: CallFrame, depth: number) => {
      flat.push({ type: f.type, depth, from: f.from.toLowerCase(), to: (f.to ?? '').toLowerCase(), value: BigInt(f.value ?? '0x0') });
      for (const c of f.calls ?? []) walk(c, depth + 1);
    };
    walk(frame, 0);
    assert.deepEqual(
      trace.map((t) => ({ type: t.type, depth: t.depth, from: t.from, to: t.to, value: t.value })),
      flat,
    );
    assert.deepEqual(trace[1], {
      type: 'CALL',
      depth: 1,
      from: contracts.forwarder.toLowerCase(),
      to: to(1),
      value: 777n,
      input: '0x',
      output: trace[1]!.output,
    });
  });

  it('traces a plain transfer as one CALL, and a creation as nothing (anvil leaves top-level creations out)', async () => {
    const plain = await evm.traceTransaction(txs.transfer);
    assert.deepEqual(
      plain.map((t) => [t.type, t.depth, t.from, t.to, t.value]),
      [['CALL', 0, to(0), to(2), 10n ** 18n]],
    );
    // anvil leaves a top-level creation out of ots_traceTransaction (its callTracer has it as CREATE):
    // an empty trace is a real answer, not a failure.
    assert.deepEqual(await evm.traceTransaction(txs.creation), []);
    assert.deepEqual(await node.rpc('ots_traceTransaction', [txs.creation]), []);
    const frame = await node.rpc<CallFrame>('debug_traceTransaction', [txs.creation, { tracer: 'callTracer' }]);
    assert.deepEqual([frame.type, frame.to?.toLowerCase()], ['CREATE', contracts.token.toLowerCase()]);
  });

  it('loads the failed transaction in one go (one batch): receipt reverted, reason decoded, trace; then the block time', async () => {
    const b = await loadTransaction(evm, txs.errorString);
    assert.ok(b && b.receipt.ok && b.receipt.value?.status === 'reverted');
    assert.deepEqual(b.revert, { ok: true, value: { kind: 'error', message: REASON } });
    assert.ok(b.trace.ok && b.trace.value.length === 1);
    const block = await node.rpc<{ timestamp: string }>('eth_getBlockByNumber', [`0x${b.tx.blockNumber!.toString(16)}`, false]);
    assert.equal(await blockTimestamp(b.tx, (n) => evm.getBlockDetails(n)), BigInt(block.timestamp));
    assert.equal(evm.batchSupport, 'yes', 'anvil takes JSON-RPC batches');
  });

  it('looks up a transaction hash, a block hash and an unknown hash; null for an unknown transaction and block', async () => {
    assert.equal((await lookUpHash(evm, txs.token)).kind, 'transaction');
    const block = await node.rpc<{ hash: Hash; number: string }>('eth_getBlockByNumber', ['latest', false]);
    assert.deepEqual(await lookUpHash(evm, block.hash), { kind: 'block', number: BigInt(block.number) });
    assert.equal(await evm.getBlockNumberByHash(block.hash), BigInt(block.number));
    const unknown = `0x${'5e'.repeat(32)}` as Hash;
    assert.deepEqual(await lookUpHash(evm, unknown), { kind: 'notFound' });
    assert.equal(await evm.getTransactionReceipt(unknown), null);
  });

  it('sums up addresses as eth_getCode and eth_getBalance say: a contract, an account', async () => {
    for (const address of [contracts.token, contracts.forwarder, to(1), `0x${'7'.repeat(40)}` as Hex]) {
      const summary = await evm.getAddressSummary(address);
      const code = await node.rpc<string>('eth_getCode', [address, 'latest']);
      const balance = await node.rpc<string>('eth_getBalance', [address, 'latest']);
      // A contract's code size is anvil's code, counted in bytes.
      const size = code === '0x' ? {} : { codeBytes: (code.length - 2) / 2 };
      assert.deepEqual(summary, { address: address.toLowerCase(), kind: code === '0x' ? 'account' : 'contract', balance: BigInt(balance), ...size });
    }
    assert.equal((await evm.getAddressSummary(contracts.forwarder)).balance, 0n, 'the forwarder passed the value on');
  });

  it('reads anvil’s answers for an unknown transaction: an empty trace and 0x (loadTransaction asks them, and keeps neither)', async () => {
    const unknown = `0x${'5e'.repeat(32)}` as Hash;
    // Unlike reth (null trace, an error) and Erigon (an error): anvil answers as for a quiet transaction.
    assert.deepEqual(await evm.traceTransaction(unknown), []);
    assert.equal(await evm.getTransactionError(unknown), '0x');
    assert.equal(await loadTransaction(evm, unknown), null);
  });
});
