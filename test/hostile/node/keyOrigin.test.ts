/**
 * The key stays with the provider it was typed for (issue 32), the way it failed before: the key set
 * for one local server, then the base URL changed (by the setting, by Choose Provider, by a command's
 * argument) to a second local server that logs every request it gets. Nothing keyed may reach the
 * second one until the user sets its own key or says, naming both origins, to reuse the first.
 * Consent to Hyperliquid's public API is asked and kept per network, naming each network's host.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { keyOrigin, keyStorageId } from '../../../src/core/keyOrigin';
import { startDemoNode, type DemoNode } from '../../../src/demo/demoNode';
import { SECTION, StorageKeys } from '../../../src/ids';
import { registerApiKeyCommands } from '../../../src/platform/apiKeyCommands';
import { Connection } from '../../../src/platform/connection';
import { requireClients } from '../../../src/platform/apiKeyActions';
import { Log } from '../../../src/platform/log';
import { chooseProvider } from '../../../src/network/providerPicker';
import { askPublicApi } from '../../../src/network/publicApiHost';
import { settings } from '../../../src/platform/settings';
import type { Services } from '../../../src/platform/services';
import { startLoggingServer, type LoggingServer } from '../../support/loggingServer';
import { figures } from '../support/figures';
import * as host from '../support/vscodeStub';

describe('hostile: the key stays with the provider it was typed for (issue 32)', function () {
  this.timeout(20_000);
  let first: DemoNode;
  let second: LoggingServer;
  let services: Services;
  let context: ReturnType<typeof host.extensionContext>;

  const keyed = () => second.urls.filter((u) => u.includes(first.apiKey));

  before(async () => {
    host.resetHost();
    first = await startDemoNode();
    second = await startLoggingServer();
    await host.setConfiguration(`${SECTION}.provider`, 'custom');
    await host.setConfiguration(`${SECTION}.baseUrl`, first.baseUrl);
    context = host.extensionContext();
    const log = new Log();
    const connection = new Connection(context as unknown as vscode.ExtensionContext, log);
    services = { context: context as unknown as vscode.ExtensionContext, log, connection };
    registerApiKeyCommands(services);
    host.scripted.inputBoxAnswers.push(first.apiKey);
    assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.setApiKey'), true);
  });

  after(async () => {
    for (const d of services?.context.subscriptions ?? []) d.dispose();
    services?.connection.dispose();
    host.resetHost();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('the key is stored for the origin it was typed for, and used there', async () => {
    assert.equal(await context.secrets.get(keyStorageId('mainnet', keyOrigin(first.baseUrl)!)), first.apiKey);
    const clients = await services.connection.clients();
    assert.ok(clients, 'clients with the key');
    assert.ok((await clients.evm.getBlockNumber()) > 0);
    assert.ok(first.requests > 0, 'the first provider was asked');
  });

  it('a base URL edited to another origin finds no key: the next action sends nothing there and names both origins', async () => {
    await host.setConfiguration(`${SECTION}.baseUrl`, second.baseUrl);
    await services.connection.whenKeyRead();
    assert.equal(await services.connection.clients(), undefined, 'no clients without this origin’s key');
    assert.equal(services.connection.hasApiKey, false);
    host.recorded.notifications.length = 0;
    host.scripted.messageAnswers.push(undefined); // the user dismisses the question
    assert.equal(await requireClients(services), undefined);
    const asked = host.recorded.notifications.map((n) => n.message).join('\n');
    assert.ok(asked.includes(keyOrigin(second.baseUrl)!) && asked.includes(keyOrigin(first.baseUrl)!), `the question names both origins: ${asked}`);
    assert.deepEqual(second.urls, [], 'the second server got no request at all');
    figures.staleChecks += 1;
  });

  it('Choose Provider → Custom with the second server asks for its key; Escape leaves it keyless and the second server unasked', async () => {
    await host.setConfiguration(`${SECTION}.baseUrl`, first.baseUrl);
    host.scripted.quickPickAnswers.push((items) => items.find((i: { id: string }) => i.id === 'custom'));
    host.scripted.inputBoxAnswers.push(second.baseUrl); // the base URL box
    host.scripted.messageAnswers.push(undefined); // "set one for …, or use the key of …?": dismissed
    await chooseProvider(services, undefined);
    assert.equal(settings.of('mainnet').baseUrl(), second.baseUrl);
    assert.equal(await services.connection.clients(), undefined);
    assert.deepEqual(keyed(), [], 'nothing keyed reached the second server');
  });

  it('reusing the first key there happens only once the user confirms, naming both origins', async () => {
    host.recorded.notifications.length = 0;
    host.scripted.messageAnswers.push(`Use the Key of ${keyOrigin(first.baseUrl)}…`, undefined); // picks reuse, then dismisses the modal
    await requireClients(services);
    const modal = host.recorded.notifications.at(-1)?.message ?? '';
    assert.match(modal, new RegExp(`${keyOrigin(first.baseUrl)!.replace(/[.:/]/g, '\\$&')}.*${keyOrigin(second.baseUrl)!.replace(/[.:/]/g, '\\$&')}`));
    assert.equal(await services.connection.clients(), undefined, 'dismissed: still no key there');
    assert.deepEqual(second.urls, []);
  });

  it('Choose Provider run with an argument changes nothing unless the user confirms the modal that names what changes', async () => {
    const before = settings.of('mainnet').baseUrl();
    host.recorded.notifications.length = 0;
    host.scripted.messageAnswers.push(undefined); // the modal dismissed
    await chooseProvider(services, 'public');
    assert.equal(settings.of('mainnet').baseUrl(), before, 'the base URL stays');
    assert.equal(settings.of('mainnet').provider(), 'custom', 'the provider stays');
    const modal = host.recorded.notifications.at(-1)?.message ?? '';
    assert.match(modal, /Change the Mainnet provider to Hyperliquid public endpoints\?/);
    await chooseProvider(services, 'not-a-provider'); // an argument that names nothing: no change, no question
    assert.equal(settings.of('mainnet').baseUrl(), before);
  });

  it('consent to the public API is per network, each question naming its own host', async () => {
    host.recorded.notifications.length = 0;
    host.scripted.messageAnswers.push('Allow');
    assert.equal(await askPublicApi({ kind: 'wallet', type: 'orderStatus', provider: 'Chainstack', network: 'mainnet' }), true);
    assert.match(host.recorded.notifications.at(-1)!.message, /api\.hyperliquid\.xyz/);
    assert.equal(settings.publicPermission('wallet', 'mainnet'), 'allow');
    assert.equal(settings.publicPermission('wallet', 'testnet'), 'ask', 'mainnet’s answer does not cover testnet');
    host.scripted.messageAnswers.push(undefined);
    await askPublicApi({ kind: 'wallet', type: 'orderStatus', provider: 'Chainstack', network: 'testnet' });
    assert.match(host.recorded.notifications.at(-1)!.message, /api\.hyperliquid-testnet\.xyz/);
    assert.equal(settings.publicPermission('wallet', 'testnet'), 'ask');
  });

  it('a key stored before keys had an origin moves to the base URL set now, and the old entry goes', async () => {
    const ctx = host.extensionContext();
    await ctx.secrets.store(StorageKeys.apiKey, 'legacy-key');
    await host.setConfiguration(`${SECTION}.baseUrl`, first.baseUrl);
    const connection = new Connection(ctx as unknown as vscode.ExtensionContext, new Log());
    try {
      await connection.whenReady();
      assert.equal(connection.hasApiKey, true);
      assert.equal(await ctx.secrets.get(keyStorageId('mainnet', keyOrigin(first.baseUrl)!)), 'legacy-key');
      assert.equal(await ctx.secrets.get(StorageKeys.apiKey), undefined);
      await host.setConfiguration(`${SECTION}.baseUrl`, second.baseUrl);
      await connection.whenKeyRead();
      assert.equal(connection.hasApiKey, false, 'not at another origin');
    } finally {
      connection.dispose();
    }
  });
});
