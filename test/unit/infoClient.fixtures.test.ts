/** The core reads every public fixture correctly, over real HTTP from a local server. */
import * as assert from 'node:assert/strict';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { ProviderError } from '../../src/core/errors';
import { isRefusal } from '../../src/core/providerRoute';
import { weiToHype } from '../../src/core/units';
import { fixture, fixtureText } from '../support/fixtures';
import { json, ScriptedServer, text } from '../support/scriptedServer';

const KEY = 'fixture-key-9f8e7d';

describe('core clients read the public fixtures', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;

  before(async () => {
    const baseUrl = await server.start();
    clients = createProviderClients(baseUrl, KEY, { timeoutMs: 5000, maxRetries: 0 });
  });
  after(() => server.stop());

  it('reads the spec-shaped block (Chainstack docs example) with its transactions', async () => {
    const f = fixture('chainstack-docs_ots_getBlockDetails_ILLUSTRATIVE_example.json');
    server.rpcResult(f.response.result);
    const details = await clients.evm.getBlockDetails(1000);
    assert.equal(details.block.number, 1000n);
    assert.equal(details.block.transactionCount, 1);
    assert.equal(details.transactions?.length, 1);
    assert.equal(details.transactions?.slice(0, 1)[0].value, 10n ** 18n);
    assert.equal(weiToHype(details.transactions!.slice(0, 1)[0].value), '1');
    assert.equal(details.totalFees, BigInt(f.response.result.totalFees));
    assert.deepEqual(details.raw, f.response.result);
    // The request: JSON-RPC 2.0, the block number as a JSON integer, on /<key>/evm.
    const sent = server.received.at(-1)!;
    assert.equal(sent.url, `/${KEY}/evm`);
    assert.deepEqual((sent.json as { params: unknown[] }).params, [1000]);
    assert.equal((sent.json as { method: string }).method, 'ots_getBlockDetails');
  });

  it('reads the real slim block (Erigon, no transactions, logsBloom null, extra header fields)', async () => {
    const [f] = fixture('erigon-rpc-tests_ots_getBlockDetails_mainnet_16000000.json');
    server.rpcResult(f.response.result);
    const details = await clients.evm.getBlockDetails(16_000_000);
    assert.equal(details.block.number, 16_000_000n);
    assert.equal(details.transactions, undefined);
    assert.equal(details.block.transactionCount, f.response.result.block.transactionCount);
    assert.equal(details.block.baseFeePerGas, BigInt(f.response.result.block.baseFeePerGas));
    assert.equal(details.totalFees, BigInt(f.response.result.totalFees));
  });

  it('treats result null (Erigon) as no such block', async () => {
    const [f] = fixture('erigon-rpc-tests_ots_getBlockDetails_unknown_block_0xFFFFFFFF_null.json');
    server.rpcResult(f.response.result);
    await assert.rejects(clients.evm.getBlockDetails(0xffffffff), (e: ProviderError) => e.kind === 'notFound');
  });

  it('treats -32001 (reth) and -32000 "block not found" (Erigon, Dec 2025) as no such block, other errors as JSON-RPC errors', async () => {
    for (const error of [
      { code: -32001, message: 'block not found: 0xffffffff' },
      { code: -32000, message: 'block not found: 4294967295' },
    ]) {
      server.handler = (req, res) => json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, error });
      await assert.rejects(clients.evm.getBlockDetails(0xffffffff), (e: ProviderError) => e.kind === 'notFound');
    }
    server.handler = (req, res) =>
      json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, error: { code: -32000, message: 'header not available' } });
    await assert.rejects(
      clients.evm.getBlockDetails(5),
      (e: ProviderError) => e.kind === 'rpc' && e.rpcCode === -32000 && /header not available/.test(e.message),
    );
  });

  it('orders a page of ots_getBlockTransactions by transactionIndex (Erigon pages from the end)', async () => {
    const [f] = fixture('erigon-rpc-tests_ots_getBlockTransactions_page0_size2.json');
    // Serve the page with its transactions in reverse, as a node paging backwards might.
    const result = structuredClone(f.response.result);
    result.fullblock.transactions.reverse();
    server.rpcResult(result);
    const page = await clients.evm.getBlockTransactions(0x499fca, 0, 2);
    assert.equal(page.transactionCount, f.response.result.fullblock.transactionCount);
    assert.deepEqual(
      page.transactions.map((t) => t.transactionIndex),
      [0x118, 0x119],
    );
    // The receipt's effective gas price wins over the transaction's.
    const receipt = f.response.result.receipts.find((r: { transactionIndex: string }) => Number(r.transactionIndex) === 0x118);
    assert.equal(page.transactions[0].gasPrice, BigInt(receipt.effectiveGasPrice));
  });

  it('reads openOrders without origSz (2023 capture) and keeps every field as given', async () => {
    const f = fixture('hyperliquid_openOrders_response_2023-03-27.json');
    server.handler = (_req, res) => json(res, 200, f.response);
    const orders = await clients.info.openOrders(f.request.user.toUpperCase().replace('0X', '0x'));
    assert.equal(orders.length, f.response.length);
    const none = {
      orderType: undefined,
      tif: undefined,
      isTrigger: undefined,
      triggerPx: undefined,
      triggerCondition: undefined,
      isPositionTpsl: undefined,
      children: undefined,
    };
    assert.deepEqual(orders[0], { ...f.response[0], origSz: undefined, cloid: undefined, reduceOnly: undefined, ...none, raw: f.response[0] });
    // The address was lowercased before it was sent, with dex "".
    assert.deepEqual(server.received.at(-1)!.json, { type: 'openOrders', user: f.request.user.toLowerCase(), dex: '' });
    assert.equal(server.received.at(-1)!.url, `/${KEY}/info`);
  });

  it('keeps origSz, reduceOnly and extra fields of newer order items (frontendOpenOrders capture)', async () => {
    const f = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json');
    server.handler = (_req, res) => json(res, 200, f.response);
    const orders = await clients.info.openOrders(f.request.user);
    const first = f.response[0];
    assert.equal(orders[0].origSz, first.origSz);
    assert.equal(orders[0].reduceOnly, true);
    assert.equal(orders[0].raw.orderType, first.orderType);
  });

  it('names spot pairs by their index, never by array position (real spotMeta: @107 = HYPE/USDC)', async () => {
    const f = fixture('hyperliquid_spotMeta_2025-11-09.json');
    server.handler = (_req, res) => json(res, 200, f.response);
    const meta = await clients.info.spotMeta();
    const hype = meta.pairsByIndex.get(107);
    assert.deepEqual([hype?.base, hype?.quote], ['HYPE', 'USDC']);
    const atPosition107 = f.response.universe[107];
    assert.notEqual(atPosition107.index, 107, 'the fixture must have pairs off their positions for this test to mean anything');
    assert.equal(meta.pairsByName.get('PURR/USDC')?.base, 'PURR');
    assert.equal(meta.pairsByIndex.size, f.response.universe.length);
  });

  it('lists the other perp dexs, skipping the first (null)', async () => {
    const f = fixture('hyperliquid-docs_perpDexs_example.json');
    server.handler = (_req, res) => json(res, 200, f.response);
    const dexs = await clients.info.perpDexs();
    assert.deepEqual(dexs, [{ name: 'test', fullName: 'test dex', deployer: f.response[1].deployer }]);
  });

  it('reports the info API 422 with the provider’s own text', async () => {
    const body = fixtureText('hyperliquid_info_http422_body.txt');
    server.handler = (_req, res) => text(res, 422, body);
    await assert.rejects(clients.info.spotMeta(), (e: ProviderError) => e.kind === 'refused' && e.message.includes(body) && e.status === 422);
  });

  it('asks frontendOpenOrders in its real shape and reads the capture: types, triggers, children', async () => {
    const f = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json');
    server.handler = (_req, res) => json(res, 200, f.response);
    const orders = await clients.info.frontendOpenOrders(f.request.user, 'xyz');
    assert.deepEqual(server.received.at(-1)!.json, { type: 'frontendOpenOrders', user: f.request.user.toLowerCase(), dex: 'xyz' });
    assert.equal(orders[1].orderType, 'Stop Market');
    assert.equal(orders[1].triggerPx, '9.995');
    assert.equal(orders[1].tif, undefined, 'tif null for a trigger');
    assert.deepEqual(
      orders[2].children!.map((c) => c.orderType),
      ['Stop Market', 'Take Profit Market'],
    );
  });

  it('asks meta, allMids and orderStatus in their real shapes', async () => {
    server.handler = (req, res) => {
      const body = JSON.parse(req.body) as { type: string };
      if (body.type === 'meta')
        return json(res, 200, { universe: [{ szDecimals: 3, name: 'flx:TSLA', maxLeverage: 10 }], marginTables: [], collateralToken: 360 });
      if (body.type === 'allMids') return json(res, 200, { 'flx:TSLA': '435.12', 'flx:SILVER': '48.215' });
      return json(res, 200, {
        status: 'order',
        order: {
          order: { coin: 'BTC', side: 'B', limitPx: '100000.0', sz: '0.0', oid: 77, timestamp: 1, origSz: '0.1' },
          status: 'filled',
          statusTimestamp: 1_700_000_000_000,
        },
      });
    };
    assert.deepEqual(await clients.info.perpMeta('flx'), { collateralToken: 360 });
    assert.deepEqual(server.received.at(-1)!.json, { type: 'meta', dex: 'flx' });
    assert.deepEqual(
      [...(await clients.info.allMids('flx'))],
      [
        ['flx:TSLA', '435.12'],
        ['flx:SILVER', '48.215'],
      ],
    );
    assert.deepEqual(server.received.at(-1)!.json, { type: 'allMids', dex: 'flx' });
    assert.deepEqual(await clients.info.orderStatus('0x' + 'A'.repeat(40), 77), { status: 'filled', at: 1_700_000_000_000 });
    assert.deepEqual(server.received.at(-1)!.json, { type: 'orderStatus', user: '0x' + 'a'.repeat(40), oid: 77 });
    server.handler = (_req, res) => json(res, 200, { status: 'unknownOid' });
    assert.equal(await clients.info.orderStatus('0x' + 'a'.repeat(40), 78), undefined);
  });

  it('refuses bad input to the new requests before any request', async () => {
    const count = server.received.length;
    await assert.rejects(clients.info.orderStatus('0x' + 'a'.repeat(40), -1), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.orderStatus('0x12', 1), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.allMids('bad dex/'), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.perpMeta('x'.repeat(33)), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.info.frontendOpenOrders('0x' + 'a'.repeat(39)), (e: ProviderError) => e.kind === 'badInput');
    assert.equal(server.received.length, count);
  });

  it('tells a refusal (422 with the real body) of each new request from a failure', async () => {
    const body = fixtureText('hyperliquid_info_http422_body.txt');
    server.handler = (_req, res) => text(res, 422, body);
    const user = '0x' + 'a'.repeat(40);
    for (const call of [
      () => clients.info.frontendOpenOrders(user),
      () => clients.info.perpMeta('xyz'),
      () => clients.info.allMids(''),
      () => clients.info.orderStatus(user, 1),
    ]) {
      await assert.rejects(call(), (e: unknown) => isRefusal(e) && (e as ProviderError).message.includes(body));
    }
    server.handler = (_req, res) => json(res, 500, null);
    await assert.rejects(clients.info.allMids(''), (e: unknown) => !isRefusal(e) && (e as ProviderError).kind === 'server');
  });

  it('rejects answers of the wrong shape: a status that is neither order nor unknownOid, a mid that is not a decimal', async () => {
    server.handler = (_req, res) => json(res, 200, { status: 'weird' });
    await assert.rejects(
      clients.info.orderStatus('0x' + 'a'.repeat(40), 1),
      (e: ProviderError) => e.kind === 'invalidResponse' && /orderStatus/.test(e.message),
    );
    server.handler = (_req, res) => json(res, 200, { BTC: 100000 });
    await assert.rejects(clients.info.allMids(''), (e: ProviderError) => e.kind === 'invalidResponse' && /allMids: BTC/.test(e.message));
    server.handler = (_req, res) => json(res, 200, { universe: [], collateralToken: '0' });
    await assert.rejects(clients.info.perpMeta(''), (e: ProviderError) => e.kind === 'invalidResponse' && /meta: collateralToken/.test(e.message));
  });
});
