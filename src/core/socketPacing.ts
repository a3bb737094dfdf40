/**
 * What the two WebSocket clients (`hyperliquidSocket.ts`, Hyperliquid's stream; `headsSocket.ts`, a
 * provider's `eth_subscribe`) share about opening connections: at most so many new connections a minute,
 * after a failure a capped exponential backoff with "equal jitter" (half the delay fixed, half random, so
 * that many clients spread out yet none retries at once), and the socket's own limits. Pure but for `ws`.
 */
import WebSocket from 'ws';

export interface SocketPacingOptions {
  maxConnectsPerMinute: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  now: () => number;
  random: () => number;
}

export class SocketPacing {
  private readonly opened: number[] = [];
  private attempt = 0;
  /** New connections opened so far (tests and figures). */
  count = 0;

  constructor(private readonly o: SocketPacingOptions) {}

  /** 0 when a new connection may open now (it is counted), else how many ms until one may. */
  take(): number {
    const now = this.o.now();
    while (this.opened.length && this.opened[0]! <= now - 60_000) this.opened.shift();
    if (this.opened.length >= this.o.maxConnectsPerMinute) return this.opened[0]! + 60_000 - now;
    this.opened.push(now);
    this.count += 1;
    return 0;
  }

  /** After a connection failed or dropped: how long to wait before the next one. */
  backoff(): number {
    const ceiling = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** Math.min(this.attempt, 20));
    this.attempt += 1;
    return ceiling / 2 + this.o.random() * (ceiling / 2);
  }

  /** A connection went live (or the client starts over): the next failure waits the base delay again. */
  reset(): void {
    this.attempt = 0;
  }
}

/** A WebSocket with our limits: frames up to `maxFrameBytes`, no compression, no redirects, a handshake deadline. */
export function openSocket(url: string, limits: { maxFrameBytes: number; handshakeTimeoutMs: number }): WebSocket {
  return new WebSocket(url, {
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    handshakeTimeout: limits.handshakeTimeoutMs,
    followRedirects: false,
  });
}
