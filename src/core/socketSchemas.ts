/**
 * Schemas for what Hyperliquid's WebSocket sends (`{channel, data}`), with valibot, as `infoSchemas.ts`
 * has for the info answers: the fields we use must have the right shape, extra fields are allowed.
 * Channels and shapes: docs/FACTS.md#websocket (Hyperliquid's `websocket/subscriptions`
 * page; nktkas/hyperliquid:src/api/subscription/_methods/userFills.ts, and the same folder for openOrders).
 */
import * as v from 'valibot';
import { ADDRESS, HASH, HEX_SAFE_INTEGER } from './hex';
import { allMidsResult, clearinghouseStateResult, openOrdersResult, spotClearinghouseStateResult } from './infoSchemas';

const DECIMAL = /^-?\d{1,40}(\.\d{1,40})?$/;
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const decimal = v.pipe(v.string(), v.regex(DECIMAL, 'expected a decimal number as a string'));
const address = v.pipe(
  v.string(),
  v.regex(ADDRESS, 'expected a 0x address'),
  v.transform((s) => s.toLowerCase()),
);
const label = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** The most fills one `userFills` message may hold (the snapshot carries the 2,000 newest at most). */
export const MAX_SOCKET_FILLS = 2_000;

/** Every message: a channel name and its data. */
export const socketEnvelope = v.looseObject({ channel: label(64), data: v.optional(v.unknown()) });

/** One fill, as `userFills` and `userEvents` send it. */
export const socketFill = v.looseObject({
  coin: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  px: decimal,
  sz: decimal,
  side: v.picklist(['A', 'B']),
  time: count,
  oid: count,
  tid: count,
  dir: v.optional(label(100)),
  closedPnl: v.optional(decimal),
  fee: v.optional(decimal),
  feeToken: v.optional(label(100)),
  hash: v.optional(label(100)),
  liquidation: v.optional(
    v.nullable(v.looseObject({ liquidatedUser: v.optional(v.nullable(address)), markPx: v.optional(decimal), method: v.optional(label(100)) })),
  ),
});

export const userFillsData = v.looseObject({
  user: address,
  isSnapshot: v.optional(v.boolean()),
  fills: v.pipe(v.array(socketFill), v.maxLength(MAX_SOCKET_FILLS)),
});

/** `openOrders` (per user and dex): the whole list, as `frontendOpenOrders` answers it. */
export const openOrdersData = v.looseObject({ user: address, dex: label(100), orders: openOrdersResult });

/**
 * `clearinghouseState` (per user and dex): the whole account of that dex, as the info answer's
 * (nktkas/hyperliquid:src/api/subscription/_methods/clearinghouseState.ts: `{dex, user, clearinghouseState}`).
 */
export const clearinghouseStateData = v.looseObject({ user: address, dex: label(100), clearinghouseState: clearinghouseStateResult });

/**
 * `spotState` (per user): the spot balances, as the info API's `spotClearinghouseState` answers them
 * (nktkas/hyperliquid:src/api/subscription/_methods/spotState.ts: `{user, spotState}`).
 */
export const spotStateData = v.looseObject({ user: address, spotState: spotClearinghouseStateResult });

/**
 * `allMids` (per dex; the first dex's has no `dex`, or ""): every coin's mid, as the info answer's
 * (nktkas/hyperliquid:src/api/subscription/_methods/allMids.ts: `{mids, dex?}`). An array is refused, as
 * the info client refuses it (valibot's record would take it as an object of "0", "1", …).
 */
export const allMidsData = v.looseObject({
  dex: v.optional(label(100)),
  mids: v.pipe(
    v.custom<unknown>((x) => !Array.isArray(x), 'expected an object, not an array'),
    allMidsResult,
  ),
});

/** `userEvents` arrives on channel `user`: fills | funding | liquidation | nonUserCancel (one of them). */
export const userEventData = v.looseObject({
  liquidation: v.optional(
    v.looseObject({
      lid: count,
      liquidator: address,
      liquidated_user: address,
      liquidated_ntl_pos: decimal,
      liquidated_account_value: decimal,
    }),
  ),
});

export const subscriptionResponseData = v.looseObject({
  method: label(32),
  subscription: v.looseObject({ type: label(64), user: v.optional(address), dex: v.optional(label(100)) }),
});

export type SocketFill = v.InferOutput<typeof socketFill>;

// ---- A provider's `eth_subscribe` over WebSocket (JSON-RPC 2.0; docs/FACTS.md#websocket) ----

const HEX_NUMBER = v.pipe(
  v.string(),
  v.regex(HEX_SAFE_INTEGER, 'expected a 0x block number'),
  v.transform((s) => Number.parseInt(s, 16)),
);
const HASH_TEXT = v.pipe(
  v.string(),
  v.regex(HASH, 'expected a 32-byte 0x hash'),
  v.transform((s) => s.toLowerCase()),
);

/** A new head as `newHeads` sends it (and `eth_getBlockByNumber` answers): the fields we use. */
export const newHead = v.looseObject({ number: HEX_NUMBER, hash: HASH_TEXT, parentHash: HASH_TEXT, timestamp: v.optional(v.string()) });

/** An answer to one of our requests (`id`). */
export const rpcSocketAnswer = v.looseObject({
  jsonrpc: v.literal('2.0'),
  id: v.pipe(v.number(), v.safeInteger()),
  result: v.optional(v.unknown()),
  error: v.optional(v.looseObject({ code: v.number(), message: v.pipe(v.string(), v.maxLength(10_000)) })),
});

/** A subscription's notification. */
export const rpcSocketNotification = v.looseObject({
  jsonrpc: v.literal('2.0'),
  method: v.literal('eth_subscription'),
  params: v.looseObject({ subscription: label(100), result: v.unknown() }),
});
