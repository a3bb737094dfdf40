// The address page's HyperCore section (issue 35): HyperCore's view of the same address from the demo
// node's real answers over HTTP: a trader's spot balances and perp account value, an empty wallet as
// "not a HyperCore user", and a failure that costs the section only, with why.
import * as assert from 'node:assert/strict';
import { toHyperCoreView } from '../../src/address/addressViewModel';
import { MAX_HYPERCORE_BALANCES } from '../../src/address/protocol';
import { ProviderError } from '../../src/core/errors';
import type { ProviderClients } from '../../src/core/provider';
import type { SpotState } from '../../src/core/model';
import { groupThousands } from '../../src/core/units';
import { DEMO_WALLETS } from '../../src/demo/wallets';
import { useDemoClients } from '../support/demoNodes';

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));
const ask = (clients: ProviderClients, address: string) =>
  Promise.allSettled([clients.info.spotClearinghouseState(address), clients.info.clearinghouseState(address, '')]);

describe('address page: HyperCore’s view of the address', () => {
  const demo = useDemoClients();
  const node = demo.node;
  const clients = demo.clients;

  it('a trader: every non-zero spot balance by name, exact, and the first dex’s account value', async () => {
    const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
    const [spot, perp] = await ask(clients(), maker.address);
    const view = toHyperCoreView(spot, perp, why);
    assert.equal(view.kind, 'user');
    if (view.kind !== 'user' || spot.status !== 'fulfilled' || perp.status !== 'fulfilled') return;
    // Computed apart: the answer's balances whose total is not a zero, sorted by name.
    const expected = spot.value.balances
      .filter((b) => !/^-?0*(\.0*)?$/.test(b.total))
      .map((b) => b.coin)
      .sort();
    assert.deepEqual(
      view.balances.map((b) => b.coin),
      expected,
    );
    assert.ok(expected.length > 0);
    const hype = view.balances.find((b) => b.coin === 'HYPE');
    assert.equal(hype?.total, '1,250.5');
    assert.equal(view.accountValue, `${groupThousands(perp.value.accountValue)} USDC`);
    assert.equal(view.positions, perp.value.positions.length);
  });

  it('an empty wallet is “not a HyperCore user”', async () => {
    const empty = DEMO_WALLETS.find((w) => w.kind === 'empty')!;
    const [spot, perp] = await ask(clients(), empty.address);
    assert.deepEqual(toHyperCoreView(spot, perp, why), { kind: 'none' });
  });

  it('a failing /info costs the section only, and says why; one answer failing with nothing in the other is not “not a user”', async () => {
    node().setFaults([{ endpoint: 'info', kind: 'status', status: 500 }]);
    const [spot, perp] = await ask(clients(), DEMO_WALLETS[0]!.address);
    const view = toHyperCoreView(spot, perp, why);
    assert.equal(view.kind, 'unavailable');
    assert.match(view.kind === 'unavailable' ? view.note : '', /500/);
    const none: SpotState = { balances: [], unreadable: [] };
    const half = toHyperCoreView({ status: 'fulfilled', value: none }, { status: 'rejected', reason: new ProviderError('server', 'HTTP 500') }, why);
    assert.deepEqual(half, { kind: 'unavailable', note: 'HTTP 500' });
  });

  it('lists at most the page’s bound of balances and counts the rest', () => {
    const balances = Array.from({ length: MAX_HYPERCORE_BALANCES + 7 }, (_, i) => ({ coin: `T${String(i).padStart(3, '0')}`, total: '1', hold: '0' }));
    const view = toHyperCoreView({ status: 'fulfilled', value: { balances, unreadable: [] } }, { status: 'rejected', reason: new Error('x') }, why);
    assert.equal(view.kind === 'user' && view.balances.length, MAX_HYPERCORE_BALANCES);
    assert.equal(view.kind === 'user' && view.more, 7);
  });
});
