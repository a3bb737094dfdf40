/** Demo nodes started by a suite and closed after it: call in a `describe`, then `await start(options)`. */
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
