// The demo node playing each provider, over real HTTP: both networks' chain ids, Chainstack's refusing
// `/info`, QuickNode's pruned `/evm` beside its `nanoreth` archive, the public endpoints without a key,
// and the handshake kept out of request counts and unnamed faults.
import { useDemoNodes } from '../support/demoNodes';
import { strict as assert } from 'node:assert';
import { DEMO_HEAD, DEMO_RECENT_BLOCKS, DEMO_WALLETS, INFO_UNPROCESSABLE_BODY, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';

const MAKER = DEMO_WALLETS[0]!.address;

async function post(url: string, body: unknown): Promise<{ status: number; text: string; json: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const rpc = (url: string, method: string, params: unknown[] = []) => post(url, { jsonrpc: '2.0', id: 1, method, params });

describe('demo node: providers and networks', () => {
  const start = useDemoNodes();

  it('answers eth_chainId for mainnet (999) by default and for testnet (998) when asked', async () => {
    const mainnet = await start();
    const testnet = await start({ chainId: 998 });
    assert.equal((await rpc(`${mainnet.baseUrl}/${mainnet.apiKey}/evm`, 'eth_chainId')).json.result, '0x3e7');
    assert.equal((await rpc(`${testnet.baseUrl}/${testnet.apiKey}/evm`, 'eth_chainId')).json.result, '0x3e6');
  });

  it('keeps the handshake out of the request count and out of faults that do not name it', async () => {
    const node = await start({ control: true });
    const evm = `${node.baseUrl}/${node.apiKey}/evm`;
    node.setFaults([{ kind: 'status', status: 500, endpoint: 'evm', times: 1 }]);
    assert.equal((await rpc(evm, 'eth_chainId')).status, 200, 'the unnamed fault is left for a data request');
    assert.equal((await rpc(evm, 'ots_getApiLevel')).json.result, 8);
    assert.equal((await rpc(evm, 'eth_blockNumber')).status, 500, 'the data request takes it');
    assert.deepEqual([node.requests, node.handshakes], [1, 2]);
    node.setFaults([{ kind: 'status', status: 503, method: 'eth_chainId', times: 1 }]);
    assert.equal((await rpc(evm, 'eth_chainId')).status, 503, 'a fault that names the handshake takes it');
  });

  it('as Chainstack, refuses allMids and orderStatus on /info with the info API’s 422 text, and serves the rest', async () => {
    const node = await start({ provider: 'chainstack' });
    const info = `${node.baseUrl}/${node.apiKey}/info`;
    for (const body of [
      { type: 'allMids', dex: '' },
      { type: 'orderStatus', user: MAKER, oid: 1 },
    ]) {
      const r = await post(info, body);
      assert.deepEqual([r.status, r.text], [422, INFO_UNPROCESSABLE_BODY], body.type);
    }
    assert.equal((await post(info, { type: 'frontendOpenOrders', user: MAKER, dex: '' })).status, 200);
    assert.equal((await post(info, { type: 'perpDexs' })).status, 200);
  });

  it('as QuickNode, prunes /evm to the recent blocks and serves no trace there; nanoreth has both', async () => {
    const node = await start({ provider: 'quicknode' });
    const evm = `${node.baseUrl}/${node.apiKey}/evm`;
    const archive = `${node.baseUrl}/${node.apiKey}/nanoreth`;
    const old = DEMO_HEAD - DEMO_RECENT_BLOCKS;
    assert.equal((await rpc(evm, 'ots_getBlockDetails', [old])).json.error.code, -32001);
    assert.equal((await rpc(evm, 'ots_getBlockDetails', [old + 1])).json.result.block.number, `0x${(old + 1).toString(16)}`);
    assert.equal((await rpc(archive, 'ots_getBlockDetails', [old])).json.result.block.number, `0x${old.toString(16)}`);
    const hash = DEMO_SAMPLES.transferTx;
    assert.equal((await rpc(evm, 'ots_traceTransaction', [hash])).json.error.code, -32601);
    assert.ok(Array.isArray((await rpc(archive, 'ots_traceTransaction', [hash])).json.result));
  });

  it('a public stand-in sharing a provider’s exchange knows what became of an order that left the provider’s answers', async () => {
    const provider = await start({ provider: 'chainstack' });
    const shared = await start({ provider: 'public', exchange: provider.exchange });
    const alone = await start({ provider: 'public' });
    const orders = async () =>
      (await post(`${provider.baseUrl}/${provider.apiKey}/info`, { type: 'openOrders', user: MAKER, dex: '' })).json as { oid: number }[];
    const first = await orders();
    const second = new Set((await orders()).map((o) => o.oid));
    const gone = first.find((o) => !second.has(o.oid))!;
    const status = async (node: DemoNode) => (await post(`${node.baseUrl}/info`, { type: 'orderStatus', user: MAKER, oid: gone.oid })).json;
    assert.match((await status(shared)).order.status, /^(filled|canceled)$/);
    assert.equal((await status(alone)).status, 'unknownOid', 'another exchange never saw it');
  });

  it('as the public endpoints, takes no key: /evm without ots_* methods, /info with every type', async () => {
    const node = await start({ provider: 'public' });
    assert.equal((await rpc(`${node.baseUrl}/evm`, 'eth_blockNumber')).json.result, `0x${DEMO_HEAD.toString(16)}`);
    assert.equal((await rpc(`${node.baseUrl}/evm`, 'ots_getBlockDetails', [DEMO_HEAD])).json.error.code, -32601);
    assert.equal((await rpc(`${node.baseUrl}/evm`, 'ots_getApiLevel')).json.error.code, -32601);
    const mids = await post(`${node.baseUrl}/info`, { type: 'allMids', dex: '' });
    assert.equal(mids.status, 200);
    assert.equal(typeof mids.json.BTC, 'string');
    assert.equal((await post(`${node.baseUrl}/${node.apiKey}/info`, { type: 'allMids' })).status, 404, 'a keyed path is not the public API');
  });
});
