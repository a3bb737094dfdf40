/** Turns the view-model's rows into `TreeItem`s, and builds the tooltips (lazily, for orders). */
import * as vscode from 'vscode';
import { displayDecimal, subtractDecimals } from '../core/units';
import { vscodeTranslate } from '../platform/translate';
import { escapeMarkdown, revealInvisibles } from '../view/escape';
import { isoTime, timeAgo } from '../view/format';
import { appendData, themeIcon } from '../platform/treeItems';
import { fateText, groupEntries, notionalOf, type GroupRow, type OrderRow } from './ordersViewModel';

/** Groups with many orders start collapsed, so a 5,000-order wallet does not flood the view. */
const EXPAND_UP_TO = 100;

export function groupItem(row: GroupRow): vscode.TreeItem {
  const state = groupEntries(row).length <= EXPAND_UP_TO ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  const item = new vscode.TreeItem(revealInvisibles(row.label), state);
  item.id = row.id;
  item.description = row.description === undefined ? undefined : revealInvisibles(row.description);
  item.iconPath = themeIcon(row.icon);
  item.contextValue = row.contextValue;
  if (row.groupKind === 'gone') {
    item.tooltip = vscode.l10n.t(
      'Orders that were open at the previous refresh and are not any more, with what Hyperliquid says became of them (filled, cancelled, triggered, rejected) where the provider answers. Listed until the next refresh.',
    );
  } else if (row.groupKind === 'outcome') {
    item.tooltip = vscode.l10n.t('Orders on outcome markets (coins starting with #): neither perps nor spot pairs.');
  } else if (row.fullName) {
    item.tooltip = revealInvisibles(vscode.l10n.t('Perp dex “{0}” ({1})', row.dex ?? '', row.fullName));
  }
  return item;
}

export function orderItem(row: OrderRow): vscode.TreeItem {
  const item = new vscode.TreeItem(
    revealInvisibles(row.label),
    row.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  item.id = row.id;
  item.description = row.description === undefined ? undefined : revealInvisibles(row.description);
  item.iconPath = themeIcon(row.icon);
  item.contextValue = row.contextValue;
  item.accessibilityInformation = { label: orderAccessibleLabel(row) };
  return item;
}

function sideWord(row: OrderRow): string {
  return row.order.side === 'B' ? vscode.l10n.t('Bid (buy)') : vscode.l10n.t('Ask (sell)');
}

function orderAccessibleLabel(row: OrderRow): string {
  const status = row.change?.kind === 'gone' ? vscode.l10n.t('gone') : row.change?.kind === 'new' ? vscode.l10n.t('new') : '';
  return revealInvisibles([row.label, sideWord(row), row.description, status].filter(Boolean).join(', '));
}

/** Every field of the order, as Markdown; all data goes through `appendData`, which escapes it. */
export function orderTooltip(row: OrderRow, now = Date.now()): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  const { order, market } = row;
  const quote = market.quote ?? '';
  const line = (name: string, value: string) => {
    md.appendMarkdown(`**${escapeMarkdown(name)}:** `);
    appendData(md, value);
    md.appendMarkdown('  \n');
  };
  md.appendMarkdown('#### ');
  appendData(md, `${market.name} · ${sideWord(row)}`);
  md.appendMarkdown('\n\n');
  if (row.change?.kind === 'gone') {
    const fate = row.change.fate;
    md.appendText(
      fate
        ? vscode.l10n.t('No longer open since the previous refresh: {0} at {1}.', fateText(fate.status, vscodeTranslate), isoTime(fate.at))
        : row.change.fateMissing
          ? vscode.l10n.t('No longer open since the previous refresh; what became of it is not known: {0}.', row.change.fateMissing)
          : vscode.l10n.t('No longer open since the previous refresh (what became of it was not looked up or not answered).'),
    );
    md.appendMarkdown('\n\n');
  } else if (row.change?.kind === 'new') {
    md.appendText(vscode.l10n.t('New since the previous refresh.'));
    md.appendMarkdown('\n\n');
  }
  line(vscode.l10n.t('Coin'), market.name === market.rawCoin ? market.rawCoin : `${market.name} (${market.rawCoin})`);
  line(
    vscode.l10n.t('Market'),
    market.kind === 'spot' ? vscode.l10n.t('Spot') : market.dex === '' ? vscode.l10n.t('Perps') : vscode.l10n.t('Perps on dex “{0}”', market.dex),
  );
  line(vscode.l10n.t('Side'), sideWord(row));
  if (order.orderType) line(vscode.l10n.t('Order type'), order.orderType);
  if (order.isTrigger && order.triggerPx !== undefined) {
    line(vscode.l10n.t('Trigger price'), withUnit(displayDecimal(order.triggerPx), quote));
    if (order.triggerCondition) line(vscode.l10n.t('Trigger condition'), order.triggerCondition);
  }
  line(vscode.l10n.t('Limit price'), withUnit(displayDecimal(order.limitPx), quote));
  if (row.fromMid !== undefined) line(vscode.l10n.t('Distance from mid'), `${row.fromMid}%`);
  if (order.isPositionTpsl) line(vscode.l10n.t('Size'), vscode.l10n.t('entire position (a position TP/SL)'));
  line(vscode.l10n.t('Size (remaining)'), displayDecimal(order.sz));
  if (row.change?.kind === 'resized') {
    line(vscode.l10n.t('Size at the previous refresh'), `${displayDecimal(row.change.from)} → ${displayDecimal(row.change.to)}`);
  }
  if (order.origSz !== undefined) {
    line(vscode.l10n.t('Original size'), displayDecimal(order.origSz));
    line(vscode.l10n.t('Filled so far'), displayDecimal(subtractDecimals(order.origSz, order.sz)));
  }
  line(vscode.l10n.t('Notional (size × price)'), withUnit(displayDecimal(notionalOf(row.order)), quote));
  line(vscode.l10n.t('Order id'), String(order.oid));
  if (order.cloid) line(vscode.l10n.t('Client order id'), order.cloid);
  line(vscode.l10n.t('Reduce only'), order.reduceOnly ? vscode.l10n.t('yes') : vscode.l10n.t('no'));
  if (order.tif) line(vscode.l10n.t('Time in force'), order.tif);
  if (row.children?.length) line(vscode.l10n.t('Attached TP/SL'), String(row.children.length));
  line(vscode.l10n.t('Placed'), `${isoTime(order.timestamp)} (${timeAgo((now - order.timestamp) / 1000, vscodeTranslate)})`);
  return md;
}

function withUnit(value: string, unit: string): string {
  return unit ? `${value} ${unit}` : value;
}
