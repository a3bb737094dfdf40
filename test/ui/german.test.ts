// The packaged extension in German, as a German user sees it: code-server started with `--locale de` and a
// test language pack for German (test/host/languagePack.ts; without one VS Code falls back to English).
// VS Code's own words stay English (the pack translates none of them): every German word here is ours,
// from package.nls.de.json and l10n/bundle.l10n.de.json, core errors included.
import * as assert from 'node:assert/strict';
import { useWorkbench } from './workbench';

const VIEW = 'Offene Orders';

describe('UI: in German (test language pack, --locale de)', function () {
  this.timeout(120_000);
  const wb = useWorkbench({ name: 'ui-german', locale: 'de', viewport: { width: 1400, height: 2400 } }); // tall: the market maker's positions come before its failing dex;

  it('the palette lists the commands under their German titles, and demo data says so in German', async () => {
    await wb().runCommand('Hyperliquid: Demodaten ausprobieren');
    await wb().waitForNotification(/Demodaten sind aktiv: Hyperliquid Explorer zeigt jetzt erfundene Blöcke und Orders/, 30_000);
    await wb().clearNotifications();
    assert.match(await wb().waitForStatusBarItem('Hyperliquid: Demodaten'), /Hyperliquid: Demodaten/);
  });

  it('the Open Orders tree reads German, down to an error from the core (HTTP 500 of a demo dex)', async () => {
    // The view container's icon in the activity bar, as a person opens it (its title, Hyperliquid, is a name).
    await wb()
      .page.locator('.part.activitybar .action-item a[aria-label^="Hyperliquid"], .part.activitybar .action-item[aria-label^="Hyperliquid"]')
      .first()
      .click();
    const maker = wb().treeRowLocator(VIEW).filter({ hasText: 'Demo: Market Maker' }).first();
    await maker.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await maker.getAttribute('aria-expanded')) !== 'true') await maker.locator('.monaco-tl-twistie').click();
    // The wallet's row says "connecting…" while its live connection opens, then its count again.
    const rows = await wb().treeRowsWhen(
      VIEW,
      'the market maker’s orders, its count and its failing dex',
      (r) => r.some((x) => /Serverfehler/.test(x)) && r.some((x) => /^Demo: Market Maker .*\d+ Orders/.test(x)),
    );
    const text = rows.join('\n');
    assert.match(text, /^Demo: Market Maker .*\d+ Orders/m, 'the wallet and its count');
    assert.match(text, /% vom Mittelkurs/, 'an order’s distance from the mid');
    assert.match(text, /Trigger ≤ 96,000/, 'a stop’s trigger');
    assert.match(text, /gesamte Position/, 'a position TP/SL');
    assert.match(text, /Beim Anbieter ist ein Serverfehler aufgetreten \(HTTP 500\).*zum Wiederholen auswählen/, 'the dex that failed, in German');
    assert.ok(!/from mid|select to retry|server error|entire position/.test(text), `English left in the tree:\n${text}`);
  });

  it('Look Up Block… refuses bad input in German and opens a German block page', async () => {
    await wb().runCommand('Hyperliquid: Block nachschlagen…');
    await wb().pickRefuses('-5', /Eine Blocknummer kann nicht negativ sein\./);
    await wb().pickRefuses('0xzz', /„0xzz“ ist keine Hexzahl/);
    await wb().page.locator('.quick-input-widget .quick-input-box input').fill('0x1a2b');
    await wb().page.keyboard.press('Enter');
    await wb().page.locator('.tabs-container .tab', { hasText: 'Block 6,699' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const page = wb().webview();
    for (const label of ['Übergeordneter Hash', 'Verbrauchtes Gas', 'Basisgebühr', 'Gebühren gesamt', 'Verbrannte Gebühren']) {
      await page.locator('dt', { hasText: label }).first().waitFor({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'Roh-JSON anzeigen' }).waitFor();
    await page.locator('.tx-head', { hasText: 'Transaktions-Hash' }).first().waitFor();
    await wb().runCommand('View: Close All Editors');
  });

  it('the walkthrough reads German, its pages too (package.nls.de.json names media/walkthrough/de/)', async () => {
    await wb().runCommand('Welcome: Open Walkthrough...');
    const row = wb().page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Erste Schritte mit Hyperliquid Explorer' });
    await row.first().click();
    const provider = wb().page.locator('.getting-started-step[data-step-id$="#hyperliquidExplorer.gettingStarted#provider"]');
    await provider.locator('.step-title', { hasText: 'Ihren Knotenanbieter einstellen' }).waitFor({ timeout: 20_000 });
    // The step's page, markdown rendered in a webview: the German file, not the English one.
    await wb().webview().locator('h1', { hasText: 'Wohin die Anfragen gehen' }).waitFor({ timeout: 20_000 });
    assert.match(await wb().webview().locator('body').innerText(), /Die Einstellung akzeptiert nur `?https:\/\/`?/);
    await wb().runCommand('View: Close All Editors');
  });
});
