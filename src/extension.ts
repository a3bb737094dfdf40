import * as vscode from 'vscode';
import { registerBlocks } from './blocks';
import { registerBlockHover } from './hover';
import { registerOpenOrders } from './orders';
import { registerAccountCommands } from './platform/accountCommands';
import { Connection } from './platform/connection';
import { Log } from './platform/log';
import type { Services } from './platform/services';

/** Wires the features together. Activation does no network work: clients are made on first use. */
export function activate(context: vscode.ExtensionContext): Services {
  const log = new Log();
  const connection = new Connection(context, log);
  context.subscriptions.push(log, connection);
  const services: Services = { context, log, connection };
  registerAccountCommands(services);
  registerBlocks(services);
  registerOpenOrders(services);
  registerBlockHover(services);
  return services;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
