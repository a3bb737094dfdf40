import * as vscode from 'vscode';
import { HyperCoreMetaSource } from './hyperCoreMeta';
import { hasHyperCore, hyperCoreParts, metaNeeds } from './hyperCoreParts';
import type { ProviderClients } from '../core/provider';
import type { TransactionBundle } from '../core/transactionLoad';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { HyperCoreView } from './protocol';
import { hyperCoreView } from './hyperCoreViewModel';

/** The metadata per connection (dropped when the key, the provider or demo mode changes). */
let sources: PerConnection<HyperCoreMetaSource> | undefined;

/**
 * The transaction page's HyperCore section for `bundle`, or null (the setting is off, or the transaction
 * has nothing of HyperCore). Only a transaction with HyperCore parts asks `/info`, and only for the
 * metadata those parts need (`spotMeta`, the first dex's `meta`), cached per connection. A failed
 * request costs names, not the section.
 */
export async function hyperCoreSection(
  services: Services,
  clients: ProviderClients,
  bundle: TransactionBundle,
  signal: AbortSignal,
): Promise<HyperCoreView | null> {
  if (!settings.transactionsDecodeHyperCore()) return null;
  const parts = hyperCoreParts(bundle);
  if (!hasHyperCore(parts)) return null;
  if (!sources) {
    sources = new PerConnection(services.connection, (c) => new HyperCoreMetaSource(c.info));
    services.context.subscriptions.push(sources);
  }
  const { directory, problems } = await sources.for(clients).directory(metaNeeds(parts), signal);
  for (const p of problems) services.log.warn(`HyperCore names for transaction ${bundle.tx.hash}: ${p.message}`);
  return hyperCoreView(bundle.tx, parts, directory, problems[0]?.message ?? null, vscode.l10n.t);
}
