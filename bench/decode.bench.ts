// Decode: from the response text to what the view shows, against JSON.parse of the same text alone.
// The texts come from the demo node (in a child process) over HTTP; decoding runs here through our real
// clients, with a transport that hands them the stored text instead of going to the network.
// Alone: `npx tsx bench/decode.bench.ts` (needs dist/demoNode.js: `node esbuild.mjs --production`).
import { EvmClient } from '../src/core/evmClient';
import { InfoClient } from '../src/core/infoClient';
import { createProviderClients } from '../src/core/provider';
import type { Transport } from '../src/core/transport';
import { DEMO_BLOCKS, DEMO_WALLETS } from '../src/demo/demoNode';
import { toBlockView, toTransactionData } from '../src/blocks/blockViewModel';
import { BlockSource, MAX_ROWS_PER_REQUEST } from '../src/blocks/blockSource';
import { FIRST_ROWS, type BlockPanelView } from '../src/blocks/protocol';
import type { Translate } from '../src/view/format';
import { buildWalletView } from '../src/orders/ordersViewModel';
import { startDemoNodeProcess } from './demoNodeProcess';
import { runAlone } from './report';
import { measure, stats, type BenchRow } from './types';
import * as os from 'node:os';

const WHALE = DEMO_WALLETS.find((w) => w.kind === 'whale')!.address;

/** `vscode.l10n.t` without translations: fills `{0}`-style placeholders. */
const untranslated: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

/** A transport that answers every request with `text`, parsed, as the real one does after the network. */
function replaying(text: string): Transport {
  return { postJson: async () => JSON.parse(text) as unknown } as unknown as Transport;
}

export default async function run(): Promise<BenchRow[]> {
  const node = await startDemoNodeProcess();
  let blockText: string;
  let ordersText: string;
  const clients = createProviderClients(node.baseUrl, node.apiKey, { timeoutMs: 30_000 });
  let spotMeta;
  try {
    const post = async (endpoint: 'evm' | 'info', body: object) => {
      const res = await fetch(`${node.baseUrl}/${node.apiKey}/${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`demo node: HTTP ${res.status}`);
      return res.text();
    };
    // id 1: the first id a fresh EvmClient sends, so that the stored answer matches its request.
    blockText = await post('evm', { jsonrpc: '2.0', method: 'ots_getBlockDetails', params: [DEMO_BLOCKS.hugeSpecBlock], id: 1 });
    ordersText = await post('info', { type: 'openOrders', user: WHALE, dex: '' });
    spotMeta = await clients.info.spotMeta();
  } finally {
    await node.stop();
  }

  // What BlockPanel.showBlock does: the block from its source (decoded and cached), its view, and the
  // first rows from the source, validated as they are read; the webview asks for the rest as they scroll in.
  const sourceOf = () => new BlockSource(new EvmClient(replaying(blockText)));
  const decodeBlock = async (): Promise<BlockPanelView> => {
    const source = sourceOf();
    const details = await source.block(DEMO_BLOCKS.hugeSpecBlock);
    const block = toBlockView(details, Date.now() / 1000, untranslated);
    const firstRows = (await source.transactions(details, 0, FIRST_ROWS)).map((tx, i) => toTransactionData(tx, i));
    return { kind: 'block', block, firstRows };
  };
  const first = await decodeBlock();
  if (first.kind !== 'block' || first.firstRows.length !== FIRST_ROWS || first.block.transactionCount !== 10_000)
    throw new Error('expected a 10,000-transaction block and its first rows');
  // The same, then every other row as the webview asks for them (scrolled to the end): all 10,000 validated.
  const decodeBlockAndAllRows = async () => {
    const source = sourceOf();
    const details = await source.block(DEMO_BLOCKS.hugeSpecBlock);
    const block = toBlockView(details, Date.now() / 1000, untranslated);
    const rows = [];
    for (let start = 0; start < details.block.transactionCount; start += MAX_ROWS_PER_REQUEST) {
      rows.push(...(await source.transactions(details, start, start + MAX_ROWS_PER_REQUEST)).map((tx, i) => toTransactionData(tx, start + i)));
    }
    return { block, rows };
  };
  if ((await decodeBlockAndAllRows()).rows.length !== 10_000) throw new Error('expected 10,000 rows');

  const decodeOrders = async () => {
    const orders = await new InfoClient(replaying(ordersText)).openOrders(WHALE, '');
    return buildWalletView({ address: WHALE, orders: orders.map((order) => ({ dex: '', order })), spotMeta, t: untranslated });
  };
  const wallet = await decodeOrders();
  if (wallet.orderCount !== 5_000) throw new Error(`expected 5,000 orders, got ${wallet.orderCount}`);

  // Interleaved halves so that both sides see the same state of the machine.
  const blockOurs: number[] = [];
  const blockAll: number[] = [];
  const blockParse: number[] = [];
  const ordersOurs: number[] = [];
  const ordersParse: number[] = [];
  for (let half = 0; half < 2; half++) {
    blockParse.push(...(await measure(() => JSON.parse(blockText), 8, half ? 1 : 3)));
    blockOurs.push(...(await measure(decodeBlock, 8, half ? 1 : 3)));
    blockAll.push(...(await measure(decodeBlockAndAllRows, 4, half ? 1 : 2)));
    ordersParse.push(...(await measure(() => JSON.parse(ordersText), 20, half ? 2 : 5)));
    ordersOurs.push(...(await measure(decodeOrders, 20, half ? 2 : 5)));
  }
  const mb = (text: string) => (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
  const block = stats(blockOurs);
  const parse = stats(blockParse);
  const ratio = block.median / parse.median;
  const load = `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`;
  return [
    {
      group: 'decode',
      name: `10,000-transaction block (${mb(blockText)} MB): response text → what the host posts (parse, validate the block, its view, the first ${FIRST_ROWS} transactions validated and posted)`,
      unit: 'ms',
      ours: block,
      baseline: { name: 'JSON.parse of the same text alone', stats: parse },
      target: '≤ 2.5× JSON.parse (median)',
      met: ratio <= 2.5,
      note: `${ratio.toFixed(2)}× at the median; BlockSource.block, toBlockView, BlockSource.transactions(0, ${FIRST_ROWS}), toTransactionData: what BlockPanel.showBlock does before posting. The other transactions are validated when the webview asks for them (${load})`,
    },
    {
      group: 'decode',
      name: `10,000-transaction block: the same, then all 10,000 transactions validated and sent in the webview's requests of ${MAX_ROWS_PER_REQUEST} (scrolled to the end)`,
      unit: 'ms',
      ours: stats(blockAll),
      baseline: { name: 'JSON.parse of the same text alone', stats: parse },
      note: 'for comparison: the whole block, as a user who scrolls through every row pays for it, in steps',
    },
    {
      group: 'decode',
      name: `5,000 orders (${(Buffer.byteLength(ordersText) / 1024).toFixed(0)} KB): parse + validate + OpenOrder + grouped, named, sorted wallet view`,
      unit: 'ms',
      ours: stats(ordersOurs),
      baseline: { name: 'JSON.parse of the same text alone', stats: stats(ordersParse) },
      note: 'through InfoClient.openOrders and the orders view-model',
    },
  ];
}

if (require.main === module) runAlone(run);
