/**
 * Read & Simulate's requests over real HTTP from a local server: eth_call's revert shapes (geth and
 * reth's code 3 with data, a sentence only), a 10 MB return refused unread, nothing sent for a bad
 * argument, debug_traceCall's params, both gas prices, and no key in any message.
 */
import * as assert from 'node:assert/strict';
import { ProviderError } from '../../src/core/errors';
import type { Address } from '../../src/core/model';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { encodeErrorString } from '../../src/core/revert';
import { json, ScriptedServer } from '../support/scriptedServer';

const KEY = 'sim-key-LEAK-7e57c0de';
const TO = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const CALL = { to: TO, data: '0x18160ddd' as const };

describe('EvmClient: eth_call, eth_estimateGas, gas prices and debug_traceCall over HTTP', () => {
  const server = new ScriptedServer();
  let clients: ProviderClients;
  before(async () => {
    clients = createProviderClients(await server.start(), KEY, { timeoutMs: 5000, maxRetries: 0 });
  });
  after(() => server.stop());

  it('reads a return, and a revert as an answer: code 3 with data, or only a sentence', async () => {
    server.rpc(() => ({ result: '0x00000000000000000000000000000000000000000000000000000000000003E8' }));
    assert.deepEqual(await clients.evm.callContract(CALL, 'latest'), {
      kind: 'returned',
      data: '0x00000000000000000000000000000000000000000000000000000000000003e8',
    });
    assert.deepEqual(server.calls.at(-1)!.params, [{ to: TO, data: '0x18160ddd' }, 'latest']);
    server.rpc(() => ({ error: { code: 3, message: 'execution reverted', data: '0xABCDEF01' } }));
    assert.deepEqual(await clients.evm.callContract(CALL, 7), { kind: 'reverted', data: '0xabcdef01' });
    assert.equal(server.calls.at(-1)!.params[1], '0x7');
    server.rpc(() => ({ error: { code: -32000, message: 'execution reverted: not owner' } }));
    assert.deepEqual(await clients.evm.callContract(CALL, 'latest'), { kind: 'reverted', data: encodeErrorString('not owner') });
    server.rpc(() => ({ error: { code: -32000, message: 'out of gas' } }));
    await assert.rejects(clients.evm.callContract(CALL, 'latest'), (e: ProviderError) => e.kind === 'rpc' && /out of gas/.test(e.message));
  });

  it('refuses a 10 MB return unread, and a return that is not hex', async () => {
    server.handler = (req, res) => json(res, 200, { jsonrpc: '2.0', id: (req.json as { id: number }).id, result: `0x${'00'.repeat(5 * 1024 * 1024)}` });
    await assert.rejects(clients.evm.callContract(CALL, 'latest'), (e: ProviderError) => e.kind === 'tooLarge' && !e.message.includes(KEY));
    server.rpc(() => ({ result: '<script>' }));
    await assert.rejects(clients.evm.callContract(CALL, 'latest'), (e: ProviderError) => e.kind === 'invalidResponse');
  });

  it('sends nothing for a bad address, calldata or value', async () => {
    const before = server.received.length;
    await assert.rejects(clients.evm.callContract({ to: '0x12' as Address, data: '0x' }, 'latest'), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.evm.callContract({ to: TO, data: '0xabc' as `0x${string}` }, 'latest'), (e: ProviderError) => e.kind === 'badInput');
    await assert.rejects(clients.evm.estimateGas({ to: TO, data: '0x', value: 1n << 256n }, 'latest'), (e: ProviderError) => e.kind === 'badInput');
    assert.equal(server.received.length, before);
  });

  it('asks debug_traceCall with the callTracer and its logs, the sender and value as quantities; reads both gas prices and the estimate', async () => {
    server.rpc((call) => {
      if (call.method === 'debug_traceCall') return { result: { type: 'CALL', from: TO, to: TO, input: '0x', output: '0x', gasUsed: '0x5208', logs: [] } };
      if (call.method === 'eth_estimateGas') return { result: '0x5208' };
      if (call.method === 'eth_gasPrice') return { result: '0x3b9aca00' };
      return { error: { code: -32601, message: 'the method eth_bigBlockGasPrice does not exist' } };
    });
    const frames = await clients.evm.traceCall({ ...CALL, from: TO, value: 10n }, 'latest');
    assert.equal(frames[0]!.gasUsed, 21_000n);
    assert.deepEqual(server.calls.at(-1)!.params, [
      { to: TO, data: '0x18160ddd', from: TO, value: '0xa' },
      'latest',
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]);
    assert.deepEqual(await clients.evm.estimateGas(CALL, 'latest'), { kind: 'gas', gas: 21_000n });
    assert.equal(await clients.evm.getGasPrice(), 1_000_000_000n);
    await assert.rejects(clients.evm.getBigBlockGasPrice(), (e: ProviderError) => e.rpcCode === -32601);
  });
});
