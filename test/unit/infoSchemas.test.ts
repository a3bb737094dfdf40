/** The fast path for order lists accepts exactly what the schema accepts, and says no with the schema's words. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from 'valibot';
import { isOrderItem, openOrdersResult, validateOrders } from '../../src/core/infoSchemas';
import { demoWalletOrders, DEMO_WALLETS } from '../../src/demo/orders';
import { fixture } from '../support/fixtures';

const FIELDS = [
  'coin',
  'limitPx',
  'oid',
  'side',
  'sz',
  'timestamp',
  'origSz',
  'cloid',
  'reduceOnly',
  'orderType',
  'tif',
  'isTrigger',
  'triggerPx',
  'triggerCondition',
  'isPositionTpsl',
  'children',
];

/** Real and demo items: plain, trigger, TP/SL, with children. */
function bases(): Record<string, unknown>[] {
  const capture = fixture('hyperliquid_frontendOpenOrders_response_2023-11-16.json').response as Record<string, unknown>[];
  const plain = fixture('hyperliquid_openOrders_response_2023-03-27.json').response as Record<string, unknown>[];
  const demo = demoWalletOrders(DEMO_WALLETS[0]!.address, '', 0, 1_700_000_000_000, true)! as unknown as Record<string, unknown>[];
  return [...capture, ...plain, ...demo.slice(-6)].map((o) => structuredClone(o));
}

const schemaSays = (o: unknown) => v.safeParse(openOrdersResult, [o]).success;

/** Values near the edges of what the schema takes. */
const edgy = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    '',
    'A',
    'B',
    'C',
    '0',
    '0.0',
    '1.',
    '.5',
    '-1',
    '1e3',
    ' 1',
    '１',
    '0x' + 'a'.repeat(32),
    '0x' + 'a'.repeat(31),
    'x'.repeat(40),
    'x'.repeat(41),
    'x'.repeat(100),
    'x'.repeat(101),
    'x'.repeat(200),
    'x'.repeat(201),
  ),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.NaN, Infinity, null, true, false, [], {}),
  fc.string(),
  fc.double(),
);

describe('order list fast path', () => {
  it('accepts the real and demo items', () => {
    for (const o of bases()) assert.ok(isOrderItem(o) && schemaSays(o), JSON.stringify(o));
  });

  it('agrees with the schema on every item with one field changed or removed (property)', () => {
    const all = bases();
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.constantFrom(...FIELDS), fc.option(edgy, { nil: undefined }), fc.boolean(), (i, field, value, remove) => {
        const o = structuredClone(all[i]!);
        if (remove) delete o[field];
        else o[field] = value;
        assert.equal(isOrderItem(o), schemaSays(o), `${field} = ${JSON.stringify(value)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with the schema on children with one field changed (property)', () => {
    const parent = bases().find((o) => Array.isArray(o.children) && (o.children as unknown[]).length > 0)!;
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), edgy, (field, value) => {
        const o = structuredClone(parent);
        (o.children as Record<string, unknown>[])[0]![field] = value;
        assert.equal(isOrderItem(o), schemaSays(o), `children.0.${field} = ${JSON.stringify(value)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('says what is wrong in the schema’s words when the fast path says no', () => {
    const o = bases()[0]!;
    o.side = 'C';
    assert.throws(
      () => validateOrders([o], 'frontendOpenOrders'),
      /^Error: frontendOpenOrders: 0\.side: Invalid type|frontendOpenOrders: 0\.side: Invalid type/,
    );
    assert.throws(() => validateOrders({}, 'openOrders'), /openOrders: Invalid type/);
  });
});
