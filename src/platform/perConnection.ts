import type * as vscode from 'vscode';
import type { ProviderClients } from '../core/provider';
import type { Connection } from './connection';

/**
 * One value per set of provider clients (a feature's cache, its data source): made on first use for the
 * connection's current clients, disposed and dropped when the connection changes (key, base URL, timeout,
 * demo mode), so nothing cached for one provider is ever shown for another. The one per-client cache
 * pattern of the extension.
 */
export class PerConnection<T extends object> implements vscode.Disposable {
  private current?: { clients: ProviderClients; value: T };
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

  /** The value for these clients, made now if the current one belongs to others. */
  for(clients: ProviderClients): T {
    if (this.current?.clients !== clients) {
      this.reset();
      this.current = { clients, value: this.create(clients) };
    }
    return this.current.value;
  }

  /** The value already made, without waiting or making one (for answers that must be synchronous). */
  get existing(): T | undefined {
    return this.current?.value;
  }

  reset(): void {
    const old = this.current;
    this.current = undefined;
    const value = old?.value as Partial<vscode.Disposable> | undefined;
    if (typeof value?.dispose === 'function') value.dispose(); // a value that holds resources lets them go
  }

  dispose(): void {
    this.subscription.dispose();
    this.reset();
  }
}
