/**
 * A loaded transaction's HyperCore parts → the HyperCore section of the transaction page: its CoreWriter
 * actions, the HyperCore → HyperEVM transfer it is, its read precompile calls. Pure (no `vscode`): the
 * names come in a `HyperCoreDirectory`, the words through `t`.
 */
import { LOWER_ADDRESS } from '../core/hex';
import type { HyperCoreDirectory } from './hyperCoreDirectory';
import type { DecodedValue, PrecompileCall, PrecompileInfo } from './readPrecompiles';
import { systemTransferOf, type SystemTransfer } from './systemTransfers';
import type { HyperCoreParts } from './hyperCoreParts';
import type { TransactionDetails } from '../core/model';
import { groupThousands, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import { shortAddress, type Translate } from '../view/format';
import { actionView } from './hyperCoreActions';
import { decodeCoreAction } from './coreWriter';
import { assetWords, safeName, tokenAmount, tokenName, units } from './hyperCoreNames';
import { HYPE_CORE_DECIMALS, PERP_USD_DECIMALS } from './hyperCoreDirectory';
import type { HyperCoreFieldView, HyperCoreReadView, HyperCoreTransferView, HyperCoreView } from './protocol';

/** Output fields shown per precompile call (a delegation list can be long). */
const MAX_OUTPUT_FIELDS = 60;

/** The section, or null when the transaction has nothing of HyperCore. `namesProblem`: why names are missing. */
export function hyperCoreView(
  tx: TransactionDetails,
  parts: HyperCoreParts,
  directory: HyperCoreDirectory,
  namesProblem: string | null,
  t: Translate,
): HyperCoreView | null {
  const transfer = parts.maybeSystemTransfer ? systemTransferOf(tx, directory) : undefined;
  if (parts.actions.length === 0 && !transfer && parts.reads.length === 0) return null;
  return {
    actions: parts.actions.map((a) => actionView(a, directory, t)),
    actionsNotShown: parts.actionsNotShown,
    transfer: transfer ? transferView(transfer, tx.from, t) : null,
    reads: parts.reads.map((r) => readView(r, directory, t)),
    readsNotShown: parts.readsNotShown,
    namesProblem: namesProblem === null ? null : revealInvisibles(namesProblem),
  };
}

function transferView(s: SystemTransfer, sender: string, t: Translate): HyperCoreTransferView {
  const byGas = s.by === 'gasPrice' ? t('Recognised by its gas price of 0 (a system transaction); the node names {0} as its sender.', sender) : null;
  if (s.kind === 'hype') {
    const amount = groupThousands(weiToHype(s.amount));
    return {
      summary: t('{0} {1} from HyperCore to {2}', amount, 'HYPE', shortAddress(s.recipient)),
      token: 'HYPE',
      amount,
      recipient: s.recipient,
      fields: [
        { label: t('Token'), value: t('HYPE (HyperEVM’s native coin)') },
        { label: t('Amount'), value: `${amount} HYPE` },
        { label: t('Recipient'), value: s.recipient, mono: true },
        { label: t('System address'), value: sender, mono: true },
      ],
      note: byGas,
    };
  }
  const index = s.token?.index ?? s.systemIndex;
  const name = s.token ? safeName(s.token.name) : index !== undefined ? t('token {0}', index) : t('an unknown token');
  const decimals = s.contractMatches ? s.decimals : undefined;
  const amount = decimals !== undefined ? units(s.amount, decimals) : groupThousands(s.amount.toString());
  const notes = [
    byGas,
    !s.contractMatches
      ? t(
          'spotMeta links {0} to another contract ({1}), not to the one called: the amount is in the called contract’s smallest unit.',
          name,
          s.token?.evmContract?.address ?? '',
        )
      : null,
    s.contractMatches && decimals === undefined
      ? t('The token’s HyperEVM decimals are not known (spotMeta does not list its link): the amount is in its smallest unit.')
      : null,
  ].filter((n): n is string => n !== null);
  return {
    summary: t('{0} {1} from HyperCore to {2}', amount, name, shortAddress(s.recipient)),
    token: name,
    amount,
    recipient: s.recipient,
    fields: [
      { label: t('Token'), value: index !== undefined ? t('{0} (spot token {1})', name, index) : name },
      { label: t('Amount'), value: decimals !== undefined ? `${amount} ${name}` : t('{0} (smallest unit)', amount) },
      { label: t('Recipient'), value: s.recipient, mono: true },
      { label: t('Token contract'), value: s.contract, mono: true },
      { label: t('System address'), value: sender, mono: true },
    ],
    note: notes.length ? notes.join(' ') : null,
  };
}

function readNames(t: Translate): Record<string, string> {
  return {
    position: t('position'),
    spotBalance: t('spot balance'),
    userVaultEquity: t('vault equity'),
    withdrawable: t('withdrawable'),
    delegations: t('delegations'),
    delegatorSummary: t('delegator summary'),
    markPx: t('mark price'),
    oraclePx: t('oracle price'),
    spotPx: t('spot price'),
    l1BlockNumber: t('L1 block number'),
    perpAssetInfo: t('perp asset info'),
    spotInfo: t('spot info'),
    tokenInfo: t('token info'),
    tokenSupply: t('token supply'),
    bbo: t('best bid and offer'),
    accountMarginSummary: t('account margin summary'),
    coreUserExists: t('core user exists'),
    borrowLendUserState: t('borrow/lend user state'),
    borrowLendReserveState: t('borrow/lend reserve state'),
    position2: t('position (2)'),
  };
}

/** What a read precompile reads, in words ("oracle price"). */
export function readName(p: PrecompileInfo, t: Translate): string {
  return readNames(t)[p.method] ?? p.name;
}

function readView(call: PrecompileCall, d: HyperCoreDirectory, t: Translate): HyperCoreReadView {
  const p = call.precompile;
  const inputs = (call.inputs ?? []).map((v) => inputField(v, d, t));
  const outputs: HyperCoreFieldView[] = [];
  if (call.output) flatten(call.output, '', outputs, (label, leafValue) => inUnits(label, leafValue, call, d, t));
  const price = priceOf(call, d);
  if (price !== undefined) outputs.push({ label: t('price'), value: price });
  return { name: readName(p, t), address: p.address, inputs, outputs: outputs.slice(0, MAX_OUTPUT_FIELDS), problem: readProblem(call, t) };
}

function readProblem(call: PrecompileCall, t: Translate): string | null {
  const has = (x: PrecompileCall['problems'][number]) => call.problems.includes(x);
  if (has('unknownLayout')) return t('Its layout is not known here: the call is named, not decoded.');
  if (has('input') && has('output')) return t('Neither its input nor its output decodes as L1Read.sol’s layout.');
  if (has('input')) return t('Its input does not decode as L1Read.sol’s layout.');
  if (has('output')) return t('Its output does not decode as L1Read.sol’s layout.');
  return null;
}

function inputField(v: DecodedValue, d: HyperCoreDirectory, t: Translate): HyperCoreFieldView {
  if (!('value' in v)) return { label: v.name, value: '…' };
  const n = typeof v.value === 'bigint' && v.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.value) : undefined;
  if (n !== undefined && v.role) {
    if (v.role === 'token') return { label: v.name, value: t('{0} (spot token {1})', tokenName(d.token(n), n, t), n) };
    if (v.role === 'perp') return { label: v.name, value: assetWords(d, n, t).full };
    if (v.role === 'spot') return { label: v.name, value: assetWords(d, n + 10_000, t).full };
    return { label: v.name, value: assetWords(d, n, t).full };
  }
  return leaf(v.name, v.value);
}

type Leaf = Extract<DecodedValue, { value: unknown }>;

/** Output values as `name`, `name.part`, `name[i].part` fields. */
function flatten(v: DecodedValue, prefix: string, out: HyperCoreFieldView[], show: (label: string, v: Leaf) => HyperCoreFieldView): void {
  if (out.length >= MAX_OUTPUT_FIELDS) return;
  const label = prefix ? `${prefix}.${v.name}` : v.name;
  if ('parts' in v) for (const part of v.parts) flatten(part, label, out, show);
  else if ('items' in v)
    v.items.forEach((item, i) => ('parts' in item ? item.parts.forEach((part) => flatten(part, `${label}[${i}]`, out, show)) : flatten(item, '', out, show)));
  else out.push(show(label, v));
}

/** The whole number of the first input with `role` (the perp or token asked), if it is a safe one. */
function inputIndex(call: PrecompileCall, role: 'perp' | 'token'): number | undefined {
  const input = call.inputs?.find((i) => 'value' in i && i.role === role);
  const value = input && 'value' in input ? input.value : undefined;
  return typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}

/**
 * An output number in human units where its unit is known (`ValueUnit`): a position's size in the perp's
 * `szDecimals` ("0.5 BTC"), USDC amounts in 1e6, token balances in the token's `weiDecimals`, HYPE in 1e8.
 * Exact (no float). Without the decimals (the names could not be read), the integer as sent.
 */
export function inUnits(label: string, v: Leaf, call: PrecompileCall, d: HyperCoreDirectory, t: Translate): HyperCoreFieldView {
  if (typeof v.value !== 'bigint' || v.unit === undefined) return leaf(label, v.value);
  switch (v.unit) {
    case 'usd':
      return { label, value: `${units(v.value, PERP_USD_DECIMALS)} USDC` };
    case 'hype':
      return { label, value: `${units(v.value, HYPE_CORE_DECIMALS)} HYPE` };
    case 'token': {
      const index = inputIndex(call, 'token');
      return index === undefined ? leaf(label, v.value) : { label, value: tokenAmount(d.token(index), index, v.value, t) };
    }
    case 'size': {
      const index = inputIndex(call, 'perp');
      const perp = index === undefined ? undefined : d.perp(index);
      if (perp?.szDecimals === undefined || perp.name === undefined) return leaf(label, v.value);
      return { label, value: `${units(v.value, perp.szDecimals)} ${safeName(perp.name)}` };
    }
  }
}

function leaf(label: string, value: bigint | boolean | string): HyperCoreFieldView {
  if (typeof value === 'bigint') return { label, value: groupThousands(value.toString()) };
  if (typeof value === 'boolean') return { label, value: String(value) };
  return LOWER_ADDRESS.test(value) ? { label, value, mono: true } : { label, value: safeName(value) };
}

/** A price output in human units: perp prices / 10^(6 − szDecimals), spot / 10^(8 − base szDecimals) (the docs' rule). */
function priceOf(call: PrecompileCall, d: HyperCoreDirectory): string | undefined {
  const raw = call.output && 'value' in call.output ? call.output.value : undefined;
  const index = call.inputs?.[0] && 'value' in call.inputs[0] ? call.inputs[0].value : undefined;
  if (typeof raw !== 'bigint' || typeof index !== 'bigint' || index > 1_000_000n || !call.precompile.price) return undefined;
  const szDecimals = call.precompile.price === 'perp' ? d.perp(Number(index)).szDecimals : d.spot(Number(index)).base?.szDecimals;
  const decimals = (call.precompile.price === 'perp' ? 6 : 8) - (szDecimals ?? NaN);
  return Number.isInteger(decimals) && decimals >= 0 ? units(raw, decimals) : undefined;
}

/** What a simulation or a read shows of HyperCore: precompile reads and CoreWriter actions, in words and human units. */
export interface HyperCoreCallWords {
  reads: HyperCoreReadView[];
  /** Each action as "Limit order (Buy 0.5 BTC at 101,000, …)". */
  actions: string[];
}

/** Reads and action data (CoreWriter's `sendRawAction` bytes) of a run, named with `directory`. Pure. */
export function hyperCoreCallWords(
  reads: readonly PrecompileCall[],
  actionDatas: readonly string[],
  directory: HyperCoreDirectory,
  t: Translate,
): HyperCoreCallWords {
  return {
    reads: reads.map((r) => readView(r, directory, t)),
    actions: actionDatas.map((data) => {
      const a = actionView({ state: 'pending', result: decodeCoreAction(data) }, directory, t);
      return a.summary !== null ? `${a.title} (${a.summary})` : a.title;
    }),
  };
}
