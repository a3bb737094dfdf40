import type * as vscode from 'vscode';
import type { ProviderClients } from '../core/provider';
import type { Connection } from './connection';

/**
 * One value per set of provider clients (a feature's cache, its data source): made on first use for the
 * connection's clients, disposed and dropped when the connection changes (network, key, base URL, timeout,
 * demo mode), so nothing cached for one provider or network is ever shown for another. A page that keeps
 * its network after a switch has its own clients, and so its own value beside the shown network's. The
 * one per-client cache pattern of the extension.
 */
export class PerConnection<T extends object> implements vscode.Disposable {
  /** At most one per network: the page of the other network and the views of the shown one. */
  private static readonly HELD = 2;
  private values: { clients: ProviderClients; value: T }[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: Connection,
    private readonly create: (clients: ProviderClients) => T,
  ) {
    this.subscription = connection.onDidChange(() => this.reset());
  }

  /** The value for the current clients; undefined without a key. Throws when the settings cannot be used. */
  async get(): Promise<T | undefined> {
    const clients = await this.connection.clients();
    return clients && this.for(clients);
  }

  /** The value for these clients, made now if there is none for them yet. */
  for(clients: ProviderClients): T {
    const held = this.values.find((v) => v.clients === clients);
    if (held) return held.value;
    const made = { clients, value: this.create(clients) };
    this.values.unshift(made);
    for (const old of this.values.splice(PerConnection.HELD)) release(old.value);
    return made.value;
  }

  /** The value made last, without waiting or making one (for answers that must be synchronous). */
  get existing(): T | undefined {
    return this.values[0]?.value;
  }

  reset(): void {
    const old = this.values;
    this.values = [];
    for (const v of old) release(v.value);
  }

  dispose(): void {
    this.subscription.dispose();
    this.reset();
  }
}

/** A value that holds resources lets them go. */
function release(value: object): void {
  const disposable = value as Partial<vscode.Disposable>;
  if (typeof disposable.dispose === 'function') disposable.dispose();
}
