/**
 * HyperCore decoding against hostile data: CoreWriter action data cut at every byte, unknown action ids,
 * wrong versions, dirty words, megabytes of it; precompile answers with offsets and lengths far beyond
 * their bytes; and, through a hostile proxy in front of the demo node, a RawAction log rewritten, names in
 * `spotMeta` and `meta` carrying markup and direction changes, malformed EVM links and universes. Every
 * case ends in a decoded value or a stated problem, in bounded time, never in a throw or in markup.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { CORE_ACTIONS, CORE_ACTION_VERSION, decodeCoreAction, encodeCoreAction, rawActionOf, sendRawActionData } from '../../../src/hyperCore/coreWriter';
import { HyperCoreDirectory } from '../../../src/hyperCore/hyperCoreDirectory';
import { HyperCoreMetaSource } from '../../../src/hyperCore/hyperCoreMeta';
import { hyperCoreParts, metaNeeds } from '../../../src/hyperCore/hyperCoreParts';
import type { LogEntry } from '../../../src/core/model';
import { decodePrecompileCall } from '../../../src/hyperCore/readPrecompiles';
import { loadTransaction } from '../../../src/core/transactionLoad';
import { untranslated as t } from '../../../src/core/translate';
import { DEMO_SAMPLES } from '../../../src/demo/samples';
import { hyperCoreView } from '../../../src/hyperCore/hyperCoreViewModel';
import type { HyperCoreView } from '../../../src/hyperCore/protocol';
import { figures, incident } from '../support/figures';
import { itDecodesOrRefuses, useHostileProxy, type CraftedCase } from '../support/craftedAnswers';
import { mutateInfo, mutateResult, rules } from '../support/hostileProxy';

type Json = any;

const MARKUP = '<img src=x onerror=alert(1)>';
const RLO = '\u202e';
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const ORDER = encodeCoreAction(1, [0, true, 101_000n * 10n ** 8n, 25_000_000n, false, 2, 0n]);
const emptyDirectory = new HyperCoreDirectory(undefined, undefined);

/** Runs `f`, counting a throw as a crash; returns its value and how long it took. */
function timed<T>(what: string, f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  try {
    return { value: f(), ms: performance.now() - t0 };
  } catch (e) {
    incident('crashes', `${what}: ${(e as Error).stack}`);
    throw e;
  }
}

/** Every string of a section, for a check that no markup or hidden character got through. */
const strings = (v: HyperCoreView | null): string[] => JSON.stringify(v ?? {}).match(/"(?:[^"\\]|\\.)*"/g) ?? [];

describe('hostile: CoreWriter action data', () => {
  it('cut at every byte of a limit order: a stated problem, never a throw', () => {
    for (let bytes = 0; bytes < (ORDER.length - 2) / 2; bytes++) {
      const data = ORDER.slice(0, 2 + 2 * bytes);
      figures.badInputs++;
      const r = timed(`cut at ${bytes}`, () => decodeCoreAction(data)).value;
      assert.ok(!r.ok, `${bytes} bytes`);
      assert.equal(r.problem, bytes < 4 ? 'tooShort' : 'badFields');
    }
  });

  it('an unknown action id, a wrong version: named as such, with the id and version read', () => {
    for (const id of [0, 16, 17, 255, 0xffffff]) {
      figures.badInputs++;
      const r = decodeCoreAction(`0x01${id.toString(16).padStart(6, '0')}${ORDER.slice(10)}`);
      assert.deepEqual(r.ok ? 'ok' : [r.problem, r.actionId], ['unknownAction', id]);
    }
    for (const version of [0, 2, 0x7f, 0xff]) {
      figures.badInputs++;
      const r = decodeCoreAction(`0x${version.toString(16).padStart(2, '0')}${ORDER.slice(4)}`);
      assert.deepEqual(r.ok ? 'ok' : [r.problem, r.version], ['version', version]);
      assert.notEqual(version, CORE_ACTION_VERSION);
    }
  });

  it('an API wallet name whose offset or length points far beyond the data: refused at once', () => {
    const head = `0x01000009${word(0xa1)}`;
    for (const [what, tail] of [
      ['offset 2^255', word(1n << 255n) + word(3) + 'ab'.repeat(32)],
      ['length 2^255', word(64) + word(1n << 255n) + 'ab'.repeat(32)],
      ['length past the end', word(64) + word(1_000) + 'ab'.repeat(32)],
      ['offset into itself', word(0) + word(3)],
    ] as const) {
      figures.badInputs++;
      const { value, ms } = timed(what, () => decodeCoreAction(head + tail));
      assert.equal(value.ok ? 'ok' : value.problem, 'badFields', what);
      assert.ok(ms < 50, `${what}: ${ms.toFixed(1)} ms`);
    }
  });

  it('megabytes of action data, calldata or log data: refused by length before any decoding, in milliseconds', () => {
    const huge = `0x01000001${'ab'.repeat(8 * 1024 * 1024)}`;
    figures.badInputs += 3;
    const a = timed('huge action', () => decodeCoreAction(huge));
    assert.equal(a.value.ok ? 'ok' : a.value.problem, 'tooLong');
    const b = timed('huge calldata', () => sendRawActionData(`0x17938e13${word(32)}${word(8 * 1024 * 1024)}${'ab'.repeat(8 * 1024 * 1024)}`));
    assert.equal(b.value, undefined);
    const log: LogEntry = {
      address: '0x3333333333333333333333333333333333333333',
      topics: [`0x${'8c7f585fb295f7eb1e6aeb8fba61b23a4fe60beda405f0045073b185c74412e3'}`, `0x${word(0xa1)}`],
      data: huge,
    };
    const c = timed('huge log', () => rawActionOf(log));
    assert.deepEqual(c.value, { user: `0x${'0'.repeat(38)}a1` }, 'a RawAction, its data not read');
    for (const x of [a, b, c]) assert.ok(x.ms < 100, `${x.ms.toFixed(1)} ms`);
  });

  it('random bytes after a valid header of every action: decoded exactly or refused, and the section never throws (fast-check)', () => {
    const ids = Object.keys(CORE_ACTIONS).map(Number);
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.uint8Array({ maxLength: 400 }), (id, body) => {
        figures.badInputs++;
        const data = `0x01${id.toString(16).padStart(6, '0')}${Buffer.from(body).toString('hex')}`;
        const r = decodeCoreAction(data);
        if (r.ok) assert.equal(encodeCoreAction(r.action.id, Object.values(r.action).slice(2)), data, 'decoded means exactly these bytes');
        const v = hyperCoreView(
          {
            hash: `0x${'0'.repeat(64)}`,
            blockNumber: 1n,
            blockHash: null,
            transactionIndex: 0,
            from: `0x${'1'.repeat(40)}`,
            to: `0x${'2'.repeat(40)}`,
            value: 0n,
            gas: 1n,
            nonce: 0n,
            input: '0x',
            raw: {},
          },
          { actions: [{ state: 'sent', result: r }], actionsNotShown: 0, maybeSystemTransfer: false, reads: [], readsNotShown: 0 },
          emptyDirectory,
          null,
          t,
        );
        assert.equal(v?.actions.length, 1);
      }),
      { numRuns: 300 },
    );
  });

  it('an API wallet name with markup and a direction change is shown as text, the hidden character made visible', () => {
    const r = decodeCoreAction(encodeCoreAction(9, [`0x${'a'.repeat(40)}`, `${MARKUP}${RLO}evil`]));
    const v = hyperCoreView(
      {
        hash: `0x${'0'.repeat(64)}`,
        blockNumber: 1n,
        blockHash: null,
        transactionIndex: 0,
        from: `0x${'1'.repeat(40)}`,
        to: null,
        value: 0n,
        gas: 1n,
        nonce: 0n,
        input: '0x',
        raw: {},
      },
      { actions: [{ state: 'sent', result: r }], actionsNotShown: 0, maybeSystemTransfer: false, reads: [], readsNotShown: 0 },
      emptyDirectory,
      null,
      t,
    );
    assert.equal(v?.actions[0]?.summary, `Add 0xaaaa…aaaa as API wallet “${MARKUP}[U+202E]evil”`);
    assert.ok(!strings(v).some((s) => s.includes(RLO)));
  });
});

describe('hostile: read precompile answers', () => {
  it('outputs with offsets and lengths far beyond their bytes: refused quickly, the call still named', () => {
    const cases = [
      ['token info at offset 2^255', word(1n << 255n)],
      ['token info with a name of length 2^64', word(32) + word(256) + word(1) + word(0) + word(0) + word(0) + word(0) + word(0) + word(0) + word(1n << 64n)],
      ['a delegation list of 2^40 entries', word(32) + word(1n << 40n)],
    ] as const;
    for (const [what, out] of cases) {
      figures.responsesMutated++;
      const to = what.startsWith('a delegation') ? '0x0000000000000000000000000000000000000804' : '0x000000000000000000000000000000000000080c';
      const input = to.endsWith('804') ? `0x${word(0xa1)}` : `0x${word(197)}`;
      const { value, ms } = timed(what, () => decodePrecompileCall(to, input, `0x${out}`));
      assert.deepEqual(value?.problems, ['output'], what);
      assert.ok(value?.precompile.name);
      assert.ok(ms < 50, `${what}: ${ms.toFixed(1)} ms`);
    }
  });
});

describe('hostile: the HyperCore section through a hostile proxy', () => {
  const setup = useHostileProxy();

  async function section(hash: `0x${string}`): Promise<HyperCoreView | null> {
    const bundle = (await loadTransaction(setup.clients.evm, hash))!;
    const parts = hyperCoreParts(bundle);
    const { directory, problems } = await new HyperCoreMetaSource(setup.clients.info).directory(metaNeeds(parts));
    return hyperCoreView(bundle.tx, parts, directory, problems[0]?.message ?? null, t);
  }

  /** Runs `section` with `rule` in the proxy; the section must come, free of markup and hidden characters. */
  async function withRule(rule: ReturnType<typeof rules>, hash: `0x${string}`): Promise<HyperCoreView | null> {
    const before = setup.proxy.mutated;
    setup.proxy.setRule(rule);
    try {
      const v = await section(hash);
      figures.responsesMutated += setup.proxy.mutated - before;
      assert.ok(setup.proxy.mutated > before, 'the proxy changed an answer');
      assert.ok(!strings(v).some((s) => s.includes(RLO)), 'no hidden direction change');
      setup.leaks.checkAll('HyperCore section', strings(v));
      figures.textsSearched += strings(v).length;
      return v;
    } finally {
      setup.proxy.setRule(undefined);
    }
  }

  it('a RawAction log whose data is garbage: the action says it could not be read, the rest stands', async () => {
    const v = await withRule(
      rules(
        mutateResult('eth_getTransactionReceipt', (r: Json) => {
          r.logs[0].data = `0x${word(32)}${word(3)}${'ab'.repeat(32)}`;
          return r;
        }),
      ),
      DEMO_SAMPLES.coreWriterOrderTx,
    );
    assert.equal(v?.actions[0]?.title, 'Undecodable action');
    assert.match(v?.actions[0]?.problem ?? '', /does not hold ABI-encoded bytes/);
    assert.equal(v?.actions[0]?.state, 'sent', 'CoreWriter logged it: something was sent');
    assert.equal(v?.reads[0]?.name, 'oracle price');
  });

  it('token and perp names with markup and direction changes are shown as text; a malformed EVM link reads as none', async () => {
    const v = await withRule(
      rules(
        mutateInfo('spotMeta', (m: Json) => {
          for (const tok of m.tokens) {
            if (tok.index === 197) tok.name = `${MARKUP}${RLO}UBTC`;
            if (tok.index === 1) tok.evmContract = { address: MARKUP, evm_extra_wei_decimals: 'x' };
          }
          return m;
        }),
        mutateInfo('meta', (m: Json) => {
          m.universe[0].name = `${MARKUP}${RLO}BTC`;
          return m;
        }),
      ),
      DEMO_SAMPLES.systemTransferTx,
    );
    assert.match(v?.transfer?.summary ?? '', new RegExp(`^0\\.5 ${MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[U\\+202E\\]UBTC from HyperCore`));
    const order = await withRule(
      mutateInfo('meta', (m: Json) => ((m.universe[0].name = `${MARKUP}${RLO}BTC`), m)),
      DEMO_SAMPLES.coreWriterOrderTx,
    );
    assert.equal(order?.actions[0]?.summary, `Buy 0.25 ${MARKUP}[U+202E]BTC at 101,000`);
  });

  it('a meta universe of odd items keeps their places as gaps; an answer that is no meta costs the names only', async () => {
    const gaps = await withRule(
      mutateInfo('meta', (m: Json) => ((m.universe = [42, null, ...m.universe]), m)),
      DEMO_SAMPLES.coreWriterOrderTx,
    );
    assert.equal(gaps?.actions[0]?.summary, 'Buy 0.25 perp #0 at 101,000', 'asset 0 is the odd item, not BTC');
    const refused = await withRule(
      mutateInfo('meta', () => ({ universe: 'all of them' })),
      DEMO_SAMPLES.coreWriterOrderTx,
    );
    assert.equal(refused?.actions[0]?.summary, 'Buy 0.25 perp #0 at 101,000');
    assert.match(refused?.namesProblem ?? '', /meta: universe/);
  });

  const perpAssets = (c: Json) => c.info.perpAssets('');
  const CASES: CraftedCase[] = [
    {
      name: 'a meta universe of 100,001 perps',
      call: perpAssets,
      rule: () => mutateInfo('meta', (m: Json) => ((m.universe = Array.from({ length: 100_001 }, (_, i) => ({ name: `P${i}` }))), m)),
      kind: 'invalidResponse',
      message: /answer to meta holds more than 100,000 values/,
    },
    {
      name: 'a meta universe item with a name of 10,000 characters (a gap), the rest named',
      call: perpAssets,
      rule: () => mutateInfo('meta', (m: Json) => ((m.universe[1].name = 'x'.repeat(10_000)), m)),
      kind: 'ok',
      check: (list: Json[]) => assert.deepEqual([list[0]?.name, list[1], list[2]?.name], ['BTC', undefined, 'HYPE']),
    },
    {
      name: 'spotMeta with an EVM link of another shape (read as none; pair names stay)',
      call: (c) => c.info.spotMeta(),
      rule: () => mutateInfo('spotMeta', (m: Json) => ((m.tokens[1].evmContract = [1, 2]), m)),
      kind: 'ok',
      check: (meta: Json) => {
        assert.equal(meta.tokens[1].evmContract, undefined);
        assert.equal(meta.pairsByIndex.get(107)?.base, 'HYPE');
      },
    },
  ];
  itDecodesOrRefuses(setup, CASES);
});
