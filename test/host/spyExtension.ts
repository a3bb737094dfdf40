// Packages the test-only spy extension (test/host/fixtures/spy-extension) into a .vsix, once per process,
// in a temporary folder: installed beside ours in code-server by test/ui/spy.test.ts.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './config';
import { run } from './processes';

let packaged: Promise<string> | undefined;

export function spyExtensionVsix(): Promise<string> {
  return (packaged ??= (async () => {
    const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-spy-'));
    fs.cpSync(path.join(ROOT, 'test', 'host', 'fixtures', 'spy-extension'), stage, { recursive: true });
    const out = path.join(stage, 'hlx-spy.vsix');
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    await run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '-o', out], {
      name: 'vsce package (spy extension)',
      cwd: stage,
      timeoutMs: 120_000,
      quiet: true,
    });
    if (!fs.existsSync(out)) throw new Error('vsce did not package the spy extension');
    return out;
  })());
}
