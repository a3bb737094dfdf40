// The demo node's HyperEVM side of HyperCore, for `eth_call`, `eth_estimateGas` and `debug_traceCall`:
// the read precompiles a demo wallet's position, spot balance, mark and oracle price and the L1 block number
// come from (the same accounts and markets `/info` answers with), and CoreWriter's `sendRawAction`, traced
// as the call it is (it logs `RawAction(user, data)` and returns nothing). Units as HyperCore sends them:
// sizes in the perp's `szDecimals`, USDC in 1e6, token balances in the token's `weiDecimals`, perp prices
// in 10^-(6 − szDecimals) (docs' `L1Read.sol`; df-hyperliquid-core's precompile notes). Pure.
import { encodeAbiParameters, encodeEventTopics, keccak256, toHex, type AbiParameter } from 'viem';
import { abs, dec, mul, shift, type Dec } from '../core/exactDecimal';
import { HEX_BYTES, isAddress, lowerHex } from '../core/hex';
import { strictDecode } from '../core/strictAbi';
import { demoClearinghouseState, demoSpotClearinghouseState } from './accounts';
import { DEMO_CORE_WRITER, DEMO_HEAD } from './chain';
import { MARKETS, demoPerpMeta, demoSpotMeta } from './markets';

/** `sendRawAction(bytes)`'s selector. */
const SEND_RAW_ACTION = keccak256(toHex('sendRawAction(bytes)')).slice(0, 10);
const RAW_ACTION_EVENT = [
  {
    type: 'event',
    name: 'RawAction',
    inputs: [
      { name: 'user', type: 'address', indexed: true },
      { name: 'data', type: 'bytes', indexed: false },
    ],
  },
] as const;

/** HyperCore's L1 block as the demo's EVM head sees it (a HyperCore block every ~0.07 s, far ahead of the EVM's). */
export const DEMO_L1_BLOCK = 812_000_000 + DEMO_HEAD;

const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const P = (type: string): AbiParameter => ({ type });
const tuple = (...types: string[]): AbiParameter => ({ type: 'tuple', components: types.map((type, i) => ({ type, name: `f${i}` })) });

/** What a call answers: its return data, or a failure as HyperEVM has it (an invalid input uses all the gas). */
export type DemoCallAnswer = { kind: 'returned'; data: `0x${string}` } | { kind: 'failed'; message: string };

/** The integer `decimal × 10^k`, cut toward zero past `k` decimals. */
function scaled(decimal: string, k: number): bigint {
  return wholePart(shift(dec(decimal), k));
}

function wholePart(d: Dec): bigint {
  return d.scale === 0 ? d.n : d.n / 10n ** BigInt(d.scale);
}

interface DemoPosition {
  coin: string;
  szi: string;
  entryPx: string;
  leverage: { type: string; value: number; rawUsd?: string };
}

const outOfGas: DemoCallAnswer = { kind: 'failed', message: 'out of gas' };

/**
 * The answer of read precompile `to` to `data` (its inputs ABI-encoded, no selector), for the demo's first
 * dex and account `stage`; undefined when `to` is none of those the demo answers.
 */
export function demoPrecompileAnswer(to: string, data: string, stage: number): DemoCallAnswer | undefined {
  const body = lowerHex(data) as `0x${string}`;
  switch (to.toLowerCase()) {
    case at(0x800): {
      const [user, perp] = strictDecode([P('address'), P('uint16')], body) ?? [];
      const asset = typeof perp === 'number' ? perpAt(perp) : undefined;
      if (typeof user !== 'string' || !asset) return outOfGas;
      const state = demoClearinghouseState(user, '', stage, 0) as { assetPositions: { position: DemoPosition }[] };
      const p = state.assetPositions.map((a) => a.position).find((x) => x.coin === asset.name);
      const values = p
        ? [
            scaled(p.szi, asset.szDecimals),
            // entryNtl: |szi| × entryPx in USDC (clearinghouseState's entryPx is entryNtl ÷ |szi|).
            wholePart(shift(mul(abs(dec(p.szi)), dec(p.entryPx)), 6)),
            p.leverage.type === 'isolated' ? scaled(p.leverage.rawUsd ?? '0', 6) : 0n,
            p.leverage.value,
            p.leverage.type === 'isolated',
          ]
        : [0n, 0n, 0n, 0, false];
      return returned([tuple('int64', 'uint64', 'int64', 'uint32', 'bool')], [values]);
    }
    case at(0x801): {
      const [user, token] = strictDecode([P('address'), P('uint64')], body) ?? [];
      const meta =
        typeof token === 'bigint' ? (demoSpotMeta().tokens as { index: number; weiDecimals: number }[]).find((t) => BigInt(t.index) === token) : undefined;
      if (typeof user !== 'string' || !meta) return outOfGas;
      const { balances } = demoSpotClearinghouseState(user) as { balances: { token?: number; total: string; hold: string; entryNtl: string }[] };
      const b = balances.find((x) => x.token === meta.index);
      const values = b ? [scaled(b.total, meta.weiDecimals), scaled(b.hold, meta.weiDecimals), scaled(b.entryNtl, 6)] : [0n, 0n, 0n];
      // Under portfolio margin a balance can be negative (the whale's USDC); L1Read.sol declares uint64 and
      // no source says what the precompile answers then: the demo refuses rather than make it up.
      if (values.some((x) => x < 0n)) return { kind: 'failed', message: 'the demo has no uint64 form for a negative balance' };
      return returned([tuple('uint64', 'uint64', 'uint64')], [values]);
    }
    case at(0x806):
    case at(0x807): {
      const [index] = strictDecode([P('uint32')], body) ?? [];
      const asset = typeof index === 'number' ? perpAt(index) : undefined;
      const market = asset ? Object.values(MARKETS).find((m) => m.coin === asset.name) : undefined;
      if (!market) return outOfGas;
      // The demo's mark is its mid; its oracle one tick below it.
      const ticks = BigInt(market.mid - (to.toLowerCase() === at(0x807) ? market.step : 0));
      const exponent = 6 - market.szDecimals - market.pxDecimals;
      if (exponent < 0) return outOfGas;
      return returned([P('uint64')], [ticks * 10n ** BigInt(exponent)]);
    }
    case at(0x809):
      return body === '0x' ? returned([P('uint64')], [BigInt(DEMO_L1_BLOCK)]) : outOfGas;
    default:
      return to.toLowerCase() >= at(0x800) && to.toLowerCase() <= at(0x8ff)
        ? { kind: 'failed', message: 'the demo node answers only the position, spot balance, mark price, oracle price and L1 block number precompiles' }
        : undefined;
  }
}

function perpAt(index: number): { name: string; szDecimals: number } | undefined {
  const meta = demoPerpMeta('') as { universe: { name: string; szDecimals: number }[] };
  return meta.universe[index];
}

function returned(params: AbiParameter[], values: unknown[]): DemoCallAnswer {
  return { kind: 'returned', data: encodeAbiParameters(params, values) };
}

/** A call to CoreWriter's `sendRawAction(bytes)`: its action data, or undefined for any other call. */
function rawActionData(input: string): `0x${string}` | undefined {
  const lower = lowerHex(input);
  if (!lower.startsWith(SEND_RAW_ACTION)) return undefined;
  const [data] = strictDecode([P('bytes')], `0x${lower.slice(10)}`) ?? [];
  return typeof data === 'string' ? (data as `0x${string}`) : undefined;
}

/** Gas the demo says a call costs: a transfer's 21,000 and, for a precompile, 2,000 + 65 per byte in and out (the docs' rule). */
function gasOf(input: string, output: string, precompile: boolean, coreWriter: boolean): bigint {
  const bytes = (hex: string) => BigInt(Math.max(0, (hex.length - 2) / 2));
  return 21_000n + (precompile ? 2_000n + 65n * (bytes(input) + bytes(output)) : 0n) + (coreWriter ? 25_000n + 16n * bytes(input) : 0n);
}

export interface DemoCall {
  from?: string;
  to: string;
  data: string;
}

/** The call of an `eth_call`-family request, or undefined when it is not one the demo reads. */
export function demoCallOf(value: unknown): DemoCall | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Record<string, unknown>;
  const data = c.data ?? c.input ?? '0x';
  if (!isAddress(c.to) || typeof data !== 'string' || !HEX_BYTES.test(data) || (c.from !== undefined && !isAddress(c.from))) return undefined;
  return { to: c.to.toLowerCase(), data: data.toLowerCase(), ...(typeof c.from === 'string' ? { from: c.from.toLowerCase() } : {}) };
}

/**
 * `eth_call`: a read precompile's answer, CoreWriter's (nothing: `sendRawAction` returns no data), an
 * account without code's (nothing). The demo runs no contract code: a call to one is refused.
 */
export function demoEthCall(call: DemoCall, stage: number, hasCode: (address: string) => boolean): DemoCallAnswer {
  const precompile = demoPrecompileAnswer(call.to, call.data, stage);
  if (precompile) return precompile;
  if (call.to === DEMO_CORE_WRITER) return rawActionData(call.data) ? { kind: 'returned', data: '0x' } : { kind: 'failed', message: 'execution reverted' };
  if (hasCode(call.to)) return { kind: 'failed', message: 'the demo node runs no contract code: only HyperCore’s read precompiles and CoreWriter' };
  return { kind: 'returned', data: '0x' };
}

/** `eth_estimateGas` of the same call. */
export function demoEstimateGas(call: DemoCall, stage: number, hasCode: (address: string) => boolean): DemoCallAnswer | { kind: 'gas'; gas: bigint } {
  const answer = demoEthCall(call, stage, hasCode);
  if (answer.kind === 'failed') return answer;
  return { kind: 'gas', gas: gasOf(call.data, answer.data, demoPrecompileAnswer(call.to, call.data, stage) !== undefined, call.to === DEMO_CORE_WRITER) };
}

/** `debug_traceCall` with the callTracer (and its logs): one frame, as geth's tracer shapes it. */
export function demoTraceCall(call: DemoCall, stage: number, hasCode: (address: string) => boolean): DemoCallAnswer | { kind: 'trace'; frame: unknown } {
  const answer = demoEthCall(call, stage, hasCode);
  const from = call.from ?? at(0);
  const precompile = demoPrecompileAnswer(call.to, call.data, stage) !== undefined;
  if (answer.kind === 'failed' && !precompile) return answer;
  const output = answer.kind === 'returned' ? answer.data : '0x';
  const gasUsed = answer.kind === 'returned' ? gasOf(call.data, output, precompile, call.to === DEMO_CORE_WRITER) : 30_000_000n;
  const action = call.to === DEMO_CORE_WRITER ? rawActionData(call.data) : undefined;
  const logs = action
    ? [
        {
          address: DEMO_CORE_WRITER,
          topics: encodeEventTopics({ abi: RAW_ACTION_EVENT, eventName: 'RawAction', args: { user: from as `0x${string}` } }),
          data: encodeAbiParameters([P('bytes')], [action]),
          position: '0x0',
        },
      ]
    : [];
  return {
    kind: 'trace',
    frame: {
      type: 'CALL',
      from,
      to: call.to,
      value: '0x0',
      gas: '0x1c9c380',
      gasUsed: `0x${gasUsed.toString(16)}`,
      input: call.data,
      ...(answer.kind === 'returned' ? { output } : { error: answer.message }),
      ...(logs.length ? { logs } : {}),
    },
  };
}
