/**
 * Mocha reporter of every suite (unit, integration, UI, hostile): mocha's `spec` output, then one final
 * line `<suite>: N passed, N failed, N skipped`, so a skipped test is never silent.
 *
 * In CI (env CI=true or 1) a skipped test fails the run: a skip there means something the suite relies on
 * is missing (the network spy, Chromium…), and a green run would lie. Set HLX_ALLOW_SKIPS=1 to run a
 * suite on purpose where a skip is expected (e.g. `npm run test:desktop` without the network spy).
 *
 * With HLX_COUNTS_FILE set, the counts are also written there as JSON (the hostile runner adds its parts).
 * Use: `mocha --reporter test/support/countingReporter.ts` (under tsx), or `new Mocha({ reporter: CountingReporter })`.
 */
import * as fs from 'node:fs';
import type * as MochaTypes from 'mocha';

// mocha 12 is ESM with a CJS core; require(esm) gives either the class or a namespace.
const mochaModule = require('mocha');
const mocha: typeof MochaTypes = mochaModule.Mocha ?? mochaModule.default ?? mochaModule;
const Spec = mocha.reporters.Spec;

export interface Counts {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  skippedTitles: string[];
  /** Tests that failed once and passed or failed on their second try (a suite run with `--retries`). */
  retriedTitles: string[];
}

export function countsLine(c: Pick<Counts, 'passed' | 'failed' | 'skipped'>): string {
  return `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
}

export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true' || env.CI === '1';
}

class CountingReporter extends Spec {
  constructor(runner: MochaTypes.Runner, options?: MochaTypes.MochaOptions) {
    super(runner, options);
    const suite = String((options?.reporterOptions as { suite?: string } | undefined)?.suite ?? process.env.HLX_SUITE ?? 'tests');
    const counts: Counts = { suite, passed: 0, failed: 0, skipped: 0, skippedTitles: [], retriedTitles: [] };
    runner.on('pass', () => (counts.passed += 1));
    runner.on('fail', () => (counts.failed += 1));
    // A retry is never silent: said when it happens, with why, and listed again at the end.
    runner.on('retry', (test: MochaTypes.Test, err: Error) => {
      counts.retriedTitles.push(test.fullTitle());
      console.log(`    ↻ tried again: ${test.title}\n      the first try failed: ${String(err?.message ?? err).split('\n')[0]}`);
    });
    runner.on('pending', (test: MochaTypes.Test) => {
      counts.skipped += 1;
      counts.skippedTitles.push(test.fullTitle());
    });
    // Registered before mocha's own 'end' listener (runner.run adds it later), so raising
    // runner.failures here changes the exit code mocha reports.
    runner.once('end', () => {
      const failSkips = counts.skipped > 0 && inCI() && process.env.HLX_ALLOW_SKIPS !== '1';
      if (failSkips) {
        console.log(`\n[${suite}] ${counts.skipped} test(s) skipped in CI, which fails the run (HLX_ALLOW_SKIPS=1 allows it):`);
        for (const t of counts.skippedTitles) console.log(`  - ${t}`);
        runner.failures += counts.skipped;
      }
      if (process.env.HLX_COUNTS_FILE) fs.writeFileSync(process.env.HLX_COUNTS_FILE, JSON.stringify(counts, null, 2));
      if (counts.retriedTitles.length) {
        console.log(`\n[${suite}] ${counts.retriedTitles.length} test(s) failed once and were tried again (one that then passed is flaky: look at why):`);
        for (const t of counts.retriedTitles) console.log(`  - ${t}`);
      }
      console.log(
        `\n[${suite}] ${countsLine(counts)}${counts.retriedTitles.length ? `, ${counts.retriedTitles.length} tried twice` : ''}${failSkips ? ' (skips fail in CI)' : ''}`,
      );
    });
  }
}

export default CountingReporter;
