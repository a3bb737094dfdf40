/**
 * Property-based tests (fast-check) of every parser and validator of what a user types or what arrives
 * from less trusted places (command arguments, stored state, webview messages): for any input they do
 * not throw, they accept exactly what their rule says (checked against an independent oracle), and
 * their messages stay short and never repeat a secret.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { apiKeyProblem, baseUrlProblem, ProviderEndpoints } from '../../../src/core/endpoints';
import { MAX_BLOCK_NUMBER, parseAddress, parseBlockQuery } from '../../../src/core/input';
import { translateMessage, untranslated } from '../../../src/core/translate';
import { blockQueryFromArgument } from '../../../src/blocks/blockQuery';
import { readRecentLookUps, recentBlocks } from '../../../src/core/recentLookUps';
import { isBlockWebviewMessage, panelStateBlockNumber } from '../../../src/blocks/protocol';
import { findHexToken, isIdentifierChar } from '../../../src/hover/hoverToken';
import { escapeIcons, escapeLinksAndIcons } from '../../../src/view/escape';
import { ProviderError } from '../../../src/core/errors';
import { createProviderClients } from '../../../src/core/provider';
import { ScriptedServer } from '../../support/scriptedServer';
import { figures, incident } from '../support/figures';

const RUNS = 2000;

/** Text a person might type or paste: digits and separators of every kind, hex, signs, spaces, any Unicode. */
const typed = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefxXABCDEF,_.-+e ', '\t', '\u00a0', '١', '２', 'ⅰ', '\u200b'), maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: -10, max: Number.MAX_SAFE_INTEGER }).map((n) => String(n)),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map((n) => `0x${n.toString(16)}`),
  fc.constantFrom('latest', 'LATEST', ' latest ', 'pending', 'finalized', '0x', '0X1A2B', '1,234,567', '1_000', '1e6', '12.5', '-0', '0x-1', '٣', '１２３', ''),
);

/** Counts an input the rule refused: a bad input tried. */
const refused = () => void (figures.badInputs += 1);

describe('hostile: user input (fast-check)', () => {
  it('parseBlockQuery accepts exactly decimal, grouped decimal, 0x hex up to 2^53 − 1 and “latest”', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const r = parseBlockQuery(input, untranslated);
        const t = input.trim();
        let expected: number | 'latest' | undefined;
        if (/^latest$/i.test(t)) expected = 'latest';
        else if (/^0x[0-9a-f]+$/i.test(t) || /^[0-9]+$/.test(t) || /^[0-9]{1,3}([,_][0-9]{3})+$/.test(t)) {
          const n = /^0x/i.test(t) ? BigInt(t) : BigInt(t.replace(/[,_]/g, ''));
          expected = n <= BigInt(MAX_BLOCK_NUMBER) ? Number(n) : undefined;
        }
        if (expected === undefined) {
          refused();
          assert.equal(r.ok, false, `accepted ${JSON.stringify(input)}`);
          if (!r.ok) assert.ok(r.error.length > 0 && r.error.length < 200, r.error);
        } else {
          assert.deepEqual(r, { ok: true, value: expected === 'latest' ? { kind: 'latest' } : { kind: 'number', number: expected } });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('parseBlockQuery answers a pasted megabyte at once (no quadratic BigInt, no backtracking), with a short message', () => {
    parseBlockQuery('9'.repeat(20), untranslated); // the first refusal warms up the regular expressions and the JIT
    for (const huge of ['9'.repeat(1_000_000), '0x' + 'f'.repeat(1_000_000), '<'.repeat(1_000_000), `${'1,000'.repeat(200_000)}`]) {
      const started = performance.now();
      const r = parseBlockQuery(huge, untranslated);
      refused();
      assert.equal(r.ok, false);
      assert.ok(!r.ok && r.error.length < 200, 'the message does not repeat the input');
      assert.ok(performance.now() - started < 100, `${(performance.now() - started).toFixed(0)} ms for ${huge.slice(0, 8)}…`);
    }
  });

  it('parseAddress accepts exactly 0x + 40 hex digits (any case, spaces around) and lowercases them', () => {
    const address = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('', ' ', '\t', '\u00a0'),
          fc.constantFrom('0x', '0X'),
          fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 38, maxLength: 42 }),
          fc.constantFrom('', ' ', '\n'),
        )
        .map(([a, x, h, b]) => `${a}${x}${h.join('')}${b}`),
      fc.array(fc.constantFrom(...'0123456789abcdefABCDEFgz '), { minLength: 40, maxLength: 40 }).map((a) => `0x${a.join('')}`),
      typed,
    );
    fc.assert(
      fc.property(address, (input) => {
        const r = parseAddress(input, untranslated);
        const t = input.trim();
        if (/^0x[0-9a-f]{40}$/i.test(t)) {
          assert.deepEqual(r, { ok: true, value: `0x${t.slice(2).toLowerCase()}` });
        } else {
          refused();
          assert.equal(r.ok, false, `accepted ${JSON.stringify(input)}`);
          if (!r.ok) assert.ok(r.error.length > 0 && r.error.length < 120, r.error);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('apiKeyProblem refuses exactly what cannot be one path segment, and never repeats the key', () => {
    const key = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `sk-${s}`),
      fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.~/?#% \t\n\u0000\u007f\u00a0é'), maxLength: 24 }),
      fc.constantFrom('.', '..', '...', 'a'.repeat(512), 'a'.repeat(513), ''),
    );
    fc.assert(
      fc.property(key, (k) => {
        const found = apiKeyProblem(k);
        const problem = found && translateMessage(found, untranslated);
        const ok = k.length > 0 && k.length <= 512 && !/[\s/?#\u0000-\u001f\u007f]/.test(k) && k !== '.' && k !== '..';
        if (!ok) {
          refused();
          assert.ok(problem, `accepted ${JSON.stringify(k)}`);
          if (k.length >= 6) assert.ok(!problem.includes(k), 'the message repeats the key');
          return;
        }
        assert.equal(problem, undefined, `refused ${JSON.stringify(k)}: ${problem}`);
        // An accepted key is exactly one path segment of both URLs, on the base URL's own host.
        const endpoints = new ProviderEndpoints('https://node.example/base', k);
        for (const endpoint of ['evm', 'info'] as const) {
          const url = new URL(endpoints.url(endpoint));
          assert.equal(url.origin, 'https://node.example');
          assert.equal(url.pathname, `/base/${encodeURIComponent(k)}/${endpoint}`, `key ${JSON.stringify(k)}`);
          assert.equal(url.search + url.hash, '');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('baseUrlProblem takes https:// anywhere, http:// only on this computer, and nothing with a user, query or fragment', () => {
    const loopback = ['127.0.0.1', 'localhost', '[::1]'];
    const host = fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.constantFrom(...loopback, '127.0.0.1.evil.example', 'localhost.evil.example', '127.0.0.2', '0.0.0.0', '[::ffff:127.0.0.1]'),
    );
    const url = fc.tuple(
      fc.constantFrom('https://', 'http://', 'HTTP://', 'ftp://', 'javascript:', 'file://', '//', ''),
      fc.option(fc.constantFrom('user@', 'user:pass@', ':@'), { nil: '' }),
      host,
      fc.option(
        fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
        { nil: '' },
      ),
      fc.constantFrom('', '/', '/v1', '/a/b/', '/%2e%2e/x'),
      fc.constantFrom('', '?x=1', '#frag', '?'),
    );
    fc.assert(
      fc.property(url, ([scheme, user, h, port, path, rest]) => {
        const text = `${scheme}${user}${h}${port}${path}${rest}`;
        const problem = baseUrlProblem(text);
        let parsed: URL | undefined;
        try {
          parsed = new URL(text);
        } catch {
          parsed = undefined;
        }
        const acceptable =
          parsed !== undefined &&
          !parsed.username &&
          !parsed.password &&
          !parsed.search &&
          !parsed.hash &&
          !text.includes('?') &&
          !text.includes('#') &&
          (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)));
        if (!acceptable) refused();
        assert.equal(problem === undefined, acceptable, `${text}: ${problem ?? 'accepted'}`);
        if (parsed?.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) assert.ok(problem, `http:// accepted for ${text}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('the hover token rule: any line, any position — never throws, and a token is exactly 0x + 1–16 hex digits standing alone', () => {
    const hex = (n: number) => fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: n, maxLength: n }).map((a) => a.join(''));
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(...'0xX1aFg_$é.;( '), maxLength: 12 }),
      hex(40).map((h) => `0x${h}`),
      hex(64).map((h) => `0x${h}`),
      fc
        .integer({ min: 1, max: 20 })
        .chain((n) => hex(n))
        .map((h) => `0x${h}`),
    );
    const line = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(
      fc.property(line, fc.nat(), (text, seed) => {
        const at = text.length === 0 ? 0 : seed % (text.length + 2);
        const token = findHexToken(text, at);
        if (!token) {
          refused();
          return;
        }
        assert.equal(text.slice(token.start, token.end), token.text);
        assert.match(token.text, /^0[xX][0-9a-fA-F]{1,16}$/);
        assert.equal(token.value, Number.parseInt(token.text.slice(2), 16));
        assert.ok(Number.isSafeInteger(token.value));
        assert.ok(at >= token.start && at <= token.end, 'the position is on the token');
        assert.ok(token.start === 0 || !isIdentifierChar(text.charCodeAt(token.start - 1)), 'nothing glued before');
        assert.ok(token.end === text.length || !isIdentifierChar(text.charCodeAt(token.end)), 'nothing glued after');
      }),
      { numRuns: RUNS },
    );
  });

  it('the hover token rule: no position inside an address or a hash is a block number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(40, 64),
        fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 64, maxLength: 64 }).map((a) => a.join('')),
        fc.constantFrom('', ' ', '"', "'", '('),
        (digits, h, quote) => {
          const value = `0x${h.slice(0, digits)}`;
          const text = `const a = ${quote}${value}${quote};`;
          const start = text.indexOf(value);
          for (let at = start; at <= start + value.length; at++) {
            assert.equal(findHexToken(text, at), undefined, `${value} at ${at - start}`);
            refused();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the hover token rule costs microseconds on a megabyte-long line', () => {
    const text = '0x1'.repeat(350_000) + ' 0x1a2b ' + 'a'.repeat(100_000);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) findHexToken(text, (i * 7919) % text.length);
    const perCall = (performance.now() - started) / 1000;
    figures.badInputs += 1000;
    assert.ok(perCall < 0.2, `${perCall.toFixed(3)} ms per call`);
  });
});

/**
 * How VS Code 1.139 renders a quick pick label (`renderLabelWithIcons`, read from the code-server build):
 * `$(name)` becomes an icon, `\$(name)` the text `$(name)`. Returns the text shown and the icons.
 */
function renderLabel(label: string): { text: string; icons: string[] } {
  const icons: string[] = [];
  const text = label.replace(/(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g, (_m, escaped: string | undefined, name: string) => {
    if (escaped) return `$(${name})`;
    icons.push(name);
    return '';
  });
  return { text, icons };
}

describe('hostile: text in quick pick labels (fast-check)', () => {
  it('escapeIcons: whatever is typed is shown exactly as typed, and never as an icon', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('$', '(', ')', '\\', 'z', 'a', 'p', '~', 's', '-', ' '), maxLength: 24 }),
      fc.string({ unit: 'grapheme', maxLength: 24 }),
      fc.constantFrom('$(zap)', '$(zap~spin) x', '\\$(zap)', '$(', '$()', '$(bad name)'),
    );
    fc.assert(
      fc.property(text, (t) => {
        const shown = renderLabel(escapeIcons(t));
        if (/\$\([A-Za-z0-9-]+(~[A-Za-z]+)?\)/.test(t)) refused();
        assert.deepEqual(shown.icons, [], `${JSON.stringify(t)} made an icon`);
        // A backslash the user typed before $(…) is VS Code's own escape: it is consumed, the rest is shown as typed.
        assert.equal(shown.text, t.replace(/\\(\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\))/g, '$1'));
      }),
      { numRuns: RUNS },
    );
  });
});

/** VS Code 1.139's link syntax in notifications and input box messages (`parseLinkedText`, from the code-server build). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

describe('hostile: text in notifications and input box messages (fast-check)', () => {
  it('escapeLinksAndIcons: no link and no icon, whatever the text; it reads as typed', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('[', ']', '(', ')', 'x', ' ', 'h', 't', 'p', 's', ':', '/', 'command', 'file', '"', '$', 'z', 'a'), maxLength: 30 }),
      fc.constantFrom(
        '[x](https://e.example)',
        '[run](command:workbench.action.terminal.new)',
        '[f](file:///etc/passwd "t")',
        '[a](https://a)[b](command:b) $(zap)',
      ),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (t) => {
        const shown = escapeLinksAndIcons(t);
        LINK.lastIndex = 0;
        if (LINK.test(t)) refused();
        LINK.lastIndex = 0;
        assert.equal(LINK.test(shown), false, `${JSON.stringify(t)} still makes a link`);
        const label = renderLabel(shown);
        assert.deepEqual(label.icons, []);
        assert.equal(label.text.replace(/\u200b/g, ''), t.replace(/\u200b/g, '').replace(/\\(\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\))/g, '$1'));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('hostile: arguments, stored state and webview messages (fast-check)', () => {
  it('Look Up Block’s argument: any value is a block, a message, or “ask the user”, and never a crash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.bigInt(), typed), (arg) => {
        const r = blockQueryFromArgument(arg, untranslated);
        if (r === undefined) return assert.ok(typeof arg !== 'number' && typeof arg !== 'string' && typeof arg !== 'bigint');
        if (!r.ok) {
          refused();
          return assert.ok(r.error.length < 200);
        }
        assert.ok(r.value.kind === 'latest' || (Number.isSafeInteger(r.value.number) && r.value.number >= 0));
      }),
      { numRuns: RUNS },
    );
  });

  it('the blocks of the recent-lookups list read back from globalState are only valid, distinct block numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)))), (stored) => {
        const recent = recentBlocks(readRecentLookUps(Array.isArray(stored) ? stored.map((x) => (typeof x === 'number' ? String(x) : x)) : stored));
        if (!Array.isArray(stored) || recent.length < stored.length) refused();
        assert.ok(recent.length <= 10);
        assert.equal(new Set(recent).size, recent.length);
        for (const n of recent) assert.ok(Number.isSafeInteger(n) && n >= 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('a message from the block webview is accepted only in a shape the host can act on safely', () => {
    const message = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('ready', 'openBlock', 'needRows', 'copy', 'openExplorer', 'showRawJson', 'retry', 'evil'),
        number: fc.oneof(fc.integer({ min: -5, max: 10 }), fc.double(), fc.string()),
        blockNumber: fc.oneof(fc.nat(), fc.double()),
        start: fc.oneof(fc.nat(100), fc.integer({ min: -5, max: 0 })),
        end: fc.oneof(fc.nat(100), fc.constant(Number.MAX_VALUE)),
        text: fc.string({ maxLength: 300 }),
        target: fc.oneof(
          fc.anything(),
          fc.record({ kind: fc.constantFrom('block', 'tx', 'address', 'url'), number: fc.integer(), hash: fc.string(), address: fc.string() }),
        ),
      }),
    );
    fc.assert(
      fc.property(message, (m) => {
        if (!isBlockWebviewMessage(m)) return refused();
        const msg = m as Record<string, any>;
        if (msg.type === 'openBlock') assert.ok(Number.isSafeInteger(msg.number) && msg.number >= 0);
        if (msg.type === 'needRows') assert.ok(Number.isSafeInteger(msg.start) && msg.end > msg.start && Number.isSafeInteger(msg.end));
        if (msg.type === 'copy') assert.ok(typeof msg.text === 'string' && msg.text.length <= 200);
        if (msg.type === 'openExplorer') {
          const t = msg.target;
          assert.ok(
            (t.kind === 'block' && Number.isSafeInteger(t.number) && t.number >= 0) ||
              (t.kind === 'tx' && /^0x[0-9a-fA-F]{64}$/.test(t.hash)) ||
              (t.kind === 'address' && /^0x[0-9a-fA-F]{40}$/.test(t.address)),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a revived panel’s state gives a block number or nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ blockNumber: fc.oneof(fc.integer(), fc.double(), fc.string()) })), (state) => {
        const n = panelStateBlockNumber(state);
        if (n === undefined) return refused();
        assert.ok(Number.isSafeInteger(n) && n >= 0);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('hostile: bad input reaches no request (fast-check, a real server counting)', () => {
  const server = new ScriptedServer();
  let base: string;
  before(async () => (base = await server.start()));
  after(() => server.stop());

  it('a bad wallet address, perp dex name, block number, page or page size is refused by the client before any request', async () => {
    const clients = createProviderClients(base, 'sk-inputs-key', { timeoutMs: 1000, maxRetries: 0 });
    const badCall = fc.oneof(
      typed.filter((t) => !/^\s*0x[0-9a-f]{40}\s*$/i.test(t)).map((t) => () => clients.info.openOrders(t)),
      fc
        .string({ maxLength: 40 })
        .filter((d) => !/^[a-zA-Z0-9_-]{0,32}$/.test(d))
        .map((d) => () => clients.info.openOrders('0x' + 'a'.repeat(40), d)),
      fc
        .oneof(fc.double(), fc.integer({ max: -1 }), fc.constant(2 ** 53), fc.constant(Number.NaN))
        .filter((n) => !(Number.isSafeInteger(n) && n >= 0))
        .map((n) => () => clients.evm.getBlockDetails(n)),
      fc
        .tuple(fc.integer({ min: -5, max: 300 }), fc.integer({ min: -5, max: 300 }))
        .filter(([p, s]) => p < 0 || p > 255 || s < 1 || s > 100)
        .map(
          ([p, s]) =>
            () =>
              clients.evm.getBlockTransactions(1, p, s),
        ),
    );
    await fc.assert(
      fc.asyncProperty(badCall, async (call) => {
        const before = server.received.length;
        const e = await call().then(
          () => undefined,
          (err: unknown) => err,
        );
        if (!(e instanceof ProviderError)) {
          incident('crashes', `bad input: ${String(e)}`);
          assert.fail(`expected a ProviderError, got ${String(e)}`);
        }
        assert.equal(e.kind, 'badInput', e.message);
        assert.equal(server.received.length, before, 'no request was made');
        refused();
      }),
      { numRuns: 400 },
    );
  });
});
