// Conformance of Read & Simulate against the compiler and a real node: solc-compiled contracts (a vault
// whose view returns a struct and whose write reverts with a custom error or emits an event; a treasury
// that pays through a token, so a custom error raised one call deep; a CoreWriter limit order) deployed
// to anvil behind a provider-shaped gateway, indexed as Foundry lays them out, and each read and
// simulation compared with what the node itself answers (eth_call, debug_traceCall) as viem decodes it.
import * as assert from 'node:assert/strict';
import { decodeErrorResult, decodeEventLog, decodeFunctionResult, encodeAbiParameters, encodeFunctionData, type Abi, type Hex } from 'viem';
import { ContractIndex } from '../../src/contracts/contractIndex';
import { loadContractDecoding, type ContractDecoding } from '../../src/contracts/transactionDecoding';
import { WorkspaceIndexer } from '../../src/contracts/workspaceIndexer';
import type { EvmClient } from '../../src/core/evmClient';
import type { Address } from '../../src/core/model';
import { createProviderClients } from '../../src/core/provider';
import { runReads, runSequence, runSimulation } from '../../src/simulation/simulationRun';
import { readBroadcast } from '../../src/simulation/broadcastFile';
import { scriptRunViews, sequenceCalls } from '../../src/simulation/scriptViewModel';
import { calldataOf, contractFunctions, readRunView, simulationRunView, type FormFunction, type RunAsked } from '../../src/simulation/simulationViewModel';
import { parseArgs } from '../../src/simulation/argParser';
import type { ArgView } from '../../src/transactions/protocol';
import { simulatedCallTree } from '../../src/transactions/callTreeViewModel';
import { untranslated as t } from '../../src/view/format';
import { nodeFiles, writeProject } from '../support/nodeFiles';
import { CHAIN_ID, eip1559, Sender, startAnvil, type AnvilNode } from './anvil';
import { compile, CORE_WRITER, foundryLayout, SIMULATION_SOURCES, type Compiled } from './solidity';

const shown = (a: ArgView): string => `${a.name}=${a.items ? `[${a.items.map(shown).join(',')}]` : a.text}`;

describe('conformance: Read & Simulate (solc-compiled contracts on anvil)', function () {
  this.timeout(240_000);
  let node: AnvilNode;
  let evm: EvmClient;
  let sender: Sender;
  let compiled: Record<string, Compiled>;
  let index: ContractIndex;
  let project: ReturnType<typeof writeProject> | undefined;
  const abi = (name: string) => compiled[name]!.abi as Abi;
  const deployed: Record<string, Hex> = {};
  const holder = () => node.accounts[0]!.address.toLowerCase() as Address;
  const payee = () => node.accounts[2]!.address;

  async function deploy(name: string, args: Hex = '0x'): Promise<Hex> {
    const hash = await sender.send(0, { ...eip1559(1n), to: null, data: `${compiled[name]!.bytecode}${args.slice(2)}` as Hex, gas: 3_000_000n });
    return (await sender.receiptOf(hash)).contractAddress as Hex;
  }

  before(async () => {
    compiled = compile(SIMULATION_SOURCES).contracts;
    node = await startAnvil();
    sender = new Sender(node);
    evm = createProviderClients(node.baseUrl, node.key, { timeoutMs: 10_000, maxRetries: 0 }).evm;
    deployed.Token = await deploy('Token', encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder(), 1000n]));
    deployed.Treasury = await deploy('Treasury', encodeAbiParameters([{ type: 'address' }], [deployed.Token]));
    deployed.Vault = await deploy('Vault');
    const writer = await deploy('CoreWriter');
    await node.rpc('anvil_setCode', [CORE_WRITER, await node.rpc<Hex>('eth_getCode', [writer, 'latest'])]);
    const fund = encodeFunctionData({ abi: abi('Token'), functionName: 'transfer', args: [deployed.Treasury, 500n] });
    await sender.receiptOf(await sender.send(0, { ...eip1559(1n), to: deployed.Token, data: fund, gas: 200_000n }));
    project = writeProject(foundryLayout(compiled, deployed, CHAIN_ID), 'hlx-simulation-');
    index = new ContractIndex();
    await new WorkspaceIndexer(nodeFiles(project.root, 'project'), index).indexAll();
  });

  after(async () => {
    await node?.close();
    project?.cleanup();
  });

  const decodingOf = (name: string): Promise<ContractDecoding> =>
    loadContractDecoding(evm, index, CHAIN_ID, deployed[name]!.toLowerCase() as Address, undefined);
  const fnOf = (fns: FormFunction[], name: string) => fns.findIndex((f) => f.name === name);

  function asked(kind: 'read' | 'simulate', fns: FormFunction[], name: string, texts: string[], to: Hex, from?: Address): RunAsked {
    const fn = fnOf(fns, name);
    const f = fns[fn]!;
    const parsed = parseArgs(f.inputs, texts, t);
    if (!parsed.ok) assert.fail(parsed.errors.join('; '));
    return {
      id: 1,
      kind,
      fn,
      title: name,
      argTexts: texts,
      inputs: f.inputs,
      values: parsed.values,
      calldata: calldataOf(f, parsed.values),
      to: to.toLowerCase(),
      from: from ?? null,
      value: 0n,
      fromText: from ?? '',
      valueText: '',
      blockText: '',
      outputs: f.outputs,
    };
  }

  it('finds the vault’s ABI by its deployment, and reads its views in one batch, a struct decoded with its names as the node answers', async () => {
    const decoding = await decodingOf('Vault');
    const fns = contractFunctions(decoding.abis);
    assert.deepEqual(fns.map((f) => `${f.name}:${f.stateMutability}`).sort(), ['label:pure', 'position:view', 'total:view', 'withdraw:nonpayable']);
    const reads = [
      asked('read', fns, 'position', [holder()], deployed.Vault!),
      asked('read', fns, 'total', [], deployed.Vault!),
      asked('read', fns, 'label', [], deployed.Vault!),
    ];
    const before = node.forwarded;
    const { reads: results, blockNumber } = await runReads(
      evm,
      reads.map((r) => ({ to: r.to as Address, data: r.calldata as Hex })),
      'latest',
    );
    assert.equal(node.forwarded - before, 1, 'three reads and the head’s number went as one JSON-RPC batch');
    assert.equal(blockNumber, Number.parseInt(await node.rpc<string>('eth_blockNumber'), 16));
    const views = results.map((r, i) => readRunView(reads[i]!, r.result, blockNumber, { decoder: decoding.decoder, abis: decoding.abis }, t));
    // The node's own answer, as viem decodes it with the compiler's ABI.
    const own = await node.rpc<Hex>('eth_call', [{ to: deployed.Vault, data: reads[0]!.calldata }, 'latest']);
    const position = decodeFunctionResult({ abi: abi('Vault'), functionName: 'position', data: own }) as { size: bigint; open: boolean; owner: string };
    assert.deepEqual(views[0]!.returned!.map(shown), [`p=[size=${position.size},open=${position.open},owner=${position.owner}]`]);
    assert.equal(position.size, 42n);
    assert.deepEqual(views[1]!.returned!.map(shown), ['#1=1000']);
    assert.deepEqual(views[2]!.returned!.map(shown), ['#1=vault']);
  });

  it('reads a reverted eth_call’s custom error as the node’s data says, by name with its arguments', async () => {
    const decoding = await decodingOf('Vault');
    const fns = contractFunctions(decoding.abis);
    const a = asked('simulate', fns, 'withdraw', ['5000'], deployed.Vault!);
    const result = await evm.callContract({ to: a.to as Address, data: a.calldata as Hex }, 'latest');
    assert.equal(result.kind, 'reverted');
    const viem = decodeErrorResult({ abi: abi('Vault'), data: result.data });
    assert.equal(viem.errorName, 'TooMuch');
    const view = readRunView(a, { ok: true, value: result }, 1, { decoder: decoding.decoder, abis: decoding.abis }, t);
    assert.equal(view.revert?.text, 'Custom error TooMuch');
    assert.deepEqual(view.revert?.decoded?.args.map(shown), [`asked=${String(viem.args?.[0])}`, `available=${String(viem.args?.[1])}`]);
  });

  it('simulates a payout that reverts one call deep: debug_traceCall’s frames, the custom error named in the deepest failed frame', async () => {
    const decoding = await decodingOf('Treasury');
    const fns = contractFunctions(decoding.abis);
    const a = asked('simulate', fns, 'pay', [payee(), '10000', 'too much'], deployed.Treasury!, holder());
    const call = { to: a.to as Address, data: a.calldata as Hex, from: holder() };
    const sim = await runSimulation(evm, call, 'latest', false);
    assert.equal(sim.source, 'trace');
    // The node's own tree, asked straight.
    const raw = await node.rpc<{ calls?: Array<{ error?: string; to: string }>; error?: string; output: Hex; gasUsed: Hex }>('debug_traceCall', [
      { to: call.to, data: call.data, from: call.from },
      'latest',
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]);
    assert.ok(raw.error, 'anvil says the top call failed');
    assert.equal(sim.frames!.length, 1 + (raw.calls?.length ?? 0));
    assert.equal(sim.data, raw.output.toLowerCase());
    assert.equal(sim.gasUsed, BigInt(raw.gasUsed));
    const tree = simulatedCallTree(sim.frames!, decoding.decoder, t);
    const view = simulationRunView(a, sim, tree, { decoder: decoding.decoder, abis: decoding.abis }, t);
    assert.equal(view.outcome, 'reverted');
    assert.equal(view.revert?.decoded?.name, 'InsufficientBalance');
    assert.deepEqual(view.revert?.decoded?.args.map(shown), ['available=500', 'required=10000']);
    assert.ok(tree.state === 'ok');
    const origin = tree.frames.find((f) => f.origin)!;
    assert.equal(origin.to, deployed.Token!.toLowerCase(), 'the revert started in the token’s transfer');
    assert.equal(origin.call?.name, 'transfer');
    assert.equal(origin.failed, 'node');
    assert.equal(origin.revertedWith, 'InsufficientBalance(available: 500, required: 10000)');
    assert.equal(tree.failedFrom, 'node');
    assert.equal(tree.frames[0]!.returned, null, 'a failed frame’s output is its revert data, not a return');
  });

  it('simulates a payout that succeeds: events decoded as viem decodes the node’s logs, gas as the node says, fees at its gas price', async () => {
    const decoding = await decodingOf('Treasury');
    const fns = contractFunctions(decoding.abis);
    const a = asked('simulate', fns, 'pay', [payee(), '100', 'rent ✓'], deployed.Treasury!, holder());
    const call = { to: a.to as Address, data: a.calldata as Hex, from: holder() };
    const sim = await runSimulation(evm, call, 'latest', false);
    const view = simulationRunView(a, sim, simulatedCallTree(sim.frames!, decoding.decoder, t), { decoder: decoding.decoder, abis: decoding.abis }, t);
    assert.equal(view.outcome, 'returned');
    assert.deepEqual(view.returned?.map(shown), ['left=400']);
    assert.deepEqual(
      view.events?.map((e) => e.decoded?.name),
      ['Transfer', 'Paid'],
    );
    const frames = sim.frames!;
    const own = frames[0]!.logs[0]!; // the treasury's Paid, after its call of the token (position 1)
    assert.equal(own.position, 1);
    const paid = decodeEventLog({ abi: abi('Treasury'), topics: own.topics as [Hex, ...Hex[]], data: own.data });
    assert.deepEqual(
      view.events?.[1]?.decoded?.args.map((x) => x.text),
      [(paid.args as unknown as { to: string }).to, '100', 'rent ✓'],
    );
    const price = BigInt(await node.rpc<string>('eth_gasPrice'));
    assert.ok(view.feeSmall && view.gasUsed, 'a fee at the small-block price');
    assert.equal(sim.gasPrice.ok && sim.gasPrice.value, price);
    assert.equal(view.feeBig, null, 'anvil has no eth_bigBlockGasPrice: no fee is made up');
    assert.equal(sim.bigBlockGasPrice.ok, false);
    // Without the trace, anvil's eth_simulateV1: the same return and events, its own gas, no tree, and what is missing said.
    const simulated = await runSimulation(evm, call, 'latest', true);
    assert.equal(simulated.source, 'simulate');
    assert.equal(simulated.data, sim.data);
    assert.equal(simulated.frames, null);
    const simView = simulationRunView(a, simulated, null, { decoder: decoding.decoder, abis: decoding.abis }, t);
    assert.deepEqual(
      simView.events?.map((e) => e.decoded?.name),
      ['Transfer', 'Paid'],
    );
    assert.equal(simView.tree, null);
    assert.match(simView.missing ?? '', /does not serve debug_traceCall: no call tree; the events and gas are what eth_simulateV1 says/);
    assert.ok(simulated.gasUsed! > 0n);
    // Without eth_simulateV1 either: eth_call and eth_estimateGas say the same return.
    const plain = await runSimulation(evm, call, 'latest', true, undefined, true);
    assert.equal(plain.source, 'call');
    assert.equal(plain.data, sim.data);
    assert.ok(plain.gasUsed! >= sim.gasUsed!, 'the estimate covers what the trace used');
  });

  it('reads a CoreWriter limit order in the simulated tree as the action it would send', async () => {
    const decoding = await decodingOf('Treasury');
    const fns = contractFunctions(decoding.abis);
    const a = asked('simulate', fns, 'placeOrder', ['3', 'true', '6500000000000', '100000000'], deployed.Treasury!, holder());
    const sim = await runSimulation(evm, { to: a.to as Address, data: a.calldata as Hex, from: holder() }, 'latest', false);
    const view = simulationRunView(a, sim, simulatedCallTree(sim.frames!, decoding.decoder, t), { decoder: decoding.decoder, abis: decoding.abis }, t);
    assert.equal(view.coreActions.length, 1);
    assert.match(view.coreActions[0]!, /^Limit order \(asset 3, isBuy true, limitPx 6,500,000,000,000, sz 100,000,000/);
    // Without the tree (eth_simulateV1): the same action, read from CoreWriter's RawAction log.
    const simulated = await runSimulation(evm, { to: a.to as Address, data: a.calldata as Hex, from: holder() }, 'latest', true);
    assert.equal(simulated.source, 'simulate');
    assert.deepEqual(simulationRunView(a, simulated, null, { decoder: decoding.decoder, abis: decoding.abis }, t).coreActions, view.coreActions);
  });

  it('asks a chosen block: a read before the vault existed finds no code', async () => {
    const decoding = await decodingOf('Vault');
    const fns = contractFunctions(decoding.abis);
    const a = asked('read', fns, 'total', [], deployed.Vault!);
    const r = await runReads(evm, [{ to: a.to as Address, data: a.calldata as Hex }], 1);
    assert.equal(r.blockNumber, 1);
    assert.ok(r.reads[0]!.result.ok);
    const view = readRunView({ ...a, blockText: '1' }, r.reads[0]!.result, 1, { abis: decoding.abis }, t);
    assert.equal(view.block, '1');
    assert.equal(view.returned, null, 'no code then: an empty return does not fit uint256');
  });
  it('simulates a Foundry script’s broadcast in order in one eth_simulateV1 block: the second call sees the first’s state', async () => {
    const decoding = await decodingOf('Vault');
    const withdraw = encodeFunctionData({ abi: abi('Vault'), functionName: 'withdraw', args: [600n] });
    const step = { transactionType: 'CALL', contractName: 'Vault', contractAddress: null, function: 'withdraw(uint256)', arguments: ['600'] };
    const tx = { from: holder(), to: deployed.Vault, value: '0x0', input: withdraw, gas: '0x30000', nonce: '0x0', chainId: `0x${CHAIN_ID.toString(16)}` };
    const content = JSON.stringify({
      transactions: [
        { ...step, transaction: tx },
        { ...step, transaction: tx },
      ],
      receipts: [],
      chain: CHAIN_ID,
    });
    const read = readBroadcast(`broadcast/Withdraw.s.sol/${CHAIN_ID}/dry-run/run-latest.json`, content, t);
    assert.ok(read.ok);
    const calls = sequenceCalls(read.script.transactions);
    const together = await runSequence(evm, calls, 'latest', { inOrder: true, traceRefused: false, simulateRefused: false });
    assert.equal(together.mode, 'together', 'anvil serves eth_simulateV1');
    let id = 0;
    const views = scriptRunViews('Withdraw.s.sol', read.script.transactions, together, { decoder: decoding.decoder, abis: decoding.abis }, t, () => ++id);
    assert.deepEqual(
      views.map((v) => v.outcome),
      ['returned', 'reverted'],
    );
    assert.equal(views[1]!.revert?.decoded?.name, 'TooMuch');
    assert.deepEqual(views[1]!.revert?.decoded?.args.map(shown), ['asked=600', 'available=400']);
    assert.equal(views[0]!.events?.[0]?.decoded?.name, 'Withdrawn');
    assert.match(views[0]!.missing ?? '', /in order in one block/);
    // What the node itself says: alone, each withdrawal of 600 passes (the chain still holds 1,000).
    const alone = await runSequence(evm, calls, 'latest', { inOrder: false, traceRefused: false, simulateRefused: false });
    assert.equal(alone.mode, 'alone');
    assert.deepEqual(
      alone.results.map((r) => r.ok && !r.value.reverted),
      [true, true],
    );
    const nodeSays = await node.rpc<Hex>('eth_call', [{ from: holder(), to: deployed.Vault, data: withdraw }, 'latest']);
    assert.equal(decodeFunctionResult({ abi: abi('Vault'), functionName: 'withdraw', data: nodeSays }), 400n);
  });
});
