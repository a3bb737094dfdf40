/** Each layout's files, found by path and read for what they say: ABIs from build output, addresses from deployment records only. */
import * as assert from 'node:assert/strict';
import { classifyPath, readFile, sourceFileOf } from '../../src/contracts/artifactFiles';

const A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const abi = [{ type: 'function', name: 'f', inputs: [{ name: 'x', type: 'uint' }], outputs: [], stateMutability: 'view' }];

describe('workspace contract files', () => {
  it('finds each layout by its path, in any folder of the workspace', () => {
    assert.deepEqual(classifyPath('out/Vault.sol/Vault.json'), { kind: 'foundryArtifact', contract: 'Vault' });
    assert.deepEqual(classifyPath('contracts/out/Vault.sol/Vault.0.8.24.json'), { kind: 'foundryArtifact', contract: 'Vault' });
    assert.deepEqual(classifyPath('broadcast/Deploy.s.sol/999/run-latest.json'), { kind: 'foundryBroadcast', chainId: 999 });
    assert.deepEqual(classifyPath('artifacts/contracts/Vault.sol/Vault.json'), { kind: 'hardhatArtifact', contract: 'Vault' });
    assert.deepEqual(classifyPath('ignition/deployments/chain-998/deployed_addresses.json'), { kind: 'ignitionAddresses', chainId: 998 });
    assert.deepEqual(classifyPath('ignition/deployments/chain-998/artifacts/M#Vault.json'), { kind: 'hardhatArtifact', contract: 'M#Vault' });
    assert.deepEqual(classifyPath('deployments/hyperevm/Vault.json'), { kind: 'hardhatDeploy', network: 'hyperevm', contract: 'Vault' });
    assert.deepEqual(classifyPath('deployments/hyperevm/.chainId'), { kind: 'hardhatDeployChainId', network: 'hyperevm' });
    assert.deepEqual(classifyPath('.openzeppelin/unknown-999.json'), { kind: 'openZeppelin', chainId: 999 });
    assert.deepEqual(classifyPath('.openzeppelin/mainnet.json'), { kind: 'openZeppelin', chainId: 1 });
    assert.deepEqual(classifyPath('abi/Vault.abi.json'), { kind: 'plainAbi', contract: 'Vault' });
  });

  it('reads Foundry: the ABI and the source the compiler names; the broadcast’s creations with their names', () => {
    const art = readFile({ kind: 'foundryArtifact', contract: 'Vault' }, { abi, metadata: { settings: { compilationTarget: { 'src/Vault.sol': 'Vault' } } } });
    assert.equal(art.artifacts[0]?.name, 'Vault');
    assert.equal(art.artifacts[0]?.abi[0]?.inputs[0]?.type, 'uint256', 'uint is uint256');
    assert.equal(art.artifacts[0]?.source, 'src/Vault.sol');
    const b = readFile(
      { kind: 'foundryBroadcast', chainId: 999 },
      {
        transactions: [
          { transactionType: 'CREATE', contractName: 'Vault', contractAddress: A },
          { transactionType: 'CREATE2', contractName: 'Pool', contractAddress: A.replace('5F', '6F') },
          { transactionType: 'CALL', contractName: 'Vault', contractAddress: A },
        ],
      },
    );
    assert.deepEqual(
      b.deployments.map((d) => [d.name, d.address, d.chainId]),
      [
        ['Vault', A.toLowerCase(), 999],
        ['Pool', A.replace('5F', '6F').toLowerCase(), 999],
      ],
    );
  });

  it('reads Hardhat, Ignition, hardhat-deploy and OpenZeppelin', () => {
    const hh = readFile({ kind: 'hardhatArtifact', contract: 'M#Vault' }, { contractName: 'Vault', sourceName: 'contracts/Vault.sol', abi });
    assert.deepEqual([hh.artifacts[0]?.name, hh.artifacts[0]?.aliases, hh.artifacts[0]?.source], ['Vault', ['M#Vault'], 'contracts/Vault.sol']);
    const ig = readFile({ kind: 'ignitionAddresses', chainId: 31337 }, { 'M#Vault': A, 'M#Bad': 'nope' });
    assert.deepEqual(
      ig.deployments.map((d) => [d.name, d.artifact]),
      [['Vault', 'M#Vault']],
    );
    const hd = readFile({ kind: 'hardhatDeploy', network: 'localhost', contract: 'Vault' }, { address: A, abi, implementation: A.replace('5F', '7F') });
    assert.equal(hd.deployments[0]?.chainId, undefined, 'the chain comes from the folder’s .chainId');
    assert.equal(hd.deployments[0]?.implementation, A.replace('5F', '7F').toLowerCase());
    assert.deepEqual(readFile({ kind: 'hardhatDeployChainId', network: 'localhost' }, '31337\n').networkChainId, { network: 'localhost', chainId: 31337 });
    assert.equal(readFile({ kind: 'hardhatDeployChainId', network: 'localhost' }, 'x').networkChainId, undefined);
    const oz = readFile(
      { kind: 'openZeppelin', chainId: 999 },
      {
        proxies: [
          { address: A, kind: 'transparent' },
          { address: A, kind: 'beacon' },
        ],
      },
    );
    assert.deepEqual(
      oz.deployments.map((d) => d.proxy),
      ['erc1967', 'beacon'],
    );
  });

  it('never takes an address from build output or an ABI file', () => {
    assert.deepEqual(readFile({ kind: 'foundryArtifact', contract: 'V' }, { abi, address: A }).deployments, []);
    assert.deepEqual(readFile({ kind: 'hardhatArtifact', contract: 'V' }, { abi, address: A }).deployments, []);
    assert.deepEqual(readFile({ kind: 'plainAbi', contract: 'V' }, { abi, address: A }).deployments, []);
    assert.equal(readFile({ kind: 'plainAbi', contract: 'V' }, abi).artifacts.length, 1, 'a bare ABI array');
  });

  it('finds the source beside the build output, and refuses a source path that leaves the project', () => {
    assert.equal(sourceFileOf('out/Vault.sol/Vault.json', 'src/Vault.sol'), 'src/Vault.sol');
    assert.equal(sourceFileOf('pkg/out/Vault.sol/Vault.json', 'src/Vault.sol'), 'pkg/src/Vault.sol');
    assert.equal(sourceFileOf('artifacts/contracts/V.sol/V.json', 'contracts/V.sol'), 'contracts/V.sol');
    assert.equal(sourceFileOf('ignition/deployments/chain-1/artifacts/M#V.json', 'contracts/V.sol'), 'contracts/V.sol');
    for (const bad of ['../secret.sol', '/etc/V.sol', 'C:\\V.sol', 'src//V.sol', 'src/V.txt']) {
      assert.equal(readFile({ kind: 'hardhatArtifact', contract: 'V' }, { contractName: 'V', sourceName: bad, abi }).artifacts[0]?.source, undefined, bad);
    }
  });
});
