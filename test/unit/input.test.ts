import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { blockQueryFromArgument } from '../../src/blocks/blockQuery';
import { MAX_BLOCK_NUMBER, parseAddress, parseBlockQuery, parseHash, parseLookUp, type InputProblem, type Parsed } from '../../src/core/input';
import { apiKeyProblem, baseUrlProblem } from '../../src/core/endpoints';
import { untranslated as t, type Translate } from '../../src/core/translate';
import { transactionHashFromArgument } from '../../src/transactions/transactionHash';

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
    for (const ok of [
      'https://hyperliquid-mainnet.core.chainstack.com',
      'https://x.quiknode.pro/',
      'http://127.0.0.1:8545',
      'http://localhost:1',
      'http://[::1]:9',
    ]) {
      assert.equal(baseUrlProblem(ok), undefined, ok);
    }
    for (const bad of [
      'http://example.com',
      'http://127.0.0.1.evil.com',
      'ftp://127.0.0.1',
      'not a url',
      'https://u:p@x.com',
      'https://x.com/?k=1',
      'javascript:alert(1)',
    ]) {
      assert.ok(baseUrlProblem(bad), bad);
    }
  });
});

describe('input messages: translated through t, and never branched on', () => {
  /** A stand-in translation: the English text with a mark in front, placeholders filled. */
  const marked: Translate = (message, ...args) => `«de» ${t(message, ...args)}`;
  /** A translation that says the same for everything: the choice must not depend on the text. */
  const constant: Translate = () => 'Eingabe ungültig.';
  /** What t was asked for: the message keys (templates) and their arguments. */
  const recording = () => {
    const asked: { message: string; args: Array<string | number> }[] = [];
    const record: Translate = (message, ...args) => (asked.push({ message, args }), t(message, ...args));
    return { asked, record };
  };

  const parsers: [string, (input: string, t: Translate) => Parsed<unknown> | undefined][] = [
    ['parseBlockQuery', parseBlockQuery],
    ['parseAddress', parseAddress],
    ['parseHash', parseHash],
    ['parseLookUp', parseLookUp],
    ['blockQueryFromArgument', (input, t) => blockQueryFromArgument(input, t)],
    ['transactionHashFromArgument', (input, t) => transactionHashFromArgument(input, t)],
  ];
  const inputs = [
    '',
    '-5',
    '12.5',
    '1e6',
    '0x',
    '0x12g',
    '9007199254740992',
    'hello',
    '0x123',
    'ab'.repeat(20),
    'ab'.repeat(32),
    '0x' + 'a'.repeat(63),
    '0x' + 'z'.repeat(40),
    '6699',
  ];

  for (const [name, parse] of parsers) {
    it(`${name}: every refusal is the translated message, for the same problem`, () => {
      for (const input of inputs) {
        const english = parse(input, t);
        const translated = parse(input, marked);
        if (!english || english.ok) {
          assert.deepEqual(translated, english, input);
          continue;
        }
        assert.ok(translated && !translated.ok, input);
        assert.equal(translated.error, `«de» ${english.error}`, input);
        assert.equal(translated.problem, english.problem, input);
      }
    });
  }

  it('number arguments are refused in the same words, translated', () => {
    for (const n of [-1, 1.5, Number.NaN, 2 ** 53]) {
      const english = blockQueryFromArgument(n, t);
      const translated = blockQueryFromArgument(n, marked);
      assert.ok(english && !english.ok && translated && !translated.ok);
      assert.equal(translated.error, `«de» ${english.error}`);
    }
    assert.deepEqual(
      [-1, 1.5, Number.NaN, 2 ** 53].map((n) => (blockQueryFromArgument(n, t) as { problem: InputProblem }).problem),
      ['negative', 'fraction', 'notFinite', 'tooLarge'],
    );
  });

  it('asks t for fixed templates: what the user typed and counts come as {0} arguments, never in the key', () => {
    const { asked, record } = recording();
    parseLookUp('hello', record);
    parseLookUp('0x' + 'a'.repeat(1234), record);
    parseAddress('0x123', record);
    parseBlockQuery('0x12g', record);
    parseHash('0x' + 'a'.repeat(40), record);
    const keys = asked.map((a) => a.message);
    for (const key of keys) assert.doesNotMatch(key, /hello|12g|aaaa|1,234|this one has \d/, key);
    assert.ok(keys.includes('“{0}” is not a block number (6699, 0x1a2b, “latest”), a transaction hash (0x + 64 hex digits) or an address (0x + 40).'));
    assert.ok(
      asked.some((a) => a.message.endsWith('this has {0}.') && a.args[0] === '1,234'),
      'counts are formatted before',
    );
    assert.ok(asked.some((a) => a.message.endsWith('this one has {0}.') && a.args[0] === '3'));
  });

  it('reads in German with the extension’s German bundle, and Look Up still says what it takes', () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
    const german: Translate = (message, ...args) => t(bundle[message] ?? message, ...args);
    assert.equal((parseBlockQuery('-5', german) as { error: string }).error, 'Eine Blocknummer kann nicht negativ sein.');
    assert.equal((blockQueryFromArgument(-5, german) as { error: string }).error, 'Eine Blocknummer kann nicht negativ sein.');
    assert.equal(
      (parseBlockQuery('hello', german) as { error: string }).error,
      '„hello“ ist keine Blocknummer. Geben Sie eine Dezimalzahl, eine 0x-Hexzahl oder „latest“ ein.',
    );
    // Look Up's own message, not Look Up Block's: the choice is made on the problem, which German text cannot hide.
    assert.deepEqual(parseLookUp('hello', german), {
      ok: false,
      error: '„hello“ ist weder eine Blocknummer (6699, 0x1a2b, „latest“) noch ein Transaktions-Hash (0x + 64 Hexziffern) noch eine Adresse (0x + 40).',
      problem: 'unrecognized',
    });
  });

  it('parseLookUp chooses by problem, not by text: a t that says the same for everything changes no outcome', () => {
    const cases: [string, InputProblem][] = [
      ['hello', 'unrecognized'],
      ['1,23', 'unrecognized'],
      ['-5', 'negative'],
      ['12.5', 'fraction'],
      ['0x12g', 'notHex'],
      ['0x', 'noDigits'],
      ['0x' + 'f'.repeat(14), 'tooLarge'],
      ['0x' + 'a'.repeat(63), 'wrongLength'],
      ['ab'.repeat(32), 'noPrefix'],
      ['', 'empty'],
    ];
    for (const [input, problem] of cases) {
      const r = parseLookUp(input, constant);
      assert.deepEqual(r, { ok: false, error: 'Eingabe ungültig.', problem }, input);
      assert.equal((parseLookUp(input, t) as { problem: InputProblem }).problem, problem, input);
    }
  });

  it('parseLookUp: the same outcome under any translation, for any input (property)', () => {
    const outcome = (r: Parsed<unknown>) => (r.ok ? r : { ok: false, problem: r.problem });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^(0x)?[0-9a-fA-F]{0,70}$/), fc.constantFrom('latest', 'hello', '-1', '1.5', '1e3')), (input) => {
        const english = outcome(parseLookUp(input, t));
        assert.deepEqual(outcome(parseLookUp(input, constant)), english);
        assert.deepEqual(outcome(parseLookUp(input, marked)), english);
      }),
      { numRuns: 2000 },
    );
  });
});
