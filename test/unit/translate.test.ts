// The core's messages reach the user in the user's language: made with msg() where no Translate is at
// hand, English in logs, translated (and still redacted) where they are shown.
import * as assert from 'node:assert/strict';
import { apiKeyProblem } from '../../src/core/endpoints';
import { describeError, ProviderError } from '../../src/core/errors';
import { forgetSecret, registerSecret } from '../../src/core/redact';
import { msg, translateMessage, untranslated, type Translate } from '../../src/core/translate';
import { httpError } from '../../src/core/transport';

/** A stand-in for a language: a few German texts, the rest marked as untranslated. */
const GERMAN: Record<string, string> = {
  'The provider rejected the API key (HTTP {0}). Check it with “Hyperliquid: Set API Key”.':
    'Der Anbieter hat den API-Schlüssel abgelehnt (HTTP {0}). Prüfen Sie ihn mit „Hyperliquid: API-Schlüssel festlegen“.',
  '{0} (setting {1})': '{0} (Einstellung {1})',
  'The API key is empty.': 'Der API-Schlüssel ist leer.',
  'The provider answered HTTP {0}: {1}': 'Der Anbieter antwortete mit HTTP {0}: {1}',
};
const german: Translate = (message, ...args) => untranslated(GERMAN[message] ?? `[untranslated] ${message}`, ...args);

describe('core messages (msg, translateMessage, ProviderError.say)', () => {
  it('an error from the core is English in its message (logs) and in the user’s language where it is shown', () => {
    const e = httpError('evm', 401, '');
    assert.equal(e.message, 'The provider rejected the API key (HTTP 401). Check it with “Hyperliquid: Set API Key”.');
    assert.equal(describeError(e), e.message);
    assert.equal(
      describeError(e, german),
      'Der Anbieter hat den API-Schlüssel abgelehnt (HTTP 401). Prüfen Sie ihn mit „Hyperliquid: API-Schlüssel festlegen“.',
    );
  });

  it('translates a message inside a message', () => {
    const problem = apiKeyProblem('');
    assert.ok(problem);
    const wrapped = msg('{0} (setting {1})', problem, 'hyperliquidExplorer.baseUrl');
    assert.equal(translateMessage(wrapped, untranslated), 'The API key is empty. (setting hyperliquidExplorer.baseUrl)');
    assert.equal(translateMessage(wrapped, german), 'Der API-Schlüssel ist leer. (Einstellung hyperliquidExplorer.baseUrl)');
  });

  it('redacts the translated message, and keeps no secret in any field of the error', () => {
    const key = 'sk-translate-test-0123456789';
    registerSecret(key);
    try {
      const e = httpError('info', 418, `teapot says ${key}`);
      for (const t of [untranslated, german]) assert.ok(!describeError(e, t).includes(key), describeError(e, t));
      assert.ok(!JSON.stringify(e).includes(key), 'a field of the error holds the key');
      const plain = new ProviderError('network', `failed for ${key}`);
      assert.ok(!plain.say(german).includes(key) && !JSON.stringify(plain).includes(key));
    } finally {
      forgetSecret(key);
    }
  });

  it('a message said by a parser is said again in the words it is given', () => {
    const e = new ProviderError('badInput', (t) => t('The API key is empty.'));
    assert.equal(e.message, 'The API key is empty.');
    assert.equal(e.say(german), 'Der API-Schlüssel ist leer.');
  });
});
