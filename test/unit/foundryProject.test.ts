/**
 * The demo's Foundry project makes the demo chain's transactions decode, end to end over real HTTP: the
 * project written to disk and indexed, the demo node's answers read by the real EvmClient, the page's
 * view built as the panel builds it.
 */
import * as assert from 'node:assert/strict';
import { toFunctionSelector } from 'viem';
import { ContractIndex } from '../../src/contracts/contractIndex';
import { loadDecoding } from '../../src/contracts/transactionDecoding';
import { WorkspaceIndexer } from '../../src/contracts/workspaceIndexer';
import { createProviderClients, type ProviderClients } from '../../src/core/provider';
import { loadTransaction } from '../../src/core/transactionLoad';
import { DEMO_CHAIN_ID } from '../../src/demo/chain';
import { startDemoNode, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_PROJECT_METHODS, demoFoundryProject, demoProjectAddresses } from '../../src/demo/foundryProject';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { loadCallFrames } from '../../src/transactions/callFrames';
import { toTransactionView } from '../../src/transactions/transactionViewModel';
import { untranslated as t } from '../../src/view/format';
import { nodeFiles, writeProject } from '../support/nodeFiles';

describe('the demo’s Foundry project', () => {
  let node: DemoNode;
  let clients: ProviderClients;
  let project: ReturnType<typeof writeProject>;
  const index = new ContractIndex();
  before(async () => {
    node = await startDemoNode();
    clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
    project = writeProject(demoFoundryProject());
    const report = await new WorkspaceIndexer(nodeFiles(project.root, 'demo'), index).indexAll();
    assert.equal(report.indexed, 3, JSON.stringify(report));
  });
  after(async () => {
    await node.close();
    project.cleanup();
  });

  async function page(hash: `0x${string}`) {
    const bundle = (await loadTransaction(clients.evm, hash))!;
    const [decoding, frames] = await Promise.all([
      loadDecoding(clients.evm, index, await clients.evm.getChainId(), bundle),
      loadCallFrames(clients.evm, bundle),
    ]);
    return toTransactionView(bundle, 0, t, { decoding, ...(frames ? { frames } : {}) });
  }

  it('has the selectors Foundry would write', () => {
    for (const methods of Object.values(DEMO_PROJECT_METHODS)) {
      for (const [signature, selector] of Object.entries(methods)) assert.equal(toFunctionSelector(signature), `0x${selector}`, signature);
    }
  });

  it('names the demo chain’s addresses it deployed', async () => {
    assert.equal(await clients.evm.getChainId(), DEMO_CHAIN_ID);
    const { treasury, token } = demoProjectAddresses();
    assert.equal(index.contractAt(DEMO_CHAIN_ID, treasury)?.name, 'Treasury');
    assert.equal(index.contractAt(DEMO_CHAIN_ID, token)?.name, 'DemoToken');
  });

  it('decodes the token transfer: method with named arguments, and both logs by the token’s ABI', async () => {
    const v = await page(DEMO_SAMPLES.erc20TransferTx);
    assert.equal(v.workspace?.method?.signature, 'transferFrom(address,address,uint256)');
    assert.deepEqual(
      v.workspace?.method?.args.map((a) => a.name),
      ['from', 'to', 'amount'],
    );
    assert.equal(v.workspace?.method?.args[2]?.text, '250000000');
    assert.deepEqual(
      v.workspace?.logs.map((l) => l && `${l.name} ${l.guess}`),
      ['Transfer false', 'Approval false'],
    );
    assert.deepEqual(
      v.workspace?.names.map((n) => n.name),
      ['DemoToken'],
    );
  });

  it('reads the failed payout’s custom error by name, and marks the nested call the node says reverted', async () => {
    const v = await page(DEMO_SAMPLES.customErrorTx);
    assert.equal(v.status, 'failed');
    assert.equal(v.workspace?.error?.name, 'InsufficientBalance');
    assert.deepEqual(
      v.workspace?.error?.args.map((a) => `${a.name}=${a.text}`),
      ['available=1000', 'required=25000'],
    );
    assert.equal(v.workspace?.method?.name, 'transfer');
    assert.equal(v.callTree.state, 'ok');
    if (v.callTree.state !== 'ok') return;
    assert.equal(v.callTree.failedFrom, 'node');
    const origin = v.callTree.frames.find((f) => f.origin)!;
    assert.equal(origin.depth, 1);
    assert.equal(origin.call?.signature, 'transfer(address,uint256)');
    assert.deepEqual(
      v.callTree.frames.map((f) => f.failed),
      ['node', null, 'node'],
    );
    assert.deepEqual(
      v.callTree.frames[1]?.returned?.map((r) => r.text),
      ['1000'],
    );
  });

  it('without debug_traceTransaction, infers the reverting call and says so', async () => {
    const without = await startDemoNode({ unsupportedMethods: ['debug_traceTransaction'] });
    try {
      const other = createProviderClients(without.baseUrl, without.apiKey, { timeoutMs: 10_000, maxRetries: 0 });
      const bundle = (await loadTransaction(other.evm, DEMO_SAMPLES.customErrorTx))!;
      const frames = await loadCallFrames(other.evm, bundle);
      assert.equal(frames?.ok, false);
      const v = toTransactionView(bundle, 0, t, { frames: frames! });
      assert.equal(v.callTree.state === 'ok' && v.callTree.failedFrom, 'inferred');
      assert.deepEqual(v.callTree.state === 'ok' && v.callTree.frames.map((f) => [f.failed, f.origin]), [
        [null, false],
        [null, false],
        ['inferred', true],
      ]);
      assert.equal(v.workspace, null, 'no workspace: nothing decoded with it');
    } finally {
      await without.close();
    }
  });
});
