/**
 * The form's other fields, read before anything is sent: the block (`latest` or empty, or a number), the
 * sender (any address, or none), the value in wei, raw calldata. Each mistake gets its own sentence. Pure.
 */
import type { BlockTag } from '../core/evmClient';
import { MAX_CALLDATA_BYTES } from '../core/evmClient';
import { HEX_BYTES, isAddress } from '../core/hex';
import { parseBlockQuery } from '../core/input';
import type { Address } from '../core/model';
import type { Translate } from '../view/format';
import { parseArg } from './argParser';
import type { FormField } from './protocol';

export interface Fields {
  block: BlockTag;
  from?: Address;
  value: bigint;
  calldata?: `0x${string}`;
}

/** The fields of a read (`block` only) or a simulation; `calldata` only for raw calldata. */
export function parseFields(
  texts: { block: string; from?: string; value?: string; calldata?: string },
  t: Translate,
  payable = true,
): { ok: true; fields: Fields } | { ok: false; errors: Partial<Record<FormField, string>> } {
  const errors: Partial<Record<FormField, string>> = {};
  let block: BlockTag = 'latest';
  const b = texts.block.trim();
  if (b !== '' && b.toLowerCase() !== 'latest') {
    const q = parseBlockQuery(b, t);
    if (!q.ok) errors.block = q.error;
    else block = q.value.kind === 'latest' ? 'latest' : q.value.number;
  }
  let from: Address | undefined;
  const f = (texts.from ?? '').trim();
  if (f !== '') {
    if (isAddress(f)) from = f.toLowerCase() as Address;
    else errors.from = t('The sender is an address: 0x followed by 40 hex digits.');
  }
  let value = 0n;
  const v = (texts.value ?? '').trim();
  if (v !== '') {
    const r = parseArg({ name: t('Value'), type: 'uint256' }, v, t);
    if (!r.ok) errors.value = r.error;
    else value = r.value as bigint;
    if (r.ok && value > 0n && !payable) errors.value = t('This function is not payable: a call with value would revert.');
  }
  let calldata: `0x${string}` | undefined;
  if (texts.calldata !== undefined) {
    const c = texts.calldata.trim();
    if (!HEX_BYTES.test(c)) errors.calldata = t('Calldata is 0x followed by whole bytes in hex.');
    else if ((c.length - 2) / 2 > MAX_CALLDATA_BYTES) errors.calldata = t('Calldata is at most {0} bytes.', MAX_CALLDATA_BYTES.toLocaleString('en-US'));
    else calldata = c.toLowerCase() as `0x${string}`;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, fields: { block, ...(from ? { from } : {}), value, ...(calldata ? { calldata } : {}) } };
}
