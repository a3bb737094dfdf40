// What the panel suites (blocks, transactions) share: their tabs, and the two setups they run under (the
// extension's own demo data, then a standalone demo node as the provider, with faults).
import * as vscode from 'vscode';
import type { Services } from '../../src/platform/services';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { activatedServices } from './activated';

/** The panels' tabs of this viewType (VS Code prefixes the viewType of a webview tab). */
export function panelTabs(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

export async function closePanelTabs(viewType: string): Promise<void> {
  await vscode.window.tabGroups.close(panelTabs(viewType));
}

/** Hooks: the extension activated with demo data on (what Try Demo Data does, without its notification). */
export function useDemoData(viewType: string): () => Services {
  let services: Services | undefined;
  before(async () => {
    services = await activatedServices();
    await services.connection.startDemo();
    await closePanelTabs(viewType);
  });
  after(async () => {
    await closePanelTabs(viewType);
    await services?.connection.stopDemo();
  });
  return () => {
    if (!services) throw new Error('the extension is not activated (did the before hook fail?)');
    return services;
  };
}

/**
 * Hooks: a standalone demo node with fault control as the provider (base URL set, demo data off), its
 * faults cleared after each test; with `setKey`, its key is set first. Everything is undone after.
 */
export function useStandaloneNode(services: () => Services, viewType: string, { setKey = false } = {}): () => DemoNode {
  let node: DemoNode | undefined;
  const config = () => vscode.workspace.getConfiguration('hyperliquidExplorer');
  before(async () => {
    node = await startDemoNode({ control: true });
    await services().connection.stopDemo();
    await config().update('baseUrl', node.baseUrl, vscode.ConfigurationTarget.Global);
    if (setKey) await services().connection.setApiKey(node.apiKey); // the node's own key: fresh each start
    await closePanelTabs(viewType);
  });
  after(async () => {
    await closePanelTabs(viewType);
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await services().connection.clearApiKey();
    await node?.close();
  });
  afterEach(() => node?.clearFaults());
  return () => {
    if (!node) throw new Error('the demo node is not running (did the before hook fail?)');
    return node;
  };
}
