// Ways tests can make the demo node misbehave, and the queue that hands them out.

export type DemoFaultEndpoint = 'evm' | 'info' | 'any';

export type DemoFaultKind =
  /** Wait `ms`, then answer normally. */
  | { kind: 'latency'; ms: number }
  /** Answer with this status (default body: what a provider or proxy sends for it). */
  | { kind: 'status'; status: number; body?: string; contentType?: string; retryAfter?: string }
  /** HTTP 200, `application/json`, a body that is not JSON. */
  | { kind: 'malformedJson' }
  /** Declares the full Content-Length of the real answer, sends half of it, then destroys the socket. */
  | { kind: 'truncated' }
  /** Resets the connection (TCP RST) without an answer. */
  | { kind: 'reset' }
  /** A valid-looking JSON body of exactly `bytes` bytes, streamed (with Content-Length unless `chunked`). */
  | { kind: 'oversize'; bytes: number; chunked?: boolean }
  /** The real answer with another JSON-RPC `id` (on `/info`, which has no ids, the real answer). */
  | { kind: 'wrongId' }
  /** Never answers (until the node closes). */
  | { kind: 'hang' }
  /** Exactly this body; with `echoId`, a JSON-RPC body gets the request's id (whatever ids came before). */
  | { kind: 'respond'; body: string; contentType?: string; status?: number; echoId?: boolean }
  /**
   * A node without the fault's `method` (required): it answers JSON-RPC -32601 "Method not found" for
   * it, in a batch too, and everything else as usual. With `method: 'ots_traceTransaction'`: a node
   * without traces (see `DEMO_FAULT_NO_TRACE`).
   */
  | { kind: 'unsupportedMethod' };

export type DemoFault = {
  /** Which endpoint it applies to (default `any`). */
  endpoint?: DemoFaultEndpoint;
  /** How many requests it applies to (default: until cleared). */
  times?: number;
  /** Only requests for this JSON-RPC method or info `type`. */
  method?: string;
} & DemoFaultKind;

const KINDS = new Set(['latency', 'status', 'malformedJson', 'truncated', 'reset', 'oversize', 'wrongId', 'hang', 'respond', 'unsupportedMethod']);

/** The demo node as a node without `ots_traceTransaction` (as some providers' nodes are), until cleared. */
export const DEMO_FAULT_NO_TRACE: DemoFault = { kind: 'unsupportedMethod', method: 'ots_traceTransaction', endpoint: 'evm' };

/** Checks a fault list that came as JSON (the control endpoint); returns a message when it is wrong. */
export function faultListProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'expected a JSON array of faults';
  for (const [i, f] of value.entries()) {
    const where = `fault ${i}`;
    if (typeof f !== 'object' || f === null) return `${where}: not an object`;
    const o = f as Record<string, unknown>;
    if (typeof o.kind !== 'string' || !KINDS.has(o.kind)) return `${where}: unknown kind`;
    if (o.endpoint !== undefined && o.endpoint !== 'evm' && o.endpoint !== 'info' && o.endpoint !== 'any') return `${where}: bad endpoint`;
    if (o.times !== undefined && !(Number.isInteger(o.times) && (o.times as number) >= 1)) return `${where}: times must be an integer ≥ 1`;
    if (o.method !== undefined && typeof o.method !== 'string') return `${where}: method must be a string`;
    const str = (k: string) => o[k] === undefined || typeof o[k] === 'string';
    switch (o.kind) {
      case 'latency':
        if (!(typeof o.ms === 'number' && o.ms >= 0)) return `${where}: ms must be a number ≥ 0`;
        break;
      case 'status':
        if (!(Number.isInteger(o.status) && (o.status as number) >= 200 && (o.status as number) <= 599)) return `${where}: status must be 200..599`;
        if (!str('body') || !str('contentType') || !str('retryAfter')) return `${where}: body, contentType and retryAfter must be strings`;
        break;
      case 'oversize':
        if (!(Number.isInteger(o.bytes) && (o.bytes as number) >= 0)) return `${where}: bytes must be an integer ≥ 0`;
        break;
      case 'unsupportedMethod':
        if (typeof o.method !== 'string') return `${where}: unsupportedMethod needs a method`;
        break;
      case 'respond':
        if (typeof o.body !== 'string' || !str('contentType')) return `${where}: body (and contentType) must be strings`;
        if (o.echoId !== undefined && typeof o.echoId !== 'boolean') return `${where}: echoId must be a boolean`;
        if (o.status !== undefined && !(Number.isInteger(o.status) && (o.status as number) >= 200 && (o.status as number) <= 599))
          return `${where}: status must be 200..599`;
        break;
    }
  }
  return undefined;
}

/** Faults in order; the first that matches a request applies to it, and its `times` counts down. */
export class FaultQueue {
  private faults: DemoFault[] = [];

  set(faults: readonly DemoFault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  get size(): number {
    return this.faults.length;
  }

  /**
   * The fault for a request to `endpoint` asking for `methods` (one per batch entry), if any. `onlyNamed`:
   * only a fault that names one of the methods (the connection's handshake, see `DEMO_HANDSHAKE_METHODS`).
   */
  take(endpoint: 'evm' | 'info', methods: readonly string[], onlyNamed = false): DemoFault | undefined {
    const i = this.faults.findIndex(
      (f) =>
        (f.endpoint === undefined || f.endpoint === 'any' || f.endpoint === endpoint) && (f.method === undefined ? !onlyNamed : methods.includes(f.method)),
    );
    if (i < 0) return undefined;
    const fault = this.faults[i] as DemoFault;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.splice(i, 1);
    }
    return fault;
  }
}
