/** The workspace's ABIs decode calls, errors, logs and return values; a guess is marked, and only kept when the data fits. */
import * as assert from 'node:assert/strict';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, encodeFunctionResult, parseAbi } from 'viem';
import { readFile } from '../../src/contracts/artifactFiles';
import { ContractIndex, type FileRef } from '../../src/contracts/contractIndex';
import { WorkspaceDecoder } from '../../src/contracts/decode';

const VAULT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const TOKEN = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const STRANGER = '0x9999999999999999999999999999999999999999';
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const vaultAbi = parseAbi([
  'function deposit(uint256 amount, address to) returns (uint256 shares)',
  'function batch((address target, uint96 value)[] calls)',
  'error InsufficientBalance(uint256 available, uint256 required)',
  'event Deposited(address indexed user, uint256 amount, string note)',
]);
const tokenAbi = parseAbi(['function burn(uint256 amount)', 'event Transfer(address indexed from, address indexed to, uint256 value)']);
// 0x42966c68: burn(uint256) and collate_propagate_storage(bytes16) share it.
const collidingAbi = parseAbi(['function collate_propagate_storage(bytes16 data)']);

const ref = (path: string): FileRef => ({ uri: `file:///ws/${path}`, folder: 'ws', path });

function workspace(): ContractIndex {
  const index = new ContractIndex();
  index.setFile(ref('out/Vault.sol/Vault.json'), readFile({ kind: 'foundryArtifact', contract: 'Vault' }, { abi: vaultAbi }));
  index.setFile(ref('out/Token.sol/Token.json'), readFile({ kind: 'foundryArtifact', contract: 'Token' }, { abi: tokenAbi }));
  index.setFile(ref('out/Odd.sol/Odd.json'), readFile({ kind: 'foundryArtifact', contract: 'Odd' }, { abi: collidingAbi }));
  const broadcast = {
    transactions: [
      { hash: '0x01', transactionType: 'CREATE', contractName: 'Vault', contractAddress: VAULT },
      { hash: '0x02', transactionType: 'CREATE', contractName: 'Token', contractAddress: TOKEN },
      { hash: '0x03', transactionType: 'CALL', contractName: 'Vault', contractAddress: STRANGER },
    ],
  };
  index.setFile(ref('broadcast/Deploy.s.sol/31337/run-latest.json'), readFile({ kind: 'foundryBroadcast', chainId: 31337 }, broadcast));
  return index;
}

describe('WorkspaceDecoder', () => {
  const decoder = new WorkspaceDecoder(workspace(), 31337);

  it('names a deployed address on its chain only, and never a CALL record’s target', () => {
    assert.equal(decoder.contractAt(VAULT)?.name, 'Vault');
    assert.equal(decoder.contractAt(VAULT.toUpperCase().replace('0X', '0x'))?.name, 'Vault');
    assert.equal(decoder.contractAt(STRANGER), undefined);
    assert.equal(new WorkspaceDecoder(workspace(), 999).contractAt(VAULT), undefined);
  });

  it('decodes a call to a deployed contract by its own ABI, with names and types', () => {
    const input = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [10n ** 18n, USER] });
    const d = decoder.call(VAULT, input)!;
    assert.equal(d.source, 'contract');
    assert.equal(d.signature, 'deposit(uint256,address)');
    assert.deepEqual(
      d.args.map((a) => [a.name, a.type, a.text]),
      [
        ['amount', 'uint256', '1000000000000000000'],
        ['to', 'address', USER],
      ],
    );
    assert.equal(d.abiFile.path, 'out/Vault.sol/Vault.json');
  });

  it('decodes tuples and arrays into items', () => {
    const input = encodeFunctionData({ abi: vaultAbi, functionName: 'batch', args: [[{ target: USER, value: 5n }]] });
    const [calls] = decoder.call(VAULT, input)!.args;
    assert.equal(calls!.items?.[0]?.items?.[1]?.text, '5');
    assert.equal(calls!.items?.[0]?.items?.[1]?.name, 'value');
  });

  it('decodes the return value by the function called', () => {
    const input = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [1n, USER] });
    const output = encodeFunctionResult({ abi: vaultAbi, functionName: 'deposit', result: 7n });
    assert.deepEqual(
      decoder.returned(VAULT, input, output)?.map((v) => [v.name, v.text]),
      [['shares', '7']],
    );
  });

  it('reads a custom error by name from a touched contract’s ABI', () => {
    const data = encodeErrorResult({ abi: vaultAbi, errorName: 'InsufficientBalance', args: [1000n, 25000n] });
    const d = decoder.error(data, [TOKEN, VAULT])!;
    assert.equal(d.name, 'InsufficientBalance');
    assert.equal(d.source, 'contract');
    assert.deepEqual(
      d.args.map((a) => `${a.name}=${a.text}`),
      ['available=1000', 'required=25000'],
    );
    assert.equal(decoder.error(data, [])?.source, 'guess');
  });

  it('decodes a log by its emitter’s ABI, and by any ABI with its topic as a guess', () => {
    const topics = encodeEventTopics({ abi: vaultAbi, eventName: 'Deposited', args: { user: USER } }) as string[];
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'string' }], [3n, 'hi']);
    const own = decoder.log(VAULT, topics, data)!;
    assert.equal(own.source, 'contract');
    assert.deepEqual(
      own.args.map((a) => `${a.name}=${a.text}`),
      [`user=${USER}`, 'amount=3', 'note=hi'],
    );
    assert.equal(decoder.log(STRANGER, topics, data)?.source, 'guess');
    assert.equal(decoder.log(VAULT, topics.slice(0, 1), data), null, 'a topic count that does not fit the event');
  });

  it('on a selector collision, a guess keeps only the entry the data fits, and names the other', () => {
    const burn = encodeFunctionData({ abi: tokenAbi, functionName: 'burn', args: [5n] });
    const guess = decoder.call(STRANGER, burn)!;
    assert.equal(guess.source, 'guess');
    // 5 as bytes16 would need the low 16 bytes to be zero: only burn(uint256) fits.
    assert.equal(guess.signature, 'burn(uint256)');
    assert.deepEqual(guess.alternatives, []);
    const ambiguous = `0x42966c68${'ab'.repeat(16)}${'00'.repeat(16)}`;
    const both = decoder.call(STRANGER, ambiguous)!;
    assert.equal(both.alternatives.length, 1);
    // At the token's own address, its ABI decides.
    assert.equal(decoder.call(TOKEN, ambiguous)?.signature, 'burn(uint256)');
    assert.equal(decoder.call(TOKEN, ambiguous)?.source, 'contract');
  });

  it('names a method by the deployed contract’s own ABI only (the block page’s column)', () => {
    assert.equal(decoder.functionName(VAULT, '0x' + encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [1n, USER] }).slice(2, 10)), 'deposit');
    assert.equal(decoder.functionName(TOKEN, '0x42966C68'), 'burn');
    assert.equal(decoder.functionName(STRANGER, '0x42966c68'), undefined);
    assert.equal(decoder.functionName(null, '0x42966c68'), undefined);
  });

  it('gives null for data that fits nothing', () => {
    assert.equal(decoder.call(VAULT, '0xdeadbeef'), null);
    assert.equal(decoder.call(VAULT, `${encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [1n, USER] }).slice(0, 20)}`), null);
    assert.equal(decoder.error('0x', [VAULT]), null);
  });
});
