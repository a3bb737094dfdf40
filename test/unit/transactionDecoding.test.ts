/** Proxies the transaction touched are read from the EIP-1967 slot, each read failing alone. */
import * as assert from 'node:assert/strict';
import { encodeFunctionData, parseAbi } from 'viem';
import { readFile } from '../../src/contracts/artifactFiles';
import { ContractIndex, type FileRef } from '../../src/contracts/contractIndex';
import { addressInWord, EIP1967_IMPLEMENTATION_SLOT, loadDecoding } from '../../src/contracts/transactionDecoding';
import { ProviderError } from '../../src/core/errors';
import type { Address, Hash } from '../../src/core/model';
import { bundle, ok, tx } from '../support/transactionBundles';

const PROXY = '0x1111111111111111111111111111111111111111';
const IMPL = '0x2222222222222222222222222222222222222222';
const OTHER_PROXY = '0x4444444444444444444444444444444444444444';
const counter = parseAbi(['function increment(uint256 by) returns (uint256)']);
const ref = (path: string): FileRef => ({ uri: `file:///ws/${path}`, folder: 'ws', path });

function workspace(): ContractIndex {
  const index = new ContractIndex();
  index.setFile(ref('out/Counter.sol/Counter.json'), readFile({ kind: 'foundryArtifact', contract: 'Counter' }, { abi: counter }));
  index.setFile(
    ref('out/Proxy.sol/Proxy.json'),
    readFile({ kind: 'foundryArtifact', contract: 'Proxy' }, { abi: parseAbi(['function admin() view returns (address)']) }),
  );
  const records = [
    { transactionType: 'CREATE', contractName: 'Counter', contractAddress: IMPL },
    { transactionType: 'CREATE', contractName: 'Proxy', contractAddress: PROXY },
    { transactionType: 'CREATE', contractName: 'Proxy', contractAddress: OTHER_PROXY },
  ];
  index.setFile(ref('broadcast/D.s.sol/1/run-latest.json'), readFile({ kind: 'foundryBroadcast', chainId: 1 }, { transactions: records }));
  return index;
}

describe('transaction decoding: proxies', () => {
  const input = encodeFunctionData({ abi: counter, functionName: 'increment', args: [7n] });

  it('reads the implementation slot of a deployed contract whose own ABI lacks the function called, and decodes with the implementation’s', async () => {
    const asked: string[] = [];
    const reader = {
      getStorageAt: async (address: Address, slot: Hash) => {
        asked.push(`${address} ${slot}`);
        return `0x${'0'.repeat(24)}${IMPL.slice(2)}` as Hash;
      },
    };
    const d = await loadDecoding(reader, workspace(), 1, bundle({ tx: tx({ to: PROXY, input }), trace: ok([]) }));
    assert.deepEqual(asked, [`${PROXY} ${EIP1967_IMPLEMENTATION_SLOT}`]);
    assert.equal(d.decoder.call(PROXY, input)?.source, 'contract');
    assert.equal(d.decoder.call(PROXY, input)?.abiName, 'Counter');
  });

  it('a slot that cannot be read leaves that proxy undecoded by its implementation, and says so', async () => {
    const reader = {
      getStorageAt: async (address: Address): Promise<Hash> => {
        if (address === OTHER_PROXY) throw new ProviderError('rpc', 'not served', { rpcCode: -32601 });
        return `0x${'0'.repeat(24)}${IMPL.slice(2)}` as Hash;
      },
    };
    const trace = ok([
      { type: 'CALL', depth: 0, from: PROXY, to: OTHER_PROXY, value: 0n, input } as never,
      { type: 'CALL', depth: 1, from: OTHER_PROXY, to: PROXY, value: 0n, input } as never,
    ]);
    const d = await loadDecoding(reader, workspace(), 1, bundle({ tx: tx({ to: OTHER_PROXY, input }), trace }));
    assert.deepEqual(d.unreadProxies, [OTHER_PROXY]);
    assert.equal(d.decoder.call(PROXY, input)?.source, 'contract');
    assert.equal(d.decoder.call(OTHER_PROXY, input)?.source, 'guess');
  });

  it('reads an address only from a word whose high 12 bytes are zero, never the zero address', () => {
    assert.equal(addressInWord(`0x${'0'.repeat(24)}${IMPL.slice(2)}`), IMPL);
    assert.equal(addressInWord(`0x${'0'.repeat(64)}`), undefined);
    assert.equal(addressInWord(`0x${'1'.repeat(24)}${IMPL.slice(2)}`), undefined);
    assert.equal(addressInWord('0x1234'), undefined);
  });
});
