/** The hovers' data for one set of provider clients (one per kind of token), made and dropped together. */
import { HoverAddresses, type AddressReader } from './hoverAddresses';
import { HoverBlocks, type BlockReader } from './hoverBlocks';
import { HoverTransactions, type TransactionReader } from './hoverTransactions';

export class HoverData {
  readonly blocks: HoverBlocks;
  readonly transactions: HoverTransactions;
  readonly addresses: HoverAddresses;

  constructor(evm: BlockReader & TransactionReader & AddressReader) {
    this.blocks = new HoverBlocks(evm);
    this.transactions = new HoverTransactions(evm);
    this.addresses = new HoverAddresses(evm);
  }

  dispose(): void {
    this.blocks.dispose();
    this.transactions.dispose();
    this.addresses.dispose();
  }
}
