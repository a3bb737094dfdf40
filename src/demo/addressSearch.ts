/**
 * Otterscan's address search over the demo chain (`ots_searchTransactionsBefore/After`, anvil's shape:
 * newest first both ways, whole blocks, each transaction with its receipt and the block's timestamp). The
 * demo keeps an index of its newest `DEMO_HISTORY_BLOCKS` blocks, made on first use: older blocks hold no
 * history here (the search's last page ends at the window).
 */
import { isAddress } from '../core/hex';
import { DEMO_HEAD, demoBlockModel, demoBlockTimestamp } from './chain';
import { demoReceiptJson, demoTrace, demoTransactionJson } from './transactions';

/** The blocks the demo's history covers: its newest 3,000 (~45,000 transactions, a third of a second to index). */
export const DEMO_HISTORY_BLOCKS = 3000;
let historyBlocks = DEMO_HISTORY_BLOCKS;

/**
 * A wider window (`--history-blocks N` of the demo node's command line): with 10,000 blocks the HYPE system
 * address has more than 10,000 transactions (bench/roundTrips.bench.ts), at a few seconds to index.
 */
export function setDemoHistoryBlocks(blocks: number): void {
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new RangeError('history blocks: a positive whole number');
  historyBlocks = blocks;
  index = undefined;
  sent.clear();
}

const historyFloor = () => DEMO_HEAD - historyBlocks + 1;

let index: Map<string, { block: number; hash: string }[]> | undefined;
const sent = new Map<string, number>();

/** An account's nonce on the demo chain: the transactions it sent in the history window (a stand-in, stable). */
export function demoNonce(address: string): number {
  historyIndex();
  return sent.get(address.toLowerCase()) ?? 0;
}

/** How many transactions `address` has in the demo's history window. */
export function demoHistoryCount(address: string): number {
  return historyIndex().get(address.toLowerCase())?.length ?? 0;
}

/** Each address's transactions in the window (as sender or recipient), newest first. */
function historyIndex(): Map<string, { block: number; hash: string }[]> {
  if (index) return index;
  const made = new Map<string, { block: number; hash: string }[]>();
  const add = (address: string | null, block: number, hash: string) => {
    if (address === null) return;
    const list = made.get(address) ?? [];
    if (list[list.length - 1]?.hash !== hash) list.push({ block, hash });
    made.set(address, list);
  };
  for (let n = DEMO_HEAD, floor = historyFloor(); n >= floor; n--) {
    const m = demoBlockModel(n);
    if (!m) continue;
    for (let i = m.transactions.length - 1; i >= 0; i--) {
      const t = m.transactions[i]!;
      add(t.from, n, t.hash);
      sent.set(t.from, (sent.get(t.from) ?? 0) + 1);
      add(t.to, n, t.hash);
      add(t.contractAddress, n, t.hash);
    }
  }
  return (index = made);
}

/**
 * The search's result: `before` block `block` (0: from the head) or `after` it (0: from the window's
 * start), at least `pageSize` transactions when there are, whole blocks, newest first.
 */
export function demoSearchTransactions(
  direction: 'before' | 'after',
  address: string,
  block: number,
  pageSize: number,
  headTimestamp: number,
): Record<string, unknown> {
  const all = historyIndex().get(address.toLowerCase()) ?? [];
  let picked: { block: number; hash: string }[];
  let firstPage: boolean;
  let lastPage: boolean;
  if (direction === 'before') {
    const start = block === 0 ? 0 : all.findIndex((e) => e.block < block);
    const from = start === -1 ? all.length : start;
    picked = wholeBlocks(all, from, pageSize, 1);
    firstPage = from === 0;
    lastPage = from + picked.length >= all.length;
  } else {
    // Oldest first from the block up, then given newest first (as anvil does).
    let end = all.length - 1;
    if (block !== 0) while (end >= 0 && all[end]!.block <= block) end--;
    picked = wholeBlocks(all, end, pageSize, -1).reverse();
    lastPage = block === 0;
    firstPage = end - picked.length < 0;
  }
  const txs = picked.map((e) => demoTransactionJson(e.hash));
  const receipts = picked.map((e) => ({
    ...demoReceiptJson(e.hash, headTimestamp),
    logs: [],
    timestamp: `0x${demoBlockTimestamp(e.block, headTimestamp).toString(16)}`,
  }));
  return { txs, receipts, firstPage, lastPage };
}

/** From `from` on in `step`s, `size` entries and the rest of the last block reached. */
function wholeBlocks(all: { block: number; hash: string }[], from: number, size: number, step: 1 | -1): { block: number; hash: string }[] {
  const out: { block: number; hash: string }[] = [];
  for (let i = from; i >= 0 && i < all.length; i += step) {
    const e = all[i]!;
    if (out.length >= size && e.block !== out[out.length - 1]!.block) break;
    out.push(e);
  }
  return out;
}

/**
 * A Blockscout-shaped stand-in over the same window (`GET /blockscout/api?module=account&action=txlist&…`,
 * keyless, Etherscan-compatible; docs/FACTS.md#history): the rows below `endblock`, newest first, page by page.
 */
export function demoExplorerAnswer(query: URLSearchParams, headTimestamp: number): { status: string; message: string; result: unknown } {
  const address = query.get('address') ?? '';
  const action = query.get('action');
  if (query.get('module') !== 'account' || (action !== 'txlist' && action !== 'tokentx' && action !== 'txlistinternal') || !isAddress(address)) {
    return { status: '0', message: 'NOTOK', result: 'Error! Missing or invalid parameters' };
  }
  if (action !== 'txlist') return demoTransfers(action, address.toLowerCase(), query, headTimestamp);
  const end = query.has('endblock') ? Number(query.get('endblock')) : Number.POSITIVE_INFINITY;
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const offset = Math.min(10_000, Math.max(1, Number(query.get('offset') ?? 10) || 10));
  const rows = (historyIndex().get(address.toLowerCase()) ?? []).filter((e) => e.block <= end).slice((page - 1) * offset, page * offset);
  if (rows.length === 0) return { status: '0', message: 'No transactions found', result: [] };
  return {
    status: '1',
    message: 'OK',
    result: rows.map((e) => {
      const tx = demoTransactionJson(e.hash) as Record<string, string>;
      const receipt = demoReceiptJson(e.hash, headTimestamp) as Record<string, string>;
      const dec = (hex: string | undefined) => (hex === undefined ? '0' : BigInt(hex).toString());
      return {
        blockNumber: String(e.block),
        timeStamp: String(demoBlockTimestamp(e.block, headTimestamp)),
        hash: e.hash,
        nonce: dec(tx.nonce),
        transactionIndex: dec(tx.transactionIndex),
        from: tx.from,
        to: tx.to ?? '',
        value: dec(tx.value),
        gas: dec(tx.gas),
        gasPrice: dec(receipt.effectiveGasPrice),
        gasUsed: dec(receipt.gasUsed),
        isError: receipt.status === '0x1' ? '0' : '1',
        txreceipt_status: receipt.status === '0x1' ? '1' : '0',
        input: tx.input ?? '0x',
        contractAddress: receipt.contractAddress ?? '',
      };
    }),
  };
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Transactions of an address looked through for one page of its transfers, at most (the stand-in's bound). */
const MAX_SCANNED = 5_000;

/**
 * The stand-in's `tokentx` (ERC-20 `Transfer` logs of the address's transactions that name it) and
 * `txlistinternal` (calls below the top one that move value to or from it), newest first, page by page.
 */
function demoTransfers(
  action: 'tokentx' | 'txlistinternal',
  address: string,
  query: URLSearchParams,
  headTimestamp: number,
): { status: string; message: string; result: unknown } {
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const offset = Math.min(10_000, Math.max(1, Number(query.get('offset') ?? 10) || 10));
  const wanted = page * offset;
  const rows: Record<string, string>[] = [];
  const word = (a: string) => `0x${a.slice(2).padStart(64, '0')}`;
  for (const e of (historyIndex().get(address) ?? []).slice(0, MAX_SCANNED)) {
    if (rows.length >= wanted) break;
    const timeStamp = String(demoBlockTimestamp(e.block, headTimestamp));
    if (action === 'tokentx') {
      const receipt = demoReceiptJson(e.hash, headTimestamp) as { logs?: { address: string; topics: string[]; data: string }[] } | null;
      for (const log of receipt?.logs ?? []) {
        if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || (log.topics[1] !== word(address) && log.topics[2] !== word(address))) continue;
        const from = `0x${log.topics[1]!.slice(26)}`;
        const to = `0x${log.topics[2]!.slice(26)}`;
        rows.push({
          blockNumber: String(e.block),
          timeStamp,
          hash: e.hash,
          from,
          to,
          contractAddress: log.address,
          value: BigInt(log.data === '0x' ? 0 : log.data).toString(),
          tokenName: 'Demo token',
          tokenSymbol: 'DEMO',
          tokenDecimal: '18',
        });
      }
    } else {
      for (const call of demoTrace(e.hash) ?? []) {
        if (call.depth === 0 || call.value === null || BigInt(call.value) === 0n || (call.from !== address && call.to !== address)) continue;
        rows.push({
          blockNumber: String(e.block),
          timeStamp,
          hash: e.hash,
          from: call.from,
          to: call.to,
          value: BigInt(call.value).toString(),
          type: call.type.toLowerCase(),
          isError: '0',
          contractAddress: '',
        });
      }
    }
  }
  const shown = rows.slice((page - 1) * offset, wanted);
  return shown.length === 0 ? { status: '0', message: 'No transactions found', result: [] } : { status: '1', message: 'OK', result: shown };
}
