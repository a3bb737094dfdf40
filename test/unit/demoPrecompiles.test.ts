/**
 * The demo node's HyperEVM side of HyperCore over HTTP, read by the extension's own clients: the read
 * precompiles answer a demo wallet's position and spot balance as its `/info` account says them (and follow
 * the control endpoint's stage), mark and oracle prices and the L1 block number; `debug_traceCall` traces a
 * CoreWriter limit order with its RawAction log; a node without it (as the public API) refuses `debug_traceCall`.
 */
import * as assert from 'node:assert/strict';
import { useDemoClients } from '../support/demoNodes';
import { encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters, type Hex } from 'viem';
import { createProviderClients } from '../../src/core/provider';
import { startDemoNode } from '../../src/demo/demoNode';
import { untranslated } from '../../src/core/translate';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { CORE_WRITER_ADDRESS, encodeCoreAction } from '../../src/hyperCore/coreWriter';
import { HyperCoreMetaSource } from '../../src/hyperCore/hyperCoreMeta';
import { hyperCoreCallWords } from '../../src/hyperCore/hyperCoreViewModel';
import { decodePrecompileCall } from '../../src/hyperCore/readPrecompiles';
import { runSimulation } from '../../src/simulation/simulationRun';
import { coreActionDatas } from '../../src/simulation/simulationViewModel';

const MAKER = DEMO_WALLETS[0]!.address as Hex;
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Hex;

describe('demo node: read precompiles and CoreWriter on /evm', () => {
  const { node, clients } = useDemoClients();

  async function read(to: Hex, data: Hex) {
    const r = await clients().evm.callContract({ to, data }, 'latest');
    assert.equal(r.kind, 'returned');
    return decodePrecompileCall(to, data, r.data)!;
  }

  it('answers the maker’s BTC position and UBTC balance as /info does, in human units, and follows the account’s stage', async () => {
    const { directory } = await new HyperCoreMetaSource(clients().info).directory({ spot: true, perps: true });
    const position = await read(at(0x800), encodeAbiParameters(parseAbiParameters('address, uint16'), [MAKER, 0]));
    const balance = await read(at(0x801), encodeAbiParameters(parseAbiParameters('address, uint64'), [MAKER, 197n]));
    const words = hyperCoreCallWords([position, balance], [], directory, untranslated);
    const fields = (i: number) => Object.fromEntries(words.reads[i]!.outputs.map((f) => [f.label, f.value]));
    const state = await clients().info.clearinghouseState(MAKER, '');
    const btc = state.positions.find((p) => p.coin === 'BTC')!;
    assert.equal(fields(0)['position.szi'], `${btc.szi} BTC`);
    assert.equal(fields(0)['position.entryNtl'], '49,250 USDC', '0.5 × 98,500');
    assert.equal(fields(0)['position.leverage'], '10');
    assert.deepEqual(fields(1), { 'spotBalance.total': '0.15 UBTC', 'spotBalance.hold': '0.05 UBTC', 'spotBalance.entryNtl': '14,820 USDC' });
    await fetch(`${node().baseUrl}/__demo/account`, { method: 'POST', body: '{"stage":1}', headers: { 'content-type': 'application/json' } });
    const later = await read(at(0x800), encodeAbiParameters(parseAbiParameters('address, uint16'), [MAKER, 0]));
    assert.equal(hyperCoreCallWords([later], [], directory, untranslated).reads[0]!.outputs[0]!.value, '0.8 BTC');
    await fetch(`${node().baseUrl}/__demo/account`, { method: 'POST', body: '{"stage":0}', headers: { 'content-type': 'application/json' } });
  });

  it('answers mark and oracle prices and the L1 block number; an unknown perp fails as HyperEVM’s does', async () => {
    const { directory } = await new HyperCoreMetaSource(clients().info).directory({ spot: true, perps: true });
    const mark = await read(at(0x806), encodeAbiParameters(parseAbiParameters('uint32'), [0]));
    const oracle = await read(at(0x807), encodeAbiParameters(parseAbiParameters('uint32'), [0]));
    const words = hyperCoreCallWords([mark, oracle], [], directory, untranslated);
    assert.equal(words.reads[0]!.outputs.at(-1)!.value, '101,240', 'the mid /info’s allMids says');
    assert.equal(words.reads[1]!.outputs.at(-1)!.value, '101,230');
    const l1 = await read(at(0x809), '0x');
    assert.ok(l1.output && 'value' in l1.output && typeof l1.output.value === 'bigint' && l1.output.value > 0n);
    await assert.rejects(
      clients().evm.callContract({ to: at(0x806), data: encodeAbiParameters(parseAbiParameters('uint32'), [9999]) }, 'latest'),
      /out of gas/,
    );
  });

  it('traces a CoreWriter limit order (debug_traceCall, callTracer) with its RawAction log, and its fee at both gas prices', async () => {
    const order = encodeCoreAction(1, [0, true, 101_000n * 10n ** 8n, 50_000_000n, false, 2, 0n]);
    const data = encodeFunctionData({ abi: parseAbi(['function sendRawAction(bytes data)']), functionName: 'sendRawAction', args: [order as Hex] });
    const sim = await runSimulation(clients().evm, { to: CORE_WRITER_ADDRESS as Hex, data, from: MAKER }, 'latest', false);
    assert.equal(sim.source, 'trace');
    assert.equal(sim.reverted, false);
    assert.equal(sim.frames![0]!.logs.length, 1);
    assert.ok(sim.gasPrice.ok && sim.bigBlockGasPrice.ok);
    const { directory } = await new HyperCoreMetaSource(clients().info).directory({ spot: true, perps: true });
    assert.deepEqual(hyperCoreCallWords([], coreActionDatas(sim.frames!), directory, untranslated).actions, ['Limit order (Buy 0.5 BTC at 101,000)']);
  });

  it('as a provider without traces, refuses debug_traceCall (-32601) and still answers eth_call', async () => {
    const pub = await startDemoNode({ unsupportedMethods: ['debug_traceCall'] });
    try {
      const c = createProviderClients(pub.baseUrl, pub.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
      await assert.rejects(c.evm.traceCall({ to: CORE_WRITER_ADDRESS as Hex, data: '0x' }, 'latest'), (e: Error) =>
        /not found|not serve|-32601|unsupported/i.test(e.message),
      );
      assert.equal((await c.evm.callContract({ to: at(0x809), data: '0x' }, 'latest')).kind, 'returned');
    } finally {
      await pub.close();
    }
  });
});
