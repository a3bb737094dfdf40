/**
 * The call tree of a transaction (from `ots_traceTransaction`) for the page: each frame with its type,
 * from → to, value, the call and what it returned (decoded with the workspace's ABIs when there are
 * some), and which frames failed. `ots_traceTransaction` says nothing of a frame's status: the node's
 * `debug_traceTransaction` (callTracer) does, frame by frame, and when it is not served the frame the
 * revert started in is inferred: the deepest one whose output is the revert data. Pure.
 */
import type { CallFrameStatus, SimulatedFrame } from '../core/callTracer';
import type { RevertReason, TraceEntry } from '../core/model';
import { decodeRevert, encodeErrorString, encodePanic } from '../core/revert';
import { methodName, selectorOf } from '../core/selectors';
import type { Outcome } from '../core/settled';
import type { TransactionBundle } from '../core/transactionLoad';
import { groupThousands, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import type { Translate } from '../view/format';
import type { WorkspaceDecoder } from '../contracts/api';
import { hyperCoreFrame } from './hyperCoreFrames';
import { argViews, decodedView } from './workspaceViewModel';
import { MAX_FRAMES_SHOWN, type CallFrameView, type CallTreeView, type PartFailure } from './protocol';

export function callTreeView(
  bundle: TransactionBundle,
  frames: Outcome<CallFrameStatus[]> | undefined,
  decoder: WorkspaceDecoder | undefined,
  t: Translate,
  hyperCore = false,
): CallTreeView {
  if (!bundle.trace.ok || bundle.trace.value.length === 0) return { state: 'none' };
  const trace = bundle.trace.value;
  const failedTx = bundle.receipt.ok && bundle.receipt.value?.status === 'reverted';
  const statuses = frames?.ok && matches(trace, frames.value) ? frames.value : undefined;
  const failed = failedTx ? (statuses ? failedByNode(statuses) : failedInferred(trace, revertData(bundle.revert))) : undefined;
  const shown = trace.slice(0, MAX_FRAMES_SHOWN);
  const children = childCounts(shown);
  const views = shown.map((e, i): CallFrameView => {
    // HyperCore's system contracts (read precompiles, CoreWriter), named and decoded unless a workspace ABI does it.
    const core = hyperCore ? hyperCoreFrame(e, t) : null;
    const call = decodedView(decoder?.call(e.to, e.input) ?? null);
    const returned = argsOrNull(decoder?.returned(e.to, e.input, e.output) ?? null);
    return {
      index: i,
      depth: e.depth,
      type: revealInvisibles(e.type),
      from: e.from,
      to: e.to,
      valueHype: e.value !== null && e.value > 0n ? groupThousands(weiToHype(e.value)) : null,
      selector: selectorOf(e.input),
      method: methodNameOf(e.input),
      // A DELEGATECALL runs the code at `to` (an implementation): its ABI decodes it.
      call: call ?? core?.call ?? null,
      returned: returned ?? core?.returned ?? null,
      failed: failed?.frames.has(i) ? failed.by : null,
      origin: failed?.origin === i,
      children: children[i] ?? 0,
      hyperCore: core?.name ?? null,
    };
  });
  return {
    state: 'ok',
    frames: views,
    notShown: Math.max(0, trace.length - shown.length),
    failedFrom: failed ? failed.by : null,
    nodeFailure:
      frames && !frames.ok
        ? failure(frames)
        : frames?.ok && !statuses
          ? { unsupported: true, message: t('The node’s debug_traceTransaction lists other calls than its ots_traceTransaction.') }
          : null,
  };
}

function methodNameOf(input: string | undefined): string | null {
  const s = selectorOf(input);
  return s ? (methodName(s) ?? null) : null;
}

function argsOrNull(args: ReturnType<WorkspaceDecoder['returned']>): CallFrameView['returned'] {
  return args ? argViews(args) : null;
}

function failure(outcome: Extract<Outcome<unknown>, { ok: false }>): PartFailure {
  return { unsupported: outcome.unsupported, message: revealInvisibles(outcome.error.message) };
}

/** The node's frames are the trace's: same count, same types and senders in the same order. */
function matches(trace: readonly TraceEntry[], frames: readonly CallFrameStatus[]): boolean {
  return trace.length === frames.length && trace.every((e, i) => e.type === frames[i]!.type && e.from === frames[i]!.from && e.depth === frames[i]!.depth);
}

interface Failed {
  by: 'node' | 'inferred';
  frames: Set<number>;
  origin: number | undefined;
}

/** Every frame the node says failed; the revert started where a failed frame has no failed frame below it on the path from the top. */
function failedByNode(frames: readonly CallFrameStatus[]): Failed {
  const failed = new Set<number>();
  frames.forEach((f, i) => f.error !== null && failed.add(i));
  let origin: number | undefined = failed.has(0) ? 0 : undefined;
  while (origin !== undefined) {
    const below = lastFailedChild(frames, origin, failed);
    if (below === undefined) break;
    origin = below;
  }
  return { by: 'node', frames: failed, origin };
}

function lastFailedChild(frames: readonly CallFrameStatus[], parent: number, failed: Set<number>): number | undefined {
  const depth = frames[parent]!.depth;
  let found: number | undefined;
  for (let i = parent + 1; i < frames.length && frames[i]!.depth > depth; i++) if (frames[i]!.depth === depth + 1 && failed.has(i)) found = i;
  return found;
}

/** The deepest frame whose output is the revert data (a frame that reverted hands its data up unchanged). */
function failedInferred(trace: readonly TraceEntry[], data: string | undefined): Failed | undefined {
  if (data === undefined || data === '0x') return { by: 'inferred', frames: new Set([0]), origin: 0 };
  let origin: number | undefined;
  trace.forEach((e, i) => {
    if (e.output?.toLowerCase() === data && (origin === undefined || e.depth > trace[origin]!.depth)) origin = i;
  });
  origin ??= 0;
  return { by: 'inferred', frames: new Set([origin]), origin };
}

/** The revert data again, from the reason read (`decodeRevert` is exact for what it reads). */
function revertData(revert: Outcome<RevertReason> | undefined): string | undefined {
  if (!revert?.ok) return undefined;
  const r = revert.value;
  switch (r.kind) {
    case 'custom':
      return r.data.toLowerCase();
    case 'error':
      return encodeErrorString(r.message);
    case 'panic':
      return encodePanic(r.code);
    case 'none':
      return '0x';
  }
}

function childCounts(trace: readonly TraceEntry[]): number[] {
  const counts = new Array<number>(trace.length).fill(0);
  const stack: number[] = [];
  trace.forEach((e, i) => {
    while (stack.length && trace[stack[stack.length - 1]!]!.depth >= e.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent !== undefined) counts[parent]!++;
    stack.push(i);
  });
  return counts;
}

/**
 * The call tree of a simulated call (`debug_traceCall` with the callTracer, Read & Simulate): the same
 * rows as a transaction's, each frame's status from the node itself (the tracer says which frames failed).
 */
export function simulatedCallTree(frames: readonly SimulatedFrame[], decoder: WorkspaceDecoder | undefined, t: Translate, hyperCore = true): CallTreeView {
  const trace: TraceEntry[] = frames.map((f) => ({
    type: f.type,
    depth: f.depth,
    from: f.from,
    to: f.to,
    value: f.value,
    input: f.input,
    ...(f.output !== null ? { output: f.output } : {}),
  }));
  const failed = frames[0] !== undefined && frames[0].error !== null;
  const bundle = {
    receipt: { ok: true, value: { status: failed ? 'reverted' : 'success' } },
    trace: { ok: true, value: trace },
  } as unknown as TransactionBundle;
  const tree = callTreeView(bundle, { ok: true, value: [...frames] }, decoder, t, hyperCore);
  if (tree.state !== 'ok') return tree;
  // The frame the revert started in says what it reverted with: the node gives each frame's own output.
  // A failed frame's output is its revert data, not a return value.
  return {
    ...tree,
    frames: tree.frames.map((f) => {
      const failed = frames[f.index]!.error !== null ? { ...f, returned: null } : f;
      return f.origin ? { ...failed, revertedWith: revertText(frames[f.index]!, decoder, t) } : failed;
    }),
  };
}

function revertText(frame: SimulatedFrame, decoder: WorkspaceDecoder | undefined, t: Translate): string | null {
  const data = frame.output;
  if (data === null) return frame.error;
  const reason = decodeRevert(data);
  switch (reason.kind) {
    case 'error':
      return t('Error: {0}', revealInvisibles(reason.message));
    case 'panic':
      return t('Panic {0}', `0x${reason.code.toString(16)}`);
    case 'none':
      return frame.error;
    case 'custom': {
      const d = decoder?.error(data, frame.to ? [frame.to] : []);
      if (!d) return reason.selector;
      const args = argViews(d.args).map((a) => `${a.name ? `${a.name}: ` : ''}${a.items ? '[…]' : a.text}`);
      return `${d.name}(${args.join(', ')})`;
    }
  }
}
