/**
 * Read & Simulate's page as data: a contract's functions as forms (reads: view and pure; writes: the
 * rest), and each run as the page shows it: the return decoded with names, the revert by name with its
 * arguments, the events, gas and the fee at both gas prices, the call tree, and CoreWriter calls read as
 * the actions they would send. Two runs compared field by field. Pure.
 */
import {
  decodeAbiParameters,
  decodeErrorResult,
  encodeAbiParameters,
  decodeEventLog,
  encodeFunctionData,
  toFunctionSelector,
  type Abi,
  type AbiParameter,
} from 'viem';
import type { SimulatedFrame } from '../core/callTracer';
import type { CallResult } from '../core/evmClient';
import { decodeRevert } from '../core/revert';
import type { Outcome } from '../core/settled';
import { groupThousands, weiToGwei, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import type { Translate } from '../view/format';
import { actionTitle, CORE_WRITER_ADDRESS, decodeCoreAction, PRECOMPILES, rawActionOf, sendRawActionData, type PrecompileValue } from '../hyperCore/api';
import type { Decoded, DecodedValue, KnownAbi, WorkspaceDecoder } from '../contracts/api';
import type { ArgView, CallTreeView, DecodedView } from '../transactions/protocol';
import type { ArgValue, FormParam } from './argParser';
import type { CompareView, EventView, FunctionView, InputView, RunView } from './protocol';
import type { Simulation } from './simulationRun';

/** A function as the form and the requests know it. */
export interface FormFunction {
  name: string;
  inputs: readonly FormParam[];
  outputs: readonly FormParam[];
  stateMutability: 'pure' | 'view' | 'nonpayable' | 'payable';
  /** The ABI it came from (its name and file), for what decodes its errors and events. */
  abiName: string;
  abiPath: string;
  /** A HyperCore read precompile's address: called there, with its inputs ABI-encoded and no selector (L1Read.sol). */
  precompile?: string;
}

/** Raw data is cut to this many characters on the page. */
export const MAX_DATA_SHOWN = 10_000;

/** The functions of `abis`, each once (a proxy's and its implementation's may share some), reads and writes alike. */
export function contractFunctions(abis: readonly Pick<KnownAbi, 'name' | 'file' | 'entries'>[]): FormFunction[] {
  const seen = new Set<string>();
  const out: FormFunction[] = [];
  for (const abi of abis) {
    for (const e of abi.entries) {
      if (e.type !== 'function') continue;
      const sig = signature(e);
      if (seen.has(sig)) continue;
      seen.add(sig);
      out.push({ name: e.name, inputs: e.inputs, outputs: e.outputs, stateMutability: e.stateMutability, abiName: abi.name, abiPath: abi.file.path });
    }
  }
  return out;
}

/** HyperCore's read precompiles with a known layout, as forms (after the contract's own). */
export function precompileFunctions(): FormFunction[] {
  return PRECOMPILES.flatMap((p) =>
    p.inputs && p.output
      ? [{ name: p.method, inputs: p.inputs, outputs: [p.output], stateMutability: 'view' as const, abiName: 'L1Read.sol', abiPath: '', precompile: p.address }]
      : [],
  );
}

/** Which of HyperCore's names the precompile reads `asked` need: spot tokens and pairs, the first dex's perps. */
export function precompileNeeds(asked: readonly Pick<RunAsked, 'fn'>[], fns: readonly FormFunction[]): { spot: boolean; perps: boolean } {
  const roles = new Set(asked.flatMap((a) => (a.fn === null ? [] : (fns[a.fn]?.inputs ?? []).map((i) => (i as PrecompileValue).role))));
  return { spot: roles.has('token') || roles.has('spot') || roles.has('asset'), perps: roles.has('perp') || roles.has('asset') };
}

/** The forms, in the ABI's order. */
export function functionViews(fns: readonly FormFunction[]): FunctionView[] {
  return fns.map((f, index) => ({
    index,
    name: f.name,
    signature: signature(f),
    selector: selectorOf(f),
    kind: f.stateMutability === 'view' || f.stateMutability === 'pure' ? 'read' : 'write',
    payable: f.stateMutability === 'payable',
    inputs: f.inputs.map(inputView),
    returns: `(${f.outputs.map((o) => `${typeText(o)}${o.name ? ` ${o.name}` : ''}`).join(', ')})`,
    precompile: f.precompile !== undefined,
  }));
}

/** `name(type,…)` with tuples spelled out, as selectors are made. */
export function signature(f: Pick<FormFunction, 'name' | 'inputs'>): string {
  return `${f.name}(${f.inputs.map(canonical).join(',')})`;
}

function canonical(p: FormParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  return `(${(p.components ?? []).map(canonical).join(',')})${p.type.slice('tuple'.length)}`;
}

function selectorOf(f: Pick<FormFunction, 'name' | 'inputs'>): string {
  return toFunctionSelector(signature(f));
}

/** A parameter's type as a person reads it: `(address owner, uint256 amount)[]`. */
export function typeText(p: FormParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  const members = (p.components ?? []).map((c) => `${typeText(c)}${c.name ? ` ${c.name}` : ''}`);
  return `(${members.join(', ')})${p.type.slice('tuple'.length)}`;
}

function inputView(p: FormParam, i: number): InputView {
  return { name: p.name || `#${i + 1}`, type: typeText(p), hint: hintFor(p) };
}

/** How to type a value of `p`'s type. */
export function hintFor(p: FormParam): string {
  const list = /\[(\d*)\]$/.exec(p.type);
  if (list) {
    const inner = hintFor({ ...p, type: p.type.slice(0, list.index) });
    return `[${inner}, …]`;
  }
  if (p.type.startsWith('tuple')) return `(${(p.components ?? []).map(hintFor).join(', ')})`;
  if (p.type === 'address') return '0x…';
  if (p.type === 'bool') return 'true';
  if (p.type === 'string') return 'text';
  if (p.type === 'bytes') return '0x…';
  if (p.type.startsWith('bytes')) return `0x + ${Number(p.type.slice(5)) * 2} hex`;
  return '0';
}

/** The calldata of `fn` with `values` (already checked by the parser). */
export function calldataOf(fn: FormFunction, values: readonly ArgValue[]): `0x${string}` {
  if (fn.precompile !== undefined) return encodeAbiParameters(fn.inputs as readonly AbiParameter[], values as unknown[]);
  const abi = [{ type: 'function', name: fn.name, inputs: fn.inputs, outputs: fn.outputs, stateMutability: fn.stateMutability }] as unknown as Abi;
  return encodeFunctionData({ abi, functionName: fn.name, args: values as unknown[] });
}

/** What decodes a run's errors and events: the workspace's decoder (by address), else the page's own ABIs. */
export interface RunDecoding {
  decoder?: WorkspaceDecoder;
  /** Every entry of the ABIs the page was opened with. */
  abis: readonly Pick<KnownAbi, 'name' | 'file' | 'entries'>[];
}

/** What every run shows of what was asked. */
export interface RunAsked {
  id: number;
  kind: RunView['kind'];
  fn: number | null;
  title: string;
  argTexts: string[];
  /** The function's inputs and the values sent (null for raw calldata). */
  inputs: readonly FormParam[] | null;
  values: readonly ArgValue[] | null;
  calldata: string;
  to: string;
  from: string | null;
  value: bigint;
  fromText: string;
  valueText: string;
  blockText: string;
  outputs: readonly FormParam[] | null;
}

/** A read (`eth_call`), ready to show. */
export function readRunView(
  asked: RunAsked,
  result: Outcome<CallResult>,
  blockNumber: number | null,
  decoding: RunDecoding,
  t: Translate,
  precompile = false,
  coreRead: Pick<RunView, 'coreRead' | 'namesProblem'> | null = null,
): RunView {
  const base = { ...baseView(asked, blockNumber, t), ...(coreRead ?? {}) };
  if (!result.ok)
    return { ...base, outcome: 'failed', error: revealInvisibles(result.error.say(t)), precompileCaveat: precompile && asked.blockText.trim() === '' };
  const r = result.value;
  return {
    ...base,
    ...dataPart(asked, r.kind === 'reverted', r.data, [asked.to], decoding, t),
    precompileCaveat: precompile && r.kind === 'reverted',
  };
}

/** A run whose request failed (not a revert): what went wrong. */
export function failedRunView(asked: RunAsked, message: string, t: Translate): RunView {
  return { ...baseView(asked, null, t), outcome: 'failed', error: message };
}

/**
 * A simulation, ready to show; `tree` is the call tree drawn from its frames (the transaction page's).
 * `coreWords`: its CoreWriter actions named and in human units (HyperCore's names); else read without names.
 */
export function simulationRunView(
  asked: RunAsked,
  sim: Simulation,
  tree: CallTreeView | null,
  decoding: RunDecoding,
  t: Translate,
  coreWords?: { actions: string[]; namesProblem: string | null },
): RunView {
  const base = baseView(asked, sim.blockNumber, t);
  const frames = sim.frames ?? [];
  const touched = [asked.to, ...frames.flatMap((f) => (f.to ? [f.to] : []))];
  const fee = (price: Outcome<bigint>) =>
    price.ok && sim.gasUsed !== null ? { hype: groupThousands(weiToHype(sim.gasUsed * price.value)), gwei: groupThousands(weiToGwei(price.value)) } : null;
  return {
    ...base,
    ...dataPart(asked, sim.reverted, sim.data, touched, decoding, t),
    gasUsed: sim.gasUsed !== null ? groupThousands(sim.gasUsed.toString()) : null,
    feeSmall: fee(sim.gasPrice),
    feeBig: fee(sim.bigBlockGasPrice),
    events:
      sim.source === 'trace'
        ? eventsOf(frames, decoding)
        : sim.source === 'simulate' && !sim.reverted
          ? eventsOf(
              [
                {
                  type: 'CALL',
                  depth: 0,
                  from: asked.from ?? asked.to,
                  to: asked.to,
                  error: null,
                  value: null,
                  gas: null,
                  gasUsed: null,
                  input: '0x',
                  output: null,
                  logs: (sim.logs ?? []).map((l) => ({ ...l, position: null })),
                },
              ] as SimulatedFrame[],
              decoding,
            )
          : null,
    tree: sim.source === 'trace' ? tree : null,
    source: sim.source,
    missing:
      sim.source === 'call'
        ? sim.traceFailure === null
          ? t('This provider does not serve debug_traceCall: no call tree and no events, only what eth_call and eth_estimateGas say.')
          : t(
              'debug_traceCall failed ({0}): no call tree and no events, only what eth_call and eth_estimateGas say.',
              sim.traceFailure === 'empty' ? t('an empty trace') : revealInvisibles(sim.traceFailure.say(t)),
            )
        : sim.source === 'simulate'
          ? sim.traceFailure === null || sim.traceFailure === 'empty'
            ? t('This provider does not serve debug_traceCall: no call tree; the events and gas are what eth_simulateV1 says.')
            : t('debug_traceCall failed ({0}): no call tree; the events and gas are what eth_simulateV1 says.', revealInvisibles(sim.traceFailure.say(t)))
          : null,
    coreActions: coreWords ? coreWords.actions.slice(0, MAX_CORE_ACTIONS) : coreActionsOf(frames, t, sim.reverted ? [] : sim.logs),
    namesProblem: coreWords?.namesProblem ?? null,
  };
}

function baseView(asked: RunAsked, blockNumber: number | null, t: Translate): RunView {
  const at = blockNumber !== null ? groupThousands(String(blockNumber)) : null;
  return {
    id: asked.id,
    kind: asked.kind,
    fn: asked.fn,
    title: asked.title,
    argTexts: asked.argTexts,
    args: asked.inputs && asked.values ? asked.inputs.map((p, i) => argView(p, asked.values![i], i)) : [],
    calldata: cut(asked.calldata),
    from: asked.from,
    valueHype: asked.value > 0n ? groupThousands(weiToHype(asked.value)) : null,
    valueText: asked.valueText,
    fromText: asked.fromText,
    blockText: asked.blockText,
    block: asked.blockText.trim() === '' ? (at !== null ? t('latest (block {0})', at) : t('latest')) : (at ?? asked.blockText),
    outcome: 'returned',
    returned: null,
    data: '',
    revert: null,
    error: null,
    gasUsed: null,
    feeSmall: null,
    feeBig: null,
    events: null,
    tree: null,
    source: 'call',
    missing: null,
    coreActions: [],
    precompileCaveat: false,
    coreRead: null,
    namesProblem: null,
  };
}

function dataPart(asked: RunAsked, reverted: boolean, data: `0x${string}`, touched: string[], decoding: RunDecoding, t: Translate): Partial<RunView> {
  if (reverted) return { outcome: 'reverted', data: cut(data), revert: revertView(data, touched, decoding, t) };
  const returned = asked.outputs ? decodeOutputs(asked.outputs, data) : null;
  return { outcome: 'returned', data: cut(data), returned };
}

/** `outputs` decoded from `data` with their names; null when the data does not fit them (a return of another shape than the ABI says). */
export function decodeOutputs(outputs: readonly FormParam[], data: `0x${string}`): ArgView[] | null {
  if (outputs.length === 0) return [];
  try {
    const values = decodeAbiParameters(outputs as readonly AbiParameter[], data) as readonly unknown[];
    return outputs.map((p, i) => argView(p, values[i], i));
  } catch {
    return null;
  }
}

/** A value as the page shows it: a scalar's text, or a list's or tuple's items (at most 100 each). */
export function argView(p: FormParam, value: unknown, i: number): ArgView {
  const name = p.name || (i >= 0 ? `#${i + 1}` : '');
  const list = /\[(\d*)\]$/.exec(p.type);
  if (list) {
    const element: FormParam = { ...p, name: '', type: p.type.slice(0, list.index) };
    const items = Array.isArray(value) ? value : [];
    return {
      name,
      type: typeText(p),
      text: '',
      items: items.slice(0, 100).map((v, j) => argView({ ...element, name: `[${j}]` }, v, -1)),
      ...(items.length > 100 ? { cut: true } : {}),
    };
  }
  if (p.type.startsWith('tuple')) {
    const members = p.components ?? [];
    const at = (j: number) => (Array.isArray(value) ? (value as unknown[])[j] : (value as Record<string, unknown> | undefined)?.[members[j]!.name]);
    return { name, type: typeText(p), text: '', items: members.map((m, j) => argView(m, at(j), j)) };
  }
  const text =
    typeof value === 'string'
      ? revealInvisibles(value)
      : typeof value === 'bigint' || typeof value === 'boolean' || typeof value === 'number'
        ? String(value)
        : '';
  return text.length > 2000 ? { name, type: p.type, text: `${text.slice(0, 2000)}…`, cut: true } : { name, type: p.type, text };
}

function revertView(data: `0x${string}`, touched: string[], decoding: RunDecoding, t: Translate): RunView['revert'] {
  const reason = decodeRevert(data);
  switch (reason.kind) {
    case 'error':
      return { text: t('Error: {0}', revealInvisibles(reason.message)), decoded: null };
    case 'panic':
      return { text: t('Panic {0}', `0x${reason.code.toString(16)}`), decoded: null };
    case 'none':
      return { text: t('Reverted without a reason.'), decoded: null };
    case 'custom': {
      const decoded = customError(data, touched, decoding);
      return { text: decoded ? t('Custom error {0}', decoded.name) : t('Custom error {0}', reason.selector), decoded };
    }
  }
}

/** A custom error by the ABI of a contract the call touched, else by the page's ABIs. */
function customError(data: `0x${string}`, touched: string[], decoding: RunDecoding): DecodedView | null {
  const own = decoding.decoder?.error(data, touched);
  if (own && own.source === 'contract') return fromDecoded(own);
  for (const abi of decoding.abis) {
    try {
      const r = decodeErrorResult({ abi: abi.entries as unknown as Abi, data });
      const entry = abi.entries.find((e) => e.type === 'error' && e.name === r.errorName);
      if (entry) return viewOf(entry.name, signature({ name: entry.name, inputs: entry.inputs }), entry.inputs, r.args ?? [], abi, false);
    } catch {
      // not this ABI's
    }
  }
  return own ? fromDecoded(own) : null;
}

/**
 * The logs of every frame that did not fail (nor one above it), in the order they were emitted: a log
 * comes after the calls its frame made before it (geth's `position`; without it, after all of them).
 */
function eventsOf(frames: readonly SimulatedFrame[], decoding: RunDecoding): EventView[] {
  const keyed: Array<{ key: number[]; log: SimulatedFrame['logs'][number] }> = [];
  const failedAt: number[] = [];
  /** The path of child indexes to the frame being read, and how many children each frame on it has had. */
  const path: number[] = [];
  const children: number[] = [];
  for (const f of frames) {
    while (failedAt.length && failedAt[failedAt.length - 1]! >= f.depth) failedAt.pop();
    path.length = f.depth;
    children.length = f.depth + 1;
    if (f.depth > 0) path[f.depth - 1] = children[f.depth - 1]!++;
    children[f.depth] = 0;
    if (f.error !== null) failedAt.push(f.depth);
    if (failedAt.length) continue;
    for (const log of f.logs) keyed.push({ key: [...path, (log.position ?? Number.MAX_SAFE_INTEGER) - 0.5], log });
  }
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return keyed.map(({ log }) => ({ address: log.address, decoded: eventView(log, decoding), topics: log.topics, data: cut(log.data) }));
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function eventView(log: SimulatedFrame['logs'][number], decoding: RunDecoding): DecodedView | null {
  const own = decoding.decoder?.log(log.address, log.topics, log.data);
  if (own && own.source === 'contract') return fromDecoded(own);
  for (const abi of decoding.abis) {
    try {
      const r = decodeEventLog({ abi: abi.entries as unknown as Abi, topics: log.topics as [`0x${string}`, ...`0x${string}`[]], data: log.data, strict: true });
      const entry = abi.entries.find((e) => e.type === 'event' && e.name === r.eventName);
      if (entry) {
        const args = r.args as unknown;
        const values = entry.inputs.map((p, i) => (Array.isArray(args) ? (args as unknown[])[i] : (args as Record<string, unknown>)[p.name]));
        return viewOf(entry.name, signature({ name: entry.name, inputs: entry.inputs }), entry.inputs, values, abi, false);
      }
    } catch {
      // not this ABI's
    }
  }
  return own ? fromDecoded(own) : null;
}

function viewOf(
  name: string,
  sig: string,
  params: readonly FormParam[],
  values: readonly unknown[],
  abi: Pick<KnownAbi, 'name' | 'file'>,
  guess: boolean,
): DecodedView {
  return { name, signature: sig, args: params.map((p, i) => argView(p, values[i], i)), guess, abiName: abi.name, abiPath: abi.file.path, alternatives: [] };
}

function fromDecoded(d: Decoded): DecodedView {
  return {
    name: d.name,
    signature: d.signature,
    args: d.args.map(fromValue),
    guess: d.source === 'guess',
    abiName: d.abiName,
    abiPath: d.abiFile.path,
    alternatives: d.alternatives,
  };
}

export function fromValue(v: DecodedValue): ArgView {
  return { name: v.name, type: v.type, text: v.text, ...(v.items ? { items: v.items.map(fromValue) } : {}), ...(v.cut ? { cut: true } : {}) };
}

/** CoreWriter actions shown per run. */
export const MAX_CORE_ACTIONS = 100;

/**
 * The action data of each CoreWriter call of the tree that would send one (not failed, not delegated); for
 * an eth_simulateV1 run (no tree), CoreWriter's RawAction logs (those of a call that did not revert).
 */
export function coreActionDatas(frames: readonly SimulatedFrame[], logs: Simulation['logs'] = []): string[] {
  const out: string[] = [];
  for (const log of logs) {
    const data = rawActionOf(log)?.data;
    if (data !== undefined) out.push(data);
    if (out.length >= MAX_CORE_ACTIONS) return out;
  }
  for (const f of frames) {
    if (f.to !== CORE_WRITER_ADDRESS || f.type === 'DELEGATECALL' || f.error !== null) continue;
    const data = sendRawActionData(f.input);
    if (data !== undefined) out.push(data);
    if (out.length >= MAX_CORE_ACTIONS) break;
  }
  return out;
}

/** Each CoreWriter call of the tree, as the action it would send to HyperCore, without HyperCore's names (raw integers). */
export function coreActionsOf(frames: readonly SimulatedFrame[], t: Translate, logs: Simulation['logs'] = []): string[] {
  const out: string[] = [];
  for (const data of coreActionDatas(frames, logs)) {
    const r = decodeCoreAction(data);
    const fields = r.ok
      ? Object.entries(r.action)
          .filter(([k]) => k !== 'id' && k !== 'kind')
          .map(([k, v]) => `${k} ${typeof v === 'bigint' ? groupThousands(v.toString()) : revealInvisibles(String(v))}`)
      : [];
    out.push(fields.length ? `${actionTitle(r, t)} (${fields.join(', ')})` : actionTitle(r, t));
  }
  return out;
}

/** Two runs side by side: what was asked, the outcome, the return, gas, fees and events. */
export function compareRuns(a: RunView, b: RunView, t: Translate): CompareView {
  const rows: CompareView['rows'] = [];
  const row = (label: string, x: string, y: string) => rows.push({ label, a: x, b: y, same: x === y });
  const args = (r: RunView) => r.args.map((x) => `${x.name}: ${argText(x)}`).join(', ');
  const outcome = (r: RunView) =>
    r.outcome === 'returned' ? t('Returned') : r.outcome === 'reverted' ? (r.revert?.text ?? t('Reverted')) : (r.error ?? t('Failed'));
  row(t('Call'), a.title, b.title);
  row(t('Arguments'), args(a), args(b));
  row(t('Block'), a.block, b.block);
  row(t('Outcome'), outcome(a), outcome(b));
  row(t('Returned'), (a.returned ?? []).map(argText).join(', '), (b.returned ?? []).map(argText).join(', '));
  row(t('Gas used'), a.gasUsed ?? '—', b.gasUsed ?? '—');
  row(t('Fee (small blocks)'), a.feeSmall?.hype ?? '—', b.feeSmall?.hype ?? '—');
  row(t('Fee (big blocks)'), a.feeBig?.hype ?? '—', b.feeBig?.hype ?? '—');
  const events = (r: RunView) =>
    r.events === null
      ? '—'
      : r.events.map((e) => (e.decoded ? `${e.decoded.name}(${e.decoded.args.map(argText).join(', ')})` : (e.topics[0] ?? ''))).join('; ');
  row(t('Events'), events(a), events(b));
  return { a: a.id, b: b.id, rows };
}

function argText(a: ArgView): string {
  return a.items ? `[${a.items.map(argText).join(', ')}${a.cut ? ', …' : ''}]` : a.text;
}

function cut(data: string): string {
  return data.length > MAX_DATA_SHOWN ? `${data.slice(0, MAX_DATA_SHOWN)}…` : data;
}
