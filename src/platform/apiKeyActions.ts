/**
 * What Set API Key, Clear API Key, Try Demo Data and Use My Provider ask and do, and `requireClients`,
 * the prompt every command that needs a provider goes through: loaded with the first of them (the
 * commands are registered in apiKeyCommands.ts). The connection holds the state; the questions to the
 * user are asked here.
 */
import * as vscode from 'vscode';
import { apiKeyProblem } from '../core/endpoints';
import { describeError } from '../core/errors';
import type { NetworkId } from '../core/networks';
import type { ProviderClients } from '../core/provider';
import { translateMessage } from '../core/translate';
import { Commands, NetworkSettings, settingId } from '../ids';
import { runCommand } from './commands';
import { networkLabel } from './networkWords';
import { confirm, notify } from './notify';
import type { Services } from './services';
import { vscodeTranslate } from './translate';

/**
 * Clients for a command that needs them; without a key, offers Set API Key or Try Demo Data and returns
 * what the user chose to set up (undefined if nothing). A base URL that cannot be used is reported with
 * its reason and a way to the setting.
 */
export async function requireClients(services: Services): Promise<ProviderClients | undefined> {
  const { connection } = services;
  try {
    const clients = await connection.clients();
    if (clients) return clients;
  } catch (e) {
    const open = vscode.l10n.t('Open Settings');
    const pick = await notify('error', describeError(e, vscodeTranslate), open);
    if (pick === open) await vscode.commands.executeCommand('workbench.action.openSettings', settingId(NetworkSettings[connection.network].baseUrl));
    return undefined;
  }
  const origin = connection.keyOrigin();
  const other = (await connection.otherKeyOrigins())[0];
  const setKey = vscode.l10n.t('Set API Key');
  const demo = vscode.l10n.t('Try Demo Data');
  const reuse = vscode.l10n.t('Use the Key of {0}…', other ?? '');
  const pick =
    other && origin
      ? await notify(
          'warning',
          vscode.l10n.t(
            'No API key is stored for {0}. The key you set for {1} is sent only there: set one for {0}, or say to use that one here too.',
            origin,
            other,
          ),
          setKey,
          reuse,
          demo,
        )
      : await notify(
          'warning',
          vscode.l10n.t('Hyperliquid Explorer needs your node provider’s API key. Set it, or explore with demo data first.'),
          setKey,
          demo,
        );
  if (pick === setKey) await setApiKey(services, undefined);
  if (pick === reuse && other) await reuseKey(services, other);
  if (pick === demo) await tryDemo(services);
  return connection.mode === 'none' ? undefined : connection.clients();
}

/**
 * After the provider's origin changed (Choose Provider): the key typed for another origin is not sent
 * there; asks for this origin's key, or offers the other one, naming both origins.
 */
export async function keyForNewOrigin(services: Services, previous: string | undefined): Promise<void> {
  const { connection } = services;
  const origin = connection.keyOrigin();
  if (!origin || connection.hasApiKey) return;
  const other = previous && previous !== origin && (await connection.otherKeyOrigins()).includes(previous) ? previous : undefined;
  if (!other) {
    await setApiKey(services, undefined);
    return;
  }
  const setKey = vscode.l10n.t('Set API Key');
  const reuse = vscode.l10n.t('Use the Key of {0}…', other);
  const pick = await notify(
    'info',
    vscode.l10n.t('No API key is stored for {0}. The key you set for {1} is sent only there: set one for {0}, or say to use that one here too.', origin, other),
    setKey,
    reuse,
  );
  if (pick === setKey) await setApiKey(services, undefined);
  if (pick === reuse) await reuseKey(services, other);
}

/** Stores the key of `from` for the provider's origin now, once the user confirms, naming both origins. */
async function reuseKey({ connection, log }: Services, from: string): Promise<boolean> {
  const origin = connection.keyOrigin();
  if (!origin) return false;
  const use = vscode.l10n.t('Use Key Here');
  const pick = await confirm(
    'warning',
    vscode.l10n.t('Send the API key you set for {0} to {1} too?', from, origin),
    vscode.l10n.t('Do this only if both addresses belong to the same provider account: every request to {0} will carry that key.', origin),
    use,
  );
  if (pick !== use) return false;
  if (!(await connection.reuseKey(from))) return false;
  log.info(`API key (${connection.network}) of ${from} now also kept for ${origin}, as the user confirmed.`);
  void notify('info', vscode.l10n.t('API key saved in VS Code’s secret storage for {0}.', origin));
  return true;
}

/** Asks for `network`'s key at `origin` in a password box; the trimmed key, or undefined when cancelled or empty. */
async function askForApiKey(network: NetworkId, origin: string): Promise<string | undefined> {
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('Hyperliquid: Set API Key ({0})', networkLabel(network)),
    prompt: vscode.l10n.t(
      'Your API key for {0} (the part of the endpoint URL after the host). It is kept in VS Code’s secret storage and sent only to {0}.',
      origin,
    ),
    placeHolder: vscode.l10n.t('Paste the key only, not the whole URL'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = value.length === 0 ? undefined : apiKeyProblem(value.trim());
      return problem && translateMessage(problem, vscodeTranslate);
    },
  });
  return key?.trim() || undefined;
}

/** Set API Key: from the argument or the password box; stores it and leaves demo mode. True when stored. */
export async function setApiKey({ connection, log }: Services, keyArg: unknown): Promise<boolean> {
  const fromArgument = typeof keyArg === 'string';
  const network = connection.network; // the key goes to the network shown when the command started…
  const origin = connection.keyOrigin(network); // …and to the origin of its provider then, and nowhere else
  if (!origin) {
    const open = vscode.l10n.t('Open Settings');
    const name = connection.preset(network).needsKey ? NetworkSettings[network].baseUrl : NetworkSettings[network].provider;
    const message = connection.preset(network).needsKey
      ? vscode.l10n.t('The provider’s base URL is not a URL: set it first, then its key.')
      : vscode.l10n.t('{0} needs no API key.', connection.preset(network).name);
    if ((await notify('error', message, open)) === open) await vscode.commands.executeCommand('workbench.action.openSettings', settingId(name));
    return false;
  }
  const key = fromArgument ? keyArg.trim() : await askForApiKey(network, origin);
  if (key === undefined) return false; // cancelled, or nothing typed: nothing changes
  const problem = apiKeyProblem(key);
  if (problem) {
    void notify('error', translateMessage(problem, vscodeTranslate));
    return false;
  }
  // A key passed as an argument came from another extension or a command link, not from the user:
  // it is stored only once the user says so (the key itself is not shown).
  if (fromArgument && !(await confirmKeyFromArgument(connection.hasApiKey))) return false;
  await connection.setApiKey(key, network, origin);
  const wasDemo = connection.isDemo;
  if (wasDemo) await connection.stopDemo();
  log.info(`API key (${network}) saved in secret storage for ${origin}.`);
  void notify(
    'info',
    wasDemo
      ? vscode.l10n.t('API key saved in VS Code’s secret storage for {0}. Demo data is off; using your provider.', origin)
      : vscode.l10n.t('API key saved in VS Code’s secret storage for {0}.', origin),
  );
  return true;
}

export async function clearApiKey({ connection, log }: Services): Promise<boolean> {
  // Any extension or command link can run this command: the user confirms before the key is gone.
  if (connection.hasApiKey && !(await confirmClearKey())) return false;
  await connection.clearApiKey();
  log.info('API key removed from secret storage.');
  void notify('info', vscode.l10n.t('API key removed from VS Code’s secret storage.'));
  return true;
}

/** A modal asking whether to store a key that a command passed (another extension, a command link). */
async function confirmKeyFromArgument(replacing: boolean): Promise<boolean> {
  const store = replacing ? vscode.l10n.t('Replace Key') : vscode.l10n.t('Store Key');
  const pick = await confirm(
    'warning',
    replacing
      ? vscode.l10n.t('Replace your Hyperliquid Explorer API key with a key passed by a command?')
      : vscode.l10n.t('Store an API key passed by a command for Hyperliquid Explorer?'),
    vscode.l10n.t(
      'Another extension or a link asked to set the key. Continue only if you started this yourself; otherwise your requests would go out with someone else’s key.',
    ),
    store,
  );
  return pick === store;
}

/** A modal asking whether to remove the stored key. */
async function confirmClearKey(): Promise<boolean> {
  const clear = vscode.l10n.t('Clear Key');
  const pick = await confirm(
    'warning',
    vscode.l10n.t('Remove your Hyperliquid Explorer API key from VS Code’s secret storage?'),
    vscode.l10n.t('Blocks, hovers and open orders stop loading until you set a key again.'),
    clear,
  );
  return pick === clear;
}

export async function tryDemo({ connection, log }: Services): Promise<void> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting the Hyperliquid demo node…') }, () =>
      connection.startDemo(),
    );
  } catch (e) {
    await connection.stopDemo(); // no status bar saying "Demo Data" for a node that is not there
    log.error(`The demo node did not start: ${describeError(e)}`);
    void notify('error', vscode.l10n.t('The demo node did not start: {0}', describeError(e, vscodeTranslate)));
    return;
  }
  const lookUp = vscode.l10n.t('Look Up Latest Block');
  // Not awaited: the command is done once demo data is on, whether or not the message is dismissed
  // (a lookup that offered Try Demo Data goes on at once).
  void notify(
    'info',
    vscode.l10n.t('Demo data is on: Hyperliquid Explorer now shows made-up blocks and orders from a built-in local node. Nothing is sent to your provider.'),
    lookUp,
  ).then((pick) => (pick === lookUp ? runCommand(Commands.lookUpBlock, 'latest') : undefined));
}

export async function useProvider(services: Services): Promise<void> {
  const { connection } = services;
  await connection.stopDemo();
  if (connection.hasApiKey) {
    void notify('info', vscode.l10n.t('Demo data is off; using your provider.'));
    return;
  }
  const setKey = vscode.l10n.t('Set API Key');
  const pick = await notify('info', vscode.l10n.t('Demo data is off. Set your provider’s API key to continue.'), setKey);
  if (pick === setKey) await setApiKey(services, undefined);
}
