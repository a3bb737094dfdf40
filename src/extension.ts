import * as vscode from 'vscode';
import { registerAddress } from './address';
import { registerBlocks } from './blocks';
import { registerContracts } from './contracts';
import { registerHovers } from './hover';
import { registerLookUp } from './lookUp';
import { registerOpenOrders } from './orders';
import { registerApiKeyCommands } from './platform/apiKeyCommands';
import { Connection } from './platform/connection';
import { Log } from './platform/log';
import { registerNetworkCommands } from './network';
import { rawJsonDocuments } from './platform/rawJson';
import { watchSettings } from './platform/settings';
import { registerWalkthroughCommands } from './platform/walkthrough';
import { registerTransactions } from './transactions';
import { registerWalletHistory } from './walletHistory';
import { registerSimulation } from './simulation';
import type { Services } from './platform/services';

/**
 * The public exports: what any installed extension gets from `getExtension(…).exports`. Only a number;
 * nothing that reaches the key, a client, secret storage or the extension context. The integration tests
 * (and only they: `ExtensionMode.Test`) also get the services.
 */
export interface Exports {
  readonly activationMs: number;
  readonly testServices?: Services;
}

/** Wires the features together. Activation does no network work: clients are made on first use. */
export function activate(context: vscode.ExtensionContext): Exports {
  const started = performance.now();
  // First: its listener must run before any other that reads a setting when one changes.
  context.subscriptions.push(watchSettings());
  const log = new Log();
  const connection = new Connection(context, log);
  context.subscriptions.push(log, connection);
  const services: Services = { context, log, connection };
  registerApiKeyCommands(services);
  registerNetworkCommands(services);
  rawJsonDocuments.register(context);
  registerBlocks(services);
  registerTransactions(services);
  registerAddress(services);
  registerSimulation(services);
  registerLookUp(services);
  registerOpenOrders(services);
  registerHovers(services);
  registerContracts(services);
  registerWalkthroughCommands(services);
  registerWalletHistory(services);
  // How long activate() took: in the log, and in the exports for `npm run bench`.
  const activationMs = performance.now() - started;
  log.debug(`Activated in ${activationMs.toFixed(1)} ms.`);
  return Object.freeze(context.extensionMode === vscode.ExtensionMode.Test ? { activationMs, testServices: services } : { activationMs });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
