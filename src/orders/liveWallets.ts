/**
 * Live mode of Open Orders: which watched wallets follow Hyperliquid's WebSocket (`core/hyperliquidSocket.ts`)
 * and which stay polled, and why. A wallet goes live only when the setting is on and the user allowed
 * wallet data to Hyperliquid's public API on this network (the same permission, asked naming the host);
 * at most 10 wallets (the exchange's limit per IP), the rest polled. While the connection is down the
 * wallets say "reconnecting" and are polled; after it, the snapshot catches them up. No `vscode`: the
 * glue (`liveWalletsHost.ts`) hands in the setting, the permission, the URL and where updates go.
 */
import { Emitter } from '../core/emitter';
import { HyperliquidSocket, type HyperliquidSocketOptions, type LiveFill, type LiveLiquidation, type LiveUserUpdate } from '../core/hyperliquidSocket';
import { groupThousands } from '../core/units';

/** Why a wallet is polled: live updates off, wallet data not allowed (or not yet), over the limit of users, no WebSocket address. */
export type PolledWhy = 'off' | 'notAllowed' | 'limit' | 'unavailable';

export type LiveStatus = { kind: 'live' } | { kind: 'connecting' } | { kind: 'reconnecting' } | { kind: 'polled'; why: PolledWhy };

export type LivePermission = 'off' | 'allow' | 'never' | 'ask';

export interface LiveWalletsDeps {
  /** The wallets shown, in order, with the dexs whose orders to follow. */
  wallets(): { address: string; dexes: readonly string[] }[];
  permission(): LivePermission;
  /** The WebSocket's address on the current network, or undefined when there is none to use. */
  url(): Promise<string | undefined>;
  apply(update: LiveUserUpdate): void;
  /** Mid prices per dex (`allMids`), merged like the updates. */
  applyMids?(mids: Map<string, Map<string, string>>): void;
  socketOptions?: Partial<HyperliquidSocketOptions>;
}

/** The events of a live wallet the user can have notified (`orders.liveNotifications`). */
export type LiveNoticeKind = 'liquidations' | 'fills';

/** What one update of a live wallet tells the user, for their choice of events. */
export interface LiveNotices {
  liquidations: readonly LiveLiquidation[];
  /** Fills to tell, oldest first: every fill when fills are chosen, but a liquidation's own fill when liquidations are told too (the liquidation says it). */
  fills: readonly LiveFill[];
}

export function liveNotices(choice: readonly LiveNoticeKind[], update: Pick<LiveUserUpdate, 'fills' | 'liquidations'>): LiveNotices {
  const liquidations = choice.includes('liquidations') ? update.liquidations : [];
  const fills = choice.includes('fills') ? update.fills.filter((f) => !(f.liquidated && liquidations.length > 0)) : [];
  return { liquidations, fills };
}

/** A decimal as read: thousands grouped, a trailing ".0" dropped ("60010.0" → "60,010"). */
export function readableDecimal(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${negative ? '−' : ''}${groupThousands(whole)}${trimmed ? `.${trimmed}` : ''}`;
}

export class LiveWallets {
  private socket: HyperliquidSocket | undefined;
  private socketUrl: string | undefined;
  private readonly refused = new Set<string>();
  private why: PolledWhy = 'off';
  private syncing: Promise<void> = Promise.resolve();
  private readonly changed = new Emitter<void>();
  /** A wallet's status may have changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: LiveWalletsDeps) {}

  /** Takes the setting, the permission, the network and the wallets afresh (serialized: the last call wins). */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.syncNow()).catch(() => undefined);
    return this.syncing;
  }

  status(address: string): LiveStatus {
    const id = address.toLowerCase();
    if (!this.socket) return { kind: 'polled', why: this.why };
    if (this.refused.has(id)) return { kind: 'polled', why: 'limit' };
    if (this.socket.isLive(id)) return { kind: 'live' };
    return this.socket.state === 'reconnecting' ? { kind: 'reconnecting' } : { kind: 'connecting' };
  }

  /** Live now: Hyperliquid's WebSocket keeps it current, so automatic refreshes leave it out. */
  isLive(address: string): boolean {
    return this.status(address).kind === 'live';
  }

  dispose(): void {
    this.close();
    this.changed.dispose();
  }

  private close(): void {
    this.socket?.close();
    this.socket = undefined;
    this.socketUrl = undefined;
    this.refused.clear();
  }

  private async syncNow(): Promise<void> {
    const permission = this.deps.permission();
    const url = permission === 'allow' ? await this.deps.url() : undefined;
    const why: PolledWhy | undefined = permission === 'off' ? 'off' : permission !== 'allow' ? 'notAllowed' : url === undefined ? 'unavailable' : undefined;
    if (why !== undefined || url === undefined) {
      const had = this.socket !== undefined || this.why !== why;
      this.close();
      this.why = why ?? 'unavailable';
      if (had) this.changed.fire();
      return;
    }
    if (this.socketUrl !== url) {
      this.close();
      const socket = new HyperliquidSocket({ url, ...this.deps.socketOptions });
      socket.onUpdate((updates) => {
        for (const u of updates) this.deps.apply(u);
      });
      socket.onMids((mids) => this.deps.applyMids?.(mids));
      socket.onState(() => this.changed.fire());
      this.socket = socket;
      this.socketUrl = url;
    }
    const socket = this.socket!;
    const wanted = this.deps.wallets();
    const before = wanted.map((w) => this.status(w.address).kind).join();
    const ids = new Set(wanted.map((w) => w.address.toLowerCase()));
    for (const user of socket.watched()) if (!ids.has(user)) socket.unwatch(user);
    for (const user of [...this.refused]) if (!ids.has(user)) this.refused.delete(user);
    for (const w of wanted) {
      const id = w.address.toLowerCase();
      if (socket.watch(id, w.dexes)) this.refused.delete(id);
      else this.refused.add(id);
    }
    if (wanted.map((w) => this.status(w.address).kind).join() !== before) this.changed.fire();
  }
}
