// Mocha runner loaded by VS Code as `extensionTestsPath`: it runs inside the extension host (the
// remote Node host of code-server, or desktop VS Code for `npm run test:desktop`). esbuild compiles
// each `test/integration/*.test.ts` next to this file; mocha itself comes from node_modules.
import * as fs from 'node:fs';
import * as path from 'node:path';
import CountingReporter from '../support/countingReporter';

export async function run(): Promise<void> {
  // What the network spy (test/host/netspy.cjs) saw before any test ran: startup and activation.
  const spy = (globalThis as { __hlxNetSpy?: unknown[] }).__hlxNetSpy;
  if (spy) (globalThis as { __hlxNetSpyAtStart?: number }).__hlxNetSpyAtStart = spy.length;
  // mocha 12 is ESM with a CJS core; require(esm) gives either the class or a namespace.
  const mochaModule = require('mocha');
  const MochaCtor: typeof Mocha = mochaModule.Mocha ?? mochaModule.default ?? mochaModule;
  const mocha = new MochaCtor({
    ui: 'bdd',
    // spec output, then `[integration] N passed, N failed, N skipped`; a skip fails the run in CI.
    reporter: CountingReporter,
    reporterOptions: { suite: 'integration' },
    color: false,
    timeout: Number(process.env.HLX_TEST_TIMEOUT_MS || 30_000),
    slow: 2000,
  });
  if (process.env.HLX_TEST_GREP) mocha.grep(process.env.HLX_TEST_GREP);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  if (!files.length) throw new Error(`no compiled *.test.js next to ${__filename}`);
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
