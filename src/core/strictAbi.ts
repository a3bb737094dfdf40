/**
 * ABI decoding of untrusted bytes with viem, strictly: values are accepted only when they encode back to
 * exactly the bytes they came from (every word clean, no bits above a uint's width, a bool 0 or 1, no
 * trailing bytes, canonical offsets). Callers bound the length first. Pure; never throws.
 */
import { decodeAbiParameters, encodeAbiParameters, type AbiParameter } from 'viem';

/** `params` decoded from `body`, or undefined when `body` is not their exact encoding. */
export function strictDecode(params: readonly AbiParameter[], body: `0x${string}`): readonly unknown[] | undefined {
  try {
    const values = decodeAbiParameters(params, body);
    return encodeAbiParameters(params, values as unknown[]).toLowerCase() === body.toLowerCase() ? values : undefined;
  } catch {
    return undefined;
  }
}

/** `values` ABI-encoded as `params` (tests, the demo's check, the conformance suite). */
export function encode(params: readonly AbiParameter[], values: readonly unknown[]): `0x${string}` {
  return encodeAbiParameters(params, values as unknown[]);
}
