// The hand-written readers of the largest EVM answers (a receipt's logs, a trace's entries) against the
// schemas they stand in for: on every item with one field changed or removed, the fast path either reads
// exactly what the schema would, or declines (and the schema then says why). Never more permissive.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from 'valibot';
import { readLogs, readTrace, toTrace, toTransactionReceipt, traceResult, transactionReceiptResult } from '../../src/core/schemas';

const A = '0x3217CCE5d8c320717e50df51e36008fef107018c';
const T = '0xDDF252AD1BE2C89B69C2B068FC378DAA952BA7F163C4A11628F55A4DF523B3EF';
const H = '0x000000000000000000000000f1b863cde0f6aa08539b107738150025b79ef185';

const LOGS: Record<string, unknown>[] = [
  { address: A, topics: [T, H, H], data: '0x00000000000000000000000000000000000000000000000000000000000003E8', logIndex: '0x1f', removed: false },
  { address: A.toLowerCase(), topics: [], data: '0x', logIndex: 3 },
  { address: A, topics: [T], data: '0xAbCd', logIndex: null },
  { address: A, topics: [T, H, H, H], data: '0x' },
];
const LOG_FIELDS = ['address', 'topics', 'data', 'logIndex'];

const TRACE: Record<string, unknown>[] = [
  { type: 'CALL', depth: 0, from: A, to: A.toLowerCase(), value: '0xDE0B6B3A7640000', input: '0xA9059CBB', output: '0x' },
  { type: 'staticcall', depth: 1, from: A, to: A, value: null, input: '0x', output: null },
  { type: 'CREATE2', depth: 2, from: A, to: null },
  { type: 'SELFDESTRUCT', depth: 1100, from: A, value: '0x0', input: null },
];
const TRACE_FIELDS = ['type', 'depth', 'from', 'to', 'value', 'input', 'output'];

const edgy = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    '',
    '0x',
    '0x0',
    '0xabc',
    '0xAB',
    '0xgg',
    '0X12',
    ' 0x12',
    A,
    A + '0',
    A.slice(0, -1),
    T,
    T.slice(0, -1),
    'CALL',
    'call-x',
    'x'.repeat(32),
    'x'.repeat(33),
    '0x' + 'f'.repeat(13),
    '0x' + 'f'.repeat(14),
    '0x' + 'f'.repeat(64),
    '0x' + 'f'.repeat(65),
  ),
  fc.constantFrom(0, -0, -1, 1.5, 1100, 1101, 2 ** 53, 2 ** 53 - 1, Number.NaN, Infinity, null, true, [], [T], [T, T, T, T, T], [A], {}),
);

function receiptOf(logs: unknown[]) {
  return { transactionHash: T, status: '0x1', gasUsed: '0x5208', logs };
}

/** What the schema reads of these logs, through the same model mapping; undefined when it refuses them. */
function schemaLogs(logs: unknown[]) {
  const r = v.safeParse(transactionReceiptResult, receiptOf(logs));
  return r.success ? toTransactionReceipt(r.output, null).logs : undefined;
}

function schemaTrace(entries: unknown[]) {
  const r = v.safeParse(traceResult, entries);
  return r.success ? toTrace(r.output) : undefined;
}

function fastLogs(logs: unknown[]) {
  const read = readLogs(logs);
  return read && toTransactionReceipt({ gasUsed: 0n, logs: read }, null).logs;
}

describe('EVM fast paths: a receipt’s logs and a trace read by hand', () => {
  it('read the plain cases exactly as the schemas do', () => {
    assert.deepEqual(fastLogs(LOGS), schemaLogs(LOGS));
    assert.equal(fastLogs(LOGS)?.[0]?.address, A.toLowerCase());
    assert.equal(fastLogs(LOGS)?.[0]?.logIndex, 0x1f);
    assert.deepEqual(readTrace(TRACE), schemaTrace(TRACE));
    assert.equal(readTrace(TRACE)?.[1]?.type, 'STATICCALL');
    assert.equal(readTrace(TRACE)?.[0]?.value, 10n ** 18n);
  });

  it('logs: with one field changed or removed, the fast path reads what the schema reads, or declines (property)', () => {
    fc.assert(
      fc.property(fc.nat(LOGS.length - 1), fc.constantFrom(...LOG_FIELDS), edgy, fc.boolean(), (i, field, value, remove) => {
        const logs = structuredClone(LOGS);
        if (remove) delete logs[i]![field];
        else logs[i]![field] = value;
        const fast = fastLogs(logs);
        const schema = schemaLogs(logs);
        if (fast !== undefined) assert.deepEqual(fast, schema, `${field} = ${JSON.stringify(value)}`);
        // Declining is allowed only where the schema must judge; on these shapes it agrees both ways.
        else assert.equal(schema, undefined, `the fast path declined what the schema takes: ${field} = ${JSON.stringify(value)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('trace: with one field changed or removed, the fast path reads what the schema reads, or declines (property)', () => {
    fc.assert(
      fc.property(fc.nat(TRACE.length - 1), fc.constantFrom(...TRACE_FIELDS), edgy, fc.boolean(), (i, field, value, remove) => {
        const entries = structuredClone(TRACE);
        if (remove) delete entries[i]![field];
        else entries[i]![field] = value;
        const fast = readTrace(entries);
        const schema = schemaTrace(entries);
        if (fast !== undefined) assert.deepEqual(fast, schema, `${field} = ${JSON.stringify(value)}`);
        else assert.equal(schema, undefined, `the fast path declined what the schema takes: ${field} = ${JSON.stringify(value)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('decline anything that is not a list of objects', () => {
    for (const odd of [[null], [[]], ['0x'], [1]]) {
      assert.equal(readLogs(odd), undefined);
      assert.equal(readTrace(odd), undefined);
    }
  });
});
