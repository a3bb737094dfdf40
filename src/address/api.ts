/** What the address feature offers other features: its page (Look Up opens it for an address). */
export { showAddressPage } from './openAddressCommand';
export type { AddressResult } from './addressPanel';
