/**
 * Addresses for hovers, through one provider connection, in the hovers' shared answers: whether there is
 * code at the address, and its HYPE balance, kept a few seconds (a balance changes with every block).
 * EVM only (`eth_getCode`, `eth_getBalance`): a hover never costs a HyperCore request. Pure.
 */
import type { Address, AddressSummary } from '../core/model';
import { SharedAnswers, type SharedAnswersOptions } from './sharedAnswers';

/** What it needs from the EVM client. */
export interface AddressReader {
  getAddressSummary(address: Address, signal?: AbortSignal): Promise<AddressSummary>;
}

/** How long a balance is shown again without asking. */
export const ADDRESS_KEEP_MS = 15_000;

export class HoverAddresses {
  private readonly addresses: SharedAnswers<Address, AddressSummary>;

  constructor(
    readonly source: AddressReader,
    options: Omit<SharedAnswersOptions<AddressSummary>, 'keepMs'> = {},
  ) {
    this.addresses = new SharedAnswers((address, signal) => source.getAddressSummary(address, signal), { ...options, keepMs: () => ADDRESS_KEEP_MS });
  }

  peek(address: Address): AddressSummary | undefined {
    return this.addresses.peek(address);
  }

  find(address: Address, signal?: AbortSignal): Promise<AddressSummary> {
    return this.addresses.find(address, signal);
  }

  dispose(): void {
    this.addresses.dispose();
  }
}
