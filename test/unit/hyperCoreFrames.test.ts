/**
 * HyperCore's system contracts in the call tree: a read precompile's frame named for what it reads, its
 * input and answer decoded by L1Read.sol's layout; CoreWriter's frame with the action it sends; nothing of
 * it with HyperCore decoding off, and a workspace ABI's decoding left first.
 */
import * as assert from 'node:assert/strict';
import { encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters } from 'viem';
import { CORE_WRITER_ADDRESS, encodeCoreAction } from '../../src/hyperCore/coreWriter';
import type { TraceEntry } from '../../src/core/model';
import { untranslated as t } from '../../src/core/translate';
import { callTreeView } from '../../src/transactions/callTreeViewModel';
import { hyperCoreFrame } from '../../src/transactions/hyperCoreFrames';
import { ALICE, BOB, bundle, ok } from '../support/transactionBundles';

const ORACLE = '0x0000000000000000000000000000000000000807';
const abi = parseAbi(['function sendRawAction(bytes data)']);
const trace: TraceEntry[] = [
  { type: 'CALL', depth: 0, from: ALICE, to: BOB, value: 0n, input: '0xc99d682f' },
  {
    type: 'STATICCALL',
    depth: 1,
    from: BOB,
    to: ORACLE,
    value: null,
    input: encodeAbiParameters(parseAbiParameters('uint32'), [0]),
    output: encodeAbiParameters(parseAbiParameters('uint64'), [1_012_400n]),
  },
  {
    type: 'CALL',
    depth: 1,
    from: BOB,
    to: CORE_WRITER_ADDRESS,
    value: 0n,
    input: encodeFunctionData({ abi, functionName: 'sendRawAction', args: [encodeCoreAction(1, [0, true, 1n, 1n, false, 2, 0n])] }),
  },
  { type: 'STATICCALL', depth: 1, from: BOB, to: '0x0000000000000000000000000000000000000800', value: null, input: '0x1234', output: '0x' },
];

describe('HyperCore frames of the call tree (transactions/hyperCoreFrames)', () => {
  it('names a read precompile’s frame and decodes its input and answer; names CoreWriter’s with the action it sends', () => {
    const tree = callTreeView(bundle({ trace: ok(trace) }), undefined, undefined, t, true);
    assert.ok(tree.state === 'ok');
    const [top, oracle, writer, position] = tree.frames;
    assert.equal(top!.hyperCore, null);
    assert.equal(oracle!.hyperCore, 'HyperCore read: oracle price');
    assert.deepEqual(
      [oracle!.call?.name, oracle!.call?.signature, oracle!.call?.args, oracle!.returned],
      ['oraclePx', 'oraclePx(uint32)', [{ name: 'index', type: 'uint32', text: '0' }], [{ name: 'oraclePx', type: 'uint64', text: '1,012,400' }]],
    );
    assert.equal(writer!.hyperCore, 'CoreWriter: sends actions to HyperCore');
    assert.deepEqual(writer!.call?.args, [{ name: 'data', type: 'bytes', text: 'Limit order' }]);
    assert.equal(position!.hyperCore, 'HyperCore read: position', 'named even when its input does not decode');
    assert.equal(position!.call, null);
  });

  it('leaves every frame as it was with HyperCore decoding off', () => {
    const tree = callTreeView(bundle({ trace: ok(trace) }), undefined, undefined, t);
    assert.ok(tree.state === 'ok');
    assert.deepEqual(
      tree.frames.map((f) => [f.hyperCore, f.call]),
      trace.map(() => [null, null]),
    );
  });

  it('is nothing for other addresses, and for a DELEGATECALL into CoreWriter (it would run CoreWriter’s code as the caller)', () => {
    assert.equal(hyperCoreFrame({ to: BOB, input: '0x', type: 'CALL' }, t), null);
    assert.equal(hyperCoreFrame({ to: null, input: '0x', type: 'CREATE' }, t), null);
    assert.equal(hyperCoreFrame({ to: CORE_WRITER_ADDRESS, input: trace[2]!.input, type: 'DELEGATECALL' }, t), null);
  });
});
