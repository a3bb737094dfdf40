import { Commands } from '../ids';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';

/** Hyperliquid: Look Up…: one search box for blocks, transaction hashes and addresses (loaded on first use). */
export function registerLookUp(services: Services): void {
  registerCommands(services.context, { [Commands.lookUp]: async (arg) => (await import('./lookUpCommand')).lookUp(services, arg) });
}
