// One connection's route over real HTTP against the demo node playing each provider: the chain id
// checked once (a node for another chain refused, naming both), what the provider serves learnt from the
// preset, the probe and the answers, QuickNode's archive path, and Hyperliquid's public API used only
// where the provider refuses and only for what the user allowed, within its own budget.
import { useDemoNodes } from '../support/demoNodes';
import { strict as assert } from 'node:assert';
import { ProviderAbilities } from '../../src/core/abilities';
import { KeylessEndpoints, ProviderEndpoints } from '../../src/core/endpoints';
import { ProviderError } from '../../src/core/errors';
import { PRESETS } from '../../src/core/presets';
import { connectProvider, type ProviderConfig } from '../../src/core/provider';
import { PublicApiBudget, type PublicDataKind } from '../../src/core/publicApi';
import { DEMO_HEAD, DEMO_RECENT_BLOCKS, DEMO_WALLETS, type DemoNode } from '../../src/demo/demoNode';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import { BlockSource } from '../../src/blocks/blockSource';
import { loadTransaction } from '../../src/core/transactionLoad';

const MAKER = DEMO_WALLETS[0]!.address;
const OPTIONS = { timeoutMs: 5000, maxRetries: 0 };

describe('provider route: networks, abilities, archive and the public API', () => {
  const start = useDemoNodes();

  const keyed = (node: DemoNode, path = 'evm') => new ProviderEndpoints(node.baseUrl, node.apiKey, path);

  describe('the chain id', () => {
    it('refuses every answer of a node for another chain, naming both, after one eth_chainId', async () => {
      const node = await start({ chainId: 999 });
      const clients = connectProvider({ endpoints: keyed(node), chainId: 998 }, OPTIONS);
      for (let i = 0; i < 3; i++) {
        await assert.rejects(clients.evm.getBlockNumber(), (e: ProviderError) => {
          assert.equal(e.kind, 'wrongChain');
          assert.match(e.message, /chain 999/);
          assert.match(e.message, /chain 998/);
          return true;
        });
      }
      await assert.rejects(clients.info.perpDexs(), (e: ProviderError) => e.kind === 'wrongChain', 'the info API of that provider too');
      assert.equal(node.handshakes, 1, 'eth_chainId is asked once per connection');
    });

    it('hands on the answers of a node for the selected chain', async () => {
      const node = await start({ chainId: 998 });
      const clients = connectProvider({ endpoints: keyed(node), chainId: 998 }, OPTIONS);
      assert.equal(await clients.evm.getBlockNumber(), DEMO_HEAD);
      assert.equal(await clients.evm.getBlockNumber(), DEMO_HEAD);
      assert.equal(await clients.evm.getChainId(), 998, 'a client that asks the chain id gets the checked one');
      assert.equal(node.handshakes, 1);
    });

    it('asks again after a check that got no answer, and shows nothing unchecked meanwhile', async () => {
      const node = await start({ control: true });
      node.setFaults([{ kind: 'status', status: 503, method: 'eth_chainId', times: 1 }]);
      const clients = connectProvider({ endpoints: keyed(node), chainId: 999 }, OPTIONS);
      await assert.rejects(clients.evm.getBlockNumber(), (e: ProviderError) => e.kind === 'server');
      assert.equal(await clients.evm.getBlockNumber(), DEMO_HEAD);
    });
  });

  describe('abilities', () => {
    it('learns from the probe and from answers; answers at once what the preset says is not served', async () => {
      const node = await start({ provider: 'public' });
      const abilities = new ProviderAbilities(PRESETS.public.known.mainnet);
      const clients = connectProvider(
        {
          endpoints: new KeylessEndpoints(`${node.baseUrl}/evm`, `${node.baseUrl}/info`),
          chainId: 999,
          abilities,
          providerName: 'Hyperliquid public endpoints',
        },
        OPTIONS,
      );
      const before = node.requests;
      await assert.rejects(clients.evm.getBlockDetails(DEMO_HEAD), (e: ProviderError) => {
        assert.equal(e.rpcCode, -32601);
        assert.match(e.message, /Hyperliquid public endpoints does not serve ots_getBlockDetails/);
        return true;
      });
      assert.equal(node.requests, before, 'nothing was sent for it');
      // Asked at once with a call that does go out (the block page's first screen): still answered here.
      await assert.rejects(new BlockSource(clients.evm).firstScreen(DEMO_HEAD), (e: ProviderError) => e.rpcCode === -32601);
      assert.equal(node.requests, before, 'nothing was sent for the block and its page');
      assert.equal((await clients.info.allMids('')).size > 0, true);
      assert.equal(abilities.get('mids').state, 'served');
    });

    it('a custom node: the probe says it has the Otterscan methods; a refusal is remembered', async () => {
      const node = await start({ provider: 'chainstack' });
      const abilities = new ProviderAbilities();
      const clients = connectProvider({ endpoints: keyed(node), chainId: 999, abilities }, OPTIONS);
      await clients.evm.getBlockNumber();
      await waitFor(() => abilities.get('blocks').state === 'served');
      assert.equal(abilities.get('blocks').source, 'probe');
      await assert.rejects(clients.info.allMids(''), (e: ProviderError) => e.kind === 'refused');
      assert.deepEqual(abilities.get('mids'), { state: 'notServed', source: 'seen' });
    });

    it('learns from the calls of a batch as from single calls: a trace refused beside a served transaction', async () => {
      const node = await start({ provider: 'chainstack', unsupportedMethods: ['ots_traceTransaction'] });
      const abilities = new ProviderAbilities();
      const clients = connectProvider({ endpoints: keyed(node), chainId: 999, abilities }, OPTIONS);
      const bundle = await loadTransaction(clients.evm, DEMO_SAMPLES.transferTx);
      assert.ok(bundle && !bundle.trace.ok && bundle.trace.unsupported);
      assert.equal(clients.evm.batchSupport, 'yes', 'the transaction and its parts went as one batch');
      assert.deepEqual(abilities.get('traces'), { state: 'notServed', source: 'seen' });
    });
  });

  describe('QuickNode’s archive path', () => {
    it('asks nanoreth for a block /evm pruned and a trace /evm does not serve, and says so', async () => {
      const node = await start({ provider: 'quicknode' });
      const abilities = new ProviderAbilities();
      const clients = connectProvider({ endpoints: keyed(node), archive: keyed(node, 'nanoreth'), chainId: 999, abilities }, OPTIONS);
      const old = DEMO_HEAD - DEMO_RECENT_BLOCKS - 10;
      assert.equal(Number((await clients.evm.getBlockDetails(old)).block.number), old);
      assert.deepEqual(abilities.get('oldBlocks'), { state: 'served', source: 'seen', viaArchive: true });
      assert.ok((await clients.evm.traceTransaction(DEMO_SAMPLES.transferTx)).length >= 0);
      assert.deepEqual(abilities.get('traces'), { state: 'served', source: 'seen', viaArchive: true });
      const requests = node.requests;
      await clients.evm.traceTransaction(DEMO_SAMPLES.transferTx);
      assert.equal(node.requests, requests + 1, 'the next trace goes straight to the archive');
    });

    it('the block page’s first screen (details and page 0 asked at once) of a pruned block still comes from nanoreth', async () => {
      const node = await start({ provider: 'quicknode' });
      const clients = connectProvider({ endpoints: keyed(node), archive: keyed(node, 'nanoreth'), chainId: 999, abilities: new ProviderAbilities() }, OPTIONS);
      const old = DEMO_HEAD - DEMO_RECENT_BLOCKS - 11; // odd: slim, its rows from ots_getBlockTransactions
      const screen = await new BlockSource(clients.evm).firstScreen(old);
      assert.equal(Number(screen.details.block.number), old);
      assert.equal(screen.rows.length, Math.min(100, screen.details.block.transactionCount));
    });

    it('without an archive, a pruned block stays not found', async () => {
      const node = await start({ provider: 'quicknode' });
      const clients = connectProvider({ endpoints: keyed(node), chainId: 999 }, OPTIONS);
      await assert.rejects(clients.evm.getBlockDetails(DEMO_HEAD - DEMO_RECENT_BLOCKS - 10), (e: ProviderError) => e.kind === 'notFound');
    });
  });

  describe('the public API where the provider falls short', () => {
    let provider: DemoNode;
    let publicApi: DemoNode;
    before(async () => {
      provider = await start({ provider: 'chainstack' });
      publicApi = await start({ provider: 'public' });
    });

    function connect(allowed: Set<PublicDataKind>, budget = new PublicApiBudget(), abilities = new ProviderAbilities(PRESETS.chainstack.known.mainnet)) {
      const wanted: string[] = [];
      const config: ProviderConfig = {
        endpoints: keyed(provider),
        chainId: 999,
        abilities,
        providerName: 'Chainstack',
        publicApi: {
          evmUrl: `${publicApi.baseUrl}/evm`,
          infoUrl: `${publicApi.baseUrl}/info`,
          budget,
          allowed: (kind) => allowed.has(kind),
          wanted: (kind, type) => wanted.push(`${kind}:${type}`),
        },
      };
      return { clients: connectProvider(config, OPTIONS), abilities, wanted };
    }

    it('sends nothing to the public API until the user allows it, and says what is wanted', async () => {
      const { clients, wanted } = connect(new Set());
      const sent = { provider: provider.requests, public: publicApi.requests };
      await assert.rejects(clients.info.allMids(''), (e: ProviderError) => e.kind === 'refused' && /Chainstack does not serve allMids/.test(e.message));
      await assert.rejects(clients.info.orderStatus(MAKER, 1), (e: ProviderError) => e.kind === 'refused');
      assert.deepEqual(wanted, ['market:allMids', 'wallet:orderStatus']);
      assert.deepEqual({ provider: provider.requests, public: publicApi.requests }, sent, 'known refusals are not even sent to the provider');
    });

    it('market data allowed: mids come from the public API; wallet data stays refused until allowed on its own', async () => {
      const { clients } = connect(new Set(['market']));
      const sent = publicApi.requests;
      assert.ok((await clients.info.allMids('')).has('BTC'));
      assert.equal(publicApi.requests, sent + 1);
      await assert.rejects(clients.info.orderStatus(MAKER, 1), (e: ProviderError) => e.kind === 'refused');
      assert.equal(publicApi.requests, sent + 1, 'no wallet address went to the public API');
      const both = connect(new Set(['market', 'wallet'])).clients;
      await both.info.orderStatus(MAKER, 1);
      assert.equal(publicApi.requests, sent + 2);
    });

    it('a refusal seen on the wire (not in the preset) goes to the public API too, when allowed', async () => {
      const { clients, abilities } = connect(new Set(['market']), undefined, new ProviderAbilities()); // as a custom provider: nothing known ahead
      const sent = { provider: provider.requests, public: publicApi.requests };
      assert.ok((await clients.info.allMids('')).has('BTC'));
      assert.deepEqual({ provider: provider.requests, public: publicApi.requests }, { provider: sent.provider + 1, public: sent.public + 1 });
      assert.equal(abilities.get('mids').state, 'notServed');
    });

    it('keeps to the public API’s own budget: past it, nothing is sent and the error says when there is room', async () => {
      const { clients } = connect(new Set(['market']), new PublicApiBudget(4));
      const sent = publicApi.requests;
      await clients.info.allMids('');
      await clients.info.allMids('');
      await assert.rejects(
        clients.info.allMids(''),
        (e: ProviderError) => e.kind === 'rateLimited' && /public API allows 4 request weight a minute/.test(e.message),
      );
      assert.equal(publicApi.requests, sent + 2);
    });
  });
});

async function waitFor(ready: () => boolean, timeoutMs = 2000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !ready();) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
