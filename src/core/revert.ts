/**
 * Why a transaction reverted, read from its revert data (`ots_getTransactionError`). The data comes from
 * the node and is untrusted ABI: every offset and length is checked against the data's size, and what
 * does not decode as `Error(string)` or `Panic(uint256)` is handed on as a custom error, never thrown.
 */
import { HEX_BYTES } from './hex';
import type { RevertReason } from './model';
import { msg, type Message } from './translate';

/** `Error(string)`: what `require(cond, "…")` and `revert("…")` produce. */
export const ERROR_SELECTOR = '0x08c379a0';
/** `Panic(uint256)`: what Solidity ≥ 0.8 produces for failed asserts, overflows, bad indexes, … */
export const PANIC_SELECTOR = '0x4e487b71';

/** The Solidity documentation's panic codes ("Panic via assert and Error via require"). */
export const PANIC_MEANINGS: ReadonlyMap<bigint, Message> = new Map([
  [0x00n, msg('generic compiler-inserted panic')],
  [0x01n, msg('assertion failed')],
  [0x11n, msg('arithmetic overflow or underflow')],
  [0x12n, msg('division or modulo by zero')],
  [0x21n, msg('conversion to an invalid enum value')],
  [0x22n, msg('incorrectly encoded storage byte array')],
  [0x31n, msg('pop() on an empty array')],
  [0x32n, msg('array index out of bounds')],
  [0x41n, msg('too much memory allocated or array too large')],
  [0x51n, msg('call to a zero-initialized internal function')],
]);

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Decodes revert data (`0x` hex). `0x` (or nothing) is `none`: reverted without a reason, or did not revert. */
export function decodeRevert(data: string): RevertReason {
  if (data === '' || data === '0x' || data === '0X') return { kind: 'none' };
  if (!HEX_BYTES.test(data)) return { kind: 'custom', selector: '', data };
  const hex = data.slice(2).toLowerCase();
  const lower = `0x${hex}`;
  const selector = `0x${hex.slice(0, 8)}`;
  if (hex.length < 8) return { kind: 'custom', selector: lower, data: lower };
  const body = hex.slice(8);
  if (selector === ERROR_SELECTOR) {
    const message = abiString(body);
    if (message !== undefined) return { kind: 'error', message };
  } else if (selector === PANIC_SELECTOR && body.length >= 64) {
    const code = BigInt(`0x${body.slice(0, 64)}`);
    const meaning = PANIC_MEANINGS.get(code);
    return meaning === undefined ? { kind: 'panic', code } : { kind: 'panic', code, meaning };
  }
  return { kind: 'custom', selector, data: lower };
}

/** One ABI-encoded `string` argument (hex without 0x), or undefined when an offset or length is out of bounds. */
function abiString(body: string): string | undefined {
  const size = body.length / 2;
  const offset = word(body, 0);
  if (offset === undefined || offset + 32 > size) return undefined;
  const length = word(body, offset);
  if (length === undefined || length > size - offset - 32) return undefined;
  const start = (offset + 32) * 2;
  return utf8.decode(Buffer.from(body.slice(start, start + length * 2), 'hex'));
}

/** The 32-byte word at byte `at` as a number, or undefined when it is missing or above 2^48 (no real offset is). */
function word(body: string, at: number): number | undefined {
  const w = body.slice(at * 2, at * 2 + 64);
  if (w.length !== 64 || !/^0{52}/.test(w)) return undefined;
  return Number.parseInt(w.slice(52), 16);
}

/** `Error(string)` revert data for `message` (for nodes that send the reason as text, and for the demo node). */
export function encodeErrorString(message: string): string {
  const bytes = Buffer.from(message, 'utf8');
  const padded = Math.ceil(bytes.length / 32) * 32;
  return ERROR_SELECTOR + uint256(32n) + uint256(BigInt(bytes.length)) + bytes.toString('hex').padEnd(padded * 2, '0');
}

/** `Panic(uint256)` revert data. */
export function encodePanic(code: bigint): string {
  return PANIC_SELECTOR + uint256(code);
}

function uint256(n: bigint): string {
  return n.toString(16).padStart(64, '0');
}
