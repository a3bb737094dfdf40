/**
 * The chain's newest block for whoever follows it (block pages with Follow latest on, the status bar item):
 * one `eth_subscribe` `newHeads` connection (`core/headsSocket.ts`) while at least one follows, none
 * otherwise. Where the provider serves no `eth_subscribe`, or an HTTP proxy is set (the WebSocket would not
 * go through it), or while the connection is being re-made, the head is asked by request every `pollMs`
 * instead, and the status says which and why. Pure: the glue (`headsHost.ts`) hands in the address, the
 * proxy setting, the request and what a provider was seen to serve.
 */
import { Emitter, type Event, type Subscription } from '../core/emitter';
import { HeadsSocket, type HeadsSocketOptions, type HeadsState, type UnsupportedWhy } from '../core/headsSocket';

/** Why the head is polled: the provider has no `eth_subscribe` (or no WebSocket), or a proxy is set. */
export type PolledWhy = 'notServed' | 'proxy';

export type FeedStatus =
  { kind: 'off' } | { kind: 'connecting' } | { kind: 'live' } | { kind: 'reconnecting' } | { kind: 'polled'; why: PolledWhy; detail?: UnsupportedWhy };

export interface HeadsFeedDeps {
  /** The WebSocket form of the `/evm` address; undefined when there is none. */
  socketUrl(): string | undefined;
  /** An HTTP proxy is set: `ws` would not use it. */
  proxy(): boolean;
  /** Whether the provider is known to serve `eth_subscribe` (undefined: not known yet). */
  served(): boolean | undefined;
  /** What a connection showed. */
  learn(served: boolean): void;
  /** The newest block number, by request. */
  latest(): Promise<number>;
  /** A line for the log (never the address). */
  log?(text: string): void;
  pollMs?: number;
  socketOptions?: Partial<HeadsSocketOptions>;
}

/** How often the head is asked by request where it is not pushed. */
export const POLL_MS = 5_000;

export class HeadsFeed {
  private readonly followers = new Set<(n: number) => void>();
  private socket: HeadsSocket | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private current: FeedStatus = { kind: 'off' };
  private newest: number | undefined;
  private disposed = false;
  private readonly statuses = new Emitter<FeedStatus>();
  /** The status changed. */
  readonly onStatus: Event<FeedStatus> = this.statuses.event;

  constructor(private readonly deps: HeadsFeedDeps) {}

  get status(): FeedStatus {
    return this.current;
  }

  /** The newest block number seen, if any. */
  get latest(): number | undefined {
    return this.newest;
  }

  /** Calls `listener` with each newer block number (at most a few times a second); the connection lives while someone follows. */
  follow(listener: (n: number) => void): Subscription {
    this.followers.add(listener);
    if (this.followers.size === 1) this.start();
    return {
      dispose: () => {
        if (!this.followers.delete(listener)) return;
        if (this.followers.size === 0) this.stop();
      },
    };
  }

  dispose(): void {
    this.disposed = true;
    this.followers.clear();
    this.stop();
    this.statuses.dispose();
  }

  private setStatus(status: FeedStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.current)) return;
    this.current = status;
    this.statuses.fire(status);
  }

  private start(): void {
    if (this.disposed) return;
    // The head now, by request: the subscription brings only what comes after.
    this.poll(false);
    const url = this.deps.socketUrl();
    if (this.deps.proxy()) return this.polled('proxy');
    if (url === undefined || this.deps.served() === false) return this.polled('notServed');
    const socket = new HeadsSocket({ url, ...this.deps.socketOptions });
    this.socket = socket;
    socket.onHeads((batch) => {
      const last = batch.heads[batch.heads.length - 1];
      if (last) this.offer(last.number);
    });
    socket.onProblem((p) => this.deps.log?.(`New blocks: ${p.kind}: ${p.message}`));
    socket.onState((state) => this.socketState(socket, state));
    this.setStatus({ kind: 'connecting' });
    socket.start();
  }

  private socketState(socket: HeadsSocket, state: HeadsState): void {
    if (this.socket !== socket) return;
    switch (state) {
      case 'live':
        this.deps.learn(true);
        this.stopPolling();
        return this.setStatus({ kind: 'live' });
      case 'reconnecting':
        this.deps.log?.('New blocks: the WebSocket dropped; polling until it is back.');
        this.setStatus({ kind: 'reconnecting' });
        return this.startPolling();
      case 'unsupported':
        this.deps.learn(false);
        this.deps.log?.(`New blocks: the provider serves no eth_subscribe over WebSocket (${socket.why ?? '?'}): polling.`);
        this.closeSocket();
        return this.polled('notServed', socket.why);
      default:
        return;
    }
  }

  private polled(why: PolledWhy, detail?: UnsupportedWhy): void {
    this.setStatus(detail ? { kind: 'polled', why, detail } : { kind: 'polled', why });
    this.startPolling();
  }

  private startPolling(): void {
    if (this.pollTimer || this.disposed) return;
    this.pollTimer = setInterval(() => this.poll(true), this.deps.pollMs ?? POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private poll(log: boolean): void {
    this.deps.latest().then(
      (n) => this.offer(n),
      (e: unknown) => log && this.deps.log?.(`New blocks: the latest block could not be asked: ${e instanceof Error ? e.name : 'error'}`),
    );
  }

  private offer(n: number): void {
    if (this.followers.size === 0 || (this.newest !== undefined && n <= this.newest)) return;
    this.newest = n;
    for (const listener of [...this.followers]) listener(n);
  }

  private closeSocket(): void {
    this.socket?.close();
    this.socket = undefined;
  }

  private stop(): void {
    this.closeSocket();
    this.stopPolling();
    this.setStatus({ kind: 'off' });
  }
}
