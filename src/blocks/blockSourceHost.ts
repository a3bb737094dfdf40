/**
 * The one block source (and its cache) of the connection's clients, shared by the block page and the
 * hovers: a block hovered then opened, or opened then hovered, is asked for once. Glue: it holds the
 * per-connection value; the source itself is pure (`blockSource.ts`).
 */
import type { ProviderClients } from '../core/provider';
import type { Connection } from '../platform/connection';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { BlockSource } from './blockSource';

let sources: PerConnection<BlockSource> | undefined;

/** The block source of these clients (made on first use, dropped when the connection changes). */
export function blockSourceFor(connection: Connection, clients: ProviderClients): BlockSource {
  sources ??= new PerConnection(connection, (c) => new BlockSource(c.evm));
  return sources.for(clients);
}

/** Asks for the chain's head in the background: the first request loads axios and opens the connection. */
export function warmUp(services: Services, clients: ProviderClients): void {
  blockSourceFor(services.connection, clients)
    .latest()
    .catch(() => undefined); // a lookup that needs the head asks again and reports what went wrong
}

/** Drops every source (on deactivation). */
export function disposeBlockSources(): void {
  sources?.dispose();
  sources = undefined;
}
