/**
 * The two networks the extension shows: HyperEVM mainnet (chain 999) and testnet (chain 998), each with
 * its public endpoints and explorers. Pure data; the settings that override them are read in
 * `platform/settings.ts`, the connection checks the chain id once (`providerRoute.ts`).
 */

export type NetworkId = 'mainnet' | 'testnet';

export const NETWORK_IDS: readonly NetworkId[] = ['mainnet', 'testnet'];

export interface Network {
  readonly id: NetworkId;
  /** The HyperEVM chain id `eth_chainId` answers for this network. */
  readonly chainId: number;
  /** Hyperliquid's own endpoints: no key, limited per IP (the "public" preset, and the public API fallback). */
  readonly publicEvmUrl: string;
  readonly publicInfoUrl: string;
  /** The explorer for blocks, transactions and addresses (`/block/<n>`, `/tx/<hash>`, `/address/<a>`). */
  readonly explorerUrl: string;
  /** Where a wallet's HyperCore activity is shown (its address is appended). */
  readonly walletExplorerUrl: string;
}

/**
 * Sources: chain ids and public endpoints from Hyperliquid's docs and viem's chain definitions; the
 * testnet explorer from Chainlink's and Alchemy's HyperEVM testnet pages (testnet.purrsec.com), the
 * testnet wallet page from Hyperliquid's own testnet app.
 */
export const NETWORKS: Readonly<Record<NetworkId, Network>> = {
  mainnet: {
    id: 'mainnet',
    chainId: 999,
    publicEvmUrl: 'https://rpc.hyperliquid.xyz/evm',
    publicInfoUrl: 'https://api.hyperliquid.xyz/info',
    explorerUrl: 'https://hyperevmscan.io',
    walletExplorerUrl: 'https://hypurrscan.io/address/',
  },
  testnet: {
    id: 'testnet',
    chainId: 998,
    publicEvmUrl: 'https://rpc.hyperliquid-testnet.xyz/evm',
    publicInfoUrl: 'https://api.hyperliquid-testnet.xyz/info',
    explorerUrl: 'https://testnet.purrsec.com',
    walletExplorerUrl: 'https://app.hyperliquid-testnet.xyz/explorer/address/',
  },
};

export function isNetworkId(value: unknown): value is NetworkId {
  return value === 'mainnet' || value === 'testnet';
}

/** The network a chain id belongs to, if it is one of ours. */
export function networkOfChain(chainId: number): Network | undefined {
  return NETWORK_IDS.map((id) => NETWORKS[id]).find((n) => n.chainId === chainId);
}

/** "HyperEVM mainnet (chain 999)": how error messages (English, like every ProviderError) name a chain. */
export function describeChain(chainId: number): string {
  const network = networkOfChain(chainId);
  return network ? `HyperEVM ${network.id} (chain ${chainId})` : `chain ${chainId}`;
}
