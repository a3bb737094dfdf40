/**
 * The hovers' data for one set of provider clients (one per kind of token), made and dropped together.
 * Blocks come through the block feature's source of those clients (one cache for page and hover).
 */
import { HoverAddresses, type AddressReader } from './hoverAddresses';
import { HoverBlocks, type BlockReader } from './hoverBlocks';
import { HoverTransactions, type TransactionReader } from './hoverTransactions';

export class HoverData {
  readonly blocks: HoverBlocks;
  readonly transactions: HoverTransactions;
  readonly addresses: HoverAddresses;

  constructor(evm: TransactionReader & AddressReader, blocks: BlockReader) {
    this.blocks = new HoverBlocks(blocks);
    this.transactions = new HoverTransactions(evm);
    this.addresses = new HoverAddresses(evm);
  }

  dispose(): void {
    this.blocks.dispose();
    this.transactions.dispose();
    this.addresses.dispose();
  }
}
