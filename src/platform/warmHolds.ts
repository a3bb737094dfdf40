/**
 * Who holds a network's provider connection warm: the Open Orders view while it is visible, each open page.
 * While one does (and the setting allows it), that connection's `KeepWarm` (made with its clients,
 * `core/keepWarm.ts`) sends one small request after 20 s without any; when the clients are made again (a
 * new key, another provider), the old ones are let go and the new ones held. Loaded with the first holder,
 * not at activation.
 */
import * as vscode from 'vscode';
import type { KeepWarm } from '../core/keepWarm';
import type { NetworkId } from '../core/networks';
import { Settings, settingId } from '../ids';
import type { Services } from './services';
import { settings } from './settings';

class WarmHolds implements vscode.Disposable {
  private readonly holds = new Map<NetworkId, number>();
  /** The keep-warm each network's holds were handed to, and the latest apply per network (an older one that ends late does nothing). */
  private readonly applied = new Map<NetworkId, KeepWarm>();
  private readonly turns = new Map<NetworkId, number>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly services: Services) {
    const all = () => {
      for (const network of this.holds.keys()) void this.apply(network);
    };
    this.disposables = [
      services.connection.onDidChange(all),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(settingId(Settings.keepConnectionsWarm)) && all()),
    ];
  }

  hold(network: NetworkId): vscode.Disposable {
    this.add(network, 1);
    let held = true;
    return new vscode.Disposable(() => {
      if (!held) return;
      held = false;
      this.add(network, -1);
    });
  }

  private add(network: NetworkId, delta: number): void {
    this.holds.set(network, (this.holds.get(network) ?? 0) + delta);
    void this.apply(network);
  }

  private async apply(network: NetworkId): Promise<void> {
    const turn = (this.turns.get(network) ?? 0) + 1;
    this.turns.set(network, turn);
    const { connection } = this.services;
    const wanted = (this.holds.get(network) ?? 0) > 0 && settings.keepConnectionsWarm() && connection.mode !== 'none';
    // The clients every action of this network uses (made now if there are none yet).
    const clients = wanted ? await connection.clients(network).catch(() => undefined) : undefined;
    if (this.turns.get(network) !== turn) return;
    const next = clients?.keepWarm;
    const previous = this.applied.get(network);
    if (previous && previous !== next) previous.setHeld(false);
    if (next) {
      next.setHeld(true);
      this.applied.set(network, next);
    } else this.applied.delete(network);
  }

  dispose(): void {
    for (const keep of this.applied.values()) keep.setHeld(false);
    this.applied.clear();
    for (const d of this.disposables) d.dispose();
  }
}

let holds: WarmHolds | undefined;

/** Keeps `network`'s provider connection warm until the returned disposable is disposed. */
export function holdWarm(services: Services, network: NetworkId): vscode.Disposable {
  if (!holds) {
    holds = new WarmHolds(services);
    services.context.subscriptions.push(holds, new vscode.Disposable(() => (holds = undefined)));
  }
  return holds.hold(network);
}
