/**
 * The status bar item with the chain's latest block (setting `blocks.statusBar`, off by default; this
 * module loads only when it is on). Fed by the connection's feed of new blocks (`headsHost.ts`), the same
 * one the block pages follow: pushed by `eth_subscribe` where the provider serves it, else polled, as its
 * tooltip says. Clicking it opens the latest block. The connection lives only while the item is shown.
 */
import * as vscode from 'vscode';
import type { Subscription } from '../core/emitter';
import { groupThousands } from '../core/units';
import { Commands, Settings, settingId, StatusBarItems } from '../ids';
import { settings } from '../platform/settings';
import { networkLabel } from '../platform/networkWords';
import type { Services } from '../platform/services';
import { headsFeedFor } from './headsHost';
import { followNote } from './labels';
import type { HeadsFeed } from './headsFeed';

/** The item while shown (the setting's changes call `showLatestBlock` again: once is enough). */
let shown: vscode.Disposable | undefined;

/** Shows the item while the setting is on; it goes when the setting is turned off, and with the extension. */
export function showLatestBlock(services: Services): void {
  if (shown || !settings.blocksStatusBar()) return;
  const off = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(settingId(Settings.blocksStatusBar)) && !settings.blocksStatusBar()) shown?.dispose();
  });
  const item = createItem(services);
  shown = new vscode.Disposable(() => {
    off.dispose();
    item.dispose();
    shown = undefined;
  });
  services.context.subscriptions.push(shown);
}

function createItem(services: Services): vscode.Disposable {
  const { connection } = services;
  const item = vscode.window.createStatusBarItem(StatusBarItems.latestBlock, vscode.StatusBarAlignment.Left, 48);
  item.name = vscode.l10n.t('Hyperliquid Latest Block');
  item.command = { title: vscode.l10n.t('Open the latest block'), command: Commands.lookUpBlock, arguments: ['latest'] };
  let subs: Subscription[] = [];
  let feed: HeadsFeed | undefined;
  let generation = 0;
  const draw = (n: number | undefined) => {
    item.text = `$(symbol-numeric) ${n === undefined ? '…' : groupThousands(String(n))}`;
    const preset = connection.preset();
    const provider = connection.isDemo ? vscode.l10n.t('The demo node') : preset.id === 'custom' ? vscode.l10n.t('Your provider') : preset.name;
    const how = feed ? followNote(feed.status, provider, vscode.l10n.t).note : null;
    item.tooltip = [vscode.l10n.t('Latest block on {0}. Click to open it.', networkLabel(connection.network)), how].filter(Boolean).join('\n\n');
  };
  const follow = async () => {
    const mine = ++generation;
    for (const s of subs) s.dispose();
    subs = [];
    feed = undefined;
    draw(undefined);
    const clients = await connection.clients().catch(() => undefined);
    if (!clients || mine !== generation) return;
    const f = headsFeedFor(services, clients);
    feed = f;
    subs = [f.onStatus(() => draw(f.latest)), f.follow((n) => draw(n))];
    draw(f.latest);
  };
  item.show();
  void follow();
  const changed = connection.onDidChange(() => void follow());
  return {
    dispose: () => {
      generation++;
      for (const s of subs) s.dispose();
      changed.dispose();
      item.dispose();
    },
  };
}
