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
    const problem = await wb()
      .page.waitForFunction(
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

  const NEEDS_KEY = /needs your node provider’s API key/;
  const BLOCK_PROMPT = 'Type a block number';

  /**
   * Runs Look Up Block: it asks for a key first when there is none, else for the block. Watches for both
   * answers in one loop that only reads the page (waiting on one of them with a helper that opens the
   * notification center would close the other's input box), and says what was on screen when neither came.
   */
  async function lookUpAsks(): Promise<'key' | 'block'> {
    await wb().clearNotifications();
    await wb().runCommand('Hyperliquid: Look Up Block…');
    const blockInput = wb().page.locator(`.quick-input-widget .quick-input-box input[placeholder^="${BLOCK_PROMPT}"]`);
    let asked: 'key' | 'block' | undefined;
    for (const end = Date.now() + 20_000; !asked && Date.now() < end; await wb().page.waitForTimeout(150)) {
      if ((await wb().notifications()).some((t) => NEEDS_KEY.test(t))) asked = 'key';
      else if (await blockInput.isVisible().catch(() => false)) asked = 'block';
    }
    if (!asked) {
      const input = await wb()
        .page.locator('.quick-input-widget .quick-input-box input')
        .evaluate((el: HTMLInputElement) => `${el.placeholder} / ${el.value}`)
        .catch(() => 'none');
      throw new Error(`Look Up Block asked for neither a key nor a block within 20 s; quick input: ${input}; ${await wb().describeState()}`);
    }
    await wb().dismissQuickInput();
    await wb().clearNotifications();
    return asked;
  }

  it('F1 → "Hyperliquid: Clear API Key" asks, then removes it from SecretStorage: the next lookup, also after a reload, asks for a key', async () => {
    // Control: the key saved above is read back from SecretStorage by a fresh extension host.
    await wb().reload();
    assert.equal(await lookUpAsks(), 'block', 'with a saved key, Look Up Block asks for the block, after a reload too');
    await wb().runCommand('Hyperliquid: Clear API Key');
    const box = wb().page.locator('.monaco-dialog-box');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await wb().dialogText(), /Remove your Hyperliquid Explorer API key/);
    await box.getByRole('button', { name: /^Clear Key$/ }).click();
    await wb().waitForNotification('API key removed');
    assert.equal(await lookUpAsks(), 'key', 'after Clear API Key, Look Up Block asks for a key');
    // Gone from SecretStorage, not only from memory: a fresh extension host finds no key either.
    await wb().reload();
    assert.equal(await lookUpAsks(), 'key', 'after a reload, there is still no key');
  });

  it('F1 → "Hyperliquid: Try Demo Data" says demo data is on, in a notification and the status bar', async () => {
    await wb().runCommand('Hyperliquid: Try Demo Data');
    await wb().waitForNotification('Demo data is on', 30_000);
    await wb().waitForStatusBarItem(/Demo Data/);
  });
});
