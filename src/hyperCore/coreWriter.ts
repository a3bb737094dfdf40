/**
 * CoreWriter (`0x3333…3333`), HyperEVM's way to send actions to HyperCore: `sendRawAction(bytes data)`,
 * where `data` is an encoding version (one byte, 1), a 3-byte big-endian action id, then the action's
 * fields ABI-encoded without a selector; the contract emits `RawAction(address indexed user, bytes data)`.
 * The table of actions is Hyperliquid's ("Interacting with HyperCore", for-developers/hyperevm; ids 1–15, see
 * docs/HYPERCORE.md for the sources): nothing else is decoded. An action
 * accepted on HyperEVM can still be rejected by HyperCore: what is decoded here was *sent*, nothing more.
 *
 * The data comes from the chain and is untrusted: it is length-checked before viem decodes it, and decoded
 * fields must encode back to exactly the same bytes (no trailing bytes, no out-of-range or dirty words).
 */
import type { AbiParameter } from 'viem';
import { ADDRESS_WORD_PREFIX, HEX_BYTES, isAddress, isHash, lowerHex } from '../core/hex';
import type { Address, LogEntry } from '../core/model';
import { encode, strictDecode } from '../core/strictAbi';

export const CORE_WRITER_ADDRESS = '0x3333333333333333333333333333333333333333';
/** `sendRawAction(bytes)`. */
export const SEND_RAW_ACTION_SELECTOR = '0x17938e13';
/** keccak256("RawAction(address,bytes)"). */
export const RAW_ACTION_TOPIC = '0x8c7f585fb295f7eb1e6aeb8fba61b23a4fe60beda405f0045073b185c74412e3';
/** The only encoding version HyperCore knows. */
export const CORE_ACTION_VERSION = 1;
/** Action data longer than this is not decoded: the largest action (send asset) is 4 + 192 bytes, an API wallet's name is short. */
export const MAX_ACTION_BYTES = 4096;

/** `uint32::MAX` as a dex of a send asset: the spot balance, not a perp dex. */
export const SPOT_DEX = 0xffff_ffff;

const p = <T extends string, N extends string>(type: T, name: N) => ({ type, name }) as const;

/** Each action's fields, in order, as the docs' table gives them. */
export const CORE_ACTIONS = {
  1: {
    kind: 'limitOrder',
    fields: [
      p('uint32', 'asset'),
      p('bool', 'isBuy'),
      p('uint64', 'limitPx'),
      p('uint64', 'sz'),
      p('bool', 'reduceOnly'),
      p('uint8', 'tif'),
      p('uint128', 'cloid'),
    ],
  },
  2: { kind: 'vaultTransfer', fields: [p('address', 'vault'), p('bool', 'isDeposit'), p('uint64', 'usd')] },
  3: { kind: 'tokenDelegate', fields: [p('address', 'validator'), p('uint64', 'wei'), p('bool', 'isUndelegate')] },
  4: { kind: 'stakingDeposit', fields: [p('uint64', 'wei')] },
  5: { kind: 'stakingWithdraw', fields: [p('uint64', 'wei')] },
  6: { kind: 'spotSend', fields: [p('address', 'destination'), p('uint64', 'token'), p('uint64', 'wei')] },
  7: { kind: 'usdClassTransfer', fields: [p('uint64', 'ntl'), p('bool', 'toPerp')] },
  8: { kind: 'finalizeEvmContract', fields: [p('uint64', 'token'), p('uint8', 'variant'), p('uint64', 'createNonce')] },
  9: { kind: 'addApiWallet', fields: [p('address', 'wallet'), p('string', 'name')] },
  10: { kind: 'cancelByOid', fields: [p('uint32', 'asset'), p('uint64', 'oid')] },
  11: { kind: 'cancelByCloid', fields: [p('uint32', 'asset'), p('uint128', 'cloid')] },
  12: { kind: 'approveBuilderFee', fields: [p('uint64', 'maxFeeRate'), p('address', 'builder')] },
  13: {
    kind: 'sendAsset',
    fields: [
      p('address', 'destination'),
      p('address', 'subAccount'),
      p('uint32', 'sourceDex'),
      p('uint32', 'destinationDex'),
      p('uint64', 'token'),
      p('uint64', 'wei'),
    ],
  },
  // Reflect an EVM supply change of an aligned quote token (e.g. USDH): the docs' table, and a live USDH
  // contract sends 0x0100000e.
  14: { kind: 'reflectEvmSupplyChange', fields: [p('uint64', 'token'), p('uint64', 'wei'), p('bool', 'isMint')] },
  15: { kind: 'borrowLend', fields: [p('uint8', 'operation'), p('uint64', 'token'), p('uint64', 'wei')] },
  // The docs' table ends at 15. An id no public source describes (16 and on) is shown as an unknown
  // action with its bytes, never decoded with guessed fields.
} as const satisfies Record<number, { kind: string; fields: readonly AbiParameter[] }>;

type Actions = typeof CORE_ACTIONS;
export type CoreActionId = keyof Actions;
export type CoreActionKind = Actions[CoreActionId]['kind'];

/** A Solidity type as decoded: uints up to 48 bits are numbers (viem's rule), wider ones bigints. */
type Decoded<T extends string> = T extends 'bool'
  ? boolean
  : T extends 'address'
    ? Address
    : T extends 'string'
      ? string
      : T extends 'uint8' | 'uint16' | 'uint24' | 'uint32'
        ? number
        : bigint;
type FieldsOf<F extends readonly { type: string; name: string }[]> = { [K in F[number] as K['name']]: Decoded<K['type']> };

/** An action, its fields by name. */
export type CoreAction = { [Id in CoreActionId]: { id: Id; kind: Actions[Id]['kind'] } & FieldsOf<Actions[Id]['fields']> }[CoreActionId];

/** Why action data could not be read. */
export type CoreActionProblem =
  /** Fewer than 4 bytes: no version and action id. */
  | 'tooShort'
  /** Over MAX_ACTION_BYTES. */
  | 'tooLong'
  /** Not 0x hex bytes. */
  | 'notHex'
  /** A version other than 1. */
  | 'version'
  /** An action id the table does not list. */
  | 'unknownAction'
  /** The fields do not decode as the action's types, or have bytes left over. */
  | 'badFields'
  /** A RawAction log whose data is not ABI-encoded `bytes`. */
  | 'badLog';

export type CoreActionResult =
  { ok: true; action: CoreAction; data: string } | { ok: false; problem: CoreActionProblem; version?: number; actionId?: number; data: string };

/** Reads CoreWriter action data (`sendRawAction`'s argument, or a RawAction log's `data`), without throwing. */
export function decodeCoreAction(data: string): CoreActionResult {
  if (typeof data !== 'string') return { ok: false, problem: 'notHex', data: '' };
  // The length first: a regular expression over megabytes would cost more than the whole decoding.
  if (data.length > 2 + 2 * MAX_ACTION_BYTES) {
    const head = data.slice(0, 10);
    return HEX_BYTES.test(head)
      ? {
          ok: false,
          problem: 'tooLong',
          version: Number.parseInt(head.slice(2, 4), 16),
          actionId: Number.parseInt(head.slice(4, 10), 16),
          data: lowerHex(head),
        }
      : { ok: false, problem: 'notHex', data: '' };
  }
  if (!HEX_BYTES.test(data)) return { ok: false, problem: 'notHex', data: '' };
  const hex = lowerHex(data);
  if (hex.length < 10) return { ok: false, problem: 'tooShort', data: hex };
  const version = Number.parseInt(hex.slice(2, 4), 16);
  const actionId = Number.parseInt(hex.slice(4, 10), 16);
  if (version !== CORE_ACTION_VERSION) return { ok: false, problem: 'version', version, actionId, data: hex };
  const spec = (CORE_ACTIONS as Record<number, { kind: string; fields: readonly AbiParameter[] }>)[actionId];
  if (!spec) return { ok: false, problem: 'unknownAction', version, actionId, data: hex };
  const fields = strictDecode(spec.fields, `0x${hex.slice(10)}`);
  if (!fields) return { ok: false, problem: 'badFields', version, actionId, data: hex };
  const action = { id: actionId, kind: spec.kind } as Record<string, unknown>;
  spec.fields.forEach((f, i) => (action[f.name as string] = f.type === 'address' ? lowerHex(fields[i] as string) : fields[i]));
  return { ok: true, action: action as unknown as CoreAction, data: hex };
}

/** The action data of a `sendRawAction(bytes)` call's input; undefined for another method or bad input. */
export function sendRawActionData(input: string | undefined): string | undefined {
  if (typeof input !== 'string' || input.length > 2 + 2 * (4 + 64 + MAX_ACTION_BYTES + 32) || !HEX_BYTES.test(input)) return undefined;
  if (input.slice(0, 10).toLowerCase() !== SEND_RAW_ACTION_SELECTOR) return undefined;
  const values = strictDecode([{ type: 'bytes' }], `0x${input.slice(10)}`);
  return values ? (values[0] as string) : undefined;
}

/**
 * A RawAction log of CoreWriter: who sent the action (`user`, when the topic is an address) and its data
 * (undefined when the log's data is not ABI-encoded `bytes` of a sane length); undefined for any other log.
 */
export function rawActionOf(log: LogEntry): { user?: Address; data?: string } | undefined {
  if (log.address.toLowerCase() !== CORE_WRITER_ADDRESS || log.topics[0]?.toLowerCase() !== RAW_ACTION_TOPIC) return undefined;
  const topic = log.topics.length === 2 ? log.topics[1] : undefined;
  const user = isHash(topic) && ADDRESS_WORD_PREFIX.test(topic) ? lowerHex(`0x${topic.slice(26)}`) : undefined;
  const values = log.data.length <= 2 + 2 * (64 + 64 + MAX_ACTION_BYTES + 32) ? strictDecode([{ type: 'bytes' }], log.data as `0x${string}`) : undefined;
  return { ...(user && isAddress(user) ? { user } : {}), ...(values ? { data: values[0] as string } : {}) };
}

/** Builds action data (for tests, the demo's check and the conformance suite): version 1, the id, the fields. */
export function encodeCoreAction<Id extends CoreActionId>(id: Id, values: readonly unknown[]): `0x${string}` {
  const body = encode(CORE_ACTIONS[id].fields, values);
  return `0x01${id.toString(16).padStart(6, '0')}${body.slice(2)}`;
}
