import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Exports } from '../../src/extension';
import type { Services } from '../../src/platform/services';

export const EXTENSION_ID = 'hyperliquid-explorer.hyperliquid-explorer';

/** The extension, activated, with its key read from SecretStorage: what every feature suite starts from. */
export async function activatedServices(): Promise<Services> {
  const ext = vscode.extensions.getExtension<Exports>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  const services = (await ext.activate()).testServices;
  assert.ok(services, 'the extension exports its services to the integration tests (ExtensionMode.Test) only');
  await services.connection.whenReady();
  return services;
}

/** The activated extension with no connection: demo data off and no key (a suite's starting point). */
export async function disconnectedServices(): Promise<Services> {
  const services = await activatedServices();
  await services.connection.stopDemo();
  if (services.connection.hasApiKey) await services.connection.clearApiKey();
  return services;
}
