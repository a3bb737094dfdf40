// `npm run setup`: installs what the suites, the bench and the demo need (test/host/install.ts): Debian's
// Chromium, and both test hosts into .vscode-test/ (code-server 4.139.1 with Node 24, the newest VS Code;
// code-server 4.99.4 with Node 20, the oldest the extension supports). Every entry point does this itself
// before it needs it; run this to do it ahead, or with `--dry-run` (HLX_HOST_DRY_RUN=1) to see what would be installed.
// `--host newest|oldest` installs Chromium and that one host only (`npm test` installs the oldest while the
// newest host's suites run).
import { CHROMIUM, HOSTS, selectedHost, takeHostArgument } from '../test/host/config';
import { ensureHost, hostPlan } from '../test/host/install';
import { runMain } from '../test/host/runner';

runMain('setup', async () => {
  const one = process.argv.some((a) => a === '--host' || a.startsWith('--host='));
  takeHostArgument(process.argv.slice(2));
  const hosts = one ? [selectedHost()] : Object.values(HOSTS);
  if (process.argv.includes('--dry-run')) {
    const plan = hosts.flatMap((host, i) => hostPlan({ host, chromium: i === 0 }));
    if (!plan.length) console.log('[setup] nothing to install: Chromium and both code-servers are there');
    for (const s of plan) console.log(`[setup] would install ${s.what}: ${s.detail}`);
    return 0;
  }
  const t0 = Date.now();
  for (const host of hosts) await ensureHost({ host });
  const where = hosts.map((h) => `code-server ${h.codeServer} (VS Code ${h.vscode}) ${h.entry}`).join(', ');
  console.log(`[setup] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: Chromium ${CHROMIUM}, ${where}`);
  return 0;
});
