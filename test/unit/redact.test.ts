/**
 * Issue 13, finding 4: redaction with keys drawn from every character `apiKeyProblem` accepts (quotes,
 * parentheses, `!*~`, brackets, `%`, non-ASCII, astral), in every form text takes on its way out: the
 * redactor itself, provider errors (message and stack), `describeError`, and real HTTP failures whose
 * bodies echo the URL and the key.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { apiKeyProblem } from '../../src/core/endpoints';
import { bodyExcerpt, describeError, ProviderError } from '../../src/core/errors';
import { createProviderClients } from '../../src/core/provider';
import { forgetSecret, redact, registerSecret } from '../../src/core/redact';
import type { RequestEvent } from '../../src/core/transport';
import { json, ScriptedServer, text } from '../support/scriptedServer';

/** The end of every generated key: if any of it survives, the key's tail leaked. */
const TAIL = 'SECRETTAILx9';

/** ASCII that URLs keep as is and prose patterns stop at, plus whatever else a key may hold. */
const SPECIAL = [...'\'()!*~-_."<>`[]{}|\\^%&=+;,:@$'];
const keyChar = fc.oneof(
  fc.constantFrom(...SPECIAL),
  fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc
    .integer({ min: 0xa0, max: 0xffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
);
/** Keys the API-key rule accepts, ending in TAIL. */
const acceptedKey = fc
  .string({ unit: keyChar, minLength: 0, maxLength: 24 })
  .map((s) => `${s}${TAIL}`)
  .filter((k) => apiKeyProblem(k) === undefined);

function allForms(key: string): string[] {
  return [key, encodeURIComponent(key), encodeURI(key)];
}

function assertClean(where: string, out: string, key: string): void {
  assert.ok(!out.includes(TAIL), `${where}: the key's tail survived: ${JSON.stringify(out)}`);
  for (const f of allForms(key)) assert.ok(!out.includes(f), `${where}: the key survived: ${JSON.stringify(out)}`);
}

/** Places a URL or key sits in text that leaves the extension. */
const contexts: ((url: string, key: string) => string)[] = [
  (u) => u,
  (u) => `POST ${u} failed`,
  (u) => `'${u}'`,
  (u) => `"${u}"`,
  (u) => `(${u})`,
  (u) => `[link](${u})`,
  (u) => `<a href="${u}">x</a>`,
  (u) => `\`${u}\``,
  (u) => JSON.stringify({ url: u }),
  (_u, k) => `invalid key ${k}`,
  (_u, k) => JSON.stringify({ error: `invalid key ${k}` }),
  (u) => `${u.replace('http://', 'HTTP://')}`,
];

describe('redaction with keys from every accepted character (issue 13, finding 4)', () => {
  it('an error body excerpt: the key goes before tags are stripped or the text is cut (fast-check found <>KEY)', () => {
    const key = `<>SECRET${TAIL}`;
    registerSecret(key);
    try {
      assertClean('tag-like key', bodyExcerpt(`bad request with key ${key}`), key);
      // A key that straddles the excerpt's end is not cut into a prefix that no longer matches.
      const long = `${'x'.repeat(150)} ${key} and more`;
      assertClean('key at the cut', bodyExcerpt(long), key);
      assert.ok(!bodyExcerpt(long).includes('<>SECRET'), bodyExcerpt(long));
    } finally {
      forgetSecret(key);
    }
  });

  it('the reported case: a quote in the key no longer leaves its tail behind', () => {
    const key = "abc'defSECRET";
    registerSecret(key);
    try {
      const out = redact(`https://host.example/${encodeURIComponent(key)}/evm`);
      assert.equal(out, 'https://host.example/[redacted]');
    } finally {
      forgetSecret(key);
    }
  });

  it('an unregistered key in a URL does not leave its tail either', () => {
    for (const key of ["abc'defSECRET", 'abc)defSECRET', 'abc!*~defSECRET']) {
      const out = redact(`failed: https://host.example/${encodeURIComponent(key)}/evm.`);
      assert.ok(!out.includes('SECRET'), out);
    }
  });

  it('removes a registered key and every URL holding it, in any context (property)', () => {
    fc.assert(
      fc.property(acceptedKey, fc.constantFrom('https://host.example', 'http://127.0.0.1:8545', 'https://node.example/base'), (key, base) => {
        registerSecret(key);
        try {
          const url = `${base}/${encodeURIComponent(key)}/evm`;
          for (const context of contexts) {
            const input = context(url, key);
            assertClean('redact', redact(input), key);
            const error = new ProviderError('network', input);
            assertClean('ProviderError message', error.message, key);
            assertClean('ProviderError stack', error.stack ?? '', key);
            assertClean('describeError(Error)', describeError(new Error(input)), key);
            assertClean('describeError(string)', describeError(input), key);
          }
          // The key as a subdomain (some providers do that).
          assertClean('key in host', redact(`see https://${encodeURIComponent(key)}.node.example/evm`), key);
        } finally {
          forgetSecret(key);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a key in the error bodies of real HTTP answers never reaches an error or a log event (property, over HTTP)', async () => {
    const server = new ScriptedServer();
    const baseUrl = await server.start();
    try {
      await fc.assert(
        fc.asyncProperty(acceptedKey, fc.integer({ min: 0, max: 3 }), async (key, which) => {
          server.handler = (req, res) => {
            const echoed = `${baseUrl}${req.url}`;
            if (which === 0) text(res, 422, `bad request for ${echoed} with key ${decodeURIComponent(req.url.split('/')[1] ?? '')}`);
            else if (which === 1) text(res, 404, `<html>Cannot POST ${req.url} (${echoed})</html>`, 'text/html');
            else if (which === 2)
              json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, error: { code: -32000, message: `denied ${echoed} '${key}'` } });
            else text(res, 200, `<!doctype html><p>login at ${echoed}</p>`, 'text/html');
          };
          const events: RequestEvent[] = [];
          const clients = createProviderClients(baseUrl, key, { timeoutMs: 2000, maxRetries: 0, onRequest: (e) => events.push(e) });
          const error = await clients.evm.getBlockNumber().then(
            () => assert.fail('expected a failure'),
            (e: unknown) => e,
          );
          assert.ok(error instanceof ProviderError);
          for (const [where, t] of [
            ['message', error.message],
            ['stack', error.stack ?? ''],
            ['describeError', describeError(error)],
            ['JSON', JSON.stringify(error)],
            ['events', JSON.stringify(events, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack } : v))],
          ] as const) {
            assertClean(where, t, key);
          }
          forgetSecret(key);
        }),
        { numRuns: 60 },
      );
    } finally {
      await server.stop();
    }
  });
});
