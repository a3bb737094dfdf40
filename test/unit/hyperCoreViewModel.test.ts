/**
 * The transaction page's HyperCore section from hand-built bundles: CoreWriter actions in prices, sizes and
 * token amounts with where each stands, a system transfer with its token, precompile reads named, and
 * what the section says when names or data are missing.
 */
import * as assert from 'node:assert/strict';
import { encodeAbiParameters, encodeFunctionData, parseAbi, parseAbiParameters } from 'viem';
import { CORE_WRITER_ADDRESS, encodeCoreAction, RAW_ACTION_TOPIC } from '../../src/hyperCore/coreWriter';
import { HyperCoreDirectory } from '../../src/hyperCore/hyperCoreDirectory';
import { hasHyperCore, hyperCoreParts, MAX_ACTIONS, metaNeeds } from '../../src/hyperCore/hyperCoreParts';
import { spotMetaResult, toSpotMeta, validate } from '../../src/core/infoSchemas';
import type { LogEntry, TraceEntry } from '../../src/core/model';
import { tokenSystemAddress } from '../../src/hyperCore/systemTransfers';
import type { TransactionBundle } from '../../src/core/transactionLoad';
import { untranslated } from '../../src/core/translate';
import { hyperCoreCallWords, hyperCoreView } from '../../src/hyperCore/hyperCoreViewModel';
import { decodePrecompileCall } from '../../src/hyperCore/readPrecompiles';
import { ALICE, BOB, bundle, failed, ok, receipt, tx } from '../support/transactionBundles';
import { fixture } from '../support/fixtures';

const abi = parseAbi(['function sendRawAction(bytes data)', 'function transfer(address to, uint256 amount)']);
const spotMeta = toSpotMeta(validate(spotMetaResult, fixture('hyperliquid_spotMeta_2025-11-09.json').response, 'spotMeta'));
const perps = [
  { name: 'BTC', szDecimals: 5 },
  { name: 'ETH', szDecimals: 4 },
  { name: 'ATOM', szDecimals: 2 },
];
const named = new HyperCoreDirectory(spotMeta, perps);
const unnamed = new HyperCoreDirectory(undefined, undefined);
const UBTC = '0x9fdbda0a5e284c32744d2f17ee5c74b284993463';

const order = encodeCoreAction(1, [0, true, 101_000n * 10n ** 8n, 25_000_000n, false, 2, 0n]);
const rawActionLog = (data: string, user = ALICE): LogEntry => ({
  address: CORE_WRITER_ADDRESS,
  topics: [RAW_ACTION_TOPIC, `0x${user.slice(2).padStart(64, '0')}`],
  data: encodeAbiParameters(parseAbiParameters('bytes'), [data as `0x${string}`]),
});
const sendRawAction = (data: string) => encodeFunctionData({ abi, functionName: 'sendRawAction', args: [data as `0x${string}`] });
const view = (b: TransactionBundle, d = named, problem: string | null = null) => hyperCoreView(b.tx, hyperCoreParts(b), d, problem, untranslated);

describe('HyperCore section (transactions/hyperCoreViewModel)', () => {
  it('reads a CoreWriter limit order in prices and sizes, said to be sent to HyperCore, not executed', () => {
    const b = bundle({ tx: tx({ to: CORE_WRITER_ADDRESS, input: sendRawAction(order), value: 0n }), receipt: ok(receipt({ logs: [rawActionLog(order)] })) });
    const v = view(b);
    assert.equal(v?.actions.length, 1);
    const a = v!.actions[0];
    assert.equal(a.title, 'Limit order');
    assert.equal(a.summary, 'Buy 0.25 BTC at 101,000');
    assert.equal(a.state, 'sent');
    assert.equal(a.user, ALICE);
    assert.deepEqual(
      a.fields.map((f) => `${f.label}: ${f.value}`),
      [
        'Asset: BTC (perp, asset 0)',
        'Side: buy',
        'Limit price: 101,000',
        'Size: 0.25 BTC',
        'Time in force: Gtc (good till cancelled)',
        'Reduce only: no',
        'Client order id: none',
      ],
    );
    assert.deepEqual(metaNeeds(hyperCoreParts(b)), { spot: true, perps: true });
  });

  it('names a spot order by its pair (asset 10000 + pair index) with the quote in the price', () => {
    const spot = encodeCoreAction(1, [10_107, false, 3_851_200_000n, 150_000_000n, true, 3, 0x1234n]);
    const v = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(spot)] })) }));
    const a = v!.actions[0];
    assert.equal(a.summary, 'Sell 1.5 HYPE at 38.512 USDC, reduce only');
    assert.equal(a.fields[0]?.value, 'HYPE/USDC spot (pair @107, asset 10107)');
    assert.equal(a.fields[6]?.value, '0x00000000000000000000000000001234');
  });

  it('puts every other action in its units: USDC 10^6, HYPE 10^8, a token in its weiDecimals, a fee rate in tenths of a bps', () => {
    const actions = [
      encodeCoreAction(2, [BOB, true, 12_500_000n]),
      encodeCoreAction(3, [BOB, 150_000_000n, false]),
      encodeCoreAction(6, [tokenSystemAddress(197), 197n, 5_000_000_000n]),
      encodeCoreAction(7, [1_000_000n, true]),
      encodeCoreAction(12, [10n, BOB]),
      encodeCoreAction(10, [1, 987n]),
      encodeCoreAction(9, [BOB, '']),
    ];
    const v = view(bundle({ receipt: ok(receipt({ logs: actions.map((d) => rawActionLog(d)) })) }));
    assert.deepEqual(
      v!.actions.map((a) => a.summary),
      [
        'Deposit 12.5 USDC into vault 0x2222…2222',
        'Delegate 1.5 HYPE to validator 0x2222…2222',
        'Send 0.5 UBTC to HyperEVM (to its system address)',
        'Move 1 USDC from spot to perps',
        'Allow builder 0x2222…2222 to charge up to 0.01 %',
        'Cancel order 987 on ETH',
        'Make 0x2222…2222 the main API wallet (agent)',
      ],
    );
  });

  it('says a reverted transaction sent nothing (the action read from its call), and a pending one not yet', () => {
    const input = sendRawAction(order);
    const reverted = view(bundle({ tx: tx({ to: CORE_WRITER_ADDRESS, input }), receipt: ok(receipt({ status: 'reverted' })), trace: failed('no trace') }));
    assert.deepEqual([reverted?.actions[0]?.state, reverted?.actions[0]?.summary], ['reverted', 'Buy 0.25 BTC at 101,000']);
    const pending = view(bundle({ tx: tx({ to: CORE_WRITER_ADDRESS, input, blockNumber: null }), receipt: ok(null) }));
    assert.equal(pending?.actions[0]?.state, 'pending');
    const unknown = view(bundle({ tx: tx({ to: CORE_WRITER_ADDRESS, input }), receipt: failed('timeout') }));
    assert.equal(unknown?.actions[0]?.state, 'unknown');
    // A successful receipt without RawAction logs sent nothing, whatever the input says.
    assert.equal(view(bundle({ tx: tx({ to: CORE_WRITER_ADDRESS, input, gasPrice: 1n }) })), null);
  });

  it('finds the calls to CoreWriter deep in the trace of a reverted transaction', () => {
    const trace: TraceEntry[] = [
      { type: 'CALL', depth: 0, from: ALICE, to: BOB, value: 0n, input: '0x12345678' },
      { type: 'CALL', depth: 1, from: BOB, to: CORE_WRITER_ADDRESS, value: 0n, input: sendRawAction(encodeCoreAction(5, [7n])) },
      { type: 'DELEGATECALL', depth: 1, from: BOB, to: CORE_WRITER_ADDRESS, value: null, input: sendRawAction(order) },
    ];
    const v = view(bundle({ receipt: ok(receipt({ status: 'reverted' })), trace: ok(trace) }));
    assert.deepEqual(
      v?.actions.map((a) => [a.title, a.state]),
      [['Staking withdrawal', 'reverted']],
    );
  });

  it('names an order on an outcome asset (id ≥ 100,000,000) as the outcome market and side, not a builder dex’s perp', () => {
    const outcomeOrder = encodeCoreAction(1, [100_005_160, true, 65_000_000n, 10n * 10n ** 8n, false, 2, 0n]);
    const v = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(outcomeOrder)] })) }));
    assert.equal(v?.actions[0]?.summary, 'Buy 10 outcome 516 side 0 at 0.65');
    assert.deepEqual(v?.actions[0]?.fields[0], { label: 'Asset', value: 'outcome market: outcome 516, side 0 (coin #5160, asset 100005160)' });
    const odd = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(encodeCoreAction(10, [100_000_017, 5n]))] })) }));
    assert.deepEqual(v && odd?.actions[0]?.fields[0], { label: 'Asset', value: 'outcome market: outcome 1, side 7, which is no valid side (asset 100000017)' });
  });

  it('reads action 14, an aligned quote token reflecting its EVM supply change, in the token’s units', () => {
    const burn = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(encodeCoreAction(14, [197n, 5_000_000_000n, false]))] })) }));
    assert.deepEqual(
      [burn?.actions[0]?.title, burn?.actions[0]?.actionId, burn?.actions[0]?.summary],
      ['Reflect EVM supply change', '14', 'Reflect a burn of 0.5 UBTC on HyperEVM in HyperCore’s supply'],
    );
    assert.deepEqual(
      burn?.actions[0]?.fields.slice(0, 3).map((f) => [f.label, f.value]),
      [
        ['Token', 'UBTC'],
        ['Change', 'burn'],
        ['Amount', '0.5 UBTC'],
      ],
    );
    const mint = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(encodeCoreAction(14, [197n, 1n, true]))] })) }), unnamed);
    assert.equal(mint?.actions[0]?.summary, 'Reflect a mint of 1 of token 197’s smallest unit (its decimals are not known) on HyperEVM in HyperCore’s supply');
  });

  it('shows an undecodable action with its problem and data, and counts actions beyond the bound', () => {
    const logs = [
      rawActionLog('0x02000001'),
      rawActionLog(`0x01000010${'00'.repeat(32)}`),
      ...Array.from({ length: MAX_ACTIONS + 3 }, () => rawActionLog(order)),
    ];
    const v = view(bundle({ receipt: ok(receipt({ logs })) }));
    assert.equal(v?.actions.length, MAX_ACTIONS);
    assert.equal(v?.actionsNotShown, 5);
    assert.deepEqual([v!.actions[0].title, v!.actions[0].problem, v!.actions[0].summary], ['Action 1', 'Encoding version 2: only version 1 is known.', null]);
    // No public source gives action 16's fields: it is unknown, its bytes shown as sent.
    assert.deepEqual(
      [v!.actions[1].title, v!.actions[1].actionId, v!.actions[1].summary, v!.actions[1].fields, v!.actions[1].data],
      ['Unknown action 16', '16', null, [], `0x01000010${'00'.repeat(32)}`],
    );
    assert.match(v!.actions[1].problem ?? '', /^Action 16 is not in Hyperliquid’s published table of CoreWriter actions \(it ends at 15\)/);
  });

  it('names assets by number when the names could not be loaded, and says why', () => {
    const v = view(bundle({ receipt: ok(receipt({ logs: [rawActionLog(order)] })) }), unnamed, 'HTTP 500');
    assert.equal(v?.actions[0]?.summary, 'Buy 0.25 perp #0 at 101,000');
    assert.equal(v?.namesProblem, 'HTTP 500');
  });

  it('names a system transfer’s token and amount: 0.5 UBTC from HyperCore', () => {
    const input = encodeFunctionData({ abi, functionName: 'transfer', args: [BOB, 50_000_000n] });
    const v = view(bundle({ tx: tx({ from: tokenSystemAddress(197), to: UBTC, input, value: 0n, gasPrice: 0n }) }));
    assert.equal(v?.transfer?.summary, '0.5 UBTC from HyperCore to 0x2222…2222');
    assert.deepEqual([v?.transfer?.token, v?.transfer?.amount, v?.transfer?.recipient, v?.transfer?.note], ['UBTC', '0.5', BOB, null]);
    assert.equal(v?.transfer?.fields[0]?.value, 'UBTC (spot token 197)');
    const raw = view(bundle({ tx: tx({ from: tokenSystemAddress(197), to: UBTC, input, value: 0n, gasPrice: 0n }) }), unnamed);
    assert.equal(raw?.transfer?.summary, '50,000,000 token 197 from HyperCore to 0x2222…2222');
    assert.match(raw?.transfer?.note ?? '', /decimals are not known/);
  });

  it('names HYPE from 0x2222…2222 in HYPE', () => {
    const v = view(
      bundle({ tx: tx({ from: '0x2222222222222222222222222222222222222222', to: BOB, value: 2_500_000_000_000_000_000n, input: '0x', gasPrice: 0n }) }),
    );
    assert.equal(v?.transfer?.summary, '2.5 HYPE from HyperCore to 0x2222…2222');
  });

  it('names read precompile calls of the trace, their inputs by market and the oracle price in human units', () => {
    const trace: TraceEntry[] = [
      {
        type: 'STATICCALL',
        depth: 1,
        from: BOB,
        to: '0x0000000000000000000000000000000000000807',
        value: null,
        input: encodeAbiParameters(parseAbiParameters('uint32'), [0]),
        output: encodeAbiParameters(parseAbiParameters('uint64'), [1_012_400n]),
      },
    ];
    const b = bundle({ trace: ok(trace) });
    const v = view(b);
    assert.equal(v?.reads[0]?.name, 'oracle price');
    assert.deepEqual(v?.reads[0]?.inputs, [{ label: 'index', value: 'BTC (perp, asset 0)' }]);
    assert.deepEqual(v?.reads[0]?.outputs, [
      { label: 'oraclePx', value: '1,012,400' },
      { label: 'price', value: '101,240' },
    ]);
    assert.ok(hasHyperCore(hyperCoreParts(b)));
  });

  it('is null for an ordinary transaction', () => {
    const b = bundle();
    assert.equal(hasHyperCore(hyperCoreParts(b)), false);
    assert.equal(view(b), null);
  });

  it('reads precompile answers in human units: a position in the perp’s size decimals and USDC, a spot balance in the token’s weiDecimals', () => {
    const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
    const position = decodePrecompileCall(
      at(0x800),
      encodeAbiParameters(parseAbiParameters('address, uint16'), [ALICE, 0]),
      encodeAbiParameters(parseAbiParameters('(int64, uint64, int64, uint32, bool)'), [[-50_000n, 49_250_000_000n, -1_500_000n, 10, true]]),
    )!;
    const balance = decodePrecompileCall(
      at(0x801),
      encodeAbiParameters(parseAbiParameters('address, uint64'), [ALICE, 197n]),
      encodeAbiParameters(parseAbiParameters('(uint64, uint64, uint64)'), [[1_500_000_000n, 500_000_000n, 14_820_000_000n]]),
    )!;
    const words = hyperCoreCallWords([position, balance], [order], named, untranslated);
    assert.deepEqual(
      words.reads[0]?.outputs.map((f) => `${f.label}=${f.value}`),
      ['position.szi=-0.5 BTC', 'position.entryNtl=49,250 USDC', 'position.isolatedRawUsd=-1.5 USDC', 'position.leverage=10', 'position.isIsolated=true'],
    );
    assert.deepEqual(words.reads[0]?.inputs[1], { label: 'perp', value: 'BTC (perp, asset 0)' });
    assert.deepEqual(
      words.reads[1]?.outputs.map((f) => `${f.label}=${f.value}`),
      ['spotBalance.total=0.15 UBTC', 'spotBalance.hold=0.05 UBTC', 'spotBalance.entryNtl=14,820 USDC'],
    );
    assert.deepEqual(words.actions, ['Limit order (Buy 0.25 BTC at 101,000)']);
    // Without the names, a size stays the integer sent (its decimals are not known); USDC needs none.
    const bare = hyperCoreCallWords([position], [], unnamed, untranslated);
    assert.deepEqual(bare.reads[0]?.outputs.slice(0, 2), [
      { label: 'position.szi', value: '-50,000' },
      { label: 'position.entryNtl', value: '49,250 USDC' },
    ]);
  });
});
