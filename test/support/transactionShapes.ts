/** Transactions and receipts in the shapes real nodes send (reth), for the core's HTTP tests. */
import type { Hash } from '../../src/core/model';

export const TX = '0x0433cca2c713d66e13b2b71fd66589785428b6bdbc60bdb1642d44493b2a9c6f' as Hash;
export const FROM = '0x40d57c3f5c3babac3033e2d50ab7c6886a595f46';
export const TO = '0xe551c4f9fb0ccfd08e3874c2a9504c87ebf4e897';
export const BLOCK_HASH = '0x' + 'ab'.repeat(32);

/** A mined EIP-1559 transaction as reth sends it (hex quantities, type 0x2, chainId, yParity). */
export function rethTransaction(hash: string = TX): Record<string, unknown> {
  return {
    blockHash: BLOCK_HASH,
    blockNumber: '0x1312d00',
    chainId: '0x3e7',
    from: FROM,
    gas: '0x5208',
    gasPrice: '0x3b9aca00',
    maxFeePerGas: '0x77359400',
    maxPriorityFeePerGas: '0x0',
    hash,
    input: '0xA9059CBB',
    nonce: '0x2a',
    to: TO,
    transactionIndex: '0x3',
    type: '0x2',
    value: '0xde0b6b3a7640000',
    accessList: [],
    v: '0x1',
    yParity: '0x1',
    r: '0x' + '11'.repeat(32),
    s: '0x' + '22'.repeat(32),
  };
}

export function receiptOf(hash: string = TX, status = '0x1'): Record<string, unknown> {
  return {
    blockHash: BLOCK_HASH,
    blockNumber: '0x1312d00',
    contractAddress: null,
    cumulativeGasUsed: '0x10000',
    effectiveGasPrice: '0x3b9aca00',
    from: FROM,
    gasUsed: '0xb411',
    logs: [
      {
        address: '0x9B498C3C8A0B8CD8BA1D9851D40D186F1872B44E',
        topics: [
          '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
          '0x' + FROM.slice(2).padStart(64, '0'),
          '0x' + TO.slice(2).padStart(64, '0'),
        ],
        data: '0x' + (10n ** 18n).toString(16).padStart(64, '0'),
        blockNumber: '0x1312d00',
        transactionHash: hash,
        transactionIndex: '0x3',
        blockHash: BLOCK_HASH,
        logIndex: '0x7',
        removed: false,
      },
    ],
    logsBloom: '0x' + '00'.repeat(256),
    status,
    to: TO,
    transactionHash: hash,
    transactionIndex: '0x3',
    type: '0x2',
  };
}
