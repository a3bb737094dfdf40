import * as assert from 'node:assert/strict';
import type { BlockDetails, BlockTransaction } from '../../src/core/model';
import { blockDetailsResult, toBlockDetails, validate } from '../../src/core/schemas';
import {
  blockSize,
  extraDataOf,
  isSystemSender,
  summarizeRows,
  toBlockView,
  toTransactionData,
  toTransactionRow,
  toTransactionsData,
} from '../../src/blocks/blockViewModel';
import { untranslated as t } from '../../src/view/format';
import { explorerUrl } from '../../src/view/panelMessages';
import { DEMO_BLOCKS, demoBlockDetails, demoBlockModel, tokenSystemAddress } from '../../src/demo/chain';
import { fixture } from '../support/fixtures';

const HASH_A = `0x${'a'.repeat(64)}` as const;
const HASH_B = `0x${'b'.repeat(64)}` as const;
const ALICE = `0x${'1'.repeat(40)}` as const;

function details(overrides: Partial<BlockDetails['block']> = {}, rest: Partial<BlockDetails> = {}): BlockDetails {
  return {
    block: {
      number: 6699n,
      hash: HASH_A,
      parentHash: HASH_B,
      timestamp: 1_700_000_000n,
      miner: ALICE,
      gasUsed: 1_234_567n,
      gasLimit: 3_000_000n,
      baseFeePerGas: 1_234_567_891n,
      transactionCount: 0,
      ...overrides,
    },
    issuance: { blockReward: 0n, uncleReward: 0n, issuance: 0n },
    totalFees: 1_000_000_000_000_000_001n,
    raw: {},
    ...rest,
  };
}

/** What the host sends and the webview shows, for one transaction. */
function row(transaction: BlockTransaction, position: number) {
  return toTransactionRow(toTransactionData(transaction, position));
}

function tx(overrides: Partial<BlockTransaction> = {}): BlockTransaction {
  return { hash: HASH_A, from: ALICE, to: ALICE, value: 0n, gas: 21_000n, gasPrice: 1_000_000_000n, ...overrides };
}

describe('block view-model', () => {
  describe('units', () => {
    it('shows the block number in decimal with grouping and in hex', () => {
      const v = toBlockView(details({ number: 19_999_981n }), 1_700_000_000, t);
      assert.equal(v.numberText, '19,999,981');
      assert.equal(v.numberHex, '0x1312ced');
      assert.equal(v.number, 19_999_981);
      assert.equal(v.parentNumber, 19_999_980);
    });

    it('has no parent to open for block 0', () => {
      assert.equal(toBlockView(details({ number: 0n }), 0, t).parentNumber, null);
    });

    it('shows the base fee in gwei exactly, down to the wei', () => {
      assert.equal(toBlockView(details({ baseFeePerGas: 1_234_567_891n }), 0, t).baseFeeGwei, '1.234567891');
      assert.equal(toBlockView(details({ baseFeePerGas: 1n }), 0, t).baseFeeGwei, '0.000000001');
      assert.equal(toBlockView(details({ baseFeePerGas: undefined }), 0, t).baseFeeGwei, null);
    });

    it('shows total fees in HYPE and in exact wei, without losing the last wei', () => {
      const v = toBlockView(details({}, { totalFees: 1_000_000_000_000_000_001n }), 0, t);
      assert.equal(v.totalFeesHype, '1.000000000000000001');
      assert.equal(v.totalFeesWei, '1,000,000,000,000,000,001');
    });

    it('counts all fees as burnt: HyperEVM burns priority fees too, not only base fee × gas used', () => {
      const v = toBlockView({ ...details({ baseFeePerGas: 3n * 10n ** 9n, gasUsed: 21_000n }), totalFees: 84_000_000_000_000n }, 0, t);
      // base fee 21,000 gas × 3 gwei = 63,000 gwei; the total (84,000 gwei) includes 21,000 gwei of priority fees
      assert.equal(v.burntFeesWei, '84,000,000,000,000');
      assert.equal(v.burntFeesHype, '0.000084');
      const none = toBlockView(details({ baseFeePerGas: undefined }), 0, t);
      assert.equal(none.burntFeesWei, none.totalFeesWei);
    });

    it('shows the three issuance fields in HYPE', () => {
      const v = toBlockView(details({}, { issuance: { blockReward: 2n * 10n ** 18n, uncleReward: 5n * 10n ** 17n, issuance: 25n * 10n ** 17n } }), 0, t);
      assert.deepEqual([v.blockRewardHype, v.uncleRewardHype, v.issuanceHype], ['2', '0.5', '2.5']);
    });

    it('shows gas used and limit with grouping', () => {
      const v = toBlockView(details({ gasUsed: 1_234_567n, gasLimit: 3_000_000n }), 0, t);
      assert.deepEqual([v.gasUsed, v.gasLimit, v.gasPercent], ['1,234,567', '3,000,000', '41.15%']);
    });
  });

  describe('small and big blocks', () => {
    it('classifies by gas limit, not by number', () => {
      assert.equal(blockSize(2_000_000n), 'small'); // before spring 2026
      assert.equal(blockSize(3_000_000n), 'small');
      assert.equal(blockSize(30_000_000n), 'big');
      assert.equal(toBlockView(details({ number: 60n, gasLimit: 3_000_000n }), 0, t).size, 'small');
      assert.equal(toBlockView(details({ number: 61n, gasLimit: 30_000_000n }), 0, t).size, 'big');
    });

    it('agrees with the demo chain’s big and small blocks', () => {
      for (const n of [DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.smallBlock, DEMO_BLOCKS.hugeBlock]) {
        const model = demoBlockModel(n)!;
        assert.equal(blockSize(BigInt(model.gasLimit)), model.gasLimit >= 30_000_000 ? 'big' : 'small', `block ${n}`);
      }
    });
  });

  describe('transactions', () => {
    it('marks transfers from 0x2222…2222 and 0x2000…00XX as system transactions', () => {
      assert.equal(isSystemSender('0x2222222222222222222222222222222222222222'), true);
      assert.equal(isSystemSender(tokenSystemAddress(1)), true);
      assert.equal(isSystemSender(tokenSystemAddress(268)), true);
      assert.equal(isSystemSender('0x200000000000000000000000000000000000010c'.toUpperCase().replace('0X', '0x')), true);
    });

    it('does not mark an ordinary address that merely starts with 0x20 or 0x22', () => {
      assert.equal(isSystemSender('0x20c0ffee00000000000000000000000000000001'), false);
      assert.equal(isSystemSender('0x2222222222222222222222222222222222222223'), false);
      assert.equal(isSystemSender(ALICE), false);
    });

    it('says contract creation where `to` is null', () => {
      assert.equal(row(tx({ to: null }), 0).to, null);
      assert.equal(row(tx({ to: ALICE }), 0).to, ALICE);
    });

    it('shows value in HYPE and gas price in gwei, exactly', () => {
      const r = row(tx({ value: 1_500_000_000_000_000_000n, gas: 1_234_567n, gasPrice: 1_000_000_001n }), 3);
      assert.deepEqual([r.valueHype, r.gas, r.gasPriceGwei], ['1.5', '1,234,567', '1.000000001']);
      assert.equal(row(tx({ gasPrice: undefined }), 0).gasPriceGwei, null);
    });

    it('sends exact wei as decimal strings, so nothing is rounded on the way to the webview', () => {
      const data = toTransactionData(tx({ value: 2n ** 255n, gasPrice: undefined }), 0);
      assert.equal(data.value, (2n ** 255n).toString());
      assert.equal(data.gasPrice, null);
      assert.equal(toTransactionRow(data).valueHype.replace(/,/g, ''), '57896044618658097711785492504343953926634992332820282019728.792003956564819968');
    });

    it('uses transactionIndex when the node sends it, else the position in the block', () => {
      assert.equal(row(tx({ transactionIndex: 7 }), 2).index, 7);
      assert.equal(row(tx(), 2).index, 2);
      const rows = toTransactionsData([tx({ transactionIndex: 2 }), tx({ transactionIndex: 0 }), tx({ transactionIndex: 1 })]);
      assert.deepEqual(
        rows.map((r) => r.index),
        [0, 1, 2],
      );
    });

    it('reads the demo chain’s system transactions (first in the block, gas price 0) as system', () => {
      const model = demoBlockModel(DEMO_BLOCKS.smallBlock)!;
      const system = model.transactions.filter((x) => x.system);
      assert.ok(system.length > 0, 'the demo small block has system transactions');
      for (const x of model.transactions) {
        const shown = row(
          {
            hash: x.hash as `0x${string}`,
            from: x.from as `0x${string}`,
            to: x.to as `0x${string}` | null,
            value: x.value,
            gas: BigInt(x.gas),
            gasPrice: x.gasPrice,
          },
          x.index,
        );
        assert.equal(shown.system, x.system, `transaction ${x.index}`);
        if (shown.system) assert.equal(shown.gasPriceGwei, '0');
      }
    });
  });

  describe('both shapes of ots_getBlockDetails', () => {
    it('reads the spec’s illustrative example (with transactions)', () => {
      const result = fixture('chainstack-docs_ots_getBlockDetails_ILLUSTRATIVE_example.json').response.result;
      const d = toBlockDetails(validate(blockDetailsResult, result, 'fixture'), result);
      const v = toBlockView(d, 0, t);
      assert.equal(v.shape, 'spec');
      assert.equal(v.transactionCount, d.transactions!.length);
      assert.equal(toTransactionsData(d.transactions!.slice()).length, d.transactions!.length);
    });

    it('reads a real slim block (no transactions) and shows its extraData', () => {
      const result = fixture('erigon-rpc-tests_ots_getBlockDetails_mainnet_16000000.json')[0].response.result;
      const d = toBlockDetails(validate(blockDetailsResult, result, 'fixture'), result);
      const v = toBlockView(d, 0, t);
      assert.equal(v.shape, 'slim');
      assert.equal(v.numberText, '16,000,000');
      assert.equal(v.extraData, result.block.extraData);
    });

    it('matches the demo chain’s block arithmetic for a spec and a slim block', () => {
      for (const n of [DEMO_BLOCKS.bigBlock, DEMO_BLOCKS.smallBlock]) {
        const result = demoBlockDetails(n, 1_700_000_000)!;
        const model = demoBlockModel(n)!;
        const d = toBlockDetails(validate(blockDetailsResult, result, 'demo'), result);
        const v = toBlockView(d, 1_700_000_000, t);
        assert.equal(v.totalFeesWei.replace(/,/g, ''), model.totalFees.toString());
        assert.equal(v.burntFeesWei.replace(/,/g, ''), model.totalFees.toString());
        assert.equal(v.transactionCount, model.transactions.length);
        assert.equal(v.shape, n % 2 === 0 ? 'spec' : 'slim');
      }
    });
  });

  describe('extraData', () => {
    it('is shown as the node sent it, cut at 200 characters', () => {
      assert.equal(extraDataOf({ block: { extraData: '<img src=x onerror=alert(1)>' } }), '<img src=x onerror=alert(1)>');
      const long = extraDataOf({ block: { extraData: 'x'.repeat(500) } })!;
      assert.equal(long.length, 200);
      assert.ok(long.endsWith('…'));
    });

    it('is left out when empty, 0x, absent or not a string', () => {
      for (const raw of [{ block: { extraData: '0x' } }, { block: { extraData: '' } }, { block: {} }, { block: { extraData: 5 } }, null, undefined]) {
        assert.equal(extraDataOf(raw), null);
      }
    });
  });

  describe('explorer links', () => {
    it('builds /block, /tx and /address pages under the explorer URL', () => {
      const base = 'https://hyperevmscan.io';
      assert.equal(explorerUrl(base, { kind: 'block', number: 6699 }), 'https://hyperevmscan.io/block/6699');
      assert.equal(explorerUrl(base, { kind: 'tx', hash: HASH_A.toUpperCase().replace('0X', '0x') }), `https://hyperevmscan.io/tx/${HASH_A}`);
      assert.equal(explorerUrl(base, { kind: 'address', address: ALICE }), `https://hyperevmscan.io/address/${ALICE}`);
    });
  });
});

describe('block view-model: status, fee, method and system transactions per row', () => {
  const data = (overrides: Partial<BlockTransaction>) => toTransactionData({ hash: HASH_A, from: ALICE, to: ALICE, value: 0n, gas: 50_000n, ...overrides }, 0);

  it('marks a reverted transaction and shows what it paid (gasUsed × effective gas price) and used', () => {
    const r = toTransactionRow(data({ status: 'reverted', gasUsed: 21_000n, gasPrice: 2_000_000_000n, fee: 42_000_000_000_000n }));
    assert.equal(r.failed, true);
    assert.equal(r.feeHype, '0.000042');
    assert.equal(r.gasUsed, '21,000');
    assert.equal(r.gas, '50,000', 'the limit stays for the tooltip');
    assert.equal(toTransactionRow(data({ status: 'success' })).failed, false);
    const noReceipt = toTransactionRow(data({}));
    assert.equal(noReceipt.failed, null);
    assert.equal(noReceipt.feeHype, null);
  });

  it('names known methods, shows other selectors bare, and tells creations and plain transfers apart', () => {
    assert.deepEqual(toTransactionRow(data({ input: '0xa9059cbb' })).method, { kind: 'call', selector: '0xa9059cbb', name: 'transfer' });
    assert.deepEqual(toTransactionRow(data({ input: '0xD0E30DB0' })).method, { kind: 'call', selector: '0xd0e30db0', name: 'deposit' });
    assert.deepEqual(toTransactionRow(data({ input: '0x12345678' })).method, { kind: 'call', selector: '0x12345678', name: null });
    assert.deepEqual(toTransactionRow(data({ input: '0x' })).method, { kind: 'transfer' });
    assert.deepEqual(toTransactionRow(data({ to: null, input: '0x60806040' })).method, { kind: 'creation' });
    assert.deepEqual(toTransactionRow(data({})).method, { kind: 'unknown' });
  });

  it('names a method by the workspace’s ABI when the host found one for the contract called', () => {
    const named = (input: string, workspaceMethod: string) => toTransactionRow({ ...data({ input }), workspaceMethod }).method;
    assert.deepEqual(named('0x12345678', 'payOut'), { kind: 'call', selector: '0x12345678', name: 'payOut' });
    // The contract's own ABI wins over the standard table.
    assert.deepEqual(named('0xa9059cbb', 'send'), { kind: 'call', selector: '0xa9059cbb', name: 'send' });
  });

  it('recognises system transactions by a zero gas price as well as by sender', () => {
    assert.equal(toTransactionRow(data({ gasPrice: 0n })).system, true, 'hl-node’s sender, gas price 0');
    assert.equal(toTransactionRow(data({ from: '0x2222222222222222222222222222222222222222', gasPrice: undefined })).system, true);
    assert.equal(toTransactionRow(data({ gasPrice: 1n })).system, false);
  });

  it('counts failed and system transactions among the rows loaded', () => {
    const rows = [data({ status: 'reverted', gasPrice: 1n }), undefined, data({ gasPrice: 0n, status: 'success' }), data({ status: 'reverted', gasPrice: 5n })];
    assert.deepEqual(summarizeRows(rows), { loaded: 3, failed: 2, system: 1 });
  });
});
