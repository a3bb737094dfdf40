// An explorer's Etherscan-compatible txlist (Blockscout's shape) read from a real local server: the
// query it sends (no key for Blockscout; chainid and a key for Etherscan, never in a label), rows
// validated, "No transactions found", the explorer's refusals, and the pages the address page walks.
import * as assert from 'node:assert/strict';
import { ExplorerApiEndpoints } from '../../src/core/explorerEndpoints';
import { ExplorerHistoryClient } from '../../src/core/explorerHistory';
import { RatePacer } from '../../src/core/limiter';
import { Transport } from '../../src/core/transport';
import { AddressHistory, explorerSource } from '../../src/address/addressHistory';
import { json, ScriptedServer } from '../support/scriptedServer';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** A Blockscout txlist row (its documented fields as strings). */
function row(n: number, block: number, extra: Record<string, string> = {}) {
  return {
    blockNumber: String(block),
    timeStamp: String(1_700_000_000 + block),
    hash: hashOf(n),
    nonce: '1',
    transactionIndex: '0',
    from: OTHER,
    to: ADDRESS,
    value: '1000000000000000001',
    gas: '21000',
    gasPrice: '100000000',
    gasUsed: '21000',
    isError: '0',
    txreceipt_status: '1',
    input: '0xa9059cbb00000000',
    contractAddress: '',
    ...extra,
  };
}

describe('explorerHistory: Blockscout-shaped txlist over a local server', () => {
  const server = new ScriptedServer();
  let base: string;
  before(async () => (base = await server.start()));
  after(() => server.stop());
  beforeEach(() => (server.received.length = 0));

  const client = (kind: 'blockscout' | 'etherscan' = 'blockscout', key?: string) => {
    const endpoints = new ExplorerApiEndpoints(kind, `${base}/api`, 999, key);
    return new ExplorerHistoryClient(endpoints, new Transport(endpoints, { timeoutMs: 5000, maxRetries: 0 }), new RatePacer(1000));
  };

  it('asks txlist newest first below a block, and reads the rows exactly', async () => {
    server.handler = (_req, res) => json(res, 200, { status: '1', message: 'OK', result: [row(1, 10, { isError: '1', txreceipt_status: '0' }), row(2, 9)] });
    const rows = await client().txList(ADDRESS, 10, 1, 25);
    const url = new URL(server.received[0]!.url, base);
    assert.equal(server.received[0]!.method, 'GET');
    assert.equal(url.pathname, '/api');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      module: 'account',
      action: 'txlist',
      address: ADDRESS,
      startblock: '0',
      endblock: '10',
      page: '1',
      offset: '25',
      sort: 'desc',
    });
    assert.equal(rows.length, 2);
    assert.equal(rows[0]!.status, 'reverted');
    assert.equal(rows[1]!.status, 'success');
    assert.equal(rows[0]!.value, 1_000_000_000_000_000_001n);
    assert.equal(rows[0]!.fee, 21000n * 100_000_000n);
    assert.equal(rows[0]!.selector, '0xa9059cbb');
    assert.equal(rows[0]!.timestamp, 1_700_000_010n);
  });

  it('sends Etherscan v2 its chainid and key, in the query only', async () => {
    server.handler = (_req, res) => json(res, 200, { status: '0', message: 'No transactions found', result: [] });
    assert.deepEqual(await client('etherscan', 'ETHERSCAN-SECRET-KEY').txList(ADDRESS, undefined, 1, 25), []);
    const url = new URL(server.received[0]!.url, base);
    assert.equal(url.searchParams.get('chainid'), '999');
    assert.equal(url.searchParams.get('apikey'), 'ETHERSCAN-SECRET-KEY');
  });

  it('refuses a row that is not one, and says the explorer’s own refusal without its URL or key', async () => {
    server.handler = (_req, res) => json(res, 200, { status: '1', message: 'OK', result: [row(1, 10, { hash: '<b>0xnothash</b>' })] });
    await assert.rejects(
      client().txList(ADDRESS, undefined, 1, 25),
      (e: Error & { kind?: string }) => e.kind === 'invalidResponse' && /result\[0\]/.test(e.message),
    );
    server.handler = (_req, res) => json(res, 200, { status: '0', message: 'NOTOK', result: 'Max rate limit reached' });
    await assert.rejects(client('etherscan', 'ETHERSCAN-SECRET-KEY').txList(ADDRESS, undefined, 1, 25), (e: Error & { kind?: string }) => {
      assert.equal(e.kind, 'rateLimited');
      assert.ok(!e.message.includes('ETHERSCAN-SECRET-KEY') && !e.message.includes('http'), e.message);
      return true;
    });
  });

  it('pages through every transaction once, however the pages overlap at a block', async () => {
    // 60 transactions, 3 per block from block 20 down; a page of 25 ends inside a block.
    const all = Array.from({ length: 60 }, (_, i) => row(i + 1, 20 - Math.floor(i / 3)));
    server.handler = (req, res) => {
      const q = new URL(req.url, base).searchParams;
      const end = q.has('endblock') ? Number(q.get('endblock')) : Infinity;
      const [page, offset] = [Number(q.get('page')), Number(q.get('offset'))];
      const below = all.filter((r) => Number(r.blockNumber) <= end);
      json(res, 200, { status: '1', message: 'OK', result: below.slice((page - 1) * offset, page * offset) });
    };
    const history = new AddressHistory(explorerSource(client(), 'blockscout', ADDRESS));
    let pages = 0;
    while (!history.complete && pages < 20) {
      await history.older();
      pages++;
    }
    assert.deepEqual(
      history.transactions.map((t) => t.hash),
      all.map((r) => r.hash),
    );
    assert.ok(pages <= 4, `took ${pages} pages`);
  });

  it('asks tokentx and txlistinternal newest first, and reads token transfers (markup in a name stays text) and internal transfers', async () => {
    const TOKEN = '0x3333333333333333333333333333333333333333';
    server.handler = (req, res) => {
      const action = new URL(req.url ?? '', base).searchParams.get('action');
      if (action === 'tokentx')
        return json(res, 200, {
          status: '1',
          message: 'OK',
          result: [
            {
              blockNumber: '12',
              timeStamp: '1700000012',
              hash: hashOf(7),
              from: OTHER,
              to: ADDRESS,
              contractAddress: TOKEN,
              value: '1500000',
              tokenName: '<img src=x onerror=alert(1)>',
              tokenSymbol: '[x](command:evil)',
              tokenDecimal: '6',
            },
          ],
        });
      return json(res, 200, {
        status: '1',
        message: 'OK',
        result: [
          {
            blockNumber: '11',
            timeStamp: '1700000011',
            hash: hashOf(8),
            from: OTHER,
            to: ADDRESS,
            value: '5',
            type: 'call',
            isError: '1',
            contractAddress: '',
          },
        ],
      });
    };
    const [tokens, internal] = await Promise.all([client().tokenTransfers(ADDRESS, 1, 100), client().internalTransfers(ADDRESS, 2, 50)]);
    const asked = server.received.map((r) => Object.fromEntries(new URL(r.url, base).searchParams)).sort((a, b) => a.action!.localeCompare(b.action!));
    assert.deepEqual(asked, [
      { module: 'account', action: 'tokentx', address: ADDRESS, page: '1', offset: '100', sort: 'desc' },
      { module: 'account', action: 'txlistinternal', address: ADDRESS, page: '2', offset: '50', sort: 'desc' },
    ]);
    assert.deepEqual(tokens[0], {
      hash: hashOf(7),
      blockNumber: 12n,
      timestamp: 1_700_000_012n,
      from: OTHER,
      to: ADDRESS,
      token: TOKEN,
      symbol: '[x](command:evil)',
      name: '<img src=x onerror=alert(1)>',
      decimals: 6,
      value: 1_500_000n,
    });
    assert.deepEqual(internal[0], {
      hash: hashOf(8),
      blockNumber: 11n,
      timestamp: 1_700_000_011n,
      from: OTHER,
      to: ADDRESS,
      value: 5n,
      type: 'call',
      failed: true,
    });
  });

  it('refuses a transfer row of the wrong shape, and pages out of bounds before any request', async () => {
    server.handler = (_req, res) => json(res, 200, { status: '1', message: 'OK', result: [{ blockNumber: '1', hash: hashOf(1), from: OTHER, value: '-1' }] });
    await assert.rejects(client().tokenTransfers(ADDRESS, 1, 10), /cannot be read: result\[0\]/);
    const before = server.received.length;
    await assert.rejects(client().internalTransfers(ADDRESS, 0, 10), /Page sizes/);
    await assert.rejects(client().internalTransfers(ADDRESS, 1, 100_000), /Page sizes/);
    assert.equal(server.received.length, before, 'nothing sent');
  });
});
