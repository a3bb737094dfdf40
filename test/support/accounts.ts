/** One perp position for the account tests: a 0.5 BTC long at 10× cross, as the API's fields read. */
import type { PerpPosition } from '../../src/core/model';

/** The position's own fields, as the API sends them inside `assetPositions[].position`. */
export const BTC_POSITION_FIELDS = {
  coin: 'BTC',
  szi: '0.5',
  entryPx: '98500.0',
  positionValue: '50620.0',
  unrealizedPnl: '1370.0',
  returnOnEquity: '0.27817',
  liquidationPx: '88120.4',
  leverage: { type: 'cross', value: 10 },
  marginUsed: '5062.0',
} as const;

/** The position as the model holds it, with `over` on top. */
export const btcPosition = (over: Partial<PerpPosition> = {}): PerpPosition => ({
  ...BTC_POSITION_FIELDS,
  leverage: { ...BTC_POSITION_FIELDS.leverage },
  raw: {},
  ...over,
});
