/** Turns the account's rows (positions, a dex's account, spot balances) into `TreeItem`s, and their tooltips into Markdown. */
import * as vscode from 'vscode';
import { revealInvisibles } from '../view/escape';
import type { AccountRow, BalanceRow, PositionRow, UnreadableRow } from './accountViewModel';
import { appendData, themeIcon } from './orderTreeItems';

type AccountTreeRow = PositionRow | AccountRow | BalanceRow | UnreadableRow;

function item(row: AccountTreeRow, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const it = new vscode.TreeItem(revealInvisibles(row.label), state);
  it.id = row.id;
  it.description = revealInvisibles(row.description);
  it.iconPath = themeIcon(row.icon);
  it.contextValue = row.kind === 'position' ? row.contextValue : row.kind;
  return it;
}

/** A position, expanded when its TP/SL and reduce-only orders are under it. */
export function positionItem(row: PositionRow): vscode.TreeItem {
  const it = item(row, row.orders.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
  it.accessibilityInformation = { label: revealInvisibles(row.accessibleLabel) };
  return it;
}

export function accountItem(row: AccountRow): vscode.TreeItem {
  return item(row, vscode.TreeItemCollapsibleState.None);
}

export function balanceItem(row: BalanceRow): vscode.TreeItem {
  return item(row, vscode.TreeItemCollapsibleState.None);
}

/** An item of the answer that could not be read: its coin or place, and why. */
export function unreadableItem(row: UnreadableRow): vscode.TreeItem {
  return item(row, vscode.TreeItemCollapsibleState.None);
}

/** The row's tooltip (built when hovered): every value goes through `appendData`, which escapes it. */
export function rowTooltip(row: AccountTreeRow): vscode.MarkdownString {
  const content = row.tooltip();
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown('#### ');
  appendData(md, content.title);
  md.appendMarkdown('\n\n');
  if (content.intro) {
    appendData(md, content.intro);
    md.appendMarkdown('\n\n');
  }
  for (const [name, value] of content.lines) {
    md.appendMarkdown('**');
    appendData(md, name);
    md.appendMarkdown(':** ');
    appendData(md, value);
    md.appendMarkdown('  \n');
  }
  if (content.note) {
    md.appendMarkdown('\n');
    appendData(md, content.note);
  }
  return md;
}
