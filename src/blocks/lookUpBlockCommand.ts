import * as vscode from 'vscode';
import { givenOrAsked } from '../platform/givenOrAsked';
import { vscodeTranslate } from '../platform/translate';
import type { Services } from '../platform/services';
import { blockQueryFromArgument } from './blockQuery';
import { askForBlock } from './blockPicker';
import { BlockPanel, type LookupResult } from './blockPanel';
import { warmUp } from './blockSourceHost';

/**
 * Takes the block from the argument (a number, a decimal or hex string, `latest`) or asks for it, and
 * shows it. Resolves to what the panel ended up showing, or undefined when nothing was looked up.
 */
export async function lookUpBlock(services: Services, arg: unknown): Promise<LookupResult | undefined> {
  const asked = await givenOrAsked(
    services,
    blockQueryFromArgument(arg, vscodeTranslate),
    (error) => vscode.l10n.t('Cannot look up that block: {0}', error),
    () => askForBlock(services.context),
    (clients) => warmUp(services, clients),
  );
  return asked && BlockPanel.createOrShow(services, asked.query);
}
