/**
 * What the provider serves, as rows (the network status item's tooltip, Show What the Provider Serves),
 * and the name it goes by.
 */
import * as vscode from 'vscode';
import { abilityRows, type AbilityRow } from './providerAbilities';
import { explorerHost } from '../platform/networkWords';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { vscodeTranslate } from '../platform/translate';

export function providerName({ connection }: Services): string {
  if (connection.isDemo) return vscode.l10n.t('the demo node');
  return connection.preset().id === 'custom' ? vscode.l10n.t('your provider') : connection.preset().name;
}

export function rowsOf(services: Services): AbilityRow[] {
  const { connection } = services;
  const network = connection.network;
  const isPublic = !connection.isDemo && connection.preset().id === 'public';
  return abilityRows(
    connection.abilities(network),
    {
      provider: providerName(services),
      publicAllowed: { market: settings.publicPermission('market', network) === 'allow', wallet: settings.publicPermission('wallet', network) === 'allow' },
      publicHost: connection.isDemo || isPublic ? undefined : explorerHost(settings.of(network).publicInfoUrl()),
    },
    vscodeTranslate,
  );
}
