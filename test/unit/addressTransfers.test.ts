// Hostile pages of transfers on the address page: a page repeated (a looping explorer), a million-row page,
// markup in a token's name: rows never shown twice, never more than the cap, the name kept as text.
import * as assert from 'node:assert/strict';
import { appendTransfers, toInternalTransferRow, toTokenTransferRow } from '../../src/address/addressViewModel';
import type { InternalTransfer, TokenTransfer } from '../../src/core/history';

const ME = '0x1111111111111111111111111111111111111111';
const YOU = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as TokenTransfer['hash'];
const token = (n: number, symbol = 'USDT'): TokenTransfer => ({
  hash: hashOf(n),
  blockNumber: BigInt(n),
  timestamp: null,
  from: YOU,
  to: ME,
  token: TOKEN,
  symbol,
  decimals: 6,
  value: BigInt(n),
});
const internal = (n: number): InternalTransfer =>
  ({ hash: hashOf(n), blockNumber: BigInt(n), timestamp: null, from: ME, to: YOU, value: BigInt(n), type: 'call', failed: false }) as InternalTransfer;

describe('address transfers: hostile pages', () => {
  it('shows a repeated page once and ends the list (a looping explorer)', () => {
    const page = Array.from({ length: 100 }, (_, i) => toTokenTransferRow(token(1000 - i), ME));
    const first = appendTransfers([], page, 10_000);
    assert.equal(first.added, 100);
    assert.equal(first.ended, false);
    const again = appendTransfers(first.rows, page, 10_000);
    assert.equal(again.added, 0);
    assert.equal(again.rows.length, 100);
    assert.ok(again.ended, 'a page with nothing new ends the list');
    const overlap = appendTransfers(first.rows, [...page.slice(50), toTokenTransferRow(token(1), ME)], 10_000);
    assert.equal(overlap.added, 1);
    assert.equal(new Set(overlap.rows.map((r) => r.hash)).size, overlap.rows.length, 'no hash twice');
  });

  it('keeps the same amount moved twice in one transaction, from one page', () => {
    const twice = [toTokenTransferRow(token(7), ME), toTokenTransferRow(token(7), ME)];
    assert.equal(appendTransfers([], twice, 10).rows.length, 2);
  });

  it('keeps no more than the cap from a million-row page, quickly', () => {
    const one = toInternalTransferRow(internal(1), ME);
    const million = Array.from({ length: 1_000_000 }, (_, i) => ({ ...one, hash: hashOf(i + 1) }));
    const started = Date.now();
    const result = appendTransfers([], million, 10_000);
    assert.equal(result.rows.length, 10_000);
    assert.ok(result.ended, 'the cap ends the list');
    const more = appendTransfers(result.rows, million, 10_000);
    assert.equal(more.rows.length, 10_000);
    assert.equal(more.added, 0);
    assert.ok(Date.now() - started < 2_000, 'bounded work');
  });

  it('keeps markup in a token name as text in the row', () => {
    const row = toTokenTransferRow(token(5, '<img src=x onerror=alert(1)>'), ME);
    assert.equal(row.token, '<img src=x onerror=alert(1)>');
    assert.equal(row.direction, 'in');
    assert.equal(row.amount, '0.000005');
  });
});
