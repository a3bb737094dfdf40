/**
 * What a person types in Read & Simulate's form, read as the Solidity type the ABI says, before anything
 * is sent: an address (0x + 40 hex digits, its checksum checked when it has mixed case), `bool` (true or
 * false), `uintN`/`intN` (decimal or 0x hex, `_` between digits allowed, within the type's bounds),
 * `bytesN` (exactly N bytes), `bytes`, `string` (as typed), arrays (`[a, b]`, fixed lengths checked) and
 * tuples (`(a, b)` or `[a, b]`), nested. Each mistake gets its own sentence, naming where it is
 * (`orders[2].price`). Values come out as viem's ABI coder takes them. Bounded: the text's length, the
 * items of a list, the nesting. Pure.
 */
import { getAddress } from 'viem';
import { HEX_BYTES, HEX_PREFIX, isAddress, isHexDigits } from '../core/hex';
import type { Translate } from '../view/format';

/** An ABI parameter as the form knows it (the workspace's checked ABIs, viem's `AbiParameter`). */
export interface FormParam {
  name: string;
  type: string;
  components?: readonly FormParam[];
}

export type ArgValue = string | bigint | boolean | readonly ArgValue[];

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The longest text one argument may be. */
export const MAX_ARG_TEXT = 64 * 1024;
/** The most items of one list (all lists of an argument together). */
export const MAX_ARG_ITEMS = 1000;
/** The deepest nesting of lists and tuples. */
export const MAX_ARG_DEPTH = 8;

/** Every argument of a function, each read for its type; the first mistake (or one per argument) says where. */
export function parseArgs(
  params: readonly FormParam[],
  texts: readonly string[],
  t: Translate,
): { ok: true; values: ArgValue[] } | { ok: false; errors: Array<string | null> } {
  const values: ArgValue[] = [];
  const errors: Array<string | null> = [];
  let failed = false;
  params.forEach((p, i) => {
    const r = parseArg(p, texts[i] ?? '', t, nameOf(p, i));
    if (r.ok) {
      values.push(r.value);
      errors.push(null);
    } else {
      failed = true;
      errors.push(r.error);
    }
  });
  return failed ? { ok: false, errors } : { ok: true, values };
}

/** One argument, from the text typed for it. `where`: how a message names it. */
export function parseArg(p: FormParam, text: string, t: Translate, where = p.name || '·'): Parsed<ArgValue> {
  if (text.length > MAX_ARG_TEXT) return fail(t('{0}: the text is longer than {1} characters.', where, MAX_ARG_TEXT.toLocaleString('en-US')));
  const budget = { items: MAX_ARG_ITEMS };
  if (isList(p.type) || isTuple(p)) {
    const first = text.trim()[0];
    if (isList(p.type) && first !== '[') return fail(t('{0}: a list is written in brackets: [a, b, …].', where));
    if (isTuple(p) && first !== '(' && first !== '[') return fail(t('{0}: a tuple is written in parentheses: (a, b, …).', where));
    const read = readTree(text, t, where);
    if (!read.ok) return read;
    return fromTree(p, read.value, t, where, budget, 0);
  }
  return scalar(p.type, p.type === 'string' ? text : text.trim(), t, where);
}

// ---- scalars ----

const INT = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

function scalar(type: string, text: string, t: Translate, where: string): Parsed<ArgValue> {
  if (type === 'string') return ok(text);
  if (text === '') return fail(t('{0}: a value is needed ({1}).', where, type));
  if (type === 'address') return address(text, t, where);
  if (type === 'bool') {
    const lower = text.toLowerCase();
    if (lower === 'true') return ok(true);
    if (lower === 'false') return ok(false);
    return fail(t('{0}: a bool is true or false, not “{1}”.', where, shown(text)));
  }
  const int = INT.exec(type);
  if (int) return integer(int[1] === 'u', int[2] === '' ? 256 : Number(int[2]), text, t, where);
  if (type === 'bytes') {
    if (!HEX_BYTES.test(text)) return fail(t('{0}: bytes are 0x followed by whole bytes in hex (two digits each).', where));
    return ok(text.toLowerCase());
  }
  const fixed = FIXED_BYTES.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    if (!HEX_BYTES.test(text)) return fail(t('{0}: a {1} is 0x followed by {2} hex digits.', where, type, size * 2));
    const got = (text.length - 2) / 2;
    if (got !== size) return fail(t('{0}: a {1} holds exactly {2} bytes; this is {3}.', where, type, size, got));
    return ok(text.toLowerCase());
  }
  return fail(t('{0}: the type {1} cannot be typed in this form.', where, type));
}

function address(text: string, t: Translate, where: string): Parsed<ArgValue> {
  if (!isAddress(text)) return fail(t('{0}: an address is 0x followed by 40 hex digits.', where));
  const digits = text.slice(2);
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixed && getAddress(text) !== text) return fail(t('{0}: the address’s mixed case does not match its checksum (EIP-55): a typo?', where));
  return ok(text.toLowerCase());
}

function integer(unsigned: boolean, bits: number, text: string, t: Translate, where: string): Parsed<ArgValue> {
  const type = `${unsigned ? 'u' : ''}int${bits}`;
  const negative = text.startsWith('-');
  const body = (negative ? text.slice(1) : text).replace(/_/g, '');
  let n: bigint;
  if (HEX_PREFIX.test(body)) {
    const hex = body.slice(2);
    if (hex === '' || hex.length > 64 || !isHexDigits(hex)) return fail(t('{0}: {1} is not a whole number ({2}).', where, shown(text), type));
    n = BigInt(`0x${hex}`);
  } else {
    if (!/^\d{1,80}$/.test(body) || text.includes('__') || text.endsWith('_'))
      return fail(t('{0}: {1} is not a whole number ({2}).', where, shown(text), type));
    n = BigInt(body);
  }
  if (negative) n = -n;
  const [min, max] = unsigned ? [0n, (1n << BigInt(bits)) - 1n] : [-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n];
  if (n < min) return fail(unsigned ? t('{0}: a {1} cannot be negative.', where, type) : t('{0}: below the smallest {1}, {2}.', where, type, min.toString()));
  if (n > max) return fail(t('{0}: above the largest {1}, {2}.', where, type, max.toString()));
  return ok(n);
}

// ---- lists and tuples ----

/** What the text of a list or tuple reads as, before types: nested lists of raw item texts. */
type Tree = { list: Tree[]; closer: ']' | ')' } | { text: string; quoted: boolean };

function isList(type: string): boolean {
  return type.endsWith(']');
}

function isTuple(p: FormParam): boolean {
  return p.type.startsWith('tuple') && !isList(p.type);
}

function fromTree(p: FormParam, tree: Tree, t: Translate, where: string, budget: { items: number }, depth: number): Parsed<ArgValue> {
  if (depth > MAX_ARG_DEPTH) return fail(t('{0}: nested deeper than {1} levels.', where, MAX_ARG_DEPTH));
  const list = /\[(\d*)\]$/.exec(p.type);
  if (list) {
    if (!('list' in tree)) return fail(t('{0}: a list is written in brackets: [a, b, …].', where));
    const length = list[1] === '' ? undefined : Number(list[1]);
    if (length !== undefined && tree.list.length !== length)
      return fail(t('{0}: a {1} holds exactly {2} items; this has {3}.', where, p.type, length, tree.list.length));
    budget.items -= tree.list.length;
    if (budget.items < 0) return fail(t('{0}: more than {1} items in all.', where, MAX_ARG_ITEMS));
    const element: FormParam = { ...p, type: p.type.slice(0, list.index) };
    const out: ArgValue[] = [];
    for (let i = 0; i < tree.list.length; i++) {
      const r = fromTree(element, tree.list[i]!, t, `${where}[${i}]`, budget, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  }
  if (isTuple(p)) {
    const members = p.components ?? [];
    if (!('list' in tree)) return fail(t('{0}: a tuple is written in parentheses: (a, b, …).', where));
    if (tree.list.length !== members.length) return fail(t('{0}: this tuple has {1} members; {2} are given.', where, members.length, tree.list.length));
    const out: ArgValue[] = [];
    for (let i = 0; i < members.length; i++) {
      const m = members[i]!;
      const r = fromTree(m, tree.list[i]!, t, `${where}.${m.name || i}`, budget, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  }
  if ('list' in tree) return fail(t('{0}: a {1} is one value, not a list.', where, p.type));
  return scalar(p.type, tree.quoted ? tree.text : tree.text.trim(), t, where);
}

/** Reads `[a, "b, c", (d, e)]`: brackets and parentheses nest, a quoted item is JSON text, a bare one runs to the next `,` or closer. */
function readTree(text: string, t: Translate, where: string): Parsed<Tree> {
  let i = 0;
  let depth = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const item = (): Parsed<Tree> => {
    skip();
    const c = text[i];
    if (c === '[' || c === '(') {
      if (++depth > MAX_ARG_DEPTH + 1) return fail(t('{0}: nested deeper than {1} levels.', where, MAX_ARG_DEPTH));
      const closer = c === '[' ? ']' : ')';
      i++;
      const list: Tree[] = [];
      skip();
      if (text[i] === closer) {
        i++;
        depth--;
        return ok({ list, closer });
      }
      for (;;) {
        const r = item();
        if (!r.ok) return r;
        list.push(r.value);
        if (list.length > MAX_ARG_ITEMS) return fail(t('{0}: more than {1} items in all.', where, MAX_ARG_ITEMS));
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === closer) {
          i++;
          depth--;
          return ok({ list, closer });
        }
        return fail(t('{0}: “{1}” is missing before the end, or a comma between items.', where, closer));
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) return fail(t('{0}: a quoted text has no closing quote.', where));
      i++;
      try {
        return ok({ text: JSON.parse(text.slice(start, i)) as string, quoted: true });
      } catch {
        return fail(t('{0}: a quoted text has an escape JSON does not know.', where));
      }
    }
    const start = i;
    while (i < text.length && !',[]()"'.includes(text[i]!)) i++;
    return ok({ text: text.slice(start, i).trim(), quoted: false });
  };
  const r = item();
  if (!r.ok) return r;
  skip();
  if (i < text.length) return fail(t('{0}: unexpected text after the value: “{1}”.', where, shown(text.slice(i))));
  return r;
}

function nameOf(p: FormParam, i: number): string {
  return p.name || `#${i + 1}`;
}

/** A piece of what was typed, in a message: short, on one line. */
function shown(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > 40 ? `${one.slice(0, 39)}…` : one;
}

function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

function fail<T>(error: string): Parsed<T> {
  return { ok: false, error };
}
