/**
 * A CoreWriter action in words: its title, one sentence in human units and its fields. Units as the
 * docs' table says (prices and sizes × 10^8) and as hyper-evm-lib converts them (`HLConversions.sol`):
 * vault and USD class amounts in perp USDC (6 decimals), staking and delegation in HYPE's 8, a spot
 * token's amounts in its `weiDecimals`. Pure; words through `t`.
 */
import { ZERO_ADDRESS } from '../core/hex';
import { MAX_ACTION_BYTES, SPOT_DEX, type CoreAction, type CoreActionResult } from './coreWriter';
import { HYPE_CORE_DECIMALS, PERP_USD_DECIMALS, type HyperCoreDirectory } from './hyperCoreDirectory';
import { HYPE_SYSTEM_ADDRESS, systemTokenIndex } from './systemTransfers';
import type { SentAction } from './hyperCoreParts';
import { shortAddress, type Translate } from '../view/format';
import { assetWords, safeName, tokenAmount, tokenName, units } from './hyperCoreNames';
import type { HyperCoreActionView, HyperCoreFieldView } from './protocol';

/** Prices and sizes of a CoreWriter order are sent as 10^8 × the human value. */
export const ORDER_DECIMALS = 8;
/** `maxFeeRate` is in tenths of a basis point: 10 is 0.01 %. */
const FEE_RATE_PERCENT_DECIMALS = 3;
/** Action data shown on the page; the whole of it is in the logs and Show Raw JSON. */
const MAX_DATA_SHOWN = 2 * 1024;

type Words = { summary: string; fields: HyperCoreFieldView[] };

export function actionView(a: SentAction, directory: HyperCoreDirectory, t: Translate): HyperCoreActionView {
  const r = a.result;
  const base = { state: a.state, user: a.user ?? null, data: r.data.length > 2 + MAX_DATA_SHOWN ? `${r.data.slice(0, 2 + MAX_DATA_SHOWN)}…` : r.data };
  if (!r.ok)
    return {
      ...base,
      title: problemTitle(r, t),
      actionId: r.actionId !== undefined ? String(r.actionId) : null,
      summary: null,
      fields: [],
      problem: problemText(r, t),
    };
  const w = describe(r.action, directory, t);
  return { ...base, title: titleOf(r.action, t), actionId: String(r.action.id), summary: w.summary, fields: w.fields, problem: null };
}

/** An action's title ("Limit order"), or what it is when it could not be read ("Action 14"). */
export function actionTitle(r: CoreActionResult, t: Translate): string {
  return r.ok ? titleOf(r.action, t) : problemTitle(r, t);
}

function titleOf(a: CoreAction, t: Translate): string {
  switch (a.kind) {
    case 'limitOrder':
      return t('Limit order');
    case 'vaultTransfer':
      return t('Vault transfer');
    case 'tokenDelegate':
      return t('Token delegation');
    case 'stakingDeposit':
      return t('Staking deposit');
    case 'stakingWithdraw':
      return t('Staking withdrawal');
    case 'spotSend':
      return t('Spot send');
    case 'usdClassTransfer':
      return t('USD class transfer');
    case 'finalizeEvmContract':
      return t('Finalize EVM contract');
    case 'addApiWallet':
      return t('Add API wallet');
    case 'cancelByOid':
      return t('Cancel order by oid');
    case 'cancelByCloid':
      return t('Cancel order by cloid');
    case 'approveBuilderFee':
      return t('Approve builder fee');
    case 'sendAsset':
      return t('Send asset');
    case 'reflectEvmSupplyChange':
      return t('Reflect EVM supply change');
    case 'borrowLend':
      return t('Borrow/lend operation');
  }
}

function problemTitle(r: Extract<CoreActionResult, { ok: false }>, t: Translate): string {
  if (r.problem === 'unknownAction' && r.actionId !== undefined) return t('Unknown action {0}', r.actionId);
  return r.actionId !== undefined ? t('Action {0}', r.actionId) : t('Undecodable action');
}

function problemText(r: Extract<CoreActionResult, { ok: false }>, t: Translate): string {
  switch (r.problem) {
    case 'notHex':
      return t('The action data is not hex bytes.');
    case 'tooShort':
      return t('The action data is shorter than 4 bytes: it has no version and action id.');
    case 'tooLong':
      return t('The action data is longer than {0} bytes: it is not decoded.', MAX_ACTION_BYTES);
    case 'version':
      return t('Encoding version {0}: only version 1 is known.', r.version ?? '?');
    case 'unknownAction':
      return t(
        'Action {0} is not in Hyperliquid’s published table of CoreWriter actions (it ends at 15), so its fields are not decoded: the action data below is as sent.',
        r.actionId ?? '?',
      );
    case 'badFields':
      return t(
        'The fields are not exactly the ABI encoding of the types of action {0} (cut short, out of range, or with bytes left over); what HyperCore makes of them is not known here.',
        r.actionId ?? '?',
      );
    case 'badLog':
      return t('CoreWriter’s RawAction log does not hold ABI-encoded bytes: its data is shown as it came.');
  }
}

const field = (label: string, value: string, mono = false): HyperCoreFieldView => (mono ? { label, value, mono } : { label, value });
const yesNo = (b: boolean, t: Translate) => (b ? t('yes') : t('no'));
const cloidText = (cloid: bigint, t: Translate) => (cloid === 0n ? t('none') : `0x${cloid.toString(16).padStart(32, '0')}`);
const usd = (v: bigint) => `${units(v, PERP_USD_DECIMALS)} USDC`;
const hype = (v: bigint) => `${units(v, HYPE_CORE_DECIMALS)} HYPE`;

function describe(a: CoreAction, d: HyperCoreDirectory, t: Translate): Words {
  switch (a.kind) {
    case 'limitOrder':
      return limitOrder(a, d, t);
    case 'vaultTransfer':
      return {
        summary: a.isDeposit
          ? t('Deposit {0} into vault {1}', usd(a.usd), shortAddress(a.vault))
          : t('Withdraw {0} from vault {1}', usd(a.usd), shortAddress(a.vault)),
        fields: [field(t('Vault'), a.vault, true), field(t('Direction'), a.isDeposit ? t('deposit') : t('withdrawal')), field(t('Amount'), usd(a.usd))],
      };
    case 'tokenDelegate':
      return {
        summary: a.isUndelegate
          ? t('Undelegate {0} from validator {1}', hype(a.wei), shortAddress(a.validator))
          : t('Delegate {0} to validator {1}', hype(a.wei), shortAddress(a.validator)),
        fields: [
          field(t('Validator'), a.validator, true),
          field(t('Direction'), a.isUndelegate ? t('undelegate') : t('delegate')),
          field(t('Amount'), hype(a.wei)),
        ],
      };
    case 'stakingDeposit':
      return { summary: t('Move {0} from the spot balance into staking', hype(a.wei)), fields: [field(t('Amount'), hype(a.wei))] };
    case 'stakingWithdraw':
      return { summary: t('Move {0} from staking back to the spot balance', hype(a.wei)), fields: [field(t('Amount'), hype(a.wei))] };
    case 'spotSend':
      return spotSend(a, d, t);
    case 'usdClassTransfer':
      return {
        summary: a.toPerp ? t('Move {0} from spot to perps', usd(a.ntl)) : t('Move {0} from perps to spot', usd(a.ntl)),
        fields: [field(t('Amount'), usd(a.ntl)), field(t('Direction'), a.toPerp ? t('spot to perps') : t('perps to spot'))],
      };
    case 'finalizeEvmContract':
      return finalize(a, d, t);
    case 'addApiWallet': {
      const name = safeName(a.name);
      return {
        summary:
          a.name === '' ? t('Make {0} the main API wallet (agent)', shortAddress(a.wallet)) : t('Add {0} as API wallet “{1}”', shortAddress(a.wallet), name),
        fields: [field(t('API wallet'), a.wallet, true), field(t('Name'), a.name === '' ? t('(none: the main agent)') : name)],
      };
    }
    case 'cancelByOid': {
      const asset = assetWords(d, a.asset, t);
      return {
        summary: t('Cancel order {0} on {1}', a.oid.toString(), asset.coin),
        fields: [field(t('Asset'), asset.full), field(t('Order id'), a.oid.toString())],
      };
    }
    case 'cancelByCloid': {
      const asset = assetWords(d, a.asset, t);
      return {
        summary: t('Cancel the order with client order id {0} on {1}', cloidText(a.cloid, t), asset.coin),
        fields: [field(t('Asset'), asset.full), field(t('Client order id'), cloidText(a.cloid, t), true)],
      };
    }
    case 'approveBuilderFee': {
      const percent = `${units(a.maxFeeRate, FEE_RATE_PERCENT_DECIMALS)} %`;
      return {
        summary: t('Allow builder {0} to charge up to {1}', shortAddress(a.builder), percent),
        fields: [field(t('Builder'), a.builder, true), field(t('Highest fee'), percent)],
      };
    }
    case 'sendAsset':
      return sendAsset(a, d, t);
    case 'borrowLend': {
      const amount = a.wei === 0n ? t('all of the balance of {0}', tokenName(d.token(a.token), a.token, t)) : tokenAmount(d.token(a.token), a.token, a.wei, t);
      const op = a.operation === 0 ? t('supply') : a.operation === 1 ? t('withdraw') : t('unknown operation ({0})', a.operation);
      return {
        summary:
          a.operation === 0
            ? t('Supply {0} to lending', amount)
            : a.operation === 1
              ? t('Withdraw {0} from lending', amount)
              : t('Lending operation {0} on {1}', a.operation, amount),
        fields: [field(t('Operation'), op), field(t('Amount'), amount)],
      };
    }
    case 'reflectEvmSupplyChange': {
      const token = d.token(a.token);
      const amount = tokenAmount(token, a.token, a.wei, t);
      return {
        summary: a.isMint
          ? t('Reflect a mint of {0} on HyperEVM in HyperCore’s supply', amount)
          : t('Reflect a burn of {0} on HyperEVM in HyperCore’s supply', amount),
        fields: [
          field(t('Token'), tokenName(token, a.token, t)),
          field(t('Change'), a.isMint ? t('mint') : t('burn')),
          field(t('Amount'), amount),
          field(t('Note'), t('Sent by an aligned quote token’s contract (such as USDH) when its supply on HyperEVM changes.')),
        ],
      };
    }
  }
}

function limitOrder(a: Extract<CoreAction, { kind: 'limitOrder' }>, d: HyperCoreDirectory, t: Translate): Words {
  const asset = assetWords(d, a.asset, t);
  const price = units(a.limitPx, ORDER_DECIMALS);
  const size = units(a.sz, ORDER_DECIMALS);
  const priceText = asset.quote ? `${price} ${asset.quote}` : price;
  const tifs = [t('Alo (add liquidity only)'), t('Gtc (good till cancelled)'), t('Ioc (immediate or cancel)')];
  const tif = tifs[a.tif - 1] ?? t('unknown ({0})', a.tif);
  const sentence = a.isBuy ? t('Buy {0} {1} at {2}', size, asset.coin, priceText) : t('Sell {0} {1} at {2}', size, asset.coin, priceText);
  return {
    summary: a.reduceOnly ? t('{0}, reduce only', sentence) : sentence,
    fields: [
      field(t('Asset'), asset.full),
      field(t('Side'), a.isBuy ? t('buy') : t('sell')),
      field(t('Limit price'), priceText),
      field(t('Size'), `${size} ${asset.coin}`),
      field(t('Time in force'), tif),
      field(t('Reduce only'), yesNo(a.reduceOnly, t)),
      field(t('Client order id'), cloidText(a.cloid, t), a.cloid !== 0n),
    ],
  };
}

function spotSend(a: Extract<CoreAction, { kind: 'spotSend' }>, d: HyperCoreDirectory, t: Translate): Words {
  const token = d.token(a.token);
  const amount = tokenAmount(token, a.token, a.wei, t);
  const toEvm = isSystemAddressOf(a.destination, a.token, d);
  return {
    summary: toEvm ? t('Send {0} to HyperEVM (to its system address)', amount) : t('Send {0} to {1}', amount, shortAddress(a.destination)),
    fields: [
      field(t('Destination'), a.destination, true),
      field(t('Token'), tokenName(token, a.token, t)),
      field(t('Amount'), amount),
      ...(toEvm ? [field(t('Note'), t('The destination is the token’s system address: HyperCore credits the sender on HyperEVM.'))] : []),
    ],
  };
}

function sendAsset(a: Extract<CoreAction, { kind: 'sendAsset' }>, d: HyperCoreDirectory, t: Translate): Words {
  const token = d.token(a.token);
  const amount = tokenAmount(token, a.token, a.wei, t);
  const dex = (n: number) => (n === SPOT_DEX ? t('spot') : n === 0 ? t('perp dex 0 (the first)') : t('perp dex #{0}', n));
  const fromSub = !ZERO_ADDRESS.test(a.subAccount);
  const toEvm = isSystemAddressOf(a.destination, a.token, d);
  return {
    summary: toEvm ? t('Send {0} to HyperEVM (to its system address)', amount) : t('Send {0} to {1}', amount, shortAddress(a.destination)),
    fields: [
      field(t('Destination'), a.destination, true),
      ...(fromSub ? [field(t('From sub-account'), a.subAccount, true)] : []),
      field(t('From'), dex(a.sourceDex)),
      field(t('To'), dex(a.destinationDex)),
      field(t('Token'), tokenName(token, a.token, t)),
      field(t('Amount'), amount),
    ],
  };
}

function finalize(a: Extract<CoreAction, { kind: 'finalizeEvmContract' }>, d: HyperCoreDirectory, t: Translate): Words {
  const variants = [t('create (the deployer’s nonce)'), t('first storage slot'), t('custom storage slot')];
  const variant = variants[a.variant - 1] ?? t('unknown ({0})', a.variant);
  const name = tokenName(d.token(a.token), a.token, t);
  return {
    summary: t('Finalize the link of {0} to its HyperEVM contract ({1})', name, variant),
    fields: [field(t('Token'), name), field(t('Variant'), variant), ...(a.variant === 1 ? [field(t('Deployer nonce'), a.createNonce.toString())] : [])],
  };
}

/** Whether `address` is the system address of token `index` (HYPE's is 0x2222…2222). */
function isSystemAddressOf(address: string, index: bigint, d: HyperCoreDirectory): boolean {
  const hype = d.hype;
  if (address === HYPE_SYSTEM_ADDRESS) return hype !== undefined && BigInt(hype.index) === index;
  const n = systemTokenIndex(address);
  return n !== undefined && BigInt(n) === index;
}
