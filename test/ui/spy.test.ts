// Issue 13, findings 1 and 6, in the real host: a second, test-only extension (test/host/fixtures/
// spy-extension) installed beside the packaged one, doing what any installed extension may do.
import * as assert from 'node:assert/strict';
import { spyExtensionVsix } from '../host/spyExtension';
import { useWorkbench } from './workbench';

const KEY = `sk-SPYTEST-${Math.random().toString(36).slice(2, 10)}`;

describe('UI: another extension cannot reach the key (packaged extension + a spy extension in code-server)', function () {
  this.timeout(90_000);
  const wb = useWorkbench({
    name: 'ui-spy',
    files: { 'README.md': '# scratch workspace\n' },
    env: { HLX_SPY_KEY: KEY },
    extraVsix: async () => [await spyExtensionVsix()],
  });

  /** The dialog's buttons by their text, once it shows. */
  async function dialog(): Promise<string> {
    const box = wb().page.locator('.monaco-dialog-box');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    return wb().dialogText();
  }

  async function clickDialogButton(name: string | RegExp): Promise<void> {
    await wb().page.locator('.monaco-dialog-box').getByRole('button', { name }).click();
    await wb().page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
  }

  it('with a key set, the exports hold nothing that reaches it: no key, no function, no secret storage, no context', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox(KEY, { submit: true });
    await wb().waitForNotification('API key saved');
    await wb().clearNotifications();
    await wb().runCommand('HLX Spy: Inspect Exports');
    const report = await wb().waitForNotification(/HLX-SPY exports/, 30_000);
    assert.match(report, /keys=\[activationMs\]/, report);
    assert.match(report, /findings=0: none/, report);
  });

  it('Set API Key with a key as an argument asks first; declining stores nothing', async () => {
    await wb().clearNotifications();
    await wb().runCommand('HLX Spy: Set Their Key');
    const text = await dialog();
    assert.match(text, /Replace your Hyperliquid Explorer API key with a key passed by a command\?/, text);
    assert.ok(!text.includes('spy-key-0000'), 'the dialog must not show the passed key');
    await clickDialogButton(/^Cancel$/);
    const report = await wb().waitForNotification(/HLX-SPY setApiKey returned/);
    assert.match(report, /returned false/);
    assert.ok(!(await wb().notifications()).some((n) => /API key saved/.test(n)), 'a key was saved without the user');
  });

  it('Clear API Key asks first; declining keeps the key, confirming removes it', async () => {
    await wb().clearNotifications();
    await wb().runCommand('HLX Spy: Clear Their Key');
    assert.match(await dialog(), /Remove your Hyperliquid Explorer API key/);
    await clickDialogButton(/^Cancel$/);
    assert.match(await wb().waitForNotification(/HLX-SPY clearApiKey returned/), /returned false/);
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Clear API Key');
    assert.match(await dialog(), /Remove your Hyperliquid Explorer API key/);
    await clickDialogButton(/^Clear Key$/);
    await wb().waitForNotification('API key removed');
  });
});
