// The history requests of the info client against the real demo node over HTTP: their answers read into
// the model, the API's caps kept (2,000 fills an answer, 500 ledger updates a page), bad inputs refused
// before sending, and Chainstack's refusal sent to the public API only once wallet data is allowed.
import { strict as assert } from 'node:assert';
import { useDemoNodes } from '../support/demoNodes';
import { DEMO_WALLETS, type DemoNode } from '../../src/demo/demoNode';
import { connectProvider, createProviderClients, type ProviderClients } from '../../src/core/provider';
import { ProviderAbilities } from '../../src/core/abilities';
import { PRESETS } from '../../src/core/presets';
import { PublicApiBudget, type PublicDataKind } from '../../src/core/publicApi';
import { ProviderError } from '../../src/core/errors';
import { ProviderEndpoints } from '../../src/core/endpoints';

const MAKER = DEMO_WALLETS[0]!.address;
const EMPTY = DEMO_WALLETS[2]!.address;
const OPTIONS = { timeoutMs: 10_000, maxRetries: 0 };

describe('info client: a wallet’s history', () => {
  const start = useDemoNodes();
  let node: DemoNode;
  let clients: ProviderClients;
  before(async () => {
    node = await start();
    clients = createProviderClients(node.baseUrl, node.apiKey, OPTIONS);
  });

  it('reads fills by time, oldest first, at most 2,000 an answer', async () => {
    const fills = await clients.info.userFillsByTime(MAKER, 0);
    assert.equal(fills.length, 2000);
    for (let i = 1; i < fills.length; i++) assert.ok(fills[i]!.time >= fills[i - 1]!.time, 'oldest first');
    const f = fills[0]!;
    assert.match(f.px, /^\d+(\.\d+)?$/);
    assert.match(f.fee, /^-?\d+(\.\d+)?$/);
    assert.equal(typeof f.oid, 'number');
    assert.equal(f.feeToken, 'USDC');
    const later = await clients.info.userFillsByTime(MAKER, fills.at(-1)!.time);
    assert.ok(later.length > 0 && later[0]!.time === fills.at(-1)!.time, 'the next answer starts at the last one’s time');
  });

  it('reads the newest fills, historical orders with their fate and TWAP slices, newest first', async () => {
    const newest = await clients.info.userFills(MAKER);
    assert.equal(newest.length, 2000);
    assert.ok(newest[0]!.time >= newest.at(-1)!.time);
    const orders = await clients.info.historicalOrders(MAKER);
    assert.ok(orders.length > 0 && orders.length <= 2000);
    assert.ok(orders.some((o) => o.status === 'filled') && orders.some((o) => o.status !== 'filled'));
    const slices = await clients.info.userTwapSliceFills(MAKER);
    assert.ok(slices.length > 0 && slices.every((s) => s.fill.twapId === s.twapId));
  });

  it('reads funding and ledger updates a page (500) at a time, with each update’s direction', async () => {
    const funding = await clients.info.userFunding(MAKER, 0);
    assert.equal(funding.length, 500);
    assert.ok(funding.every((p) => p.coin === 'BTC' || p.coin === 'ETH'));
    const ledger = await clients.info.userNonFundingLedgerUpdates(MAKER, 0);
    assert.ok(ledger.length > 10);
    assert.ok(ledger.filter((u) => u.kind === 'deposit').every((u) => u.direction === 'in' && u.token === 'USDC'));
    assert.ok(ledger.filter((u) => u.kind === 'withdraw').every((u) => u.direction === 'out'));
    assert.ok(ledger.filter((u) => u.kind === 'spotTransfer').every((u) => u.direction === 'out' && u.token === 'PURR' && u.counterparty));
  });

  it('answers empty histories with empty lists and refuses a bad time range before sending it', async () => {
    assert.deepEqual(await clients.info.userFillsByTime(EMPTY, 0), []);
    const sent = node.requests;
    await assert.rejects(clients.info.userFunding(MAKER, 10, 5), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.userFillsByTime(MAKER, -1), (e: ProviderError) => e.kind === 'badInput');
    assert.equal(node.requests, sent);
  });

  it('as Chainstack: refused, then from the public API once wallet data is allowed, its weight counted per 20 items', async () => {
    const chainstack = await start({ provider: 'chainstack' });
    const publicApi = await start({ provider: 'public' });
    const allowed = new Set<PublicDataKind>();
    const wanted: string[] = [];
    const budget = new PublicApiBudget();
    const abilities = new ProviderAbilities(PRESETS.chainstack.known.mainnet);
    const routed = connectProvider(
      {
        endpoints: new ProviderEndpoints(chainstack.baseUrl, chainstack.apiKey),
        abilities,
        providerName: 'Chainstack',
        publicApi: {
          evmUrl: `${publicApi.baseUrl}/evm`,
          infoUrl: `${publicApi.baseUrl}/info`,
          budget,
          allowed: (k) => allowed.has(k),
          wanted: (k, t) => wanted.push(`${k}:${t}`),
        },
      },
      OPTIONS,
    );
    assert.ok(abilities.refuses('history'));
    await assert.rejects(routed.info.userFillsByTime(MAKER, 0), (e: ProviderError) => e.kind === 'refused');
    assert.deepEqual(wanted, ['wallet:userFillsByTime']);
    assert.equal(publicApi.requests, 0, 'nothing went to the public API before it was allowed');
    allowed.add('wallet');
    const fills = await routed.info.userFillsByTime(MAKER, 0);
    assert.equal(fills.length, 2000);
    assert.equal(budget.used(), 20 + 100, 'weight 20, and 1 per 20 fills');
    assert.equal(chainstack.requests, 0, 'a known refusal is not even sent to Chainstack');
  });
});
