/**
 * The Open Orders store without VS Code, as the unit tests, the hostile suites and the benchmarks set it up:
 * over one source (or the current one, for a test that reconnects), the wallets it is handed, untranslated
 * text, and a log and weight ledger of the caller's choice; and what the store's tree shows of a wallet.
 */
import * as assert from 'node:assert/strict';
import { ProviderAbilities } from '../../src/core/abilities';
import { ProviderEndpoints } from '../../src/core/endpoints';
import { connectProvider, createProviderClients, type ProviderClientOptions, type ProviderClients } from '../../src/core/provider';
import type { DemoNode } from '../../src/demo/demoNode';
import { OpenOrdersSource } from '../../src/orders/openOrdersSource';
import { OrdersStore, type OrdersStoreDeps, type WalletListing } from '../../src/orders/ordersStore';
import type { OpenOrdersTree, OrdersNode } from '../../src/orders/ordersTree';
import type { WeightLedger } from '../../src/core/weightLedger';
import { untranslated } from '../../src/view/format';

/** A wallet as the settings list it (not the demo's). */
export const listing = (address: string, label?: string, dexes?: string[]): WalletListing => ({ wallet: { address, label, dexes }, demo: false });

/** A log that keeps nothing. */
export const quietLog: OrdersStoreDeps['log'] = { warn: () => undefined, debug: () => undefined };

export interface OrdersStoreOptions {
  /** The wallets to list, read afresh at each sync. */
  wallets: () => readonly WalletListing[];
  log?: OrdersStoreDeps['log'];
  ledger?: WeightLedger;
}

/** A store over `source`: the one source, or a function that gives the current one (a test that reconnects replaces it). */
export function ordersStoreOver(source: OpenOrdersSource | (() => OpenOrdersSource | undefined), options: OrdersStoreOptions): OrdersStore {
  const current = typeof source === 'function' ? source : () => source;
  return new OrdersStore({
    sources: {
      get: async () => current(),
      get existing() {
        return current();
      },
    },
    wallets: options.wallets,
    log: options.log ?? quietLog,
    t: untranslated,
    ledger: options.ledger,
  });
}

/**
 * A connection's clients as the extension makes them: the provider's transport under the route, which keeps
 * the one record of what the provider refuses (`ProviderAbilities`, new here: nothing known yet).
 */
export function connectedClients(baseUrl: string, apiKey: string, options: ProviderClientOptions): ProviderClients {
  return connectProvider({ endpoints: new ProviderEndpoints(baseUrl, apiKey), abilities: new ProviderAbilities() }, options);
}

/** What a source over `clients` is told of refusals, as `ordersStoreHost.ts` tells it. */
export const refusesOf = (clients: ProviderClients) => (type: string) => clients.refuses?.(type) ?? false;

/** A source over the demo node that tells of each info request sent, by type (no retries: each is one at the wire). */
export function recordingSource(node: DemoNode, sent: (type: string) => void): OpenOrdersSource {
  const onRequest = (e: { endpoint: string; label: string }) => void (e.endpoint === 'info' && sent(e.label));
  return new OpenOrdersSource(createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 5000, maxRetries: 0, onRequest }).info);
}

/** Every string the tree hands to VS Code for a wallet: items, descriptions, tooltips (Markdown apart), accessibility labels, commands. */
export function treeTexts(tree: OpenOrdersTree, address: string): { texts: string[]; markdown: string[] } {
  const texts: string[] = [];
  const markdown: string[] = [];
  const visit = (n: OrdersNode) => {
    const item = tree.resolveTreeItem(tree.getTreeItem(n), n);
    texts.push(String(item.label ?? ''), String(item.description ?? ''), item.accessibilityInformation?.label ?? '', item.id ?? '');
    if (typeof item.tooltip === 'string') texts.push(item.tooltip);
    else if (item.tooltip) markdown.push(item.tooltip.value);
    if (item.command) texts.push(JSON.stringify(item.command));
    for (const c of tree.getChildren(n)) visit(c);
  };
  const walletNode = tree.walletNode(address);
  assert.ok(walletNode, 'the wallet is in the tree');
  visit(walletNode);
  return { texts, markdown };
}

/**
 * Searches everything the extension showed or wrote for the key: the wallet's tree and tooltips, and what
 * else it wrote (`written`: the log, the notifications…, by name).
 */
export function checkNoLeak(
  leaks: { checkAll(where: string, texts: Iterable<string>): void },
  where: string,
  tree: OpenOrdersTree,
  address: string,
  written: Record<string, readonly string[]>,
): void {
  const { texts, markdown } = treeTexts(tree, address);
  leaks.checkAll(`${where}: tree`, texts);
  leaks.checkAll(`${where}: tooltips`, markdown);
  for (const [name, lines] of Object.entries(written)) leaks.checkAll(`${where}: ${name}`, lines);
}
