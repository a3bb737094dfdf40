// `npm run setup`: installs what the suites, the bench and the demo need (test/host/install.ts): Debian's
// Chromium, Node 24 and code-server into .vscode-test/. Every entry point does this itself before it needs
// it; run this to do it ahead, or with `--dry-run` (HLX_HOST_DRY_RUN=1) to see what would be installed.
import { CHROMIUM, CS_ENTRY } from '../test/host/config';
import { ensureHost, hostPlan } from '../test/host/install';
import { runMain } from '../test/host/runner';

runMain('setup', async () => {
  if (process.argv.includes('--dry-run')) {
    const plan = hostPlan();
    if (!plan.length) console.log('[setup] nothing to install: Chromium and code-server are there');
    for (const s of plan) console.log(`[setup] would install ${s.what}: ${s.detail}`);
    return 0;
  }
  const t0 = Date.now();
  await ensureHost();
  console.log(`[setup] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: Chromium ${CHROMIUM}, code-server ${CS_ENTRY}`);
  return 0;
});
