/**
 * What goes wrong during the soak: every couple of seconds the demo node gets a new short list of faults,
 * one for the info endpoint (the orders' refreshes) and one for JSON-RPC (pages and hovers), each for
 * 1–3 requests, drawn from a seeded generator: 429s (with and without Retry-After), 500s, connection
 * resets, slow answers, malformed and truncated JSON. Now and then neither, so refreshes also succeed.
 */
import type { DemoFault, DemoNode } from '../../src/demo/demoNode';
import { Random } from '../../src/demo/random';

type FaultName = '429' | '429 Retry-After' | '500' | 'reset' | 'slow' | 'malformed' | 'truncated';

const FAULTS: Record<FaultName, (r: Random) => DemoFault> = {
  '429': () => ({ kind: 'status', status: 429 }),
  '429 Retry-After': () => ({ kind: 'status', status: 429, retryAfter: '1' }),
  '500': () => ({ kind: 'status', status: 500 }),
  reset: () => ({ kind: 'reset' }),
  slow: (r) => ({ kind: 'latency', ms: r.int(1_000, 4_000) }),
  malformed: () => ({ kind: 'malformedJson' }),
  truncated: () => ({ kind: 'truncated' }),
};

const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];

export interface FaultSchedule {
  stop(): void;
}

export function startFaultSchedule(node: DemoNode, seed: number, everyMs = 2_000): FaultSchedule {
  const r = new Random(seed);
  const draw = (endpoint: 'info' | 'evm', p: number): DemoFault[] => {
    if (!r.chance(p)) return [];
    const name = r.pick(FAULT_NAMES);
    return [{ ...FAULTS[name](r), endpoint, times: r.int(1, 3) }];
  };
  const tick = () => node.setFaults([...draw('info', 0.6), ...draw('evm', 0.5)]);
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      node.clearFaults();
    },
  };
}
