/**
 * The read precompiles: L1Read.sol's addresses and layouts, calls encoded with viem as Solidity's
 * `abi.encode` does and read back by our decoder.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeAbiParameters, parseAbiParameters } from 'viem';
import { decodePrecompileCall, precompileAt, PRECOMPILES } from '../../src/hyperCore/readPrecompiles';

const USER = '0x00000000000000000000000000000000000000a1';
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('read precompiles (core/readPrecompiles)', () => {
  it('names each address of L1Read.sol, in its order from 0x800, in any case', () => {
    const expected = [
      'position',
      'spot balance',
      'vault equity',
      'withdrawable',
      'delegations',
      'delegator summary',
      'mark price',
      'oracle price',
      'spot price',
      'L1 block number',
      'perp asset info',
      'spot info',
      'token info',
      'token supply',
      'best bid and offer',
      'account margin summary',
      'core user exists',
    ];
    expected.forEach((name, i) => assert.equal(precompileAt(at(0x800 + i))?.name, name, at(0x800 + i)));
    assert.equal(precompileAt('0x000000000000000000000000000000000000080C')?.method, 'tokenInfo');
    assert.equal(precompileAt(at(0x7ff)), undefined);
    assert.equal(precompileAt(at(0x814)), undefined);
    assert.equal(precompileAt('0x3333333333333333333333333333333333333333'), undefined);
    assert.equal(precompileAt(null), undefined);
    assert.equal(precompileAt('0x800'), undefined);
    assert.equal(new Set(PRECOMPILES.map((p) => p.address)).size, PRECOMPILES.length);
  });

  it('decodes the docs’ oracle price call (perp 3) and its uint64 answer', () => {
    const input = encodeAbiParameters(parseAbiParameters('uint32'), [3]);
    const output = encodeAbiParameters(parseAbiParameters('uint64'), [4_123_450n]);
    const call = decodePrecompileCall(at(0x807), input, output);
    assert.deepEqual(call?.inputs, [{ name: 'index', type: 'uint32', role: 'perp', value: 3n }]);
    assert.deepEqual(call?.output, { name: 'oraclePx', type: 'uint64', value: 4_123_450n });
    assert.deepEqual(call?.problems, []);
  });

  it('decodes a position (a static struct) and a token info (a dynamic one, after its offset)', () => {
    const position = decodePrecompileCall(
      at(0x800),
      encodeAbiParameters(parseAbiParameters('address, uint16'), [USER, 0]),
      encodeAbiParameters(parseAbiParameters('(int64, uint64, int64, uint32, bool)'), [[-25_000n, 2_500_000_000n, 0n, 10, false]]),
    );
    assert.deepEqual(position?.output, {
      name: 'position',
      type: 'tuple',
      parts: [
        { name: 'szi', type: 'int64', unit: 'size', value: -25_000n },
        { name: 'entryNtl', type: 'uint64', unit: 'usd', value: 2_500_000_000n },
        { name: 'isolatedRawUsd', type: 'int64', unit: 'usd', value: 0n },
        { name: 'leverage', type: 'uint32', value: 10n },
        { name: 'isIsolated', type: 'bool', value: false },
      ],
    });
    const tokenInfo = decodePrecompileCall(
      at(0x80c),
      encodeAbiParameters(parseAbiParameters('uint32'), [197]),
      encodeAbiParameters(parseAbiParameters('(string, uint64[], uint64, address, address, uint8, uint8, int8)'), [
        ['UBTC', [142n], 1n, USER, '0x9fdbda0a5e284c32744d2f17ee5c74b284993463', 5, 10, -2],
      ]),
    );
    assert.ok(tokenInfo?.output && 'parts' in tokenInfo.output);
    const parts = tokenInfo.output.parts;
    assert.deepEqual(parts[0], { name: 'name', type: 'string', value: 'UBTC' });
    assert.deepEqual(parts[1], { name: 'spots', type: 'uint64[]', items: [{ name: 'spots', type: 'uint64', value: 142n }] });
    assert.deepEqual(parts[4], { name: 'evmContract', type: 'address', value: '0x9fdbda0a5e284c32744d2f17ee5c74b284993463' });
    assert.deepEqual(parts[7], { name: 'evmExtraWeiDecimals', type: 'int8', value: -2n });
  });

  it('decodes a list of delegations, and the L1 block number (no input)', () => {
    const list = decodePrecompileCall(
      at(0x804),
      encodeAbiParameters(parseAbiParameters('address'), [USER]),
      encodeAbiParameters(parseAbiParameters('(address, uint64, uint64)[]'), [
        [
          [USER, 1n, 2n],
          [USER, 3n, 4n],
        ],
      ]),
    );
    assert.ok(list?.output && 'items' in list.output);
    assert.equal(list.output.items.length, 2);
    const block = decodePrecompileCall(at(0x809), '0x', encodeAbiParameters(parseAbiParameters('uint64'), [1_234_567n]));
    assert.deepEqual(block?.inputs, []);
    assert.deepEqual(block?.output, { name: 'l1BlockNumber', type: 'uint64', value: 1_234_567n });
  });

  it('decodes 0x811–0x813 as hyper-evm-lib’s L1Read.sol gives them: borrow/lend user and reserve state, position2', () => {
    const userState = decodePrecompileCall(
      at(0x811),
      encodeAbiParameters(parseAbiParameters('address, uint64'), [USER, 0n]),
      encodeAbiParameters(parseAbiParameters('(uint64 basis, uint64 value), (uint64 basis, uint64 value)'), [
        { basis: 1n, value: 2n },
        { basis: 300n, value: 400n },
      ]),
    );
    assert.deepEqual(userState?.problems, []);
    assert.deepEqual(userState?.inputs, [
      { name: 'user', type: 'address', value: USER },
      { name: 'token', type: 'uint64', role: 'token', value: 0n },
    ]);
    assert.deepEqual(userState?.output, {
      name: 'borrowLendUserState',
      type: 'tuple',
      parts: [
        {
          name: 'borrow',
          type: 'tuple',
          parts: [
            { name: 'basis', type: 'uint64', value: 1n },
            { name: 'value', type: 'uint64', value: 2n },
          ],
        },
        {
          name: 'supply',
          type: 'tuple',
          parts: [
            { name: 'basis', type: 'uint64', value: 300n },
            { name: 'value', type: 'uint64', value: 400n },
          ],
        },
      ],
    });
    const reserve = decodePrecompileCall(
      at(0x812),
      encodeAbiParameters(parseAbiParameters('uint64'), [0n]),
      encodeAbiParameters(parseAbiParameters('uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64'), [
        500n,
        300n,
        9n,
        6000n,
        100000000n,
        8000n,
        7n,
        5n,
      ]),
    );
    assert.deepEqual(reserve?.output && 'parts' in reserve.output && reserve.output.parts.map((p) => [p.name, 'value' in p && p.value]), [
      ['borrowYearlyRateBps', 500n],
      ['supplyYearlyRateBps', 300n],
      ['balance', 9n],
      ['utilizationBps', 6000n],
      ['oraclePx', 100000000n],
      ['ltvBps', 8000n],
      ['totalSupplied', 7n],
      ['totalBorrowed', 5n],
    ]);
    const position2 = decodePrecompileCall(
      at(0x813),
      encodeAbiParameters(parseAbiParameters('address, uint32'), [USER, 10_002]),
      encodeAbiParameters(parseAbiParameters('int64, uint64, int64, uint32, bool'), [-5n, 100n, 0n, 3, false]),
    );
    assert.deepEqual(position2?.problems, []);
    assert.deepEqual(position2?.inputs?.[1], { name: 'perp', type: 'uint32', value: 10_002n }, 'shown as sent: not named as a first-dex perp');
    assert.deepEqual(position2?.output && 'parts' in position2.output && position2.output.parts[0], { name: 'szi', type: 'int64', value: -5n });
    // An input of another layout is said to be so.
    assert.deepEqual(decodePrecompileCall(at(0x812), '0x', '0x')?.problems, ['input']);
  });

  it('says what did not decode', () => {
    const dirty = `0x${'0'.repeat(55)}1${'0'.repeat(8)}`; // a uint32 with bit 32 set
    assert.deepEqual(decodePrecompileCall(at(0x807), dirty, '0x12')?.problems, ['input', 'output']);
    assert.deepEqual(decodePrecompileCall(at(0x807), encodeAbiParameters(parseAbiParameters('uint32'), [1]), undefined)?.problems, []);
    assert.equal(decodePrecompileCall(at(0x807), `0x${'00'.repeat(70_000)}`, '0x')?.problems[0], 'input', 'over the size bound');
    assert.equal(decodePrecompileCall(USER, '0x', '0x'), undefined);
  });

  it('never throws on any input and output (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0x800, max: 0x813 }), fc.uint8Array({ maxLength: 400 }), fc.uint8Array({ maxLength: 400 }), (n, i, o) => {
        const call = decodePrecompileCall(at(n), `0x${Buffer.from(i).toString('hex')}`, `0x${Buffer.from(o).toString('hex')}`);
        assert.ok(call);
      }),
    );
  });
});
