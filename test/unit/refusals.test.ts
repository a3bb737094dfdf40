// What a provider refuses is kept in one place (ProviderAbilities, read through the connection's route):
// only its explicit word (HTTP 422, JSON-RPC -32601, a 400 naming the type unknown) switches a request
// type off; a timeout, a 5xx, a 429 or a lost connection never does. Real local HTTP server.
import * as assert from 'node:assert/strict';
import { isRefusal, ProviderAbilities } from '../../src/core/abilities';
import { ProviderError } from '../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { ProviderRoute } from '../../src/core/providerRoute';
import { Transport } from '../../src/core/transport';
import { ProviderEndpoints } from '../../src/core/endpoints';
import { json, ScriptedServer, text } from '../support/scriptedServer';

const user = '0x' + 'a'.repeat(40);
const infoAsked = (server: ScriptedServer) => server.received.filter((r) => r.url.endsWith('/info')).length;

describe('refusals: one place, and only an explicit refusal', () => {
  const server = new ScriptedServer();
  let baseUrl: string;
  let clients: ProviderClients;

  before(async () => {
    baseUrl = await server.start();
  });
  beforeEach(() => {
    clients = createProviderClients(baseUrl, 'k', { timeoutMs: 300, maxRetries: 0 });
  });
  after(() => server.stop());

  it('is a refusal: 422, JSON-RPC -32601, a 400 naming the type unknown; is not: 5xx, 501, 429, timeout, network, other RPC errors', () => {
    assert.ok(isRefusal(new ProviderError('refused', 'HTTP 422', { status: 422 })));
    assert.ok(isRefusal(new ProviderError('rpc', 'Method not found', { rpcCode: -32601 })));
    assert.ok(isRefusal(new ProviderError('httpStatus', 'HTTP 400: unknown type', { status: 400 })));
    for (const e of [
      new ProviderError('server', 'HTTP 502', { status: 502 }),
      new ProviderError('server', 'HTTP 501: not supported', { status: 501 }),
      new ProviderError('rateLimited', 'HTTP 429', { status: 429 }),
      new ProviderError('timeout', 'timed out'),
      new ProviderError('network', 'reset'),
      new ProviderError('rpc', 'execution reverted', { rpcCode: 3 }),
      new Error('unknown'),
    ])
      assert.ok(!isRefusal(e), e.message);
  });

  for (const [what, answer] of [
    ['a 5xx', (_req: unknown, res: Parameters<ScriptedServer['handler']>[1]) => json(res, 503, null)],
    ['a timeout', () => undefined], // never answered: the client gives up after 300 ms
  ] as const) {
    it(`${what} does not switch a request type off: it is asked again, and served when it answers`, async () => {
      server.handler = answer;
      await assert.rejects(clients.info.allMids(''), (e: unknown) => !isRefusal(e));
      assert.equal(clients.info.refuses('allMids'), false, 'not refused after a transient failure');
      server.handler = (_req, res) => json(res, 200, { BTC: '100000.0' });
      const before = infoAsked(server);
      assert.deepEqual([...(await clients.info.allMids('')).entries()], [['BTC', '100000.0']]);
      assert.equal(infoAsked(server) - before, 1, 'asked again');
    });
  }

  it('a 422 refuses the type for the connection: not asked again, refused at once', async () => {
    server.handler = (_req, res) => text(res, 422, 'Failed to deserialize the JSON body');
    await assert.rejects(clients.info.clearinghouseState(user, ''), isRefusal);
    assert.equal(clients.info.refuses('clearinghouseState'), true);
    const before = infoAsked(server);
    await assert.rejects(clients.info.clearinghouseState(user, ''), isRefusal);
    assert.equal(infoAsked(server), before, 'answered without a request');
  });

  it('is kept in the connection’s ProviderAbilities (seen by every part), and not refused while the public API may take it', async () => {
    server.handler = (_req, res) => text(res, 422, 'Failed to deserialize the JSON body');
    const abilities = new ProviderAbilities();
    let allowed = false;
    const transport = new Transport(new ProviderEndpoints(baseUrl, 'k'), { timeoutMs: 300, maxRetries: 0 });
    const route = new ProviderRoute(transport, {
      abilities,
      publicFallback: { transport, budget: { spend: () => undefined } as never, allowed: () => allowed },
    });
    await assert.rejects(route.postJson('info', JSON.stringify({ type: 'allMids', dex: '' }), 'allMids'), isRefusal);
    assert.equal(abilities.refuses('mids'), true);
    assert.equal(route.refuses('info', 'allMids'), true);
    allowed = true;
    assert.equal(route.refuses('info', 'allMids'), false, 'asked again once the user allows the public API');
  });
});
