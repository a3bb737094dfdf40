import * as assert from 'node:assert/strict';
import { broadcastPath, MAX_BROADCAST_BYTES, MAX_SCRIPT_TRANSACTIONS, readBroadcast } from '../../src/simulation/broadcastFile';
import { panelStateTarget } from '../../src/simulation/protocol';
import { runSequence, type SequenceReader } from '../../src/simulation/simulationRun';
import { sequenceCalls } from '../../src/simulation/scriptViewModel';
import { ProviderError } from '../../src/core/errors';
import { untranslated as t } from '../../src/view/format';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'B'.repeat(40);
const tx = (type: string, to: string | null, input: string, value = '0x0', fn: string | null = null) => ({
  hash: null,
  transactionType: type,
  contractName: type === 'CALL' ? null : 'Vault',
  contractAddress: type === 'CALL' ? null : B,
  function: fn,
  arguments: null,
  transaction: { from: A, to, gas: '0x1', value, input, nonce: '0x0', chainId: '0x3e7' },
});
const file = (transactions: unknown[]) => JSON.stringify({ transactions, receipts: [], libraries: [], pending: [], chain: 999 });

describe('broadcastFile: a Foundry script’s transactions', () => {
  it('reads the script, chain and dry-run flag from the path, and nothing else', () => {
    assert.deepEqual(broadcastPath('broadcast/Deploy.s.sol/999/run-latest.json'), { script: 'Deploy.s.sol', chainId: 999, dryRun: false });
    assert.deepEqual(broadcastPath('pkg/broadcast/Go.s.sol/1/dry-run/run-latest.json'), { script: 'Go.s.sol', chainId: 1, dryRun: true });
    assert.equal(broadcastPath('out/Vault.sol/Vault.json'), undefined);
    assert.equal(broadcastPath('broadcast/Go.s.sol/x/run-latest.json'), undefined);
  });

  it('lists the transactions in the script’s order: creations without a target, values in wei, targets lowercase', () => {
    const r = readBroadcast(
      'broadcast/Go.s.sol/999/dry-run/run-latest.json',
      file([tx('CREATE', null, '0x6080'), tx('CALL', B, '0x2e1a7d4d' + '0'.repeat(64), '0x10', 'withdraw(uint256)')]),
      t,
    );
    assert.ok(r.ok);
    assert.equal(r.script.dryRun, true);
    assert.deepEqual(
      r.script.transactions.map((x) => [x.index, x.kind, x.to, x.value, x.function]),
      [
        [1, 'CREATE', null, 0n, null],
        [2, 'CALL', B.toLowerCase(), 16n, 'withdraw(uint256)'],
      ],
    );
    assert.deepEqual(
      sequenceCalls(r.script.transactions).map((c) => c.to),
      [null, B.toLowerCase()],
    );
  });

  it('refuses a file too big, not JSON, without transactions, or with a step of another shape (none is silently dropped)', () => {
    const path = 'broadcast/Go.s.sol/999/run-latest.json';
    const say = (content: string) => {
      const r = readBroadcast(path, content, t);
      return r.ok ? 'ok' : r.error;
    };
    assert.match(say(' '.repeat(MAX_BROADCAST_BYTES + 1)), /larger than 16 MB/);
    assert.match(say('{'), /not valid JSON/);
    assert.match(say('{"transactions": {}}'), /no list of transactions/);
    assert.match(say(file([])), /no transactions/);
    assert.match(say(file([tx('CALL', B, '0x123')])), /Transaction 1 .* not of the shape/);
    assert.match(say(file([tx('CALL', null, '0x')])), /Transaction 1 .* without a target/);
    assert.match(say(file([tx('CALL', B, '0x', '0x0'), tx('CALL', '<b>', '0x')])), /Transaction 2/);
    assert.match(say(file([tx('DELEGATE', B, '0x')])), /not of the shape/);
    const many = readBroadcast(path, file(Array.from({ length: MAX_SCRIPT_TRANSACTIONS + 5 }, () => tx('CALL', B, '0x'))), t);
    assert.ok(many.ok && many.script.cut && many.script.transactions.length === MAX_SCRIPT_TRANSACTIONS);
  });
});

describe('runSequence: all in one block where eth_simulateV1 answers, else each alone against the same block', () => {
  const calls = [
    { to: null, data: '0x6080' as const },
    { to: B.toLowerCase() as `0x${string}`, data: '0x01' as const },
  ];
  const base = (asked: string[]): SequenceReader => ({
    getBlockNumber: async () => (asked.push('head'), 77),
    getGasPrice: async () => 1n,
    getBigBlockGasPrice: async () => 2n,
    callContract: async (_c, block) => (asked.push(`call@${block}`), { kind: 'returned', data: '0x' }),
    estimateGas: async () => ({ kind: 'gas', gas: 21_000n }),
    traceCall: async () => {
      throw new ProviderError('rpc', 'no', { rpcCode: -32601 });
    },
  });

  it('one eth_simulateV1 with every call, on the head read first', async () => {
    const asked: string[] = [];
    const evm: SequenceReader = {
      ...base(asked),
      simulateCallsV1: async (c, block) => (
        asked.push(`many ${c.length}@${block}`),
        c.map(() => ({ reverted: false, data: '0x', gasUsed: 5n, logs: [], error: null }))
      ),
    };
    const seq = await runSequence(evm, calls, 'latest', { inOrder: true, traceRefused: false, simulateRefused: false });
    assert.equal(seq.mode, 'together');
    assert.deepEqual(asked, ['head', 'many 2@77']);
    assert.equal(seq.results.length, 2);
  });

  it('without eth_simulateV1: each alone at the same pinned block, and a creation says it cannot be', async () => {
    const asked: string[] = [];
    const evm: SequenceReader = {
      ...base(asked),
      simulateCallsV1: async () => {
        throw new ProviderError('rpc', 'the method eth_simulateV1 does not exist', { rpcCode: -32601 });
      },
    };
    const seq = await runSequence(evm, calls, 'latest', { inOrder: true, traceRefused: false, simulateRefused: false });
    assert.equal(seq.mode, 'alone');
    assert.ok(seq.simulateFailure);
    assert.equal(seq.blockNumber, 77);
    assert.ok(!seq.results[0]!.ok && /creation/.test(seq.results[0]!.error.message));
    assert.ok(seq.results[1]!.ok);
    assert.ok(asked.includes('call@77'));
  });
});

describe('Read & Simulate page state, as a window reload gives it back', () => {
  it('round-trips the address and the chosen artifact; anything else is ignored', () => {
    const state = JSON.parse(JSON.stringify({ address: B, abiUri: 'file:///p/out/Vault.sol/Vault.json' })) as unknown;
    assert.deepEqual(panelStateTarget(state), { address: B.toLowerCase(), abiUri: 'file:///p/out/Vault.sol/Vault.json' });
    assert.equal(panelStateTarget({ address: '<script>' }), undefined);
    assert.equal(panelStateTarget(null), undefined);
    assert.deepEqual(panelStateTarget({ address: A, abiUri: 'x'.repeat(5000) }), { address: A });
  });
});
