/**
 * A Foundry script's transactions, from its broadcast file (`broadcast/<Script>/<chainId>/run-latest.json`,
 * or `…/dry-run/run-latest.json` for a run that was not broadcast): each one's sender, target (none for a
 * creation), calldata and value, in the order the script made them. The file is the workspace's, so
 * untrusted: its size is capped, its shape checked by a schema, and what does not fit is left out with
 * the reason. Pure.
 */
import * as v from 'valibot';
import { HEX_BYTES, HEX_QUANTITY, isAddress } from '../core/hex';
import type { Address } from '../core/model';
import type { Translate } from '../core/translate';

/** The largest broadcast file read (Foundry writes every receipt into it: big scripts are a few MB). */
export const MAX_BROADCAST_BYTES = 16 * 1024 * 1024;
/** The most transactions listed and simulated from one file. */
export const MAX_SCRIPT_TRANSACTIONS = 200;

export interface ScriptTransaction {
  /** Its place in the script, from 1. */
  index: number;
  kind: 'CALL' | 'CREATE' | 'CREATE2';
  from: Address | null;
  /** null: a creation (CREATE); CREATE2 goes to the deployer contract, as Foundry sends it. */
  to: Address | null;
  data: `0x${string}`;
  value: bigint;
  /** What Foundry says it called or created: `Counter`, `setNumber(uint256)` (cut to 200 characters). */
  contractName: string | null;
  contractAddress: Address | null;
  function: string | null;
}

export interface BroadcastScript {
  /** `Deploy.s.sol`. */
  script: string;
  chainId: number;
  dryRun: boolean;
  transactions: ScriptTransaction[];
  /** More than `MAX_SCRIPT_TRANSACTIONS`: only the first ones are listed. */
  cut: boolean;
}

const PATH = /(?:^|\/)broadcast\/([^/]{1,200})\/(\d{1,12})\/(dry-run\/)?run-(?:latest|\d{1,20})\.json$/;

/** The script, chain and dry-run flag a broadcast file's path says (`/`-separated), or undefined for another file. */
export function broadcastPath(path: string): { script: string; chainId: number; dryRun: boolean } | undefined {
  const m = PATH.exec(path);
  return m ? { script: m[1]!, chainId: Number(m[2]), dryRun: m[3] !== undefined } : undefined;
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const address = v.pipe(
  v.string(),
  v.check((x: string) => isAddress(x)),
);
const hexBytes = v.pipe(v.string(), v.regex(HEX_BYTES), v.maxLength(2 + 2 * 128 * 1024));
const quantity = v.pipe(v.string(), v.regex(HEX_QUANTITY));
const transaction = v.object({
  transactionType: v.picklist(['CALL', 'CREATE', 'CREATE2']),
  contractName: v.optional(v.nullable(text(200))),
  contractAddress: v.optional(v.nullable(address)),
  function: v.optional(v.nullable(v.string())),
  transaction: v.object({
    from: v.optional(v.nullable(address)),
    to: v.optional(v.nullable(address)),
    value: v.optional(v.nullable(quantity)),
    input: v.optional(v.nullable(hexBytes)),
    data: v.optional(v.nullable(hexBytes)),
  }),
});
const broadcast = v.object({ transactions: v.array(v.unknown()) });

/**
 * The transactions of the broadcast file at `path` with contents `content`; an error (for the person) when
 * it is too big, not JSON, or not a broadcast file. A transaction of another shape is an error too: a
 * script simulated in order must not silently lose a step.
 */
export function readBroadcast(path: string, content: string, t: Translate): { ok: true; script: BroadcastScript } | { ok: false; error: string } {
  const where = broadcastPath(path);
  if (!where) return { ok: false, error: t('This is not a Foundry broadcast file (broadcast/<script>/<chain id>/run-latest.json).') };
  if (content.length > MAX_BROADCAST_BYTES) return { ok: false, error: t('The broadcast file is larger than {0} MB.', MAX_BROADCAST_BYTES / 1024 / 1024) };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, error: t('The broadcast file is not valid JSON.') };
  }
  const top = v.safeParse(broadcast, json);
  if (!top.success) return { ok: false, error: t('The broadcast file has no list of transactions.') };
  const all = top.output.transactions;
  if (all.length === 0) return { ok: false, error: t('The broadcast file lists no transactions.') };
  const transactions: ScriptTransaction[] = [];
  for (const [i, raw] of all.slice(0, MAX_SCRIPT_TRANSACTIONS).entries()) {
    const parsed = v.safeParse(transaction, raw);
    if (!parsed.success) return { ok: false, error: t('Transaction {0} of the broadcast file is not of the shape Foundry writes.', i + 1) };
    const tx = parsed.output;
    const data = (tx.transaction.input ?? tx.transaction.data ?? '0x').toLowerCase() as `0x${string}`;
    const to = tx.transaction.to ? lower(tx.transaction.to) : null;
    if (tx.transactionType !== 'CREATE' && to === null)
      return { ok: false, error: t('Transaction {0} of the broadcast file is a call without a target.', i + 1) };
    const fn = typeof tx.function === 'string' && tx.function !== '' ? tx.function.slice(0, 200) : null;
    transactions.push({
      index: i + 1,
      kind: tx.transactionType,
      from: tx.transaction.from ? lower(tx.transaction.from) : null,
      to: tx.transactionType === 'CREATE' ? null : to,
      data,
      value: BigInt(tx.transaction.value ?? '0x0'),
      contractName: tx.contractName ?? null,
      contractAddress: tx.contractAddress ? lower(tx.contractAddress) : null,
      function: fn,
    });
  }
  return { ok: true, script: { ...where, transactions, cut: all.length > MAX_SCRIPT_TRANSACTIONS } };
}

function lower(a: string): Address {
  return a.toLowerCase() as Address;
}
