import * as vscode from 'vscode';
import { HyperCoreMetaSource } from './hyperCoreMeta';
import { hasHyperCore, hyperCoreParts, metaNeeds } from './hyperCoreParts';
import type { ProviderClients } from '../core/provider';
import type { TransactionBundle } from '../core/transactionLoad';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import type { HyperCoreView } from './protocol';
import { hyperCoreCallWords, hyperCoreView, type HyperCoreCallWords } from './hyperCoreViewModel';
import { decodePrecompileCall } from './readPrecompiles';

function metaSources(services: Services): PerConnection<HyperCoreMetaSource> {
  if (!sources) {
    sources = new PerConnection(services.connection, (c) => new HyperCoreMetaSource(c.info, { spotMeta: c.spotMeta }));
    services.context.subscriptions.push(sources);
  }
  return sources;
}

/** A run's HyperCore parts in words: the precompile calls (`to`, input, output) and CoreWriter action data. */
export type HyperCoreNamer = (
  reads: ReadonlyArray<{ to: string; input: string; output: string | undefined }>,
  actionDatas: readonly string[],
) => HyperCoreCallWords & { namesProblem: string | null };

/**
 * The names a read or simulation of Read & Simulate needs (`spotMeta`, the first dex's `meta`: no user
 * data is sent), asked once per connection and kept; the caller asks them beside its own request, so that
 * they cost no round trip of their own. A failed request costs names (numbers stay as sent), said once.
 */
export async function hyperCoreNamer(
  services: Services,
  clients: ProviderClients,
  needs: { spot: boolean; perps: boolean },
  signal: AbortSignal,
): Promise<HyperCoreNamer> {
  const { directory, problems } = await metaSources(services).for(clients).directory(needs, signal);
  for (const p of problems) services.log.warn(`HyperCore names for Read & Simulate: ${p.message}`);
  const namesProblem = problems[0]?.message ?? null;
  return (reads, actionDatas) => {
    const calls = reads.flatMap((r) => {
      const c = decodePrecompileCall(r.to, r.input, r.output);
      return c ? [c] : [];
    });
    return { ...hyperCoreCallWords(calls, actionDatas, directory, vscode.l10n.t), namesProblem };
  };
}

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
  const { directory, problems } = await metaSources(services).for(clients).directory(metaNeeds(parts), signal);
  for (const p of problems) services.log.warn(`HyperCore names for transaction ${bundle.tx.hash}: ${p.message}`);
  return hyperCoreView(bundle.tx, parts, directory, problems[0]?.message ?? null, vscode.l10n.t);
}
