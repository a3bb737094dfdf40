// Deterministic pseudo-random numbers for the demo node: the same seed gives the same data on every
// machine and every run, so tests can compute what the node will answer.

/** Mixes a 32-bit integer into a well-spread 32-bit unsigned integer. */
export function mix32(x: number): number {
  let t = (x + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** A seed from a few integers (each below 2^53; only their low 32 bits and a fold of the rest count). */
export function seedOf(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    const lo = p >>> 0;
    const hi = Math.floor(p / 0x100000000) >>> 0;
    h = mix32(h ^ lo);
    h = mix32(h ^ hi ^ 0x9e3779b9);
  }
  return h;
}

const HEX_SCRATCH = Buffer.alloc(256);

/** A small, fast generator (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next unsigned 32-bit integer. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in `[lo, hi]` (both inclusive; the span must stay below 2^32). */
  int(lo: number, hi: number): number {
    return lo + (this.next() % (hi - lo + 1));
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.next() < p * 0x100000000;
  }

  /** `chars` lowercase hex digits (`chars` even, at most 512). */
  hex(chars: number): string {
    const bytes = chars >>> 1;
    for (let i = 0; i < bytes; i += 4) {
      const w = this.next();
      HEX_SCRATCH[i] = w >>> 24;
      HEX_SCRATCH[i + 1] = (w >>> 16) & 255;
      HEX_SCRATCH[i + 2] = (w >>> 8) & 255;
      HEX_SCRATCH[i + 3] = w & 255;
    }
    // Buffer's hex encoder gives a flat string at once (string concatenation makes garbage).
    return HEX_SCRATCH.toString('hex', 0, bytes);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.next() % items.length] as T;
  }
}

/** `0x` + lowercase hex of a non-negative integer or bigint (a JSON-RPC quantity). */
export function quantity(n: number | bigint): string {
  return '0x' + n.toString(16);
}
