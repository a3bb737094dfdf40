/**
 * Every id the extension shares with package.json and VS Code, in one typed module: commands (with the
 * arguments each takes, so `command:` links and `executeCommand` calls are type-checked), settings,
 * context keys, views, webview types and storage keys. A unit test checks them against package.json.
 * Pure: no `vscode` import, so view-models may use it too.
 */

export const EXTENSION_ID = 'hyperliquid-explorer.hyperliquid-explorer';
export const SECTION = 'hyperliquidExplorer';

export const Commands = {
  setApiKey: 'hyperliquidExplorer.setApiKey',
  clearApiKey: 'hyperliquidExplorer.clearApiKey',
  tryDemo: 'hyperliquidExplorer.tryDemo',
  useProvider: 'hyperliquidExplorer.useProvider',
  lookUp: 'hyperliquidExplorer.lookUp',
  lookUpBlock: 'hyperliquidExplorer.lookUpBlock',
  openTransaction: 'hyperliquidExplorer.openTransaction',
  watchWallet: 'hyperliquidExplorer.watchWallet',
  unwatchWallet: 'hyperliquidExplorer.unwatchWallet',
  renameWallet: 'hyperliquidExplorer.renameWallet',
  refreshOrders: 'hyperliquidExplorer.refreshOrders',
  cancelRefresh: 'hyperliquidExplorer.cancelRefresh',
  reloadMarkets: 'hyperliquidExplorer.reloadMarkets',
  refreshWallet: 'hyperliquidExplorer.refreshWallet',
  copyOrderId: 'hyperliquidExplorer.copyOrderId',
  copyOrderJson: 'hyperliquidExplorer.copyOrderJson',
  copyAddress: 'hyperliquidExplorer.copyAddress',
  openWalletOnHypurrscan: 'hyperliquidExplorer.openWalletOnHypurrscan',
  openHoverSample: 'hyperliquidExplorer.openHoverSample',
  showLog: 'hyperliquidExplorer.showLog',
  switchNetwork: 'hyperliquidExplorer.switchNetwork',
  chooseProvider: 'hyperliquidExplorer.chooseProvider',
  showProvider: 'hyperliquidExplorer.showProvider',
  openContractFile: 'hyperliquidExplorer.openContractFile',
  showWalletHistory: 'hyperliquidExplorer.showWalletHistory',
  openAddress: 'hyperliquidExplorer.openAddress',
  setEtherscanApiKey: 'hyperliquidExplorer.setEtherscanApiKey',
  readAndSimulate: 'hyperliquidExplorer.readAndSimulate',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/**
 * The arguments each command takes when it is run from code or a link (all are optional: the palette
 * runs every command without any). Commands run on tree items get the item, typed `unknown` here.
 */
export interface CommandArgs {
  [Commands.setApiKey]: [key?: string];
  [Commands.clearApiKey]: [];
  [Commands.tryDemo]: [];
  [Commands.useProvider]: [];
  [Commands.lookUp]: [query?: string];
  [Commands.lookUpBlock]: [block?: number | string];
  [Commands.openTransaction]: [hash?: string];
  [Commands.watchWallet]: [address?: string, label?: string];
  [Commands.unwatchWallet]: [wallet?: unknown];
  [Commands.renameWallet]: [wallet?: unknown, label?: string];
  [Commands.refreshOrders]: [];
  [Commands.cancelRefresh]: [];
  [Commands.reloadMarkets]: [];
  [Commands.refreshWallet]: [wallet?: unknown];
  /** A wallet's tree item or its address. */
  [Commands.showWalletHistory]: [wallet?: unknown];
  [Commands.copyOrderId]: [order?: unknown];
  [Commands.copyOrderJson]: [order?: unknown];
  [Commands.copyAddress]: [wallet?: unknown];
  [Commands.openWalletOnHypurrscan]: [wallet?: unknown];
  [Commands.openHoverSample]: [];
  [Commands.showLog]: [];
  [Commands.switchNetwork]: [network?: 'mainnet' | 'testnet'];
  [Commands.chooseProvider]: [preset?: 'chainstack' | 'quicknode' | 'public' | 'custom'];
  [Commands.showProvider]: [];
  /** A file of the workspace's contract index (its URI); any other file is refused. */
  [Commands.openContractFile]: [uri?: string];
  [Commands.openAddress]: [address?: string];
  [Commands.setEtherscanApiKey]: [];
  /** A contract's address (Read & Simulate opens its page), or an artifact file's URI (the Explorer's context menu; the address is asked). */
  [Commands.readAndSimulate]: [target?: unknown];
}

/** A command and its arguments, as a hover or tooltip link carries them. */
export interface CommandLink<C extends CommandId = CommandId> {
  command: C;
  args?: CommandArgs[C];
}

/** The `command:` URI of a link: the arguments travel as URL-encoded JSON. */
export function commandUri<C extends CommandId>(command: C, ...args: CommandArgs[C]): string {
  return uriOf(command, args);
}

/** The `command:` URI of a link made earlier with its arguments checked (`CommandLink`). */
export function commandLinkUri(link: CommandLink): string {
  return uriOf(link.command, link.args ?? []);
}

function uriOf(command: CommandId, args: readonly unknown[]): string {
  return args.length ? `command:${command}?${encodeURIComponent(JSON.stringify(args))}` : `command:${command}`;
}

/** Setting names below the `hyperliquidExplorer` section. */
export const Settings = {
  baseUrl: 'baseUrl',
  evmPath: 'evmPath',
  wallets: 'wallets',
  explorerUrl: 'explorerUrl',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  /** While Open Orders is visible or a page is open, a request after 20 s idle keeps the provider's connection open. */
  keepConnectionsWarm: 'keepConnectionsWarm',
  autoRefreshSeconds: 'autoRefreshSeconds',
  /** The provider's requests per second for Open Orders (0: the preset's default). */
  providerRequestsPerSecond: 'providerRequestsPerSecond',
  ordersShowDistanceFromMid: 'orders.showDistanceFromMid',
  ordersNotifyOnFill: 'orders.notifyOnFill',
  /** Watched wallets follow Hyperliquid's WebSocket (with the wallet-data permission). */
  ordersLiveUpdates: 'orders.liveUpdates',
  ordersLiveNotifications: 'orders.liveNotifications',
  hover: 'hover',
  hoverEnabled: 'hover.enabled',
  hoverLanguages: 'hover.languages',
  /** The network shown: `mainnet` or `testnet`. */
  network: 'network',
  /** Mainnet's provider preset (`auto`: from the base URL). The unprefixed provider settings are mainnet's. */
  provider: 'provider',
  publicMarketData: 'publicApi.marketData',
  publicWalletData: 'publicApi.walletData',
  publicInfoUrl: 'publicApi.infoUrl',
  publicEvmUrl: 'publicApi.evmUrl',
  testnetProvider: 'testnet.provider',
  testnetBaseUrl: 'testnet.baseUrl',
  testnetEvmPath: 'testnet.evmPath',
  testnetExplorerUrl: 'testnet.explorerUrl',
  testnetWallets: 'testnet.wallets',
  testnetPublicMarketData: 'testnet.publicApi.marketData',
  testnetPublicWalletData: 'testnet.publicApi.walletData',
  testnetPublicInfoUrl: 'testnet.publicApi.infoUrl',
  testnetPublicEvmUrl: 'testnet.publicApi.evmUrl',
  transactionsDecodeHyperCore: 'transactions.decodeHyperCore',
  contractsEnabled: 'contracts.enabled',
  /** Where an address's history comes from when the node does not serve Otterscan's search: `blockscout`, `etherscan` or `off`. */
  historyExplorer: 'history.explorer',
  historyBlockscoutUrl: 'history.blockscoutUrl',
  /** Whether an address may be sent to that explorer (mainnet; asked once). */
  historyExplorerPermission: 'history.explorerPermission',
  /** A status bar item with the chain's latest block, pushed by `eth_subscribe` where served (off by default). */
  blocksStatusBar: 'blocks.statusBar',
} as const;

export type SettingName = (typeof Settings)[keyof typeof Settings];

/**
 * Each network's own settings. Mainnet's are the settings from before networks existed (the key, base
 * URL, EVM path, explorer and wallets a user already had are mainnet's, with nothing to migrate);
 * testnet's are the same names under `testnet.`.
 */
export const NetworkSettings = {
  mainnet: {
    provider: Settings.provider,
    baseUrl: Settings.baseUrl,
    evmPath: Settings.evmPath,
    explorerUrl: Settings.explorerUrl,
    wallets: Settings.wallets,
    publicInfoUrl: Settings.publicInfoUrl,
    publicEvmUrl: Settings.publicEvmUrl,
    publicMarketData: Settings.publicMarketData,
    publicWalletData: Settings.publicWalletData,
  },
  testnet: {
    provider: Settings.testnetProvider,
    baseUrl: Settings.testnetBaseUrl,
    evmPath: Settings.testnetEvmPath,
    explorerUrl: Settings.testnetExplorerUrl,
    wallets: Settings.testnetWallets,
    publicInfoUrl: Settings.testnetPublicInfoUrl,
    publicEvmUrl: Settings.testnetPublicEvmUrl,
    publicMarketData: Settings.testnetPublicMarketData,
    publicWalletData: Settings.testnetPublicWalletData,
  },
} as const;

/** The full id of a setting, as `affectsConfiguration` and the Settings editor take it. */
export function settingId(name: SettingName): string {
  return `${SECTION}.${name}`;
}

/** Context keys set with `setContext` and read in package.json's `when` clauses. */
export const ContextKeys = {
  connected: 'hyperliquidExplorer.connected',
  demoActive: 'hyperliquidExplorer.demoActive',
  /** An Open Orders refresh is under way (Cancel Refresh shows). */
  refreshing: 'hyperliquidExplorer.refreshing',
} as const;

export const Views = {
  openOrders: 'hyperliquidExplorer.openOrders',
} as const;

export const WebviewTypes = {
  block: 'hyperliquidExplorer.block',
  transaction: 'hyperliquidExplorer.transaction',
  walletHistory: 'hyperliquidExplorer.walletHistory',
  address: 'hyperliquidExplorer.address',
  simulation: 'hyperliquidExplorer.simulation',
} as const;

export const StatusBarItems = {
  demo: 'hyperliquidExplorer.demo',
  network: 'hyperliquidExplorer.network',
  latestBlock: 'hyperliquidExplorer.latestBlock',
} as const;

/** Keys in SecretStorage and globalState. */
export const StorageKeys = {
  /** Mainnet's key from before keys were bound to an origin (moved to `keyOrigin.ts`'s entries on first read). */
  apiKey: 'hyperliquidExplorer.apiKey',
  testnetApiKey: 'hyperliquidExplorer.apiKey.testnet',
  /** The origins that hold a key in SecretStorage, per network (not secret: where keys are, never a key). */
  keyOrigins: 'hyperliquidExplorer.keyOrigins',
  /** The networks whose key from before keys had an origin was looked for (and moved, if there was one). */
  legacyKeysLookedFor: 'hyperliquidExplorer.legacyKeysLookedFor',
  demoActive: 'hyperliquidExplorer.demoActive',
  /** The one recent-lookups list (Look Up… and Look Up Block); the older `recentBlocks` key is no longer read. */
  recentLookUps: 'hyperliquidExplorer.recentLookUps',
  /** Open Orders' market data (dex list, spot pairs, dex units) with its age, per provider, kept across window reloads. */
  marketData: 'hyperliquidExplorer.marketData',
  /** The Etherscan API v2 key, in SecretStorage (an address's history, when Etherscan is the explorer chosen). */
  etherscanApiKey: 'hyperliquidExplorer.etherscanApiKey',
} as const;
