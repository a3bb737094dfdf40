/**
 * The workspace's contract files are untrusted input (a cloned repository, a hand-edited artifact, a
 * generated file gone wrong): huge files, JSON nested past any compiler's output or with millions of
 * names, every layout's fields of the wrong type, ABI types that would make the decoder allocate
 * without end, two ABIs that share a selector, and files that claim another contract's address. Each
 * one is left out or read for what it is worth; none crashes the indexer or the decoder, none names an
 * address a deployment record does not name, none slows the rest down.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeAbiParameters, encodeFunctionData, parseAbi } from 'viem';
import { readAbi } from '../../../src/contracts/abi';
import { classifyPath, readFile, type FileKind } from '../../../src/contracts/artifactFiles';
import { ContractIndex } from '../../../src/contracts/contractIndex';
import { decodeParams, WorkspaceDecoder } from '../../../src/contracts/decode';
import { CONTRACT_LIMITS, WorkspaceIndexer, type IndexLimits } from '../../../src/contracts/workspaceIndexer';
import { demoFoundryProject, demoProjectAddresses } from '../../../src/demo/foundryProject';
import { DEMO_CHAIN_ID } from '../../../src/demo/chain';
import { nodeFiles, writeProject } from '../../support/nodeFiles';
import { figures, incident } from '../support/figures';

const CHAIN = 31337;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const tokenAbi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const broadcast = (name: string, address: string) =>
  JSON.stringify({ transactions: [{ transactionType: 'CREATE', contractName: name, contractAddress: address }] });
const artifact = (abi: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ abi, ...extra });

/** Indexes `files` as a workspace with the given limits; the project is removed afterwards. */
async function indexed(files: Record<string, string | Uint8Array>, limits?: Partial<IndexLimits>) {
  const project = writeProject(files, 'hlx-hostile-artifacts-');
  try {
    const index = new ContractIndex();
    const report = await new WorkspaceIndexer(nodeFiles(project.root, 'ws'), index, { ...CONTRACT_LIMITS, ...limits }).indexAll();
    return { index, report };
  } finally {
    project.cleanup();
  }
}

const KINDS: FileKind[] = [
  { kind: 'foundryArtifact', contract: 'A' },
  { kind: 'foundryBroadcast', chainId: CHAIN },
  { kind: 'hardhatArtifact', contract: 'A' },
  { kind: 'ignitionAddresses', chainId: CHAIN },
  { kind: 'hardhatDeploy', network: 'localhost', contract: 'A' },
  { kind: 'hardhatDeployChainId', network: 'localhost' },
  { kind: 'openZeppelin', chainId: CHAIN },
  { kind: 'plainAbi', contract: 'A' },
];

describe('hostile: the workspace’s contract files', function () {
  this.timeout(60_000);

  it('a file past the size bound, the total or the count is left out; what fits is read', async () => {
    const files: Record<string, string> = {
      'out/Token.sol/Token.json': artifact(tokenAbi),
      'out/Big.sol/Big.json': artifact(tokenAbi, { padding: 'x'.repeat(300_000) }),
      'broadcast/Deploy.s.sol/31337/run-latest.json': broadcast('Token', TOKEN),
    };
    for (let i = 0; i < 30; i++) files[`out/M${i}.sol/M${i}.json`] = artifact(tokenAbi);
    const { index, report } = await indexed(files, { maxFiles: 20, maxFileBytes: 200_000, maxTotalBytes: 10_000_000 });
    figures.badInputs += 31;
    assert.equal(report.skipped.tooLarge, 1, JSON.stringify(report));
    assert.equal(report.skipped.overCount, report.files - 20);
    assert.ok(index.fileCount <= 20);
    const total = await indexed(files, { maxFiles: 100, maxFileBytes: 1_000_000, maxTotalBytes: 3_000 });
    assert.ok(total.report.skipped.overTotal > 0 && total.report.bytes <= 3_000, JSON.stringify(total.report));
  });

  it('JSON nested 200,000 deep, or with 60,000 names, in a member that is read is refused by the scan before JSON.parse; around it, never parsed', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const names = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
    const { index, report } = await indexed({
      'out/Deep.sol/Deep.json': `{"abi":${deep}}`,
      'out/Names.sol/Names.json': `{"abi":[${names}]}`,
      'broadcast/Deploy.s.sol/31337/run-latest.json': `{"transactions":${deep}}`,
      // The same around what is read (an AST, a top-level array): walked over, the ABI still read.
      'out/Token.sol/Token.json': artifact(tokenAbi, { ast: JSON.parse(`{"nodes":${'['.repeat(1000)}${']'.repeat(1000)}}`), names: JSON.parse(names) }),
      'out/Top.sol/Top.json': deep,
    });
    figures.badInputs += 5;
    assert.equal(report.skipped.broken, 3, JSON.stringify(report));
    assert.equal(index.abiNamed('Token')?.entries.length, 2, 'the rest is read');
    assert.equal(index.abiNamed('Top'), undefined);
  });

  it('every layout’s reader takes any JSON value without throwing, and keeps only well-formed records (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.jsonValue({ maxDepth: 6 }), (kind, value) => {
        figures.badInputs++;
        let contents;
        try {
          contents = readFile(kind, value);
        } catch (e) {
          incident('crashes', `readFile(${kind.kind}) threw: ${String(e)}`);
          throw e;
        }
        for (const d of contents.deployments) assert.match(d.address, /^0x[0-9a-f]{40}$/);
        for (const a of contents.artifacts) for (const e of a.abi) assert.match(e.name, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
        const index = new ContractIndex();
        index.setFile({ uri: 'file:///ws/x.json', folder: 'ws', path: 'x.json' }, contents);
        const decoder = new WorkspaceDecoder(index, CHAIN);
        decoder.call(TOKEN, encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [TOKEN, 1n] }));
      }),
      { numRuns: 400 },
    );
  });

  it('fields of the wrong type in real files: mutated demo artifacts and broadcast index what stays valid', async () => {
    const project = demoFoundryProject();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(project).filter((p) => p.endsWith('.json'))),
        fc.jsonValue({ maxDepth: 3 }),
        fc.nat(),
        async (path, junk, at) => {
          figures.badInputs++;
          const json = JSON.parse(project[path]!) as Record<string, unknown>;
          const keys = Object.keys(json);
          json[keys[at % keys.length]!] = junk;
          const kind = classifyPath(path)!;
          const contents = readFile(kind, json);
          assert.ok(Array.isArray(contents.artifacts) && Array.isArray(contents.deployments));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ABI types that would decode into millions of values, nest without end, or are no type at all are left out', () => {
    const p = (type: string, extra: Record<string, unknown> = {}) => ({ type: 'function', name: 'f', inputs: [{ name: 'x', type, ...extra }], outputs: [] });
    let nested: Record<string, unknown> = { name: 'x', type: 'uint256' };
    for (let i = 0; i < 12; i++) nested = { name: 'x', type: 'tuple', components: [nested] };
    const hostile = [
      p('uint256[100000000]'),
      p('uint256[300][300]'),
      p('uint256[0]'),
      p('uint7'),
      p('bytes33'),
      p('string calldata'),
      p('tuple'),
      p('tuple', { components: 'no' }),
      { type: 'function', name: 'f', inputs: [nested], outputs: [] },
      { type: 'function', name: '<img src=x onerror=alert(1)>', inputs: [] },
      { type: 'function', name: 'a'.repeat(1000), inputs: [] },
      { type: 'event', name: 'E', inputs: Array.from({ length: 5 }, () => ({ name: 'a', type: 'uint256', indexed: true })) },
      { type: 'function', name: 'g', inputs: Array.from({ length: 1000 }, () => ({ name: 'a', type: 'uint256' })) },
      { type: 'constructor', inputs: [] },
      null,
      'transfer(address,uint256)',
    ];
    figures.badInputs += hostile.length;
    assert.deepEqual(readAbi(hostile), []);
    assert.equal(readAbi(Array.from({ length: 100_000 }, () => p('uint256'))).length, 2000, 'at most MAX_ABI_ENTRIES are read');
  });

  it('calldata whose offsets all point at one long tail decodes within viem’s budget, or not at all', () => {
    // 2,000 elements of `bytes[]`, every offset pointing at the same 60 KB value: 120 MB if expanded.
    const tail = 60_000;
    const n = 2000;
    const head = [32n, BigInt(n), ...Array.from({ length: n }, () => BigInt(32 * n))].map((w) => w.toString(16).padStart(64, '0')).join('');
    const data = `0x${head}${BigInt(tail).toString(16).padStart(64, '0')}${'ab'.repeat(tail)}` as const;
    figures.badInputs++;
    const started = Date.now();
    const out = decodeParams([{ name: 'xs', type: 'bytes[]' }], data, false);
    const text = out ? JSON.stringify(out).length : 0;
    assert.ok(text < 5_000_000, `decoded into ${text} characters`);
    assert.ok(Date.now() - started < 10_000);
  });

  it('two ABIs sharing a selector: the deployed contract’s own decides; elsewhere only the one the data fits, the other named', () => {
    const index = new ContractIndex();
    const ref = (path: string) => ({ uri: `file:///ws/${path}`, folder: 'ws', path });
    index.setFile(ref('out/T.sol/Token.json'), readFile({ kind: 'foundryArtifact', contract: 'Token' }, { abi: parseAbi(['function burn(uint256 amount)']) }));
    index.setFile(
      ref('out/O.sol/Odd.json'),
      readFile({ kind: 'foundryArtifact', contract: 'Odd' }, { abi: parseAbi(['function collate_propagate_storage(bytes16 x)']) }),
    );
    index.setFile(ref('broadcast/D.s.sol/31337/run-latest.json'), readFile({ kind: 'foundryBroadcast', chainId: CHAIN }, JSON.parse(broadcast('Odd', TOKEN))));
    const decoder = new WorkspaceDecoder(index, CHAIN);
    figures.badInputs++;
    const both = `0x42966c68${encodeAbiParameters([{ type: 'bytes16' }], ['0x0102030405060708090a0b0c0d0e0f10']).slice(2)}` as const;
    assert.equal(decoder.call(TOKEN, both)?.signature, 'collate_propagate_storage(bytes16)');
    assert.equal(decoder.call(TOKEN, both)?.source, 'contract');
    const elsewhere = decoder.call('0x' + '7'.repeat(40), both)!;
    assert.equal(elsewhere.source, 'guess');
    assert.equal(elsewhere.alternatives.length, 1);
  });

  it('an artifact or ABI file claiming a deployed contract’s address names nothing; a second record makes the name uncertain', async () => {
    const token = demoProjectAddresses().token as `0x${string}`;
    const files: Record<string, string> = {
      ...demoFoundryProject(),
      'out/Evil.sol/Evil.json': artifact(parseAbi(['function transfer(address to, uint256 stolen)']), { address: token, contractAddress: token }),
      'abis/Evil.abi.json': JSON.stringify({ address: token, abi: parseAbi(['event Transfer(address indexed a, address indexed b, uint256 stolen)']) }),
      'deployments/mainnet/Evil.json': JSON.stringify({ address: token, abi: [] }), // no .chainId: which chain is not known
      'ignition/deployments/chain-1/deployed_addresses.json': JSON.stringify({ 'M#Evil': token }), // another chain
    };
    const { index } = await indexed(files);
    figures.badInputs += 4;
    const decoder = new WorkspaceDecoder(index, DEMO_CHAIN_ID);
    const c = decoder.contractAt(token)!;
    assert.equal(c.name, 'DemoToken');
    assert.deepEqual(c.alsoNamed, []);
    const call = decoder.call(token, encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [token, 5n] }))!;
    assert.deepEqual(
      call.args.map((a) => a.name),
      ['to', 'amount'],
      'the token’s own ABI, not Evil’s',
    );
    // A second deployment record on the same chain does name it otherwise: both are said, neither trusted alone.
    const conflicting = await indexed({ ...files, 'broadcast/Other.s.sol/999/run-latest.json': broadcast('Evil', token) });
    const named = new WorkspaceDecoder(conflicting.index, DEMO_CHAIN_ID).contractAt(token)!;
    assert.equal(named.name, 'DemoToken');
    assert.deepEqual(named.alsoNamed, ['Evil']);
  });

  it('paths that are no layout of ours, or inside dependencies and build info, are not read', () => {
    for (const path of [
      'node_modules/x/out/A.sol/A.json',
      'out/build-info/123.json',
      'artifacts/build-info/abc.json',
      'artifacts/contracts/A.sol/A.dbg.json',
      'broadcast/Deploy.s.sol/31337/dry-run/run-latest.json',
      'broadcast/Deploy.s.sol/not-a-chain/run-latest.json',
      '.openzeppelin/unknown-x.json',
      'package.json',
      'src/out.json',
    ]) {
      figures.badInputs++;
      assert.equal(classifyPath(path), undefined, path);
    }
  });
});
