/**
 * Crafted answers to the transaction page's requests (issue 17), through a hostile proxy in front of the
 * demo node: an answer for another hash, wrong shapes, numbers over 2^256, markup where an address
 * goes, a receipt of 100,001 logs, a trace of 50,001 entries, malformed revert data, error bodies that
 * echo the key. Each is refused with a short message naming the field, with no key in it; the
 * transaction page's load keeps what it got and gives each extra request's failure on its own.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ProviderError } from '../../../src/core/errors';
import type { Hash } from '../../../src/core/model';
import type { ProviderClients } from '../../../src/core/provider';
import { decodeRevert } from '../../../src/core/revert';
import { loadTransaction } from '../../../src/core/transactionLoad';
import { DEMO_SAMPLES } from '../../../src/demo/samples';
import { figures, incident } from '../support/figures';
import { itDecodesOrRefuses, useHostileProxy, type CraftedCase } from '../support/craftedAnswers';
import { mutateResult, rpcError } from '../support/hostileProxy';

type Json = any;

const OVER_2_256 = '0x1' + '0'.repeat(64);
const MARKUP = '<img src=x onerror=alert(1)>';
const S = DEMO_SAMPLES;

const tx = (c: ProviderClients) => c.evm.getTransaction(S.erc20TransferTx);
const receipt = (c: ProviderClients) => c.evm.getTransactionReceipt(S.erc20TransferTx);
const revert = (c: ProviderClients) => c.evm.getTransactionError(S.failedTx);
const trace = (c: ProviderClients) => c.evm.traceTransaction(S.internalTransfersTx);
const blockByHash = (c: ProviderClients) => c.evm.getBlockNumberByHash(S.blockHash);
const summary = (c: ProviderClients) => c.evm.getAddressSummary(S.contract);
const onTx = (change: (t: Json) => unknown) => mutateResult('eth_getTransactionByHash', (t) => (change(t), t));
const onReceipt = (change: (r: Json) => unknown) => mutateResult('eth_getTransactionReceipt', (r) => (change(r), r));
const onTrace = (change: (t: Json[]) => unknown) => mutateResult('ots_traceTransaction', (t) => (change(t), t));
const entry = { type: 'CALL', depth: 1, from: S.contract, to: S.account, value: '0x1', input: '0x', output: '0x' };

const CASES: CraftedCase[] = [
  // ---- an answer for something else ----
  {
    name: 'eth_getTransactionByHash answering for another transaction',
    call: tx,
    rule: () => onTx((t) => (t.hash = S.transferTx)),
    kind: 'invalidResponse',
    message: /^The node’s answer to eth_getTransactionByHash is for 0x[0-9a-f]{8}…[0-9a-f]{8}, not 0x[0-9a-f]{8}…[0-9a-f]{8} as asked\.$/,
  },
  {
    name: 'eth_getTransactionReceipt answering for another transaction',
    call: receipt,
    rule: () => onReceipt((r) => (r.transactionHash = S.transferTx)),
    kind: 'invalidResponse',
    message: /eth_getTransactionReceipt is for 0x/,
  },
  {
    name: 'eth_getBlockByHash answering with another block',
    call: blockByHash,
    rule: () => mutateResult('eth_getBlockByHash', (b) => ({ ...b, hash: S.unknownHash })),
    kind: 'invalidResponse',
    message: /eth_getBlockByHash is for 0x5e5e5e5e…5e5e5e5e/,
  },
  // ---- wrong shapes ----
  {
    name: 'a transaction as an array',
    call: tx,
    rule: () => mutateResult('eth_getTransactionByHash', (t) => [t]),
    kind: 'invalidResponse',
    message: /^The node’s answer to eth_getTransactionByHash: hash: Invalid key/,
  },
  {
    name: 'a transaction with markup for from',
    call: tx,
    rule: () => onTx((t) => (t.from = MARKUP)),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: from: expected a 0x address$/,
  },
  {
    name: 'a transaction value over 2^256',
    call: tx,
    rule: () => onTx((t) => (t.value = OVER_2_256)),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: value: expected a 0x hex quantity$/,
  },
  {
    name: 'a transaction type "two"',
    call: tx,
    rule: () => onTx((t) => (t.type = 'two')),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: type: /,
  },
  {
    name: 'a transaction type 0x100',
    call: tx,
    rule: () => onTx((t) => (t.type = '0x100')),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: type: /,
  },
  {
    name: 'calldata of odd length',
    call: tx,
    rule: () => onTx((t) => (t.input = '0xabc')),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: input: expected 0x hex bytes$/,
  },
  { name: 'a negative nonce', call: tx, rule: () => onTx((t) => (t.nonce = '-0x1')), kind: 'invalidResponse', message: /eth_getTransactionByHash: nonce: / },
  {
    name: 'a transaction without blockNumber (not even null)',
    call: tx,
    rule: () => onTx((t) => delete t.blockNumber),
    kind: 'invalidResponse',
    message: /eth_getTransactionByHash: blockNumber: Invalid key/,
  },
  {
    name: 'extra fields with markup and nesting (ignored, kept in raw only)',
    call: tx,
    rule: () => onTx((t) => Object.assign(t, { note: MARKUP, nested: { deep: [[[]]] } })),
    kind: 'ok',
    check: (t) => assert.equal(t.hash, S.erc20TransferTx),
  },
  {
    name: 'a receipt status 0x2',
    call: receipt,
    rule: () => onReceipt((r) => (r.status = '0x2')),
    kind: 'invalidResponse',
    message: /eth_getTransactionReceipt: status: expected 0x0 or 0x1$/,
  },
  {
    name: 'a log with five topics',
    call: receipt,
    rule: () => onReceipt((r) => r.logs[0].topics.push(...r.logs[0].topics)),
    kind: 'invalidResponse',
    message: /eth_getTransactionReceipt: logs\.0\.topics: a log has at most 4 topics$/,
  },
  {
    name: 'a log topic with markup',
    call: receipt,
    rule: () => onReceipt((r) => (r.logs[1].topics[1] = MARKUP)),
    kind: 'invalidResponse',
    message: /logs\.1\.topics\.1: expected a 32-byte 0x hash$/,
  },
  {
    name: 'a log address with markup',
    call: receipt,
    rule: () => onReceipt((r) => (r.logs[0].address = MARKUP)),
    kind: 'invalidResponse',
    message: /logs\.0\.address: expected a 0x address$/,
  },
  {
    name: 'a receipt of 100,001 logs',
    call: receipt,
    rule: () => onReceipt((r) => (r.logs = Array.from({ length: 100_001 }, () => ({ address: S.contract, topics: [], data: '0x' })))),
    kind: 'invalidResponse',
    message: /eth_getTransactionReceipt has 100,001 logs: more than this explorer reads \(100,000\)\.$/,
  },
  {
    name: 'revert data of odd length',
    call: revert,
    rule: () => mutateResult('ots_getTransactionError', () => '0x08c379a'),
    kind: 'invalidResponse',
    message: /ots_getTransactionError is neither 0x hex bytes nor a sentence\.$/,
  },
  {
    name: 'revert data as a number',
    call: revert,
    rule: () => mutateResult('ots_getTransactionError', () => 8),
    kind: 'invalidResponse',
    message: /ots_getTransactionError: Invalid type/,
  },
  {
    name: 'revert data of 2.5 MB',
    call: revert,
    rule: () => mutateResult('ots_getTransactionError', () => '0x' + 'ab'.repeat(2_500_000)),
    kind: 'invalidResponse',
    message: /ots_getTransactionError: revert data over 2 MB$/,
  },
  {
    name: 'Error(string) whose length points past the data (decoded as custom, not thrown)',
    call: (c) => revert(c).then(decodeRevert),
    rule: () => mutateResult('ots_getTransactionError', () => '0x08c379a0' + '20'.padStart(64, '0') + 'ffff'.padStart(64, '0') + '41'.repeat(32)),
    kind: 'ok',
    check: (r) => assert.deepEqual([r.kind, r.selector], ['custom', '0x08c379a0']),
  },
  {
    name: 'a revert sentence with markup (kept as text, decoded as the message)',
    call: (c) => revert(c).then(decodeRevert),
    rule: () => mutateResult('ots_getTransactionError', () => `execution reverted: ${MARKUP}`),
    kind: 'ok',
    check: (r) => assert.deepEqual(r, { kind: 'error', message: MARKUP }),
  },
  {
    name: 'a trace of 50,001 entries',
    call: trace,
    rule: () => mutateResult('ots_traceTransaction', () => Array.from({ length: 50_001 }, () => entry)),
    kind: 'invalidResponse',
    message: /ots_traceTransaction has 50,001 entries: more than this explorer reads \(50,000\)\.$/,
  },
  {
    name: 'a trace as an object',
    call: trace,
    rule: () => mutateResult('ots_traceTransaction', (t) => ({ calls: t })),
    kind: 'invalidResponse',
    message: /ots_traceTransaction: Invalid type/,
  },
  {
    name: 'a trace entry of depth 1,000,000',
    call: trace,
    rule: () => onTrace((t) => (t[1].depth = 1_000_000)),
    kind: 'invalidResponse',
    message: /ots_traceTransaction: 1\.depth: expected a call depth up to 1,024$/,
  },
  {
    name: 'a trace entry type with markup',
    call: trace,
    rule: () => onTrace((t) => (t[0].type = MARKUP)),
    kind: 'invalidResponse',
    message: /ots_traceTransaction: 0\.type: expected a call type such as CALL$/,
  },
  {
    name: 'a trace value over 2^256',
    call: trace,
    rule: () => onTrace((t) => (t[1].value = OVER_2_256)),
    kind: 'invalidResponse',
    message: /ots_traceTransaction: 1\.value: expected a 0x hex quantity$/,
  },
  {
    name: 'a trace to with markup',
    call: trace,
    rule: () => onTrace((t) => (t[1].to = MARKUP)),
    kind: 'invalidResponse',
    message: /ots_traceTransaction: 1\.to: expected a 0x address$/,
  },
  {
    name: 'eth_getCode as a number',
    call: summary,
    rule: () => mutateResult('eth_getCode', () => 96),
    kind: 'invalidResponse',
    message: /eth_getCode: Invalid type/,
  },
  {
    name: 'a balance over 2^256',
    call: summary,
    rule: () => mutateResult('eth_getBalance', () => OVER_2_256),
    kind: 'invalidResponse',
    message: /eth_getBalance: expected a 0x hex quantity$/,
  },
  {
    name: 'a block by hash with a numeric number',
    call: blockByHash,
    rule: () => mutateResult('eth_getBlockByHash', (b) => ({ ...b, number: 19_999_983 })),
    kind: 'invalidResponse',
    message: /eth_getBlockByHash: number: Invalid type/,
  },
  // ---- errors that echo the key ----
  ...(
    [
      'eth_getTransactionByHash',
      'eth_getTransactionReceipt',
      'ots_getTransactionError',
      'ots_traceTransaction',
      'eth_getBlockByHash',
      'eth_getBalance',
    ] as const
  ).map((method): CraftedCase => ({
    name: `${method}: a JSON-RPC error echoing the URL, the key and markup`,
    call: {
      eth_getTransactionByHash: tx,
      eth_getTransactionReceipt: receipt,
      ots_getTransactionError: revert,
      ots_traceTransaction: trace,
      eth_getBlockByHash: blockByHash,
      eth_getBalance: summary,
    }[method],
    rule: (key, base) => rpcError(method, -32000, `failed at ${base}/${key}/evm for ${key} ${MARKUP}`),
    kind: 'rpc',
    message: /^The node returned JSON-RPC error -32000: failed at http:\/\/127\.0\.0\.1:\d+\/\[redacted\] for \[redacted\] <img src=x onerror=alert\(1\)>$/,
  })),
];

describe('hostile: crafted answers to the transaction requests', function () {
  this.timeout(60_000);
  const h = useHostileProxy(10_000);

  itDecodesOrRefuses(h, CASES);

  it('the transaction page’s load keeps the transaction and receipt when the trace is refused, and says why, without the key', async () => {
    h.proxy.setRule(mutateResult('ots_traceTransaction', () => Array.from({ length: 50_001 }, () => entry)));
    try {
      const b = await loadTransaction(h.clients.evm, S.failedTx);
      figures.responsesMutated += 1;
      assert.ok(b && b.receipt.ok && b.revert?.ok, 'the rest stays');
      assert.ok(!b.trace.ok && !b.trace.unsupported && b.trace.error.kind === 'invalidResponse');
      h.leaks.checkError('load: trace refused', b.trace.error);
    } finally {
      h.proxy.setRule(undefined);
    }
  });

  it('the load gives a refused revert reason on its own, and still the trace', async () => {
    h.proxy.setRule(mutateResult('ots_getTransactionError', () => ({ data: '0x' })));
    try {
      const b = await loadTransaction(h.clients.evm, S.panicTx);
      figures.responsesMutated += 1;
      assert.ok(b && b.revert && !b.revert.ok && b.revert.error.kind === 'invalidResponse');
      assert.ok(b.trace.ok && b.receipt.ok);
    } finally {
      h.proxy.setRule(undefined);
    }
  });

  it('a whole transaction swapped for another one is no page: the load fails, it does not show the other', async () => {
    h.proxy.setRule(mutateResult('eth_getTransactionByHash', () => null));
    try {
      assert.equal(await loadTransaction(h.clients.evm, S.failedTx), null, 'null from the node: no such transaction');
    } finally {
      h.proxy.setRule(undefined);
    }
    h.proxy.setRule(onTx((t) => (t.hash = S.panicTx)));
    try {
      await assert.rejects(loadTransaction(h.clients.evm, S.failedTx), (e: ProviderError) => e.kind === 'invalidResponse');
      figures.responsesMutated += 1;
    } finally {
      h.proxy.setRule(undefined);
    }
  });

  it('random revert data and random trace entries: always a ProviderError or a decoded value, never a crash (property)', async () => {
    const anyJson = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.uint8Array({ maxLength: 120 }).map((b) => '0x' + Buffer.from(b).toString('hex')),
      fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        anyJson,
        fc.array(
          fc.record({
            type: fc.oneof(fc.constantFrom('CALL', 'STATICCALL'), fc.string()),
            depth: fc.oneof(fc.nat(2000), fc.double()),
            from: fc.oneof(fc.constant(S.contract), fc.string()),
            to: fc.oneof(fc.constant(null), fc.constant(S.account), fc.string()),
            value: fc.oneof(fc.constant(null), fc.constant('0x0'), fc.string()),
          }),
          { maxLength: 5 },
        ),
        async (data, entries) => {
          h.proxy.setRule(
            async (req, upstream) =>
              (await mutateResult('ots_getTransactionError', () => data)(req, upstream)) ?? mutateResult('ots_traceTransaction', () => entries)(req, upstream),
          );
          try {
            for (const call of [
              () => h.clients.evm.getTransactionError(S.failedTx as Hash).then(decodeRevert),
              () => h.clients.evm.traceTransaction(S.failedTx as Hash),
            ]) {
              await call().then(
                () => undefined,
                (e: unknown) => {
                  if (!(e instanceof ProviderError)) {
                    incident('crashes', `random answer: ${String(e)}`);
                    throw e;
                  }
                  h.leaks.checkError('random answer', e);
                },
              );
              figures.responsesMutated += 1;
            }
          } finally {
            h.proxy.setRule(undefined);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
