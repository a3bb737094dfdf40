/** The index follows its files: a changed file replaces what it said, a deleted one (or folder) drops it; names resolve per chain. */
import * as assert from 'node:assert/strict';
import { parseAbi } from 'viem';
import { readFile } from '../../src/contracts/artifactFiles';
import { ContractIndex, keyOf, type FileRef } from '../../src/contracts/contractIndex';
import { readAbi } from '../../src/contracts/abi';

const A = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const B = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const ref = (path: string): FileRef => ({ uri: `file:///ws/${path}`, folder: 'ws', path });
const abi = parseAbi(['function deposit(uint256 amount)', 'event Deposited(uint256 amount)']);
const create = (name: string, address: string) => ({ transactions: [{ transactionType: 'CREATE', contractName: name, contractAddress: address }] });

describe('ContractIndex', () => {
  it('keys entries by the keccak selector or topic of their canonical signature', () => {
    const [fn, ev] = readAbi(parseAbi(['function transfer(address,uint256)', 'event Transfer(address indexed, address indexed, uint256)']));
    assert.equal(keyOf(fn!), '0xa9059cbb');
    assert.equal(keyOf(ev!), '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  });

  it('replaces what a changed file said, and drops a deleted file or folder', () => {
    const index = new ContractIndex();
    index.setFile(ref('out/V.sol/Vault.json'), readFile({ kind: 'foundryArtifact', contract: 'Vault' }, { abi }));
    index.setFile(ref('broadcast/D.s.sol/1/run-latest.json'), readFile({ kind: 'foundryBroadcast', chainId: 1 }, create('Vault', A)));
    assert.equal(index.contractAt(1, A)?.abi?.name, 'Vault');
    index.setFile(ref('broadcast/D.s.sol/1/run-latest.json'), readFile({ kind: 'foundryBroadcast', chainId: 1 }, create('Vault', B)));
    assert.equal(index.contractAt(1, A), undefined);
    assert.equal(index.contractAt(1, B)?.name, 'Vault');
    index.removeUnder('file:///ws/out');
    assert.equal(index.contractAt(1, B)?.abi, undefined, 'the artifact went with its folder');
    assert.equal(index.candidates('0xb6b55f25').length, 0);
    index.setFile(ref('broadcast/D.s.sol/1/run-latest.json'), undefined);
    assert.equal(index.fileCount, 0);
  });

  it('places hardhat-deploy records on the chain their folder’s .chainId names, whenever that file comes', () => {
    const index = new ContractIndex();
    index.setFile(ref('deployments/local/Vault.json'), readFile({ kind: 'hardhatDeploy', network: 'local', contract: 'Vault' }, { address: A, abi }));
    assert.equal(index.contractAt(31337, A), undefined);
    index.setFile(ref('deployments/local/.chainId'), readFile({ kind: 'hardhatDeployChainId', network: 'local' }, '31337'));
    assert.equal(index.contractAt(31337, A)?.abi?.entries.length, 2, 'with its own ABI');
  });

  it('takes Ignition’s own artifact for its future id first, in the same workspace folder', () => {
    const index = new ContractIndex();
    index.setFile(
      ref('ignition/deployments/chain-5/artifacts/M#Vault.json'),
      readFile({ kind: 'hardhatArtifact', contract: 'M#Vault' }, { contractName: 'Vault', abi }),
    );
    index.setFile(ref('ignition/deployments/chain-5/deployed_addresses.json'), readFile({ kind: 'ignitionAddresses', chainId: 5 }, { 'M#Vault': A }));
    assert.equal(index.contractAt(5, A)?.abi?.file.path, 'ignition/deployments/chain-5/artifacts/M#Vault.json');
  });

  it('finds deployments by name on one chain, exact names first', () => {
    const index = new ContractIndex();
    index.setFile(
      ref('broadcast/D.s.sol/7/run-latest.json'),
      readFile({ kind: 'foundryBroadcast', chainId: 7 }, { transactions: [...create('VaultRouter', A).transactions, ...create('Vault', B).transactions] }),
    );
    assert.deepEqual(
      index.deploymentsNamed('vault', 7).map((c) => c.name),
      ['Vault', 'VaultRouter'],
    );
    assert.deepEqual(index.deploymentsNamed('vault', 8), []);
  });
});
