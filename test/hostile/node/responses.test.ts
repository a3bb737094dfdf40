/**
 * Crafted answers: the demo node's real answers rewritten by a hostile proxy (wrong types, missing and
 * extra fields, numbers over 2^256, negative numbers, a transaction count that does not match, JSON
 * nested 100,000 deep, keys that try prototype pollution, errors that echo the key). Each is refused
 * with a message that names the field, or — for harmless extras — decoded exactly as without them.
 */
import * as assert from 'node:assert/strict';
import { describeError, isProviderError } from '../../../src/core/errors';
import type { ProviderClients } from '../../../src/core/provider';
import { DEMO_BLOCKS, DEMO_WALLETS } from '../../../src/demo/demoNode';
import { toBlockView } from '../../../src/blocks/blockViewModel';
import { blockHoverContent, blockSummary, errorHoverContent } from '../../../src/hover/blockHoverContent';
import { hoverMarkdown } from '../../../src/hover/hoverContent';
import { untranslated } from '../../../src/view/format';
import { buildWalletView } from '../../../src/orders/ordersViewModel';
import { figures } from '../support/figures';
import { itDecodesOrRefuses, useHostileProxy, type CraftedCase } from '../support/craftedAnswers';
import { mutateInfo, mutateResult, rpcError } from '../support/hostileProxy';
import { assertMarkdownIsText } from '../support/markup';

type Json = any;

const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const OVER_2_256 = '0x1' + '0'.repeat(64);

const details = (c: ProviderClients) => c.evm.getBlockDetails(DEMO_BLOCKS.smallBlock);
const specDetails = (c: ProviderClients) => c.evm.getBlockDetails(DEMO_BLOCKS.bigBlock);
/** The spec-shaped block and all its rows, as the panel reads them (its transactions are validated then). */
const specRows = (c: ProviderClients) => c.evm.getBlockDetails(DEMO_BLOCKS.bigBlock).then((d) => d.transactions!.slice());
const page = (c: ProviderClients) => c.evm.getBlockTransactions(DEMO_BLOCKS.hugeBlock, 0, 100);
const orders = (c: ProviderClients) => c.info.openOrders(maker.address);
const spotMeta = (c: ProviderClients) => c.info.spotMeta();
const perpDexs = (c: ProviderClients) => c.info.perpDexs();

const onBlock = (change: (r: Json) => void) => mutateResult('ots_getBlockDetails', (r) => (change(r), r));
const onOrders = (change: (o: Json[]) => void) => mutateInfo('openOrders', (o) => (change(o), o));
const richOrders = (c: ProviderClients) => c.info.frontendOpenOrders(maker.address);
const onRich = (change: (o: Json[]) => void) => mutateInfo('frontendOpenOrders', (o) => (change(o), o));
const perpMeta = (c: ProviderClients) => c.info.perpMeta('flx');
const allMids = (c: ProviderClients) => c.info.allMids('');
const orderStatus = (c: ProviderClients) => c.info.orderStatus(maker.address, 42_170_000_101);

const RESPONSE_CASES: CraftedCase[] = [
  // ---- wrong types ----
  {
    name: 'block.number as a JSON number',
    call: details,
    rule: () => onBlock((r) => (r.block.number = 19999981)),
    kind: 'invalidResponse',
    message: /^The node’s answer to ots_getBlockDetails: block\.number: Invalid type/,
  },
  {
    name: 'block.gasUsed as a boolean',
    call: details,
    rule: () => onBlock((r) => (r.block.gasUsed = true)),
    kind: 'invalidResponse',
    message: /ots_getBlockDetails: block\.gasUsed: Invalid type/,
  },
  {
    name: 'transactionCount as a string',
    call: details,
    rule: () => onBlock((r) => (r.block.transactionCount = '12')),
    kind: 'invalidResponse',
    message: /block\.transactionCount: Invalid type/,
  },
  {
    name: 'block.hash that is not a hash',
    call: details,
    rule: () => onBlock((r) => (r.block.hash = '0x1234')),
    kind: 'invalidResponse',
    message: /block\.hash: expected a 32-byte 0x hash/,
  },
  {
    name: 'miner that is not an address',
    call: details,
    rule: () => onBlock((r) => (r.block.miner = '<img src=x onerror=alert(1)>')),
    kind: 'invalidResponse',
    message: /block\.miner: expected a 0x address$/,
  },
  {
    name: 'order side “C”',
    call: orders,
    rule: () => onOrders((o) => (o[0].side = 'C')),
    kind: 'invalidResponse',
    message: /^The provider’s answer to openOrders: 0\.side: Invalid type/,
  },
  {
    name: 'order oid as a string',
    call: orders,
    rule: () => onOrders((o) => (o[1].oid = String(o[1].oid))),
    kind: 'invalidResponse',
    message: /openOrders: 1\.oid: Invalid type/,
  },
  {
    name: 'frontend order triggerPx as a JSON number',
    call: richOrders,
    rule: () => onRich((o) => (o[0].triggerPx = 96000)),
    kind: 'invalidResponse',
    message: /^The provider’s answer to frontendOpenOrders: 0\.triggerPx: Invalid type/,
  },
  {
    name: 'frontend order isTrigger as a string',
    call: richOrders,
    rule: () => onRich((o) => (o[1].isTrigger = 'yes')),
    kind: 'invalidResponse',
    message: /frontendOpenOrders: 1\.isTrigger: Invalid type/,
  },
  {
    name: 'frontend order children as an object',
    call: richOrders,
    rule: () => onRich((o) => (o[0].children = {})),
    kind: 'invalidResponse',
    message: /frontendOpenOrders: 0\.children: Invalid type/,
  },
  {
    name: 'frontend child without oid',
    call: richOrders,
    rule: () => onRich((o) => delete o.find((x: Json) => x.children.length > 0).children[0].oid),
    kind: 'invalidResponse',
    message: /frontendOpenOrders: \d+\.children\.0\.oid: Invalid key/,
  },
  {
    name: 'a child’s own children hold junk (not read: no recursion below a child)',
    call: richOrders,
    rule: () => onRich((o) => (o.find((x: Json) => x.children.length > 0).children[0].children = [{ coin: 5, side: 'C' }])),
    kind: 'ok',
    check: (v) => assert.ok(v.some((o: Json) => o.children?.length === 2)),
  },
  {
    name: 'frontend orderType of 10,000 characters',
    call: richOrders,
    rule: () => onRich((o) => (o[0].orderType = 'x'.repeat(10_000))),
    kind: 'invalidResponse',
    message: /frontendOpenOrders: 0\.orderType: Invalid length/,
  },
  {
    name: 'meta collateralToken as a string',
    call: perpMeta,
    rule: () => mutateInfo('meta', (m) => ({ ...m, collateralToken: '360' })),
    kind: 'invalidResponse',
    message: /^The provider’s answer to meta: collateralToken: Invalid type/,
  },
  {
    name: 'meta without collateralToken (older nodes): no unit',
    call: perpMeta,
    rule: () => mutateInfo('meta', (m) => ({ universe: m.universe })),
    kind: 'ok',
    check: (v) => assert.deepEqual(v, { collateralToken: undefined }),
  },
  {
    name: 'allMids with a number for a mid',
    call: allMids,
    rule: () => mutateInfo('allMids', (m) => ({ ...m, BTC: 101240 })),
    kind: 'invalidResponse',
    message: /^The provider’s answer to allMids: BTC: Invalid type/,
  },
  { name: 'allMids as an array', call: allMids, rule: () => mutateInfo('allMids', () => []), kind: 'invalidResponse', message: /allMids: Invalid type/ },
  {
    name: 'orderStatus with an unknown status word',
    call: orderStatus,
    rule: () => mutateInfo('orderStatus', () => ({ status: 'maybe' })),
    kind: 'invalidResponse',
    message: /^The provider’s answer to orderStatus/,
  },
  {
    name: 'orderStatus without statusTimestamp',
    call: orderStatus,
    rule: () => mutateInfo('orderStatus', (r) => (delete r.order.statusTimestamp, r)),
    kind: 'invalidResponse',
    message: /^The provider’s answer to orderStatus/,
  },
  {
    name: 'orderStatus of a new status word: shown as sent',
    call: orderStatus,
    rule: () => mutateInfo('orderStatus', (r) => ((r.order.status = 'someNewCanceled'), r)),
    kind: 'ok',
    check: (v) => assert.equal(v.status, 'someNewCanceled'),
  },
  {
    name: 'order limitPx as a JSON number',
    call: orders,
    rule: () => onOrders((o) => (o[0].limitPx = 101240.5)),
    kind: 'invalidResponse',
    message: /openOrders: 0\.limitPx: Invalid type/,
  },
  {
    name: 'spotMeta tokens as an object',
    call: spotMeta,
    rule: () => mutateInfo('spotMeta', (m) => ({ ...m, tokens: {} })),
    kind: 'invalidResponse',
    message: /spotMeta: tokens: Invalid type/,
  },
  {
    name: 'perpDexs as an object',
    call: perpDexs,
    rule: () => mutateInfo('perpDexs', () => ({ dexs: [] })),
    kind: 'invalidResponse',
    message: /perpDexs: Invalid type/,
  },
  {
    name: 'a transaction page without transactionIndex',
    call: page,
    rule: () =>
      mutateResult('ots_getBlockTransactions', (r) => (r.fullblock.transactions.forEach((t: Json) => delete t.transactionIndex), (r.receipts = null), r)),
    kind: 'invalidResponse',
    message: /a transaction has no transactionIndex/,
  },
  // ---- missing fields ----
  { name: 'block without hash', call: details, rule: () => onBlock((r) => delete r.block.hash), kind: 'invalidResponse', message: /block\.hash: Invalid key/ },
  { name: 'no totalFees', call: details, rule: () => onBlock((r) => delete r.totalFees), kind: 'invalidResponse', message: /totalFees: Invalid key/ },
  { name: 'no issuance', call: details, rule: () => onBlock((r) => delete r.issuance), kind: 'invalidResponse', message: /issuance: Invalid key/ },
  {
    name: 'order without coin',
    call: orders,
    rule: () => onOrders((o) => delete o[2].coin),
    kind: 'invalidResponse',
    message: /openOrders: 2\.coin: Invalid key/,
  },
  {
    name: 'spotMeta without universe',
    call: spotMeta,
    rule: () => mutateInfo('spotMeta', (m) => ({ tokens: m.tokens })),
    kind: 'invalidResponse',
    message: /spotMeta: universe: Invalid key/,
  },
  {
    name: 'JSON-RPC answer with neither result nor error',
    call: details,
    rule: () => (req) => (req.endpoint === 'evm' ? { body: JSON.stringify({ jsonrpc: '2.0', id: (req.json as Json).id }) } : undefined),
    kind: 'invalidResponse',
    message: /has neither a result nor an error/,
  },
  {
    name: 'JSON-RPC answer that is an empty object',
    call: details,
    rule: () => (req) => (req.endpoint === 'evm' ? { body: '{}' } : undefined),
    kind: 'invalidResponse',
    message: /is not a JSON-RPC response \(it has no id\)/,
  },
  // ---- numbers out of range ----
  {
    name: 'gasUsed over 2^256',
    call: details,
    rule: () => onBlock((r) => (r.block.gasUsed = OVER_2_256)),
    kind: 'invalidResponse',
    message: /block\.gasUsed: expected a 0x hex quantity/,
  },
  {
    name: 'totalFees over 2^256',
    call: details,
    rule: () => onBlock((r) => (r.totalFees = '0x' + 'f'.repeat(65))),
    kind: 'invalidResponse',
    message: /totalFees: expected a 0x hex quantity/,
  },
  {
    name: 'transaction value over 2^256',
    call: page,
    rule: () => mutateResult('ots_getBlockTransactions', (r) => ((r.fullblock.transactions[0].value = OVER_2_256), r)),
    kind: 'invalidResponse',
    message: /fullblock\.transactions\.0\.value: expected a 0x hex quantity/,
  },
  {
    name: 'eth_blockNumber over 2^53',
    call: (c) => c.evm.getBlockNumber(),
    rule: () => mutateResult('eth_blockNumber', () => '0x' + 'f'.repeat(14)),
    kind: 'invalidResponse',
    message: /eth_blockNumber/,
  },
  {
    name: 'transactionCount 1e400 (Infinity)',
    call: details,
    rule: () => (req, upstream) =>
      req.methods.includes('ots_getBlockDetails')
        ? upstream().then((u) => ({ body: u.body.replace(/"transactionCount":\d+/, '"transactionCount":1e400') }))
        : undefined,
    kind: 'invalidResponse',
    message: /block\.transactionCount: Invalid/,
  },
  {
    name: 'order oid over 2^53',
    call: orders,
    rule: () => onOrders((o) => (o[0].oid = 2 ** 53 + 2)),
    kind: 'invalidResponse',
    message: /openOrders: 0\.oid: Invalid safe integer/,
  },
  {
    name: 'order size with 50 digits',
    call: orders,
    rule: () => onOrders((o) => (o[0].sz = '9'.repeat(50))),
    kind: 'invalidResponse',
    message: /openOrders: 0\.sz: expected a decimal number as a string/,
  },
  // ---- negative numbers ----
  {
    name: 'negative gasUsed',
    call: details,
    rule: () => onBlock((r) => (r.block.gasUsed = '-0x1')),
    kind: 'invalidResponse',
    message: /block\.gasUsed: expected a 0x hex quantity/,
  },
  {
    name: 'negative transactionCount',
    call: details,
    rule: () => onBlock((r) => (r.block.transactionCount = -1)),
    kind: 'invalidResponse',
    message: /block\.transactionCount: Invalid value/,
  },
  {
    name: 'negative order size',
    call: orders,
    rule: () => onOrders((o) => (o[0].sz = '-1.5')),
    kind: 'invalidResponse',
    message: /openOrders: 0\.sz: expected a decimal number/,
  },
  {
    name: 'negative order price',
    call: orders,
    rule: () => onOrders((o) => (o[0].limitPx = '-100')),
    kind: 'invalidResponse',
    message: /openOrders: 0\.limitPx: expected a decimal number/,
  },
  { name: 'negative oid', call: orders, rule: () => onOrders((o) => (o[0].oid = -5)), kind: 'invalidResponse', message: /openOrders: 0\.oid: Invalid value/ },
  {
    name: 'negative timestamp',
    call: orders,
    rule: () => onOrders((o) => (o[0].timestamp = -1)),
    kind: 'invalidResponse',
    message: /openOrders: 0\.timestamp: Invalid value/,
  },
  // ---- counts that do not add up ----
  {
    name: 'transactionCount over the transactions listed',
    call: specDetails,
    rule: () => onBlock((r) => (r.block.transactionCount += 1)),
    kind: 'invalidResponse',
    message: /block\.transactionCount does not match the number of block\.transactions/,
  },
  {
    name: 'transactions cut short',
    call: specDetails,
    rule: () => onBlock((r) => r.block.transactions.pop()),
    kind: 'invalidResponse',
    message: /does not match the number of block\.transactions/,
  },
  // Validated by the range read (issue 16): refused when the rows holding it are asked for, never shown.
  {
    name: 'a spec block’s last transaction with a markup address, read with its rows',
    call: specRows,
    rule: () => onBlock((r) => (r.block.transactions.at(-1).to = '<img src=x onerror=alert(1)>')),
    kind: 'invalidResponse',
    message: /^The node’s answer to ots_getBlockDetails: block\.transactions\.\d+\.to: expected a 0x address$/,
  },
  {
    name: 'a spec block’s transaction as a string, read with its rows',
    call: specRows,
    rule: () => onBlock((r) => (r.block.transactions[1] = 'tx')),
    kind: 'invalidResponse',
    message: /ots_getBlockDetails: block\.transactions\.1: Invalid type/,
  },
  // ---- extra fields: allowed, ignored, decoded exactly as without ----
  {
    name: 'extra header fields, extras nested as deep as answers may be, and __proto__ keys',
    call: specDetails,
    rule: () => (req, upstream) =>
      req.methods.includes('ots_getBlockDetails')
        ? upstream().then((u) => {
            const r = JSON.parse(u.body);
            Object.assign(r.result.block, { sha3Uncles: '0x' + '0'.repeat(64), extra: { nested: [1, { x: null }] }, deep: '@DEEP@' });
            r.result.block.transactions[0].note = '<script>window.__hostile=1</script>';
            // Written as text: an own "__proto__" key, as a hostile JSON body would carry it.
            // 60 levels inside result.block: 63 in all, one under the 64 any answer may have (issue 23).
            return {
              body: JSON.stringify(r).replace('"deep":"@DEEP@"', `"deep":${'['.repeat(60)}${']'.repeat(60)},"__proto__":{"transactions":[],"polluted":true}`),
            };
          })
        : undefined,
    kind: 'ok',
    check: (d) => {
      assert.equal(Number(d.block.number), DEMO_BLOCKS.bigBlock);
      assert.ok(d.transactions.length > 0 && d.transactions.length === d.block.transactionCount, 'the real transactions, not the __proto__ ones');
      assert.equal(({} as Json).polluted, undefined, 'Object.prototype untouched');
      assert.equal(d.transactions.slice(0, 1)[0].note, undefined, 'unknown transaction fields are not carried into the model');
      toBlockView(d, Date.now() / 1000, untranslated); // the view-model copes with the rest
    },
  },
  {
    name: 'orders with unknown fields (cloid-free extras, markup, nesting)',
    call: orders,
    rule: () => onOrders((o) => o.forEach((x, i) => Object.assign(x, { extra: `<img src=x onerror=alert(${i})>`, nested: { a: [[[]]] }, orderType: 'Limit' }))),
    kind: 'ok',
    check: (list) => {
      assert.ok(list.length > 0);
      const view = buildWalletView({ address: maker.address, orders: list.map((order: Json) => ({ dex: '', order })), t: untranslated });
      const shown = JSON.stringify(view.groups.map((g) => [g.label, g.description, g.orders.map((r) => [r.label, r.description])]));
      assert.ok(!shown.includes('onerror'), 'unknown fields are not shown in rows');
    },
  },
  // ---- provider errors that carry markup, the key or the URL ----
  {
    name: 'JSON-RPC error echoing the URL, the key and markup',
    call: details,
    rule: (key, base) =>
      rpcError(
        'ots_getBlockDetails',
        -32602,
        `invalid params for ${base}/${key}/evm <img src=x onerror=alert(1)> [x](command:workbench.action.terminal.new) key=${key}`,
      ),
    kind: 'rpc',
    message:
      /^The node returned JSON-RPC error -32602: invalid params for http:\/\/127\.0\.0\.1:\d+\/\[redacted\] <img src=x onerror=alert\(1\)> \[x\]\(command:workbench\.action\.terminal\.new\) key=\[redacted\]$/,
  },
  {
    name: 'JSON-RPC error with a 1 MB message',
    call: details,
    rule: () => rpcError('ots_getBlockDetails', -32000, 'x'.repeat(1024 * 1024)),
    kind: 'rpc',
    message: /^The node returned JSON-RPC error -32000: x{150,}…$/,
  },
  {
    name: 'JSON-RPC block not found (reth)',
    call: details,
    rule: () => rpcError('ots_getBlockDetails', -32001, 'block not found: 0x1312d0d'),
    kind: 'notFound',
    message: /^Block 19,999,981 does not exist \(yet\) on this chain\.$/,
  },
  {
    name: 'JSON-RPC error with id null (unreadable request)',
    call: details,
    rule: () => (req) => (req.endpoint === 'evm' ? { body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}' } : undefined),
    kind: 'rpc',
    message: /JSON-RPC error -32700: Parse error$/,
  },
  {
    name: 'HTTP 422 body with markup and the key',
    call: orders,
    rule: (key) => (req) =>
      req.endpoint === 'info' ? { status: 422, contentType: 'text/plain', body: `<b>Failed</b> <script>alert(1)</script> for key ${key}\n\nline2` } : undefined,
    kind: 'refused',
    message: /^The provider refused the request \(HTTP 422\): Failed alert\(1\) for key \[redacted\] line2$/,
  },
];

describe('hostile: crafted answers through a hostile proxy in front of the demo node', function () {
  this.timeout(30_000);
  const h = useHostileProxy(5000);

  itDecodesOrRefuses(h, RESPONSE_CASES, (c, e) => {
    // Where features show it: the hover escapes it, the block panel and the tree show it as text.
    const hover = hoverMarkdown(errorHoverContent(DEMO_BLOCKS.smallBlock, describeError(e), untranslated));
    h.leaks.check(`${c.name} (hover)`, hover);
    assertMarkdownIsText(`${c.name} (hover)`, hover);
  });

  it('a block decoded from a valid answer gives the hover and the panel the same numbers (control)', async () => {
    const d = await specDetails(h.clients);
    const summary = blockSummary(d);
    assert.equal(summary.number, DEMO_BLOCKS.bigBlock);
    const md = hoverMarkdown(blockHoverContent(summary, Date.now(), untranslated));
    assertMarkdownIsText('block hover', md, [/^command:hyperliquidExplorer\.lookUpBlock\?/]);
    assert.equal(toBlockView(d, Date.now() / 1000, untranslated).transactionCount, d.block.transactionCount);
  });

  it('an answer nested as deep as answers may be still decodes what it needs; one nested 100,000 deep is refused before parsing', async () => {
    const nestExtraData = (levels: number) =>
      h.proxy.setRule((req, upstream) =>
        req.methods.includes('ots_getBlockDetails')
          ? upstream().then((u) => ({ body: u.body.replace('"block":{', `"block":{"extraData":${'['.repeat(levels)}${']'.repeat(levels)},`) }))
          : undefined,
      );
    try {
      // 61 levels inside result.block: 64 in all, the most any answer may have (issue 23).
      nestExtraData(61);
      const d = await details(h.clients);
      figures.responsesMutated += 1;
      // extraData that is not a string is not shown (only text is).
      assert.equal(toBlockView(d, Date.now() / 1000, untranslated).extraData, null);
      // Written as text: JSON.stringify itself cannot write 100,000 levels.
      nestExtraData(100_000);
      await assert.rejects(
        details(h.clients),
        (e: unknown) => isProviderError(e) && e.kind === 'invalidResponse' && /nested more than 64 levels deep/.test(e.message),
      );
      figures.responsesMutated += 1;
    } finally {
      h.proxy.setRule(undefined);
    }
  });
});
