import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { blockQueryFromArgument } from '../../src/blocks/blockQuery';
import { isBlockWebviewMessage, panelStateBlockNumber } from '../../src/blocks/protocol';
import { untranslated as t } from '../../src/core/translate';

describe('Look Up Block: the command argument', () => {
  it('takes a number, a decimal string, a hex string and "latest"', () => {
    assert.deepEqual(blockQueryFromArgument(6699, t), { ok: true, value: { kind: 'number', number: 6699 } });
    assert.deepEqual(blockQueryFromArgument('6699', t), { ok: true, value: { kind: 'number', number: 6699 } });
    assert.deepEqual(blockQueryFromArgument('0x1a2b', t), { ok: true, value: { kind: 'number', number: 0x1a2b } });
    assert.deepEqual(blockQueryFromArgument('latest', t), { ok: true, value: { kind: 'latest' } });
    assert.deepEqual(blockQueryFromArgument(0, t), { ok: true, value: { kind: 'number', number: 0 } });
    assert.deepEqual(blockQueryFromArgument(6699n, t), { ok: true, value: { kind: 'number', number: 6699 } });
  });

  it('asks the user when there is no argument, or a menu passes an object', () => {
    assert.equal(blockQueryFromArgument(undefined, t), undefined);
    assert.equal(blockQueryFromArgument(null, t), undefined);
    assert.equal(blockQueryFromArgument({ id: 'wallet' }, t), undefined);
  });

  it('refuses negative, fractional, non-finite and too large numbers, each with its reason', () => {
    const reasons = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53].map((n) => {
      const r = blockQueryFromArgument(n, t);
      assert.ok(r && !r.ok, `${n} is refused`);
      return r.error;
    });
    assert.match(reasons[0], /negative/);
    assert.match(reasons[1], /whole number/);
    assert.match(reasons[2], /finite/);
    assert.match(reasons[4], /too large/);
    assert.equal(new Set(reasons).size, 4, 'NaN and Infinity share a reason; the others differ');
  });

  it('refuses bad strings with the same messages as the input box', () => {
    for (const text of ['', '-5', '1.5', '0x', '0xzz', 'abc', '9007199254740992']) {
      const r = blockQueryFromArgument(text, t);
      assert.ok(r && !r.ok, `"${text}" is refused`);
    }
  });

  it('accepts every safe non-negative integer, as a number and as a string (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const expected = { ok: true, value: { kind: 'number', number: n } };
        assert.deepEqual(blockQueryFromArgument(n, t), expected);
        assert.deepEqual(blockQueryFromArgument(String(n), t), expected);
        assert.deepEqual(blockQueryFromArgument(`0x${n.toString(16)}`, t), expected);
      }),
    );
  });
});

describe('block panel messages from the webview', () => {
  it('accepts the messages the webview sends', () => {
    for (const m of [
      { type: 'ready' },
      { type: 'openBlock', number: 5 },
      { type: 'needRows', blockNumber: 5, start: 0, end: 100 },
      { type: 'copy', text: '0xabc' },
      { type: 'openExplorer', target: { kind: 'block', number: 1 } },
      { type: 'openExplorer', target: { kind: 'tx', hash: `0x${'a'.repeat(64)}` } },
      { type: 'openExplorer', target: { kind: 'address', address: `0x${'B'.repeat(40)}` } },
      { type: 'showRawJson' },
      { type: 'retry' },
      { type: 'cancel' },
    ]) {
      assert.equal(isBlockWebviewMessage(m), true, JSON.stringify(m));
    }
  });

  it('refuses anything else, so the host never builds a URL or a request from a bad value', () => {
    for (const m of [
      null,
      'ready',
      { type: 'nope' },
      { type: 'openBlock', number: -1 },
      { type: 'openBlock', number: 1.5 },
      { type: 'openBlock', number: '5' },
      { type: 'needRows', blockNumber: 5, start: 10, end: 10 },
      { type: 'copy', text: 'x'.repeat(201) },
      { type: 'openExplorer', target: { kind: 'tx', hash: '0x12/../../evil' } },
      { type: 'openExplorer', target: { kind: 'address', address: 'javascript:alert(1)' } },
      { type: 'openExplorer', target: { kind: 'url', url: 'https://evil.example' } },
      { type: 'openExplorer', target: null },
    ]) {
      assert.equal(isBlockWebviewMessage(m), false, JSON.stringify(m));
    }
  });

  it('restores a panel from its saved block number only', () => {
    assert.equal(panelStateBlockNumber({ blockNumber: 42 }), 42);
    assert.equal(panelStateBlockNumber({ blockNumber: -1 }), undefined);
    assert.equal(panelStateBlockNumber({ blockNumber: '42' }), undefined);
    assert.equal(panelStateBlockNumber(undefined), undefined);
  });
});
