// System transactions (HyperCore → HyperEVM transfers) on a Chainstack-like provider, over real HTTP
// against the demo node: its `/evm` leaves them out of blocks and answers `null` for their receipts
// (Chainstack's "Hyperliquid node configuration"), its `/nanoreth` includes them. A `null` receipt for a
// transaction a block holds is never "pending"; the path with system transactions is asked for it and
// for blocks; without such a path the pages say the provider leaves them out.
import { useDemoNodes } from '../support/demoNodes';
import { strict as assert } from 'node:assert';
import { ProviderEndpoints } from '../../src/core/endpoints';
import { connectProvider, type ProviderClients } from '../../src/core/provider';
import { PRESETS } from '../../src/core/presets';
import { heldWithoutReceipt, loadTransaction, lookUpHash, type TransactionBundle } from '../../src/core/transactionLoad';
import type { Hash } from '../../src/core/model';
import { DEMO_BLOCKS, type DemoNode } from '../../src/demo/demoNode';
import { demoBlockModel } from '../../src/demo/chain';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';

const SYSTEM_TX = DEMO_SAMPLES.systemTransferTx as Hash;
const SAMPLE_BLOCK = DEMO_BLOCKS.sampleBlock;

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: res.status, json: res.status === 200 ? await res.json() : undefined };
}

/** The clients a Chainstack connection gets (as `providerEndpoints` builds them from the preset). */
function chainstackClients(node: DemoNode): ProviderClients {
  const preset = PRESETS.chainstack;
  return connectProvider(
    {
      endpoints: new ProviderEndpoints(node.baseUrl, node.apiKey),
      systemTx: new ProviderEndpoints(node.baseUrl, node.apiKey, preset.systemTxPath),
      evmLeavesSystemTxsOut: preset.evmLeavesSystemTxsOut,
      chainId: 999,
    },
    { timeoutMs: 5000 },
  );
}

const systemCount = (n: number) => demoBlockModel(n)!.transactions.filter((x) => x.system).length;

describe('system transactions on a Chainstack-like provider (demo node over HTTP)', () => {
  const start = useDemoNodes();

  it('the preset names /nanoreth as Chainstack’s path with system transactions, apart from any archive path', () => {
    assert.equal(PRESETS.chainstack.systemTxPath, 'nanoreth');
    assert.equal(PRESETS.chainstack.evmLeavesSystemTxsOut, true);
    assert.equal(PRESETS.chainstack.archivePath, undefined);
  });

  it('the demo node’s /evm answers the system transaction with its block but a null receipt, and leaves it out of the block; /nanoreth has both', async () => {
    const node = await start({ provider: 'chainstack' });
    const evm = `${node.baseUrl}/${node.apiKey}/evm`;
    const nanoreth = `${node.baseUrl}/${node.apiKey}/nanoreth`;
    const tx = await rpc(evm, 'eth_getTransactionByHash', [SYSTEM_TX]);
    assert.equal(tx.json.result.blockNumber, `0x${SAMPLE_BLOCK.toString(16)}`);
    assert.equal((await rpc(evm, 'eth_getTransactionReceipt', [SYSTEM_TX])).json.result, null);
    assert.equal((await rpc(nanoreth, 'eth_getTransactionReceipt', [SYSTEM_TX])).json.result.status, '0x1');
    const whole = demoBlockModel(SAMPLE_BLOCK)!.transactions.length;
    assert.ok(systemCount(SAMPLE_BLOCK) > 0);
    const stripped = (await rpc(evm, 'ots_getBlockTransactions', [SAMPLE_BLOCK, 0, 100])).json.result;
    assert.equal(stripped.fullblock.transactionCount, whole - systemCount(SAMPLE_BLOCK));
    assert.ok(!stripped.fullblock.transactions.some((x: { hash: string }) => x.hash === SYSTEM_TX));
    assert.deepEqual(
      stripped.fullblock.transactions.map((x: { transactionIndex: string }) => Number(x.transactionIndex)).sort((a: number, b: number) => a - b),
      [...Array(whole - systemCount(SAMPLE_BLOCK)).keys()],
      'the others numbered from 0 again',
    );
    const full = (await rpc(nanoreth, 'ots_getBlockTransactions', [SAMPLE_BLOCK, 0, 100])).json.result;
    assert.equal(full.fullblock.transactionCount, whole);
    assert.ok(full.fullblock.transactions.some((x: { hash: string }) => x.hash === SYSTEM_TX));
    // A node without /nanoreth (as Chainstack's docs described shared nodes before April 2026).
    const bare = await start({ provider: 'chainstack', nanoreth: false });
    assert.equal((await rpc(`${bare.baseUrl}/${bare.apiKey}/nanoreth`, 'eth_getTransactionReceipt', [SYSTEM_TX])).status, 404);
  });

  it('loadTransaction asks /nanoreth for a transaction /evm holds in a block without a receipt: a confirmed transfer, not pending', async () => {
    const node = await start({ provider: 'chainstack' });
    const clients = chainstackClients(node);
    const bundle = (await loadTransaction(clients.evm, SYSTEM_TX, undefined, clients)) as TransactionBundle;
    assert.equal(bundle.from, 'systemTxPath');
    assert.ok(bundle.receipt.ok && bundle.receipt.value !== null, 'the receipt came from /nanoreth');
    assert.equal(bundle.providerLeavesSystemTxsOut, undefined);
    const view = toTransactionView(bundle, 1_700_000_000, t);
    assert.equal(view.status, 'success');
    assert.equal(view.systemTxsLeftOut, false);
    // Look Up reads the same hash the same way.
    const found = await lookUpHash(clients.evm, SYSTEM_TX, undefined, clients);
    assert.equal(found.kind, 'transaction');
    assert.equal(found.kind === 'transaction' && toTransactionView(found.bundle, 1_700_000_000, t).status, 'success');
  });

  it('an ordinary transaction is asked on /evm only, in one round trip', async () => {
    const node = await start({ provider: 'chainstack' });
    const clients = chainstackClients(node);
    await clients.evm.getChainId(); // the handshake first, so that the count below is the load's own
    const before = node.requests;
    const bundle = await loadTransaction(clients.evm, DEMO_SAMPLES.transferTx as Hash, undefined, clients);
    assert.equal(bundle?.from, undefined);
    assert.equal(node.requests - before, 1);
  });

  it('blocks come from /nanoreth with their system transactions; coverage says included', async () => {
    const node = await start({ provider: 'chainstack' });
    const clients = chainstackClients(node);
    const details = await clients.evm.getBlockDetails(SAMPLE_BLOCK);
    assert.equal(details.block.transactionCount, demoBlockModel(SAMPLE_BLOCK)!.transactions.length);
    assert.equal(clients.systemTxCoverage?.(), 'included');
  });

  it('without /nanoreth: blocks from /evm without them, the receipt stays null, and both pages say the provider leaves them out (never pending)', async () => {
    const node = await start({ provider: 'chainstack', nanoreth: false });
    const clients = chainstackClients(node);
    const details = await clients.evm.getBlockDetails(SAMPLE_BLOCK);
    assert.equal(details.block.transactionCount, demoBlockModel(SAMPLE_BLOCK)!.transactions.length - systemCount(SAMPLE_BLOCK));
    assert.equal(clients.systemTxCoverage?.(), 'leftOut');
    const bundle = (await loadTransaction(clients.evm, SYSTEM_TX, undefined, clients)) as TransactionBundle;
    assert.ok(heldWithoutReceipt(bundle));
    assert.equal(bundle.providerLeavesSystemTxsOut, true);
    const view = toTransactionView(bundle, 1_700_000_000, t);
    assert.equal(view.status, 'noReceipt');
    assert.equal(view.systemTxsLeftOut, true);
  });

  it('a null receipt for a transaction a block holds is not pending even with no other path to ask (a custom provider)', async () => {
    const node = await start({ provider: 'chainstack' });
    const clients = connectProvider({ endpoints: new ProviderEndpoints(node.baseUrl, node.apiKey), chainId: 999 }, { timeoutMs: 5000 });
    const bundle = (await loadTransaction(clients.evm, SYSTEM_TX, undefined, clients)) as TransactionBundle;
    assert.ok(heldWithoutReceipt(bundle));
    assert.equal(bundle.providerLeavesSystemTxsOut, undefined, 'nothing says this provider leaves them out');
    const view = toTransactionView(bundle, 1_700_000_000, t);
    assert.equal(view.status, 'noReceipt');
    assert.equal(view.systemTxsLeftOut, false);
  });
});
