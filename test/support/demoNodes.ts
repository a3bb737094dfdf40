/** Demo nodes started by a suite and closed after it: call in a `describe`, then `await start(options)`. */
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';

export function useDemoNodes(): (...args: Parameters<typeof startDemoNode>) => Promise<DemoNode> {
  const nodes: DemoNode[] = [];
  after(async () => Promise.all(nodes.map((n) => n.close())));
  return async (...args) => {
    const node = await startDemoNode(...args);
    nodes.push(node);
    return node;
  };
}

/**
 * One demo node (control on) for a suite, with provider clients on it (no retries), closed after the
 * suite; its faults are cleared after each test. Call in a `describe`; read `node()` and `clients()` in tests.
 */
export function useDemoClients(): { node: () => DemoNode; clients: () => ProviderClients } {
  let node: DemoNode | undefined;
  let clients: ProviderClients | undefined;
  before(async () => {
    node = await startDemoNode({ control: true });
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
  });
  after(async () => node?.close());
  afterEach(() => node?.setFaults([]));
  return { node: () => node!, clients: () => clients! };
}
