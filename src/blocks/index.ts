import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { BlockPanel } from './blockPanel';
import { lookUpBlock } from './lookUpBlock';
import { panelStateBlockNumber } from './protocol';
import { Commands, WebviewTypes } from '../ids';

/** Look Up Block: the command, and the block panels it opens (also restored after a window reload). */
export function registerBlocks(services: Services): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.lookUpBlock, (arg?: unknown) => lookUpBlock(services, arg)),
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.block, {
      deserializeWebviewPanel: async (panel, state) => BlockPanel.revive(services, panel, panelStateBlockNumber(state)),
    }),
    { dispose: () => BlockPanel.disposeAll() },
  );
}
