import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHash } from '../../src/core/input';
import { APPROVAL_TOPIC, TRANSFER_TOPIC } from '../../src/core/logs';
import type { LogEntry, TraceEntry } from '../../src/core/model';
import type { TransactionBundle } from '../../src/core/transactionLoad';
import { transactionLabels } from '../../src/transactions/labels';
import { isTransactionWebviewMessage, MAX_INPUT_SHOWN, MAX_LOGS_SHOWN, panelStateHash } from '../../src/transactions/protocol';
import { transactionHashFromArgument } from '../../src/transactions/transactionHash';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';
import { explorerUrl } from '../../src/view/panelMessages';
import { ALICE, BOB, bundle, failed, HASH, NOW, ok, receipt, TOKEN, tx, word } from '../support/transactionBundles';
import { msg } from '../../src/core/translate';

describe('transaction view-model', () => {
  it('shows a successful transaction: block and position, time, value in exact HYPE, fee = gasUsed × effective price, gas of limit', () => {
    const v = toTransactionView(bundle(), NOW, t);
    assert.equal(v.status, 'success');
    assert.equal(v.revert, null);
    assert.equal(v.blockNumber, 19_999_981);
    assert.equal(v.blockNumberText, '19,999,981');
    assert.equal(v.position, '3');
    assert.equal(v.timeUtc, '2023-11-14 22:13:20 UTC');
    assert.equal(v.timeRelative, '3 min ago');
    assert.equal(v.valueHype, '1.500000000000000001');
    assert.equal(v.valueWei, '1,500,000,000,000,000,001');
    // 21,000 × 1,000,000,007 wei = 21,000,000,147,000 wei
    assert.equal(v.feeWei, '21,000,000,147,000');
    assert.equal(v.feeHype, '0.000021000000147');
    assert.equal(v.gasUsed, '21,000');
    assert.equal(v.gasLimit, '30,000');
    assert.equal(v.gasPercent, '70.00%');
    assert.equal(v.gasPriceGwei, '1.000000007', 'the receipt’s effective price, not the transaction’s');
    assert.equal(v.nonce, '1,234');
    assert.equal(v.type, '2 (EIP-1559)');
    assert.deepEqual(v.method, { kind: 'call', selector: '0xa9059cbb', name: 'transfer' });
    assert.equal(v.inputBytes, '68');
    assert.equal(v.inputCut, false);
    assert.deepEqual(v.logs, []);
    assert.deepEqual(v.trace, { state: 'ok', transfers: [], notShown: 0, calls: 0 });
  });

  it('says why a failed transaction reverted: Error(string), Panic with its meaning, a custom error, no reason', () => {
    const reverted = (revert: TransactionBundle['revert']) => toTransactionView(bundle({ receipt: ok(receipt({ status: 'reverted' })), revert }), NOW, t);
    assert.equal(reverted(ok({ kind: 'error', message: 'Not enough balance' })).status, 'failed');
    assert.deepEqual(reverted(ok({ kind: 'error', message: 'Not enough balance' })).revert, { kind: 'error', message: 'Not enough balance' });
    assert.deepEqual(reverted(ok({ kind: 'panic', code: 0x11n, meaning: msg('arithmetic overflow or underflow') })).revert, {
      kind: 'panic',
      code: '0x11',
      meaning: 'arithmetic overflow or underflow',
    });
    assert.deepEqual(reverted(ok({ kind: 'panic', code: 0x99n })).revert, { kind: 'panic', code: '0x99', meaning: null });
    assert.deepEqual(reverted(ok({ kind: 'custom', selector: '0xdeadbeef', data: '0xdeadbeef01' })).revert, {
      kind: 'custom',
      selector: '0xdeadbeef',
      data: '0xdeadbeef01',
    });
    assert.deepEqual(reverted(ok({ kind: 'none' })).revert, { kind: 'none' });
    // A revert message is node text: invisible characters are shown, not hidden.
    assert.deepEqual(reverted(ok({ kind: 'error', message: 'a\u202eb' })).revert, { kind: 'error', message: 'a[U+202E]b' });
  });

  it('says when the revert reason could not be loaded, and whether the node serves it at all', () => {
    const v = toTransactionView(bundle({ receipt: ok(receipt({ status: 'reverted' })), revert: failed('The provider did not answer in time.') }), NOW, t);
    assert.deepEqual(v.revert, { kind: 'failed', unsupported: false, message: 'The provider did not answer in time.' });
    const u = toTransactionView(bundle({ receipt: ok(receipt({ status: 'reverted' })), revert: failed('method not found', true) }), NOW, t);
    assert.equal(u.revert?.kind === 'failed' && u.revert.unsupported, true);
  });

  it('shows a contract creation with the address the receipt says it created, and no method', () => {
    const v = toTransactionView(bundle({ tx: tx({ to: null, input: '0x6080' }), receipt: ok(receipt({ contractAddress: TOKEN })) }), NOW, t);
    assert.equal(v.to, null);
    assert.equal(v.createdAddress, TOKEN);
    assert.deepEqual(v.method, { kind: 'creation' });
  });

  it('reads a plain transfer, an unknown selector, and legacy and unknown types', () => {
    assert.deepEqual(toTransactionView(bundle({ tx: tx({ input: '0x' }) }), NOW, t).method, { kind: 'transfer' });
    assert.deepEqual(toTransactionView(bundle({ tx: tx({ input: '0x12345678' }) }), NOW, t).method, { kind: 'call', selector: '0x12345678', name: null });
    assert.equal(toTransactionView(bundle({ tx: tx({ type: 0 }) }), NOW, t).type, '0 (legacy)');
    assert.equal(toTransactionView(bundle({ tx: tx({ type: 126 }) }), NOW, t).type, '126');
    assert.equal(toTransactionView(bundle({ tx: tx({ type: undefined }) }), NOW, t).type, null);
  });

  it('decodes ERC-20 and ERC-721 Transfer and Approval logs, and keeps every topic and the data', () => {
    const erc20: LogEntry = { address: TOKEN, topics: [TRANSFER_TOPIC, word(ALICE.slice(2)), word(BOB.slice(2))], data: word('3e8'), logIndex: 7 };
    const approval: LogEntry = { address: TOKEN, topics: [APPROVAL_TOPIC, word(ALICE.slice(2)), word(BOB.slice(2))], data: word('ff') };
    const nft: LogEntry = { address: TOKEN, topics: [TRANSFER_TOPIC, word(ALICE.slice(2)), word(BOB.slice(2)), word('2a')], data: '0x' };
    const other: LogEntry = { address: TOKEN, topics: [word('1234')], data: '0x01' };
    const v = toTransactionView(bundle({ receipt: ok(receipt({ logs: [erc20, approval, nft, other] })) }), NOW, t);
    const logs = v.logs!;
    assert.equal(logs.length, 4);
    assert.deepEqual(logs[0], {
      index: '7',
      address: TOKEN,
      topics: erc20.topics,
      data: erc20.data,
      decoded: { event: 'Transfer', standard: 'ERC-20', from: ALICE, to: BOB, amount: '1,000', tokenId: null },
    });
    assert.equal(logs[1].index, '1', 'without a logIndex, its place in the receipt');
    assert.deepEqual(logs[1].decoded, { event: 'Approval', standard: 'ERC-20', from: ALICE, to: BOB, amount: '255', tokenId: null });
    assert.deepEqual(logs[2].decoded, { event: 'Transfer', standard: 'ERC-721', from: ALICE, to: BOB, amount: null, tokenId: '42' });
    assert.equal(logs[3].decoded, null);
    assert.deepEqual(logs[3].topics, other.topics);
  });

  it('lists the internal value transfers of the trace, not the top-level call or calls without value', () => {
    const trace: TraceEntry[] = [
      { type: 'CALL', depth: 0, from: ALICE, to: BOB, value: 5n },
      { type: 'CALL', depth: 1, from: BOB, to: TOKEN, value: 1_000_000_000_000_000_000n },
      { type: 'STATICCALL', depth: 1, from: BOB, to: TOKEN, value: null },
      { type: 'CALL', depth: 2, from: TOKEN, to: ALICE, value: 0n },
      { type: 'SELFDESTRUCT', depth: 2, from: TOKEN, to: ALICE, value: 3n },
    ];
    const v = toTransactionView(bundle({ trace: ok(trace) }), NOW, t);
    assert.deepEqual(v.trace, {
      state: 'ok',
      calls: 5,
      notShown: 0,
      transfers: [
        { type: 'CALL', depth: 1, from: BOB, to: TOKEN, valueHype: '1', valueWei: '1,000,000,000,000,000,000' },
        { type: 'SELFDESTRUCT', depth: 2, from: TOKEN, to: ALICE, valueHype: '0.000000000000000003', valueWei: '3' },
      ],
    });
  });

  it('says "not served" where the node has no ots_traceTransaction, and keeps the rest of the page', () => {
    const v = toTransactionView(bundle({ trace: failed('The node returned JSON-RPC error -32601: method not found', true) }), NOW, t);
    assert.equal(v.trace.state, 'unsupported');
    assert.equal(v.status, 'success');
    assert.equal(v.feeHype, '0.000021000000147');
    const f = toTransactionView(bundle({ trace: failed('The provider did not answer in time.') }), NOW, t);
    assert.deepEqual(f.trace, { state: 'failed', unsupported: false, message: 'The provider did not answer in time.' });
  });

  it('without a receipt: status unknown, no fee, gas used or logs, the failure said; a pending one has no block', () => {
    const v = toTransactionView(bundle({ receipt: failed('Network error') }), NOW, t);
    assert.equal(v.status, 'unknown');
    assert.deepEqual(v.receiptFailure, { unsupported: false, message: 'Network error' });
    assert.equal(v.feeHype, null);
    assert.equal(v.gasUsed, null);
    assert.equal(v.logs, null);
    assert.equal(v.gasPriceGwei, '2', 'the transaction’s own gas price');
    const p = toTransactionView(
      bundle({ tx: tx({ blockNumber: null, blockHash: null, transactionIndex: null }), receipt: ok(null), blockTimestamp: undefined }),
      NOW,
      t,
    );
    assert.equal(p.status, 'pending');
    assert.equal(p.blockNumber, null);
    assert.equal(p.position, null);
    assert.equal(p.timeUtc, null);
  });

  it('cuts very long calldata and very many logs for display (Copy and Show Raw JSON keep all)', () => {
    const input = `0x${'ab'.repeat(MAX_INPUT_SHOWN)}`;
    const v = toTransactionView(bundle({ tx: tx({ input }) }), NOW, t);
    assert.equal(v.input.length, MAX_INPUT_SHOWN);
    assert.equal(v.inputCut, true);
    assert.equal(v.inputBytes, MAX_INPUT_SHOWN.toLocaleString('en-US'));
    const logs: LogEntry[] = Array.from({ length: MAX_LOGS_SHOWN + 3 }, () => ({ address: TOKEN, topics: [], data: '0x' }));
    const many = toTransactionView(bundle({ receipt: ok(receipt({ logs })) }), NOW, t);
    assert.equal(many.logs!.length, MAX_LOGS_SHOWN);
    assert.equal(many.logsNotShown, 3);
  });
});

describe('transaction hash input', () => {
  it('takes 0x + 64 hex digits in any case, trimmed, as lowercase', () => {
    assert.deepEqual(parseHash(`  ${HASH.toUpperCase().replace('0X', '0x')} `, t), { ok: true, value: HASH });
  });

  it('says what is wrong before any request', () => {
    const error = (s: string) => {
      const p = parseHash(s, t);
      return p.ok ? '' : p.error;
    };
    assert.match(error(''), /Type a transaction hash/);
    assert.match(error('ab'.repeat(32)), /starts with “0x”/);
    assert.match(error(`0x${'zz'.repeat(32)}`), /only hex digits/);
    assert.match(error(`0x${'a'.repeat(40)}`), /64 hex digits after “0x”; this one has 40/);
  });

  it('reads a command argument: none asks, text is parsed, anything else is refused', () => {
    assert.equal(transactionHashFromArgument(undefined, t), undefined);
    assert.deepEqual(transactionHashFromArgument(HASH, t), { ok: true, value: HASH });
    assert.equal(transactionHashFromArgument(42, t)?.ok, false);
    assert.equal(transactionHashFromArgument({ hash: HASH }, t)?.ok, false);
  });
});

describe('transaction panel protocol', () => {
  it('accepts only messages the host can act on safely', () => {
    assert.equal(isTransactionWebviewMessage({ type: 'ready' }), true);
    assert.equal(isTransactionWebviewMessage({ type: 'openBlock', number: 12 }), true);
    assert.equal(isTransactionWebviewMessage({ type: 'openBlock', number: -1 }), false);
    assert.equal(isTransactionWebviewMessage({ type: 'openBlock', number: 1.5 }), false);
    assert.equal(isTransactionWebviewMessage({ type: 'copyInput' }), true);
    assert.equal(isTransactionWebviewMessage({ type: 'copy', text: 'x'.repeat(201) }), false, 'long text is copied by the host');
    assert.equal(isTransactionWebviewMessage({ type: 'openExplorer', target: { kind: 'tx', hash: 'javascript:alert(1)' } }), false);
    assert.equal(isTransactionWebviewMessage({ type: 'evil' }), false);
    assert.equal(isTransactionWebviewMessage(null), false);
  });

  it('accepts a message only in a shape it can act on, whatever the webview sends (property)', () => {
    const message = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('ready', 'openBlock', 'copyInput', 'copy', 'openExplorer', 'retry', 'needRows', 'openTransaction', 'evil'),
        number: fc.oneof(fc.integer({ min: -5, max: 10 }), fc.double(), fc.string()),
        text: fc.string({ maxLength: 300 }),
        target: fc.oneof(
          fc.anything(),
          fc.record({ kind: fc.constantFrom('block', 'tx', 'address', 'url'), number: fc.integer(), hash: fc.string(), address: fc.string() }),
        ),
      }),
    );
    fc.assert(
      fc.property(message, (m) => {
        if (!isTransactionWebviewMessage(m)) return;
        const msg = m as Record<string, any>;
        assert.ok(['ready', 'openBlock', 'copyInput', 'copy', 'openExplorer', 'retry'].includes(msg.type), msg.type);
        if (msg.type === 'openBlock') assert.ok(Number.isSafeInteger(msg.number) && msg.number >= 0);
        if (msg.type === 'copy') assert.ok(typeof msg.text === 'string' && msg.text.length <= 200);
        // The page the host would open: on the explorer, and nothing but a block, transaction or address there.
        if (msg.type === 'openExplorer')
          assert.match(explorerUrl('https://explorer.test', msg.target), /^https:\/\/explorer\.test\/(block\/\d+|tx\/0x[0-9a-f]{64}|address\/0x[0-9a-f]{40})$/);
      }),
    );
  });

  it('restores a panel from a hash in its state, and from nothing else', () => {
    assert.equal(panelStateHash({ hash: HASH.toUpperCase().replace('0X', '0x') }), HASH);
    assert.equal(panelStateHash({ hash: '0x12' }), undefined);
    assert.equal(panelStateHash(undefined), undefined);
    assert.equal(panelStateHash({ blockNumber: 5 }), undefined);
  });

  it('has a label for every word the page shows', () => {
    const labels = transactionLabels({ t });
    const words = (v: unknown): string[] => (typeof v === 'string' ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap(words) : []);
    for (const [key, value] of Object.entries(labels)) assert.ok(words(value).length > 0 && words(value).every((w) => w.trim()), key);
    assert.deepEqual(labels.traceCalls, { one: '{0} call in the trace', other: '{0} calls in the trace' }, 'a count has its singular and plural');
  });
});
