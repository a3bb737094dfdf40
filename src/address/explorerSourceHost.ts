/**
 * The explorer an address's history falls back to when the node has no Otterscan search: the one the
 * settings name, once the user allowed the address to go there (asked once, naming the host; the answer
 * kept in the setting, as the public API's questions are). Paced to the explorer's rate, one pacer per
 * host for the whole window.
 */
import * as vscode from 'vscode';
import { ETHERSCAN_V2_API, ExplorerApiEndpoints } from '../core/explorerEndpoints';
import { describeError } from '../core/errors';
import { ExplorerHistoryClient } from '../core/explorerHistory';
import { RatePacer } from '../core/limiter';
import type { Address } from '../core/model';
import { NETWORKS, type NetworkId } from '../core/networks';
import { Transport } from '../core/transport';
import { StorageKeys } from '../ids';
import { askPermission } from '../platform/askPermission';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { vscodeTranslate } from '../platform/translate';
import { explorerSource, type ExplorerCursor, type HistorySource } from './addressHistory';

/** Requests a second each explorer takes (docs/FACTS.md#history). */
const RATE = { blockscout: 5, etherscan: 3 } as const;
const pacers = new Map<string, RatePacer>();

/** The explorer source, or why there is none (`note`), or the host the user may still allow (`allowHost`). */
export type ExplorerChoice = { source: HistorySource<ExplorerCursor>; client: ExplorerHistoryClient } | { note: string; allowHost?: string };

export async function explorerSourceFor(services: Services, network: NetworkId, address: Address, ask: boolean): Promise<ExplorerChoice> {
  const t = vscode.l10n.t;
  const kind = settings.historyExplorer();
  if (kind === 'off') return { note: t('This node does not serve ots_searchTransactionsBefore, and the history explorer is off in the settings.') };
  if (network !== 'mainnet') return { note: t('This node does not serve ots_searchTransactionsBefore, and no explorer API is known for {0}.', network) };
  let endpoints: ExplorerApiEndpoints;
  try {
    const key = kind === 'etherscan' ? (await services.context.secrets.get(StorageKeys.etherscanApiKey)) || undefined : undefined;
    if (kind === 'etherscan' && !key)
      return { note: t('Etherscan is the history explorer, but no Etherscan API key is stored: run “Hyperliquid: Set Etherscan API Key”.') };
    endpoints = new ExplorerApiEndpoints(kind, kind === 'etherscan' ? ETHERSCAN_V2_API : settings.historyBlockscoutUrl(), NETWORKS[network].chainId, key);
  } catch (e) {
    return { note: describeError(e, vscodeTranslate) };
  }
  const host = endpoints.host;
  const permission = settings.historyExplorerPermission();
  if (permission === 'never') return { note: t('This node does not serve ots_searchTransactionsBefore, and sending addresses to {0} is set to never.', host) };
  if (permission === 'ask') {
    if (!ask || !(await askExplorer(host)))
      return { note: t('This node does not serve ots_searchTransactionsBefore. {0} can list the transactions once you allow it.', host), allowHost: host };
  }
  const transport = new Transport(endpoints, {
    timeoutMs: settings.requestTimeoutMs(),
    maxRetries: 1,
    onRequest: (e) => services.log.debug(`${e.label} (${host}): ${e.status ?? e.error?.kind ?? ''} in ${Math.round(e.ms)} ms`),
  });
  let pacer = pacers.get(host);
  if (!pacer) pacers.set(host, (pacer = new RatePacer(RATE[kind])));
  const client = new ExplorerHistoryClient(endpoints, transport, pacer);
  return { source: explorerSource(client, kind, address), client };
}

/** The question before an address goes to the explorer: what, to where, and that it is kept. */
async function askExplorer(host: string): Promise<boolean> {
  return askPermission(
    vscode.l10n.t(
      'Your node does not serve an address’s transactions (ots_searchTransactionsBefore). Ask {0} instead? Its requests hold the address you open (never your key), and come from your IP address: {0} learns that this IP looks at that address.',
      host,
    ),
    (answer) => settings.setHistoryExplorerPermission(answer),
  );
}
