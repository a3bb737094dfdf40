import type * as vscode from 'vscode';
import type { Connection } from './connection';
import type { Log } from './log';

/** What every feature is handed at activation. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  readonly connection: Connection;
}
