/**
 * HyperCore → HyperEVM transfers named with the real 2025-11-09 `spotMeta` (tokens, their `evmContract`
 * links and decimals), and the directory that names assets and tokens.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeFunctionData, parseAbi } from 'viem';
import { HyperCoreDirectory } from '../../src/hyperCore/hyperCoreDirectory';
import { spotMetaResult, toSpotMeta, validate } from '../../src/core/infoSchemas';
import type { TransactionDetails } from '../../src/core/model';
import { HYPE_SYSTEM_ADDRESS, systemTokenIndex, systemTransferOf, tokenSystemAddress } from '../../src/hyperCore/systemTransfers';
import { fixture } from '../support/fixtures';

const erc20 = parseAbi(['function transfer(address to, uint256 amount)']);
const RECIPIENT = '0x00000000000000000000000000000000000000a1';
const UBTC = '0x9fdbda0a5e284c32744d2f17ee5c74b284993463';
const spotMeta = toSpotMeta(validate(spotMetaResult, fixture('hyperliquid_spotMeta_2025-11-09.json').response, 'spotMeta'));
const directory = new HyperCoreDirectory(spotMeta, [{ name: 'BTC', szDecimals: 5 }, { name: 'ETH', szDecimals: 4 }, undefined]);

type Tx = Pick<TransactionDetails, 'from' | 'to' | 'value' | 'input' | 'gasPrice'>;
const tx = (t: Partial<Tx>): Tx => ({ from: RECIPIENT, to: RECIPIENT, value: 0n, input: '0x', gasPrice: 0n, ...t });
const transfer = (amount: bigint) => encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [RECIPIENT, amount] });

describe('system transfers (core/systemTransfers)', () => {
  it('knows the system addresses: 0x20 then the index big-endian, and 0x2222…2222 for HYPE', () => {
    assert.equal(tokenSystemAddress(200), '0x20000000000000000000000000000000000000c8'); // the docs' example
    assert.equal(systemTokenIndex('0x20000000000000000000000000000000000000C8'), 200);
    assert.equal(systemTokenIndex('0x2000000000000000000000000000000000000000'), 0);
    assert.equal(systemTokenIndex(HYPE_SYSTEM_ADDRESS), undefined);
    assert.equal(systemTokenIndex('0x21000000000000000000000000000000000000c8'), undefined);
    fc.assert(fc.property(fc.nat(), (n) => systemTokenIndex(tokenSystemAddress(n)) === n));
  });

  it('reads spotMeta’s EVM links: PURR +13 decimals, UBTC −2, HYPE none (it is the native coin)', () => {
    const purr = spotMeta.tokens.find((t) => t.name === 'PURR');
    assert.deepEqual(purr?.evmContract, { address: '0x9b498c3c8a0b8cd8ba1d9851d40d186f1872b44e', evmExtraWeiDecimals: 13 });
    assert.deepEqual(directory.tokenByContract(UBTC.toUpperCase().replace('0X', '0x'))?.name, 'UBTC');
    assert.equal(directory.hype?.index, 150);
    assert.equal(directory.hype?.evmContract, undefined);
    assert.equal(spotMeta.tokens.filter((t) => t.evmContract).length, 98);
  });

  it('names a token transfer from its system address: 0.5 UBTC (10 wei decimals − 2 = 8 on HyperEVM)', () => {
    const s = systemTransferOf(tx({ from: tokenSystemAddress(197), to: UBTC, input: transfer(50_000_000n) }), directory);
    assert.deepEqual(s && { ...s, token: s.kind === 'token' ? s.token?.name : undefined }, {
      kind: 'token',
      by: 'sender',
      systemIndex: 197,
      token: 'UBTC',
      contract: UBTC,
      recipient: RECIPIENT,
      amount: 50_000_000n,
      decimals: 8,
      contractMatches: true,
    });
  });

  it('names HYPE from 0x2222…2222 as a value transfer to the recipient', () => {
    assert.deepEqual(systemTransferOf(tx({ from: HYPE_SYSTEM_ADDRESS, value: 10n ** 18n }), directory), {
      kind: 'hype',
      by: 'sender',
      recipient: RECIPIENT,
      amount: 10n ** 18n,
    });
  });

  it('takes a gas price of 0 as a system transaction when the sender is not a system address (a linked contract, or plain HYPE)', () => {
    const s = systemTransferOf(tx({ to: UBTC, input: transfer(1n) }), directory);
    assert.equal(s?.kind === 'token' && s.by === 'gasPrice' && s.token?.name, 'UBTC');
    assert.equal(systemTransferOf(tx({ value: 5n }), directory)?.kind, 'hype');
    assert.equal(systemTransferOf(tx({ to: RECIPIENT, input: transfer(1n) }), directory), undefined, 'a contract no token links');
    assert.equal(systemTransferOf(tx({ to: UBTC, input: transfer(1n), gasPrice: 1n }), directory), undefined, 'an ordinary transaction');
    assert.equal(systemTransferOf(tx({ to: UBTC, input: transfer(1n), gasPrice: undefined }), directory), undefined, 'no gas price sent');
  });

  it('says when the system address’s token is linked to another contract, or not listed', () => {
    const other = systemTransferOf(tx({ from: tokenSystemAddress(1), to: UBTC, input: transfer(1n) }), directory);
    assert.equal(other?.kind === 'token' && other.contractMatches, false);
    const unknown = systemTransferOf(tx({ from: tokenSystemAddress(99_999), to: UBTC, input: transfer(1n) }), directory);
    assert.deepEqual(unknown?.kind === 'token' && [unknown.token, unknown.decimals, unknown.systemIndex], [undefined, undefined, 99_999]);
    const unnamed = systemTransferOf(tx({ from: tokenSystemAddress(197), to: UBTC, input: transfer(1n) }), new HyperCoreDirectory(undefined, undefined));
    assert.equal(unnamed?.kind === 'token' && unnamed.decimals, undefined);
  });

  it('is not fooled by other calldata: another method, a cut or padded transfer, a creation', () => {
    const from = tokenSystemAddress(197);
    assert.equal(systemTransferOf(tx({ from, to: UBTC, input: `0x095ea7b3${transfer(1n).slice(10)}` }), directory), undefined);
    assert.equal(systemTransferOf(tx({ from, to: UBTC, input: transfer(1n).slice(0, -2) }), directory), undefined);
    assert.equal(systemTransferOf(tx({ from, to: UBTC, input: `${transfer(1n)}00` }), directory), undefined);
    assert.equal(systemTransferOf(tx({ from, to: null, input: transfer(1n) }), directory), undefined);
  });
});

describe('HyperCore directory (core/hyperCoreDirectory)', () => {
  it('names asset ids as the exchange numbers them: perps by position, spot pairs by index + 10000, builder dexs, outcomes', () => {
    assert.deepEqual(directory.asset(1), { kind: 'perp', index: 1, name: 'ETH', szDecimals: 4 });
    assert.deepEqual(directory.asset(2), { kind: 'perp', index: 2 }, 'a malformed universe item is a gap');
    const hype = directory.asset(10_107);
    assert.equal(hype.kind === 'spot' && `${hype.pair?.base}/${hype.pair?.quote} ${hype.base?.szDecimals}`, 'HYPE/USDC 2');
    assert.deepEqual(directory.asset(110_005), { kind: 'builderPerp', dex: 1, index: 5 });
    assert.deepEqual(directory.asset(99_999_999), { kind: 'builderPerp', dex: 9989, index: 9999 });
    // Outcomes (for-developers/api/asset-ids): 100000000 + 10 × outcome + side, not a builder dex's perp.
    assert.deepEqual(directory.asset(100_005_161), { kind: 'outcome', outcome: 516, side: 1, encoding: 5161 });
    assert.deepEqual(directory.asset(100_000_010), { kind: 'outcome', outcome: 1, side: 0, encoding: 10 });
    assert.deepEqual(new HyperCoreDirectory(undefined, undefined).asset(10_107), { kind: 'spot', index: 107 });
    assert.equal(directory.token(2n ** 64n - 1n), undefined);
  });
});
