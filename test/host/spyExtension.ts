// Packages the test-only extensions of test/host/fixtures into .vsix files, once per process each, in a
// temporary folder: the spy extension, installed beside ours in code-server by test/ui/spy.test.ts, and the
// floor extension, installed beside ours by bench/userWaits.bench.ts (the host's own floor).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './config';
import { run } from './processes';

const packaged = new Map<string, Promise<string>>();

function fixtureVsix(folder: string, name: string): Promise<string> {
  let vsix = packaged.get(folder);
  if (!vsix) {
    vsix = (async () => {
      const stage = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
      fs.cpSync(path.join(ROOT, 'test', 'host', 'fixtures', folder), stage, { recursive: true });
      const out = path.join(stage, `${name}.vsix`);
      const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
      await run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '-o', out], {
        name: `vsce package (${folder})`,
        cwd: stage,
        timeoutMs: 120_000,
        quiet: true,
      });
      if (!fs.existsSync(out)) throw new Error(`vsce did not package ${folder}`);
      return out;
    })();
    packaged.set(folder, vsix);
  }
  return vsix;
}

export function spyExtensionVsix(): Promise<string> {
  return fixtureVsix('spy-extension', 'hlx-spy');
}

/** The minimal extension whose actions are the host's floor (test/host/fixtures/floor-extension). */
export function floorExtensionVsix(): Promise<string> {
  return fixtureVsix('floor-extension', 'hlx-floor');
}
