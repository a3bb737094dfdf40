/**
 * When answers are validated (issue 16): a spec-shaped block's transactions by the range the panel reads,
 * not all at once; open orders checked in place (issue 15's fast path), with valibot only to say what is wrong. Over real HTTP
 * from a local server, through the real clients and the panel's block source.
 */
import * as assert from 'node:assert/strict';
import { BlockSource, jsonLength, MAX_ROWS_PER_REQUEST } from '../../src/blocks/blockSource';
import { toTransactionData } from '../../src/blocks/blockViewModel';
import { FIRST_ROWS } from '../../src/blocks/protocol';
import { ProviderError } from '../../src/core/errors';
import { blockTransactionsResult, SpecTransactions } from '../../src/core/schemas';
import { InvalidShapeError, openOrdersResult, toOpenOrders, validate, validateOrders } from '../../src/core/infoSchemas';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { DEMO_BLOCKS, demoBlockDetails } from '../../src/demo/chain';
import { fixture } from '../support/fixtures';
import { ScriptedServer } from '../support/scriptedServer';

type Json = any;

const N = DEMO_BLOCKS.hugeSpecBlock;

/** The demo's 10,000-transaction spec-shaped block, with `change` applied. */
function hugeBlock(change: (r: Json) => void = () => undefined): Json {
  const r = structuredClone(demoBlockDetails(N, Math.floor(Date.now() / 1000))) as Json;
  change(r);
  return r;
}

/** The rows the webview asks for: `[start, end)` in requests of at most MAX_ROWS_PER_REQUEST. */
async function rows(source: BlockSource, details: Awaited<ReturnType<BlockSource['block']>>, start: number, end: number) {
  return (await source.transactions(details, start, end)).map((tx, i) => toTransactionData(tx, start + i));
}

function isInvalid(message: RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof ProviderError, String(e));
    assert.equal(e.kind, 'invalidResponse');
    assert.match(e.message, message);
    return true;
  };
}

describe('validation by the range read (issue 16)', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;

  before(async () => {
    clients = createProviderClients(await server.start(), 'range-key-5a4b', { timeoutMs: 10_000, maxRetries: 0 });
  });
  after(() => server.stop());

  it('refuses a bad transaction in the third request of rows when it is asked for, never showing it, and serves the rest', async () => {
    const bad = 2 * MAX_ROWS_PER_REQUEST + 17; // in the third request of rows
    server.rpcResult(hugeBlock((r) => (r.block.transactions[bad].value = '0x1' + '0'.repeat(64)))); // over 2^256
    const source = new BlockSource(clients.evm);
    const details = await source.block(N);
    assert.equal(details.block.transactionCount, 10_000);
    // The block and its first screen are shown.
    assert.equal((await rows(source, details, 0, FIRST_ROWS)).length, FIRST_ROWS);
    assert.equal((await rows(source, details, MAX_ROWS_PER_REQUEST, 2 * MAX_ROWS_PER_REQUEST)).length, MAX_ROWS_PER_REQUEST);
    // The range holding it is refused, with the field named as a whole-block check would name it.
    const expected = new RegExp(`^The node’s answer to ots_getBlockDetails: block\\.transactions\\.${bad}\\.value: expected a 0x hex quantity$`);
    await assert.rejects(rows(source, details, 2 * MAX_ROWS_PER_REQUEST, 3 * MAX_ROWS_PER_REQUEST), isInvalid(expected));
    await assert.rejects(rows(source, details, bad, bad + 1), isInvalid(expected), 'asked again, refused again');
    // Ranges that do not hold it are served; all the way to the end.
    assert.equal((await rows(source, details, 3 * MAX_ROWS_PER_REQUEST, 4 * MAX_ROWS_PER_REQUEST)).length, MAX_ROWS_PER_REQUEST);
    assert.deepEqual(
      (await rows(source, details, bad - 1, bad)).map((r) => r.index),
      [bad - 1],
    );
    assert.equal((await rows(source, details, 9_900, 10_000)).at(-1)!.index, 9_999);
  });

  it('refuses the block itself when a transaction of the first screen is bad', async () => {
    server.rpcResult(hugeBlock((r) => (r.block.transactions[3].from = '<img src=x onerror=alert(1)>')));
    const source = new BlockSource(clients.evm);
    const details = await source.block(N);
    await assert.rejects(rows(source, details, 0, FIRST_ROWS), isInvalid(/ots_getBlockDetails: block\.transactions\.3\.from: expected a 0x address$/));
  });

  it('still refuses, before any row, a block whose transactionCount disagrees with its list, or whose list is not a list', async () => {
    server.rpcResult(hugeBlock((r) => r.block.transactions.pop()));
    await assert.rejects(clients.evm.getBlockDetails(N), isInvalid(/block\.transactionCount does not match the number of block\.transactions/));
    server.rpcResult(hugeBlock((r) => (r.block.transactions = { 0: r.block.transactions[0] })));
    await assert.rejects(
      clients.evm.getBlockDetails(N),
      isInvalid(/^The node’s answer to ots_getBlockDetails: block\.transactions: Invalid type: Expected Array$/),
    );
    server.rpcResult(hugeBlock((r) => (r.block.transactions = null)));
    await assert.rejects(clients.evm.getBlockDetails(N), isInvalid(/block\.transactions: Invalid type/));
  });

  it('decodes each transaction once, exactly as a whole-block decode would', async () => {
    const result = hugeBlock();
    server.rpcResult(result);
    const details = await clients.evm.getBlockDetails(N);
    const list = details.transactions!;
    assert.equal(list.length, 10_000);
    assert.equal(list.slice(5, 6)[0], list.slice(0, 10)[5], 'the same object when read again');
    assert.deepEqual(list.slice(-5, 3), [], 'bounds read as Array.prototype.slice reads them');
    assert.deepEqual(
      list.slice(-2).map((t) => t.hash),
      result.block.transactions.slice(-2).map((t: Json) => t.hash.toLowerCase()),
    );
    assert.equal(list.slice(9_998, 20_000).length, 2);
    const all = list.slice();
    assert.equal(all.length, 10_000);
    all.forEach((tx, i) => {
      const raw = result.block.transactions[i];
      assert.deepEqual(
        [tx.hash, tx.from, tx.to, tx.value, tx.gas, tx.gasPrice],
        [
          raw.hash.toLowerCase(),
          raw.from.toLowerCase(),
          raw.to?.toLowerCase() ?? null,
          BigInt(raw.value),
          BigInt(raw.gas),
          raw.gasPrice === undefined ? undefined : BigInt(raw.gasPrice),
        ],
      );
    });
  });
});

describe('transactions checked in place (issue 16)', () => {
  const fields = (t: Json) => [t.hash, t.from, t.to, t.value, t.gas, t.gasPrice, t.transactionIndex, t.input];
  /** What the schema alone says of one transaction: decoded, or its error message (as block.transactions.0…). */
  function bySchema(tx: unknown): unknown {
    try {
      return fields(
        validate(blockTransactionsResult, { fullblock: { number: '0x1', transactionCount: 1, transactions: [tx] } }, 'ots_getBlockDetails').fullblock
          .transactions[0],
      );
    } catch (e) {
      assert.ok(e instanceof InvalidShapeError);
      return e.message.replace('fullblock.transactions.', 'block.transactions.');
    }
  }
  function byCheck(tx: unknown): unknown {
    try {
      return fields(new SpecTransactions([tx], 'ots_getBlockDetails', 'block.transactions', (m) => new InvalidShapeError(m)).slice()[0]);
    } catch (e) {
      assert.ok(e instanceof InvalidShapeError);
      return e.message;
    }
  }

  it('decodes and refuses exactly as the schema does, field by field', () => {
    const base = {
      hash: '0x' + 'Ab'.repeat(32),
      from: '0x' + 'cD'.repeat(20),
      to: '0x' + '12'.repeat(20),
      value: '0xDE0B6B3A7640000',
      gas: '0x5208',
      gasPrice: '0x0',
      transactionIndex: 3,
      input: '0xa9059cbb',
    };
    const values: unknown[] = [
      undefined,
      null,
      true,
      0,
      -1,
      1.5,
      2 ** 53,
      '',
      'x',
      '0x',
      '0x0',
      '0x1f',
      '0x' + 'f'.repeat(64),
      '0x' + 'f'.repeat(65),
      '0x' + 'a'.repeat(13),
      '0x' + 'a'.repeat(14),
      '0x' + 'a'.repeat(40),
      '0x' + 'A'.repeat(64),
      '-0x1',
      [],
      {},
    ];
    let refused = 0;
    for (const key of [...Object.keys(base), 'extra']) {
      for (const value of values) {
        const tx: Record<string, unknown> = { ...base };
        if (value === undefined) delete tx[key];
        else tx[key] = value;
        const expected = bySchema(tx);
        if (typeof expected === 'string') refused += 1;
        assert.deepEqual(byCheck(tx), expected, `${key} = ${JSON.stringify(value)}`);
      }
    }
    assert.ok(refused > 60, `${refused} refusals compared`);
    for (const tx of [null, 'tx', 1, [], [base]]) assert.deepEqual(byCheck(tx), bySchema(tx), JSON.stringify(tx));
  });
});

describe('open orders checked in place (issue 16)', () => {
  /** What the schema alone says: the orders, or its error message. */
  function bySchema(json: unknown): unknown {
    try {
      return toOpenOrders(validate(openOrdersResult, json, 'openOrders'), json as unknown[]);
    } catch (e) {
      assert.ok(e instanceof InvalidShapeError);
      return e.message;
    }
  }
  function byCheck(json: unknown): unknown {
    try {
      return toOpenOrders(validateOrders(json, 'openOrders'), json as unknown[]);
    } catch (e) {
      assert.ok(e instanceof InvalidShapeError);
      return e.message;
    }
  }

  it('decodes and refuses exactly as the schema does, field by field', () => {
    const base: Json[] = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json').response;
    const values: unknown[] = [
      undefined,
      null,
      true,
      0,
      -1,
      1.5,
      2 ** 53,
      '',
      'x',
      '1.5',
      '-1',
      '9'.repeat(41),
      '0x' + 'a'.repeat(32),
      '0xZZ',
      'A',
      'B',
      'C',
      [],
      {},
      'y'.repeat(201),
    ];
    const keys = [
      'coin',
      'limitPx',
      'oid',
      'side',
      'sz',
      'timestamp',
      'origSz',
      'cloid',
      'reduceOnly',
      'orderType',
      'tif',
      'isTrigger',
      'triggerPx',
      'triggerCondition',
      'isPositionTpsl',
      'children',
      'extra',
    ];
    let refused = 0;
    for (const key of keys) {
      for (const value of values) {
        for (const where of ['top', 'child'] as const) {
          const json = structuredClone(base);
          const target = where === 'top' ? json[1] : json.find((o) => o.children?.length)?.children[0];
          if (!target) continue;
          if (value === undefined) delete target[key];
          else target[key] = value;
          const expected = bySchema(json);
          if (typeof expected === 'string') refused += 1;
          assert.deepEqual(byCheck(json), expected, `${where} ${key} = ${JSON.stringify(value)}`);
        }
      }
    }
    assert.ok(refused > 100, `${refused} refusals compared`);
    for (const json of [null, {}, [null], [[]], 'orders', [1]]) assert.deepEqual(byCheck(json), bySchema(json), JSON.stringify(json));
  });

  it('keeps the untouched items as raw', () => {
    const json: Json[] = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json').response;
    const orders = toOpenOrders(validateOrders(json, 'frontendOpenOrders'), json);
    orders.forEach((o, i) => assert.equal(o.raw, json[i]));
  });
});

describe('jsonLength', () => {
  it('is the length of the JSON text, counted without writing it', () => {
    for (const value of [
      null,
      0,
      -1.5e-7,
      123456789,
      true,
      false,
      '',
      'text',
      [],
      {},
      [1, 'a', null, [true, { b: [] }]],
      { a: 1, 'k y': 'v', n: { m: [null] } },
      hugeBlock(),
    ]) {
      assert.equal(jsonLength(value), JSON.stringify(value).length, JSON.stringify(value).slice(0, 60));
    }
  });

  it('counts answers nested 100,000 deep without running out of stack', () => {
    assert.equal(jsonLength(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000))), 200_000);
  });
});
