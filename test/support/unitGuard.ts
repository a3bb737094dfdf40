/**
 * Loaded by mocha for the unit suite (.mocharc.json `require`):
 * - the unit suite runs on a machine with neither VS Code nor a browser, so the harness refuses to start
 *   either (test/host/browser.ts, codeServer.ts). A test that needs Chromium belongs in test/ui/ (its
 *   runner installs Chromium first);
 * - property tests draw from a fixed seed, so a run repeats (CI lands or not on the code, not on luck);
 *   HLX_SEED picks another (`HLX_SEED=$RANDOM npm run test:unit`), and a failure prints the seed to reuse.
 */
import * as fc from 'fast-check';

process.env.HLX_NO_HOST = 'unit suite: needs neither VS Code nor a browser; a test that does belongs in test/ui/';

const seed = process.env.HLX_SEED ? Number(process.env.HLX_SEED) : 20261122;
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
if (process.env.HLX_SEED) console.log(`[unit] fast-check seed ${seed}`);
