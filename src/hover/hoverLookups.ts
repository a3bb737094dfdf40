/** The hovers' lookups for one set of provider clients (one per kind of token), made and dropped together. */
import { AddressLookup, type AddressSource } from './addressLookup';
import { BlockLookup, type BlockSource } from './blockLookup';
import { TransactionLookup, type TransactionSource } from './transactionLookup';

export class HoverLookups {
  readonly blocks: BlockLookup;
  readonly transactions: TransactionLookup;
  readonly addresses: AddressLookup;

  constructor(evm: BlockSource & TransactionSource & AddressSource) {
    this.blocks = new BlockLookup(evm);
    this.transactions = new TransactionLookup(evm);
    this.addresses = new AddressLookup(evm);
  }

  dispose(): void {
    this.blocks.dispose();
    this.transactions.dispose();
    this.addresses.dispose();
  }
}
