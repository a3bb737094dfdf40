/** Hand-built transaction bundles (what core/transactionLoad gives) for the transaction page's tests. */
import { ProviderError } from '../../src/core/errors';
import type { TransactionDetails, TransactionReceipt } from '../../src/core/model';
import type { Outcome } from '../../src/core/settled';
import type { TransactionBundle } from '../../src/core/transactionLoad';

export const HASH = `0x${'ab'.repeat(32)}` as const;
export const BLOCK_HASH = `0x${'cd'.repeat(32)}` as const;
export const ALICE = `0x${'1'.repeat(40)}` as const;
export const BOB = `0x${'2'.repeat(40)}` as const;
export const TOKEN = `0x${'3'.repeat(40)}` as const;
export const NOW = 1_700_000_180;
export const word = (hex: string) => `0x${hex.padStart(64, '0')}` as const;

export function tx(overrides: Partial<TransactionDetails> = {}): TransactionDetails {
  return {
    hash: HASH,
    blockNumber: 19_999_981n,
    blockHash: BLOCK_HASH,
    transactionIndex: 3,
    from: ALICE,
    to: BOB,
    value: 1_500_000_000_000_000_001n,
    gas: 30_000n,
    gasPrice: 2_000_000_000n,
    nonce: 1234n,
    type: 2,
    input: '0xa9059cbb' + '0'.repeat(128),
    raw: {},
    ...overrides,
  };
}

export function receipt(overrides: Partial<TransactionReceipt> = {}): TransactionReceipt {
  return { status: 'success', gasUsed: 21_000n, effectiveGasPrice: 1_000_000_007n, contractAddress: null, logs: [], raw: {}, ...overrides };
}

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failed = (message: string, unsupported = false): Outcome<never> => ({
  ok: false,
  error: unsupported ? new ProviderError('rpc', message, { rpcCode: -32601 }) : new ProviderError('timeout', message),
  unsupported,
});

export function bundle(overrides: Partial<TransactionBundle> = {}): TransactionBundle {
  return { tx: tx(), receipt: ok(receipt()), trace: ok([]), blockTimestamp: 1_700_000_000n, ...overrides };
}
