/**
 * CoreWriter action data, encoded the way the docs' example contract and hyper-evm-lib do
 * (`abi.encodePacked(uint8(1), uint24(id), abi.encode(fields…))`, here with viem), read back by our decoder:
 * every action of the table, fast-check round trips, and the bytes it must refuse.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeAbiParameters, encodeFunctionData, encodePacked, parseAbi, parseAbiParameters, toEventSelector, toFunctionSelector } from 'viem';
import {
  CORE_ACTIONS,
  CORE_WRITER_ADDRESS,
  decodeCoreAction,
  encodeCoreAction,
  RAW_ACTION_TOPIC,
  rawActionOf,
  SEND_RAW_ACTION_SELECTOR,
  sendRawActionData,
} from '../../src/hyperCore/coreWriter';

const coreWriterAbi = parseAbi(['function sendRawAction(bytes data)', 'event RawAction(address indexed user, bytes data)']);
/** As Solidity builds it: version 1, the id as a uint24, the fields ABI-encoded. */
const solidityAction = (id: number, types: string, values: readonly unknown[]) =>
  encodePacked(['uint8', 'uint24', 'bytes'], [1, id, encodeAbiParameters(parseAbiParameters(types), values as never)]);
const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';

describe('CoreWriter (core/coreWriter)', () => {
  it('its selector and event topic are those of sendRawAction(bytes) and RawAction(address,bytes)', () => {
    assert.equal(SEND_RAW_ACTION_SELECTOR, toFunctionSelector('sendRawAction(bytes)'));
    assert.equal(RAW_ACTION_TOPIC, toEventSelector('RawAction(address,bytes)'));
  });

  it('reads a limit order: asset, side, 10^8-scaled price and size, reduce only, time in force, cloid', () => {
    const data = solidityAction(1, 'uint32, bool, uint64, uint64, bool, uint8, uint128', [3, true, 101_000n * 10n ** 8n, 25_000_000n, false, 2, 0xabcdefn]);
    assert.deepEqual(decodeCoreAction(data), {
      ok: true,
      data,
      action: { id: 1, kind: 'limitOrder', asset: 3, isBuy: true, limitPx: 10_100_000_000_000n, sz: 25_000_000n, reduceOnly: false, tif: 2, cloid: 0xabcdefn },
    });
  });

  it('reads every action of the docs’ table, with the field types it lists', () => {
    const cases: [number, string, unknown[], Record<string, unknown>][] = [
      [2, 'address, bool, uint64', [A, true, 5_000_000n], { kind: 'vaultTransfer', vault: A, isDeposit: true, usd: 5_000_000n }],
      [3, 'address, uint64, bool', [A, 10n ** 8n, false], { kind: 'tokenDelegate', validator: A, wei: 10n ** 8n, isUndelegate: false }],
      [4, 'uint64', [7n], { kind: 'stakingDeposit', wei: 7n }],
      [5, 'uint64', [8n], { kind: 'stakingWithdraw', wei: 8n }],
      [6, 'address, uint64, uint64', [A, 197n, 50_000_000n], { kind: 'spotSend', destination: A, token: 197n, wei: 50_000_000n }],
      [7, 'uint64, bool', [1_000_000n, true], { kind: 'usdClassTransfer', ntl: 1_000_000n, toPerp: true }],
      [8, 'uint64, uint8, uint64', [1n, 1, 42n], { kind: 'finalizeEvmContract', token: 1n, variant: 1, createNonce: 42n }],
      [9, 'address, string', [A, 'bot-1'], { kind: 'addApiWallet', wallet: A, name: 'bot-1' }],
      [10, 'uint32, uint64', [0, 123456789n], { kind: 'cancelByOid', asset: 0, oid: 123456789n }],
      [11, 'uint32, uint128', [10107, 5n], { kind: 'cancelByCloid', asset: 10107, cloid: 5n }],
      [12, 'uint64, address', [10n, B], { kind: 'approveBuilderFee', maxFeeRate: 10n, builder: B }],
      [
        13,
        'address, address, uint32, uint32, uint64, uint64',
        [A, B, 0xffffffff, 0, 0n, 9n],
        { kind: 'sendAsset', destination: A, subAccount: B, sourceDex: 0xffffffff, destinationDex: 0, token: 0n, wei: 9n },
      ],
      [14, 'uint64, uint64, bool', [360n, 25_000_000n, true], { kind: 'reflectEvmSupplyChange', token: 360n, wei: 25_000_000n, isMint: true }],
      [15, 'uint8, uint64, uint64', [1, 0n, 0n], { kind: 'borrowLend', operation: 1, token: 0n, wei: 0n }],
    ];
    for (const [id, types, values, expected] of cases) {
      const result = decodeCoreAction(solidityAction(id, types, values));
      assert.ok(result.ok, `action ${id}: ${JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
      assert.deepEqual(result.action, { id, ...expected });
    }
    assert.deepEqual(Object.keys(CORE_ACTIONS).map(Number), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    // The docs' table ends at 15: no public source gives 16's fields, so it is not decoded.
    const sixteen = decodeCoreAction(solidityAction(16, 'address, uint8', [A, 2]));
    assert.deepEqual(sixteen.ok ? 'decoded' : [sixteen.problem, sixteen.actionId], ['unknownAction', 16]);
  });

  it('reads the docs’ example contract’s USD class transfer (bytes 0x01 0x00 0x00 0x07, then abi.encode(ntl, toPerp))', () => {
    const data = `0x01000007${encodeAbiParameters(parseAbiParameters('uint64, bool'), [1_500_000n, false]).slice(2)}`;
    const r = decodeCoreAction(data);
    assert.ok(r.ok);
    assert.deepEqual(r.action, { id: 7, kind: 'usdClassTransfer', ntl: 1_500_000n, toPerp: false });
  });

  it('round-trips any limit order and spot send (fast-check)', () => {
    const u = (bits: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffffffff }),
        fc.boolean(),
        u(64),
        u(64),
        fc.boolean(),
        fc.nat({ max: 255 }),
        u(128),
        (asset, isBuy, px, sz, ro, tif, cloid) => {
          const r = decodeCoreAction(encodeCoreAction(1, [asset, isBuy, px, sz, ro, tif, cloid]));
          assert.ok(r.ok);
          assert.deepEqual(r.action, { id: 1, kind: 'limitOrder', asset, isBuy, limitPx: px, sz, reduceOnly: ro, tif, cloid });
        },
      ),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), u(64), u(64), (addr, token, wei) => {
        const destination = `0x${Buffer.from(addr).toString('hex')}`;
        const r = decodeCoreAction(solidityAction(6, 'address, uint64, uint64', [destination, token, wei]));
        assert.ok(r.ok);
        assert.deepEqual(r.action, { id: 6, kind: 'spotSend', destination, token, wei });
      }),
    );
  });

  it('refuses what HyperCore would not read as intended: wrong version, unknown id, short, dirty or trailing bytes', () => {
    const order = encodeCoreAction(1, [0, true, 1n, 1n, false, 2, 0n]);
    assert.deepEqual(decodeCoreAction(`0x02${order.slice(4)}`), { ok: false, problem: 'version', version: 2, actionId: 1, data: `0x02${order.slice(4)}` });
    assert.equal(decodeCoreAction(`0x01000011${order.slice(10)}`).ok === false && 'unknownAction', 'unknownAction');
    const cut = order.slice(0, -2);
    assert.deepEqual(decodeCoreAction(cut), { ok: false, problem: 'badFields', version: 1, actionId: 1, data: cut });
    assert.equal((decodeCoreAction(`${order}00`) as { problem: string }).problem, 'badFields', 'a trailing byte');
    assert.equal((decodeCoreAction(`${order}${'00'.repeat(32)}`) as { problem: string }).problem, 'badFields', 'a trailing word');
    // asset is a uint32: a word with bit 32 set is not one.
    const dirty = `${order.slice(0, 10)}${'0'.repeat(55)}1${'0'.repeat(8)}${order.slice(74)}`;
    assert.equal((decodeCoreAction(dirty) as { problem: string }).problem, 'badFields', 'a uint32 word with high bits');
    const bool2 = `${order.slice(0, 74)}${'0'.repeat(63)}2${order.slice(138)}`;
    assert.equal((decodeCoreAction(bool2) as { problem: string }).problem, 'badFields', 'a bool of 2');
    assert.deepEqual(decodeCoreAction('0x010000'), { ok: false, problem: 'tooShort', data: '0x010000' });
    assert.deepEqual(decodeCoreAction('0x'), { ok: false, problem: 'tooShort', data: '0x' });
    assert.deepEqual(decodeCoreAction('0x0g'), { ok: false, problem: 'notHex', data: '' });
    assert.equal((decodeCoreAction(`0x01000001${'00'.repeat(5000)}`) as { problem: string }).problem, 'tooLong');
  });

  it('finds the action data in a sendRawAction call and in a RawAction log, and nothing in anything else', () => {
    const action = encodeCoreAction(4, [5n]);
    const input = encodeFunctionData({ abi: coreWriterAbi, functionName: 'sendRawAction', args: [action] });
    assert.equal(sendRawActionData(input), action);
    assert.equal(sendRawActionData(input.toUpperCase().replace('0X', '0x')), action);
    assert.equal(sendRawActionData(`0xa9059cbb${input.slice(10)}`), undefined);
    assert.equal(sendRawActionData(`${input}00`), undefined, 'trailing byte');
    assert.equal(sendRawActionData(input.slice(0, 20)), undefined);
    const topic = `0x${A.slice(2).padStart(64, '0')}` as const;
    const data = encodeAbiParameters(parseAbiParameters('bytes'), [action]);
    assert.deepEqual(rawActionOf({ address: CORE_WRITER_ADDRESS, topics: [RAW_ACTION_TOPIC, topic], data }), { user: A, data: action });
    assert.equal(rawActionOf({ address: A, topics: [RAW_ACTION_TOPIC, topic], data }), undefined, 'another emitter');
    assert.equal(rawActionOf({ address: CORE_WRITER_ADDRESS, topics: [topic, topic], data }), undefined, 'another event');
    // CoreWriter's RawAction with odd parts is still an action sent: what can be read is.
    assert.deepEqual(rawActionOf({ address: CORE_WRITER_ADDRESS, topics: [RAW_ACTION_TOPIC], data }), { data: action }, 'no user topic');
    assert.deepEqual(
      rawActionOf({ address: CORE_WRITER_ADDRESS, topics: [RAW_ACTION_TOPIC, `0x${'f'.repeat(64)}`], data }),
      { data: action },
      'not an address',
    );
    assert.deepEqual(rawActionOf({ address: CORE_WRITER_ADDRESS, topics: [RAW_ACTION_TOPIC, topic], data: '0x1234' }), { user: A }, 'data that is no bytes');
  });
});
