// The address page's node source over real HTTP against the demo node: Otterscan's search paged newest
// first without a transaction twice; a node without the search refuses with -32601, which the connection
// remembers (the page then turns to the explorer) and answers itself from then on.
import { strict as assert } from 'node:assert';
import { useDemoNodes } from '../support/demoNodes';
import { ProviderAbilities } from '../../src/core/abilities';
import { ProviderEndpoints } from '../../src/core/endpoints';
import { ExplorerApiEndpoints } from '../../src/core/explorerEndpoints';
import { ProviderError } from '../../src/core/errors';
import { compareNewestFirst } from '../../src/core/history';
import type { Address } from '../../src/core/model';
import { connectProvider } from '../../src/core/provider';
import { DEMO_TOKEN_CONTRACT } from '../../src/demo/chain';
import { AddressHistory, explorerSource, nodeSource } from '../../src/address/addressHistory';
import { ExplorerHistoryClient } from '../../src/core/explorerHistory';
import { RatePacer } from '../../src/core/limiter';
import { Transport } from '../../src/core/transport';

const OPTIONS = { timeoutMs: 10_000, maxRetries: 0 };

describe('address history from the node (demo node over HTTP)', () => {
  const start = useDemoNodes();

  it('pages a busy contract newest first, every transaction once, each page joining the last', async () => {
    const node = await start({});
    const clients = connectProvider({ endpoints: new ProviderEndpoints(node.baseUrl, node.apiKey), chainId: 999 }, OPTIONS);
    const history = new AddressHistory(nodeSource(clients.evm, DEMO_TOKEN_CONTRACT as Address));
    for (let i = 0; i < 4; i++) await history.older();
    const loaded = history.transactions;
    assert.ok(loaded.length >= 100, `${loaded.length} loaded`);
    assert.equal(new Set(loaded.map((t) => t.hash)).size, loaded.length);
    for (let i = 1; i < loaded.length; i++) assert.ok(compareNewestFirst(loaded[i - 1]!, loaded[i]!) <= 0, `in order at ${i}`);
    assert.ok(loaded.every((t) => t.from === DEMO_TOKEN_CONTRACT || t.to === DEMO_TOKEN_CONTRACT || t.created === DEMO_TOKEN_CONTRACT));
    assert.ok(loaded.every((t) => t.timestamp !== null && t.fee !== null && t.status !== null));
  });

  it('a node without the search: -32601 on the first page, remembered, then answered without asking', async () => {
    const node = await start({ provider: 'chainstack', unsupportedMethods: ['ots_searchTransactionsBefore'] });
    const abilities = new ProviderAbilities();
    const clients = connectProvider({ endpoints: new ProviderEndpoints(node.baseUrl, node.apiKey), chainId: 999, abilities }, OPTIONS);
    const notServed = (e: unknown) => e instanceof ProviderError && e.kind === 'rpc' && e.rpcCode === -32601;
    await assert.rejects(new AddressHistory(nodeSource(clients.evm, DEMO_TOKEN_CONTRACT as Address)).older(), notServed);
    assert.deepEqual(abilities.get('search'), { state: 'notServed', source: 'seen' });
    await assert.rejects(clients.evm.searchTransactions('before', DEMO_TOKEN_CONTRACT as Address, 0, 25), notServed);
  });
});

describe('address history from the demo node’s Blockscout-shaped stand-in (over HTTP)', () => {
  const start = useDemoNodes();

  it('lists the same transactions as the node’s own search, newest first, every one once', async () => {
    const node = await start({});
    const clients = connectProvider({ endpoints: new ProviderEndpoints(node.baseUrl, node.apiKey), chainId: 999 }, OPTIONS);
    const endpoints = new ExplorerApiEndpoints('blockscout', `${node.baseUrl}/blockscout/api`, 999);
    const client = new ExplorerHistoryClient(endpoints, new Transport(endpoints, OPTIONS), new RatePacer(1000));
    const fromExplorer = new AddressHistory(explorerSource(client, 'blockscout', DEMO_TOKEN_CONTRACT as Address));
    const fromNode = new AddressHistory(nodeSource(clients.evm, DEMO_TOKEN_CONTRACT as Address, 100));
    for (let i = 0; i < 4; i++) await fromExplorer.older();
    await fromNode.older();
    const explorerHashes = fromExplorer.transactions.map((t) => t.hash);
    assert.ok(explorerHashes.length >= 70, `${explorerHashes.length} loaded`);
    assert.deepEqual(
      explorerHashes,
      fromNode.transactions.slice(0, explorerHashes.length).map((t) => t.hash),
    );
    assert.deepEqual(
      fromExplorer.transactions.map((t) => [t.fee, t.status, t.value]),
      fromNode.transactions.slice(0, explorerHashes.length).map((t) => [t.fee, t.status, t.value]),
    );
  });
});
