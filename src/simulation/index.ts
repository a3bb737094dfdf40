import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';
import { Commands } from '../ids';

/** Read & Simulate: its command; the page loads on first use. */
export function registerSimulation(services: Services): void {
  registerCommands(services.context, { [Commands.readAndSimulate]: async (arg) => (await import('./simulationCommands')).readAndSimulate(services, arg) });
}
