// One wallet's history over a range, from the real demo node: every fill once past 2,000, funding and
// ledger pages of 500, orders and TWAP slices kept to the range, and a failing section keeping the rest.
import { strict as assert } from 'node:assert';
import { useDemoNodes } from '../support/demoNodes';
import { DEMO_WALLETS } from '../../src/demo/demoNode';
import { createProviderClients } from '../../src/core/provider';
import { WalletHistory } from '../../src/walletHistory/historySource';

const MAKER = DEMO_WALLETS[0]!.address;

describe('wallet history source (demo node)', () => {
  const start = useDemoNodes();

  it('loads every fill of the range once, past 2,000, and the other sections beside them', async () => {
    const node = await start();
    const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
    const raw = (await (
      await fetch(`${node.baseUrl}/${node.apiKey}/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'userFills', user: MAKER }),
      })
    ).json()) as { tid: number }[];
    const history = new WalletHistory(clients.info, MAKER, 0, Date.now());
    await history.loadFirst();
    assert.equal(history.fills.rows.length, 2000);
    assert.ok(history.hasMore('fills'));
    while (history.hasMore('fills')) await history.more('fills');
    const tids = history.fills.rows.map((f) => f.tid);
    assert.ok(tids.length > 4000, `${tids.length} fills`);
    assert.equal(new Set(tids).size, tids.length, 'each fill once');
    // The newest 2,000 (userFills) are the last 2,000 paged by time.
    assert.deepEqual(new Set(tids.slice(-2000)), new Set(raw.map((f) => f.tid)));
    assert.equal(history.funding.rows.length, 500);
    while (history.hasMore('funding')) await history.more('funding');
    assert.ok(history.funding.rows.length > 500);
    assert.ok(history.ledger.rows.length > 10 && history.orders.length > 0 && history.twap.length > 0);
    assert.equal(history.errors.size, 0);
  });

  it('a section that fails keeps what it loaded and says why; the others go on', async () => {
    const node = await start({ control: true });
    const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
    const history = new WalletHistory(clients.info, MAKER, 0, Date.now());
    await history.loadFirst();
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'info', times: 1 }]);
    await history.more('fills');
    assert.ok(history.errors.has('fills'));
    assert.equal(history.fills.rows.length, 2000, 'what was loaded is kept');
    await history.more('fills');
    assert.ok(!history.errors.has('fills'));
    assert.ok(history.fills.rows.length > 3990, 'the next answer (its first rows shared with the last one’s millisecond) added');
  });
});
