/** What a transaction hover says, as plain data (`hoverContent.ts` makes it Markdown). Pure (no vscode). */
import type { Hash } from '../core/model';
import { groupThousands, weiToHype } from '../core/units';
import { Commands } from '../ids';
import { formatFees, shortHash, type Translate } from '../view/format';
import { failedHoverContent, type HoverContent, type HoverLink } from './hoverContent';
import type { TransactionSummary } from './hoverTransactions';
import { namedAddress, type NameLookup } from './workspaceNames';

/** Status, block and position, from → to, value and fee, and the links to the transaction page and its block. */
export function transactionHoverContent(tx: TransactionSummary, t: Translate, names?: NameLookup): HoverContent {
  const lines = [statusLine(tx, t)];
  if (tx.blockNumber !== null) {
    const block = groupThousands(tx.blockNumber.toString());
    lines.push(tx.transactionIndex === null ? t('Block: {0}', block) : t('Block: {0}, position {1}', block, groupThousands(String(tx.transactionIndex))));
  }
  const to = tx.to ? namedAddress(tx.to, names) : tx.created ? t('new contract {0}', namedAddress(tx.created, names)) : t('new contract');
  lines.push(t('From {0} → {1}', namedAddress(tx.from, names), to));
  lines.push(t('Value: {0} HYPE', groupThousands(weiToHype(tx.value))));
  if (tx.fee !== undefined) lines.push(t('Fee: {0} HYPE', formatFees(tx.fee)));
  const links: HoverLink[] = [{ title: t('Open transaction'), command: Commands.openTransaction, args: [tx.hash] }];
  if (tx.blockNumber !== null && tx.blockNumber <= BigInt(Number.MAX_SAFE_INTEGER)) {
    links.push({ title: t('Open block'), command: Commands.lookUpBlock, args: [Number(tx.blockNumber)] });
  }
  return { title: transactionTitle(tx.hash, t), lines, links };
}

/** A hash we could not check (the node failed): say so, since it may or may not be a transaction. */
export function transactionErrorHoverContent(hash: Hash, message: string, t: Translate): HoverContent {
  return failedHoverContent(t('Hash {0}', shortHash(hash)), (m) => t('Could not check for a transaction with this hash: {0}', m), message);
}

function transactionTitle(hash: Hash, t: Translate): string {
  return t('Transaction {0}', shortHash(hash));
}

function statusLine(tx: TransactionSummary, t: Translate): string {
  switch (tx.status) {
    case 'success':
      return t('Status: succeeded');
    case 'reverted':
      return t('Status: failed (reverted)');
    case 'pending':
      return t('Status: pending (not in a block yet)');
    default:
      return t('Status: unknown (no receipt)');
  }
}
