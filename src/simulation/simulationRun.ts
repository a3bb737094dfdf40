/**
 * A read or a simulation, as requests: reads with `eth_call` (several at once go out as one JSON-RPC
 * batch, with the head's number when asked at `latest`); a simulation with `debug_traceCall` and the
 * callTracer where the provider serves it, else `eth_call` and `eth_estimateGas` (and the page says what
 * is then missing), beside both gas prices (small blocks: `eth_gasPrice`, big blocks:
 * `eth_bigBlockGasPrice`). Nothing is signed or sent: these are `eth_call`-family requests. Pure.
 */
import type { SimulatedFrame } from '../core/callTracer';
import { isCancellation, ProviderError } from '../core/errors';
import type { BlockTag, CallRequest, CallResult, SequenceCall, SimulatedV1 } from '../core/evmClient';
import { msg } from '../core/translate';
import { outcome, type Outcome } from '../core/settled';

/** The requests it makes (the EVM client has them). */
export interface SimulationReader {
  callContract(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<CallResult>;
  estimateGas(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<{ kind: 'gas'; gas: bigint } | { kind: 'reverted'; data: `0x${string}` }>;
  traceCall(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<SimulatedFrame[]>;
  /** `eth_simulateV1`: the call's return, gas and logs, without a call tree. */
  simulateV1?(call: CallRequest, block: BlockTag, signal?: AbortSignal): Promise<SimulatedV1>;
  getGasPrice(signal?: AbortSignal): Promise<bigint>;
  getBigBlockGasPrice(signal?: AbortSignal): Promise<bigint>;
  getBlockNumber(signal?: AbortSignal): Promise<number>;
}

export interface ReadOutcome {
  result: Outcome<CallResult>;
}

/** The reads, in one batch with the head's number at `latest`; each read fails on its own. */
export async function runReads(
  evm: SimulationReader,
  calls: readonly CallRequest[],
  block: BlockTag,
  signal?: AbortSignal,
): Promise<{ reads: ReadOutcome[]; blockNumber: number | null }> {
  const [head, ...results] = await Promise.all([
    block === 'latest' ? outcome(evm.getBlockNumber(signal)) : Promise.resolve(undefined),
    ...calls.map((c) => outcome(evm.callContract(c, block, signal))),
  ]);
  for (const r of results) if (!r.ok && isCancellation(r.error)) throw r.error;
  const blockNumber = block === 'latest' ? (head?.ok ? head.value : null) : block;
  return { reads: results.map((result) => ({ result })), blockNumber };
}

export interface Simulation {
  /** `trace`: the node's call tree; `simulate`: eth_simulateV1 (events and gas, no tree); `call`: eth_call and eth_estimateGas only. */
  source: 'trace' | 'simulate' | 'call';
  /** `simulate`: the call's logs, as eth_simulateV1 gives them. */
  logs?: SimulatedV1['logs'];
  frames: SimulatedFrame[] | null;
  /** Return data, or revert data. */
  reverted: boolean;
  data: `0x${string}`;
  gasUsed: bigint | null;
  gasPrice: Outcome<bigint>;
  bigBlockGasPrice: Outcome<bigint>;
  blockNumber: number | null;
  /** Why there is no call tree (debug_traceCall failed, or answered an empty tree); null with one, or when it was not asked. */
  traceFailure: ProviderError | 'empty' | null;
  /** Why eth_simulateV1 did not answer instead (null when it did, or was not asked). */
  simulateFailure?: ProviderError | null;
}

/**
 * One simulation. `traceRefused`: the provider is known not to serve `debug_traceCall` (it is not asked);
 * `simulateRefused`: nor `eth_simulateV1`. The trace and the gas prices go out together, and with the
 * head's number at `latest`. Without a tree, `eth_simulateV1` (events and gas); without that either,
 * `eth_call` and `eth_estimateGas`.
 */
export async function runSimulation(
  evm: SimulationReader,
  call: CallRequest,
  block: BlockTag,
  traceRefused: boolean,
  signal?: AbortSignal,
  simulateRefused = false,
): Promise<Simulation> {
  const prices = Promise.all([outcome(evm.getGasPrice(signal)), outcome(evm.getBigBlockGasPrice(signal))]);
  const head = block === 'latest' ? outcome(evm.getBlockNumber(signal)) : Promise.resolve(undefined);
  // The head is read before the state the call runs on: a block that arrives between them is newer, not older.
  const trace = traceRefused ? undefined : await outcome(evm.traceCall(call, block, signal));
  const [[gasPrice, bigBlockGasPrice], headNumber] = await Promise.all([prices, head]);
  const blockNumber = block === 'latest' ? (headNumber?.ok ? headNumber.value : null) : block;
  if (trace && !trace.ok && isCancellation(trace.error)) throw trace.error;
  if (trace?.ok && trace.value.length > 0) {
    const top = trace.value[0]!;
    return {
      source: 'trace',
      frames: trace.value,
      reverted: top.error !== null,
      data: top.output ?? '0x',
      gasUsed: top.gasUsed,
      gasPrice,
      bigBlockGasPrice,
      blockNumber,
      traceFailure: null,
    };
  }
  const traceFailure = trace === undefined ? null : trace.ok ? 'empty' : trace.error;
  const simulated = evm.simulateV1 && !simulateRefused ? await outcome(evm.simulateV1(call, block, signal)) : undefined;
  if (simulated && !simulated.ok && isCancellation(simulated.error)) throw simulated.error;
  if (simulated?.ok) {
    return fromSimulateV1(simulated.value, { gasPrice, bigBlockGasPrice, blockNumber, traceFailure });
  }
  const simulateFailure = simulated && !simulated.ok ? simulated.error : null;
  const [result, gas] = await Promise.all([evm.callContract(call, block, signal), outcome(evm.estimateGas(call, block, signal))]);
  if (!gas.ok && isCancellation(gas.error)) throw gas.error;
  return {
    source: 'call',
    frames: null,
    reverted: result.kind === 'reverted',
    data: result.data,
    gasUsed: gas.ok && gas.value.kind === 'gas' ? gas.value.gas : null,
    gasPrice,
    bigBlockGasPrice,
    blockNumber,
    traceFailure,
    simulateFailure,
  };
}

/** The requests a script's simulation makes: a simulation's, and eth_simulateV1 of several calls in one block. */
export interface SequenceReader extends SimulationReader {
  simulateCallsV1?(calls: readonly SequenceCall[], block: BlockTag, signal?: AbortSignal): Promise<SimulatedV1[]>;
}

/** A script's transactions simulated: each one's outcome, and how. */
export interface SequenceSimulation {
  /** `together`: one eth_simulateV1 block, each on the state the ones before left; `alone`: each on the block's own state. */
  mode: 'together' | 'alone';
  /** The block they ran on top of (the head's number, read first, at `latest`); null when the head could not be read. */
  blockNumber: number | null;
  results: Array<Outcome<Simulation>>;
  /** Why eth_simulateV1 did not run them together (null when it did, or was not asked). */
  simulateFailure: ProviderError | null;
}

/**
 * `calls` simulated against one block. `inOrder`: all in one eth_simulateV1 block where the node serves
 * it, so a call sees the state the ones before it left; else (or when refused) each alone against that
 * same block, with `runSimulation` (a creation alone cannot be: it fails with a clear reason).
 */
export async function runSequence(
  evm: SequenceReader,
  calls: readonly SequenceCall[],
  block: BlockTag,
  options: { inOrder: boolean; traceRefused: boolean; simulateRefused: boolean },
  signal?: AbortSignal,
): Promise<SequenceSimulation> {
  // One block for all: the head is read first and pinned, so a block arriving meanwhile does not split them.
  const head = block === 'latest' ? await outcome(evm.getBlockNumber(signal)) : undefined;
  if (head && !head.ok && isCancellation(head.error)) throw head.error;
  const at: BlockTag = block === 'latest' ? (head?.ok ? head.value : 'latest') : block;
  const blockNumber = typeof at === 'number' ? at : null;
  let simulateFailure: ProviderError | null = null;
  if (options.inOrder && evm.simulateCallsV1 && !options.simulateRefused) {
    const [together, gasPrice, bigBlockGasPrice] = await Promise.all([
      outcome(evm.simulateCallsV1(calls, at, signal)),
      outcome(evm.getGasPrice(signal)),
      outcome(evm.getBigBlockGasPrice(signal)),
    ]);
    if (!together.ok && isCancellation(together.error)) throw together.error;
    if (together.ok) {
      const results = together.value.map((r): Outcome<Simulation> => ({
        ok: true,
        value: fromSimulateV1(r, { gasPrice, bigBlockGasPrice, blockNumber, traceFailure: null }),
      }));
      return { mode: 'together', blockNumber, results, simulateFailure: null };
    }
    simulateFailure = together.error;
  }
  const results: Array<Outcome<Simulation>> = [];
  for (const c of calls) {
    if (c.to === null) {
      results.push({
        ok: false,
        error: new ProviderError('badInput', msg('A contract creation is simulated only in order, with eth_simulateV1.')),
        unsupported: false,
      });
      continue;
    }
    const r = await outcome(runSimulation(evm, { ...c, to: c.to }, at, options.traceRefused, signal, true));
    if (!r.ok && isCancellation(r.error)) throw r.error;
    results.push(r);
  }
  return { mode: 'alone', blockNumber, results, simulateFailure };
}

/** A simulation read from one `eth_simulateV1` call's answer (events and gas, no call tree). */
function fromSimulateV1(r: SimulatedV1, at: Pick<Simulation, 'gasPrice' | 'bigBlockGasPrice' | 'blockNumber' | 'traceFailure'>): Simulation {
  return { source: 'simulate', frames: null, logs: r.logs, reverted: r.reverted, data: r.data, gasUsed: r.gasUsed, ...at, simulateFailure: null };
}
