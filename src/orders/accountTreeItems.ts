/** Turns the account's rows (positions, a dex's account, spot balances) into `TreeItem`s, and builds their tooltips lazily. */
import * as vscode from 'vscode';
import { vscodeTranslate } from '../platform/translate';
import { revealInvisibles } from '../view/escape';
import { isoTime } from '../view/format';
import { AMOUNT_DIGITS, NEAR_LIQUIDATION_PERCENT, PERCENT_DIGITS, PRICE_SIGNIFICANT, showAmount, showExact } from './accountFigures';
import { leverageText, type AccountRow, type BalanceRow, type PositionRow } from './accountViewModel';
import { appendData, themeIcon } from './orderTreeItems';

function item(row: PositionRow | AccountRow | BalanceRow, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const it = new vscode.TreeItem(revealInvisibles(row.label), state);
  it.id = row.id;
  it.description = revealInvisibles(row.description);
  it.iconPath = themeIcon(row.icon);
  it.contextValue = row.kind === 'position' ? row.contextValue : row.kind;
  return it;
}

export function positionItem(row: PositionRow): vscode.TreeItem {
  const it = item(row, row.orders.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
  const near = row.figures.nearLiquidation ? vscode.l10n.t('near liquidation') : '';
  it.accessibilityInformation = { label: revealInvisibles([row.label, row.description, near].filter(Boolean).join(', ')) };
  return it;
}

export function accountItem(row: AccountRow): vscode.TreeItem {
  return item(row, vscode.TreeItemCollapsibleState.None);
}

export function balanceItem(row: BalanceRow): vscode.TreeItem {
  return item(row, vscode.TreeItemCollapsibleState.None);
}

/** A tooltip of `name: value` lines; every value goes through `appendData`, which escapes it. */
function tooltip(title: string, intro?: string): { md: vscode.MarkdownString; line: (name: string, value: string) => void } {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown('#### ');
  appendData(md, title);
  md.appendMarkdown('\n\n');
  if (intro) {
    md.appendText(intro);
    md.appendMarkdown('\n\n');
  }
  const line = (name: string, value: string) => {
    appendData(md, `${name}: `);
    appendData(md, value);
    md.appendMarkdown('  \n');
  };
  return { md, line };
}

const withUnit = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

/** The rule by which figures are rounded, said where they are read. */
function roundingNote(): string {
  return vscode.l10n.t(
    'Figures are exact from Hyperliquid’s answer and rounded once, half away from zero: amounts to {0} decimals, percentages to {1}, prices to {2} significant digits; sizes are not rounded. The exact values are above.',
    AMOUNT_DIGITS,
    PERCENT_DIGITS,
    PRICE_SIGNIFICANT,
  );
}

export function positionTooltip(row: PositionRow): vscode.MarkdownString {
  const { position: p, figures: f, unit } = row;
  const side = f.side === 'long' ? vscode.l10n.t('Long') : vscode.l10n.t('Short');
  const intro =
    row.change?.kind === 'closed'
      ? vscode.l10n.t('Closed since the previous refresh; the figures are from then.')
      : f.nearLiquidation
        ? vscode.l10n.t('Within {0}% of its liquidation price.', NEAR_LIQUIDATION_PERCENT)
        : undefined;
  const { md, line } = tooltip(`${row.label} · ${side}`, intro);
  const unitName = unit ?? vscode.l10n.t('the dex’s collateral (unit not known)');
  line(vscode.l10n.t('Coin'), p.coin);
  line(vscode.l10n.t('Market'), row.dex === '' ? vscode.l10n.t('Perps') : vscode.l10n.t('Perps on dex “{0}”', row.dex));
  line(vscode.l10n.t('Size (signed: + long, − short)'), `${showExact(p.szi)} ${row.label}`);
  line(vscode.l10n.t('Entry price'), withUnit(showExact(p.entryPx), unit));
  line(vscode.l10n.t('Mark price (position value ÷ size)'), withUnit(f.mark, unit));
  line(vscode.l10n.t('Position value'), withUnit(showExact(p.positionValue), unit));
  line(vscode.l10n.t('Unrealized PnL'), withUnit(showExact(p.unrealizedPnl), unit));
  line(vscode.l10n.t('Return on equity'), `${f.roe}% (${showExact(p.returnOnEquity)})`);
  line(vscode.l10n.t('Leverage'), leverageText(p, vscodeTranslate) + (p.maxLeverage !== undefined ? ` (${vscode.l10n.t('max {0}×', p.maxLeverage)})` : ''));
  line(vscode.l10n.t('Margin used'), withUnit(showExact(p.marginUsed), unit));
  if (p.leverage.type === 'isolated' && p.leverage.rawUsd !== undefined) line(vscode.l10n.t('Isolated raw USD'), showExact(p.leverage.rawUsd));
  line(
    vscode.l10n.t('Liquidation price'),
    p.liquidationPx === undefined ? vscode.l10n.t('none (Hyperliquid sends none for this position)') : withUnit(showExact(p.liquidationPx), unit),
  );
  if (f.liquidationDistance !== undefined) line(vscode.l10n.t('Distance from the mark to liquidation'), `${f.liquidationDistance}%`);
  if (p.cumFunding) {
    // Signs as Hyperliquid sends them in cumFunding.
    line(vscode.l10n.t('Funding since open (cumFunding.sinceOpen)'), withUnit(showAmount(p.cumFunding.sinceOpen, true), unitName));
    line(vscode.l10n.t('Funding since the last size change'), withUnit(showAmount(p.cumFunding.sinceChange, true), unitName));
    line(vscode.l10n.t('Funding, all time'), withUnit(showAmount(p.cumFunding.allTime, true), unitName));
  } else line(vscode.l10n.t('Funding since open'), vscode.l10n.t('not sent by the provider'));
  line(
    vscode.l10n.t('Stop-loss'),
    row.protection === 'stop'
      ? vscode.l10n.t('yes (below)')
      : row.protection === 'none'
        ? vscode.l10n.t('none: no stop order reduces this position')
        : vscode.l10n.t('unknown: the provider lists no trigger orders (frontendOpenOrders)'),
  );
  md.appendMarkdown('\n');
  md.appendText(roundingNote());
  return md;
}

export function accountTooltip(row: AccountRow): vscode.MarkdownString {
  const a = row.account;
  const unit = row.unit ?? vscode.l10n.t('the dex’s collateral (unit not known)');
  const { md, line } = tooltip(row.dex === '' ? vscode.l10n.t('Perps account') : vscode.l10n.t('Perps account on dex “{0}”', row.dex));
  line(vscode.l10n.t('Account value'), withUnit(showExact(a.accountValue), unit));
  line(vscode.l10n.t('Margin used'), withUnit(showExact(a.totalMarginUsed), unit));
  line(vscode.l10n.t('Total position notional'), withUnit(showExact(a.totalNtlPos), unit));
  if (a.crossMaintenanceMarginUsed !== undefined) line(vscode.l10n.t('Cross maintenance margin'), withUnit(showExact(a.crossMaintenanceMarginUsed), unit));
  line(vscode.l10n.t('Withdrawable'), withUnit(showExact(a.withdrawable), unit));
  if (a.time !== undefined) line(vscode.l10n.t('As of'), isoTime(a.time));
  md.appendMarkdown('\n');
  md.appendText(roundingNote());
  return md;
}

export function balanceTooltip(row: BalanceRow): vscode.MarkdownString {
  const b = row.balance;
  const { md, line } = tooltip(vscode.l10n.t('Spot balance: {0}', row.label));
  line(vscode.l10n.t('Token'), b.coin === row.label ? `${b.coin} (${b.token})` : `${row.label} (${b.coin}, ${b.token})`);
  line(vscode.l10n.t('Total'), `${showExact(b.total)} ${row.label}`);
  line(vscode.l10n.t('On hold (in open orders)'), `${showExact(b.hold)} ${row.label}`);
  if (b.entryNtl !== undefined) line(vscode.l10n.t('Entry notional (USDC)'), showExact(b.entryNtl));
  return md;
}
