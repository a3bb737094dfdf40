// Conformance of the transaction page's workspace decoding against the compiler and a real node: real
// contracts compiled with solc (custom errors, events, a nested call that reverts, a CoreWriter-shaped
// call to a stand-in at 0x3333…3333, an EIP-1967 proxy), deployed to anvil behind a provider-shaped
// gateway, written out as Foundry and as Hardhat lay them out, indexed as the extension indexes a
// workspace, and the page's data (method, custom error, logs, call tree, names) compared with what the
// compiler's ABIs and viem's decoders say about the node's own answers (ots_traceTransaction,
// debug_traceTransaction with the callTracer, receipts).
import * as assert from 'node:assert/strict';
import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Abi,
  type Hex,
} from 'viem';
import { ContractIndex } from '../../src/contracts/contractIndex';
import { loadDecoding } from '../../src/contracts/transactionDecoding';
import { WorkspaceIndexer } from '../../src/contracts/workspaceIndexer';
import type { EvmClient } from '../../src/core/evmClient';
import type { Hash } from '../../src/core/model';
import { createProviderClients } from '../../src/core/provider';
import { loadTransaction } from '../../src/core/transactionLoad';
import type { ArgView, TransactionView } from '../../src/transactions/protocol';
import { loadCallFrames } from '../../src/transactions/callFrames';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';
import { nodeFiles, writeProject } from '../support/nodeFiles';
import { CHAIN_ID, eip1559, Sender, startAnvil, type AnvilNode } from './anvil';
import { compile, CORE_WRITER, foundryLayout, hardhatLayout, type Compiled } from './solidity';

interface CallFrame {
  type: string;
  from: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  calls?: CallFrame[];
}
interface RawLog {
  address: string;
  topics: [Hex, ...Hex[]];
  data: Hex;
}

/** An argument as the page shows it, flattened: `name=text`, arrays and tuples as `[…]`. */
const shown = (a: ArgView): string => `${a.name}=${a.items ? `[${a.items.map(shown).join(',')}]` : a.text}`;
/** A value as viem decodes it, as the page writes it. */
const text = (v: unknown): string => (Array.isArray(v) ? `[${v.map(text).join(',')}]` : String(v));

describe('conformance: workspace decoding (solc-compiled contracts on anvil, Foundry and Hardhat layouts)', function () {
  this.timeout(240_000);
  let node: AnvilNode;
  let evm: EvmClient;
  let sender: Sender;
  let compiled: Record<string, Compiled>;
  const abi = (name: string) => compiled[name]!.abi as Abi;
  const deployed: Record<string, Hex> = {};
  const txs = { paid: '' as Hex, failed: '' as Hex, order: '' as Hex, proxied: '' as Hex, proxiedFailed: '' as Hex };
  const holder = () => node.accounts[0]!.address;
  const payee = () => node.accounts[2]!.address;
  const projects: Array<ReturnType<typeof writeProject>> = [];

  async function call(from: number, to: Hex, data: Hex): Promise<Hex> {
    const hash = await sender.send(from, { ...eip1559(1n), to, data, gas: 500_000n });
    await sender.receiptOf(hash);
    return hash;
  }

  async function deploy(name: string, args: Hex = '0x'): Promise<Hex> {
    const hash = await sender.send(0, { ...eip1559(1n), to: null, data: `${compiled[name]!.bytecode}${args.slice(2)}` as Hex, gas: 3_000_000n });
    const address = (await sender.receiptOf(hash)).contractAddress as Hex;
    assert.ok(address, `${name} was deployed`);
    return address;
  }

  before(async () => {
    const built = compile();
    assert.match(built.version, /^0\.8\./);
    compiled = built.contracts;
    node = await startAnvil();
    sender = new Sender(node);
    evm = createProviderClients(node.baseUrl, node.key, { timeoutMs: 10_000, maxRetries: 0 }).evm;

    deployed.Token = await deploy('Token', encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder(), 1000n]));
    deployed.Treasury = await deploy('Treasury', encodeAbiParameters([{ type: 'address' }], [deployed.Token]));
    deployed.Counter = await deploy('Counter');
    deployed.Proxy = await deploy('Proxy', encodeAbiParameters([{ type: 'address' }], [deployed.Counter]));
    // CoreWriter's stand-in at its HyperEVM address: its code put there, as a system contract is.
    const writer = await deploy('CoreWriter');
    await node.rpc('anvil_setCode', [CORE_WRITER, await node.rpc<Hex>('eth_getCode', [writer, 'latest'])]);

    await call(0, deployed.Token, encodeFunctionData({ abi: abi('Token'), functionName: 'transfer', args: [deployed.Treasury, 500n] }));
    txs.paid = await call(0, deployed.Treasury, encodeFunctionData({ abi: abi('Treasury'), functionName: 'pay', args: [payee(), 100n, 'rent ✓'] }));
    txs.failed = await call(0, deployed.Treasury, encodeFunctionData({ abi: abi('Treasury'), functionName: 'pay', args: [payee(), 10_000n, 'too much'] }));
    txs.order = await call(
      0,
      deployed.Treasury,
      encodeFunctionData({ abi: abi('Treasury'), functionName: 'placeOrder', args: [3, true, 6_500_000_000_000n, 100_000_000n] }),
    );
    txs.proxied = await call(1, deployed.Proxy, encodeFunctionData({ abi: abi('Counter'), functionName: 'increment', args: [7n] }));
    txs.proxiedFailed = await call(1, deployed.Proxy, encodeFunctionData({ abi: abi('Counter'), functionName: 'increment', args: [500n] }));
  });

  after(async () => {
    await node?.close();
    for (const p of projects) p.cleanup();
  });

  /** A workspace of these files, indexed as the extension indexes one. */
  async function workspace(files: Record<string, string>): Promise<ContractIndex> {
    const project = writeProject(files, 'hlx-conformance-');
    projects.push(project);
    const index = new ContractIndex();
    const report = await new WorkspaceIndexer(nodeFiles(project.root, 'project'), index).indexAll();
    assert.equal(report.skipped.broken, 0, JSON.stringify(report));
    return index;
  }

  /** The transaction page's data, as the panel makes it (the node's chain id asked as the extension asks it). */
  async function page(index: ContractIndex | undefined, hash: Hex): Promise<TransactionView> {
    const bundle = (await loadTransaction(evm, hash as Hash))!;
    const [decoding, frames] = await Promise.all([index ? loadDecoding(evm, index, await evm.getChainId(), bundle) : undefined, loadCallFrames(evm, bundle)]);
    return toTransactionView(bundle, Date.now() / 1000, t, { ...(decoding ? { decoding } : {}), ...(frames ? { frames } : {}) });
  }

  const receiptLogs = async (hash: Hex) => (await node.rpc<{ logs: RawLog[] }>('eth_getTransactionReceipt', [hash])).logs;
  const input = async (hash: Hex) => (await node.rpc<{ input: Hex }>('eth_getTransactionByHash', [hash])).input;

  for (const layout of ['Foundry', 'Hardhat'] as const) {
    describe(`${layout} layout`, () => {
      let index: ContractIndex;
      before(async () => {
        index = await workspace(layout === 'Foundry' ? foundryLayout(compiled, deployed, CHAIN_ID) : hardhatLayout(compiled, deployed, CHAIN_ID));
      });

      it('names the addresses the deployment records give, on the node’s chain', async () => {
        assert.equal(await evm.getChainId(), CHAIN_ID);
        assert.equal(index.contractAt(CHAIN_ID, deployed.Token!)?.name, 'Token');
        assert.equal(index.contractAt(CHAIN_ID, deployed.Treasury!)?.name, 'Treasury');
        assert.equal(index.contractAt(CHAIN_ID, deployed.Token!)?.abi?.entries.length, abi('Token').filter((e) => e.type !== 'constructor').length);
        assert.equal(index.contractAt(CHAIN_ID + 1, deployed.Token!), undefined, 'another chain: no name');
      });

      it('decodes the method as the compiler’s ABI reads the node’s calldata, with every argument', async () => {
        const v = await page(index, txs.paid);
        const reference = decodeFunctionData({ abi: abi('Treasury'), data: await input(txs.paid) });
        const method = v.workspace?.method;
        assert.equal(method?.name, reference.functionName);
        assert.equal(
          `0x${compiled.Treasury!.methodIdentifiers[method!.signature]}`,
          (await input(txs.paid)).slice(0, 10),
          'the compiler’s selector for the signature',
        );
        assert.deepEqual(
          method?.args.map((a) => a.text),
          reference.args!.map(text),
        );
        assert.deepEqual(
          method?.args.map((a) => a.name),
          ['to', 'amount', 'memo'],
        );
        assert.equal(method?.guess, false);
      });

      it('decodes every log by its emitter’s ABI, as viem reads the node’s receipt with the compiler’s ABI', async () => {
        const v = await page(index, txs.paid);
        const logs = await receiptLogs(txs.paid);
        assert.equal(v.workspace?.logs.length, logs.length);
        logs.forEach((log, i) => {
          const emitter = log.address.toLowerCase() === deployed.Token!.toLowerCase() ? 'Token' : 'Treasury';
          const reference = decodeEventLog({ abi: abi(emitter), topics: log.topics, data: log.data });
          const event = v.workspace!.logs[i]!;
          assert.equal(event.name, reference.eventName);
          assert.equal(event.guess, false);
          assert.equal(event.abiName, emitter);
          assert.deepEqual(
            event.args.map((a) => `${a.name}=${a.text}`),
            Object.entries(reference.args as unknown as Record<string, unknown>).map(([k, x]) => `${k}=${text(x)}`),
          );
        });
      });

      it('shows what each call returned, as the compiler’s ABI reads the trace’s outputs', async () => {
        const v = await page(index, txs.paid);
        assert.equal(v.callTree.state, 'ok');
        if (v.callTree.state !== 'ok') return;
        const trace = await node.rpc<Array<{ depth: number; output?: Hex; input: Hex }>>('ots_traceTransaction', [txs.paid]);
        assert.equal(v.callTree.frames.length, trace.length);
        const top = decodeFunctionResult({ abi: abi('Treasury'), functionName: 'pay', data: trace[0]!.output! });
        assert.deepEqual(v.callTree.frames[0]!.returned?.map(shown), [`left=${text(top)}`]);
        const transfer = v.callTree.frames.find((f) => f.call?.name === 'transfer')!;
        assert.deepEqual(
          transfer.returned?.map((r) => r.text),
          ['true'],
        );
        assert.equal(v.callTree.failedFrom, null, 'nothing failed');
      });

      it('reads the nested custom error by name and arguments, and marks the frames the node says reverted', async () => {
        const v = await page(index, txs.failed);
        assert.equal(v.status, 'failed');
        const tree = await node.rpc<CallFrame>('debug_traceTransaction', [txs.failed, { tracer: 'callTracer' }]);
        const reference = decodeErrorResult({ abi: abi('Token'), data: tree.output as Hex });
        assert.equal(v.workspace?.error?.name, reference.errorName);
        assert.deepEqual(
          v.workspace?.error?.args.map((a) => `${a.name}=${a.text}`),
          ['available=400', 'required=10000'],
        );
        assert.deepEqual(
          v.workspace?.error?.args.map((a) => a.text),
          reference.args!.map(text),
        );
        assert.equal(v.workspace?.error?.guess, false, 'the token was called: its ABI is no guess');
        if (v.callTree.state !== 'ok') return assert.fail('no call tree');
        assert.equal(v.callTree.failedFrom, 'node');
        // The node's frames, depth first, with their errors.
        const flat: CallFrame[] = [];
        const walk = (f: CallFrame) => (flat.push(f), (f.calls ?? []).forEach(walk));
        walk(tree);
        assert.deepEqual(
          v.callTree.frames.map((f) => f.failed === 'node'),
          flat.map((f) => f.error !== undefined),
        );
        const origin = v.callTree.frames.find((f) => f.origin)!;
        assert.equal(origin.to, deployed.Token!.toLowerCase());
        assert.equal(origin.call?.name, 'transfer');
      });

      it('infers the same reverting call from the outputs when the node does not say', async () => {
        const bundle = (await loadTransaction(evm, txs.failed as Hash))!;
        const decoding = await loadDecoding(evm, index, CHAIN_ID, bundle);
        const v = toTransactionView(bundle, 0, t, { decoding });
        if (v.callTree.state !== 'ok') return assert.fail('no call tree');
        assert.equal(v.callTree.failedFrom, 'inferred');
        const origin = v.callTree.frames.filter((f) => f.origin);
        assert.equal(origin.length, 1);
        assert.equal(origin[0]!.to, deployed.Token!.toLowerCase());
        assert.equal(origin[0]!.failed, 'inferred');
      });

      it('decodes the CoreWriter-shaped call in the call tree and its RawAction log (guesses: 0x3333… is no deployment of the workspace)', async () => {
        const v = await page(index, txs.order);
        if (v.callTree.state !== 'ok') return assert.fail('no call tree');
        const action = v.callTree.frames.find((f) => f.to === CORE_WRITER)!;
        assert.equal(action.call?.name, 'sendRawAction');
        assert.equal(action.call?.guess, true);
        const expected = encodePacked(
          ['uint8', 'uint24', 'bytes'],
          [
            1,
            1,
            encodeAbiParameters(
              [{ type: 'uint32' }, { type: 'bool' }, { type: 'uint64' }, { type: 'uint64' }, { type: 'bool' }, { type: 'uint8' }, { type: 'uint128' }],
              [3, true, 6_500_000_000_000n, 100_000_000n, false, 2, 0n],
            ),
          ],
        );
        assert.equal(action.call?.args[0]?.text, expected);
        const [log] = v.workspace!.logs;
        assert.equal(log?.name, 'RawAction');
        assert.equal(log?.guess, true);
        assert.deepEqual(
          log?.args.map((a) => a.text.toLowerCase()),
          [deployed.Treasury!.toLowerCase(), expected],
        );
      });

      it('decodes calls through the proxy with its implementation’s ABI, and its errors', async () => {
        const v = await page(index, txs.proxied);
        assert.equal(v.workspace?.method?.name, 'increment');
        assert.equal(v.workspace?.method?.guess, false);
        assert.deepEqual(v.workspace?.method?.args.map(shown), ['by=7']);
        assert.equal(v.workspace?.logs[0]?.name, 'Incremented');
        assert.equal(v.workspace?.logs[0]?.guess, false);
        const failed = await page(index, txs.proxiedFailed);
        assert.equal(failed.workspace?.error?.name, 'TooBig');
        assert.deepEqual(failed.workspace?.error?.args.map(shown), ['by=500', 'max=100']);
        if (failed.callTree.state !== 'ok') return assert.fail('no call tree');
        assert.deepEqual(
          failed.callTree.frames.map((f) => [f.type, f.failed]),
          [
            ['CALL', 'node'],
            ['DELEGATECALL', 'node'],
          ],
        );
      });
    });
  }

  it('without a workspace, the page is as before: nothing decoded with it, the call tree still there', async () => {
    const v = await page(undefined, txs.failed);
    assert.equal(v.workspace, null);
    assert.equal(v.revert?.kind, 'custom');
    assert.equal(v.callTree.state === 'ok' && v.callTree.frames.every((f) => f.call === null), true);
  });
});
