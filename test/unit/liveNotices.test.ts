// Which events of a live wallet notify (`orders.liveNotifications`): liquidations by default, fills only
// when chosen, none for an empty list; a liquidation's own fill is not told twice.
import { strict as assert } from 'node:assert';
import type { LiveFill, LiveLiquidation } from '../../src/core/hyperliquidSocket';
import { liveNotices, readableDecimal } from '../../src/orders/liveWallets';

const fill = (tid: number, liquidated = false): LiveFill => ({ coin: 'BTC', px: '60010.0', sz: '0.5', side: 'B', time: tid, oid: tid, tid, liquidated });
const liquidation: LiveLiquidation = { lid: 1, notional: '30005.0', accountValue: '1520.4' };

describe('live notifications: the user’s choice of events', () => {
  const update = { fills: [fill(1), fill(2, true)], liquidations: [liquidation] };

  it('liquidations only by default: fills are not told', () => {
    assert.deepEqual(liveNotices(['liquidations'], update), { liquidations: [liquidation], fills: [] });
  });

  it('fills when chosen, without the liquidation’s own fill when the liquidation is told', () => {
    assert.deepEqual(
      liveNotices(['liquidations', 'fills'], update).fills.map((f) => f.tid),
      [1],
    );
    assert.deepEqual(
      liveNotices(['fills'], update).fills.map((f) => f.tid),
      [1, 2],
      'fills only: the liquidation’s fill is told as a fill',
    );
    assert.deepEqual(liveNotices(['fills'], update).liquidations, []);
  });

  it('none for an empty list', () => {
    assert.deepEqual(liveNotices([], update), { liquidations: [], fills: [] });
  });

  it('writes prices as read', () => {
    assert.equal(readableDecimal('60010.0'), '60,010');
    assert.equal(readableDecimal('-1234.50'), '−1,234.5');
  });
});
