import * as vscode from 'vscode';
import { parseBlockQuery, type BlockQuery } from '../core/input';
import { toHex } from '../core/units';
import { escapeIcons } from '../view/escape';
import { askWithParsingPick, type ParsingPickItem } from '../platform/parsingPick';
import { vscodeTranslate } from '../platform/translate';
import { blockQueryText, readRecentBlocks } from './blockQuery';
import { StorageKeys } from '../ids';

/**
 * The block to look up: the recent lookups, or any typed block, saying inline (as its only item) what is
 * wrong with text that is not a block number.
 */
export function askForBlock(context: vscode.ExtensionContext): Promise<BlockQuery | undefined> {
  const recent = readRecentBlocks(context.globalState.get(StorageKeys.recentBlocks));
  const latestItem: ParsingPickItem<BlockQuery> = {
    label: 'latest',
    description: vscode.l10n.t('the newest block on the chain'),
    value: { kind: 'latest' },
  };
  return askWithParsingPick({
    title: vscode.l10n.t('Hyperliquid: Look Up Block'),
    placeholder: vscode.l10n.t('Type a block number: decimal (6699), hex (0x1a2b) or “latest”.'),
    start: [
      latestItem,
      ...(recent.length ? [{ label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator }] : []),
      ...recent.map((n) => ({ label: blockQueryText({ kind: 'number', number: n }), description: toHex(n), value: { kind: 'number', number: n } as BlockQuery })),
    ],
    itemFor: (text) => {
      const parsed = parseBlockQuery(text, vscodeTranslate);
      if (!parsed.ok) return { label: `$(error) ${escapeIcons(parsed.error)}` };
      if (parsed.value.kind === 'latest') return { ...latestItem, label: vscode.l10n.t('Look up the latest block') };
      return { label: vscode.l10n.t('Look up block {0}', blockQueryText(parsed.value)), description: toHex(parsed.value.number), value: parsed.value };
    },
  });
}
