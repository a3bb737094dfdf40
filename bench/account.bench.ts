// Open Orders with the account behind the orders: a refresh of a wallet with 5,000 orders (the demo
// whale's `frontendOpenOrders`) and 200 positions on three dexs (100 on the first dex, 14 of them on the
// whale's coins so that its reduce-only orders move under them, 60 on `xyz`, 40 on `flx`), plus its spot
// balances, from the response texts to tree items: parse, validate, diff orders and positions, name,
// group, sort, label, move TP/SL under their positions, the TreeItem-shaped rows as plain data. Side by
// side with the same refresh of the orders alone. Alone: `npx tsx bench/account.bench.ts`.
import * as os from 'node:os';
import {
  clearinghouseStateResult,
  spotClearinghouseStateResult,
  toOpenOrders,
  toPerpAccount,
  toSpotState,
  validate,
  validateOrders,
} from '../src/core/infoSchemas';
import { demoLargeClearinghouseState, demoSpotClearinghouseState } from '../src/demo/accounts';
import { DEMO_WALLETS, startDemoNode } from '../src/demo/demoNode';
import { diffPositions, mergeAccount, type AccountSnapshot } from '../src/account/accountViewModel';
import { buildAccountView, type AccountView } from '../src/orders/walletAccountView';
import { buildWalletView, diffOrders, type GroupRow, type OrderRow, type WalletOrder } from '../src/orders/ordersViewModel';
import { untranslated } from '../src/view/format';
import { measure, stats, type BenchRow, type TreeItemShape } from './types';
import { runAlone } from './report';

const whale = DEMO_WALLETS.find((w) => w.kind === 'whale')!;
const maker = DEMO_WALLETS.find((w) => w.kind === 'marketMaker')!;
const WHALE_COINS = ['BTC', 'ETH', 'HYPE', 'SOL', 'ARB', 'DOGE', 'AVAX', 'LINK', 'XRP', 'SUI', 'kPEPE', 'BNB', 'LTC', 'ENA'];
const DEXS: [string, number][] = [
  ['', 100],
  ['xyz', 60],
  ['flx', 40],
];

const shape = (
  r: { id: string; label: string; description: string; icon: { id: string; color?: string } },
  contextValue: string,
  state: 0 | 1 | 2,
): TreeItemShape => ({
  id: r.id,
  label: r.label,
  description: r.description,
  iconPath: r.icon,
  contextValue,
  collapsibleState: state,
});

/** What `getTreeItem` hands VS Code for every row the tree draws, as plain data. */
function treeItems(groups: GroupRow[], account?: AccountView): TreeItemShape[] {
  const items: TreeItemShape[] = [];
  for (const g of groups) {
    items.push(shape(g, g.contextValue, g.orders.length <= 100 ? 2 : 1));
    const dex = g.groupKind === 'perps' ? account?.dexs.get(g.dex ?? '') : undefined;
    if (dex?.account) items.push(shape(dex.account, 'account', 0));
    for (const p of dex?.positions ?? []) {
      items.push(shape(p, p.contextValue, p.orders.length > 0 ? 2 : 0));
      for (const o of p.orders) items.push(shape(o, o.contextValue, 0));
    }
    if (g.groupKind === 'balances') for (const b of account?.balances ?? []) items.push(shape(b, 'balance', 0));
    for (const o of g.orders as OrderRow[]) items.push(shape(o, o.contextValue, 0));
  }
  return items;
}

function ordersFrom(text: string): WalletOrder[] {
  const json: unknown = JSON.parse(text);
  return toOpenOrders(validateOrders(json, 'frontendOpenOrders'), json as unknown[]).map((order) => ({ dex: '', order }));
}

/** The account answers as texts: 200 positions on three dexs (whale coins first on the first dex) and spot balances. */
function accountTexts(): { perps: [string, string][]; spot: string } {
  const perps = DEXS.map(([dex, count]): [string, string] => {
    const state = demoLargeClearinghouseState(dex, count) as { assetPositions: { position: { coin: string } }[] };
    if (dex === '') WHALE_COINS.forEach((coin, i) => (state.assetPositions[i]!.position.coin = coin));
    return [dex, JSON.stringify(state)];
  });
  return { perps, spot: JSON.stringify(demoSpotClearinghouseState(maker.address)) };
}

function accountFrom(texts: ReturnType<typeof accountTexts>, before: AccountSnapshot | undefined) {
  const perps = new Map(
    texts.perps.map(([dex, text]) => {
      const json: unknown = JSON.parse(text);
      return [dex, toPerpAccount(validate(clearinghouseStateResult, json, 'clearinghouseState'), json)];
    }),
  );
  const spot = toSpotState(validate(spotClearinghouseStateResult, JSON.parse(texts.spot), 'spotClearinghouseState')).balances;
  return mergeAccount({ perps, perpErrors: new Map(), spot, role: { role: 'user' } }, before);
}

export default async function run(): Promise<BenchRow[]> {
  const node = await startDemoNode();
  try {
    const res = await fetch(`${node.baseUrl}/${node.apiKey}/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'frontendOpenOrders', user: whale.address, dex: '' }),
    });
    const ordersText = await res.text();
    if ((JSON.parse(ordersText) as unknown[]).length !== 5000) throw new Error('expected 5,000 orders');
    const texts = accountTexts();
    const units = new Map([
      ['', 'USDC'],
      ['xyz', 'USDC'],
      ['flx', 'USDH'],
    ]);
    const previousOrders = ordersFrom(ordersText);
    const previousAccount = accountFrom(texts, undefined).snapshot;

    // Baseline: the refresh of the orders alone (as in orders.bench.ts).
    const ordersOnly = await measure(
      () => {
        const orders = ordersFrom(ordersText);
        const changes = diffOrders(previousOrders, orders);
        return treeItems(buildWalletView({ address: whale.address, orders, changes, units, t: untranslated }).groups);
      },
      40,
      5,
    );
    // Ours: the same with the account: 3 clearinghouseState answers and the spot balances.
    let positions = 0;
    let moved = 0;
    const withAccount = await measure(
      () => {
        const orders = ordersFrom(ordersText);
        const changes = diffOrders(previousOrders, orders);
        const view = buildWalletView({ address: whale.address, orders, changes, units, t: untranslated });
        const acct = accountFrom(texts, previousAccount);
        const positionChanges = diffPositions(previousAccount, acct.snapshot, acct.answered);
        const account = buildAccountView({
          address: whale.address,
          view,
          account: acct.snapshot,
          changes: positionChanges,
          units,
          rich: true,
          t: untranslated,
        });
        positions = account.positionCount;
        moved = [...account.dexs.values()].reduce((n, d) => n + d.positions.reduce((m, p) => m + p.orders.length, 0), 0);
        const items = treeItems(account.groups, account);
        if (items.length < 5200) throw new Error(`missing items: ${items.length}`);
        return items;
      },
      40,
      5,
    );
    if (positions !== 200) throw new Error(`expected 200 positions, got ${positions}`);
    const kb = Math.round(
      (Buffer.byteLength(ordersText) + texts.perps.reduce((n, [, t]) => n + Buffer.byteLength(t), 0) + Buffer.byteLength(texts.spot)) / 1024,
    );
    const ours = stats(withAccount);
    const base = stats(ordersOnly);
    return [
      {
        group: 'views',
        name: `Open Orders with the account: refresh of 5,000 orders and 200 positions on three dexs (+ spot balances) from the response texts (${kb} KB) → tree items (parse, validate, diff orders and positions, group, sort, label, ${moved} reduce-only orders moved under their positions)`,
        unit: 'ms',
        ours,
        baseline: { name: 'the same refresh of the 5,000 orders alone', stats: base },
        // Relative, so that a busy machine (which slows both alike) does not decide it.
        target: '≤ 1.25× the orders alone (median)',
        met: ours.median <= 1.25 * base.median,
        note: `the account adds ${(ours.median - base.median).toFixed(2)} ms at the median (${(ours.median / base.median).toFixed(2)}×); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs during the run`,
      },
    ];
  } finally {
    await node.close();
  }
}

if (require.main === module) runAlone(run);
