/**
 * The connection's one feed of new blocks (`headsFeed.ts`), shared by the block pages that follow the
 * chain and the status bar item: its WebSocket address (the key inside: never logged), the proxy setting,
 * what the provider was seen to serve (the Provider view's "New blocks pushed"), and the head by request.
 */
import { redact } from '../core/redact';
import type { ProviderClients } from '../core/provider';
import type { Connection } from '../platform/connection';
import { PerConnection } from '../platform/perConnection';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { blockSourceFor } from './blockSourceHost';
import { HeadsFeed } from './headsFeed';

let feeds: PerConnection<HeadsFeed> | undefined;

/** The feed of these clients (made on first use, dropped with its connection). */
export function headsFeedFor(services: Services, clients: ProviderClients): HeadsFeed {
  const connection: Connection = services.connection;
  feeds ??= new PerConnection(connection, (c) => {
    const network = connection.network;
    return new HeadsFeed({
      socketUrl: () => c.evmSocketUrl?.(),
      proxy: () => settings.httpProxySet(),
      served: () => {
        const status = connection.abilities(network).get('newHeads');
        return status.state === 'unknown' ? undefined : status.state === 'served';
      },
      learn: (served) => connection.abilities(network).learn('newHeads', served, 'seen'),
      latest: () => blockSourceFor(connection, c).latest(),
      log: (text) => services.log.info(redact(text)),
    });
  });
  return feeds.for(clients);
}

/** Drops every feed (on deactivation). */
export function disposeHeadsFeeds(): void {
  feeds?.dispose();
  feeds = undefined;
}
