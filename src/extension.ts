import * as vscode from 'vscode';
import { registerBlocks } from './blocks';
import { registerBlockHover } from './hover';
import { registerOpenOrders } from './orders';
import { registerAccountCommands } from './platform/accountCommands';
import { Connection } from './platform/connection';
import { Log } from './platform/log';
import { registerWalkthroughCommands } from './platform/walkthrough';
import type { Services } from './platform/services';

/** Wires the features together. Activation does no network work: clients are made on first use. */
export function activate(context: vscode.ExtensionContext): Services & { readonly activationMs: number } {
  const started = performance.now();
  const log = new Log();
  const connection = new Connection(context, log);
  context.subscriptions.push(log, connection);
  const services: Services = { context, log, connection };
  registerAccountCommands(services);
  registerBlocks(services);
  registerOpenOrders(services);
  registerBlockHover(services);
  registerWalkthroughCommands(services);
  // How long activate() took: in the log, and in the exports for `npm run bench`.
  const activationMs = performance.now() - started;
  log.debug(`Activated in ${activationMs.toFixed(1)} ms.`);
  return { ...services, activationMs };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
