/**
 * Tree rows given as plain data (`view/treeRows.ts`: a label, a description, an icon, a tooltip as
 * content) turned into `TreeItem`s, their icons into `ThemeIcon`s and their tooltips into Markdown, with
 * every value from outside escaped.
 */
import * as vscode from 'vscode';
import { escapeMarkdown, revealInvisibles } from '../view/escape';
import type { IconRef, TooltipContent } from '../view/treeRows';

export function themeIcon(icon: IconRef): vscode.ThemeIcon {
  return icon.color ? new vscode.ThemeIcon(icon.id, new vscode.ThemeColor(icon.color)) : new vscode.ThemeIcon(icon.id);
}

/**
 * Appends untrusted text (a coin name, a label, an error message) to a tooltip, to be shown as written.
 * `appendText` is not enough: it leaves `:`, `.` and `@`, so VS Code's GFM autolinks still turn
 * `https://…`, `www.…` and `name@host` into links. Every ASCII punctuation character is
 * backslash-escaped instead (CommonMark allows it for all of them), and line breaks become spaces.
 */
export function appendData(md: vscode.MarkdownString, text: string): void {
  md.appendMarkdown(escapeMarkdown(text));
}

/** A row of plain data: its words and icon, as a tree shows them. */
export interface PlainRow {
  id: string;
  label: string;
  description: string;
  icon: IconRef;
  /** What a screen reader says for the row, when not its label. */
  accessibleLabel?: string;
}

export function rowItem(row: PlainRow, contextValue: string, state = vscode.TreeItemCollapsibleState.None): vscode.TreeItem {
  const it = new vscode.TreeItem(revealInvisibles(row.label), state);
  it.id = row.id;
  it.description = revealInvisibles(row.description);
  it.iconPath = themeIcon(row.icon);
  it.contextValue = contextValue;
  if (row.accessibleLabel !== undefined) it.accessibilityInformation = { label: revealInvisibles(row.accessibleLabel) };
  return it;
}

/** A row's tooltip (built when hovered): every value goes through `appendData`, which escapes it. */
export function tooltipMarkdown(content: TooltipContent): vscode.MarkdownString {
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
