import * as vscode from 'vscode';
import { redact } from '../core/redact';
import type { RequestEvent } from '../core/transport';

/** The extension's log: a LogOutputChannel named "Hyperliquid Explorer". Every line goes through `redact`. */
export class Log implements vscode.Disposable {
  readonly channel: vscode.LogOutputChannel;

  constructor() {
    this.channel = vscode.window.createOutputChannel('Hyperliquid Explorer', { log: true });
  }

  info(message: string): void {
    this.channel.info(redact(message));
  }

  warn(message: string): void {
    this.channel.warn(redact(message));
  }

  error(message: string): void {
    this.channel.error(redact(message));
  }

  debug(message: string): void {
    this.channel.debug(redact(message));
  }

  /** One line per provider request: endpoint, method, status, time. The URL is never known here. */
  request(event: RequestEvent): void {
    const status = event.status !== undefined ? ` HTTP ${event.status}` : '';
    const retry = event.attempt > 0 ? ` (retry ${event.attempt})` : '';
    const line = `${event.endpoint} ${event.label}${status} ${event.ms.toFixed(0)} ms${retry}`;
    if (event.error && event.error.kind !== 'cancelled') this.warn(`${line}: ${event.error.message}`);
    else this.debug(line);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
