// `npm run test:integration`: the mocha suite in test/integration/ runs inside code-server's
// extension host (extensionDevelopmentPath = this repo) via the smoke-test driver payload.
// Output arrives through window.codeAutomationLog, the exit code through window.codeAutomationExit.
// Env: HLX_TEST_GREP (mocha grep), HLX_VERBOSE=1 (all workbench console output), HLX_INTEGRATION_TIMEOUT_MS (whole run, default 300000),
//      HLX_PORT (fixed port), HLX_EXTENSION_PATH (another extension folder; default: the repo).
// `--host oldest` (test:integration:oldest) runs it in the oldest supported VS Code.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import { launchChromium } from './browser';
import { buildExtension, buildIntegrationTests } from './build';
import { startCodeServer, type CodeServer } from './codeServer';
import { DIST_TEST, ROOT, seconds, selectedHost, takeHostArgument } from './config';
import { ensureHost } from './install';
import { withTimeout } from './processes';
import { runMain } from './runner';

const log = (...a: unknown[]) => console.log('[integration]', ...a);

/** The workbench's own console chatter (and the offline gallery), hidden unless HLX_VERBOSE=1. */
const WORKBENCH_NOISE =
  /^(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|Updating additional builtin extensions cache|\[Service Worker\]|\[AgentHost|\[AccountPolicyGate\]|Timed out waiting for authentication provider|Creation of workbench contribution)|ENOTFOUND open-vsx\.org/;

runMain('integration', async () => {
  const t0 = Date.now();
  takeHostArgument(process.argv.slice(2));
  const host = selectedHost();
  await ensureHost();
  log(`in code-server ${host.codeServer} (VS Code ${host.vscode}), ready after ${seconds(t0)}`);
  await buildExtension();
  const testsModule = await buildIntegrationTests();
  const extensionPath = process.env.HLX_EXTENSION_PATH || ROOT;

  let server: CodeServer | undefined;
  try {
    server = await startCodeServer({
      name: 'integration',
      smokeTestDriver: true,
      port: process.env.HLX_PORT ? Number(process.env.HLX_PORT) : undefined,
      // Records TCP connections made from the extension's code (see netspy.cjs, extension.test.ts).
      nodeArgs: [`--require=${path.join(__dirname, 'netspy.cjs')}`],
      env: { HLX_NETSPY_MATCH: path.join(extensionPath, 'dist') + path.sep },
    });
    const browser = await launchChromium(server.isolatedEnv);
    try {
      const page = await browser.newPage();
      let finish!: (code: number | string) => void;
      const finished = new Promise<number | string>((r) => (finish = r));
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
        const line = util.format(...(Array.isArray(args) ? args : [args]));
        if (!process.env.HLX_VERBOSE && WORKBENCH_NOISE.test(line)) return;
        (type === 'error' ? console.error : console.log)(line);
      });
      await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
      page.on('crash', () => finish('the page crashed'));
      page.on('pageerror', (e) => console.error('[integration] page error:', e.message));
      const url = server.url({
        payload: [
          ['extensionDevelopmentPath', server.remoteUri(extensionPath)],
          ['extensionTestsPath', server.remoteUri(testsModule)],
        ],
      });
      log('opening the workbench with the test payload…');
      await page.goto(url, { timeout: 60_000 });
      const timeoutMs = Number(process.env.HLX_INTEGRATION_TIMEOUT_MS || 300_000);
      const code = await withTimeout(finished, timeoutMs, 'the extension tests to finish (window.codeAutomationExit)').catch((e: Error) => e.message);
      if (code !== 0) {
        console.error(`[integration] FAILED: ${typeof code === 'number' ? `exit code ${code}` : code}`);
        console.error(`[integration] code-server log (${server.logFile}), last lines:\n${server.logTail(25)}`);
        console.error(`[integration] extension host logs: ${server.userDataDir}/logs/`);
        return 1;
      }
      log(`passed in ${seconds(t0)} (whole run, build included) in VS Code ${host.vscode}`);
      return 0;
    } finally {
      await withTimeout(browser.close(), 10_000, 'closing Chromium').catch(() => undefined);
    }
  } finally {
    await server?.stop();
    fs.rmSync(DIST_TEST, { recursive: true, force: true });
  }
});
