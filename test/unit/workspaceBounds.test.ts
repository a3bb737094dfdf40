/**
 * The workspace index's bounds (issue 32): ABI entries across the whole workspace, what is parsed of one
 * file, the selector table built a slice at a time, and files reached through a symbolic link out of the
 * workspace's folders (real temporary folders with real links).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { confineTo, isWithin } from '../../src/contracts/confine';
import { ContractIndex, keyOf } from '../../src/contracts/contractIndex';
import { readAbi } from '../../src/contracts/abi';
import { CONTRACT_LIMITS, PARSED_JSON_LIMITS, WorkspaceIndexer, parse, type FileAccess } from '../../src/contracts/workspaceIndexer';
import { pickJson } from '../../src/core/jsonLimits';
import { nodeFiles, refOf, writeProject } from '../support/nodeFiles';

const entry = (i: number) => ({ type: 'function', name: `f${i}`, inputs: [], outputs: [], stateMutability: 'view' });
const artifactWith = (from: number, n: number) => JSON.stringify({ abi: Array.from({ length: n }, (_, i) => entry(from + i)) });
const bytes = (text: string) => new TextEncoder().encode(text);

describe('workspace index bounds', () => {
  describe('ABI entries across the workspace', () => {
    it('leaves out the files that would pass the bound, says so on the index, and frees room when a file goes', async () => {
      const files: Record<string, string> = {};
      for (let f = 0; f < 10; f++) files[`out/C${f}.sol/C${f}.json`] = artifactWith(f * 100, 30);
      const project = writeProject(files, 'hlx-unit-bounds-');
      try {
        const index = new ContractIndex();
        const indexer = new WorkspaceIndexer(nodeFiles(project.root, 'ws'), index, { ...CONTRACT_LIMITS, maxEntries: 100 });
        const report = await indexer.indexAll();
        assert.equal(report.entries, 90, JSON.stringify(report));
        assert.equal(report.skipped.overEntries, 7);
        assert.equal(indexer.entries, 90);
        assert.deepEqual(index.entryBound, { max: 100, filesLeftOut: 7 });
        assert.equal(index.contractCount, 3);
        // A file of the index deleted: its entries no longer count, and a changed file that fits is read.
        const kept = [...Object.keys(files)].find((p) => index.has(pathToFileURL(path.join(project.root, p)).toString()))!;
        indexer.remove(pathToFileURL(path.join(project.root, kept)).toString());
        assert.equal(indexer.entries, 60);
        const other = Object.keys(files).find((p) => p !== kept && !index.has(pathToFileURL(path.join(project.root, p)).toString()))!;
        assert.equal(await indexer.update(refOf(project.root, 'ws', path.join(project.root, other))), 'indexed');
        assert.equal(indexer.entries, 90);
        assert.deepEqual(index.entryBound, { max: 100, filesLeftOut: 6 });
      } finally {
        project.cleanup();
      }
    });

    it('is 50,000 entries', () => {
      assert.equal(CONTRACT_LIMITS.maxEntries, 50_000);
    });
  });

  describe('what is parsed of one file', () => {
    it('picks only the members asked for, by path, the last of a name, and leaves the rest unparsed', () => {
      const text = '{"abi":[1],"ast":{"nodes":[[[]]],"absolutePath":"src/A.sol"},"junk": tru, "abi":[2], "metadata":{"settings":{"x":1}}}';
      const picked = pickJson(bytes(text), ['abi', 'ast.absolutePath', 'metadata.settings.compilationTarget', 'missing'], { maxValues: 100 });
      assert.deepEqual(picked, { value: { abi: [2], ast: { absolutePath: 'src/A.sol' } } });
    });

    it('holds all members read to one budget of values, and refuses a member that is no JSON or text cut short', () => {
      const values = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
      assert.deepEqual(pickJson(bytes(`{"a":${values(60)},"b":${values(39)}}`), ['a', 'b'], { maxValues: 101 }), {
        value: { a: Array(60).fill(0), b: Array(39).fill(0) },
      });
      assert.deepEqual(pickJson(bytes(`{"a":${values(60)},"b":${values(60)}}`), ['a', 'b'], { maxValues: 101 }), { problem: 'values' });
      assert.deepEqual(pickJson(bytes('{"a":[1,}'), ['a'], { maxValues: 100 }), { problem: 'syntax' });
      assert.deepEqual(pickJson(bytes('{"a":[1,2]'), ['a'], { maxValues: 100 }), { problem: 'syntax' });
      assert.deepEqual(pickJson(bytes('[1,2]'), ['a'], { maxValues: 100 }), { value: {} });
    });

    it('an artifact whose AST holds 4 million values is read for its ABI; an ABI of 4 million values is refused', async () => {
      const zeros = `[${'0,'.repeat(4_000_000)}0]`;
      const kind = { kind: 'foundryArtifact', contract: 'A' } as const;
      const contents = await parse(kind, bytes(`{"abi":[${JSON.stringify(entry(1))}],"ast":{"nodes":${zeros},"absolutePath":"src/A.sol"}}`));
      assert.equal(contents?.artifacts[0]?.abi.length, 1);
      assert.equal(contents?.artifacts[0]?.source, 'src/A.sol');
      assert.equal(await parse(kind, bytes(`{"abi":${zeros}}`)), undefined);
      assert.equal(await parse(kind, bytes(`{"abi":[${'{},'.repeat(PARSED_JSON_LIMITS.maxValues)}{}]}`)), undefined, 'past 100,000 values');
    });
  });

  describe('the selector table, built in slices', () => {
    it('yields to the event loop while it hashes, and gives what the table built at once gives', async () => {
      const index = new ContractIndex();
      for (let f = 0; f < 20; f++) {
        const ref = { uri: `file:///ws/out/C${f}.sol/C${f}.json`, folder: 'ws', path: `out/C${f}.sol/C${f}.json` };
        index.setFile(ref, {
          artifacts: [{ name: `C${f}`, aliases: [], abi: readAbi(JSON.parse(artifactWith(f * 1000, 1000)).abi as unknown) }],
          deployments: [],
        });
      }
      let turns = 0;
      const ticker = setInterval(() => turns++, 0);
      const started = performance.now();
      await index.prepareKeys();
      const ms = performance.now() - started;
      clearInterval(ticker);
      assert.ok(ms > 40, `20,000 entries hashed in ${ms.toFixed(0)} ms: too few to show the slicing`);
      assert.ok(turns >= 2, `the event loop turned ${turns} times in ${ms.toFixed(0)} ms`);
      const key = keyOf(readAbi([entry(12_345)])[0]!);
      assert.equal(index.candidates(key).length, 1);
      assert.equal(index.candidates(key)[0]!.abi.name, 'C12');
    });

    it('starts again when the index changes while it runs; callers at once share one run; a caller that leaves stops only its wait', async () => {
      const index = new ContractIndex();
      const ref = (f: number) => ({ uri: `file:///ws/C${f}.json`, folder: 'ws', path: `C${f}.json` });
      for (let f = 0; f < 10; f++)
        index.setFile(ref(f), {
          artifacts: [{ name: `C${f}`, aliases: [], abi: readAbi(JSON.parse(artifactWith(f * 1000, 1000)).abi as unknown) }],
          deployments: [],
        });
      const first = index.prepareKeys();
      assert.equal(index.prepareKeys(), first, 'one run for both');
      const leaving = new AbortController();
      const left = index.prepareKeys(leaving.signal);
      leaving.abort();
      await assert.rejects(left);
      index.setFile(ref(99), { artifacts: [{ name: 'Late', aliases: [], abi: readAbi([entry(777_777)]) }], deployments: [] });
      await first;
      await index.prepareKeys();
      assert.equal(index.candidates(keyOf(readAbi([entry(777_777)])[0]!))[0]?.abi.name, 'Late');
      assert.equal(index.candidates(keyOf(readAbi([entry(9_999)])[0]!))[0]?.abi.name, 'C9');
    });
  });

  describe('files outside the workspace’s folders, by real path', () => {
    let tmp: string;
    let ws: string;
    let outside: string;
    beforeEach(() => {
      tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hlx-unit-confine-')));
      ws = path.join(tmp, 'ws');
      outside = path.join(tmp, 'home');
      fs.mkdirSync(path.join(ws, 'out', 'A.sol'), { recursive: true });
      fs.mkdirSync(outside);
      fs.writeFileSync(path.join(ws, 'out', 'A.sol', 'A.json'), artifactWith(0, 1));
      fs.writeFileSync(path.join(outside, 'secret.json'), artifactWith(0, 1));
    });
    afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it('a link out of the folder (to a folder or a file) is outside; a link within it, the folder itself, or a folder reached by a link is inside', async () => {
      fs.symlinkSync(outside, path.join(ws, 'artifacts'));
      fs.symlinkSync(path.join(outside, 'secret.json'), path.join(ws, 'file.abi.json'));
      fs.symlinkSync(path.join(ws, 'out', 'A.sol', 'A.json'), path.join(ws, 'A.abi.json'));
      fs.symlinkSync(ws, path.join(tmp, 'ws-link'));
      const confined = confineTo([ws]);
      assert.equal(await confined.inside(path.join(ws, 'artifacts', 'secret.json')), false);
      assert.equal(await confined.inside(path.join(ws, 'file.abi.json')), false);
      assert.equal(await confined.inside(path.join(ws, 'A.abi.json')), true);
      assert.equal(await confined.inside(path.join(ws, 'out', 'A.sol', 'A.json')), true);
      assert.equal(await confined.inside(path.join(ws, 'gone.json')), false, 'what cannot be resolved is not read');
      // The workspace opened through a link: its real path is what counts.
      const viaLink = confineTo([path.join(tmp, 'ws-link')]);
      assert.equal(await viaLink.inside(path.join(tmp, 'ws-link', 'out', 'A.sol', 'A.json')), true);
      assert.equal(await viaLink.inside(path.join(tmp, 'ws-link', 'artifacts', 'secret.json')), false);
    });

    it('a sibling folder whose name starts with the folder’s is not inside it', () => {
      assert.equal(isWithin('/a/ws2/x.json', ['/a/ws']), false);
      assert.equal(isWithin('/a/ws/..x.json', ['/a/ws']), true);
      assert.equal(isWithin('/a/ws', ['/a/ws']), true);
      assert.equal(isWithin('/a/x.json', ['/a/ws']), false);
    });

    it('the indexer neither lists nor reads what lies outside, and a watcher’s event for it is refused before any read', async () => {
      fs.symlinkSync(outside, path.join(ws, 'artifacts'));
      const reads: string[] = [];
      const base = nodeFiles(ws, 'ws', { followLinks: true });
      const access: FileAccess = {
        list: (limit) => base.list(limit),
        inside: (uri) => base.inside!(uri),
        size: (uri) => (reads.push(uri), base.size(uri)),
        read: (uri) => (reads.push(uri), base.read(uri)),
      };
      const index = new ContractIndex();
      const indexer = new WorkspaceIndexer(access, index);
      const report = await indexer.indexAll();
      assert.equal(report.skipped.outside, 1, JSON.stringify(report));
      assert.equal(report.indexed, 1);
      assert.ok(reads.length > 0 && reads.every((u) => !u.includes('/artifacts/')), reads.join('\n'));
      reads.length = 0;
      assert.equal(await indexer.update(refOf(ws, 'ws', path.join(ws, 'artifacts', 'secret.json'))), 'outside');
      assert.deepEqual(reads, []);
      assert.equal(index.abiNamed('secret'), undefined);
    });
  });
});
