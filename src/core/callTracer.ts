/**
 * `debug_traceTransaction` with geth's `callTracer`: a tree of call frames, each with an `error` when it
 * failed. `ots_traceTransaction` lists the same frames without any status, in the same order (depth
 * first, a frame before its children), so this tree is read as that flat list: which frames failed, to
 * mark them on the page. The answer is untrusted: walked without recursion, its size and depth bounded,
 * every field checked; a frame of the wrong shape makes the whole answer invalid (a page never shows a
 * status it cannot place).
 */
import { isAddress } from './hex';
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
