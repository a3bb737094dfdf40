/**
 * The address page's rows and filters: a history transaction as the page shows it (direction, the other
 * side, the method by the workspace's ABIs, exact HYPE), and which rows a filter keeps. Pure: no `vscode`,
 * no DOM (the page script filters with `filterRows` too).
 */
import type { HistoryTransaction, InternalTransfer, TokenTransfer } from '../core/history';
import { dec, isSignedDecimal, sign } from '../core/exactDecimal';
import type { Address, AddressSummary, PerpAccount, SpotState } from '../core/model';
import { formatUnits, groupThousands, weiToHype } from '../core/units';
import { timeAgo, type Translate } from '../view/format';
import { MAX_HYPERCORE_BALANCES, type AddressView, type HistoryRow, type HyperCoreView, type InternalTransferRow, type TokenTransferRow } from './protocol';

/** The workspace's name of a call's method (`to`, the calldata's selector), when it has one. */
export type MethodNamer = (to: string | null, selector: string) => string | undefined;

/** A transaction of `address`'s history as a row. `nowSeconds`: when the row is made (for its age). */
export function toHistoryRow(tx: HistoryTransaction, address: Address, nowSeconds: number, t: Translate, methods?: MethodNamer): HistoryRow {
  const self = address.toLowerCase();
  const from = tx.from === self;
  const to = tx.to === self;
  const direction: HistoryRow['direction'] = tx.to === null && from ? 'create' : from && to ? 'self' : from ? 'out' : 'in';
  const counterparty = direction === 'create' ? tx.created : direction === 'in' ? tx.from : tx.to;
  const named = tx.selector !== '0x' ? methods?.(tx.to, tx.selector) : undefined;
  return {
    hash: tx.hash,
    blockNumber: Number(tx.blockNumber),
    timeIso: tx.timestamp === null ? null : isoSeconds(tx.timestamp),
    timeAgo: tx.timestamp === null ? null : timeAgo(Math.max(0, nowSeconds - Number(tx.timestamp)), t),
    direction,
    counterparty,
    method: named ?? (tx.selector === '0x' ? '' : tx.selector),
    methodNamed: named !== undefined,
    valueHype: weiToHype(tx.value),
    feeHype: tx.fee === null ? null : weiToHype(tx.fee),
    status: tx.status,
  };
}

/** Seconds since the epoch as ISO 8601 in UTC, to the second (`2025-11-21T16:20:05Z`). */
export function isoSeconds(seconds: bigint): string {
  const ms = seconds * 1000n;
  if (ms > 8_640_000_000_000_000n || ms < 0n) return `${seconds} s`;
  return new Date(Number(ms)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The address's own part of the page. */
export function toAddressView(
  summary: AddressSummary,
  extra: {
    nonce: bigint | null;
    codeBytes: number | null;
    name?: { name: string; file: string };
    /** An EIP-1967 proxy's implementation, and the workspace's name for it. */
    implementation?: { address: string; name: string | null };
  },
): AddressView {
  return {
    address: summary.address,
    kind: summary.kind,
    balanceHype: groupThousands(weiToHype(summary.balance)),
    nonce: extra.nonce === null ? null : groupThousands(extra.nonce.toString()),
    codeBytes: extra.codeBytes === null ? null : groupThousands(String(extra.codeBytes)),
    workspaceName: extra.name?.name ?? null,
    workspaceFile: extra.name?.file ?? null,
    implementation: extra.implementation?.address ?? null,
    implementationName: extra.implementation?.name ?? null,
  };
}

/** What the page's filters keep: a direction, failed ones only, one method (`''`: plain transfers; null: any). */
export interface RowFilter {
  direction: 'all' | 'in' | 'out';
  failedOnly: boolean;
  method: string | null;
}

export const NO_FILTER: RowFilter = { direction: 'all', failedOnly: false, method: null };

/** Whether `row` passes `filter`. `out` counts what the address sent (creations and to itself too); `in` what it received (to itself too). */
export function keepsRow(filter: RowFilter, row: HistoryRow): boolean {
  if (filter.direction === 'in' && row.direction !== 'in' && row.direction !== 'self') return false;
  if (filter.direction === 'out' && row.direction === 'in') return false;
  if (filter.failedOnly && row.status !== 'reverted') return false;
  if (filter.method !== null && row.method !== filter.method) return false;
  return true;
}

export function filterRows(rows: readonly HistoryRow[], filter: RowFilter): HistoryRow[] {
  return rows.filter((r) => keepsRow(filter, r));
}

/** The methods among `rows`, for the method filter: each once, in the order first met (`''` for transfers). */
export function methodsOf(rows: readonly HistoryRow[]): string[] {
  return [...new Set(rows.map((r) => r.method))];
}

/** The CSV's columns (stable names, not translated: a file for other programs). */
export const CSV_HEADER = ['time_utc', 'block', 'hash', 'direction', 'counterparty', 'method', 'value_hype', 'fee_hype', 'status'] as const;

/** A row as the CSV's record: ISO time in UTC, exact decimals. */
export function csvRecord(row: HistoryRow): string[] {
  return [
    row.timeIso ?? '',
    String(row.blockNumber),
    row.hash,
    row.direction,
    row.counterparty ?? '',
    row.method,
    row.valueHype,
    row.feeHype ?? '',
    row.status === 'reverted' ? 'failed' : (row.status ?? ''),
  ];
}

/**
 * HyperCore's view of the address from its two answers (either may have failed on its own): the non-zero
 * spot balances by name, and the first perp dex's account value; `none` when both came and hold nothing,
 * `unavailable` (with why) when neither came. `why` turns an error into a sentence (redacted).
 */
export function toHyperCoreView(
  spot: PromiseSettledResult<SpotState>,
  perp: PromiseSettledResult<PerpAccount>,
  why: (e: unknown) => string,
  unit = 'USDC',
): HyperCoreView {
  if (spot.status === 'rejected' && perp.status === 'rejected') return { kind: 'unavailable', note: why(spot.reason) };
  const held = spot.status === 'fulfilled' ? spot.value.balances.filter((b) => isSignedDecimal(b.total) && sign(dec(b.total)) !== 0) : [];
  held.sort((a, b) => (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
  const account = perp.status === 'fulfilled' ? perp.value : undefined;
  const hasAccount =
    account !== undefined && ((isSignedDecimal(account.accountValue) && sign(dec(account.accountValue)) !== 0) || account.positions.length > 0);
  if (held.length === 0 && !hasAccount) {
    // One answer failed and the other holds nothing: what is known is not enough to say "not a user".
    if (spot.status === 'rejected') return { kind: 'unavailable', note: why(spot.reason) };
    if (perp.status === 'rejected') return { kind: 'unavailable', note: why(perp.reason) };
    return { kind: 'none' };
  }
  return {
    kind: 'user',
    accountValue: hasAccount ? `${groupThousands(account.accountValue)} ${unit}` : null,
    positions: account?.positions.length ?? 0,
    balances: held.slice(0, MAX_HYPERCORE_BALANCES).map((b) => ({ coin: b.coin, total: groupThousands(b.total), hold: groupThousands(b.hold) })),
    more: Math.max(0, held.length - MAX_HYPERCORE_BALANCES),
  };
}

/** What every transfer row starts with: its transaction, time, and direction and other side from `address`'s. */
function transferHead(t: { hash: string; timestamp: bigint | null; from: string; to: string | null }, address: Address) {
  const self = address.toLowerCase();
  const direction: 'in' | 'out' | 'self' = t.from === self && t.to === self ? 'self' : t.from === self ? 'out' : 'in';
  return { hash: t.hash, timeIso: t.timestamp === null ? null : isoSeconds(t.timestamp), direction, counterparty: direction === 'in' ? t.from : t.to };
}

/** A token transfer as a row: its direction from `address`'s side, the token by symbol, the amount exact in its units. */
export function toTokenTransferRow(t: TokenTransfer, address: Address): TokenTransferRow {
  return {
    ...transferHead(t, address),
    token: t.symbol || t.name || t.token,
    tokenAddress: t.token,
    amount: t.decimals === undefined ? t.value.toString() : formatUnits(t.value, t.decimals),
  };
}

/** An internal transfer as a row: direction from `address`'s side, the value in exact HYPE. */
export function toInternalTransferRow(t: InternalTransfer, address: Address): InternalTransferRow {
  return { ...transferHead(t, address), valueHype: weiToHype(t.value), type: t.type, failed: t.failed };
}

/** What a page of transfers added to those held, and whether the list has ended. */
export interface TransfersAppended<T> {
  rows: T[];
  added: number;
  /** The page added nothing new though it had rows (the explorer repeats or loops its pages), or the cap is reached. */
  ended: boolean;
}

/**
 * Appends a page of transfer rows to those held: a row already held (same transaction, sides, token and
 * amount) is not shown twice, and no more than `cap` are kept, however long the page. Rows repeated
 * within one page stay (one transaction may move the same amount twice).
 */
export function appendTransfers<T extends TokenTransferRow | InternalTransferRow>(held: readonly T[], page: readonly T[], cap: number): TransfersAppended<T> {
  const seen = new Set(held.map(transferKey));
  const rows = held.slice(0, cap);
  let added = 0;
  for (const row of page) {
    if (rows.length >= cap) break;
    if (seen.has(transferKey(row))) continue;
    rows.push(row);
    added++;
  }
  for (const row of rows.slice(held.length)) seen.add(transferKey(row));
  return { rows, added, ended: rows.length >= cap || (page.length > 0 && added === 0) };
}

function transferKey(r: TokenTransferRow | InternalTransferRow): string {
  return 'tokenAddress' in r
    ? `${r.hash}|${r.direction}|${r.counterparty ?? ''}|${r.tokenAddress}|${r.amount}`
    : `${r.hash}|${r.direction}|${r.counterparty ?? ''}|${r.type ?? ''}|${r.valueHype}|${r.failed}`;
}
