// The embedded demo node, over real HTTP: block shapes and arithmetic, paging, provider errors, the
// info API, evolving open orders, and every fault mode.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import {
  DEMO_BLOCKS,
  DEMO_HEAD,
  DEMO_MAX_BODY_BYTES,
  DEMO_MAX_PAGE_ARG,
  DEMO_WALLETS,
  INFO_UNPROCESSABLE_BODY,
  startDemoNode,
  type DemoNode,
} from '../../src/demo/demoNode';
import {
  DEMO_BIG_GAS_LIMIT,
  DEMO_SMALL_GAS_LIMIT,
  HYPE_SYSTEM_ADDRESS,
  buildDemoBlock,
  demoBlockDetails,
  demoBlockModel,
  isSystemAddress,
} from '../../src/demo/chain';
import { demoOpenOrders, type DemoOpenOrder } from '../../src/demo/orders';
import { demoSpotPairName } from '../../src/demo/markets';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const HEAD_TS = Math.floor(NOW / 1000);
const [MAKER, WHALE, EMPTY] = DEMO_WALLETS.map((w) => w.address) as [string, string, string];

// Parsed JSON from the wire, checked field by field by the assertions.
type Json = any;

async function post(
  url: string,
  body: unknown,
  contentType = 'application/json',
  signal?: AbortSignal,
): Promise<{ status: number; type: string; text: string; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), headers: res.headers };
}

function evmUrl(node: DemoNode): string {
  return `${node.baseUrl}/${node.apiKey}/evm`;
}
function infoUrl(node: DemoNode): string {
  return `${node.baseUrl}/${node.apiKey}/info`;
}

async function rpc(node: DemoNode, method: string, params: unknown[], id: number | string = 1): Promise<Json> {
  const r = await post(evmUrl(node), { jsonrpc: '2.0', id, method, params });
  assert.equal(r.status, 200, r.text);
  return JSON.parse(r.text);
}

async function info(node: DemoNode, body: unknown): Promise<Json> {
  const r = await post(infoUrl(node), body);
  assert.equal(r.status, 200, r.text);
  return JSON.parse(r.text);
}

/** All transactions and receipts of a block, page by page, put in `transactionIndex` order. */
async function allTransactions(node: DemoNode, n: number, size: number): Promise<{ txs: Json[]; receipts: Json[]; pages: Json[][] }> {
  const first = await rpc(node, 'ots_getBlockTransactions', [n, 0, size]);
  const total: number = first.result.fullblock.transactionCount;
  const pages: Json[][] = [first.result.fullblock.transactions];
  const receipts: Json[] = [...first.result.receipts];
  for (let p = 1; p * size < total; p++) {
    const r = await rpc(node, 'ots_getBlockTransactions', [n, p, size]);
    pages.push(r.result.fullblock.transactions);
    receipts.push(...r.result.receipts);
  }
  const byIndex = (a: Json, b: Json) => Number(a.transactionIndex) - Number(b.transactionIndex);
  return { txs: pages.flat().sort(byIndex), receipts: receipts.sort(byIndex), pages };
}

/** A decimal string as an integer count of 10^-12 (exact, for comparisons). */
function units(d: string): bigint {
  const [whole, frac = ''] = d.split('.');
  return BigInt(whole + frac.padEnd(12, '0'));
}

/** A POST over a fresh connection that reports what arrived even when the connection dies. */
function rawPost(url: string, body: string): Promise<{ status?: number; headers?: http.IncomingHttpHeaders; received: number; failed: boolean }> {
  return new Promise((resolve) => {
    let received = 0;
    let status: number | undefined;
    let headers: http.IncomingHttpHeaders | undefined;
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        status = res.statusCode;
        headers = res.headers;
        res.on('data', (c: Buffer) => (received += c.length));
        res.on('end', () => resolve({ status, headers, received, failed: false }));
        res.on('error', () => resolve({ status, headers, received, failed: true }));
        res.on('aborted', () => resolve({ status, headers, received, failed: true }));
      },
    );
    req.on('error', () => resolve({ status, headers, received, failed: true }));
    req.end(body);
  });
}

describe('demo node: blocks over JSON-RPC', () => {
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ now: () => NOW })));
  after(() => node.close());

  it('listens on 127.0.0.1 with a base URL that has no key and no trailing slash', () => {
    assert.match(node.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(node.baseUrl, `http://127.0.0.1:${node.port}`);
    assert.ok(node.port > 0);
    assert.match(node.apiKey, /^demo-[0-9a-f]{32}$/);
  });

  it('answers eth_blockNumber with the head and echoes the request id', async () => {
    const a = await rpc(node, 'eth_blockNumber', [], 42);
    assert.deepEqual(a, { jsonrpc: '2.0', id: 42, result: '0x' + DEMO_HEAD.toString(16) });
    const b = await rpc(node, 'eth_blockNumber', [], 'req-7');
    assert.equal(b.id, 'req-7');
  });

  it('gives even blocks in the spec shape, with transactionCount equal to the transactions', async () => {
    const { result } = await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.bigBlock]);
    const block = result.block;
    assert.ok(Array.isArray(block.transactions));
    assert.ok(block.transactions.length > 0);
    assert.equal(block.transactionCount, block.transactions.length);
    assert.equal(block.number, '0x' + DEMO_BLOCKS.bigBlock.toString(16));
    for (const tx of block.transactions) {
      assert.deepEqual(Object.keys(tx).sort(), ['from', 'gas', 'gasPrice', 'hash', 'to', 'value']);
      assert.match(tx.hash, /^0x[0-9a-f]{64}$/);
    }
    assert.equal(block.stateRoot, undefined);
    assert.deepEqual(result.issuance, { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' });
    assert.deepEqual(result, demoBlockDetails(DEMO_BLOCKS.bigBlock, HEAD_TS));
  });

  it('gives odd blocks in the slim reth/nanoreth shape, without transactions', async () => {
    const { result } = await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.smallBlock]);
    const block = result.block;
    assert.equal(block.transactions, undefined);
    assert.equal(typeof block.transactionCount, 'number');
    assert.ok(block.transactionCount > 0);
    for (const field of [
      'sha3Uncles',
      'stateRoot',
      'receiptsRoot',
      'transactionsRoot',
      'extraData',
      'mixHash',
      'nonce',
      'size',
      'difficulty',
      'totalDifficulty',
    ]) {
      assert.equal(typeof block[field], 'string', field);
    }
    assert.match(block.logsBloom, /^0x[0-9a-f]{512}$/);
    assert.deepEqual(block.uncles, []);
    assert.deepEqual(block.withdrawals, []);
    assert.equal(block.miner, '0x0000000000000000000000000000000000000000');
    assert.deepEqual(result.issuance, { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' });
  });

  it('chains blocks: parentHash is the previous block hash, timestamps one second apart ending at now', async () => {
    const head = (await rpc(node, 'ots_getBlockDetails', [DEMO_HEAD])).result.block;
    const before = (await rpc(node, 'ots_getBlockDetails', [DEMO_HEAD - 1])).result.block;
    assert.equal(head.parentHash, before.hash);
    assert.equal(Number(head.timestamp), HEAD_TS);
    assert.equal(Number(before.timestamp), HEAD_TS - 1);
  });

  it('accepts the block number as a hex string too (0x1a2b is an ordinary block)', async () => {
    const asInt = await rpc(node, 'ots_getBlockDetails', [6699]);
    const asHex = await rpc(node, 'ots_getBlockDetails', ['0x1a2b']);
    assert.deepEqual(asHex.result, asInt.result);
    assert.equal(asInt.result.block.number, '0x1a2b');
    assert.ok(asInt.result.block.transactionCount > 0);
  });

  it('classifies big and small blocks by gas limit', async () => {
    const gasLimit = async (n: number) => Number((await rpc(node, 'ots_getBlockDetails', [n])).result.block.gasLimit);
    assert.equal(await gasLimit(DEMO_BLOCKS.bigBlock), DEMO_BIG_GAS_LIMIT);
    assert.equal(await gasLimit(DEMO_BLOCKS.bigBlock - 60), DEMO_BIG_GAS_LIMIT);
    assert.equal(await gasLimit(DEMO_BLOCKS.smallBlock), DEMO_SMALL_GAS_LIMIT);
    assert.equal(await gasLimit(DEMO_HEAD), DEMO_SMALL_GAS_LIMIT);
    assert.equal(DEMO_SMALL_GAS_LIMIT, 0x2dc6c0);
    for (const n of [DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.hugeBlock, DEMO_HEAD]) {
      const b = (await rpc(node, 'ots_getBlockDetails', [n])).result.block;
      assert.ok(Number(b.gasUsed) <= Number(b.gasLimit), `block ${n} uses no more gas than its limit`);
      const fee = Number(b.baseFeePerGas);
      assert.ok(fee >= 1e8 && fee <= 2.1e9, `base fee ${fee} between 0.1 and 2 gwei`);
    }
  });

  it('adds up totalFees and gasUsed from the receipts, exactly (BigInt)', async () => {
    for (const n of [DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.bigBlock, 0x1a2b, DEMO_HEAD]) {
      const { block, totalFees } = (await rpc(node, 'ots_getBlockDetails', [n])).result;
      const { receipts } = await allTransactions(node, n, 100);
      assert.equal(receipts.length, block.transactionCount);
      let fees = 0n;
      let gas = 0n;
      for (const r of receipts) {
        fees += BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice);
        gas += BigInt(r.gasUsed);
        assert.equal(r.logs, null);
      }
      assert.ok(fees > 0n);
      assert.equal(BigInt(totalFees), fees, `totalFees of ${n}`);
      assert.equal(BigInt(block.gasUsed), gas, `gasUsed of ${n}`);
      assert.equal(BigInt(receipts[receipts.length - 1].cumulativeGasUsed), gas);
    }
  });

  it('puts system transactions first, from system addresses, with gas price 0', async () => {
    for (const n of [DEMO_BLOCKS.smallBlock, 0x1a2b]) {
      const { txs } = await allTransactions(node, n, 5);
      assert.ok(isSystemAddress(txs[0].from), `block ${n} starts with a system transaction`);
      let seenNormal = false;
      for (const tx of txs) {
        // Real system transactions are not always from a system address; their gas price is always 0.
        const system = isSystemAddress(tx.from) || tx.gasPrice === '0x0';
        if (system) {
          assert.ok(!seenNormal, 'no system transaction after a normal one');
          assert.equal(tx.gasPrice, '0x0');
        } else {
          seenNormal = true;
          assert.ok(BigInt(tx.gasPrice) >= BigInt((await rpc(node, 'ots_getBlockDetails', [n])).result.block.baseFeePerGas));
        }
      }
      assert.ok(seenNormal);
    }
    // The spec shape carries them too, first.
    const spec = (await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.hugeSpecBlock])).result.block.transactions;
    assert.equal(spec[0].gasPrice, '0x0');
    assert.ok(spec[0].from === HYPE_SYSTEM_ADDRESS || /^0x20[0-9a-f]{38}$/.test(spec[0].from));
    assert.ok(
      spec.some((t: Json) => /^0x20[0-9a-f]{38}$/.test(t.from)),
      'token system transactions too',
    );
  });

  it('cuts input to the 4-byte selector and includes contract creations (to: null)', async () => {
    const { txs, receipts } = await allTransactions(node, DEMO_BLOCKS.bigBlock, 100);
    for (const tx of txs) assert.match(tx.input, /^0x([0-9a-f]{8})?$/);
    const creations = txs.filter((t: Json) => t.to === null);
    assert.ok(creations.length > 0, 'some contract creations');
    for (const c of creations) {
      const r = receipts.find((x: Json) => x.transactionHash === c.hash);
      assert.match(r.contractAddress, /^0x[0-9a-f]{40}$/);
    }
    for (const tx of txs) assert.equal(tx.blockNumber, '0x' + DEMO_BLOCKS.bigBlock.toString(16));
  });

  it('answers -32001 "block not found: 0x<hex>" above the head, for both methods', async () => {
    const a = await rpc(node, 'ots_getBlockDetails', [DEMO_HEAD + 1], 9);
    assert.deepEqual(a, { jsonrpc: '2.0', id: 9, error: { code: -32001, message: `block not found: 0x${(DEMO_HEAD + 1).toString(16)}` } });
    const b = await rpc(node, 'ots_getBlockDetails', ['0xFFFFFFFF']);
    assert.equal(b.error.message, 'block not found: 0xffffffff');
    const c = await rpc(node, 'ots_getBlockTransactions', [DEMO_HEAD + 5, 0, 10]);
    assert.equal(c.error.code, -32001);
  });

  it('refuses bad params (-32602), unknown methods (-32601) and bad JSON (-32700)', async () => {
    for (const params of [[-1], [1.5], ['abc'], [], [Number.MAX_SAFE_INTEGER + 2]]) {
      assert.equal((await rpc(node, 'ots_getBlockDetails', params)).error.code, -32602, JSON.stringify(params));
    }
    assert.equal((await rpc(node, 'eth_getBalance', [])).error.code, -32602);
    const unknown = await rpc(node, 'trace_replayTransaction', ['0x' + '1'.repeat(64)], 3);
    assert.equal(unknown.error.code, -32601);
    assert.equal(unknown.id, 3);
    const bad = await post(evmUrl(node), '{"jsonrpc":');
    assert.equal(JSON.parse(bad.text).error.code, -32700);
  });

  it('pages from the end by default (page 0 = the last transactions), each with its transactionIndex', async () => {
    const n = DEMO_BLOCKS.smallBlock;
    const count = demoBlockModel(n)?.transactions.length ?? 0;
    assert.ok(count >= 4);
    const page0 = (await rpc(node, 'ots_getBlockTransactions', [n, 0, 2])).result;
    assert.deepEqual(
      page0.fullblock.transactions.map((t: Json) => Number(t.transactionIndex)),
      [count - 2, count - 1],
    );
    assert.deepEqual(
      page0.receipts.map((t: Json) => Number(t.transactionIndex)),
      [count - 2, count - 1],
    );
    assert.equal(page0.fullblock.transactionCount, count);
    const { txs, pages } = await allTransactions(node, n, 2);
    assert.deepEqual(
      txs.map((t: Json) => Number(t.transactionIndex)),
      [...Array(count).keys()],
    );
    // Concatenating pages in page order is NOT transaction order here.
    assert.notDeepEqual(
      pages.flat().map((t: Json) => Number(t.transactionIndex)),
      [...Array(count).keys()],
    );
    // A page past the start is empty.
    const past = (await rpc(node, 'ots_getBlockTransactions', [n, 200, 2])).result;
    assert.deepEqual(past.fullblock.transactions, []);
  });

  it('caps page number and page size at DEMO_MAX_PAGE_ARG, like Erigon', async () => {
    assert.equal(DEMO_MAX_PAGE_ARG, 255);
    assert.equal((await rpc(node, 'ots_getBlockTransactions', [DEMO_BLOCKS.bigBlock, 0, 256])).error.code, -32602);
    assert.equal((await rpc(node, 'ots_getBlockTransactions', [DEMO_BLOCKS.bigBlock, 256, 10])).error.code, -32602);
    const ok = await rpc(node, 'ots_getBlockTransactions', [DEMO_BLOCKS.bigBlock, 0, 255]);
    assert.equal(ok.result.fullblock.transactions.length, ok.result.fullblock.transactionCount);
  });

  it('serves the two 10,000-transaction blocks', async () => {
    const spec = (await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.hugeSpecBlock])).result;
    assert.equal(spec.block.transactions.length, 10_000);
    assert.equal(spec.block.transactionCount, 10_000);
    const slim = (await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.hugeBlock])).result;
    assert.equal(slim.block.transactions, undefined);
    assert.equal(slim.block.transactionCount, 10_000);
    const { txs, receipts } = await allTransactions(node, DEMO_BLOCKS.hugeBlock, 100);
    assert.equal(new Set(txs.map((t: Json) => t.hash)).size, 10_000);
    assert.deepEqual(
      txs.map((t: Json) => Number(t.transactionIndex)),
      [...Array(10_000).keys()],
    );
    const fees = receipts.reduce((sum: bigint, r: Json) => sum + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice), 0n);
    assert.equal(BigInt(slim.totalFees), fees);
  });

  it('builds both 10,000-transaction blocks in full (how fast is the bench’s business, not a test’s)', () => {
    for (const n of [DEMO_BLOCKS.hugeBlock, DEMO_BLOCKS.hugeSpecBlock]) assert.equal(buildDemoBlock(n).transactions.length, 10_000);
  });

  it('has an empty block', async () => {
    const { result } = await rpc(node, 'ots_getBlockDetails', [DEMO_BLOCKS.emptyBlock]);
    assert.deepEqual(result.block.transactions, []);
    assert.equal(result.block.transactionCount, 0);
    assert.equal(result.totalFees, '0x0');
  });

  it('counts the requests it served', async () => {
    const before = node.requests;
    await rpc(node, 'eth_blockNumber', []);
    await info(node, { type: 'perpDexs' });
    assert.equal(node.requests, before + 2);
  });
});

describe('demo node: page direction "first"', () => {
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ now: () => NOW, pageDirection: 'first', pageArgCap: null })));
  after(() => node.close());

  it('puts the first transactions on page 0, and the same transactions in the same order overall', async () => {
    const n = DEMO_BLOCKS.smallBlock;
    const page0 = (await rpc(node, 'ots_getBlockTransactions', [n, 0, 2])).result;
    assert.deepEqual(
      page0.fullblock.transactions.map((t: Json) => Number(t.transactionIndex)),
      [0, 1],
    );
    const last = await startDemoNode({ now: () => NOW });
    try {
      const a = await allTransactions(node, n, 3);
      const b = await allTransactions(last, n, 3);
      assert.deepEqual(a.txs, b.txs);
      assert.deepEqual(a.receipts, b.receipts);
      assert.deepEqual(
        a.pages.flat().map((t: Json) => Number(t.transactionIndex)),
        a.txs.map((t: Json) => Number(t.transactionIndex)),
      );
    } finally {
      await last.close();
    }
  });

  it('takes page sizes above 255 without the cap', async () => {
    const r = await rpc(node, 'ots_getBlockTransactions', [DEMO_BLOCKS.hugeBlock, 0, 1000]);
    assert.equal(r.result.fullblock.transactions.length, 1000);
  });
});

describe('demo node: HTTP errors like a provider', () => {
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ now: () => NOW })));
  after(() => node.close());

  it('answers 401 to a wrong key, without echoing it', async () => {
    const r = await post(`${node.baseUrl}/wrong-key-123/evm`, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
    assert.equal(r.status, 401);
    assert.ok(!r.text.includes('wrong-key-123'));
    assert.deepEqual(JSON.parse(r.text), { error: { code: 401, message: 'Unauthorized' } });
  });

  it('answers 404 to a wrong path', async () => {
    for (const p of [`/${node.apiKey}/nanoreth`, `/${node.apiKey}/evm/extra`, `/${node.apiKey}`, '/', `/__demo/faults`]) {
      const r = await post(node.baseUrl + p, '{}');
      assert.equal(r.status, 404, p);
    }
  });

  it('answers 405 to GET', async () => {
    const r = await fetch(evmUrl(node));
    assert.equal(r.status, 405);
    assert.equal(r.headers.get('allow'), 'POST');
  });

  it('answers 413 to a body over 1 MB, and still serves the next request', async () => {
    const big = JSON.stringify({ type: 'spotMeta', pad: 'x'.repeat(DEMO_MAX_BODY_BYTES) });
    const r = await post(infoUrl(node), big);
    assert.equal(r.status, 413);
    assert.match(r.text, /413/);
    const ok = await post(infoUrl(node), JSON.stringify({ type: 'spotMeta', pad: 'x'.repeat(DEMO_MAX_BODY_BYTES - 100) }));
    assert.equal(ok.status, 200);
  });

  it('answers 415 to a body that is not application/json', async () => {
    assert.equal((await post(evmUrl(node), '{}', 'text/plain')).status, 415);
    assert.equal((await post(infoUrl(node), '{"type":"spotMeta"}', 'application/x-www-form-urlencoded')).status, 415);
    assert.equal((await post(infoUrl(node), '{"type":"spotMeta"}', 'application/json; charset=utf-8')).status, 200);
  });

  it('answers 422 text/plain with the real body to unknown types, bad bodies and bad addresses', async () => {
    const bodies: unknown[] = [
      { type: 'nonexistentType' },
      '{"type":',
      '[]',
      { type: 'openOrders' },
      { type: 'openOrders', user: '0x123' },
      { type: 'openOrders', user: MAKER + '0' },
      { type: 'openOrders', user: 'zz' + MAKER.slice(2) },
      { type: 'openOrders', user: MAKER, dex: 5 },
      { type: 'userFillsByTime', user: MAKER },
      { type: 'portfolio', user: MAKER },
    ];
    for (const body of bodies) {
      const r = await post(infoUrl(node), body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.match(r.type, /^text\/plain/);
      assert.equal(r.text, INFO_UNPROCESSABLE_BODY);
    }
    assert.equal(INFO_UNPROCESSABLE_BODY, 'Failed to deserialize the JSON body into the target type');
  });
});

describe('demo node: info API', () => {
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ now: () => NOW })));
  after(() => node.close());

  function checkOrder(o: DemoOpenOrder): void {
    assert.match(o.coin, /\S/);
    assert.match(o.limitPx, /^\d+\.\d+$/);
    assert.match(o.sz, /^\d+\.\d+$/);
    assert.match(o.origSz, /^\d+\.\d+$/);
    assert.ok(o.side === 'A' || o.side === 'B');
    assert.ok(Number.isSafeInteger(o.oid));
    assert.ok(o.timestamp < NOW && o.timestamp > NOW - 86_400_000);
    // Only a position TP/SL has size 0 (the whole position).
    assert.ok((units(o.sz) > 0n || o.coin === 'ETH') && units(o.sz) <= units(o.origSz));
    if (o.cloid !== undefined) assert.match(o.cloid, /^0x[0-9a-f]{32}$/);
    if (o.reduceOnly !== undefined) assert.equal(o.reduceOnly, true);
  }

  it('lists the demo wallets as lowercase addresses', () => {
    assert.equal(DEMO_WALLETS.length, 3);
    for (const w of DEMO_WALLETS) assert.match(w.address, /^0x[0-9a-f]{40}$/);
    assert.equal(new Set(DEMO_WALLETS.map((w) => w.address)).size, 3);
  });

  it('gives the market maker perps on both sides and spot orders under @N and PAIR names on the first dex', async () => {
    const orders: DemoOpenOrder[] = await info(node, { type: 'openOrders', user: MAKER, dex: '' });
    orders.forEach(checkOrder);
    for (const coin of ['BTC', 'ETH', 'HYPE']) {
      assert.ok(
        orders.some((o) => o.coin === coin && o.side === 'B'),
        `${coin} bid`,
      );
      assert.ok(
        orders.some((o) => o.coin === coin && o.side === 'A'),
        `${coin} ask`,
      );
    }
    assert.ok(orders.some((o) => o.coin === '@107'));
    assert.ok(orders.some((o) => o.coin === 'PURR/USDC'));
    assert.ok(!orders.some((o) => o.coin.startsWith('xyz:')));
    assert.ok(orders.some((o) => o.cloid !== undefined) && orders.some((o) => o.cloid === undefined));
    assert.ok(orders.some((o) => o.reduceOnly === true));
    assert.equal(new Set(orders.map((o) => o.oid)).size, orders.length);
    // Bids below asks for each coin, in the churning book (the standing trigger orders, oids below it, are no quotes).
    const book = orders.filter((o) => o.oid >= 42_180_000_000);
    for (const coin of new Set(book.map((o) => o.coin))) {
      const bids = book.filter((o) => o.coin === coin && o.side === 'B').map((o) => units(o.limitPx));
      const asks = book.filter((o) => o.coin === coin && o.side === 'A').map((o) => units(o.limitPx));
      if (bids.length && asks.length)
        assert.ok(
          bids.every((b) => asks.every((a) => b < a)),
          coin,
        );
    }
  });

  it('defaults dex to "" and accepts a checksummed address', async () => {
    const fresh = await startDemoNode({ now: () => NOW });
    try {
      const a = await info(fresh, { type: 'openOrders', user: MAKER.toUpperCase().replace('0X', '0x') });
      assert.deepEqual(a, demoOpenOrders(MAKER, '', 0, NOW));
    } finally {
      await fresh.close();
    }
  });

  it('gives the market maker orders on the second perp dex, with dex-prefixed coins and no spot', async () => {
    const orders: DemoOpenOrder[] = await info(node, { type: 'openOrders', user: MAKER, dex: 'xyz' });
    assert.ok(orders.length > 0);
    orders.forEach(checkOrder);
    assert.ok(orders.every((o) => o.coin.startsWith('xyz:')));
    assert.ok(orders.some((o) => o.coin === 'xyz:XYZ100'));
  });

  it('gives the whale exactly 5,000 orders, only on the first dex', async () => {
    const orders: DemoOpenOrder[] = await info(node, { type: 'openOrders', user: WHALE, dex: '' });
    assert.equal(orders.length, 5_000);
    assert.equal(new Set(orders.map((o) => o.oid)).size, 5_000);
    orders.forEach(checkOrder);
    assert.deepEqual(await info(node, { type: 'openOrders', user: WHALE, dex: 'xyz' }), []);
  });

  it('gives [] to the empty wallet and to unknown addresses', async () => {
    assert.deepEqual(await info(node, { type: 'openOrders', user: EMPTY, dex: '' }), []);
    assert.deepEqual(await info(node, { type: 'openOrders', user: '0x' + '1'.repeat(40), dex: '' }), []);
  });

  it('answers perpDexs with null for the first dex, then flx, outage and xyz', async () => {
    const dexs = await info(node, { type: 'perpDexs' });
    assert.equal(dexs[0], null);
    assert.deepEqual(
      dexs.slice(1).map((d: Json) => d.name),
      ['flx', 'outage', 'xyz'],
    );
    for (const d of dexs.slice(1)) assert.match(d.deployer, /^0x[0-9a-f]{40}$/);
  });

  it('answers frontendOpenOrders in the real shape: plain limits with the wire defaults, a stop, a position TP/SL of size 0, a parent with children that also come alone, an outcome coin', async () => {
    const orders: Json[] = await info(node, { type: 'frontendOpenOrders', user: MAKER, dex: '' });
    const plainLimit = orders.find((o) => o.coin === 'BTC' && o.orderType === 'Limit')!;
    // As seen on the wire (QuickNode's dataset): the defaults of a plain resting limit order.
    assert.deepEqual(
      {
        triggerCondition: plainLimit.triggerCondition,
        isTrigger: plainLimit.isTrigger,
        triggerPx: plainLimit.triggerPx,
        children: plainLimit.children,
        isPositionTpsl: plainLimit.isPositionTpsl,
        tif: plainLimit.tif,
      },
      { triggerCondition: 'N/A', isTrigger: false, triggerPx: '0.0', children: [], isPositionTpsl: false, tif: 'Gtc' },
    );
    const stop = orders.find((o) => o.orderType === 'Stop Market' && o.coin === 'BTC')!;
    assert.equal(stop.isTrigger, true);
    assert.equal(stop.tif, null);
    assert.match(stop.triggerCondition, /^Price below \d+/);
    const tpsl = orders.find((o) => o.isPositionTpsl)!;
    assert.equal(tpsl.sz, '0.0');
    const parent = orders.find((o) => o.children.length > 0)!;
    assert.equal(parent.children.length, 2);
    for (const c of parent.children)
      assert.ok(
        orders.some((o) => o.oid === c.oid),
        'a child also comes as an order of its own',
      );
    assert.ok(
      orders.some((o) => o.coin.startsWith('#')),
      'an outcome coin',
    );
  });

  it('answers openOrders with the same orders, without frontend fields', async () => {
    const node2 = await startDemoNode({ now: () => NOW });
    try {
      const rich: Json[] = await info(node2, { type: 'frontendOpenOrders', user: MAKER, dex: '' });
      await node2.close();
      const node3 = await startDemoNode({ now: () => NOW });
      const plain: Json[] = await info(node3, { type: 'openOrders', user: MAKER, dex: '' });
      await node3.close();
      assert.deepEqual(
        plain.map((o) => o.oid),
        rich.map((o) => o.oid),
      );
      assert.ok(plain.every((o) => o.orderType === undefined && o.children === undefined && o.triggerPx === undefined));
    } finally {
      await node2.close();
    }
  });

  it('answers meta with each dex’s collateral token (flx in USDH), allMids per dex, and 500 null for an unknown dex', async () => {
    assert.equal((await info(node, { type: 'meta', dex: '' })).collateralToken, 0);
    assert.equal((await info(node, { type: 'meta', dex: 'flx' })).collateralToken, 360);
    const spot = await info(node, { type: 'spotMeta' });
    assert.equal(spot.tokens.find((t: Json) => t.index === 360).name, 'USDH');
    const unknown = await post(infoUrl(node), { type: 'meta', dex: 'nope' });
    assert.equal(unknown.status, 500);
    assert.equal(unknown.text, 'null');
    const mids = await info(node, { type: 'allMids', dex: 'xyz' });
    assert.deepEqual(Object.keys(mids).sort(), ['xyz:GOLD', 'xyz:NVDA', 'xyz:XYZ100']);
    const first = await info(node, { type: 'allMids', dex: '' });
    assert.ok(first.BTC && first['@107'] && first['#1'] && !first['xyz:GOLD']);
  });

  it('fails the outage dex for the market maker only (HTTP 500 null)', async () => {
    const failing = await post(infoUrl(node), { type: 'frontendOpenOrders', user: MAKER, dex: 'outage' });
    assert.equal(failing.status, 500);
    assert.equal(failing.text, 'null');
    assert.deepEqual(await info(node, { type: 'frontendOpenOrders', user: WHALE, dex: 'outage' }), []);
  });

  it('answers spotMeta where universe positions differ from index, so only index lookup is right', async () => {
    const meta = await info(node, { type: 'spotMeta' });
    assert.ok(meta.tokens.length >= 6 && meta.tokens.length <= 12);
    assert.ok(meta.universe.length >= 5 && meta.universe.length <= 12);
    assert.ok(meta.universe.some((p: Json, i: number) => p.index !== i));
    const pair107 = meta.universe.find((p: Json) => p.index === 107);
    assert.equal(pair107.name, '@107');
    assert.equal(meta.universe[107], undefined);
    const token = (i: number) => meta.tokens.find((t: Json) => t.index === i).name;
    assert.equal(`${token(pair107.tokens[0])}/${token(pair107.tokens[1])}`, 'HYPE/USDC');
    const quotes = new Set(meta.universe.map((p: Json) => token(p.tokens[1])));
    assert.ok(quotes.has('USDT0') || quotes.has('USDH'), 'a pair not quoted in USDC');
    assert.equal(meta.universe.find((p: Json) => p.name === 'PURR/USDC').index, 0);
    for (const t of meta.tokens) {
      for (const k of ['name', 'szDecimals', 'weiDecimals', 'index', 'tokenId', 'isCanonical']) assert.ok(k in t, k);
    }
    // Every spot coin the demo wallets trade resolves.
    const orders: DemoOpenOrder[] = [...demoOpenOrders(MAKER, '', 0, NOW), ...demoOpenOrders(WHALE, '', 0, NOW)];
    for (const o of orders.filter((x) => x.coin.startsWith('@') || x.coin.includes('/'))) assert.ok(demoSpotPairName(o.coin), o.coin);
  });
});

describe('demo node: open orders evolve between refreshes', () => {
  function diff(before: DemoOpenOrder[], after: DemoOpenOrder[]) {
    const old = new Map(before.map((o) => [o.oid, o]));
    const now = new Map(after.map((o) => [o.oid, o]));
    return {
      gone: before.filter((o) => !now.has(o.oid)),
      added: after.filter((o) => !old.has(o.oid)),
      partial: after.filter((o) => {
        const was = old.get(o.oid);
        return was !== undefined && units(o.sz) < units(was.sz) && o.origSz === was.origSz;
      }),
      changedOtherwise: after.filter((o) => {
        const was = old.get(o.oid);
        return was !== undefined && JSON.stringify({ ...was, sz: '' }) !== JSON.stringify({ ...o, sz: '' });
      }),
    };
  }

  it('serves epoch 0, 1, 2, … per (user, dex), advancing after each answer', async () => {
    const node = await startDemoNode({ now: () => NOW });
    try {
      for (let e = 0; e < 4; e++) {
        assert.deepEqual(await info(node, { type: 'openOrders', user: MAKER, dex: '' }), demoOpenOrders(MAKER, '', e, NOW), `epoch ${e}`);
      }
      // The xyz dex has its own epoch, still at 0.
      assert.deepEqual(await info(node, { type: 'openOrders', user: MAKER, dex: 'xyz' }), demoOpenOrders(MAKER, 'xyz', 0, NOW));
    } finally {
      await node.close();
    }
  });

  it('says with orderStatus what became of each order that left: filled, canceled, …; open while listed; unknownOid otherwise', async () => {
    const node = await startDemoNode({ now: () => NOW });
    try {
      const first: Json[] = await info(node, { type: 'frontendOpenOrders', user: MAKER, dex: '' });
      const open = await info(node, { type: 'orderStatus', user: MAKER, oid: first[0].oid });
      assert.equal(open.status, 'order');
      assert.equal(open.order.status, 'open');
      const fates: string[] = [];
      let prev = first;
      for (let e = 1; e <= 8; e++) {
        const next: Json[] = await info(node, { type: 'frontendOpenOrders', user: MAKER, dex: '' });
        for (const gone of prev.filter((o) => !next.some((n) => n.oid === o.oid))) {
          const status = await info(node, { type: 'orderStatus', user: MAKER, oid: gone.oid });
          assert.equal(status.status, 'order');
          assert.equal(status.order.order.oid, gone.oid);
          assert.ok(Number.isSafeInteger(status.order.statusTimestamp));
          fates.push(status.order.status);
        }
        prev = next;
      }
      assert.deepEqual(fates.slice(0, 2), ['filled', 'canceled'], 'the first two orders to leave: one filled, one cancelled');
      assert.ok(fates.includes('marginCanceled') && fates.includes('triggered'), fates.join());
      assert.deepEqual(await info(node, { type: 'orderStatus', user: MAKER, oid: 1 }), { status: 'unknownOid' });
      assert.deepEqual(await info(node, { type: 'orderStatus', user: EMPTY, oid: first[0].oid }), { status: 'unknownOid' });
    } finally {
      await node.close();
    }
  });

  it('has, between any two consecutive epochs, an order gone, a new order and a partial fill', () => {
    for (const dex of ['', 'xyz', 'flx']) {
      let prev = demoOpenOrders(MAKER, dex, 0, NOW);
      for (let e = 1; e <= 120; e++) {
        const next = demoOpenOrders(MAKER, dex, e, NOW);
        const d = diff(prev, next);
        assert.ok(d.gone.length >= 1, `dex "${dex}" epoch ${e}: gone`);
        assert.ok(d.added.length >= 1, `dex "${dex}" epoch ${e}: new`);
        assert.ok(d.partial.length >= 1, `dex "${dex}" epoch ${e}: partial`);
        assert.deepEqual(d.changedOtherwise, [], `dex "${dex}" epoch ${e}: nothing else changes`);
        const maxOld = Math.max(...prev.map((o) => o.oid));
        assert.ok(
          d.added.every((o) => o.oid > maxOld),
          'new orders get higher oids',
        );
        next.forEach((o) => assert.ok(units(o.sz) <= units(o.origSz) && (units(o.sz) > 0n || o.coin === 'ETH')));
        prev = next;
      }
    }
  });

  it('keeps the whale constant', () => {
    assert.deepEqual(demoOpenOrders(WHALE, '', 0, NOW), demoOpenOrders(WHALE, '', 7, NOW));
  });

  it('stamps new orders just before the time their epoch was first answered', async () => {
    let clock = NOW;
    const node = await startDemoNode({ now: () => clock });
    try {
      const first: DemoOpenOrder[] = await info(node, { type: 'openOrders', user: MAKER, dex: '' });
      clock += 60_000;
      const second: DemoOpenOrder[] = await info(node, { type: 'openOrders', user: MAKER, dex: '' });
      const added = second.filter((o) => !first.some((f) => f.oid === o.oid));
      assert.ok(added.length >= 1);
      for (const o of added) assert.ok(o.timestamp < clock && o.timestamp > NOW, `${o.timestamp}`);
      // Orders seen before keep their timestamps.
      for (const o of second) {
        const was = first.find((f) => f.oid === o.oid);
        if (was) assert.equal(o.timestamp, was.timestamp);
      }
    } finally {
      await node.close();
    }
  });
});

describe('demo node: faults', () => {
  let node: DemoNode;
  before(async () => (node = await startDemoNode({ now: () => NOW })));
  after(() => node.close());
  afterEach(() => node.clearFaults());

  const blockNumber = { jsonrpc: '2.0', id: 5, method: 'eth_blockNumber', params: [] };

  it('latency: answers correctly, later', async () => {
    node.setFaults([{ kind: 'latency', ms: 300, times: 1 }]);
    const t = performance.now();
    const r = await post(evmUrl(node), blockNumber);
    assert.ok(performance.now() - t >= 280);
    assert.equal(JSON.parse(r.text).result, '0x' + DEMO_HEAD.toString(16));
    const t2 = performance.now();
    await post(evmUrl(node), blockNumber);
    assert.ok(performance.now() - t2 < 250, 'only once');
  });

  it('status: 429 with Retry-After and a provider body, for `times` requests only', async () => {
    node.setFaults([{ kind: 'status', status: 429, retryAfter: '2', times: 2 }]);
    for (let i = 0; i < 2; i++) {
      const r = await post(evmUrl(node), blockNumber);
      assert.equal(r.status, 429);
      assert.equal(r.headers.get('retry-after'), '2');
      assert.equal(JSON.parse(r.text).error.code, 429);
    }
    assert.equal((await post(evmUrl(node), blockNumber)).status, 200);
  });

  it('status: 500 null on info, an HTML page on 502, a custom body when given', async () => {
    node.setFaults([
      { kind: 'status', status: 500, endpoint: 'info', times: 1 },
      { kind: 'status', status: 502, times: 1 },
      { kind: 'status', status: 503, body: 'down for maintenance', times: 1 },
    ]);
    const a = await post(infoUrl(node), { type: 'spotMeta' });
    assert.equal(a.status, 500);
    assert.equal(a.text, 'null');
    const b = await post(evmUrl(node), blockNumber);
    assert.equal(b.status, 502);
    assert.match(b.type, /text\/html/);
    assert.match(b.text, /<html>/);
    const c = await post(evmUrl(node), blockNumber);
    assert.equal(c.status, 503);
    assert.equal(c.text, 'down for maintenance');
  });

  it('applies faults in order, filtered by endpoint and method', async () => {
    node.setFaults([
      { kind: 'status', status: 500, method: 'ots_getBlockDetails', times: 1 },
      { kind: 'status', status: 503, endpoint: 'info', times: 1 },
    ]);
    assert.equal((await post(evmUrl(node), blockNumber)).status, 200, 'eth_blockNumber is not targeted');
    assert.equal((await post(evmUrl(node), { jsonrpc: '2.0', id: 1, method: 'ots_getBlockDetails', params: [1] })).status, 500);
    assert.equal((await post(evmUrl(node), { jsonrpc: '2.0', id: 1, method: 'ots_getBlockDetails', params: [1] })).status, 200);
    assert.equal((await post(infoUrl(node), { type: 'perpDexs' })).status, 503);
    assert.equal((await post(infoUrl(node), { type: 'perpDexs' })).status, 200);
  });

  it('malformedJson: HTTP 200 application/json that does not parse', async () => {
    node.setFaults([{ kind: 'malformedJson', times: 1 }]);
    const r = await post(evmUrl(node), blockNumber);
    assert.equal(r.status, 200);
    assert.match(r.type, /application\/json/);
    assert.throws(() => JSON.parse(r.text), SyntaxError);
  });

  it('truncated: declares the full length, sends half, then drops the connection', async () => {
    node.setFaults([{ kind: 'truncated', times: 1 }]);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ots_getBlockDetails', params: [DEMO_BLOCKS.bigBlock] });
    const r = await rawPost(evmUrl(node), body);
    assert.equal(r.status, 200);
    assert.ok(r.failed);
    const declared = Number(r.headers?.['content-length']);
    assert.ok(declared > 1000);
    assert.ok(r.received < declared);
    node.setFaults([{ kind: 'truncated', times: 1 }]);
    await assert.rejects(fetch(evmUrl(node), { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((x) => x.text()));
  });

  it('reset: the connection dies without an answer', async () => {
    node.setFaults([{ kind: 'reset', times: 1 }]);
    const r = await rawPost(evmUrl(node), JSON.stringify(blockNumber));
    assert.equal(r.status, undefined);
    assert.ok(r.failed);
    node.setFaults([{ kind: 'reset', times: 1 }]);
    await assert.rejects(post(evmUrl(node), blockNumber));
    assert.equal((await post(evmUrl(node), blockNumber)).status, 200);
  });

  it('oversize: a valid-looking JSON body of exactly the size asked, with or without Content-Length', async () => {
    node.setFaults([{ kind: 'oversize', bytes: 3_000_000, times: 1 }]);
    const r = await fetch(evmUrl(node), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(blockNumber) });
    assert.equal(r.headers.get('content-length'), '3000000');
    const text = await r.text();
    assert.equal(Buffer.byteLength(text), 3_000_000);
    assert.equal(JSON.parse(text).id, 5);
    node.setFaults([{ kind: 'oversize', bytes: 2_000_000, chunked: true, endpoint: 'info', times: 1 }]);
    const c = await fetch(infoUrl(node), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"spotMeta"}' });
    assert.equal(c.headers.get('content-length'), null);
    const ctext = await c.text();
    assert.equal(Buffer.byteLength(ctext), 2_000_000);
    assert.ok(Array.isArray(JSON.parse(ctext)));
  });

  it('wrongId: the real answer under another id', async () => {
    node.setFaults([{ kind: 'wrongId', times: 1 }]);
    const r = JSON.parse((await post(evmUrl(node), blockNumber)).text);
    assert.notEqual(r.id, 5);
    assert.equal(r.result, '0x' + DEMO_HEAD.toString(16));
  });

  it('hang: never answers, and close() still ends it', async () => {
    const own = await startDemoNode({ now: () => NOW });
    own.setFaults([{ kind: 'hang' }]);
    await assert.rejects(
      post(evmUrl(own), blockNumber, 'application/json', AbortSignal.timeout(300)),
      (e: Error) => e.name === 'TimeoutError' || e.name === 'AbortError',
    );
    const pending = post(evmUrl(own), blockNumber).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();
    await own.close();
    assert.ok(performance.now() - t < 1000);
    assert.equal(await pending, 'failed');
  });

  it('respond: exactly the crafted body, status and content type', async () => {
    const body = '<script>alert(1)</script>';
    node.setFaults([{ kind: 'respond', body, status: 200, contentType: 'text/html', times: 1 }]);
    const r = await post(infoUrl(node), { type: 'spotMeta' });
    assert.equal(r.status, 200);
    assert.equal(r.type, 'text/html');
    assert.equal(r.text, body);
  });

  it('respond with echoId: the crafted JSON-RPC body answers the request it replaces, under that request’s id', async () => {
    const crafted = { jsonrpc: '2.0', id: 0, error: { code: -32603, message: 'crafted' } };
    node.setFaults([{ kind: 'respond', endpoint: 'evm', method: 'ots_getBlockDetails', echoId: true, times: 2, body: JSON.stringify(crafted) }]);
    assert.deepEqual(await rpc(node, 'ots_getBlockDetails', [1], 7), { ...crafted, id: 7 });
    assert.deepEqual(await rpc(node, 'ots_getBlockDetails', [1], 'x'), { ...crafted, id: 'x' });
    node.setFaults([{ kind: 'respond', endpoint: 'evm', times: 1, body: JSON.stringify(crafted) }]);
    assert.deepEqual(await rpc(node, 'ots_getBlockDetails', [1], 7), crafted, 'without echoId the body is sent as it is');
  });

  it('does not advance an openOrders epoch when a fault replaced the answer', async () => {
    const own = await startDemoNode({ now: () => NOW });
    try {
      own.setFaults([{ kind: 'status', status: 500, endpoint: 'info', times: 1 }]);
      assert.equal((await post(infoUrl(own), { type: 'openOrders', user: MAKER })).status, 500);
      assert.deepEqual(await info(own, { type: 'openOrders', user: MAKER }), demoOpenOrders(MAKER, '', 0, NOW));
    } finally {
      await own.close();
    }
  });
});

describe('demo node: control endpoints', () => {
  it('lets an out-of-process test set and clear faults when enabled', async () => {
    const node = await startDemoNode({ control: true, now: () => NOW });
    try {
      const set = await post(`${node.baseUrl}/__demo/faults`, [{ kind: 'status', status: 503, endpoint: 'evm' }]);
      assert.equal(set.status, 200);
      const call = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] };
      assert.equal((await post(evmUrl(node), call)).status, 503);
      assert.equal((await post(evmUrl(node), call)).status, 503, 'until cleared');
      const state = await (await fetch(`${node.baseUrl}/__demo/state`)).json();
      assert.equal(state.faults, 1);
      assert.equal((await post(`${node.baseUrl}/__demo/reset`, '')).status, 200);
      assert.equal((await post(evmUrl(node), call)).status, 200);
      assert.equal((await post(`${node.baseUrl}/__demo/faults`, [{ kind: 'explode' }])).status, 400);
      assert.equal((await post(`${node.baseUrl}/__demo/faults`, { kind: 'hang' })).status, 400);
    } finally {
      await node.close();
    }
  });

  it('answers 404 on the control paths when not enabled', async () => {
    const node = await startDemoNode();
    try {
      assert.equal((await post(`${node.baseUrl}/__demo/faults`, [])).status, 404);
      assert.equal((await post(`${node.baseUrl}/__demo/reset`, '')).status, 404);
    } finally {
      await node.close();
    }
  });
});

describe('demo node: command line', () => {
  it('prints one JSON line when listening, serves (here without ots_traceTransaction), and exits on SIGTERM', async function () {
    this.timeout(30_000);
    const cli = path.join(__dirname, '../../src/demo/cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--control', '--without', 'ots_traceTransaction'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (c: string) => {
          out += c;
          if (out.includes('\n')) resolve(out.split('\n')[0] as string);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const info = JSON.parse(line);
      assert.deepEqual(Object.keys(info).sort(), ['apiKey', 'baseUrl', 'port']);
      assert.equal(info.baseUrl, `http://127.0.0.1:${info.port}`);
      const r = await post(`${info.baseUrl}/${info.apiKey}/evm`, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
      assert.equal(JSON.parse(r.text).result, '0x' + DEMO_HEAD.toString(16));
      // --without ots_traceTransaction: a node without traces, the rest as usual (and not undone by a reset).
      const hash = demoBlockModel(DEMO_BLOCKS.hoverBlock)!.transactions[0]!.hash;
      const ask = async (method: string) =>
        JSON.parse((await post(`${info.baseUrl}/${info.apiKey}/evm`, { jsonrpc: '2.0', id: 2, method, params: [hash] })).text);
      assert.equal((await ask('ots_traceTransaction')).error.code, -32601);
      assert.equal((await ask('eth_getTransactionByHash')).result.hash, hash);
      assert.equal((await post(`${info.baseUrl}/__demo/reset`, '')).status, 200);
      assert.equal((await ask('ots_traceTransaction')).error.code, -32601);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
