import { Commands } from '../ids';
import { registerCommands } from '../platform/commands';
import type { Services } from '../platform/services';

/**
 * The workspace's contracts: only the command that opens one of their files (the hovers' and pages'
 * links) is registered at activation; the index is made by the first page, hover or Look Up that needs it.
 */
export function registerContracts(services: Services): void {
  registerCommands(services.context, {
    [Commands.openContractFile]: async (uri) => (await import('./contractsHost')).workspaceContracts(services).open(uri),
  });
}
