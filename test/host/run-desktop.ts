// `npm run test:desktop`: the same integration suite (test/integration/) in desktop VS Code through
// @vscode/test-electron. Uses VSCODE_EXECUTABLE when set; otherwise test-electron downloads VS Code
// (VSCODE_VERSION, default stable) into .vscode-test/, which needs update.code.visualstudio.com.
// On a Linux machine without a display, run it under xvfb-run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildExtension, buildIntegrationTests } from './build';
import { CACHE, QUIET_SETTINGS, ROOT, seconds } from './config';
import { runMain } from './runner';

runMain('desktop', async () => {
  const t0 = Date.now();
  await buildExtension();
  const extensionTestsPath = await buildIntegrationTests();
  const executable = process.env.VSCODE_EXECUTABLE;
  if (executable && !fs.existsSync(executable)) throw new Error(`VSCODE_EXECUTABLE=${executable} does not exist`);
  const runDir = path.join(CACHE, `run-desktop-${process.pid}`);
  const userDataDir = path.join(runDir, 'user-data');
  const workspace = path.join(runDir, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(QUIET_SETTINGS, null, 2));
  console.log(`[desktop] ${executable ? `VS Code: ${executable}` : `no VSCODE_EXECUTABLE: downloading VS Code ${process.env.VSCODE_VERSION ?? 'stable'}…`}`);
  try {
    const code = await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : { version: process.env.VSCODE_VERSION ?? 'stable' }),
      extensionDevelopmentPath: ROOT,
      extensionTestsPath,
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        `--user-data-dir=${userDataDir}`,
        `--extensions-dir=${path.join(runDir, 'extensions')}`,
      ],
    });
    console.log(`[desktop] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} after ${seconds(t0)}`);
    return code === 0 ? 0 : 1;
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    if (!executable && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo|download/i.test(msg)) {
      throw new Error(
        `could not download desktop VS Code (${msg.split('\n')[0]}).\n` +
          'This machine cannot reach update.code.visualstudio.com. Point VSCODE_EXECUTABLE at an installed VS Code ' +
          '(e.g. VSCODE_EXECUTABLE=/usr/share/code/code npm run test:desktop), or use `npm run test:integration`, ' +
          'which runs the same suite in code-server.',
      );
    }
    throw e;
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
});
