/**
 * The real hover provider (src/hover/hoverProvider.ts, through the `vscode` stand-in) with the real
 * connection, against the demo node behind a latency proxy: a cold hover on new clients waits for one
 * round trip. The workspace's names need the chain id (src/contracts/contractsHost.ts asks
 * `clients.evm.getChainId()`, which a new connection checks once, as here); reading them goes beside the
 * hover's own request, not before it: a far provider added a whole round trip to the first hover on a
 * transaction or an address after every change of clients.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ChainHoverProvider } from '../../../src/hover/hoverProvider';
import { Connection } from '../../../src/platform/connection';
import { Log } from '../../../src/platform/log';
import { DEMO_SAMPLES } from '../../../src/demo/samples';
import { startDemoNode, type DemoNode } from '../../../src/demo/demoNode';
import { LatencyProxy } from '../../support/latencyProxy';
import * as host from '../support/vscodeStub';

const SECTION = 'hyperliquidExplorer';
const ONE_WAY_MS = 40;

describe('hovers on new clients: one round trip (Node, the demo node behind a latency proxy)', function () {
  this.timeout(30_000);
  let node: DemoNode;
  let proxy: LatencyProxy;
  let provider: ChainHoverProvider;
  const namesAsked: number[] = [];
  let timeout = 10;
  const subscriptions: { dispose(): unknown }[] = [];

  before(async () => {
    host.resetHost();
    node = await startDemoNode();
    proxy = new LatencyProxy({ target: node.baseUrl, oneWayMs: ONE_WAY_MS, setupRoundTrips: 0 });
    await host.setConfiguration(`${SECTION}.baseUrl`, await proxy.start());
    const context = host.extensionContext();
    const log = new Log();
    const connection = new Connection(context as unknown as vscode.ExtensionContext, log);
    await connection.setApiKey(node.apiKey);
    // The workspace's names as the contracts feature reads them: for the chain the node serves.
    provider = new ChainHoverProvider(connection, log, async (clients, signal) => {
      namesAsked.push(await clients.evm.getChainId(signal));
      return () => undefined;
    });
    subscriptions.push(provider, connection, log);
  });
  after(async () => {
    for (const d of subscriptions) d.dispose();
    host.resetHost();
    await proxy?.stop();
    await node?.close();
  });

  /** New clients (a changed timeout makes the connection build them, with a new chain check), then a hover on `token`. */
  async function coldHover(token: string): Promise<{ text: string; waves: string[][] }> {
    await host.setConfiguration(`${SECTION}.requestTimeoutSeconds`, ++timeout);
    await new Promise((r) => setTimeout(r, 300)); // what the new clients set off by themselves, out of the count
    const line = `const x = '${token}';`;
    proxy.reset();
    const hover = (await provider.provideHover(
      { lineAt: () => ({ text: line }) } as unknown as vscode.TextDocument,
      new host.Position(0, line.indexOf('0x') + 4) as unknown as vscode.Position,
      new host.CancellationTokenSource().token as unknown as vscode.CancellationToken,
    )) as host.Hover | undefined;
    assert.ok(hover, `a hover on ${token}`);
    const tally = proxy.tally();
    return { text: hover.contents[0]!.value, waves: tally.perWave };
  }

  it('a transaction hash: the chain check and the transaction in one wave', async () => {
    const { text, waves } = await coldHover(DEMO_SAMPLES.transferTx);
    assert.match(text, /Transaction/);
    assert.deepEqual(namesAsked.slice(-1), [999], 'the names were read for the chain');
    assert.equal(waves.length, 1, `waves: ${JSON.stringify(waves)}`);
    assert.ok(
      waves[0]!.some((c) => c.includes('eth_chainId')),
      `the chain was checked: ${JSON.stringify(waves)}`,
    );
  });

  it('an address: the chain check and the address in one wave', async () => {
    const { text, waves } = await coldHover(DEMO_SAMPLES.contract);
    assert.match(text, /Contract|Account/);
    assert.equal(waves.length, 1, `waves: ${JSON.stringify(waves)}`);
    assert.ok(
      waves[0]!.some((c) => c.includes('eth_chainId')),
      `the chain was checked: ${JSON.stringify(waves)}`,
    );
  });
});
