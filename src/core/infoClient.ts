import * as v from 'valibot';
import { ProviderError } from './errors';
import { parseAddress } from './input';
import { msg, untranslated } from './translate';
import type {
  Fill,
  FundingPayment,
  HistoricalOrder,
  LedgerUpdate,
  OpenOrder,
  OrderFate,
  PerpAccount,
  PerpAsset,
  PerpDex,
  PerpDexMeta,
  SpotMeta,
  SpotState,
  TwapSliceFill,
  UserRole,
} from './model';
import {
  allMidsResult,
  clearinghouseStateResult,
  historicalOrdersResult,
  InvalidShapeError,
  orderStatusResult,
  perpAssetsResult,
  perpDexsResult,
  perpMetaResult,
  spotClearinghouseStateResult,
  spotMetaResult,
  toOpenOrders,
  toPerpAccount,
  toOrderFate,
  toPerpAssets,
  toPerpDexs,
  toPerpMeta,
  toSpotState,
  toSpotMeta,
  toFundingPayments,
  toHistoricalOrders,
  toLedgerUpdates,
  toTwapSliceFills,
  toUserRole,
  readFills,
  userFundingResult,
  userNonFundingLedgerUpdatesResult,
  userRoleResult,
  userTwapSliceFillsResult,
  validate,
  validateOrders,
} from './infoSchemas';
import type { AnswerLimits, JsonPoster } from './transport';

const DEX_NAME = /^[a-zA-Z0-9_-]{0,32}$/;

const KB = 1024;
const MB = 1024 * KB;

/**
 * What each request type's answer may hold: what it can legitimately return, with room to spare
 * (parsing runs on the extension host's thread). The real answers, early 2026: a few KB to a few
 * hundred KB.
 */
export const INFO_ANSWER_LIMITS = {
  /** Up to 5,000 orders (the most a high-volume wallet may have) of ~16 values, each with its TP/SL children: ~6 MB. */
  openOrders: { maxBytes: 8 * MB, maxValues: 500_000 },
  frontendOpenOrders: { maxBytes: 8 * MB, maxValues: 500_000 },
  /** One order and its status. */
  orderStatus: { maxBytes: 64 * KB, maxValues: 1000 },
  /** A dex's assets and margin tables (~100 KB). */
  meta: { maxBytes: 4 * MB, maxValues: 100_000 },
  /** A price per coin and spot pair (~100 KB): the one answer keyed by data, a field name per coin. */
  allMids: { maxBytes: 4 * MB, maxValues: 100_000, maxKeys: 16_384 },
  /** Every spot token and pair (a few hundred KB; ~12 values a token, ~5 a pair). */
  spotMeta: { maxBytes: 8 * MB, maxValues: 500_000 },
  /** The perp dexs with their settings (a few KB). */
  perpDexs: { maxBytes: 4 * MB, maxValues: 100_000 },
  /** A dex's account: up to `MAX_POSITIONS` (2,000) positions of ~25 values (~300 bytes) each, and the margin summaries. */
  clearinghouseState: { maxBytes: 2 * MB, maxValues: 60_000 },
  /** Up to `MAX_SPOT_BALANCES` (5,000) token balances of 6 values (~100 bytes) each. */
  spotClearinghouseState: { maxBytes: 2 * MB, maxValues: 40_000 },
  /** One role and at most one address. */
  userRole: { maxBytes: 4 * KB, maxValues: 100 },
  /** Up to 2,000 fills (`MAX_HISTORY_ITEMS`) of ~17 values (~450 bytes) each: ~1 MB. */
  userFills: { maxBytes: 4 * MB, maxValues: 80_000 },
  userFillsByTime: { maxBytes: 4 * MB, maxValues: 80_000 },
  /** Up to 2,000 funding payments of ~9 values. */
  userFunding: { maxBytes: 2 * MB, maxValues: 40_000 },
  /** Up to 2,000 ledger updates of at most ~15 values (a liquidation lists its positions: room for a few). */
  userNonFundingLedgerUpdates: { maxBytes: 4 * MB, maxValues: 80_000 },
  /** Up to 2,000 orders of ~16 values, with their status. */
  historicalOrders: { maxBytes: 4 * MB, maxValues: 80_000 },
  /** Up to 2,000 slice fills: a fill and its TWAP id. */
  userTwapSliceFills: { maxBytes: 4 * MB, maxValues: 80_000 },
} as const satisfies Record<string, AnswerLimits>;

export type InfoType = keyof typeof INFO_ANSWER_LIMITS;

/** Checked before any request: a wallet address, lowercased. */
function userArg(user: string): string {
  const address = parseAddress(user, untranslated);
  if (!address.ok) throw new ProviderError('badInput', (t) => said(parseAddress(user, t)));
  return address.value;
}

/** A refused input's reason, as the parser says it in the words it was given. */
const said = (parsed: { ok: true } | { ok: false; error: string }) => (parsed.ok ? '' : parsed.error);

function dexArg(dex: string): string {
  if (!DEX_NAME.test(dex)) throw new ProviderError('badInput', msg('“{0}” is not a perp dex name.', dex.slice(0, 40)));
  return dex;
}

/** A history request's time window (ms since the epoch), checked before it is sent. */
function timeArgs(startTime: number, endTime: number | undefined): { startTime: number; endTime?: number } {
  const ok = (t: number) => Number.isSafeInteger(t) && t >= 0;
  if (!ok(startTime) || (endTime !== undefined && (!ok(endTime) || endTime < startTime))) {
    throw new ProviderError('badInput', msg('A time range starts at or before its end, in whole milliseconds.'));
  }
  return endTime === undefined ? { startTime } : { startTime, endTime };
}

/**
 * How long market data that changes rarely (`perpDexs`, `spotMeta`, a dex's `meta`) is reused before it is
 * asked again: new dexs and pairs are listed rarely. The one figure for every part that keeps it.
 */
export const MARKET_DATA_KEEP_MS = 10 * 60_000;

/** The Hyperliquid info API: a wallet's orders and what became of them, spot pair names, perp dexs and mids. */
export class InfoClient {
  constructor(private readonly transport: JsonPoster) {}

  /** Pending orders of `user` on perp dex `dex` ("" = the first perp dex, which also returns spot orders). */
  async openOrders(user: string, dex = '', signal?: AbortSignal): Promise<OpenOrder[]> {
    const body = { type: 'openOrders', user: userArg(user), dex: dexArg(dex) };
    const json = await this.post(body, 'openOrders', signal);
    return toOpenOrders(this.orders(json, 'openOrders'), json as unknown[]);
  }

  /** The same orders with their type, trigger, TP/SL and children (same weight as `openOrders`; not on every provider). */
  async frontendOpenOrders(user: string, dex = '', signal?: AbortSignal): Promise<OpenOrder[]> {
    const body = { type: 'frontendOpenOrders', user: userArg(user), dex: dexArg(dex) };
    const json = await this.post(body, 'frontendOpenOrders', signal);
    return toOpenOrders(this.orders(json, 'frontendOpenOrders'), json as unknown[]);
  }

  /** A perp dex's `meta` ("" = the first one): its collateral token. */
  async perpMeta(dex: string, signal?: AbortSignal): Promise<PerpDexMeta> {
    const json = await this.post({ type: 'meta', dex: dexArg(dex) }, 'meta', signal);
    return toPerpMeta(this.shape(perpMetaResult, json, 'meta'));
  }

  /**
   * A perp dex's perps in order ("" = the first one): the same `meta` request, read for names and size
   * decimals (the transaction page names CoreWriter assets with it). A malformed item is a gap.
   */
  async perpAssets(dex: string, signal?: AbortSignal): Promise<(PerpAsset | undefined)[]> {
    const json = await this.post({ type: 'meta', dex: dexArg(dex) }, 'meta', signal);
    return toPerpAssets(this.shape(perpAssetsResult, json, 'meta'));
  }

  /** Mid prices by coin on perp dex `dex` ("" = the first one, with spot pairs). */
  async allMids(dex: string, signal?: AbortSignal): Promise<Map<string, string>> {
    const json = await this.post({ type: 'allMids', dex: dexArg(dex) }, 'allMids', signal);
    // valibot's record takes an array as an object of "0", "1", …: refuse it first.
    if (Array.isArray(json))
      throw new ProviderError('invalidResponse', msg('The provider’s answer to {0}', 'allMids: Invalid type: expected an object, not an array'), {
        endpoint: 'info',
      });
    return new Map(Object.entries(this.shape(allMidsResult, json, 'allMids')));
  }

  /** What became of order `oid` of `user`; undefined when the exchange does not know the order. */
  async orderStatus(user: string, oid: number, signal?: AbortSignal): Promise<OrderFate | undefined> {
    if (!Number.isSafeInteger(oid) || oid < 0) throw new ProviderError('badInput', msg('An order id is a whole number.'));
    const json = await this.post({ type: 'orderStatus', user: userArg(user), oid }, 'orderStatus', signal);
    return toOrderFate(this.shape(orderStatusResult, json, 'orderStatus'));
  }

  async spotMeta(signal?: AbortSignal): Promise<SpotMeta> {
    const json = await this.post({ type: 'spotMeta' }, 'spotMeta', signal);
    return toSpotMeta(this.shape(spotMetaResult, json, 'spotMeta'));
  }

  /** The perp dexs besides the first one (the API lists the first as `null`). */
  async perpDexs(signal?: AbortSignal): Promise<PerpDex[]> {
    const json = await this.post({ type: 'perpDexs' }, 'perpDexs', signal);
    return toPerpDexs(this.shape(perpDexsResult, json, 'perpDexs'));
  }

  /** `user`'s perp account on dex `dex` ("" = the first perp dex): positions, margin, withdrawable. */
  async clearinghouseState(user: string, dex = '', signal?: AbortSignal): Promise<PerpAccount> {
    const json = await this.post({ type: 'clearinghouseState', user: userArg(user), dex: dexArg(dex) }, 'clearinghouseState', signal);
    return toPerpAccount(this.shape(clearinghouseStateResult, json, 'clearinghouseState'), json);
  }

  /** `user`'s spot token balances, with what is on hold in orders. */
  async spotClearinghouseState(user: string, signal?: AbortSignal): Promise<SpotState> {
    const json = await this.post({ type: 'spotClearinghouseState', user: userArg(user) }, 'spotClearinghouseState', signal);
    return toSpotState(this.shape(spotClearinghouseStateResult, json, 'spotClearinghouseState'));
  }

  /** What `user` is: a user, an agent (API wallet) or sub-account with its master, a vault, or unknown (weight 60). */
  async userRole(user: string, signal?: AbortSignal): Promise<UserRole> {
    const json = await this.post({ type: 'userRole', user: userArg(user) }, 'userRole', signal);
    return toUserRole(this.shape(userRoleResult, json, 'userRole'));
  }

  /** `user`'s 2,000 newest fills, newest first (`userFills`; docs/FACTS.md#history). */
  async userFills(user: string, signal?: AbortSignal): Promise<Fill[]> {
    const json = await this.post({ type: 'userFills', user: userArg(user) }, 'userFills', signal);
    return this.fills(json, 'userFills');
  }

  /**
   * `user`'s fills from `startTime` (ms, inclusive) to `endTime` (ms; now when undefined), oldest first, at
   * most 2,000 per answer; only the 10,000 newest fills can be reached (docs/FACTS.md#history).
   */
  async userFillsByTime(user: string, startTime: number, endTime?: number, signal?: AbortSignal): Promise<Fill[]> {
    const body = { type: 'userFillsByTime', user: userArg(user), ...timeArgs(startTime, endTime) };
    const json = await this.post(body, 'userFillsByTime', signal);
    return this.fills(json, 'userFillsByTime');
  }

  /** `user`'s funding payments from `startTime` to `endTime` (ms), oldest first, a page at a time. */
  async userFunding(user: string, startTime: number, endTime?: number, signal?: AbortSignal): Promise<FundingPayment[]> {
    const body = { type: 'userFunding', user: userArg(user), ...timeArgs(startTime, endTime) };
    const json = await this.post(body, 'userFunding', signal);
    return toFundingPayments(this.shape(userFundingResult, json, 'userFunding'));
  }

  /** `user`'s deposits, withdrawals, transfers and other ledger updates from `startTime` to `endTime` (ms), oldest first, 500 a page. */
  async userNonFundingLedgerUpdates(user: string, startTime: number, endTime?: number, signal?: AbortSignal): Promise<LedgerUpdate[]> {
    const wallet = userArg(user);
    const body = { type: 'userNonFundingLedgerUpdates', user: wallet, ...timeArgs(startTime, endTime) };
    const json = await this.post(body, 'userNonFundingLedgerUpdates', signal);
    return toLedgerUpdates(this.shape(userNonFundingLedgerUpdatesResult, json, 'userNonFundingLedgerUpdates'), wallet);
  }

  /** `user`'s 2,000 most recent orders with what became of them (`historicalOrders`). */
  async historicalOrders(user: string, signal?: AbortSignal): Promise<HistoricalOrder[]> {
    const json = await this.post({ type: 'historicalOrders', user: userArg(user) }, 'historicalOrders', signal);
    return toHistoricalOrders(this.shape(historicalOrdersResult, json, 'historicalOrders'));
  }

  /** `user`'s most recent TWAP slice fills (`userTwapSliceFills`, at most 2,000). */
  async userTwapSliceFills(user: string, signal?: AbortSignal): Promise<TwapSliceFill[]> {
    const json = await this.post({ type: 'userTwapSliceFills', user: userArg(user) }, 'userTwapSliceFills', signal);
    return toTwapSliceFills(this.shape(userTwapSliceFillsResult, json, 'userTwapSliceFills'));
  }

  private post(body: Record<string, string | number>, label: InfoType, signal?: AbortSignal): Promise<unknown> {
    return this.transport.postJson('info', JSON.stringify(body), label, signal, INFO_ANSWER_LIMITS[label]);
  }

  private fills(json: unknown, what: string) {
    try {
      return readFills(json, what);
    } catch (e) {
      if (e instanceof InvalidShapeError) {
        throw new ProviderError('invalidResponse', msg('The provider’s answer to {0}', e.message), { endpoint: 'info' });
      }
      throw e;
    }
  }

  private orders(json: unknown, what: string) {
    try {
      return validateOrders(json, what);
    } catch (e) {
      if (e instanceof InvalidShapeError) {
        throw new ProviderError('invalidResponse', msg('The provider’s answer to {0}', e.message), { endpoint: 'info' });
      }
      throw e;
    }
  }

  private shape<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
    try {
      return validate(schema, value, what);
    } catch (e) {
      if (e instanceof InvalidShapeError) {
        throw new ProviderError('invalidResponse', msg('The provider’s answer to {0}', e.message), { endpoint: 'info' });
      }
      throw e;
    }
  }
}
