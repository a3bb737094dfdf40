import * as vscode from 'vscode';
import { parseBlockQuery, type BlockQuery } from '../core/input';
import { toHex } from '../core/units';
import { escapeIcons } from '../view/escape';
import { askWithParsingPick, type ParsingPickItem } from '../platform/parsingPick';
import { vscodeTranslate } from '../platform/translate';
import { recentBlocks } from '../core/recentLookUps';
import { recentLookUps } from '../platform/recentLookUpsStore';
import { blockQueryText } from './blockQuery';

/**
 * The block to look up: the blocks among the recent lookups (Look Up…'s list), or any typed block, saying inline (as its only item) what is
 * wrong with text that is not a block number.
 */
export function askForBlock(context: vscode.ExtensionContext): Promise<BlockQuery | undefined> {
  const recent = recentBlocks(recentLookUps(context.globalState));
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
      ...recent.map((n) => ({
        label: blockQueryText({ kind: 'number', number: n }),
        description: toHex(n),
        value: { kind: 'number', number: n } as BlockQuery,
      })),
    ],
    itemFor: (text) => {
      const parsed = parseBlockQuery(text, vscodeTranslate);
      if (!parsed.ok) return { label: `$(error) ${escapeIcons(parsed.error)}` };
      if (parsed.value.kind === 'latest') return { ...latestItem, label: vscode.l10n.t('Look up the latest block') };
      return { label: vscode.l10n.t('Look up block {0}', blockQueryText(parsed.value)), description: toHex(parsed.value.number), value: parsed.value };
    },
  });
}
