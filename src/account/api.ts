/**
 * What the account feature offers other features: the account behind a wallet's orders (positions and
 * margin per perp dex, spot balances, what the address is). Open Orders asks it in the same slot as each
 * dex's orders (`AccountSource`), keeps its snapshots (`mergeAccount`, `diffPositions`), and draws its rows
 * in the wallet's tree, each position with the orders that reduce it (`buildAccountRows`, `protects`).
 */
export { AccountSource, AccountLoad, type AccountApi, type AccountSourceOptions, type RequestCounter, type WalletAccountResult } from './accountSource';
export {
  balancesHeading,
  buildAccountRows,
  diffPositions,
  mergeAccount,
  positionCountText,
  positionKey,
  protects,
  withAccountCounts,
  type AccountRefresh,
  type AccountRow,
  type AccountRows,
  type AccountRowsInput,
  type AccountSnapshot,
  type BalanceRow,
  type DexAccountView,
  type PositionChange,
  type PositionChanges,
  type PositionOrder,
  type PositionOrders,
  type PositionRow,
  type UnreadableRow,
} from './accountViewModel';
