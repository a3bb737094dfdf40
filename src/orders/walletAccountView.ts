/**
 * A wallet's view with its account in it: the one model the tree draws for a wallet. The orders' groups
 * (`ordersViewModel.ts`) get the account's rows (`account/api.ts`): a perps group per dex with an account
 * to show, each position with its TP/SL and reduce-only orders moved under it from the dex's orders (and
 * still counted among them), and the spot balances' group. Plain data, no `vscode`.
 */
import { balancesHeading, buildAccountRows, protects, withAccountCounts, type AccountRows, type AccountRowsInput, type PositionOrders } from '../account/api';
import {
  copyGroup,
  dropEntries,
  entryRows,
  groupEntries,
  groupOrderCount,
  orderCountText,
  type GroupEntry,
  type GroupRow,
  type OrderRow,
  type WalletView,
} from './ordersViewModel';

export interface AccountView extends AccountRows<OrderRow> {
  /** The wallet's groups with the account in them: dexs with positions, the spot balances group. */
  groups: GroupRow[];
}

export interface AccountViewInput extends AccountRowsInput {
  /** The orders' view, built first: its groups get the account added and its TP/SL moved. */
  view: WalletView;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The orders' view with the account added: the one model the tree draws for a wallet. */
export function buildAccountView(input: AccountViewInput): AccountView {
  const { address, t } = input;
  // Copies: a group whose orders move under positions loses them, the view's keeps them (rows unbuilt).
  const groups = input.view.groups.map(copyGroup);
  const perpsGroup = (dex: string): GroupRow => {
    let g = groups.find((x) => x.groupKind === 'perps' && x.dex === dex);
    if (!g) {
      g = {
        kind: 'group',
        id: `group:${address}:${dex}`,
        groupKind: 'perps',
        dex,
        label: dex === '' ? t('Perps') : dex,
        description: '',
        icon: { id: dex === '' ? 'graph-line' : 'layers' },
        contextValue: 'group',
        orders: [],
      };
      groups.push(g);
    }
    return g;
  };
  const perps = new Map<string, GroupRow>();
  const rows = buildAccountRows(input, (dex) => {
    const group = perpsGroup(dex);
    perps.set(dex, group);
    return new OrderMoves(group);
  });
  for (const [dex, group] of perps) group.description = withAccountCounts(orderCountText(groupOrderCount(group), t), rows.dexs.get(dex)!, t);
  const balances = balancesHeading(rows, t);
  if (balances) groups.push(balancesGroup(address, balances, rows.balancesError));
  return { groups: ordered(groups), ...rows };
}

function balancesGroup(address: string, heading: NonNullable<ReturnType<typeof balancesHeading>>, error: string | undefined): GroupRow {
  return {
    kind: 'group',
    id: `group:${address}:balances`,
    groupKind: 'balances',
    label: heading.label,
    description: heading.description,
    icon: heading.icon,
    contextValue: 'group',
    orders: [],
    error,
  };
}

/** Perps groups first (the first dex, then by name), then spot, spot balances, outcomes, gone. */
function ordered(groups: GroupRow[]): GroupRow[] {
  const rank = (g: GroupRow) => ({ perps: 0, spot: 1, balances: 2, outcome: 3, gone: 4 })[g.groupKind];
  return [...groups].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r !== 0 || a.groupKind !== 'perps') return r;
    return a.dex === b.dex ? 0 : a.dex === '' ? -1 : b.dex === '' ? 1 : collator.compare(a.dex ?? '', b.dex ?? '');
  });
}

/**
 * The group's orders that reduce a position, moved under it; the group keeps counting them. The orders
 * are looked up by coin (one pass over a group of up to 5,000), and the group's list is rebuilt once.
 */
class OrderMoves implements PositionOrders<OrderRow> {
  private byCoin?: Map<string, GroupEntry[]>;
  private readonly taken = new Set<GroupEntry>();

  constructor(private readonly group: GroupRow) {}

  take(coin: string, side: 'long' | 'short'): OrderRow[] {
    if (!this.byCoin) {
      this.byCoin = new Map();
      for (const entry of groupEntries(this.group)) {
        const list = this.byCoin.get(entry.market.rawCoin);
        if (list) list.push(entry);
        else this.byCoin.set(entry.market.rawCoin, [entry]);
      }
    }
    const taken = (this.byCoin.get(coin) ?? []).filter((entry) => protects(entry.order, side));
    for (const entry of taken) this.taken.add(entry);
    return entryRows(this.group, taken);
  }

  done(): void {
    if (this.taken.size === 0) return;
    dropEntries(this.group, this.taken);
    let moved = 0;
    for (const entry of this.taken) moved += 1 + (entry.order.children?.length ?? 0);
    this.group.movedOrders = (this.group.movedOrders ?? 0) + moved;
  }
}
