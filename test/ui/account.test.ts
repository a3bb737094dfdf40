// First UI tests: the API key and demo commands, through the command palette as a person would.
import * as assert from 'node:assert/strict';
import { useWorkbench } from './workbench';

describe('UI: API key and demo data (packaged extension in code-server)', function () {
  this.timeout(60_000);
  const wb = useWorkbench({ name: 'ui-account', files: { 'README.md': '# scratch workspace\n' } });

  it('F1 → "Hyperliquid: Set API Key" asks in a password box, rejects a bad key, saves a good one', async () => {
    await wb().runCommand('Hyperliquid: Set API Key');
    await wb().fillInputBox('', { submit: false });
    assert.equal(await wb().inputBoxIsPassword(), true, 'the API key input box must be a password box');
    const prompt = await wb().inputBoxMessage();
    await wb().fillInputBox('not a key', { submit: false });
    const problem = await wb().page
      .waitForFunction(
        (before) => {
          const m = document.querySelector('.quick-input-widget .quick-input-message') as HTMLElement | null;
          const t = m?.innerText.trim() ?? '';
          return t && t !== before ? t : undefined;
        },
        prompt,
        { timeout: 10_000 },
      )
      .then((h) => h.jsonValue());
    assert.ok(problem, 'a key with a space must get a validation message');
    await wb().fillInputBox('ui-test-key-123', { submit: true });
    await wb().waitForNotification('API key saved');
  });

  it('F1 → "Hyperliquid: Clear API Key" asks, then removes it', async () => {
    await wb().runCommand('Hyperliquid: Clear API Key');
    const box = wb().page.locator('.monaco-dialog-box');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await wb().dialogText(), /Remove your Hyperliquid Explorer API key/);
    await box.getByRole('button', { name: /^Clear Key$/ }).click();
    await wb().waitForNotification('API key removed');
  });

  it('F1 → "Hyperliquid: Try Demo Data" says demo data is on, in a notification and the status bar', async () => {
    await wb().runCommand('Hyperliquid: Try Demo Data');
    await wb().waitForNotification('Demo data is on', 30_000);
    await wb().waitForStatusBarItem(/Demo Data/);
  });
});
