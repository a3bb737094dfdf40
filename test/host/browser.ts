// Chromium (Debian's /usr/bin/chromium) driven by playwright-core: no browser download.
import * as fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './config';
import { onCleanup, shuttingDown, withTimeout } from './processes';

/** Launches headless Chromium; it is closed by the returned browser's close() and on SIGINT/SIGTERM. */
export async function launchChromium(env?: NodeJS.ProcessEnv): Promise<Browser> {
  if (shuttingDown()) throw new Error('not starting Chromium: shutting down');
  if (process.env.HLX_NO_HOST) throw new Error(`not starting Chromium: ${process.env.HLX_NO_HOST}`);
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: the entry point should have called ensureHost() (test/host/install.ts) first`);
  }
  const browser = await withTimeout(
    chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      env: env as Record<string, string>,
      timeout: 60_000,
      // Our own handlers (processes.ts) stop code-server and then the browser.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    }),
    90_000,
    `launching Chromium (${CHROMIUM})`,
  );
  const unregister = onCleanup(() => withTimeout(browser.close(), 10_000, 'closing Chromium').catch(() => undefined));
  browser.once('disconnected', unregister);
  return browser;
}
