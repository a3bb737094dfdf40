// The demo wallets alone, so the extension can list them without loading the demo node's order data.

export type DemoWalletKind = 'marketMaker' | 'whale' | 'empty';

export interface DemoWallet {
  /** Lowercase `0x` + 40 hex. */
  address: string;
  label: string;
  kind: DemoWalletKind;
  /** The perp dexs it has orders on (`""` = the first perp dex, which also carries spot orders). */
  dexes: readonly string[];
}

export const DEMO_WALLETS: readonly DemoWallet[] = [
  { address: '0x3217cce5d8c320717e50df51e36008fef107018c', label: 'Demo market maker', kind: 'marketMaker', dexes: ['', 'xyz'] },
  { address: '0xc99eea773b67463c280018cecaf551ab8bc6430c', label: 'Demo whale (5,000 orders)', kind: 'whale', dexes: [''] },
  { address: '0xf1b863cde0f6aa08539b107738150025b79ef185', label: 'Demo empty wallet', kind: 'empty', dexes: [] },
];

/**
 * An API (agent) wallet of the demo market maker: it signs orders for the maker and has none of its own;
 * `userRole` names the maker as its master. Not listed with the demo wallets: watch it to see the offer.
 */
export const DEMO_AGENT_WALLET = {
  address: '0x770b0c1aea4324889c7a3cb02eca6913a86d40cc',
  label: 'Demo API wallet',
  master: DEMO_WALLETS[0]!.address,
} as const;
