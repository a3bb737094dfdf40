/**
 * Hostile workspaces for the contract index (issue 32), measured: 400,000 ABI entries across files,
 * artifacts of 4 million values each, and a symbolic link out of the workspace (`artifacts -> ~`, here a
 * folder standing in for the home folder). Each is indexed by the real indexer over Node's file system
 * (listing through links as VS Code's file search does), its selectors hashed and a guess made, while a
 * probe records the longest block of the event loop; the heap is read after a full GC. The figures go
 * to test-results/hostile/workspace-index.json, and `npm run test:hostile -- --record` writes them into
 * docs/RELIABILITY.md.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { ContractIndex, keyOf } from '../../../src/contracts/contractIndex';
import { readAbi } from '../../../src/contracts/abi';
import { WorkspaceDecoder } from '../../../src/contracts/decode';
import { CONTRACT_LIMITS, WorkspaceIndexer, type FileAccess, type IndexReport } from '../../../src/contracts/workspaceIndexer';
import { nodeFiles, writeProject } from '../../support/nodeFiles';
import { figures, RESULTS_DIR } from '../support/figures';
import { WORKSPACE_INDEX_FIGURES, type WorkspaceIndexFigures, type WorkspaceIndexRow } from '../support/workspaceIndexFigures';
import { heldText, longestBlock } from './eventLoop';

/** What a user would feel: no single step may hold the extension host's thread this long. */
const BLOCK_LIMIT_MS = 200;
/** The heap the index may keep after a full GC. */
const HEAP_LIMIT_MB = 150;
const MB = 1024 * 1024;

const rows: WorkspaceIndexRow[] = [];

const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  return () => {
    collect();
    collect();
  };
})();
const heapUsed = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Indexes `access` as the extension does on the first guess: every file, the selectors, one guess. */
async function firstGuess(access: FileAccess, selector: string) {
  const index = new ContractIndex();
  const before = heapUsed();
  const started = performance.now();
  const held = await longestBlock(async () => {
    const report = await new WorkspaceIndexer(access, index).indexAll();
    await index.prepareKeys();
    const guess = new WorkspaceDecoder(index, 31337).call(`0x${'7'.repeat(40)}`, `${selector}${'00'.repeat(32)}`);
    return { report, guess };
  });
  const ms = performance.now() - started;
  const heapMb = (heapUsed() - before) / MB;
  return { index, ms, heapMb, ...held, ...held.value };
}

function record(workspace: string, r: { report: IndexReport; ms: number; blockedMs: number; busyMs: number; heapMb: number }, bytes: number, outcome: string) {
  rows.push({
    workspace,
    files: r.report.files,
    bytes,
    entries: r.report.entries,
    ms: r.ms,
    blockedMs: r.blockedMs,
    busyMs: r.busyMs,
    heapMb: r.heapMb,
    outcome,
  });
  console.log(`      ${workspace}: ${outcome}; ${(r.ms / 1000).toFixed(1)} s, ${heldText(r)}, heap after GC ${signed(r.heapMb)} MB`);
}

const fn = (i: number, j: number) => ({ type: 'function', name: `f${i}_${j}`, inputs: [{ name: 'x', type: 'uint256' }], outputs: [], stateMutability: 'view' });
const ev = (i: number, j: number) => ({ type: 'event', name: `E${i}_${j}`, inputs: [], anonymous: false });
const er = (i: number, j: number) => ({ type: 'error', name: `R${i}_${j}`, inputs: [] });

function totalBytes(files: Record<string, string>): number {
  return Object.values(files).reduce((n, t) => n + Buffer.byteLength(t), 0);
}

describe('hostile: workspaces that would hold the extension host (issue 32)', function () {
  this.timeout(180_000);

  after(() => {
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(WORKSPACE_INDEX_FIGURES, JSON.stringify({ node: process.version, rows } satisfies WorkspaceIndexFigures, null, 2));
  });

  it('400,000 ABI entries across 2,000 files: 50,000 indexed, the rest left out and said; no step holds the loop; the heap stays small', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i++) {
      const abi = Array.from({ length: 200 }, (_, j) => (j % 3 === 0 ? fn(i, j) : j % 3 === 1 ? ev(i, j) : er(i, j)));
      files[`out/C${i}.sol/C${i}.json`] = JSON.stringify({ abi });
    }
    const project = writeProject(files, 'hlx-hostile-entries-');
    try {
      // A function of the first file (indexed: files are taken in order of their path).
      const selector = keyOf(readAbi([fn(0, 3)])[0]!);
      const r = await firstGuess(nodeFiles(project.root, 'ws'), selector);
      figures.badInputs += 1;
      record(
        '400,000 ABI entries in 2,000 artifacts',
        r,
        totalBytes(files),
        `${r.report.entries.toLocaleString('en-US')} entries indexed, ${r.report.skipped.overEntries} files left out past the bound`,
      );
      assert.equal(r.report.entries, CONTRACT_LIMITS.maxEntries, JSON.stringify(r.report));
      assert.equal(r.report.skipped.overEntries, 2000 - CONTRACT_LIMITS.maxEntries / 200);
      assert.deepEqual(r.index.entryBound, { max: CONTRACT_LIMITS.maxEntries, filesLeftOut: 1750 });
      assert.equal(r.guess?.name, 'f0_3', 'the guess is made');
      assert.ok(r.busyMs < BLOCK_LIMIT_MS, heldText(r));
      assert.ok(r.heapMb < HEAP_LIMIT_MB, `heap after GC ${signed(r.heapMb)} MB`);
    } finally {
      project.cleanup();
    }
  });

  it('artifacts of 4 million values each: read for their ABIs without parsing the rest; an ABI of 4 million values refused', async () => {
    const zeros = `[${'0,'.repeat(4_000_000)}0]`;
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) {
      files[`out/Big${i}.sol/Big${i}.json`] = `{"abi":${JSON.stringify([fn(i, 0), ev(i, 1)])},"ast":{"absolutePath":"src/Big${i}.sol","nodes":${zeros}}}`;
    }
    files['out/Wide.sol/Wide.json'] = `{"abi":${zeros}}`;
    files['artifacts/contracts/Hh.sol/Hh.json'] = `{"contractName":"Hh","abi":${JSON.stringify([fn(9, 0)])},"deployedBytecode":${zeros}}`;
    const project = writeProject(files, 'hlx-hostile-values-');
    try {
      const r = await firstGuess(nodeFiles(project.root, 'ws'), keyOf(readAbi([fn(2, 0)])[0]!));
      figures.badInputs += 6;
      record(
        '6 artifacts of 4 million values each',
        r,
        totalBytes(files),
        `${r.report.indexed} read for their ABIs, ${r.report.skipped.broken} refused (its ABI past 100,000 values)`,
      );
      assert.equal(r.report.indexed, 5, JSON.stringify(r.report));
      assert.equal(r.report.skipped.broken, 1);
      assert.equal(r.index.abiNamed('Big3')?.source, 'src/Big3.sol');
      assert.equal(r.index.abiNamed('Hh')?.entries.length, 1);
      assert.equal(r.guess?.name, 'f2_0');
      assert.ok(r.busyMs < BLOCK_LIMIT_MS, heldText(r));
      assert.ok(r.heapMb < HEAP_LIMIT_MB, `heap after GC ${signed(r.heapMb)} MB`);
    } finally {
      project.cleanup();
    }
  });

  it('a symbolic link to a folder outside the workspace (`artifacts -> ~`) and to a file outside: nothing outside is read', async () => {
    // Stands in for the home folder: contract-shaped files, and a private file a link points at.
    const home = writeProject(
      {
        'artifacts/Secret.json': JSON.stringify({ contractName: 'Secret', abi: [fn(1, 1)] }),
        'project/out/S.sol/S.json': JSON.stringify({ abi: [fn(2, 2)] }),
        '.ssh/id.json': JSON.stringify({ abi: [fn(3, 3)] }),
      },
      'hlx-hostile-home-',
    );
    const project = writeProject({ 'out/Token.sol/Token.json': JSON.stringify({ abi: [fn(0, 0)] }) }, 'hlx-hostile-linked-');
    try {
      fs.symlinkSync(home.root, path.join(project.root, 'artifacts'));
      fs.mkdirSync(path.join(project.root, 'out', 'Id.sol'));
      fs.symlinkSync(path.join(home.root, '.ssh', 'id.json'), path.join(project.root, 'out', 'Id.sol', 'Id.json'));
      fs.symlinkSync(path.join(project.root, 'out', 'Token.sol', 'Token.json'), path.join(project.root, 'Token.abi.json')); // inside: read
      const base = nodeFiles(project.root, 'ws', { followLinks: true });
      const touched: string[] = [];
      const access: FileAccess = {
        list: (limit) => base.list(limit),
        inside: (uri) => base.inside!(uri),
        size: (uri) => (touched.push(uri), base.size(uri)),
        read: (uri) => (touched.push(uri), base.read(uri)),
      };
      const listed = await base.list(100);
      const r = await firstGuess(access, keyOf(readAbi([fn(1, 1)])[0]!));
      const realRoot = fs.realpathSync(project.root);
      const outside = touched.filter((u) => !fs.realpathSync(fileURLToPath(u)).startsWith(realRoot + path.sep));
      figures.badInputs += 3;
      record(
        '`artifacts` linked to a folder outside, and a file linked outside',
        r,
        0,
        `${listed.length} files listed through the links, ${r.report.skipped.outside} outside not read, ${outside.length} read outside`,
      );
      assert.equal(outside.length, 0, `read outside the workspace: ${outside.join(', ')}`);
      assert.equal(r.report.skipped.outside, 4, JSON.stringify(r.report));
      assert.equal(r.report.indexed, 2, 'the workspace’s own files, one through a link within it');
      assert.equal(r.guess, null, 'no ABI from outside decodes anything');
      assert.equal(r.index.abiNamed('Secret'), undefined);
    } finally {
      project.cleanup();
      home.cleanup();
    }
  });
});

function signed(mb: number): string {
  return `${mb >= 0 ? '+' : '−'}${Math.abs(mb).toFixed(0)}`;
}
