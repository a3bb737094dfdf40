import * as vscode from 'vscode';
import { parseBlockQuery, type BlockQuery } from '../core/input';
import { escapeIcons, escapeLinksAndIcons } from '../view/escape';
import { requireClients } from '../platform/accountCommands';
import type { Services } from '../platform/services';
import { blockHex, blockQueryFromArgument, blockQueryText, readRecentBlocks } from './blockQuery';
import { BlockPanel, type LookupResult } from './blockPanel';
import { panelStateBlockNumber } from './protocol';
import { rawBlockDocuments } from './rawJson';
import { Commands, StorageKeys, WebviewTypes } from '../ids';

/** Look Up Block: the command, and the block panels it opens (also restored after a window reload). */
export function registerBlocks(services: Services): void {
  rawBlockDocuments.register(services.context);
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.lookUpBlock, (arg?: unknown) => lookUpBlock(services, arg)),
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.block, {
      deserializeWebviewPanel: async (panel, state) => BlockPanel.revive(services, panel, panelStateBlockNumber(state)),
    }),
    { dispose: () => BlockPanel.disposeAll() },
  );
}

/**
 * Takes the block from the argument (a number, a decimal or hex string, `latest`) or asks for it, and
 * shows it. Resolves to what the panel ended up showing, or undefined when nothing was looked up.
 */
async function lookUpBlock(services: Services, arg: unknown): Promise<LookupResult | undefined> {
  const given = blockQueryFromArgument(arg);
  if (given && !given.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot look up that block: {0}', escapeLinksAndIcons(given.error)));
    return undefined;
  }
  // The key first: nobody should type a block number only to be told there is no key.
  const clients = await requireClients(services);
  if (!clients) return undefined;
  const query = given?.value ?? (await askForBlock(services.context));
  if (!query) return undefined;
  return BlockPanel.createOrShow(services, query);
}

interface BlockPickItem extends vscode.QuickPickItem {
  query?: BlockQuery;
}

/**
 * A quick pick rather than an input box: it lists the recent lookups, and still takes any typed block,
 * saying inline (as its only item) what is wrong with text that is not a block number.
 */
function askForBlock(context: vscode.ExtensionContext): Promise<BlockQuery | undefined> {
  const recent = readRecentBlocks(context.globalState.get(StorageKeys.recentBlocks));
  const latestItem: BlockPickItem = {
    label: 'latest',
    description: vscode.l10n.t('the newest block on the chain'),
    query: { kind: 'latest' },
  };
  const start: BlockPickItem[] = [
    latestItem,
    ...(recent.length ? [{ label: vscode.l10n.t('Recent'), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...recent.map((n) => ({ label: blockQueryText({ kind: 'number', number: n }), description: blockHex(n), query: { kind: 'number', number: n } as BlockQuery })),
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
            description: blockHex(parsed.value.number),
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
