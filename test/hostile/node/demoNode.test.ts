/**
 * The demo node sealed (issue 23, reproduction 2). It runs inside the extension host, on a port any
 * local process can reach: another user of a shared code-server machine, or a web page that found the
 * port and made its own host name resolve to 127.0.0.1 (DNS rebinding). Each request here comes from
 * another process, as theirs would, while this process (the "extension host") measures how long its
 * event loop was held.
 */
import * as assert from 'node:assert/strict';
import { DEMO_BATCH_BUDGET_MS, DEMO_BLOCKS, DEMO_MAX_ANSWER_BYTES, DEMO_MAX_BATCH, startDemoNode, type DemoNode } from '../../../src/demo/demoNode';
import { figures } from '../support/figures';
import { EVENT_LOOP_LIMIT_MS, heldText, longestBlock } from './eventLoop';
import { fromOtherProcess, type RawRequest } from './otherProcess';

/** The key every demo node had before issue 23: public, in the source. */
const OLD_FIXED_KEY = 'demo-not-a-secret';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const blockNumber = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });

/**
 * A batch of `count` calls for pages of the 10,000-transaction block (each page is ~120 KB of answer).
 * With `short`, every call is the same (id 0, page 0), so that 12,000 of them fit in the 1 MB body limit.
 */
function pagesBatch(count: number, short = false): string {
  const call = (i: number) => ({
    jsonrpc: '2.0',
    id: short ? 0 : i,
    method: 'ots_getBlockTransactions',
    params: [DEMO_BLOCKS.hugeBlock, short ? 0 : i % 100, 100],
  });
  return JSON.stringify(Array.from({ length: count }, (_, i) => call(i)));
}

describe('hostile: the demo node answers only who started it (issue 23)', function () {
  this.timeout(60_000);
  let node: DemoNode;
  const evm = (body: string, headers: Record<string, string> = {}): RawRequest => ({
    path: `/${node.apiKey}/evm`,
    headers: { ...JSON_TYPE, ...headers },
    body,
  });

  before(async () => (node = await startDemoNode({ control: true })));
  after(() => node.close());
  afterEach(() => node.clearFaults());

  it('has a fresh random key for each start: the old public key and another start’s key open nothing', async () => {
    const other = await startDemoNode();
    try {
      assert.notEqual(other.apiKey, node.apiKey);
      assert.ok(node.apiKey.length >= 32, node.apiKey);
      const [oldKey, othersKey, ownKey] = await fromOtherProcess(node.port, [
        { path: `/${OLD_FIXED_KEY}/evm`, headers: JSON_TYPE, body: blockNumber },
        { path: `/${other.apiKey}/evm`, headers: JSON_TYPE, body: blockNumber },
        evm(blockNumber),
      ]);
      figures.badInputs += 2;
      assert.equal(oldKey?.status, 401, oldKey?.head);
      assert.equal(othersKey?.status, 401, othersKey?.head);
      assert.equal(ownKey?.status, 200, ownKey?.head);
    } finally {
      await other.close();
    }
  });

  it('answers only to a loopback Host (any port, so a local proxy still works); any other name gets 421', async () => {
    const port = String(node.port);
    const foreign = [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost.evil.example:${port}`,
      `0x7f000001:${port}`,
      `127.0.0.1@evil.example`,
    ];
    const loopback = ['127.0.0.1', `127.0.0.1:${port}`, 'localhost:8443', `LOCALHOST:${port}`, '[::1]', `[::1]:${port}`, '127.0.0.2:4443'];
    const answers = await fromOtherProcess(
      node.port,
      [...foreign, ...loopback].map((host) => evm(blockNumber, { Host: host })),
    );
    figures.badInputs += foreign.length;
    foreign.forEach((host, i) => assert.equal(answers[i]?.status, 421, `Host: ${host} → ${answers[i]?.status} ${answers[i]?.head}`));
    loopback.forEach((host, i) => assert.equal(answers[foreign.length + i]?.status, 200, `Host: ${host}`));
    // The control endpoint too.
    const [control] = await fromOtherProcess(node.port, [
      { path: '/__demo/faults', headers: { ...JSON_TYPE, Host: 'evil.example' }, body: '[{"kind":"hang"}]' },
    ]);
    assert.equal(control?.status, 421);
  });

  /** Erigon's answer to a batch over its limit: one error object, id null. */
  function assertBatchRefused(head: string | undefined, size: number): void {
    const answer = JSON.parse(head ?? '') as { id: unknown; error: { code: number; message: string } };
    assert.equal(answer.id, null);
    assert.equal(answer.error.code, -32000);
    assert.equal(answer.error.message, `batch limit ${DEMO_MAX_BATCH} exceeded (can increase by --rpc.batch.limit). Requested batch of size: ${size}`);
  }

  it(`refuses a batch of more than ${DEMO_MAX_BATCH} calls at once, as Erigon does`, async () => {
    const [over, at] = await fromOtherProcess(node.port, [evm(pagesBatch(DEMO_MAX_BATCH + 1)), evm(JSON.stringify([JSON.parse(blockNumber)]))]);
    figures.badInputs += 1;
    assert.equal(over?.status, 200);
    assertBatchRefused(over?.head, DEMO_MAX_BATCH + 1);
    assert.match(at?.head ?? '', /^\[\{"jsonrpc":"2.0","id":1,"result":"0x[0-9a-f]+"\}\]$/, 'a batch within the limit is answered');
  });

  it('refuses the 12,000-call batch of the reproduction at once, without holding the event loop (was 25 s and 3.8 GB)', async () => {
    const held = await longestBlock(() => fromOtherProcess(node.port, [evm(pagesBatch(12_000, true))]));
    const answers = held.value;
    figures.badInputs += 1;
    console.log(`      batch of 12,000 calls: answered in ${answers[0]?.ms.toFixed(0)} ms, ${answers[0]?.bytes} bytes; ${heldText(held)}`);
    assert.equal(answers[0]?.status, 200);
    assertBatchRefused(answers[0]?.head, 12_000);
    assert.ok(held.busyMs < EVENT_LOOP_LIMIT_MS, heldText(held));
  });

  it(`stops building a batch's answers past ${DEMO_MAX_ANSWER_BYTES / 1024 / 1024} MB: the rest get "response too large", as from geth`, async () => {
    const details = (id: number) => ({ jsonrpc: '2.0', id, method: 'ots_getBlockDetails', params: [DEMO_BLOCKS.hugeSpecBlock] });
    // The 10,000-transaction block in one answer (2.3 MB), built once as when a user opens it.
    const first = await longestBlock(() => postInProcess(node, JSON.stringify(details(0))));
    console.log(`      the 10,000-transaction block, first asked: ${heldText(first)} (building it, once)`);
    const batch = JSON.stringify([details(1), details(2), details(3), details(4)]);
    const held = await longestBlock(() => fromOtherProcess(node.port, [evm(batch)]));
    const answers = held.value;
    figures.badInputs += 1;
    console.log(`      batch of 4 × 2.3 MB: ${answers[0]?.bytes} bytes; ${heldText(held)}`);
    assert.equal(answers[0]?.status, 200);
    assert.ok((answers[0]?.bytes ?? 0) < DEMO_MAX_ANSWER_BYTES + 2.5 * 1024 * 1024, `${answers[0]?.bytes} bytes`);
    const entries = JSON.parse(await postInProcess(node, batch)) as { id: number; result?: unknown; error?: unknown }[];
    assert.deepEqual(
      entries.map((e) => e.id),
      [1, 2, 3, 4],
    );
    assert.ok(entries[0]?.result && entries[1]?.result, 'whole answers while under the cap');
    for (const e of entries.slice(2)) assert.deepEqual(e.error, { code: -32003, message: 'response too large' });
    assert.ok(held.busyMs < EVENT_LOOP_LIMIT_MS, heldText(held));
  });

  it(`stops building a batch's answers after ${DEMO_BATCH_BUDGET_MS} ms (or the bytes cap): the rest get "request timed out" (or "response too large"), as from geth`, async () => {
    const first = await longestBlock(() =>
      postInProcess(node, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ots_getBlockTransactions', params: [DEMO_BLOCKS.hugeBlock, 0, 100] })),
    );
    console.log(`      a page of the 10,000-transaction block, first asked: ${heldText(first)} (building the block, once)`);
    const held = await longestBlock(() => fromOtherProcess(node.port, [evm(pagesBatch(DEMO_MAX_BATCH))]));
    const answers = held.value;
    figures.badInputs += 1;
    console.log(`      batch of ${DEMO_MAX_BATCH} pages (~120 KB each): ${answers[0]?.bytes} bytes in ${answers[0]?.ms.toFixed(0)} ms; ${heldText(held)}`);
    assert.equal(answers[0]?.status, 200);
    const entries = JSON.parse(await postInProcess(node, pagesBatch(DEMO_MAX_BATCH))) as { id: number; result?: unknown; error?: { code: number } }[];
    assert.equal(entries.length, DEMO_MAX_BATCH);
    const cut = entries.findIndex((e) => e.error);
    assert.ok(cut > 0 && cut < DEMO_MAX_BATCH && entries.slice(0, cut).every((e) => e.result), `answers first, then errors (cut at ${cut})`);
    assert.ok(
      entries.slice(cut).every((e, i) => e.id === cut + i && (e.error?.code === -32002 || e.error?.code === -32003)),
      'then an error for each call left, with its id',
    );
    assert.ok(held.busyMs < EVENT_LOOP_LIMIT_MS, heldText(held));
  });

  it('refuses a request body nested a million levels deep before parsing it', async () => {
    const deep = '['.repeat(1_000_000);
    const held = await longestBlock(() =>
      fromOtherProcess(node.port, [evm(deep), { path: `/${node.apiKey}/info`, headers: JSON_TYPE, body: '{"type":' + deep }]),
    );
    const answers = held.value;
    figures.badInputs += 2;
    console.log(`      1 MB of "[": ${heldText(held)}`);
    assert.equal(answers[0]?.status, 200);
    assert.equal((JSON.parse(answers[0]?.head ?? '') as { error: { code: number } }).error.code, -32700);
    assert.equal(answers[1]?.status, 422);
    assert.ok(held.busyMs < EVENT_LOOP_LIMIT_MS, heldText(held));
  });

  describe('its control endpoint (tests, bench)', () => {
    const setFault503 = (headers: Record<string, string>): RawRequest => ({
      path: '/__demo/faults',
      headers,
      body: JSON.stringify([{ kind: 'status', status: 503 }]),
    });

    it('refuses a text/plain POST with a foreign Origin (what a web page can send without a preflight), and sets nothing', async () => {
      const answers = await fromOtherProcess(node.port, [
        setFault503({ 'Content-Type': 'text/plain', Origin: 'http://evil.example' }),
        setFault503({ 'Content-Type': 'text/plain;charset=UTF-8' }),
        setFault503({ 'Content-Type': 'application/x-www-form-urlencoded' }),
        setFault503({}),
        { path: '/__demo/reset', headers: { 'Content-Type': 'text/plain' }, body: '' },
        evm(blockNumber),
      ]);
      figures.badInputs += 5;
      assert.deepEqual(
        answers.map((a) => a.status),
        [403, 415, 415, 415, 415, 200],
        JSON.stringify(answers),
      );
    });

    it('refuses any request with an Origin header, JSON or not, and the state too', async () => {
      const answers = await fromOtherProcess(node.port, [
        setFault503({ ...JSON_TYPE, Origin: 'http://evil.example' }),
        setFault503({ ...JSON_TYPE, Origin: `http://127.0.0.1:${node.port}` }),
        setFault503({ ...JSON_TYPE, Origin: 'null' }),
        { method: 'GET', path: '/__demo/state', headers: { Origin: 'http://evil.example' } },
        evm(blockNumber),
      ]);
      figures.badInputs += 4;
      assert.deepEqual(
        answers.map((a) => a.status),
        [403, 403, 403, 403, 200],
        JSON.stringify(answers),
      );
    });

    it('still takes JSON without an Origin, as the tests and the bench send it', async () => {
      const answers = await fromOtherProcess(node.port, [
        setFault503(JSON_TYPE),
        evm(blockNumber),
        { path: '/__demo/reset', headers: JSON_TYPE, body: '' },
        evm(blockNumber),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 503, 200, 200],
        JSON.stringify(answers),
      );
    });
  });
});

/** The whole answer to `body` (the other process only reports its start). */
async function postInProcess(node: DemoNode, body: string): Promise<string> {
  const res = await fetch(`${node.baseUrl}/${node.apiKey}/evm`, { method: 'POST', headers: JSON_TYPE, body });
  return res.text();
}
