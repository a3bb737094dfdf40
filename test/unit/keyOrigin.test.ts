import * as assert from 'node:assert/strict';
import { keyOrigin, keyStorageId, parseKeyStorageId, sameOrigin, withOrigin } from '../../src/core/keyOrigin';

describe('keyOrigin: a key belongs to one origin of one network', () => {
  it('an origin is scheme, host and port, whatever the path', () => {
    assert.equal(keyOrigin('https://Hyperliquid-Mainnet.core.chainstack.com/'), 'https://hyperliquid-mainnet.core.chainstack.com');
    assert.equal(keyOrigin('http://127.0.0.1:8545/some/path'), 'http://127.0.0.1:8545');
    assert.notEqual(keyOrigin('http://127.0.0.1:8545'), keyOrigin('http://127.0.0.1:8546'), 'another port is another origin');
    assert.notEqual(keyOrigin('https://a.quiknode.pro'), keyOrigin('https://b.quiknode.pro'), 'another endpoint name is another origin');
    assert.equal(keyOrigin('not a url'), undefined);
    assert.equal(keyOrigin('ftp://example.com'), undefined);
  });

  it('each network and origin has its own storage entry, read back as such', () => {
    const id = keyStorageId('testnet', 'http://127.0.0.1:8545');
    assert.notEqual(id, keyStorageId('mainnet', 'http://127.0.0.1:8545'));
    assert.deepEqual(parseKeyStorageId(id), { network: 'testnet', origin: 'http://127.0.0.1:8545' });
    assert.equal(parseKeyStorageId('hyperliquidExplorer.apiKey'), undefined, 'the old per-network entry is not one');
  });

  it('a URL at another origin is not the key’s', () => {
    assert.ok(sameOrigin('https://x.example/a', 'https://x.example'));
    assert.ok(!sameOrigin('https://x.example.evil.com', 'https://x.example'));
    assert.ok(!sameOrigin('http://x.example', 'https://x.example'));
  });

  it('the list of origins holding a key is deduplicated, newest first, and bounded', () => {
    assert.deepEqual(withOrigin(['https://a', 'https://b'], 'https://b', true), ['https://b', 'https://a']);
    assert.deepEqual(withOrigin(['https://a', 'https://b'], 'https://a', false), ['https://b']);
    const many = Array.from({ length: 50 }, (_, i) => `https://h${i}`);
    assert.equal(withOrigin(many, 'https://new', true).length, 20);
  });
});
