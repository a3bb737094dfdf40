/**
 * HyperCore's read precompiles on HyperEVM, from `0x…0800`: a contract calls one (usually with
 * STATICCALL) to read HyperCore state as of the EVM block. Addresses, inputs and outputs as `L1Read.sol`
 * gives them (the docs' attachment to "Interacting with HyperCore"; hyperliquid-dev/hyper-evm-lib's
 * `test/utils/L1Read.sol`, which also gives 0x811–0x813: `borrowLendUserState`, `borrowLendReserveState`,
 * `position2`). Pure.
 */
import type { AbiParameter } from 'viem';
import { ADDRESS, HEX_BYTES, lowerHex } from '../core/hex';
import { strictDecode } from '../core/strictAbi';

/** What an input or output value is, so that it can be named and put in units. */
export type ValueRole =
  /** A perp's index on the first dex (what markPx, oraclePx, position and perpAssetInfo take). */
  | 'perp'
  /** A spot pair's index. */
  | 'spot'
  /** A spot token's index. */
  | 'token'
  /** An order-book asset id (perp index, 10000 + spot index, or a builder dex's perp). */
  | 'asset';

/**
 * What an output number is counted in (HyperCore's integers are unscaled): `size` a perp's size decimals
 * (`szDecimals` of the perp asked), `usd` perp USDC (1e6), `token` the asked token's `weiDecimals`, `hype`
 * HYPE's 1e8 (staking). As df-hyperliquid-core's precompile module documents them (docs.rs,
 * `client/evm/precompiles`), and the docs' `L1Read.sol`.
 */
export type ValueUnit = 'size' | 'usd' | 'token' | 'hype';

export interface PrecompileValue {
  type: string;
  name: string;
  role?: ValueRole;
  unit?: ValueUnit;
  components?: readonly PrecompileValue[];
}

export interface PrecompileInfo {
  address: `0x${string}`;
  /** What it reads, in a few words: "position", "spot balance", "oracle price". */
  name: string;
  /** L1Read.sol's function name. */
  method: string;
  /** Undefined where no layout is known here (the call is named, not decoded). */
  inputs?: readonly PrecompileValue[];
  /** One value: a number, a struct (tuple) or a list of structs. */
  output?: PrecompileValue;
  /** How an output price is scaled: `perp` divides by 10^(6 − szDecimals), `spot` by 10^(8 − base szDecimals). */
  price?: 'perp' | 'spot';
}

const v = (type: string, name: string, role?: ValueRole): PrecompileValue => (role ? { type, name, role } : { type, name });
const n = (type: string, name: string, unit: ValueUnit): PrecompileValue => ({ type, name, unit });
const struct = (name: string, ...components: PrecompileValue[]): PrecompileValue => ({ type: 'tuple', name, components });
const list = (name: string, ...components: PrecompileValue[]): PrecompileValue => ({ type: 'tuple[]', name, components });

const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;
const user = v('address', 'user');

/** The read precompiles, by address. */
export const PRECOMPILES: readonly PrecompileInfo[] = [
  {
    address: at(0x800),
    name: 'position',
    method: 'position',
    inputs: [user, v('uint16', 'perp', 'perp')],
    output: struct(
      'position',
      n('int64', 'szi', 'size'),
      n('uint64', 'entryNtl', 'usd'),
      n('int64', 'isolatedRawUsd', 'usd'),
      v('uint32', 'leverage'),
      v('bool', 'isIsolated'),
    ),
  },
  {
    address: at(0x801),
    name: 'spot balance',
    method: 'spotBalance',
    inputs: [user, v('uint64', 'token', 'token')],
    output: struct('spotBalance', n('uint64', 'total', 'token'), n('uint64', 'hold', 'token'), n('uint64', 'entryNtl', 'usd')),
  },
  {
    address: at(0x802),
    name: 'vault equity',
    method: 'userVaultEquity',
    inputs: [user, v('address', 'vault')],
    output: struct('userVaultEquity', n('uint64', 'equity', 'usd'), v('uint64', 'lockedUntilTimestamp')),
  },
  { address: at(0x803), name: 'withdrawable', method: 'withdrawable', inputs: [user], output: struct('withdrawable', n('uint64', 'withdrawable', 'usd')) },
  {
    address: at(0x804),
    name: 'delegations',
    method: 'delegations',
    inputs: [user],
    output: list('delegations', v('address', 'validator'), n('uint64', 'amount', 'hype'), v('uint64', 'lockedUntilTimestamp')),
  },
  {
    address: at(0x805),
    name: 'delegator summary',
    method: 'delegatorSummary',
    inputs: [user],
    output: struct(
      'delegatorSummary',
      n('uint64', 'delegated', 'hype'),
      n('uint64', 'undelegated', 'hype'),
      n('uint64', 'totalPendingWithdrawal', 'hype'),
      v('uint64', 'nPendingWithdrawals'),
    ),
  },
  { address: at(0x806), name: 'mark price', method: 'markPx', inputs: [v('uint32', 'index', 'perp')], output: v('uint64', 'markPx'), price: 'perp' },
  { address: at(0x807), name: 'oracle price', method: 'oraclePx', inputs: [v('uint32', 'index', 'perp')], output: v('uint64', 'oraclePx'), price: 'perp' },
  { address: at(0x808), name: 'spot price', method: 'spotPx', inputs: [v('uint32', 'index', 'spot')], output: v('uint64', 'spotPx'), price: 'spot' },
  { address: at(0x809), name: 'L1 block number', method: 'l1BlockNumber', inputs: [], output: v('uint64', 'l1BlockNumber') },
  {
    address: at(0x80a),
    name: 'perp asset info',
    method: 'perpAssetInfo',
    inputs: [v('uint32', 'perp', 'perp')],
    output: struct(
      'perpAssetInfo',
      v('string', 'coin'),
      v('uint32', 'marginTableId'),
      v('uint8', 'szDecimals'),
      v('uint8', 'maxLeverage'),
      v('bool', 'onlyIsolated'),
    ),
  },
  {
    address: at(0x80b),
    name: 'spot info',
    method: 'spotInfo',
    inputs: [v('uint32', 'spot', 'spot')],
    output: struct('spotInfo', v('string', 'name'), v('uint64[2]', 'tokens')),
  },
  {
    address: at(0x80c),
    name: 'token info',
    method: 'tokenInfo',
    inputs: [v('uint32', 'token', 'token')],
    output: struct(
      'tokenInfo',
      v('string', 'name'),
      v('uint64[]', 'spots'),
      v('uint64', 'deployerTradingFeeShare'),
      v('address', 'deployer'),
      v('address', 'evmContract'),
      v('uint8', 'szDecimals'),
      v('uint8', 'weiDecimals'),
      v('int8', 'evmExtraWeiDecimals'),
    ),
  },
  {
    address: at(0x80d),
    name: 'token supply',
    method: 'tokenSupply',
    inputs: [v('uint32', 'token', 'token')],
    output: struct(
      'tokenSupply',
      v('uint64', 'maxSupply'),
      v('uint64', 'totalSupply'),
      v('uint64', 'circulatingSupply'),
      v('uint64', 'futureEmissions'),
      list('nonCirculatingUserBalances', v('address', 'user'), v('uint64', 'balance')),
    ),
  },
  {
    address: at(0x80e),
    name: 'best bid and offer',
    method: 'bbo',
    inputs: [v('uint32', 'asset', 'asset')],
    output: struct('bbo', v('uint64', 'bid'), v('uint64', 'ask')),
  },
  {
    address: at(0x80f),
    name: 'account margin summary',
    method: 'accountMarginSummary',
    inputs: [v('uint32', 'perpDexIndex'), user],
    output: struct(
      'accountMarginSummary',
      n('int64', 'accountValue', 'usd'),
      n('uint64', 'marginUsed', 'usd'),
      n('uint64', 'ntlPos', 'usd'),
      n('int64', 'rawUsd', 'usd'),
    ),
  },
  { address: at(0x810), name: 'core user exists', method: 'coreUserExists', inputs: [user], output: struct('coreUserExists', v('bool', 'exists')) },
  {
    address: at(0x811),
    name: 'borrow/lend user state',
    method: 'borrowLendUserState',
    inputs: [user, v('uint64', 'token', 'token')],
    output: struct(
      'borrowLendUserState',
      struct('borrow', v('uint64', 'basis'), v('uint64', 'value')),
      struct('supply', v('uint64', 'basis'), v('uint64', 'value')),
    ),
  },
  {
    address: at(0x812),
    name: 'borrow/lend reserve state',
    method: 'borrowLendReserveState',
    inputs: [v('uint64', 'token', 'token')],
    output: struct(
      'borrowLendReserveState',
      v('uint64', 'borrowYearlyRateBps'),
      v('uint64', 'supplyYearlyRateBps'),
      v('uint64', 'balance'),
      v('uint64', 'utilizationBps'),
      v('uint64', 'oraclePx'),
      v('uint64', 'ltvBps'),
      v('uint64', 'totalSupplied'),
      v('uint64', 'totalBorrowed'),
    ),
  },
  {
    // 0x800 with a uint32 perp, for builder dexs too: the number is shown as sent (hyper-evm-lib's tests
    // pass dex × 10000 + index; the docs do not say), so it is not named as a first-dex perp.
    address: at(0x813),
    name: 'position (2)',
    method: 'position2',
    inputs: [user, v('uint32', 'perp')],
    output: struct('position', v('int64', 'szi'), v('uint64', 'entryNtl'), v('int64', 'isolatedRawUsd'), v('uint32', 'leverage'), v('bool', 'isIsolated')),
  },
];

const BY_ADDRESS: ReadonlyMap<string, PrecompileInfo> = new Map(PRECOMPILES.map((p) => [p.address, p]));

/** The read precompile at `address` (any case), or undefined: for naming a call frame. */
export function precompileAt(address: string | null | undefined): PrecompileInfo | undefined {
  return typeof address === 'string' && ADDRESS.test(address) ? BY_ADDRESS.get(address.toLowerCase()) : undefined;
}

/** A decoded value: a number or text at a leaf, named parts for a struct, items for a list. */
export type DecodedValue =
  | { name: string; type: string; role?: ValueRole; unit?: ValueUnit; value: bigint | boolean | string }
  | { name: string; type: string; parts: DecodedValue[] }
  | { name: string; type: string; items: DecodedValue[] };

export interface PrecompileCall {
  precompile: PrecompileInfo;
  /** Undefined when the input did not decode as the precompile's layout. */
  inputs?: DecodedValue[];
  /** Undefined when there was no output (the call failed) or it did not decode. */
  output?: DecodedValue;
  /** What did not decode: `input`, `output`, or both; `unknownLayout` for the precompiles without one here. */
  problems: ('input' | 'output' | 'unknownLayout')[];
}

/** Inputs and outputs beyond this are not decoded (a delegation list of ~500 entries fits). */
export const MAX_PRECOMPILE_BYTES = 64 * 1024;

/** A call to a read precompile, decoded as far as it can be; undefined when `to` is no read precompile. */
export function decodePrecompileCall(to: string | null | undefined, input: string | undefined, output: string | undefined): PrecompileCall | undefined {
  const precompile = precompileAt(to);
  if (!precompile) return undefined;
  if (!precompile.inputs || !precompile.output) return { precompile, problems: ['unknownLayout'] };
  const call: PrecompileCall = { precompile, problems: [] };
  const inputs = decodeAll(precompile.inputs, input);
  if (inputs) call.inputs = inputs;
  else call.problems.push('input');
  if (output !== undefined && output !== '0x' && output !== '') {
    const out = decodeAll([precompile.output], output);
    if (out) call.output = out[0];
    else call.problems.push('output');
  }
  return call;
}

function decodeAll(params: readonly PrecompileValue[], hex: string | undefined): DecodedValue[] | undefined {
  if (typeof hex !== 'string' || !HEX_BYTES.test(hex) || hex.length > 2 + 2 * MAX_PRECOMPILE_BYTES) return undefined;
  const values = strictDecode(params as readonly AbiParameter[], lowerHex(hex));
  return values && params.map((p, i) => named(p, values[i]));
}

/** viem's value (a struct as an object, a list as an array) as named parts, recursively. */
function named(p: PrecompileValue, value: unknown): DecodedValue {
  if (p.type.endsWith(']')) {
    const item: PrecompileValue = { ...p, type: p.type.slice(0, p.type.lastIndexOf('[')), name: p.name };
    return { name: p.name, type: p.type, items: (value as unknown[]).map((x) => named(item, x)) };
  }
  if (p.type === 'tuple') {
    const record = value as Record<string, unknown>;
    return { name: p.name, type: p.type, parts: (p.components ?? []).map((c) => named(c, record[c.name])) };
  }
  const leaf = typeof value === 'number' ? BigInt(value) : (value as bigint | boolean | string);
  const text = p.type === 'address' && typeof leaf === 'string' ? lowerHex(leaf) : leaf;
  return { name: p.name, type: p.type, ...(p.role ? { role: p.role } : {}), ...(p.unit ? { unit: p.unit } : {}), value: text };
}
