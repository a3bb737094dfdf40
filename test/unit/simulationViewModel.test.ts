import * as assert from 'node:assert/strict';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, type Abi } from 'viem';
import { readSimulatedTrace, type SimulatedFrame } from '../../src/core/callTracer';
import { ProviderError } from '../../src/core/errors';
import type { Address } from '../../src/core/model';
import { untranslated as t } from '../../src/core/translate';
import { encodeCoreAction } from '../../src/hyperCore/coreWriter';
import { runReads, runSimulation, type SimulationReader } from '../../src/simulation/simulationRun';
import {
  calldataOf,
  compareRuns,
  contractFunctions,
  functionViews,
  precompileFunctions,
  readRunView,
  simulationRunView,
  type RunAsked,
} from '../../src/simulation/simulationViewModel';
import { parseFields } from '../../src/simulation/formFields';

const VAULT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address;
const ABI = [
  {
    type: 'function',
    name: 'position',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [
      {
        name: 'p',
        type: 'tuple',
        components: [
          { name: 'size', type: 'uint256' },
          { name: 'open', type: 'bool' },
        ],
      },
    ],
  },
  { type: 'function', name: 'total', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'withdraw',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [{ name: 'left', type: 'uint256' }],
  },
  {
    type: 'error',
    name: 'TooMuch',
    inputs: [
      { name: 'asked', type: 'uint256' },
      { name: 'available', type: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'Withdrawn',
    anonymous: false,
    inputs: [
      { name: 'by', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
    ],
  },
] as const;
const KNOWN = [{ name: 'Vault', file: { uri: 'file:///w/out/Vault.sol/Vault.json', folder: 'w', path: 'out/Vault.sol/Vault.json' }, entries: ABI as never }];
const fns = contractFunctions(KNOWN);
const decoding = { abis: KNOWN };

function asked(kind: 'read' | 'simulate', fn: number, values: unknown[], argTexts: string[]): RunAsked {
  const f = fns[fn]!;
  return {
    id: kind === 'read' ? 1 : 2,
    kind,
    fn,
    title: f.name,
    argTexts,
    inputs: f.inputs,
    values: values as never,
    calldata: calldataOf(f, values as never),
    to: VAULT,
    from: null,
    value: 0n,
    fromText: '',
    valueText: '',
    blockText: '',
    outputs: f.outputs,
  };
}

function frame(over: Partial<SimulatedFrame>): SimulatedFrame {
  return {
    type: 'CALL',
    depth: 0,
    from: USER,
    to: VAULT,
    error: null,
    value: 0n,
    gas: 100_000n,
    gasUsed: 30_000n,
    input: '0x',
    output: '0x',
    logs: [],
    ...over,
  };
}

const ok = <T>(value: T) => ({ ok: true as const, value });

describe('Read & Simulate: the page as data', () => {
  it('lists view and pure functions as reads, the rest as writes, with tuples spelled out and their selectors', () => {
    const views = functionViews(fns);
    assert.deepEqual(
      views.map((v) => [v.name, v.kind, v.signature, v.returns]),
      [
        ['position', 'read', 'position(address)', '((uint256 size, bool open) p)'],
        ['total', 'read', 'total()', '(uint256)'],
        ['withdraw', 'write', 'withdraw(uint256)', '(uint256 left)'],
      ],
    );
    assert.equal(views[2]!.selector, encodeFunctionData({ abi: ABI as Abi, functionName: 'withdraw', args: [1n] }).slice(0, 10));
    // A proxy's ABI and its implementation's share functions: each is listed once.
    assert.equal(contractFunctions([...KNOWN, ...KNOWN]).length, 3);
  });

  it('decodes a struct result with its names, and says a return of another shape than the ABI says cannot be read', () => {
    const data = encodeAbiParameters([{ type: 'tuple', components: [{ type: 'uint256' }, { type: 'bool' }] }], [[42n, true]]);
    const view = readRunView(asked('read', 0, [USER], [USER]), ok({ kind: 'returned', data }), 1234, decoding, t);
    assert.equal(view.block, 'latest (block 1,234)');
    assert.deepEqual(view.returned, [
      {
        name: 'p',
        type: '(uint256 size, bool open)',
        text: '',
        items: [
          { name: 'size', type: 'uint256', text: '42' },
          { name: 'open', type: 'bool', text: 'true' },
        ],
      },
    ]);
    const short = readRunView(asked('read', 0, [USER], [USER]), ok({ kind: 'returned', data: '0x01' }), 1, decoding, t);
    assert.equal(short.outcome, 'returned');
    assert.equal(short.returned, null);
    const failed = readRunView(asked('read', 1, [], []), { ok: false, error: new ProviderError('rpc', 'boom'), unsupported: false }, null, decoding, t);
    assert.equal(failed.outcome, 'failed');
    assert.equal(failed.error, 'boom');
  });

  it('reads a simulated revert by name with its arguments, at the frame the node says failed', () => {
    const revert = encodeErrorResult({ abi: ABI as Abi, errorName: 'TooMuch', args: [500n, 100n] });
    const frames = [
      frame({ error: 'execution reverted', output: revert, input: calldataOf(fns[2]!, [500n]) }),
      frame({ depth: 1, from: VAULT, to: '0x2222222222222222222222222222222222222222' as Address, error: 'execution reverted', output: revert }),
    ];
    const sim = {
      source: 'trace' as const,
      frames,
      reverted: true,
      data: revert,
      gasUsed: 30_000n,
      gasPrice: ok(2_000_000_000n),
      bigBlockGasPrice: ok(1_000_000_000n),
      blockNumber: 77,
      traceFailure: null,
    };
    const view = simulationRunView(asked('simulate', 2, [500n], ['500']), sim, null, decoding, t);
    assert.equal(view.outcome, 'reverted');
    assert.equal(view.revert?.text, 'Custom error TooMuch');
    assert.deepEqual(
      view.revert?.decoded?.args.map((a) => `${a.name}=${a.text}`),
      ['asked=500', 'available=100'],
    );
    assert.equal(view.block, 'latest (block 77)');
    assert.deepEqual(view.events, [], 'a reverted call emits nothing');
    assert.deepEqual(view.feeSmall, { hype: '0.00006', gwei: '2' });
    assert.deepEqual(view.feeBig, { hype: '0.00003', gwei: '1' });
  });

  it('lists the events of the frames that did not fail, decoded, and reads CoreWriter calls as the actions they would send', () => {
    const [topic0, byTopic] = encodeEventTopics({ abi: ABI as Abi, eventName: 'Withdrawn', args: { by: USER } }) as `0x${string}`[];
    const log = { position: null, address: VAULT, topics: [topic0!, byTopic!], data: encodeAbiParameters([{ type: 'uint256' }], [5n]) };
    const action = encodeCoreAction(1, [3, true, 100_000_000n, 50_000_000n, false, 2, 0n]);
    const sendRaw = encodeFunctionData({
      abi: [{ type: 'function', name: 'sendRawAction', stateMutability: 'nonpayable', inputs: [{ name: 'data', type: 'bytes' }], outputs: [] }],
      args: [action],
    });
    const frames = [
      frame({ logs: [log], output: encodeAbiParameters([{ type: 'uint256' }], [95n]), input: calldataOf(fns[2]!, [5n]) }),
      frame({ depth: 1, from: VAULT, to: '0x3333333333333333333333333333333333333333' as Address, input: sendRaw }),
      frame({ depth: 1, from: VAULT, to: USER, error: 'execution reverted', logs: [log] }),
    ];
    const sim = {
      source: 'trace' as const,
      frames,
      reverted: false,
      data: frames[0]!.output!,
      gasUsed: 21_000n,
      gasPrice: ok(1n),
      bigBlockGasPrice: { ok: false as const, error: new ProviderError('rpc', 'no'), unsupported: true },
      blockNumber: 5,
      traceFailure: null,
    };
    const view = simulationRunView(asked('simulate', 2, [5n], ['5']), sim, null, decoding, t);
    assert.deepEqual(
      view.returned?.map((a) => `${a.name}=${a.text}`),
      ['left=95'],
    );
    assert.equal(view.events?.length, 1, 'the failed frame’s log is left out');
    assert.equal(view.events?.[0]?.decoded?.name, 'Withdrawn');
    assert.deepEqual(
      view.events?.[0]?.decoded?.args.map((a) => a.text),
      [USER.replace(/^0x70997970c51812dc3a010c7d01b50e0d17dc79c8$/, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), '5'],
    );
    assert.equal(view.coreActions.length, 1);
    assert.match(view.coreActions[0]!, /^Limit order \(asset 3, isBuy true, limitPx 100,000,000, sz 50,000,000/);
    assert.equal(view.feeBig, null, 'no big-block price: no fee, not a wrong one');
    assert.equal(view.gasUsed, '21,000');
  });

  it('says what is missing without debug_traceCall, and compares two runs field by field', () => {
    const base = { frames: null, gasUsed: 25_000n, gasPrice: ok(1_000_000_000n), bigBlockGasPrice: ok(1_000_000_000n), blockNumber: 9 };
    const a = simulationRunView(
      asked('simulate', 2, [5n], ['5']),
      { ...base, source: 'call', reverted: false, data: encodeAbiParameters([{ type: 'uint256' }], [95n]), traceFailure: null },
      null,
      decoding,
      t,
    );
    assert.match(a.missing!, /does not serve debug_traceCall/);
    assert.equal(a.events, null);
    const revert = encodeErrorResult({ abi: ABI as Abi, errorName: 'TooMuch', args: [500n, 100n] });
    const failure = new ProviderError('rpc', 'paid plan only');
    const b = simulationRunView(
      { ...asked('simulate', 2, [500n], ['500']), id: 3 },
      { ...base, source: 'call', reverted: true, data: revert, traceFailure: failure },
      null,
      decoding,
      t,
    );
    assert.match(b.missing!, /^debug_traceCall failed \(paid plan only\)/);
    const cmp = compareRuns(a, b, t);
    const row = (label: string) => cmp.rows.find((r) => r.label === label)!;
    assert.deepEqual([row('Arguments').a, row('Arguments').b, row('Arguments').same], ['amount: 5', 'amount: 500', false]);
    assert.deepEqual([row('Outcome').a, row('Outcome').b], ['Returned', 'Custom error TooMuch']);
    assert.equal(row('Gas used').same, true);
  });

  it('offers HyperCore’s read precompiles as forms: inputs ABI-encoded without a selector, the struct read back by name, the latest caveat on a failure', () => {
    const pre = precompileFunctions();
    const position = pre.find((f) => f.name === 'position')!;
    assert.equal(position.precompile, '0x0000000000000000000000000000000000000800');
    assert.equal(functionViews(pre)[0]!.precompile, true);
    const data = calldataOf(position, [USER, 3n]);
    assert.equal(data, encodeAbiParameters([{ type: 'address' }, { type: 'uint16' }], [USER, 3]));
    const answer = encodeAbiParameters(
      [{ type: 'tuple', components: [{ type: 'int64' }, { type: 'uint64' }, { type: 'int64' }, { type: 'uint32' }, { type: 'bool' }] }],
      [[-5n, 100n, 0n, 3, false]],
    );
    const a: RunAsked = {
      ...asked('read', 0, [USER], [USER]),
      inputs: position.inputs,
      values: [USER, 3n],
      calldata: data,
      to: position.precompile!,
      outputs: position.outputs,
    };
    const view = readRunView(a, ok({ kind: 'returned', data: answer }), 9, decoding, t, true);
    assert.deepEqual(
      view.returned?.[0]?.items?.map((x) => `${x.name}=${x.text}`),
      ['szi=-5', 'entryNtl=100', 'isolatedRawUsd=0', 'leverage=3', 'isIsolated=false'],
    );
    const failed = readRunView(a, { ok: false, error: new ProviderError('rpc', 'out of gas'), unsupported: false }, null, decoding, t, true);
    assert.equal(failed.precompileCaveat, true);
  });

  it('reads the form’s block, sender and value, each mistake in its place', () => {
    assert.deepEqual(parseFields({ block: '', from: '', value: '' }, t), { ok: true, fields: { block: 'latest', value: 0n } });
    assert.deepEqual(parseFields({ block: '1_000', from: USER, value: '7' }, t), { ok: true, fields: { block: 1000, from: USER, value: 7n } });
    const bad = parseFields({ block: 'soon', from: '0x1', value: '-1', calldata: '0x1' }, t);
    assert.ok(!bad.ok);
    assert.deepEqual(Object.keys(bad.errors).sort(), ['block', 'calldata', 'from', 'value']);
    const notPayable = parseFields({ block: '', value: '1' }, t, false);
    assert.ok(!notPayable.ok && /not payable/.test(notPayable.errors.value!));
  });
});

describe('Read & Simulate: the requests', () => {
  function reader(over: Partial<SimulationReader>, log: string[]): SimulationReader {
    const say = <T>(name: string, value: T) => {
      log.push(name);
      return Promise.resolve(value);
    };
    return {
      callContract: () => say('eth_call', { kind: 'returned' as const, data: '0x' as const }),
      estimateGas: () => say('eth_estimateGas', { kind: 'gas' as const, gas: 21_000n }),
      traceCall: () => say('debug_traceCall', [frame({})]),
      getGasPrice: () => say('eth_gasPrice', 1n),
      getBigBlockGasPrice: () => say('eth_bigBlockGasPrice', 2n),
      getBlockNumber: () => say('eth_blockNumber', 10),
      ...over,
    };
  }
  const call = { to: VAULT, data: '0x' as const };

  it('traces where the provider serves it; else eth_call and eth_estimateGas, saying why', async () => {
    const log: string[] = [];
    const traced = await runSimulation(reader({}, log), call, 'latest', false);
    assert.equal(traced.source, 'trace');
    assert.deepEqual(log.sort(), ['debug_traceCall', 'eth_bigBlockGasPrice', 'eth_blockNumber', 'eth_gasPrice']);
    const refused = new ProviderError('rpc', 'not served', { rpcCode: -32601 });
    const fallback = await runSimulation(reader({ traceCall: () => Promise.reject(refused) }, []), call, 5, false);
    assert.equal(fallback.source, 'call');
    assert.equal(fallback.traceFailure, refused);
    assert.equal(fallback.gasUsed, 21_000n);
    assert.equal(fallback.blockNumber, 5);
    const known: string[] = [];
    const skipped = await runSimulation(reader({}, known), call, 'latest', true);
    assert.ok(!known.includes('debug_traceCall'), 'a provider known to refuse it is not asked');
    assert.equal(skipped.traceFailure, null);
  });

  it('without a tree asks eth_simulateV1 (events and gas), and without that eth_call and eth_estimateGas, saying what failed', async () => {
    const refused = new ProviderError('rpc', 'not served', { rpcCode: -32601 });
    const log: string[] = [];
    const logs = [{ address: VAULT, topics: [`0x${'ab'.repeat(32)}` as const], data: '0x' as const }];
    const simulated = await runSimulation(
      reader({ simulateV1: () => (log.push('eth_simulateV1'), Promise.resolve({ reverted: false, data: '0x01', gasUsed: 30_000n, logs, error: null })) }, log),
      call,
      'latest',
      true,
    );
    assert.equal(simulated.source, 'simulate');
    assert.deepEqual([simulated.gasUsed, simulated.logs, simulated.data], [30_000n, logs, '0x01']);
    assert.ok(!log.includes('eth_call') && !log.includes('eth_estimateGas'));
    const both = await runSimulation(reader({ traceCall: () => Promise.reject(refused), simulateV1: () => Promise.reject(refused) }, []), call, 5, false);
    assert.equal(both.source, 'call');
    assert.equal(both.simulateFailure, refused);
    const known: string[] = [];
    await runSimulation(reader({ simulateV1: () => (known.push('eth_simulateV1'), Promise.reject(refused)) }, known), call, 'latest', true, undefined, true);
    assert.ok(!known.includes('eth_simulateV1'), 'a provider known to refuse it is not asked');
  });

  it('reads several functions at once, each failing on its own', async () => {
    let n = 0;
    const r = await runReads(
      reader({ callContract: () => (n++ === 1 ? Promise.reject(new ProviderError('rpc', 'x')) : Promise.resolve({ kind: 'returned', data: '0x01' })) }, []),
      [call, call, call],
      'latest',
    );
    assert.deepEqual(
      r.reads.map((x) => x.result.ok),
      [true, false, true],
    );
    assert.equal(r.blockNumber, 10);
  });
});

describe('Read & Simulate: a hostile debug_traceCall answer', () => {
  it('refuses a trace nested 10,000 deep, or a frame of the wrong shape, with a sentence (no throw, no recursion)', () => {
    let root: Record<string, unknown> = { type: 'CALL', from: USER, to: VAULT, input: '0x' };
    for (let i = 0; i < 10_000; i++) root = { type: 'CALL', from: USER, to: VAULT, input: '0x', calls: [root] };
    assert.match(readSimulatedTrace(root) as string, /deeper than the EVM allows/);
    assert.match(readSimulatedTrace({ type: 'CALL', from: USER, input: '0xzz' }) as string, /input is not 0x hex bytes/);
    assert.match(readSimulatedTrace({ type: 'CALL', from: USER, gasUsed: 12 }) as string, /not a hex quantity/);
    assert.match(readSimulatedTrace({ type: 'CALL', from: USER, logs: [{ address: VAULT, topics: ['0x1'], data: '0x' }] }) as string, /topics/);
    const read = readSimulatedTrace({
      type: 'call',
      from: USER,
      to: VAULT,
      gasUsed: '0x5208',
      input: '0xAB',
      output: '0x01',
      logs: [{ address: VAULT, topics: [], data: '0x' }],
    });
    assert.ok(Array.isArray(read));
    assert.deepEqual([read[0]!.type, read[0]!.gasUsed, read[0]!.input, read[0]!.logs.length], ['CALL', 21_000n, '0xab', 1]);
  });
});
