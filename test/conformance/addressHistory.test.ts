// Conformance of the address page's history against anvil (a real Otterscan node) behind a provider-shaped
// gateway: a token contract with transfers from three accounts over many blocks, some of them failing, and
// our client's Otterscan search, paged as the page pages it, compared with anvil's own
// ots_searchTransactionsBefore answers and with the transactions actually sent.
import * as assert from 'node:assert/strict';
import type { Hex } from 'viem';
import { AddressHistory, nodeSource } from '../../src/address/addressHistory';
import type { EvmClient } from '../../src/core/evmClient';
import type { Address } from '../../src/core/model';
import { createProviderClients } from '../../src/core/provider';
import { eip1559, Sender, startAnvil, type AnvilNode } from './anvil';
import { deployCode, TOKEN_RUNTIME } from './contracts';

const word = (x: bigint | string) => (typeof x === 'bigint' ? x.toString(16) : x.slice(2)).padStart(64, '0');

interface OtsPage {
  txs: { hash: string; blockNumber: string; from: string; to: string | null; value: string }[];
  receipts: { status: string; gasUsed: string; effectiveGasPrice: string; timestamp: string }[];
  firstPage: boolean;
  lastPage: boolean;
}

describe('conformance: an address’s history (ots_searchTransactionsBefore) against anvil', function () {
  this.timeout(180_000);
  let node: AnvilNode;
  let evm: EvmClient;
  let token: Address;
  /** Every transaction that touched the token, in the order sent. */
  const sent: string[] = [];
  const failed = new Set<string>();

  before(async () => {
    node = await startAnvil();
    const sender = new Sender(node);
    evm = createProviderClients(node.baseUrl, node.key, { timeoutMs: 10_000, maxRetries: 0 }).evm;
    const creation = await sender.send(1, { ...eip1559(1n), to: null, data: deployCode(TOKEN_RUNTIME), gas: 300_000n });
    token = (await sender.receiptOf(creation)).contractAddress!.toLowerCase() as Address;
    sent.push(creation);
    // 23 calls over 23 blocks (automine), every fifth one out of gas (it fails).
    for (let i = 0; i < 23; i++) {
      const outOfGas = i % 5 === 4;
      const hash = await sender.send(i % 3, {
        ...eip1559(1n),
        to: token,
        data: `0xa9059cbb${word(node.accounts[3]!.address)}${word(BigInt(i + 1))}`,
        gas: outOfGas ? 22_500n : 100_000n,
      });
      const receipt = await sender.receiptOf(hash);
      if (receipt.status !== '0x1') failed.add(hash);
      sent.push(hash);
    }
    assert.ok(failed.size >= 4, `${failed.size} failed`);
  });

  after(async () => node?.close());

  it('pages newest first to the first transaction: the same hashes as anvil’s own pages, and as the transactions sent', async () => {
    // anvil's own answers, paged by hand.
    const own: string[] = [];
    for (let block = 0, i = 0; i < 50; i++) {
      const page = await node.rpc<OtsPage>('ots_searchTransactionsBefore', [token, block, 5]);
      own.push(...page.txs.map((t) => t.hash));
      if (page.lastPage || page.txs.length === 0) break;
      block = Math.min(...page.txs.map((t) => Number(t.blockNumber)));
    }
    const history = new AddressHistory(nodeSource(evm, token, 5));
    let pages = 0;
    while (!history.complete && pages < 50) {
      await history.older();
      pages++;
    }
    const ours = history.transactions.map((t) => t.hash);
    assert.deepEqual(ours, own);
    assert.deepEqual(ours, [...sent].reverse());
    assert.equal(new Set(ours).size, ours.length, 'no transaction twice');
    assert.ok(pages >= 5, `${pages} pages`);
    assert.deepEqual(
      history.transactions
        .filter((t) => t.status === 'reverted')
        .map((t) => t.hash)
        .sort(),
      [...failed].sort(),
    );
  });

  it('reads each transaction as anvil says it: block, time, sides, value, fee and status', async () => {
    const page = await node.rpc<OtsPage>('ots_searchTransactionsBefore', [token, 0, 5]);
    const ours = await evm.searchTransactions('before', token, 0, 5);
    assert.equal(ours.newest, page.firstPage);
    assert.equal(ours.oldest, page.lastPage);
    assert.equal(ours.transactions.length, page.txs.length);
    page.txs.forEach((raw, i) => {
      const t = ours.transactions[i]!;
      const r = page.receipts[i]!;
      assert.equal(t.hash, raw.hash);
      assert.equal(t.blockNumber, BigInt(raw.blockNumber));
      assert.equal(t.from, raw.from.toLowerCase());
      assert.equal(t.to, raw.to?.toLowerCase() ?? null);
      assert.equal(t.value, BigInt(raw.value));
      assert.equal(t.timestamp, BigInt(r.timestamp));
      assert.equal(t.fee, BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice));
      assert.equal(t.status, r.status === '0x1' ? 'success' : 'reverted');
      assert.equal(t.selector, '0xa9059cbb');
    });
    const after = await evm.searchTransactions('after', token, 0, 5);
    const ownAfter = await node.rpc<OtsPage>('ots_searchTransactionsAfter', [token, 0, 5]);
    assert.deepEqual(
      after.transactions.map((t) => t.hash),
      ownAfter.txs.map((t) => t.hash),
    );
  });

  it('refuses an address that is not one before asking the node', async () => {
    await assert.rejects(evm.searchTransactions('before', '0x00000000000000000000000000000000000000zz' as Hex, 0, 5), /0x followed by 40 hex digits/);
  });
});
