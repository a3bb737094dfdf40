import * as vscode from 'vscode';
import type { Services } from './services';
import { Commands } from '../ids';
import { registerCommands } from './commands';

/** A scheme of our own: the sample is read-only and closes without a "Save changes?" prompt. */
export const SAMPLE_SCHEME = 'hyperliquid-explorer-sample';

/**
 * The walkthrough's last step: a small Python file with a hex block number, a transaction hash and an
 * address to hover (`walkthroughSample.ts`, loaded when it is first opened, not at activation).
 */
export function registerWalkthroughCommands({ context }: Services): void {
  const sample = () => import('./walkthroughSample');
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SAMPLE_SCHEME, { provideTextDocumentContent: async () => (await sample()).hoverSample() }),
  );
  registerCommands(context, {
    [Commands.openHoverSample]: async () => (await sample()).openHoverSample(),
  });
}
