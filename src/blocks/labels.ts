import type { Translate } from '../view/format';
import { commonLabels } from '../view/panelMessages';
import type { BlockLabels } from './protocol';
import type { FeedStatus } from './headsFeed';

/**
 * The webview's words, localized by the host because the webview has no `vscode.l10n`; `{0}` placeholders
 * are filled in by the webview. Pure: the host passes `vscode.l10n` (the calls read `l10n.t('…')`, so
 * l10n tooling finds them), tests pass a stand-in.
 */
export function panelLabels(l10n: { t: Translate }): BlockLabels {
  return {
    ...commonLabels(l10n),
    loading: l10n.t('Loading block {0}…'),
    blockNavigation: l10n.t('Block navigation'),
    previousBlock: l10n.t('Previous Block'),
    nextBlock: l10n.t('Next Block'),
    blockTitle: l10n.t('Block {0}'),
    smallBlock: l10n.t('Small block'),
    bigBlock: l10n.t('Big block'),
    number: l10n.t('Number'),
    hash: l10n.t('Hash'),
    parentHash: l10n.t('Parent hash'),
    openParent: l10n.t('Open the parent block'),
    time: l10n.t('Time'),
    miner: l10n.t('Miner'),
    gasUsed: l10n.t('Gas used'),
    gasUsedOf: l10n.t('{0} of {1} ({2})'),
    baseFee: l10n.t('Base fee'),
    blockSize: l10n.t('Block type'),
    transactionCount: l10n.t('Transactions'),
    totalFees: l10n.t('Total fees'),
    burntFees: l10n.t('Burnt fees'),
    burntFeesNote: l10n.t('HyperEVM burns all transaction fees, priority fees too: the burnt fees are the total fees.'),
    blockReward: l10n.t('Block reward'),
    uncleReward: l10n.t('Uncle reward'),
    issuance: l10n.t('Issuance'),
    extraData: l10n.t('Extra data'),
    transactions: l10n.t('Transactions'),
    noTransactions: l10n.t('This block has no transactions.'),
    systemTxsLeftOut: l10n.t(
      'This provider leaves HyperCore transfers (system transactions) out of its blocks: the transactions and their count here are without them. A provider path that includes them (Chainstack’s and QuickNode’s /nanoreth) shows them.',
    ),
    columnIndex: l10n.t('#'),
    columnHash: l10n.t('Transaction hash'),
    columnFrom: l10n.t('From'),
    columnTo: l10n.t('To'),
    columnValue: l10n.t('Value (HYPE)'),
    columnGas: l10n.t('Gas'),
    columnGasPrice: l10n.t('Gas price (gwei)'),
    columnStatus: l10n.t('Status'),
    columnMethod: l10n.t('Method'),
    columnGasUsed: l10n.t('Gas used'),
    columnFee: l10n.t('Fee (HYPE)'),
    statusFailed: l10n.t('Failed'),
    statusFailedLabel: l10n.t('Failed: the transaction reverted'),
    statusSuccessLabel: l10n.t('Succeeded'),
    gasLimitTooltip: l10n.t('Gas limit: {0}'),
    valueTransfer: l10n.t('plain transfer'),
    failedCount: l10n.t('{0} failed'),
    systemCount: l10n.t('{0} system'),
    summaryLoaded: l10n.t('in the {0} loaded so far'),
    hideSystem: l10n.t('Hide system transactions'),
    contractCreation: l10n.t('contract creation'),
    system: l10n.t('system'),
    systemTooltip: l10n.t('A system transaction: a HyperCore → HyperEVM transfer, with no gas price'),
    loadingRow: l10n.t('Loading…'),
    rowsFailed: l10n.t('Some transactions could not be loaded: {0}'),
    problemNotFound: l10n.t('No such block'),
    problemPruned: l10n.t('This node does not have the block'),
    problemOther: l10n.t('The block could not be loaded'),
    latestBlock: l10n.t('The latest block is {0}.'),
    openLatest: l10n.t('Open Latest Block'),
    transactionsTable: l10n.t('Transactions of this block; scroll with the arrow and page keys'),
    openTransaction: l10n.t('Open the transaction page'),
    followLatest: l10n.t('Follow Latest'),
    followLatestTitle: l10n.t('Show each new block as the chain makes it'),
  };
}

/** What Follow latest says of how new blocks come (`headsFeed.ts`'s status); null while off. */
export function followNote(status: FeedStatus, provider: string, t: Translate): { note: string | null; polled: boolean } {
  switch (status.kind) {
    case 'off':
      return { note: null, polled: false };
    case 'connecting':
      return { note: t('Connecting to {0}’s WebSocket…', provider), polled: false };
    case 'live':
      return { note: t('Following: {0} pushes each new block (eth_subscribe).', provider), polled: false };
    case 'reconnecting':
      return { note: t('The WebSocket dropped: asking for the newest block every 5 seconds until it is back.'), polled: true };
    case 'polled':
      return status.why === 'proxy'
        ? { note: t('An HTTP proxy is set (http.proxy) and WebSockets do not go through it: asking for the newest block every 5 seconds.'), polled: true }
        : { note: t('{0} does not serve eth_subscribe over WebSocket: asking for the newest block every 5 seconds.', provider), polled: true };
  }
}
