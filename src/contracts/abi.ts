/**
 * ABI entries from the workspace's files, checked before anything reads them: a file may be broken,
 * hand-edited or hostile. Only what decoding uses is kept (functions, events and errors with their
 * parameters); every name is a Solidity identifier, every type a canonical ABI type, and sizes are
 * bounded (parameters, tuple depth, fixed array lengths), so that no entry can make a decoder allocate
 * or recurse without end. What does not pass is left out, never thrown. Pure.
 */

export interface AbiParam {
  /** '' when the parameter has no (valid) name. */
  name: string;
  /** Canonical: `uint256`, `tuple`, `tuple[2][]`, … */
  type: string;
  /** Events only. */
  indexed?: boolean;
  /** Tuples only. */
  components?: AbiParam[];
}

export interface AbiFunction {
  type: 'function';
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
  stateMutability: 'pure' | 'view' | 'nonpayable' | 'payable';
}

export interface AbiEvent {
  type: 'event';
  name: string;
  inputs: AbiParam[];
  anonymous: boolean;
}

export interface AbiError {
  type: 'error';
  name: string;
  inputs: AbiParam[];
}

export type AbiEntry = AbiFunction | AbiEvent | AbiError;

/** The most entries read from one ABI (OpenZeppelin's largest contracts have ~150). */
export const MAX_ABI_ENTRIES = 2000;
/** The most parameters of one entry, or members of one tuple. */
export const MAX_PARAMS = 64;
/** The deepest tuple nesting. */
export const MAX_TUPLE_DEPTH = 8;
/** The largest fixed array length, and product of a type's fixed lengths: `uint256[1000000]` decodes into a million values. */
export const MAX_FIXED_ELEMENTS = 256;
/** The longest name kept. */
export const MAX_NAME_LENGTH = 128;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const ELEMENTARY =
  /^(?:address|bool|string|bytes|function|u?int(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|bytes(?:[1-9]|[12][0-9]|3[0-2]))$/;
const ARRAY_SUFFIXES = /^(?:\[\d*\])*$/;
const MUTABILITIES = new Set(['pure', 'view', 'nonpayable', 'payable']);

/** The entries of `value` (an ABI array) that are well formed; anything else gives `[]`. */
export function readAbi(value: unknown): AbiEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: AbiEntry[] = [];
  for (const item of value.slice(0, MAX_ABI_ENTRIES)) {
    const entry = readEntry(item);
    if (entry) entries.push(entry);
  }
  return entries;
}

function readEntry(item: unknown): AbiEntry | undefined {
  if (!isObject(item)) return undefined;
  const name = identifier(item.name);
  if (!name) return undefined;
  const inputs = readParams(item.inputs, item.type === 'event', 0);
  if (!inputs) return undefined;
  switch (item.type) {
    case 'function': {
      const outputs = item.outputs === undefined ? [] : readParams(item.outputs, false, 0);
      if (!outputs) return undefined;
      const mutability = typeof item.stateMutability === 'string' && MUTABILITIES.has(item.stateMutability) ? item.stateMutability : 'nonpayable';
      return { type: 'function', name, inputs, outputs, stateMutability: mutability as AbiFunction['stateMutability'] };
    }
    case 'event':
      if (inputs.filter((p) => p.indexed).length > (item.anonymous === true ? 4 : 3)) return undefined;
      return { type: 'event', name, inputs, anonymous: item.anonymous === true };
    case 'error':
      return { type: 'error', name, inputs };
    default:
      return undefined;
  }
}

function readParams(value: unknown, event: boolean, depth: number): AbiParam[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_PARAMS) return undefined;
  const params: AbiParam[] = [];
  for (const v of value) {
    const p = readParam(v, event, depth);
    if (!p) return undefined;
    params.push(p);
  }
  return params;
}

function readParam(value: unknown, event: boolean, depth: number): AbiParam | undefined {
  if (!isObject(value) || typeof value.type !== 'string' || value.type.length > 64) return undefined;
  const type = value.type.replace(/^uint(?=$|\[)/, 'uint256').replace(/^int(?=$|\[)/, 'int256');
  const base = type.slice(0, indexOfSuffix(type));
  const suffix = type.slice(base.length);
  if (!ARRAY_SUFFIXES.test(suffix) || !fixedLengthsFit(suffix)) return undefined;
  const param: AbiParam = { name: identifier(value.name) ?? '', type: intern(type) };
  if (event && value.indexed === true) param.indexed = true;
  if (base === 'tuple') {
    if (depth >= MAX_TUPLE_DEPTH) return undefined;
    const components = readParams(value.components, false, depth + 1);
    if (!components || components.length === 0) return undefined;
    param.components = components;
  } else if (!ELEMENTARY.test(base)) {
    return undefined;
  }
  return param;
}

function indexOfSuffix(type: string): number {
  const i = type.indexOf('[');
  return i < 0 ? type.length : i;
}

/** `[2][3]` is 6 values: at most MAX_FIXED_ELEMENTS, and no zero length. */
function fixedLengthsFit(suffix: string): boolean {
  let product = 1;
  for (const m of suffix.matchAll(/\[(\d*)\]/g)) {
    if (m[1] === '') continue;
    if (m[1]!.length > 4) return false;
    const n = Number(m[1]);
    if (n === 0) return false;
    product *= n;
    if (product > MAX_FIXED_ELEMENTS) return false;
  }
  return true;
}

function identifier(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && IDENTIFIER.test(value) ? intern(value) : undefined;
}

/**
 * One copy of each name and type: JSON.parse makes a new string for every `"uint256"` and `"owner"` in
 * every artifact, and thousands of ABIs repeat the same few thousand of them.
 */
const interned = new Map<string, string>();
const MAX_INTERNED = 100_000;

function intern(text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size < MAX_INTERNED) interned.set(text, text);
  return text;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The canonical type of a parameter, tuples spelled out: `(address,uint256)[]`. */
export function canonicalType(p: AbiParam): string {
  if (!p.components) return p.type;
  return `(${p.components.map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`;
}

/** `transfer(address,uint256)`: the text whose keccak-256 gives the selector or topic. */
export function signatureOf(entry: AbiEntry): string {
  return `${entry.name}(${entry.inputs.map(canonicalType).join(',')})`;
}
