/**
 * Calls, return values, custom errors and logs decoded with the workspace's ABIs, through viem's ABI
 * coder (checked against malformed data: every offset and length in bounds, a budget for what shared
 * tails can expand to). The contract deployed at the address (or its proxy's implementation) decodes
 * exactly; otherwise any ABI with that selector or topic may, and the result is marked as a guess, kept
 * only when the data re-encodes to itself (so of two entries sharing a selector, the one the data fits).
 * Values come out as text, bounded in count and length. Pure.
 */
import { HAS_SELECTOR, HEX_BYTES } from '../core/hex';
import { decodeAbiParameters, encodeAbiParameters, type AbiParameter } from 'viem';
import type { Address } from '../core/model';
import { signatureOf, type AbiEntry, type AbiError, type AbiEvent, type AbiFunction, type AbiParam } from './abi';
import { keysOf, type Candidate, type ContractIndex, type FileRef, type KnownAbi, type WorkspaceContract } from './contractIndex';

/** A decoded value: a scalar's text, or an array's or tuple's items. */
export interface DecodedValue {
  name: string;
  type: string;
  /** The scalar's text (decimal numbers, 0x hex bytes, checksummed addresses); '' for an array or tuple. */
  text: string;
  items?: DecodedValue[];
  /** Text or items were cut (see MAX_TEXT, MAX_VALUES). */
  cut?: boolean;
}

/** A call, error or event, decoded. */
export interface Decoded {
  kind: 'function' | 'error' | 'event';
  name: string;
  /** `transfer(address,uint256)`. */
  signature: string;
  args: DecodedValue[];
  /** `contract`: the ABI of the contract at that address; `guess`: some ABI of the workspace with that selector or topic. */
  source: 'contract' | 'guess';
  /** The contract whose ABI it came from, and its file. */
  abiName: string;
  abiFile: FileRef;
  /** Other entries of the workspace that the same data would also fit (a selector collision). */
  alternatives: string[];
}

/** Text longer than this is cut (a long string or bytes value). */
export const MAX_TEXT = 2000;
/** The most values one decoded call, error or event shows. */
export const MAX_VALUES = 400;

/** What needs no guess: the workspace's deployments on one chain, their names and their own ABIs' methods. */
export type OwnContracts = Pick<WorkspaceDecoder, 'index' | 'chainId' | 'contractAt' | 'functionName'>;

/** The workspace's contracts on one chain, with the proxies' implementations read from that chain. */
export class WorkspaceDecoder {
  constructor(
    readonly index: ContractIndex,
    readonly chainId: number,
    /** Proxy address → implementation address, read from the EIP-1967 slot. */
    private readonly implementations: ReadonlyMap<string, Address> = new Map(),
  ) {}

  /** The workspace contract deployed at `address` on this chain. */
  contractAt(address: string | null | undefined): WorkspaceContract | undefined {
    return address ? this.index.contractAt(this.chainId, address) : undefined;
  }

  /** The ABIs that decode calls to `address`: its own, then its implementation's (a proxy). */
  abisOf(address: string | null | undefined): KnownAbi[] {
    const c = this.contractAt(address);
    if (!c) return [];
    const abis = c.abi ? [c.abi] : [];
    const impl = c.implementation ?? this.implementations.get(c.address);
    const implAbi = impl && this.contractAt(impl)?.abi;
    if (implAbi && implAbi !== c.abi) abis.push(implAbi);
    return abis;
  }

  /** The name of the method `selector` calls on `to`, by the ABI of the contract the workspace deployed there. */
  functionName(to: string | null | undefined, selector: string): string | undefined {
    return this.own<AbiFunction>(to, selector.toLowerCase(), 'function')?.entry.name;
  }

  /** Calldata to `to`, decoded; null when no ABI of the workspace fits it. */
  call(to: string | null | undefined, input: string | undefined): Decoded | null {
    if (!input || !HAS_SELECTOR.test(input)) return null;
    const selector = input.slice(0, 10).toLowerCase();
    const body = `0x${input.slice(10)}` as const;
    const own = this.own<AbiFunction>(to, selector, 'function');
    if (own) return fromOwn(own, body);
    return this.guess<AbiFunction>(selector, 'function', body);
  }

  /** What a call returned, by the function it called; null when the call is not decoded or the output does not fit. */
  returned(to: string | null | undefined, input: string | undefined, output: string | undefined): DecodedValue[] | null {
    if (!output || output === '0x' || !input || !HAS_SELECTOR.test(input)) return null;
    const selector = input.slice(0, 10).toLowerCase();
    const found = this.own<AbiFunction>(to, selector, 'function') ?? this.onlyCandidate<AbiFunction>(selector, 'function');
    if (!found || found.entry.outputs.length === 0) return null;
    return decodeParams(found.entry.outputs, output as `0x${string}`, false);
  }

  /**
   * Revert data as a custom error. `touched`: the contracts the transaction called (an error raised deep
   * in the call bubbles up unchanged): an error in one of their ABIs is theirs, any other is a guess.
   */
  error(data: string, touched: Iterable<string>): Decoded | null {
    if (!HAS_SELECTOR.test(data)) return null;
    const selector = data.slice(0, 10).toLowerCase();
    const body = `0x${data.slice(10)}` as const;
    for (const address of new Set(touched)) {
      const own = this.own<AbiError>(address, selector, 'error');
      if (own) return fromOwn(own, body);
    }
    return this.guess<AbiError>(selector, 'error', body);
  }

  /** A log, by the emitting contract's ABI, else by any ABI with its topic (a guess). */
  log(address: string, topics: readonly string[], data: string): Decoded | null {
    const topic = topics[0]?.toLowerCase();
    if (!topic) return null;
    const own = this.own<AbiEvent>(address, topic, 'event');
    if (own) {
      const args = decodeEvent(own.entry, topics, data);
      if (args) return decoded(own, args, 'contract', []);
    }
    const fits: Array<{ c: Candidate<AbiEvent>; args: DecodedValue[] }> = [];
    for (const c of this.index.candidates(topic)) {
      if (c.entry.type !== 'event') continue;
      const args = decodeEvent(c.entry, topics, data);
      if (args) fits.push({ c: c as Candidate<AbiEvent>, args });
    }
    return firstGuess(fits);
  }

  private own<E extends AbiEntry>(address: string | null | undefined, key: string, type: E['type']): Candidate<E> | undefined {
    for (const abi of this.abisOf(address)) {
      const i = keysOf(abi).findIndex((k, j) => k === key && abi.entries[j]!.type === type);
      if (i >= 0) return { entry: abi.entries[i] as E, abi };
    }
    return undefined;
  }

  private onlyCandidate<E extends AbiEntry>(key: string, type: E['type']): Candidate<E> | undefined {
    const all = this.index.candidates(key).filter((c) => c.entry.type === type);
    const signatures = new Set(all.map((c) => signatureOf(c.entry)));
    return signatures.size === 1 ? (all[0] as Candidate<E>) : undefined;
  }

  private guess<E extends AbiFunction | AbiError>(key: string, type: E['type'], body: `0x${string}`): Decoded | null {
    const fits: Array<{ c: Candidate<E>; args: DecodedValue[] }> = [];
    for (const c of this.index.candidates(key)) {
      if (c.entry.type !== type) continue;
      const args = decodeParams(c.entry.inputs, body, true);
      if (args) fits.push({ c: c as Candidate<E>, args });
    }
    return firstGuess(fits);
  }
}

/** The first ABI entry that decoded the data, as a guess, with the others that did as its alternatives. */
function firstGuess<E extends AbiEntry>(fits: ReadonlyArray<{ c: Candidate<E>; args: DecodedValue[] }>): Decoded | null {
  const first = fits[0];
  return first
    ? decoded(
        first.c,
        first.args,
        'guess',
        alternativesOf(
          fits.map((f) => f.c),
          first.c,
        ),
      )
    : null;
}

function fromOwn(own: Candidate<AbiFunction | AbiError>, body: `0x${string}`): Decoded | null {
  const args = decodeParams(own.entry.inputs, body, false);
  return args ? decoded(own, args, 'contract', []) : null;
}

function decoded(c: Candidate, args: DecodedValue[], source: Decoded['source'], alternatives: string[]): Decoded {
  return {
    kind: c.entry.type,
    name: c.entry.name,
    signature: signatureOf(c.entry),
    args,
    source,
    abiName: c.abi.name,
    abiFile: c.abi.file,
    alternatives,
  };
}

function alternativesOf(all: Candidate[], chosen: Candidate): string[] {
  const mine = signatureOf(chosen.entry);
  return [...new Set(all.map((c) => signatureOf(c.entry)).filter((s) => s !== mine))];
}

/**
 * `params` decoded from `data`; null when it does not fit. `exact`: only when the data is exactly what
 * encoding the decoded values gives back (no trailing bytes, no odd offsets): how a guess is told apart.
 */
export function decodeParams(params: readonly AbiParam[], data: `0x${string}`, exact: boolean): DecodedValue[] | null {
  if (params.length === 0) return data === '0x' || !exact ? [] : null;
  if (!HEX_BYTES.test(data)) return null;
  try {
    const abiParams = params as readonly AbiParameter[];
    const values = decodeAbiParameters(abiParams, data);
    if (exact && encodeAbiParameters(abiParams, values as readonly unknown[]).toLowerCase() !== data.toLowerCase()) return null;
    const budget = { left: MAX_VALUES };
    return params.map((p, i) => toValue(p, (values as readonly unknown[])[i], budget));
  } catch {
    return null;
  }
}

/** An event's arguments: indexed ones from the topics (a dynamic type's topic is its hash), the rest from the data. */
function decodeEvent(event: AbiEvent, topics: readonly string[], data: string): DecodedValue[] | null {
  const indexed = event.inputs.filter((p) => p.indexed);
  const offset = event.anonymous ? 0 : 1;
  if (topics.length !== indexed.length + offset) return null;
  const rest = decodeParams(
    event.inputs.filter((p) => !p.indexed),
    data as `0x${string}`,
    false,
  );
  if (!rest) return null;
  const budget = { left: MAX_VALUES };
  let t = offset;
  let r = 0;
  const out: DecodedValue[] = [];
  for (const p of event.inputs) {
    if (!p.indexed) {
      out.push(rest[r++]!);
      continue;
    }
    const topic = topics[t++] as `0x${string}`;
    if (isDynamic(p)) {
      out.push({ name: p.name, type: p.type, text: topic });
      continue;
    }
    const one = decodeParams([p], topic, false);
    if (!one) return null;
    out.push(one[0] ?? toValue(p, topic, budget));
  }
  return out;
}

function isDynamic(p: AbiParam): boolean {
  return p.type === 'string' || p.type === 'bytes' || p.type.endsWith(']') || p.type.startsWith('tuple');
}

function toValue(p: AbiParam, raw: unknown, budget: { left: number }): DecodedValue {
  budget.left--;
  const array = /\[(\d*)\]$/.exec(p.type);
  if (array) {
    const element: AbiParam = { ...p, name: '', type: p.type.slice(0, array.index) };
    return container(p, Array.isArray(raw) ? raw : [], (v, i) => toValue({ ...element, name: `[${i}]` }, v, budget), budget);
  }
  if (p.components) {
    const members = p.components.map((c, i) => [c, Array.isArray(raw) ? raw[i] : (raw as Record<string, unknown> | undefined)?.[c.name]] as const);
    return container(p, members, ([c, v]) => toValue(c, v, budget), budget);
  }
  const text = typeof raw === 'string' ? raw : typeof raw === 'bigint' || typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '';
  return text.length > MAX_TEXT ? { name: p.name, type: p.type, text: `${text.slice(0, MAX_TEXT)}…`, cut: true } : { name: p.name, type: p.type, text };
}

function container<T>(p: AbiParam, all: readonly T[], each: (v: T, i: number) => DecodedValue, budget: { left: number }): DecodedValue {
  const items: DecodedValue[] = [];
  for (let i = 0; i < all.length && budget.left > 0; i++) items.push(each(all[i]!, i));
  const value: DecodedValue = { name: p.name, type: p.type, text: '', items };
  if (items.length < all.length) value.cut = true;
  return value;
}
