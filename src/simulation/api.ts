/**
 * What Read & Simulate offers other features (the address page, hovers): its page for a contract's
 * address, loaded on first use, and the link that opens it.
 */
import { Commands, commandUri } from '../ids';
import type { SimulationResult, SimulationTarget } from './simulationPanel';

/** Opens Read & Simulate for `address` (an artifact's URI in `abiUri` decodes with that ABI). */
export async function openSimulation(...args: ShowArgs): Promise<SimulationResult> {
  return (await import('./simulationCommands')).showSimulation(...args);
}

type ShowArgs = Parameters<(typeof import('./simulationCommands'))['showSimulation']>;

/** The `command:` link that opens Read & Simulate for `address` (a hover's, a page's). */
export function simulationLink(address: string): string {
  return commandUri(Commands.readAndSimulate, address.toLowerCase());
}

export type { SimulationResult, SimulationTarget };
