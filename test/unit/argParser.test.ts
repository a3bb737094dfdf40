import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeAbiParameters, type AbiParameter } from 'viem';
import { untranslated as t } from '../../src/core/translate';
import { MAX_ARG_ITEMS, parseArg, parseArgs, type FormParam } from '../../src/simulation/argParser';

const p = (type: string, name = 'x', components?: FormParam[]): FormParam => ({ name, type, ...(components ? { components } : {}) });
const ok = (param: FormParam, text: string) => {
  const r = parseArg(param, text, t);
  assert.ok(r.ok, `${text}: ${r.ok ? '' : r.error}`);
  return r.value;
};
const error = (param: FormParam, text: string) => {
  const r = parseArg(param, text, t);
  assert.ok(!r.ok, `${text} was taken as ${String(r.ok && r.value)}`);
  return r.error;
};

describe('Read & Simulate: arguments read for their Solidity type before anything is sent', () => {
  it('reads each scalar type, and says what is wrong with each mistake', () => {
    assert.equal(ok(p('address'), ' 0x5FbDB2315678afecb367f032d93F642f64180aa3 '), '0x5fbdb2315678afecb367f032d93f642f64180aa3');
    assert.match(error(p('address', 'to'), '0x5FbDB2315678afecb367f032d93F642f64180aa4'), /^to: .*checksum/);
    assert.match(error(p('address', 'to'), '0x1234'), /^to: an address is 0x followed by 40 hex digits/);
    assert.equal(ok(p('bool'), 'True'), true);
    assert.match(error(p('bool', 'flag'), 'yes'), /^flag: a bool is true or false, not “yes”/);
    assert.equal(ok(p('uint8'), '255'), 255n);
    assert.equal(ok(p('uint256'), '1_000_000'), 1_000_000n);
    assert.equal(ok(p('uint256'), '0xff'), 255n);
    assert.match(error(p('uint8', 'n'), '256'), /^n: above the largest uint8, 255/);
    assert.match(error(p('uint8', 'n'), '-1'), /^n: a uint8 cannot be negative/);
    assert.equal(ok(p('int8'), '-128'), -128n);
    assert.match(error(p('int8', 'n'), '-129'), /^n: below the smallest int8, -128/);
    assert.match(error(p('uint256', 'n'), '1.5'), /^n: 1\.5 is not a whole number \(uint256\)/);
    assert.match(error(p('uint256', 'n'), '1e18'), /not a whole number/);
    assert.match(error(p('uint256', 'n'), ''), /^n: a value is needed \(uint256\)/);
    assert.equal(ok(p('bytes4'), '0xA9059CBB'), '0xa9059cbb');
    assert.match(error(p('bytes4', 'sel'), '0xa9059c'), /^sel: a bytes4 holds exactly 4 bytes; this is 3/);
    assert.match(error(p('bytes32', 'h'), 'abc'), /^h: a bytes32 is 0x followed by 64 hex digits/);
    assert.equal(ok(p('bytes'), '0x'), '0x');
    assert.match(error(p('bytes', 'b'), '0xabc'), /whole bytes/);
    assert.equal(ok(p('string'), '  spaces kept '), '  spaces kept ');
    assert.equal(ok(p('string'), '<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
  });

  it('reads lists and tuples, nested, and names where a mistake is', () => {
    assert.deepEqual(ok(p('uint256[]'), '[1, 2, 3]'), [1n, 2n, 3n]);
    assert.deepEqual(ok(p('uint256[]'), '[]'), []);
    assert.deepEqual(ok(p('string[]'), '["a, b", c]'), ['a, b', 'c']);
    assert.match(error(p('uint8[2]', 'pair'), '[1, 2, 3]'), /^pair: a uint8\[2\] holds exactly 2 items; this has 3/);
    assert.match(error(p('uint8[]', 'xs'), '[1, 300]'), /^xs\[1\]: above the largest uint8/);
    const order = p('tuple', 'order', [p('address', 'owner'), p('uint64', 'price'), p('bool[]', 'flags')]);
    assert.deepEqual(ok(order, '(0x5fbdb2315678afecb367f032d93f642f64180aa3, 7, [true, false])'), [
      '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      7n,
      [true, false],
    ]);
    assert.match(error(order, '(0x5fbdb2315678afecb367f032d93f642f64180aa3, -7, [])'), /^order\.price: a uint64 cannot be negative/);
    assert.match(error(order, '(1, 2)'), /^order: this tuple has 3 members; 2 are given/);
    const orders = { ...order, name: 'orders', type: 'tuple[]' };
    assert.match(error(orders, '[(0x5fbdb2315678afecb367f032d93f642f64180aa3, 1, []), (0x00, 1, [])]'), /^orders\[1\]\.owner: an address/);
    assert.match(error(p('uint8[]', 'xs'), '[1, 2'), /“\]” is missing/);
    assert.match(error(p('uint8[]', 'xs'), '1, 2'), /a list is written in brackets/);
    assert.match(error(p('uint8[]', 'xs'), '[1] junk'), /unexpected text after the value/);
  });

  it('reads every argument of a function, and says each mistake in its place', () => {
    const r = parseArgs([p('address', 'to'), p('uint256', 'amount')], ['0x12', '5'], t);
    assert.deepEqual(r, { ok: false, errors: ['to: an address is 0x followed by 40 hex digits.', null] });
    assert.deepEqual(parseArgs([p('uint256', '')], ['5'], t), { ok: true, values: [5n] });
    assert.match((parseArgs([p('uint256', '')], ['x'], t) as { errors: string[] }).errors[0]!, /^#1: /);
  });

  it('is bounded: too many items, too deep, too long', () => {
    const many = `[${Array.from({ length: MAX_ARG_ITEMS + 1 }, () => '1').join(',')}]`;
    assert.match(error(p('uint8[]', 'xs'), many), /more than 1000 items/);
    assert.match(error(p('uint8[][][][][][][][][][]', 'deep'), '[[[[[[[[[[1]]]]]]]]]]'), /nested deeper/);
    assert.match(error(p('string', 's'), 'x'.repeat(70_000)), /longer than/);
  });

  it('any uintN value in bounds reads back to itself and encodes; one past the top is refused (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), fc.boolean(), (bytes, raw, hex) => {
        const bits = bytes * 8;
        const max = (1n << BigInt(bits)) - 1n;
        const n = raw % (max + 1n);
        const type = `uint${bits}`;
        const text = hex ? `0x${n.toString(16)}` : n.toString();
        assert.equal(ok(p(type), text), n);
        encodeAbiParameters([{ type } as AbiParameter], [n]);
        assert.match(error(p(type, 'n'), (max + 1n).toString()), new RegExp(`above the largest ${type}`));
      }),
    );
  });

  it('any intN value reads back, and the bounds are two’s complement (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), fc.bigInt({ min: -(1n << 255n), max: (1n << 255n) - 1n }), (bytes, raw) => {
        const bits = BigInt(bytes * 8);
        const min = -(1n << (bits - 1n));
        const n = raw < 0n ? -(-raw % -min) : raw % -min;
        assert.equal(ok(p(`int${bits}`), n.toString()), n);
        assert.ok(!parseArg(p(`int${bits}`), (min - 1n).toString(), t).ok);
      }),
    );
  });

  it('any text never throws: it is a value or a sentence naming the argument (property)', () => {
    const types = ['address', 'bool', 'uint256', 'int64', 'bytes', 'bytes32', 'string', 'uint8[]', 'tuple', 'address[2]'];
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.string({ maxLength: 80 }), (type, text) => {
        const param = type === 'tuple' ? p('tuple', 'arg', [p('uint8', 'a'), p('string', 'b')]) : p(type, 'arg');
        const r = parseArg(param, text, t);
        if (!r.ok) assert.match(r.error, /^arg/);
      }),
    );
  });

  it('any list of addresses and amounts typed as text reads back to what encodes (property)', () => {
    const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
    fc.assert(
      fc.property(fc.array(fc.tuple(address, fc.bigInt({ min: 0n, max: (1n << 128n) - 1n })), { maxLength: 8 }), (items) => {
        const param = p('tuple[]', 'pays', [p('address', 'to'), p('uint128', 'amount')]);
        const text = `[${items.map(([a, n]) => `(${a}, ${n})`).join(', ')}]`;
        const value = ok(param, text);
        assert.deepEqual(
          value,
          items.map(([a, n]) => [a, n]),
        );
        encodeAbiParameters([param as AbiParameter], [value as never]);
      }),
    );
  });
});
