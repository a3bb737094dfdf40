/**
 * Loaded by mocha (`--require`) for each part of the hostile suite (HLX_HOSTILE_PART: `node`, `host`):
 * - `vscode` resolves to the stand-in in support/vscodeStub.ts, so the extension's real tree, commands,
 *   connection and log run here against the real demo node;
 * - unhandled rejections and uncaught exceptions are counted as crashes (and fail the run);
 * - fast-check draws from the run's seed (HLX_SEED, chosen and printed by run.ts), so runs repeat;
 * - at the end the figures are written for the runner (test/hostile/run.ts).
 */
import Module from 'node:module';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { figures, incident, incidents, MUST_BE_ZERO, writeFigures } from './support/figures';

const stub = path.join(__dirname, 'support', 'vscodeStub.ts');
const resolving = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolve = resolving._resolveFilename;
resolving._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? stub : resolve.call(this, request, ...rest);
};

if (process.env.HLX_SEED) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(process.env.HLX_SEED) });

process.on('unhandledRejection', (reason) => incident('crashes', `unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`));
process.on('uncaughtException', (error) => incident('crashes', `uncaught exception: ${String(error?.stack ?? error)}`));

const started = Date.now();
let passed = 0;
let failed = 0;

export const mochaHooks = {
  afterEach(this: Mocha.Context) {
    const state = this.currentTest?.state;
    if (state === 'passed') passed += 1;
    else if (state === 'failed') failed += 1;
  },
  async afterAll() {
    // Let anything still settling (a late rejection) show up before the count is final.
    await new Promise((r) => setTimeout(r, 200));
    writeFigures({
      part: process.env.HLX_HOSTILE_PART || 'adhoc',
      figures: { ...figures },
      incidents: [...incidents],
      tests: { passed, failed },
      ms: Date.now() - started,
    });
    const bad = MUST_BE_ZERO.filter((k) => figures[k] !== 0);
    if (bad.length) throw new Error(`hostile figures that must be 0 are not: ${bad.map((k) => `${k}=${figures[k]}`).join(', ')}\n${incidents.join('\n')}`);
  },
};
