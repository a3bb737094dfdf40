// Builds the benches for `npm run bench`: bench/run.ts and each bench/*.bench.ts bundled to one CommonJS
// file (packages left to node_modules), in .vscode-test/bench-dist/. Every bench runs in a process of its
// own (bench/run.ts, 15 processes a run), and tsx compiling and loading its TypeScript cost 0.3–0.8 s
// a process more than the bundle (28 Nov, bench/walletHistory 1.3–1.7 s against 1.5–1.9 s, bench/decode
// 2.3–2.8 s against 3.2 s; what is left is Node and the packages, viem and Playwright the largest).
// `__dirname` and `__filename` keep the source file's own values, so that paths relative to a file (the
// project root, fixtures, the host's helper files) do not move with the bundle. `node --import tsx
// bench/run.ts` still runs the sources as they are.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_DIST = path.join(ROOT, '.vscode-test', 'bench-dist');

/** `__dirname` and `__filename` as the source file's own, in our sources (not in node_modules). */
const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
      const contents = text.replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path))).replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
    });
  },
};

export async function buildBenches() {
  const bench = path.join(ROOT, 'bench');
  const entries = ['run.ts', ...fs.readdirSync(bench).filter((f) => f.endsWith('.bench.ts'))].map((f) => path.join(bench, f));
  fs.rmSync(BENCH_DIST, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: entries,
    outdir: BENCH_DIST,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    plugins: [sourcePaths],
  });
  return path.join(BENCH_DIST, 'run.cjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const runner = await buildBenches();
  console.error(`[bench] built ${path.relative(ROOT, runner)} and the benches in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
