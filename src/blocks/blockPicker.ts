import * as vscode from 'vscode';
import { parseBlockQuery, type BlockQuery } from '../core/input';
import { toHex } from '../core/units';
import { escapeIcons } from '../view/escape';
import { blockQueryText, readRecentBlocks } from './blockQuery';
import { StorageKeys } from '../ids';

interface BlockPickItem extends vscode.QuickPickItem {
  query?: BlockQuery;
}

/**
 * A quick pick rather than an input box: it lists the recent lookups, and still takes any typed block,
 * saying inline (as its only item) what is wrong with text that is not a block number.
 */
export function askForBlock(context: vscode.ExtensionContext): Promise<BlockQuery | undefined> {
  const recent = readRecentBlocks(context.globalState.get(StorageKeys.recentBlocks));
  const latestItem: BlockPickItem = {
    label: 'latest',
    description: vscode.l10n.t('the newest block on the chain'),
    query: { kind: 'latest' },
  };
  const start: BlockPickItem[] = [
    latestItem,
    ...(recent.length ? [{ label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...recent.map((n) => ({ label: blockQueryText({ kind: 'number', number: n }), description: toHex(n), query: { kind: 'number', number: n } as BlockQuery })),
  ];

  const pick = vscode.window.createQuickPick<BlockPickItem>();
  pick.title = vscode.l10n.t('Hyperliquid: Look Up Block');
  // What an empty box needs, said where the typing goes.
  pick.placeholder = vscode.l10n.t('Type a block number: decimal (6699), hex (0x1a2b) or “latest”.');
  pick.ignoreFocusOut = true;

  const update = () => {
    if (pick.value.trim() === '') {
      pick.items = start;
      return;
    }
    const parsed = parseBlockQuery(pick.value);
    const item: BlockPickItem = parsed.ok
      ? parsed.value.kind === 'latest'
        ? { ...latestItem, label: vscode.l10n.t('Look up the latest block'), alwaysShow: true }
        : {
            label: vscode.l10n.t('Look up block {0}', blockQueryText(parsed.value)),
            description: toHex(parsed.value.number),
            query: parsed.value,
            alwaysShow: true,
          }
      : { label: `$(error) ${escapeIcons(parsed.error)}`, alwaysShow: true };
    pick.items = [item];
    pick.activeItems = [item];
  };
  update();

  return new Promise((resolve) => {
    const disposables = [
      pick.onDidChangeValue(update),
      pick.onDidAccept(() => {
        const query = (pick.activeItems[0] ?? pick.selectedItems[0])?.query;
        if (!query) return; // the inline error: stay open, keep what was typed
        resolve(query);
        pick.hide();
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        disposables.forEach((d) => d.dispose());
        pick.dispose();
      }),
    ];
    pick.show();
  });
}
