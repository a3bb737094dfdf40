// `npm run demo`: builds, starts the demo node, and opens the extension on it:
//   - with desktop VS Code (`code --extensionDevelopmentPath=<repo>`) when `code` is on PATH, or
//   - in code-server on 127.0.0.1, printing the URL to open in a browser.
// The extension reads HYPERLIQUID_EXPLORER_DEMO_NODE (the demo node's base URL) and
// HYPERLIQUID_EXPLORER_DEMO_KEY (the fresh key it printed) at activation.
// Ctrl-C stops everything this started. Env: HLX_PORT (code-server port), HLX_DEMO_PORT (demo node
// port), HLX_DEMO_HOST=code-server (use code-server even when `code` exists).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { buildExtension } from '../test/host/build';
import { startCodeServer } from '../test/host/codeServer';
import { CACHE, ROOT } from '../test/host/config';
import { ensureHost } from '../test/host/install';
import { onCleanup, runCleanups, shuttingDown, spawnTracked, withTimeout } from '../test/host/processes';
import { runMain } from '../test/host/runner';
import { demoFoundryProject, demoProjectAddresses } from '../src/demo/foundryProject';
import { DEMO_SAMPLES } from '../src/demo/samples';

const log = (...a: unknown[]) => console.log('[demo]', ...a);
const DEMO_ENV = 'HYPERLIQUID_EXPLORER_DEMO_NODE';
const DEMO_KEY_ENV = 'HYPERLIQUID_EXPLORER_DEMO_KEY';

/**
 * A scratch folder with files to try the hover on, and the demo's Foundry project (sources, out/ and
 * broadcast/ for chain 999), so that the demo's transactions decode with its contracts' names.
 */
function demoWorkspace(): Record<string, string> {
  const { treasury } = demoProjectAddresses();
  return {
    ...demoFoundryProject(),
    'deployments.ts': `// Hover the address: the demo project deployed its Treasury there (see broadcast/).\nexport const TREASURY = '${treasury}';\n`,
    'blocks.ts': [
      '// Hover a hex block number (Hyperliquid Explorer demo data).',
      'export const recentBlock = 0x1312d00; // 20,000,000: the demo chain head',
      'export const olderBlock = 0x1312cc4;',
      '',
    ].join('\n'),
    'README.md':
      '# Hyperliquid Explorer demo\n\nOpen the Hyperliquid view in the activity bar, or run `Hyperliquid: Look Up Block…`.\n\n' +
      'This folder is also a small Foundry project: run `Hyperliquid: Look Up…` and type `Treasury`, or open the failed transaction ' +
      `${DEMO_SAMPLES.customErrorTx} to read its custom error and call tree by name.\n`,
  };
}

async function startDemoNode(): Promise<{ baseUrl: string; apiKey: string }> {
  const bundled = path.join(ROOT, 'dist', 'demoNode.js');
  const source = path.join(ROOT, 'src', 'demo', 'cli.ts');
  const port = process.env.HLX_DEMO_PORT ?? '0';
  let cmd: string[];
  // The market moves (mids, positions' marks) and the chain grows, so that live wallets and Follow latest show it.
  const moving = ['--market-tick-ms', '3000', '--block-ms', '2000'];
  if (fs.existsSync(bundled)) cmd = [bundled, '--port', port, ...moving];
  else if (fs.existsSync(source)) cmd = ['--import', 'tsx', source, '--port', port, ...moving];
  else throw new Error('no demo node: neither dist/demoNode.js nor src/demo/cli.ts exists');
  const node = spawnTracked(process.execPath, cmd, { name: 'demo node', cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: node.child.stdout! });
  const ready = new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const info = JSON.parse(line) as { baseUrl?: string; apiKey?: string };
        if (info.baseUrl) resolve({ baseUrl: info.baseUrl, apiKey: info.apiKey ?? '' });
      } catch {
        console.log('[demo node]', line);
      }
    });
    void node.exited.then((code) => reject(new Error(`the demo node exited (${code}) before it was ready`)));
  });
  const info = await withTimeout(ready, 30_000, 'the demo node to print its {"baseUrl",…} line');
  void node.exited.then((code) => {
    if (shuttingDown()) return;
    console.error(`[demo] the demo node stopped (${code}); stopping the demo.`);
    void runCleanups().then(() => process.exit(1));
  });
  return info;
}

function onPath(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  await buildExtension();
  const demo = await startDemoNode();
  log(`demo node: ${demo.baseUrl}`);
  const env = { [DEMO_ENV]: demo.baseUrl, [DEMO_KEY_ENV]: demo.apiKey };

  if (onPath('code') && process.env.HLX_DEMO_HOST !== 'code-server') {
    const workspace = path.join(CACHE, 'demo-workspace');
    fs.mkdirSync(workspace, { recursive: true });
    for (const [f, content] of Object.entries(demoWorkspace())) {
      fs.mkdirSync(path.dirname(path.join(workspace, f)), { recursive: true });
      fs.writeFileSync(path.join(workspace, f), content);
    }
    log('opening desktop VS Code with the extension from source…');
    const code = spawnTracked('code', ['--new-window', `--extensionDevelopmentPath=${ROOT}`, workspace], {
      name: 'code',
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    await code.exited;
    log('VS Code opened. (If a VS Code window was already running, it may not see the demo node: then run `Hyperliquid: Try Demo Data`.)');
  } else {
    await ensureHost({ chromium: false, codeServer: true });
    const server = await startCodeServer({
      name: 'demo',
      port: process.env.HLX_PORT ? Number(process.env.HLX_PORT) : undefined,
      smokeTestDriver: true, // lets ?payload= load the extension from source
      env,
      files: demoWorkspace(),
    });
    const url = server.url({ payload: [['extensionDevelopmentPath', server.remoteUri(ROOT)]] });
    console.log(`\n  Hyperliquid Explorer on demo data: open this URL in a browser on this machine\n\n  ${url}\n`);
    let exited = false;
    const watch = setInterval(() => {
      try {
        process.kill(server.pid, 0);
      } catch {
        if (!exited && !shuttingDown()) {
          exited = true;
          console.error(`[demo] code-server stopped unexpectedly; log:\n${server.logTail(20)}`);
          void runCleanups().then(() => process.exit(1));
        }
      }
    }, 1000);
    onCleanup(() => clearInterval(watch));
  }
  log('running; press Ctrl-C to stop everything.');
  await new Promise(() => undefined); // until SIGINT/SIGTERM (handlers in processes.ts stop everything)
}

runMain('demo', main);
