// The transaction and address hovers' lookups against the real demo node over HTTP: what they find for
// the demo chain's samples, what they send (counted at the node), and cancellation.
import * as assert from 'node:assert/strict';
import { isCancellation } from '../../src/core/errors';
import type { Address, Hash } from '../../src/core/model';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { hoverAt } from '../../src/hover/hoverAt';
import { HoverLookups } from '../../src/hover/hoverLookups';
import { untranslated } from '../../src/view/format';

const TX = DEMO_SAMPLES.transferTx as Hash;
const NOT_A_TX = DEMO_SAMPLES.unknownHash as Hash;

describe('hover lookups of transactions and addresses (demo node over HTTP)', function () {
  let node: DemoNode;
  let clients: ProviderClients;

  before(async () => {
    node = await startDemoNode();
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 2_000, maxRetries: 0 });
  });
  after(async () => node.close());
  afterEach(() => node.clearFaults());

  async function requestsDuring(fn: () => Promise<unknown>): Promise<number> {
    const before = node.requests;
    await fn();
    return node.requests - before;
  }

  it('finds a transfer: succeeded, in its block, from → to, with value and fee', async () => {
    const lookups = new HoverLookups(clients.evm);
    const tx = await clients.evm.getTransaction(TX);
    const summary = await lookups.transactions.find(TX);
    assert.ok(summary && tx);
    assert.equal(summary.status, 'success');
    assert.equal(summary.blockNumber, tx.blockNumber);
    assert.equal(summary.from, tx.from);
    assert.equal(summary.to, tx.to);
    assert.equal(summary.value, tx.value);
    assert.ok(summary.fee !== undefined && summary.fee > 0n);
  });

  it('says a failed transaction reverted', async () => {
    const summary = await new HoverLookups(clients.evm).transactions.find(DEMO_SAMPLES.failedTx as Hash);
    assert.equal(summary?.status, 'reverted');
  });

  it('sends the transaction and receipt requests once for many hovers, and nothing once cached', async () => {
    const lookups = new HoverLookups(clients.evm);
    node.setFaults([{ kind: 'latency', ms: 100, method: 'eth_getTransactionByHash' }]);
    const sent = await requestsDuring(() => Promise.all(Array.from({ length: 25 }, () => lookups.transactions.find(TX))));
    assert.equal(sent, 2);
    assert.equal(await requestsDuring(() => lookups.transactions.find(TX)), 0);
  });

  it('a 64-hex value that is no transaction: null, kept as such (the next hovers ask nothing and show nothing)', async () => {
    const lookups = new HoverLookups(clients.evm);
    assert.equal(await lookups.transactions.find(NOT_A_TX), null);
    assert.equal(await requestsDuring(() => lookups.transactions.find(NOT_A_TX)), 0);
    const line = `bytes32 constant SLOT = ${NOT_A_TX};`;
    const before = node.requests;
    assert.equal(hoverAt(line, line.indexOf('0x') + 5, lookups, { nowMs: Date.now(), t: untranslated, explorerUrl: 'https://hyperevmscan.io' })?.nothing, true);
    assert.equal(node.requests, before);
  });

  it('tells a contract from an account, with its balance, in one pair of requests kept a moment', async () => {
    const lookups = new HoverLookups(clients.evm);
    const contract = await lookups.addresses.find(DEMO_SAMPLES.contract.toLowerCase() as Address);
    assert.equal(contract.kind, 'contract');
    const account = await lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address);
    assert.equal(account.kind, 'account');
    assert.ok(account.balance > 0n);
    assert.equal(await requestsDuring(() => lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address)), 0);
  });

  it('a cancelled transaction hover stops waiting at once, and nothing is kept', async () => {
    const lookups = new HoverLookups(clients.evm);
    node.setFaults([{ kind: 'latency', ms: 400, method: 'eth_getTransactionByHash', times: 1 }]);
    const hover = new AbortController();
    const pending = lookups.transactions.find(TX, hover.signal);
    setTimeout(() => hover.abort(), 50);
    const started = performance.now();
    await assert.rejects(pending, (e: unknown) => isCancellation(e));
    assert.ok(performance.now() - started < 250);
    await new Promise((r) => setTimeout(r, 450));
    assert.equal(lookups.transactions.peek(TX), undefined);
  });

  it('dispose (a connection change) aborts what is in flight', async () => {
    const lookups = new HoverLookups(clients.evm);
    node.setFaults([{ kind: 'latency', ms: 300, method: 'eth_getBalance', times: 1 }]);
    const pending = lookups.addresses.find(DEMO_SAMPLES.account.toLowerCase() as Address);
    await new Promise((r) => setTimeout(r, 30));
    lookups.dispose();
    await assert.rejects(pending, (e: unknown) => isCancellation(e));
  });
});
