/**
 * Settings are read from one configuration kept between changes (`getConfiguration` merges every scope
 * on each call, and a refresh reads a dozen settings): a change by the user must still be read at once,
 * by the next read and by every listener of the change. Run with the `vscode` stand-in, whose
 * configuration is a snapshot as VS Code's is.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { settings, watchSettings } from '../../../src/platform/settings';
import * as host from '../support/vscodeStub';

describe('hostile: a setting the user changes is read at once, though the configuration is kept between changes', () => {
  beforeEach(() => host.resetHost());
  after(() => host.resetHost());

  it('the next read and a listener of the change both see the new value; a write through settings too', async () => {
    const watch = watchSettings();
    try {
      assert.equal(settings.requestTimeoutMs() / 1000, 10, 'the default');
      const seen: number[] = [];
      const listener = vscode.workspace.onDidChangeConfiguration(() => seen.push(settings.requestTimeoutMs() / 1000));
      await host.setConfiguration('hyperliquidExplorer.requestTimeoutSeconds', 25);
      assert.deepEqual(seen, [25], 'a listener added after the watch reads the new value');
      assert.equal(settings.requestTimeoutMs() / 1000, 25);
      listener.dispose();
      await settings.setNetwork('testnet');
      assert.equal(settings.network(), 'testnet');
    } finally {
      watch.dispose();
    }
  });

  it('without the watch (before activation), every read asks VS Code', async () => {
    assert.equal(settings.requestTimeoutMs() / 1000, 10);
    await host.setConfiguration('hyperliquidExplorer.requestTimeoutSeconds', 30);
    assert.equal(settings.requestTimeoutMs() / 1000, 30);
  });
});
