import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_BLOCK_NUMBER, parseAddress, parseBlockQuery } from '../../src/core/input';
import { apiKeyProblem, baseUrlProblem } from '../../src/core/endpoints';
import { untranslated as t } from '../../src/core/translate';

describe('parseBlockQuery', () => {
  it('takes decimal, hex and latest', () => {
    assert.deepEqual(parseBlockQuery(' 6699 ', t), { ok: true, value: { kind: 'number', number: 6699 } });
    assert.deepEqual(parseBlockQuery('0x1A2b', t), { ok: true, value: { kind: 'number', number: 0x1a2b } });
    assert.deepEqual(parseBlockQuery('1,234,567', t), { ok: true, value: { kind: 'number', number: 1234567 } });
    assert.deepEqual(parseBlockQuery('LATEST', t), { ok: true, value: { kind: 'latest' } });
    assert.deepEqual(parseBlockQuery(String(MAX_BLOCK_NUMBER), t), { ok: true, value: { kind: 'number', number: MAX_BLOCK_NUMBER } });
  });

  const refusals: [string, RegExp][] = [
    ['', /Type a block number/],
    ['   ', /Type a block number/],
    ['-5', /negative/],
    ['-0x5', /negative/],
    ['12.5', /whole number/],
    ['1e6', /exponent/],
    ['0x', /hex digits after/],
    ['0x12g', /not a hex number/],
    ['9007199254740992', /too large/],
    ['0x20000000000000', /too large/],
    ['abc', /is not a block number/],
    ['1,23', /is not a block number/],
  ];
  for (const [input, message] of refusals) {
    it(`refuses ${JSON.stringify(input)} with a message`, () => {
      const r = parseBlockQuery(input, t);
      assert.equal(r.ok, false);
      assert.match((r as { error: string }).error, message);
    });
  }

  it('round-trips every safe integer, in decimal and in hex (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_BLOCK_NUMBER }), fc.boolean(), (n, hex) => {
        const r = parseBlockQuery(hex ? `0x${n.toString(16)}` : String(n), t);
        assert.deepEqual(r, { ok: true, value: { kind: 'number', number: n } });
      }),
    );
  });

  it('never throws and either parses or explains, for any string (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseBlockQuery(s, t);
        if (r.ok) assert.ok(r.value.kind === 'latest' || (Number.isSafeInteger(r.value.number) && r.value.number >= 0));
        else assert.ok(r.error.length > 0 && r.error.length < 200);
      }),
    );
  });
});

describe('parseAddress', () => {
  it('lowercases a checksummed address', () => {
    assert.deepEqual(parseAddress('0xCB331197E84f135AB9Ed6FB51Cd9757c0bd29d0D', t), { ok: true, value: '0xcb331197e84f135ab9ed6fb51cd9757c0bd29d0d' });
  });

  it('says what is wrong', () => {
    assert.match((parseAddress('', t) as { error: string }).error, /Type a wallet address/);
    assert.match((parseAddress('cb331197e84f135ab9ed6fb51cd9757c0bd29d0d', t) as { error: string }).error, /starts with “0x”/);
    assert.match((parseAddress('0x123', t) as { error: string }).error, /this one has 3/);
    assert.match((parseAddress('0x' + 'z'.repeat(40), t) as { error: string }).error, /only hex digits/);
  });

  it('accepts exactly 0x + 40 hex digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{0,60}$/), (hex) => {
        const r = parseAddress(`0x${hex}`, t);
        assert.equal(r.ok, hex.length === 40);
        if (r.ok) assert.equal(r.value, `0x${hex.toLowerCase()}`);
      }),
    );
  });
});

describe('API key and base URL rules', () => {
  it('refuses keys that would break the URL path', () => {
    for (const bad of ['', 'a b', 'a/b', 'a?b', 'a#b', 'a\nb', 'x'.repeat(600)]) assert.ok(apiKeyProblem(bad), bad);
    assert.equal(apiKeyProblem('3f1c9e2d-abcd_EF.123~'), undefined);
  });

  it('allows https anywhere and http only on loopback', () => {
    for (const ok of ['https://hyperliquid-mainnet.core.chainstack.com', 'https://x.quiknode.pro/', 'http://127.0.0.1:8545', 'http://localhost:1', 'http://[::1]:9']) {
      assert.equal(baseUrlProblem(ok), undefined, ok);
    }
    for (const bad of ['http://example.com', 'http://127.0.0.1.evil.com', 'ftp://127.0.0.1', 'not a url', 'https://u:p@x.com', 'https://x.com/?k=1', 'javascript:alert(1)']) {
      assert.ok(baseUrlProblem(bad), bad);
    }
  });
});
