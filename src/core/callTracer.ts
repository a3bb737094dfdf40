/**
 * `debug_traceTransaction` with geth's `callTracer`: a tree of call frames, each with an `error` when it
 * failed. `ots_traceTransaction` lists the same frames without any status, in the same order (depth
 * first, a frame before its children), so this tree is read as that flat list: which frames failed, to
 * mark them on the page. The answer is untrusted: walked without recursion, its size and depth bounded,
 * every field checked; a frame of the wrong shape makes the whole answer invalid (a page never shows a
 * status it cannot place).
 */
import { HASH, HEX_BYTES, HEX_QUANTITY, isAddress } from './hex';
import type { Address } from './model';

/** One frame of the call tree, in `ots_traceTransaction`'s order. */
export interface CallFrameStatus {
  type: string;
  depth: number;
  from: Address;
  to: Address | null;
  /** The node says this frame failed (reverted, ran out of gas, …): its `error`, one line. */
  error: string | null;
}

/** The most frames read (as `MAX_TRACE_ENTRIES` for `ots_traceTransaction`). */
export const MAX_CALL_FRAMES = 50_000;
/** The EVM's call depth limit, and some room. */
const MAX_DEPTH = 1100;

/** The frames in depth-first order, or a description of what is wrong with the answer. */
export function flattenCallTrace(root: unknown): CallFrameStatus[] | string {
  const out: CallFrameStatus[] = [];
  const stack: Array<{ frame: unknown; depth: number }> = [{ frame: root, depth: 0 }];
  while (stack.length) {
    const { frame, depth } = stack.pop()!;
    if (out.length >= MAX_CALL_FRAMES) return `more than ${MAX_CALL_FRAMES.toLocaleString('en-US')} call frames`;
    if (depth > MAX_DEPTH) return 'calls nested deeper than the EVM allows';
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return 'a call frame is not an object';
    const f = frame as Record<string, unknown>;
    if (typeof f.type !== 'string' || !/^[A-Za-z0-9_]{1,32}$/.test(f.type)) return 'a call frame has no call type';
    if (!isAddress(f.from)) return 'a call frame has no sender address';
    if (f.to !== undefined && f.to !== null && !isAddress(f.to)) return 'a call frame’s target is not an address';
    if (f.error !== undefined && f.error !== null && typeof f.error !== 'string') return 'a call frame’s error is not text';
    if (f.calls !== undefined && f.calls !== null && !Array.isArray(f.calls)) return 'a call frame’s calls are not a list';
    out.push({
      type: f.type.toUpperCase(),
      depth,
      from: f.from.toLowerCase() as Address,
      to: isAddress(f.to) ? (f.to.toLowerCase() as Address) : null,
      error: typeof f.error === 'string' ? oneLine(f.error) : null,
    });
    const calls = (f.calls ?? []) as unknown[];
    if (calls.length > MAX_CALL_FRAMES) return `more than ${MAX_CALL_FRAMES.toLocaleString('en-US')} call frames`;
    for (let i = calls.length - 1; i >= 0; i--) stack.push({ frame: calls[i], depth: depth + 1 });
  }
  return out;
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

/** One log a simulated frame emitted (callTracer's `withLog`). */
export interface SimulatedLog {
  /** How many of its frame's calls came before it (geth's `position`); null when the node does not say. */
  position: number | null;
  address: Address;
  topics: `0x${string}`[];
  data: `0x${string}`;
}

/** One frame of a simulated call (`debug_traceCall` with the callTracer), with what it did. */
export interface SimulatedFrame extends CallFrameStatus {
  /** Wei; null when the frame carries no value field. */
  value: bigint | null;
  gas: bigint | null;
  gasUsed: bigint | null;
  input: `0x${string}`;
  /** Return data, or revert data of a failed frame; null when the node sends none. */
  output: `0x${string}` | null;
  logs: SimulatedLog[];
}

/** The most logs read from one simulated call (all frames). */
export const MAX_SIMULATED_LOGS = 10_000;
const MAX_TOPICS = 4;

/** A simulated call's frames in depth-first order, or a description of what is wrong with the answer. */
export function readSimulatedTrace(root: unknown): SimulatedFrame[] | string {
  const statuses = flattenCallTrace(root);
  if (typeof statuses === 'string') return statuses;
  // The same walk again, now that the shape is known to be bounded: the frames in the same order.
  const raw: Record<string, unknown>[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const f = stack.pop() as Record<string, unknown>;
    raw.push(f);
    const calls = (f.calls ?? []) as unknown[];
    for (let i = calls.length - 1; i >= 0; i--) stack.push(calls[i]);
  }
  let logCount = 0;
  const out: SimulatedFrame[] = [];
  for (let i = 0; i < statuses.length; i++) {
    const f = raw[i]!;
    const value = quantity(f.value);
    const gas = quantity(f.gas);
    const gasUsed = quantity(f.gasUsed);
    if (value === 'bad' || gas === 'bad' || gasUsed === 'bad') return 'a call frame’s value or gas is not a hex quantity';
    const input = f.input === undefined || f.input === null ? '0x' : f.input;
    if (!isBytes(input)) return 'a call frame’s input is not 0x hex bytes';
    if (f.output !== undefined && f.output !== null && !isBytes(f.output)) return 'a call frame’s output is not 0x hex bytes';
    const logs = f.logs ?? [];
    if (!Array.isArray(logs)) return 'a call frame’s logs are not a list';
    logCount += logs.length;
    if (logCount > MAX_SIMULATED_LOGS) return `more than ${MAX_SIMULATED_LOGS.toLocaleString('en-US')} logs`;
    const read: SimulatedLog[] = [];
    for (const l of logs as unknown[]) {
      const log = l as Record<string, unknown> | null;
      if (typeof log !== 'object' || log === null || !isAddress(log.address)) return 'a log has no address';
      const topics = log.topics ?? [];
      if (!Array.isArray(topics) || topics.length > MAX_TOPICS || !topics.every((t) => typeof t === 'string' && HASH.test(t)))
        return 'a log’s topics are not up to four 32-byte words';
      const data = log.data ?? '0x';
      if (!isBytes(data)) return 'a log’s data is not 0x hex bytes';
      const position = typeof log.position === 'number' ? log.position : quantity(log.position);
      if (position === 'bad') return 'a log’s position is not a hex quantity';
      read.push({
        position: position !== undefined && Number(position) <= Number.MAX_SAFE_INTEGER && Number(position) >= 0 ? Number(position) : null,
        address: log.address.toLowerCase() as Address,
        topics: (topics as string[]).map((t) => t.toLowerCase() as `0x${string}`),
        data: data.toLowerCase() as `0x${string}`,
      });
    }
    out.push({
      ...statuses[i]!,
      value: value ?? null,
      gas: gas ?? null,
      gasUsed: gasUsed ?? null,
      input: input.toLowerCase() as `0x${string}`,
      output: typeof f.output === 'string' ? (f.output.toLowerCase() as `0x${string}`) : null,
      logs: read,
    });
  }
  return out;
}

function quantity(x: unknown): bigint | undefined | 'bad' {
  if (x === undefined || x === null) return undefined;
  return typeof x === 'string' && HEX_QUANTITY.test(x) ? BigInt(x) : 'bad';
}

function isBytes(x: unknown): x is string {
  return typeof x === 'string' && x.length <= 4 * 1024 * 1024 + 2 && HEX_BYTES.test(x);
}
